/* analyze/pipeline.h: the analyze stage end to end, behind bin/analyze's flags
 * (analyze/main.c): read the runs (s3bench's own run.json files, or a directory of
 * Warp result files), label their sizes, recompute or rebuild their summaries from
 * their per-request logs, aggregate them into cells, add the time series, write
 * RESULTS_DIR/aggregate.json, cells.csv, runs.csv and manifest.json (staged, then all
 * moved in together: core/fsutil.h fs_stage), and record the analysis in the history
 * database. Formulas: docs/METHODOLOGY.md; files: docs/FORMATS.md.
 *
 * Use: pipeline_defaults(&o), set the fields from the command line, pipeline_run(&o). */
#ifndef ANALYZE_PIPELINE_H
#define ANALYZE_PIPELINE_H

#include <stddef.h>

#include "analyze/cells/inclusion.h"
#include "analyze/warp/warp.h"
#include "core/climit.h"

struct pipeline_opts {
	const char *data_dir;
	const char *results_dir; /* NULL: DATA_DIR/results */
	enum policy policy;      /* with has_policy; else the campaign's, else mean */
	int has_policy;          /* --policy given */
	int repeat;              /* --repeat: best-of-means' cycles per group; 0: not given */
	size_t min_samples;
	double alpha;     /* significance level of the comparisons; 0: COMPARE_ALPHA_DEFAULT */
	double target_ci; /* --target-ci: the planner's target; 0: PLANNER_TARGET_DEFAULT */
	struct climit_thresholds climit; /* --client-limits; all 0: core/climit.h's defaults */
	int recompute;
	const char *warp_map;         /* --warp-map: DATA_DIR holds Warp result files */
	enum warp_engine warp_engine; /* --warp-engine (analyze/warp/warp_run.h); 0: server */
	const char *prices;           /* --prices FILE[:SECTION]: a Warp DATA_DIR's prices
					 (analyze/read/pricefile.h) */
	const char *baseline;         /* --baseline OLD_RESULTS_DIR */
	const char *history;          /* --history DB */
	double alert_min_change;      /* --alert-min-change; < 0: the campaign's, else 10 % */
	double alert_false_rate;      /* --alert-false-rate; < 0: the campaign's, else 1 % */
	const char *alert_cells;      /* --alert-cells; NULL: the campaign's, else headline */
	const char *sign_key;         /* --sign KEY.pem: manifest.sig (analyze/provenance/sign.h) */
	const char *metrics;          /* --metrics FILE (analyze/out/out.h out_metrics_write) */
	int hedge;                    /* --hedge: what hedging would buy the GET and HEAD cells
					 (analyze/cells/hedge_cells.h), printed */
	const char **server_logs;     /* --server-log FILE...: servers' logs joined to the
					 requests by id (analyze/read/serverlog.h); NULL: none */
	size_t n_server_logs;
	const char *alerts; /* --alerts FILE: the trend's watch and regression lines
					 (analyze/history/history.h history_trend) */
	/* analyze DIR1 DIR2 ... / --vantage NAME=DIR: n_vantages >= 2 DATA_DIRs of one campaign
	 * measured from several places, merged (analyze/cells/vantage.h; data_dir is the first);
	 * names[k] NULL: campaign.vantage of its runs, else the directory's name */
	const char **vantage_dirs, **vantage_names;
	size_t n_vantages;
};

/* pipeline_defaults: *o with no directory and the documented defaults (policy mean,
 * min-samples 1, alpha 0 = COMPARE_ALPHA_DEFAULT of analyze/cells/compare.h, applied once by
 * aggregate_build; nothing else on). */
void pipeline_defaults(struct pipeline_opts *o);

/* pipeline_run: the analysis o asks for; every problem is named on stderr
 * ("analyze: ..."). Returns the exit status of bin/analyze (core/exitcode.h):
 * EXITCODE_OK, all runs read; EXITCODE_PARTIAL, some file unreadable or a recomputed
 * summary disagreed (the rest analyzed and written); EXITCODE_USAGE, a fatal error
 * (nothing complete written). */
int pipeline_run(const struct pipeline_opts *o);

#endif
