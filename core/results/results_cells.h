/* core/results/results_cells.h: the cells of aggregate.json (docs/FORMATS.md,
 * "results/aggregate.json"): one per subject × op × size × concurrency of the matrix
 * (cells[]) and per workload of the mixed, distribution and rate runs (workload_cells[],
 * which add core/results/results_workload.h's record), each with its statistics, latency,
 * failed requests, retries, client-limit verdict, per-cycle runs and cost; and the one-off
 * LIST / HEAD / DELETE figures (ops[]). A subject is an index of the document's
 * subjects[]; a null number is NAN, a null string NULL. */
#ifndef CORE_RESULTS_CELLS_H
#define CORE_RESULTS_CELLS_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/errstat.h"
#include "core/jread.h"
#include "core/results/results_climit.h"
#include "core/results/results_cost.h"
#include "core/results/results_plan.h"
#include "core/results/results_stats.h"
#include "core/results/results_workload.h"

struct results;

/* cells[].runs[]: one cycle's run of the cell. */
struct results_cell_run {
	int cycle; /* 0: null (a run of no cycle: a rate point run once) */
	int included;
	double mib_s, obj_s; /* null when excluded */
};

/* cells[].groups[] (policy best-of-means): a group of policy.repeat consecutive cycles. */
struct results_cell_group {
	int first_cycle, last_cycle;
	int n;               /* its valid runs (complete when policy.repeat) */
	double mib_s, obj_s; /* their means */
};

/* cells[].errors: the failed requests of the cell's valid runs. */
struct results_errors {
	uint64_t requests, failed;
	struct errstat by; /* by HTTP status or transport class (core/errstat.h) */
};

/* cells[].retries: the retries of the cell's runs. */
struct results_retries {
	int max;
	uint64_t requests, retried, attempts;
	double share, per_request;
	struct results_lat first_attempt_ms; /* the first attempts' latency */
};

struct results_cell {
	int subject;
	char *op;
	uint64_t size;
	char *size_label;
	int concurrency;
	int clients, workers_total, client_hosts; /* 1.2; absent: 1, concurrency, 1 */
	char *size_spec, *range;                  /* workload dimensions (1.2) */
	char *hedge;      /* a hedged get's threshold as written ("p95"); NULL: none (absent) */
	char *trace;      /* a replay's trace, its SHA-256; NULL: not a replay (absent) */
	char *trace_name; /* a replay's trace file name; NULL: not a replay (absent) */
	/* a replay's recorded and replayed latencies (docs/FORMATS.md, workload_cells[]
	 * "replay"), kept as the file holds it (owned reference); NULL: absent */
	json_t *replay;
	struct results_mix mix;
	double rate; /* offered req/s; NAN: closed loop */
	int n, expected;
	int below_min_samples;
	struct results_stat mib_s, obj_s;
	struct results_need need; /* cells[] only: the planner's (cycles -1 in workload_cells[]) */
	struct results_lat latency_ms, ttfb_ms; /* with their pooled percentiles */
	struct results_cell_climit client_limit;
	/* the 503 + 429 share of the valid runs' requests (their final answers) and of their
	 * attempts (retried ones included); NAN: left out (no request, or a file written
	 * before they were) */
	double throttled_share, throttled_attempt_share;
	/* the runs excluded because their reads = once objects ran out (class exhausted);
	 * the GETs whose checksum was verified or came without one; the deletes that left a
	 * delete marker on a versioned bucket: each member left out when 0 */
	long long exhausted_runs, checksums_verified, checksums_absent, delete_markers;
	struct results_errors *errors;   /* NULL: none failed (no member) */
	struct results_retries *retries; /* NULL: no retries (no member) */
	struct results_cell_run *runs;
	size_t n_runs;
	struct results_cost cost;
	struct results_wcell *workload;  /* workload_cells[] only; NULL in cells[] */
	double cpu_us_per_request;       /* the client's, mean of the valid runs; NAN: no member */
	struct results_varcomp variance; /* cells[] only: where the variability is */
	struct results_cell_group *groups; /* cells[] under best-of-means; NULL: none (absent) */
	size_t n_groups;
};

/* ops[]: a one-off LIST / HEAD / DELETE benchmark of a subject. */
struct results_oneoff {
	int subject;
	char *op;
	uint64_t size;
	int concurrency, clients, workers_total; /* clients 1.2: 1 when absent */
	long long objects;                       /* -1: null */
	int n, total;
	double obj_s;
	struct results_lat latency_ms, ttfb_ms;
	double seg_median, seg_fastest, seg_slowest; /* segments{}: obj/s */
	double completion_s;
	long long delete_markers; /* deletes that left a delete marker (a versioned bucket);
				     left out when 0 */
	char *dataset;            /* the dataset its runs read (objects: its population);
				     NULL: objects of their own (left out) */
};

/* The functions of each record, as results_head.h says. A cell of workload_cells[]
 * (workload set) writes and reads the members of results_workload.h after its own;
 * results_cell_from_json reads one when wcell is 1. */
json_t *results_cell_to_json(const struct results_cell *c, const struct results *doc);
int results_cell_from_json(struct jread *r, const json_t *o, const char *where, int wcell,
			   struct results_cell *c);
void results_cell_free(struct results_cell *c);

json_t *results_oneoff_to_json(const struct results_oneoff *o, const struct results *doc);
int results_oneoff_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_oneoff *x);
void results_oneoff_free(struct results_oneoff *o);

#endif
