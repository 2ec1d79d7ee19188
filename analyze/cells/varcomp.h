/* analyze/cells/varcomp.h: where a matrix cell's variability is (docs/METHODOLOGY.md, "Where
 * the variability is"): its cycle-to-cycle variance split, on the log scale, into the part
 * the runs' own second-to-second noise explains and the part between cycles. With y_i = ln of
 * valid run i's figure (MiB/s; obj/s for a run that moved no bytes), n >= 2 runs, m_i its
 * kept seconds and sd_i its summary.segments.log_sd:
 *   var_cycles  = sum (y_i - mean y)^2 / (n - 1)
 *   var_within  = sum (m_i - 1) sd_i^2 / sum (m_i - 1)        (runs with a log_sd)
 *   seconds     = those runs' harmonic mean of m_i
 *   var_between = max(0, var_cycles - var_within / seconds)
 *   within_share = min(1, (var_within / seconds) / var_cycles)
 * the one-way random-effects decomposition by moments (a run's figure averages its seconds,
 * whose noise adds var_within / m to its variance when seconds are independent). More cycles
 * divide both parts; longer runs only the within part, so within_share is the most of a
 * cell's variance longer runs could take off. */
#ifndef ANALYZE_VARCOMP_H
#define ANALYZE_VARCOMP_H

#include <stddef.h>

#include "analyze/cells/aggregate.h"

/* varcomp_cell: the components of n runs: fig[i] their figures (> 0), m[i] their kept
 * seconds and sd[i] their log_sd (NaN: none) into *v (v->on 0 when n < 2, a figure is
 * not above 0, or no run has a log_sd and m >= 2). */
void varcomp_cell(const double *fig, const double *m, const double *sd, size_t n,
		  struct agg_varcomp *v);

/* varcomp_build: every matrix cell's var from its valid runs' summaries. -1 when memory
 * runs out. */
int varcomp_build(struct aggregate *a);

#endif
