/* analyze/cells/replaycmp.h: a replay cell's latency as its trace recorded it against the
 * latency its replay measured (docs/METHODOLOGY.md, "Replay: recorded and replayed"): per op
 * of the trace (PUT, GET, STAT, DELETE), the recorded latencies of the trace's requests the
 * replay kept (its ops and window; successful ones; a row's duration, an access log's total
 * time) read from the copy under DATA_DIR/traces/ (else the path run.json gives), and the
 * replayed latencies from the intended start of the successful requests of the cell's valid
 * runs (their ops logs); each side's p50, p90 and p99 by nearest rank with their
 * order-statistic 95 % intervals (analyze/stats/pctci.h), a percentile only where its side
 * has the requests to bound it; and per op the replay's requests sent, sent late and failed,
 * and the replayed requests' service latency (from their actual start) with its percentiles.
 * aggregate.json workload_cells[].replay; the "replay" claims,
 * and the "replay-lead" claims across the subjects that replayed one trace
 * (analyze/claims/claims_replay.c). */
#ifndef ANALYZE_REPLAYCMP_H
#define ANALYZE_REPLAYCMP_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

struct aggregate;

#define REPLAYCMP_OPS 4  /* PUT, GET, STAT, DELETE: a replay's ops */
#define REPLAYCMP_PCTS 3 /* p50, p90, p99 */

/* The percentiles' names ("p50", "p90", "p99") and quantiles (0.5, 0.9, 0.99). */
extern const char *const replaycmp_pct_name[REPLAYCMP_PCTS];
extern const double replaycmp_pct[REPLAYCMP_PCTS];

/* One side's latencies of one op (ms; NaN: too few requests for the percentile, or none). */
struct replaycmp_side {
	uint64_t requests; /* the latencies behind the percentiles */
	double ms[REPLAYCMP_PCTS], lo[REPLAYCMP_PCTS], hi[REPLAYCMP_PCTS];
};

struct replaycmp_op {
	const char *op;  /* "PUT", "GET", "STAT", "DELETE" (static) */
	uint64_t traced; /* the trace's successful requests of the op the replay kept */
	/* the replay's requests of the op (its valid runs' rows, errors included), of them those
	   sent late (started more than summary_rate_tolerance_ns of the cell's rate after the
	   intended start) and those that failed */
	uint64_t sent, late, failed;
	struct replaycmp_side rec, rep;
	struct replaycmp_side svc; /* the replayed requests' service latency (end - start: what a
				      late send does not lengthen) */
};

/* One replay cell's comparison. */
struct replaycmp {
	int read;       /* 1: the trace was read (its digest the cell's) */
	char note[640]; /* why the trace or a run's log was not read; "" when all were */
	int recorded;   /* 1: a request of the trace records a latency (a duration above 0) */
	struct replaycmp_op op[REPLAYCMP_OPS];
	size_t n_op; /* ops with a request in the trace or the replay, in the order above */
};

/* replaycmp_build: the comparison of every replay cell of a (workload cells with a trace)
 * into its agg_cell's replay (owned by the aggregate: workload_cells_free frees it), the
 * runs' logs at DATA_DIR/RUN/ops.tsv.zst (data_dir "" in a merge: the runs' paths hold their
 * DATA_DIR), the trace at DATA_DIR/traces/NAME, else at the path run.json gives, read only
 * when its SHA-256 is the cell's. A trace or log that cannot be read is named in note and
 * left out. -1 with a message only when memory runs out. */
int replaycmp_build(struct aggregate *a, const char *data_dir, struct err *e);

/* replaycmp_verdict: the verdict of op o (docs/METHODOLOGY.md): "slower" when the replayed
 * percentile's interval lies wholly above the recorded one's, "faster" when wholly below,
 * "alike" when they overlap, at the highest of p99, p90, p50 both sides bound (its index
 * into *pct, -1 when none); "not-judged" when the trace records no latency of the op or
 * either side has too few requests even for a p50. Static strings. */
const char *replaycmp_verdict(const struct replaycmp_op *o, int *pct);

/* replaycmp_lead: the lead among n (>= 2) subjects' replayed sides s[] of one op of one trace
 * (docs/METHODOLOGY.md, "Replay across subjects"), judged as replaycmp_verdict judges: at the
 * highest of p99, p90, p50 every side bounds (its index into *pct, -1 when none), the side of
 * the lowest percentile (*first; the earlier on equal ones) "leads" when its interval lies
 * wholly below every other side's (its hi below their lo), else "alike"; *next the side of the
 * next lowest. "not-judged" when some side has too few requests even for a p50 (*first 0,
 * *next 1). Static strings. */
const char *replaycmp_lead(const struct replaycmp_side *const *s, size_t n, int *pct, size_t *first,
			   size_t *next);

/* replaycmp_free: free r (NULL: nothing). */
void replaycmp_free(struct replaycmp *r);

#endif
