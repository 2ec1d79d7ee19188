/* analyze/cells/compare_set.h: the steps a set of comparisons is made with, for the
 * throughput comparisons (compare_build.c) and the tail comparisons (tail.c) alike: two
 * cells compared on a figure of their runs, a set's variances moderated, a set adjusted
 * within each category. Formulas: docs/METHODOLOGY.md, "Intervals and comparisons". */
#ifndef ANALYZE_COMPARE_SET_H
#define ANALYZE_COMPARE_SET_H

#include "analyze/cells/compare.h"

/* A run's figure that a comparison pairs, higher is better (NaN or <= 0: none); arg is
 * the caller's. */
typedef double (*compare_fig)(const struct agg_run *r, const void *arg);

/* Scratch for comparing two cells: each side's points and the paired values. */
struct compare_scratch {
	int *ca, *cb;
	double *va, *vb, *pa, *pb;
};

/* compare_scratch_init: room for cells of up to n runs; -1 when out of memory (s then
 * empty). compare_scratch_free: release it (also an empty one). */
int compare_scratch_init(struct compare_scratch *s, size_t n);
void compare_scratch_free(struct compare_scratch *s);

/* compare_cells: the comparison of cells x (subject a) and y (subject b) of one category
 * on their valid runs' figure fig (> 0 and finite only): a paired t-test on the log scale
 * over the cycles where both have one when there are at least 3, else Welch's; the
 * adjustments NaN and metric NULL (the caller's). s: room for the cells' runs. */
void compare_cells(const struct aggregate *a, const struct agg_cell *x, const struct agg_cell *y,
		   compare_fig fig, const void *arg, struct compare_scratch *s,
		   struct agg_comparison *out);

/* compare_moderate_set: the paired comparisons of v[0..n-1] redone with their variances
 * moderated toward the prior fitted to them (analyze/stats/squeeze.h), which is *prior. -1
 * when memory runs out. */
int compare_moderate_set(struct agg_comparison *v, size_t n, struct squeeze_prior *prior);

/* compare_adjust_set: single-step Bonferroni within each category of v[0..n-1] (grouped
 * by category and metric): each comparison's family, p_adj, adjusted interval and
 * verdict at family-wise level alpha. Returns the sum of the families. */
size_t compare_adjust_set(struct agg_comparison *v, size_t n, double alpha);

/* compare_same_metric: 1 when metrics x and y (NULL: throughput) are the same. */
int compare_same_metric(const char *x, const char *y);

#endif
