/* analyze/pipeline_int.h: what the two halves of the analyze stage share: the state of one
 * analysis (pipeline.c reads and builds it; pipeline_write.c writes what it holds). Private
 * to analyze/pipeline*.c. */
#ifndef ANALYZE_PIPELINE_INT_H
#define ANALYZE_PIPELINE_INT_H

#include "analyze/cells/aggregate.h"
#include "analyze/cells/hedge_cells.h"
#include "analyze/cells/slowest.h"
#include "analyze/cells/timeseries.h"
#include "analyze/cells/vantage.h"
#include "analyze/history/baseline.h"
#include "analyze/history/history.h"
#include "analyze/out/out.h"
#include "analyze/pipeline.h"
#include "analyze/read/consistlog.h"
#include "analyze/read/plantsv.h"
#include "analyze/read/probelog.h"
#include "analyze/read/runlog.h"
#include "analyze/read/scan.h"
#include "analyze/read/serverlog.h"
#include "analyze/warp/warp.h"

struct state {
	struct scan_list scan;
	struct scan_campaign camp;
	struct runlog *logs;
	size_t n_logs;
	struct out_unreadable *bad;
	char **bad_msgs; /* owns bad[i].error (n_bad strings) */
	size_t n_bad;
	int problems;           /* unreadable files and --recompute disagreements */
	struct warpdir_map map; /* Warp result files: the --warp-map */
	struct warpdir_result warp;
	int warp_mode;            /* DATA_DIR holds Warp result files */
	struct ts_list ts;        /* aggregate.json "timeseries" (own logs only) */
	struct hedge_list hedge;  /* --hedge: aggregate.json "hedge" */
	struct slow_list slowest; /* aggregate.json "slowest" (own logs only) */
	struct serverlog srv;     /* --server-log: the servers' records of requests */
	struct plantsv plan;      /* DATA_DIR/plan.tsv's rows (own logs only) */
	struct probelog probe;    /* DATA_DIR/probe.json: aggregate.json "support" */
	/* a merge of vantages (analyze DIR1 DIR2 ...): the other DATA_DIRs' states, their runs
	 * moved into this one; the vantages' names (owned), where each came from, the tests */
	struct state *more;
	size_t n_more;
	char **vnames;
	const char **vfrom;
	struct vantage_set vant;
	struct consistlog cons; /* DATA_DIR/consistency.json: aggregate.json "staleness" */
};

/* pipeline_write_all (pipeline_write.c): every results file of st's aggregate a into a
 * staging directory (aggregate.json with its claims, cells.csv, runs.csv; with --history the
 * history's record and trend.json; with --metrics the metrics; manifest.json last), then all
 * moved into RESULTS_DIR together (core/fsutil.h fs_stage): on a failure the earlier results
 * stay as they were, and e says so (with the free space) after the cause was printed. 0 or
 * -1. */
int pipeline_write_all(const struct state *st, const struct pipeline_opts *o,
		       const struct aggregate *a, const struct baseline *base,
		       const struct history_trend_opts *t, struct err *e);

#endif
