/* analyze/cells/groups.h: the groups of consecutive cycles behind policy best-of-means
 * (docs/METHODOLOGY.md, "Policies"): cycles 1..R are group 1, R+1..2R group 2, and so on
 * (R = the policy's repeat); a group's figure is the mean of its valid runs, and the cell's
 * figure the highest mean of a complete group (one with a valid run in each of its R
 * cycles), as Arvados' keep-exercise reports "4 one-minute runs averaged, repeated 3 times,
 * the highest average kept". */
#ifndef ANALYZE_GROUPS_H
#define ANALYZE_GROUPS_H

#include <stddef.h>

struct agg_group {
	int first, last; /* its cycles, first..last */
	size_t n;        /* its valid runs */
	double mib, obj; /* their mean MiB/s and obj/s; NaN when n is 0 */
};

/* groups_of: the groups of repeat consecutive cycles that the n valid runs of a cell (their
 * cycles cycle[], ascending, > 0, and figures mib[], obj[]) fall in, into *out (malloc'd,
 * the caller frees; NULL with *n_out 0 when n is 0), in cycle order, only groups with at
 * least one valid run; *best_mib and *best_obj: the highest mean of a complete group (n ==
 * repeat), NaN when no group is complete. repeat >= 1. -1 when out of memory. */
int groups_of(const int *cycle, const double *mib, const double *obj, size_t n, int repeat,
	      struct agg_group **out, size_t *n_out, double *best_mib, double *best_obj);

#endif
