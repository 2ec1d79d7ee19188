/* analyze/cells/workload_cells.h: workload cells: the runs with a mixed op, a size
 * distribution, a range, a fixed rate or a hedge, grouped by (subject, op, size, size spec,
 * range, mix, hedge, concurrency, rate), with their per-op figures (mixed runs) and rate
 * figures (rate runs), and the rate sweeps: per subject and workload, the rate cells in
 * order of offered rate and the highest one sustained under the p99 limit.
 * Formulas: docs/METHODOLOGY.md, "Workload cells" and "Rate sweeps". */
#ifndef ANALYZE_WORKLOAD_CELLS_H
#define ANALYZE_WORKLOAD_CELLS_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells/aggregate.h"
#include "core/summary.h"

/* the op of a replay's cell (run.json's workload.op is "mixed"; docs/METHODOLOGY.md, "Replay") */
#define WORKLOAD_CELLS_REPLAY "replay"
#define WORKLOAD_CELLS_P99_LIMIT_MS 50.0 /* when no run.json has campaign.p99_limit_ms */

/* One op of a mixed cell over the valid runs whose summary has the op: share, obj_s,
 * mib_s their means; p50, p99 pooled (pooled = 1: all the op's requests of those runs,
 * histograms merged) or, when a run has no histogram for it, their means (pooled = 0). */
struct agg_workload_op {
	char op[SUMMARY_OP_NAME];
	size_t n; /* runs that have it */
	double share, obj_s, mib_s, p50, p99;
	int pooled;
};

/* A rate step's verdict (docs/METHODOLOGY.md, "Workload cells and rate sweeps"): held
 * (sustained with p99 from the intended start under the limit), or not held by the client
 * (its cell client-limited for a blocking reason, or the client sent late: reason
 * WL_R_LATE_SENDS), or by the server (more than 1 % of a run's slots failed, or its
 * service latency's p99 not under the limit). A late send is never the server's. */
enum {
	STEP_NONE, /* no valid rate run: not judged */
	STEP_HELD,
	STEP_SERVER,
	STEP_CLIENT
};

/* The reason "late-sends", a bit beside the CLIMIT_R_* bits (core/climit.h): slots that
 * left late with a worker free, below the worker cap (the client's own scheduling). */
#define WL_R_LATE_SENDS CLIMIT_R_LATE_SENDS

struct agg_step {
	int by;           /* STEP_* */
	unsigned reasons; /* STEP_CLIENT: CLIMIT_CELLS_BLOCKING bits and / or WL_R_LATE_SENDS */
	int errors;       /* STEP_SERVER: some run had more than 1 % of its slots fail (else its
			     service p99 was not under the limit) */
	/* the on-time figures, summed over the valid rate runs ("579 of 600 on time") */
	uint64_t slots, sent, on_time, failed;
};

struct agg_workload {
	int n_by_op; /* 0 unless the valid runs have by_op */
	struct agg_workload_op by_op[SUMMARY_OPS_MAX];
	int has_rate;                      /* some valid run has a rate block */
	double offered;                    /* the cell's rate */
	double achieved;                   /* mean of the runs' achieved */
	int sustained;                     /* every valid run sustained its rate */
	double p50_intended, p99_intended; /* pooled over the runs (histograms merged) */
	int pooled_intended;               /* 1: from histograms; 0: means of the runs' own */
	double p50, p99;                   /* service latency, pooled (the cell's lat_pool) */
	int64_t late_no_worker;            /* summed over the runs that record it; -1: none do */
	int peak_workers;                  /* the highest of the runs' peak_workers; -1: none */
	struct agg_step step; /* the step's verdict (rate cells; workload_cells_steps) */
};

struct agg_sweep {
	size_t subject;
	const char *op, *size_spec, *range, *mix;
	uint64_t size;
	int concurrency;
	size_t *points, n_points; /* indexes into a->wcells, offered ascending */
	double p99_limit_ms;
	double max_sustained; /* NaN: no point sustained under the limit */
	double throttle_knee; /* the lowest offered rate whose 503 + 429 share of the attempts
				 (workload_cells_throttled_attempt_share: the requests' without
				 retries) exceeded WL_THROTTLE_SHARE; NaN: none did */
};

#define WL_THROTTLE_SHARE 0.01 /* a throttled share above this is throttling */

/* Who set a sweep's limit: the first point above max_sustained (every point when none
 * was sustained) that was not held (not sustained, or p99 from the intended start not
 * under the limit) set it, and its step's verdict (struct agg_step) says whose it was:
 * the client's (the worker cap, CPU, NIC: CLIMIT_CELLS_BLOCKING, shared-cpu alone is
 * not; or late sends) or the server's; no such point: every rate held. */
enum {
	SWEEP_HELD_ALL,
	SWEEP_LIMIT_SERVER,
	SWEEP_LIMIT_CLIENT
};

struct agg_sweep_limit {
	int by;           /* SWEEP_* */
	double at;        /* that point's offered rate; NaN with SWEEP_HELD_ALL */
	unsigned reasons; /* its step's reasons (SWEEP_LIMIT_CLIENT): CLIMIT_R_*,
			     WL_R_LATE_SENDS */
	size_t point;     /* that point (an index into s->points); SWEEP_HELD_ALL: none */
};

/* workload_cells_reason_name: "late-sends" for WL_R_LATE_SENDS, else climit_reason_name's
 * name of a CLIMIT_R_* bit (NULL for another). */
const char *workload_cells_reason_name(unsigned bit);

/* workload_cells_steps: each rate cell's step verdict (workload->step) under the
 * campaign's p99 limit; after climit_cells_build (a cell's client limit comes first). */
void workload_cells_steps(struct aggregate *a);

/* workload_cells_sweep_limit: s's limit into *out (workload_cells_steps done). */
void workload_cells_sweep_limit(const struct aggregate *a, const struct agg_sweep *s,
				struct agg_sweep_limit *out);

/* workload_cells_throttled_share: the 503 + 429 share of cell c's requests; NaN when it
 * has none. */
double workload_cells_throttled_share(const struct agg_cell *c);

/* workload_cells_throttled_attempt_share: the 503 + 429 share of cell c's attempts (every
 * attempt of its valid runs, retried ones included: what the provider answered to the
 * load offered, which retries do not hide); NaN when it has none. Without retries it is
 * the throttled share. */
double workload_cells_throttled_attempt_share(const struct agg_cell *c);

/* workload_cells_build: a->wcells (one per distinct key among the runs that are not plain,
 * cell_plain_run) and a->sweeps. valid, vm, vo: scratch of a->n_runs entries. -1 when
 * memory runs out. */
int workload_cells_build(struct aggregate *a, size_t *valid, double *vm, double *vo);

/* workload_cells_same_key: 1 when workload cells p and q have one key (op, size, size spec,
 * range, mix, hedge, trace, concurrency, rate) but for their subject, else 0. */
int workload_cells_same_key(const struct agg_cell *p, const struct agg_cell *q);

/* workload_cells_free: what workload_cells_build allocated. */
void workload_cells_free(struct aggregate *a);

#endif
