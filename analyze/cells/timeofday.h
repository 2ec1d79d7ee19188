/* analyze/cells/timeofday.h: time of day as a measured factor (docs/METHODOLOGY.md, "Time of
 * day"). Per subject, every valid matrix run with a start time (run.json wrapper.started) and
 * a figure above 0 (MiB/s; obj/s when it moved no bytes) in a cell with 2 or more such runs
 * gives a residual r = ln figure - the mean ln figure of its cell, and falls in one of 8
 * three-hour bands of the day by its start: on the provider's clock (wrapper.provider_local's
 * hour) when every such run of the subject names the same zone there, else on UTC. With B bands holding runs, N runs and C
 * cells: the one-way F test of the bands' means, SSB = sum n_b m_b^2 over df1 = B - 1 against
 * SSW = sum r^2 - SSB over df2 = N - C - (B - 1) (the cells' means took C degrees of
 * freedom), p = Q_F(F; df1, df2), judged at 0.05 / the subjects tested (Bonferroni). The
 * lowest band's effect is exp(m_b - m_rest) - 1, m_rest = -n_b m_b / (N - n_b) (the residuals
 * sum to 0), with the 95 % t interval on df2 of se = s sqrt(1/n_b + 1/(N - n_b)), s^2 =
 * SSW / df2; the detectable dip of one band of N / B runs at power 0.8 is 1 - exp(-(t_{1 -
 * alpha/2} + t_{0.8}) s sqrt(B/N + 1/(N - N/B))). */
#ifndef ANALYZE_TIMEOFDAY_H
#define ANALYZE_TIMEOFDAY_H

#include "analyze/cells/aggregate.h"

/* timeofday_build: a->tod, one entry per subject with runs in 2 or more bands and df2 >= 1
 * (planner_free frees it). -1 when memory runs out. */
int timeofday_build(struct aggregate *a);

#endif
