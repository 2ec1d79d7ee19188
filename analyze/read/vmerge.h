/* analyze/read/vmerge.h: the runs of several DATA_DIRs of one campaign, measured from several
 * places, as the runs of one analysis (docs/METHODOLOGY.md, "Vantages"): each run's vantage
 * and path, the vantages' names, and cycle numbers that keep the vantages' cycles apart. */
#ifndef ANALYZE_VMERGE_H
#define ANALYZE_VMERGE_H

#include <stddef.h>

#include "analyze/read/runlog.h"

/* vmerge_append: src[0..ns) moved to the end of *dst (*n entries; reallocated), each run's
 * vantage set to k and its path made DIR/PATH; src's entries are zeroed (the caller's
 * runlog_clear of them is then a no-op). -1 when memory runs out (*dst unchanged). */
int vmerge_append(struct runlog **dst, size_t *n, struct runlog *src, size_t ns, size_t k,
		  const char *dir);

/* vmerge_names: each of the V vantages' name into (*names)[k] (allocated; V strings, the
 * caller frees them with strv_free(*names, V)) and where it came from into (*from)[k]
 * (allocated, static strings): given[k] ("option": --vantage NAME=DIR), else the
 * campaign.vantage of its first run that has one ("campaign.vantage"), else the last
 * component of dirs[k] ("directory"). -1 with a message when two vantages have one name
 * or memory runs out. */
int vmerge_names(const struct runlog *logs, size_t n, const char *const *dirs,
		 const char *const *given, size_t V, char ***names, const char ***from,
		 struct err *e);

/* vmerge_cycles: the matrix runs' cycles renumbered so that no two vantages share one:
 * vantage k's cycle c becomes k C + c, C the most cycles any vantage has (campaign_cycles
 * of its runs, or the highest cycle seen; at least per_dir_max, the campaign.ini cycles).
 * Returns V C, the merged campaign's cycles. */
int vmerge_cycles(struct runlog *logs, size_t n, size_t n_vantages, int per_dir_max);

#endif
