/* analyze/cells/pool.h: pooled latency: the percentiles of ALL requests of a cell's valid
 * runs, from the runs' histograms (core/hist.h) merged (a run.json without them gets
 * them from its per-request log: analyze/read/reqlog.h).
 *
 * Source of a cell's pooled figures (docs/METHODOLOGY.md, "Pooled latency"):
 *   "histogram"  every valid run that has the figure has a histogram: they are merged
 *                and p50 / p90 / p99 / p99.9 / max / the quantile list read from it;
 *   "runs"       some valid run has no histogram (an old run.json without ops.tsv.zst,
 *                or Warp JSON input): the mean of the runs' own p50 / p90 / p99, the
 *                highest max, no p99.9 and no quantiles (labelled so in the output);
 *   none         no valid run has the figure (pooled is null).
 *
 * Each of p50, p90, p99, p99.9 also says whether the pooled requests can bound it and,
 * from histograms, its 95 % interval (analyze/stats/pctci.h: docs/METHODOLOGY.md,
 * "Percentile intervals"). */
#ifndef ANALYZE_POOL_H
#define ANALYZE_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/summary.h"

#define POOL_NQ 18

/* The quantiles of the CDF list: 0, 0.01, 0.05, 0.1 ... 0.9, 0.95, 0.99, 0.995, 0.999,
 * 0.9999, 1. */
extern const double pool_q[POOL_NQ];

/* The percentiles that get an interval: p50, p90, p99, p99.9 (pool_pct[i]). */
#define POOL_NP 4
extern const double pool_pct[POOL_NP];

/* One percentile's interval (ms). */
struct agg_pct_ci {
	int supported;   /* the pooled requests can bound it (pctci_supported) */
	double lo, hi;   /* its 95 % interval; NaN: none (not supported, or source "runs") */
	double coverage; /* the order-statistic part's exact coverage; NaN: none */
	size_t runs;     /* runs behind the cycles' part (0: fewer than 2, within only) */
};

enum pool_source {
	POOL_NONE,
	POOL_HIST,
	POOL_RUNS
};

struct agg_pooled {
	enum pool_source source;
	double p50, p90, p99, p999, max; /* ms; p999 NaN for POOL_RUNS */
	uint64_t requests;               /* requests the figures are over */
	double q[POOL_NQ];               /* ms at pool_q[i]; POOL_HIST only */
	struct agg_pct_ci ci[POOL_NP];   /* p50, p90, p99, p99.9 */
};

struct aggregate;
struct agg_cell;

/* pool_cell: the pooled latency (c->lat_pool) and TTFB (c->ttfb_pool) of cell c, whose
 * valid runs are a->runs[valid[0..k-1]] and whose run means (c->lat, c->ttfb) are
 * already set. -1 with a message only when memory runs out. */
int pool_cell(const struct aggregate *a, struct agg_cell *c, const size_t *valid, size_t k,
	      struct err *e);

#endif
