/* analyze/out/out.h: the results files (docs/FORMATS.md): aggregate.json, cells.csv,
 * runs.csv. Each is written to ".NAME.tmp.PID" in its directory and renamed when
 * complete, so a reader never sees half a file. aggregate.json's records and their codec are
 * core/results (core/results/results.h). */
#ifndef ANALYZE_OUT_H
#define ANALYZE_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/timeseries.h"
#include "analyze/cells/vantage.h"
#include "analyze/read/plantsv.h"
#include "core/err.h"
#include "analyze/claims/claims.h"
#include "core/results/results_claims.h"
#include "core/results/results_staleness.h"
#include "core/results/results_support.h"
#include "core/version.h"


/* A run.json that could not be read (named in aggregate.json's "unreadable"). */
struct out_unreadable {
	const char *path; /* relative to DATA_DIR */
	const char *error;
	const struct plantsv_row *planned; /* its row of plan.tsv (analyze/read/plantsv.h); NULL */
};

struct baseline;
struct hedge_list;
struct slow_list;

struct out_meta {
	const char *generated; /* RFC 3339 UTC */
	const char *order;     /* campaign order (interleave, ...) from campaign.ini;
				 * NULL: the run logs' campaign.order */
	const struct out_unreadable *unreadable;
	size_t n_unreadable;
	const char *source;               /* "warp" for Warp result files; NULL: "s3bench" */
	const char *warp_engine;          /* Warp files: whose figures ("server"...); NULL */
	const struct ts_list *timeseries; /* analyze/cells/timeseries.h; NULL: none */
	const struct hedge_list *hedge;   /* --hedge (analyze/cells/hedge_cells.h); NULL: none */
	const struct slow_list *slowest;  /* analyze/cells/slowest.h; NULL: none */
	int server_joined;                /* --server-log: slowest[].server written */
	const struct baseline *baseline; /* --baseline: add "baseline" (analyze/history/baseline.h);
					  * NULL: none */
	size_t baseline_significant;     /* set by out_results_write: significant changes */
	struct claim_list *claims; /* aggregate.json's claims[] (analyze/claims), borrowed; the
				    * change claims of the baseline added at its end */
	struct results_support *support; /* support[] (analyze/read/probelog.h), borrowed */
	size_t n_support;
	const struct vantage_set *vantages;  /* a merge of vantages (analyze/cells/vantage.h);
					       NULL: one DATA_DIR */
	struct results_staleness *staleness; /* staleness[] (analyze/read/consistlog.h),
						borrowed */
	size_t n_staleness;
};

/* out_results_write: aggregate.json for a at `path`, its records (core/results/results.h)
 * assembled from a and m and written by their codec; with m->baseline, the comparison
 * with it (analyze/history/baseline.h). a is only read; of m only baseline_significant is
 * written. Returns -1 with a message naming the file on failure (nothing is left behind). */
int out_results_write(const struct aggregate *a, struct out_meta *m, const char *path,
		      struct err *e);

/* out_csv_cells / out_csv_runs: cells.csv / runs.csv for a at `path` (libcsv
 * quoting; an empty field is "no value"). Same errors as out_results_write. */
int out_csv_cells(const struct aggregate *a, const char *path, struct err *e);
int out_csv_runs(const struct aggregate *a, const char *path, struct err *e);

/* out_hedge_print: `analyze --hedge`'s what-if (analyze/cells/hedge_cells.h) of a's cells
 * on f: per cell "hedge OP SIZE cN SUBJECT: N requests, p95 X ms, p99 X ms, p99.9 X ms,
 * new connection X ms (median of K)" ("-" for a percentile too few requests bound), then
 * per threshold "hedge OP SIZE cN SUBJECT at p95 = T ms: p99 X ms, p99.9 X ms, extra S"
 * (T to the ns, S the share of requests re-sent); a live-hedged cell ("... SUBJECT hedged
 * p95") instead "hedge NAME live at T ms: p99 X ms, p99.9 X ms, extra S (H hedged, D
 * answered by the duplicate); what-if at p95 = T ms: p99 X ms, p99.9 X ms, extra S" (T the
 * runs' mean threshold), or "...; no what-if (...)" when its point has no unhedged cell
 * with one. */
void out_hedge_print(FILE *f, const struct aggregate *a, const struct hedge_list *h);

/* out_metrics_write: --metrics: the headline figures of a at `path` in the Prometheus
 * text exposition format (docs/FORMATS.md "--metrics"): per cell (matrix and workload
 * cells) its throughput with the 95 % interval, pooled p50/p99 latency, failed requests
 * and valid runs, labelled with every dimension that tells cells apart; the one-off
 * benchmarks as their own families; build time and cycles; with trend_json (the path of
 * the trend.json --history wrote; NULL: none) a regression and a watch flag per judged
 * headline cell and the number of alerts the build raised. Written atomically like the
 * others; -1 with a message naming the file. */
int out_metrics_write(const struct aggregate *a, const char *trend_json, const char *path,
		      struct err *e);

#endif
