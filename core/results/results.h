/* core/results/results.h: results/aggregate.json, its one codec (docs/FORMATS.md,
 * "results/aggregate.json", s3bench-aggregate/1.x). analyze computes into these records and
 * writes them (results_write); render and analyze --baseline / --history read them back
 * (results_read): one struct per record, one *_to_json and one *_from_json each, in the
 * file of its record group:
 *   results_head.h      campaign, policy, statistics{}, subjects[], matrix{}, unreadable[]
 *   results_stats.h     a figure's statistics, latency (pooled), consistency[], leaders[],
 *                       leader_counts[], comparisons[], tail_leaders[], timeseries[]
 *   results_hedge.h     hedge[]
 *   results_slowest.h   slowest[]
 *   results_cells.h     cells[] and workload_cells[] (errors, retries, runs), ops[]
 *   results_workload.h  a workload cell's own members, rate_sweeps[]
 *   results_climit.h    client-limit verdicts, a run's client resources and request phases
 *   results_clients.h   client_hosts[], client_balance[]
 *   results_cost.h      a run's or cell's cost, cost[]
 *   results_runs.h      runs[], excluded[]
 *   results_history.h   baseline{}
 *   results_plan.h      planner{} and the cells' and comparisons' needs
 *   results_vantage.h   vantages{}
 *   results_claims.h    claims[]
 *   results_support.h   support[]
 *   results_staleness.h staleness[]
 * and the other results files beside it: results_trend.h (trend.json), results_manifest.h
 * (manifest.json).
 *
 * Conventions of every record: strings are owned by the record, NULL when null in the
 * file; a number null in the file is NAN; a subject is an index of the document's
 * subjects[] (its id in the file); each record has a free function for what it owns. A
 * reader names the field at fault: "FILE: cells[3].mib_s.value: expected a number or null"
 * (core/jread.h). A file of an older 1.x format reads with the later members at their
 * "not in the file" values, said at each. */
#ifndef CORE_RESULTS_H
#define CORE_RESULTS_H

#include <stddef.h>

#include <jansson.h>

#include "core/err.h"
#include "core/results/results_clients.h"
#include "core/results/results_cells.h"
#include "core/results/results_claims.h"
#include "core/results/results_climit.h"
#include "core/results/results_cost.h"
#include "core/results/results_head.h"
#include "core/results/results_hedge.h"
#include "core/results/results_history.h"
#include "core/results/results_plan.h"
#include "core/results/results_runs.h"
#include "core/results/results_slowest.h"
#include "core/results/results_stats.h"
#include "core/results/results_staleness.h"
#include "core/results/results_support.h"
#include "core/results/results_vantage.h"
#include "core/results/results_workload.h"

/* The whole of aggregate.json, in the file's order. */
struct results {
	char *format;    /* "s3bench-aggregate/1.2" (analyze writes S3BENCH_AGGREGATE_FORMAT) */
	char *generated; /* RFC 3339 UTC */
	char *tool_name; /* tool{} (NULL, NULL: absent) */
	char *tool_version;
	char *source;      /* "s3bench", or "warp" for Warp's result files */
	char *warp_engine; /* Warp files: whose figures ("server", ...); NULL: not written */
	struct results_campaign campaign;
	struct results_policy policy;
	int has_statistics; /* statistics{} present (format 1.1) */
	struct results_statistics statistics;
	struct results_subject *subjects;
	size_t n_subjects;
	struct results_matrix matrix;
	struct results_cell *cells;
	size_t n_cells;
	struct results_cell *workload_cells; /* each with its workload set */
	size_t n_workload_cells;
	struct results_sweep *rate_sweeps;
	size_t n_rate_sweeps;
	struct results_oneoff *ops;
	size_t n_ops;
	struct results_consistency *consistency;
	size_t n_consistency;
	struct results_leader *leaders;
	size_t n_leaders;
	struct results_leader_count *leader_counts;
	size_t n_leader_counts;
	struct results_comparison *comparisons; /* throughput's and the tails' (tail set) */
	size_t n_comparisons;
	struct results_leader *tail_leaders; /* each with tail set; absent in the file: none */
	size_t n_tail_leaders;
	struct results_hedge *hedge; /* analyze --hedge's; absent in the file: none */
	size_t n_hedge;
	struct results_slowest *slowest; /* absent in the file: none */
	size_t n_slowest;
	struct results_client_host *client_hosts;
	size_t n_client_hosts;
	struct results_balance *client_balance;
	size_t n_client_balance;
	struct results_series *timeseries;
	size_t n_timeseries;
	struct results_run *excluded; /* excluded[]'s form: fewer members */
	size_t n_excluded;
	struct results_run *runs;
	size_t n_runs;
	struct results_unreadable *unreadable;
	size_t n_unreadable;
	struct results_subject_cost *cost;
	size_t n_cost;
	struct results_support *support; /* the probe's; absent in the file: none */
	size_t n_support;
	struct results_staleness *staleness; /* the consistency probes'; absent: none */
	size_t n_staleness;
	struct results_planner *planner;   /* NULL: not in the file (before the planner) */
	struct results_vantages *vantages; /* NULL: not in the file (one DATA_DIR) */
	int has_claims; /* claims[] present (format 1.2; absent: none, and not written) */
	struct results_claim *claims;
	size_t n_claims;
	struct results_baseline *baseline; /* NULL: not written (no --baseline) */
};

/* results_to_json: doc as aggregate.json holds it (a new reference), or NULL when out of
 * memory or a string is not UTF-8. */
json_t *results_to_json(const struct results *doc);

/* results_from_json: doc (zeroed first) from root, the parsed file; file names it in
 * messages. A format other than s3bench-aggregate/1.x is refused ("format: 's3bench-
 * aggregate/2' is not a known version"). 0, or -1 with e naming the field at fault; what
 * was read stays owned by doc either way (results_free). */
int results_from_json(const json_t *root, const char *file, struct results *doc, struct err *e);

/* results_parse: results_from_json of the JSON text json ("NAME:LINE: not valid JSON: ..."
 * when it does not parse). results_read: the same from the file at path. */
int results_parse(const char *json, const char *name, struct results *doc, struct err *e);
int results_read(const char *path, struct results *doc, struct err *e);

/* results_dump: root as every results file is written (indent 1, keys in insertion order,
 * 15 significant digits) at path, through a temporary name renamed when complete
 * (core/fsutil.h). -1 with a message naming the file (nothing is left behind). */
int results_dump(const json_t *root, const char *path, struct err *e);

/* results_write: doc as aggregate.json at path (results_dump). -1 with a message naming
 * the file. */
int results_write(const struct results *doc, const char *path, struct err *e);

/* results_free: everything doc owns (doc itself is the caller's; zeroed after). */
void results_free(struct results *doc);

#endif
