/* analyze/cells/planner.h: how many cycles a campaign needs to reach a precision target
 * (docs/METHODOLOGY.md, "Planning cycles"). Per matrix cell: the fewest cycles whose 95 %
 * interval of the policy's figure (Student t for the mean; the order-statistic interval
 * for the median, its width from the expected order statistics of normal runs with the
 * cell's SD) is at most target x the figure on either side. Per comparison: the fewest
 * cycles for which its paired test, at its category's Bonferroni level and with the
 * variance it used (moderated when it was), detects a ratio of 1 + target with power 0.8:
 * the leader rule's detectable ratio (compare_detectable_ratio) at most 1 + target. Per
 * matrix op: the most its cells (comparisons) need, the cycles that adds to the campaign's,
 * their hours and cost at the op's measured hours and cost per cycle, and the cells
 * (comparisons) that need the most. The distribution functions are GSL's. */
#ifndef ANALYZE_PLANNER_H
#define ANALYZE_PLANNER_H

#include <stddef.h>

#include "analyze/cells/aggregate.h"

#define PLANNER_TARGET_DEFAULT 0.05 /* --target-ci: half-width / figure */
#define PLANNER_TARGET_MAX 0.5      /* the widest target --target-ci takes */
#define PLANNER_MAX_CYCLES 10000    /* the most cycles a plan names; beyond: PLANNER_BEYOND */
#define PLANNER_BEYOND ((size_t)-1)

/* planner_cycles_mean: the smallest n >= 2 with t_{0.975, n-1} sd / sqrt(n) <=
 * target x mean; PLANNER_BEYOND when n = PLANNER_MAX_CYCLES does not do; 0 when sd is not
 * finite or negative, mean <= 0 or target <= 0. */
size_t planner_cycles_mean(double sd, double mean, double target);

/* planner_cycles_median: the smallest n whose order-statistic interval of the median
 * [x_(k), x_(n+1-k)] (compare_median_rank at 0.95) covers at least 95 % (n >= 6) and
 * whose expected half-width for normal runs of SD sd, by Blom's approximation
 * sd x Phi^-1((n + 0.625 - k) / (n + 0.25)), is at most target x median. The half-width
 * is not monotone in n (k steps), so a larger n can miss where this one met it.
 * PLANNER_BEYOND and 0 as planner_cycles_mean. */
size_t planner_cycles_median(double sd, double median, double target);

/* planner_cycles_ratio: the smallest n >= 3 (pairs of a paired test) with
 * compare_detectable_ratio(sd, n, n - 1 + df_extra, alpha / family, COMPARE_POWER) <=
 * 1 + target: sd the SD of the log differences per cycle, df_extra the degrees of
 * freedom a moderated variance borrows (0: none), family the Bonferroni family.
 * PLANNER_BEYOND as above; 0 when an argument is out of range. */
size_t planner_cycles_ratio(double sd, double df_extra, size_t family, double alpha, double target);

/* planner_build: a->target_ci = target (0 < target <= PLANNER_TARGET_MAX), every matrix
 * cell's and comparison's need and one plan per matrix op in a->plans (allocated here;
 * aggregate_free frees it), on a built aggregate (its comparisons and bills). -1 when memory
 * runs out. */
int planner_build(struct aggregate *a, double target);

/* planner_sequential: a campaign collected with cycles = auto (seq->on): a->seq = *seq
 * (its stopped text borrowed) and, when it stopped on the rule (seq->stopped not NULL),
 * every matrix cell's t interval widened about its value by seqstop_widen(n) of its n
 * cycles (core/seqstop.h): stopping on precision biases the plain interval's coverage.
 * Nothing when seq->on is 0. */
void planner_sequential(struct aggregate *a, const struct agg_sequential *seq);

/* planner_free: what planner_build allocated in a. */
void planner_free(struct aggregate *a);

#endif
