/* core/seqstop.h: the sequential stopping rule of `cycles = auto` (docs/METHODOLOGY.md,
 * "Stopping on precision"). After each complete cycle the collector judges every matrix
 * cell from its cycles' MiB/s: the cell has reached the target when its two-sided 95 %
 * Student t interval of the mean, t_{0.975, n-1} s / sqrt(n), is at most target x the
 * mean (the fixed-width rule of Chow and Robbins 1965, on the relative scale, as the
 * planner's). Stopping when the interval happens to be narrow biases its coverage, so a
 * campaign that stopped on the rule reports each cell's interval widened to the t quantile
 * at SEQSTOP_WIDE_Q (the simulation of tests/tools/seqstop_sim.py: it covers the true mean
 * in at least 95 % of campaigns where the plain interval falls to 89 %). The distribution
 * functions are GSL's. */
#ifndef CORE_SEQSTOP_H
#define CORE_SEQSTOP_H

#include <stddef.h>

#define SEQSTOP_Q 0.975     /* the stopping rule's quantile: the 95 % interval */
#define SEQSTOP_WIDE_Q 0.99 /* the reported interval's after a sequential stop */
#define SEQSTOP_TARGET_MAX 0.5
#define SEQSTOP_MIN_CYCLES 3    /* min_cycles' default */
#define SEQSTOP_MAX_CYCLES 1000 /* the most cycles an auto campaign plans */
#define SEQSTOP_CAP_CYCLES 100  /* max_cycles when only max_cost bounds the campaign */

/* seqstop_halfwidth: the relative half-width t_{0.975, n-1} s / (sqrt(n) mean) of the n
 * values v (s with divisor n - 1), its mean into *mean when mean is not NULL. NaN when
 * n < 2, a value is not finite or the mean is not above 0. v is only read. */
double seqstop_halfwidth(const double *v, size_t n, double *mean);

/* seqstop_met: 1 when seqstop_halfwidth(v, n) is at most target, else 0 (also when it is
 * NaN). */
int seqstop_met(const double *v, size_t n, double target);

/* seqstop_widen: the factor t_{SEQSTOP_WIDE_Q, n-1} / t_{SEQSTOP_Q, n-1} by which a cell's
 * 95 % t interval of n cycles is widened after a sequential stop; 1 when n < 2. */
double seqstop_widen(size_t n);

#endif
