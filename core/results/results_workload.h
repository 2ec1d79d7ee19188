/* core/results/results_workload.h: the workload records of aggregate.json (docs/FORMATS.md,
 * "Workload cells and rate sweeps", format 1.2): what a cell of workload_cells[] adds to a
 * cell (its workload in plain words, its per-op figures, its fixed-rate figures) and the
 * rate sweeps with their points and limit, and the mix of ops a cell, a sweep or a run ran. Absent in older files: no workload cells, no
 * sweeps. */
#ifndef CORE_RESULTS_WORKLOAD_H
#define CORE_RESULTS_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"
#include "core/results/results_climit.h"

struct results;

/* mix: the share of each op of a mixed run ({"get": 45, "put": 15}); present 0: null. */
struct results_mix_part {
	char *op;
	long long weight;
};

struct results_mix {
	int present;
	struct results_mix_part *parts;
	size_t n;
};

/* workload_cells[].by_op[]: one op of a mixed cell, means over its runs. */
struct results_by_op {
	char *op;
	long long n;
	double share, obj_s, mib_s, p50_ms, p99_ms;
	int pooled; /* p50/p99 of all requests pooled, else the runs' means */
};

/* workload_cells[].rate_figures: a fixed-rate cell's figures. */
struct results_rate_figures {
	double offered, achieved;
	int sustained;
	double p50_intended_ms, p99_intended_ms;
	int intended_runs; /* intended_source "runs" (the runs' means), else "histogram" */
	double p50_ms, p99_ms;
	long long late_no_worker, peak_workers; /* -1: null */
};

/* What a cell of workload_cells[] adds to results_cell. */
struct results_wcell {
	char *workload;              /* the sizes and range in plain words ("" when neither) */
	struct results_by_op *by_op; /* NULL, 0: null */
	size_t n_by_op;
	struct results_rate_figures *rate_figures; /* NULL: null (not a rate cell) */
};

/* rate_sweeps[].points[]: one offered rate. */
struct results_sweep_point {
	double offered;
	long long n;
	double achieved;
	int sustained;
	double p50_intended_ms, p99_intended_ms, p50_ms, p99_ms, throttled_share;
	double throttled_attempt_share;         /* of the attempts, retried ones included; NAN: left
					   out (a file written before it) */
	long long late_no_worker, peak_workers; /* -1: null */
	enum results_verdict verdict;           /* client_limit: the cell's verdict, */
	unsigned reasons, blocking;             /* its reasons and the blocking ones */
};

enum results_limit_by {
	RESULTS_LIMIT_UNKNOWN, /* limit absent (older files) */
	RESULTS_LIMIT_NONE,
	RESULTS_LIMIT_SERVER,
	RESULTS_LIMIT_CLIENT
};

/* rate_sweeps[]: one subject's workload at increasing offered rates. */
struct results_sweep {
	int subject;
	char *op;
	uint64_t size;
	char *size_spec, *range;
	struct results_mix mix;
	int concurrency, clients, workers_total; /* clients: 1 when absent */
	struct results_sweep_point *points;
	size_t n_points;
	double p99_limit_ms, max_sustained, throttle_knee;
	enum results_limit_by limit_by; /* limit{}: who set the limit, */
	double limit_at;                /* at which offered rate (NAN: none), */
	unsigned limit_reasons;         /* the client's reasons */
};

/* The functions of each record, as results_head.h says. The mix reads the value given
 * (NULL or null: not present); where names its owner. results_wcell_put: the wcell's
 * members added to o (a cell's object). */
json_t *results_mix_to_json(const struct results_mix *m);
int results_mix_from_json(struct jread *r, const json_t *o, const char *where,
			  struct results_mix *m);
void results_mix_free(struct results_mix *m);

void results_wcell_put(json_t *o, const struct results_wcell *w, int *ok);
int results_wcell_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_wcell *w);
void results_wcell_free(struct results_wcell *w);

json_t *results_sweep_to_json(const struct results_sweep *s, const struct results *doc);
int results_sweep_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_sweep *s);
void results_sweep_free(struct results_sweep *s);

#endif
