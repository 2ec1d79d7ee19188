/* analyze/read/campcmp.h: do two DATA_DIRs measure the same matrix? (docs/METHODOLOGY.md,
 * "Vantages": the merge rule). Their campaign.ini files are compared section by section: every
 * key of [matrix], [list], [head], [delete] and [workload ...] sections, [campaign] cycles,
 * and the [subject ID] sections present (not their keys: a vantage may reach a subject by
 * another endpoint). Values are compared as written, blanks around commas ignored. */
#ifndef ANALYZE_CAMPCMP_H
#define ANALYZE_CAMPCMP_H

#include "core/err.h"

/* campcmp_matrix: 0 when DIR_A/campaign.ini and DIR_B/campaign.ini measure the same matrix;
 * 1 with e naming the first difference (the file, section and key, and both values), in
 * the order of DIR_A's file, then the keys only DIR_B's file has; -1 with a message naming
 * the file when one cannot be read or parsed. */
int campcmp_matrix(const char *dir_a, const char *dir_b, struct err *e);

#endif
