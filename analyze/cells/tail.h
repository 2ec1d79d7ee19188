/* analyze/cells/tail.h: tails compared: per matrix category, each pair of subjects' p50
 * and p99 latency, paired by cycle on the log scale (the runs' own percentiles), with the
 * throughput comparisons' machinery: moderated variances (a prior per percentile),
 * Bonferroni within the category, and the tail leader (the lowest pooled percentile)
 * judged in its family by Holm's step-down (analyze/cells/leader_rule.h). Only supported
 * percentiles (analyze/stats/pctci.h: enough pooled requests) are compared or ranked.
 * docs/METHODOLOGY.md, "Tail comparisons". */
#ifndef ANALYZE_TAIL_H
#define ANALYZE_TAIL_H

#include "analyze/cells/compare.h"
#include "analyze/cells/compare_set.h"

/* The compared percentiles: metric names and quantiles. */
#define TAIL_NM 2
extern const char *const tail_metric[TAIL_NM]; /* "p50_ms", "p99_ms" */
extern const double tail_q[TAIL_NM];           /* 0.5, 0.99 */

/* tail_run_pct: run r's own q-quantile of latency (ms): from its histogram (core/hist.h)
 * when it has one, else its summary's p50 / p99 (q 0.5 / 0.99); NaN when neither. */
double tail_run_pct(const struct agg_run *r, double q);

/* tail_pooled: cell c's pooled percentile of metric m (0: p50, 1: p99; ms), NaN when the
 * cell has no value, its conditional writes broke their promise (condcheck_violated) or
 * (supported_only) the percentile is not supported. */
double tail_pooled(const struct agg_cell *c, size_t m, int supported_only);

/* tail_build: a's tail comparisons (every pair of subjects whose cells of a matrix
 * category both have a pooled latency, for each metric; unsupported, without a test, when
 * either side's pooled percentile is not supported) and tail leaders (per category and
 * metric, the subject of lowest supported pooled percentile, judged as throughput leaders
 * are), into a->tail_comparisons, a->tail_leaders, a->tail_prior. Their ratios come out
 * as the percentiles' own (A / B; a leader's versus: the leader's over the other's, below
 * 1 when it is lower). s: room for a cell's runs (compare_scratch_init). -1 when memory
 * runs out (tail_free releases what was made). */
int tail_build(struct aggregate *a, struct compare_scratch *s);

/* tail_verdict: a tail comparison's verdict (docs/METHODOLOGY.md): "unsupported",
 * "untested", "a-lower", "b-lower" (significant in its category) or "no-difference".
 * Static strings. */
const char *tail_verdict(const struct agg_comparison *c);

/* tail_free: what tail_build allocated in a. */
void tail_free(struct aggregate *a);

#endif
