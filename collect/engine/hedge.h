/* collect/engine/hedge.h: hedged GETs (workload.hedge; docs/METHODOLOGY.md, "Hedged
 * requests"): a benchmark request still unanswered after the threshold T is sent again,
 * on a new connection (the worker's second handle, FRESH_CONNECT and FORBID_REUSE), the
 * first answer taken and the other attempt cancelled and logged as lost.
 *
 * The threshold: a fixed time, or the p95 / p99 (nearest rank) of the run's first
 * WL_HEDGE_WARMUP successful answers, which are never hedged (they measure the cell). A
 * fixed threshold below those answers' p50 is refused: the run goes on unhedged and says
 * so (run.json summary.hedge.refused), since nearly every request would be sent twice.
 *
 * The engine's loop (engine_loop.c) calls: hedge_arm when a request goes out, hedge_release
 * each turn (duplicates that are due go out), hedge_settle when a transfer of a hedged
 * request ends, hedge_note with each final answer, hedge_abandon at the end. */
#ifndef COLLECT_HEDGE_H
#define COLLECT_HEDGE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include <curl/curl.h>

#include "collect/s3/s3.h"
#include "core/err.h"

struct eng;
struct worker;
struct run_summary;

/* A phase's hedging. */
struct hedge {
	int on;                    /* the benchmark of a hedged get */
	atomic_int_least64_t t_ns; /* the threshold; 0 while not known (or refused) */
	pthread_mutex_t lock;      /* the warm-up */
	int lock_ok;
	int64_t *warm; /* the warm-up answers' latencies (ns) */
	size_t n_warm;
	atomic_int done_warm; /* the warm-up is over */
	int refused;          /* a fixed threshold below the warm-up's p50 */
	double p50_ms;        /* that p50 (NaN before the warm-up ends) */
};

/* hedge_init: g->hedge for phase g: on for the benchmark of a get with a hedge, each
 * worker given its duplicate's handle (a new connection every time). -1 with a message
 * when memory runs out. hedge_fini: release it (the handles too; not while in flight). */
int hedge_init(struct eng *g, struct err *e);
void hedge_fini(struct eng *g);

/* hedge_arm: worker w's request went out at monotonic time now: arm its duplicate at
 * now + T when the threshold is known (else none). */
void hedge_arm(struct eng *g, struct worker *w, int64_t now);

/* hedge_release: send the duplicates of workers w[first .. last) that are due at now (each
 * added to m, *active counted); returns the earliest duplicate still to come (monotonic
 * ns), 0 when none. */
int64_t hedge_release(struct eng *g, int first, int last, CURLM *m, int64_t now, int *active);

/* hedge_settle: transfer r of worker w ended with cc (its handle already out of m). When w
 * sent a duplicate, the other transfer is taken out of m and cancelled (*active counted
 * down; s3_req_cancel bills it) and its row written as lost; either way w->res is r's
 * result, starting at the original's start, and w->row_hedge says how the request went. */
void hedge_settle(struct eng *g, struct worker *w, struct s3_req *r, CURLcode cc, CURLM *m,
		  int *active);

/* hedge_note: a request's final answer res (successful or not): a warm-up answer while the
 * threshold is not known. */
void hedge_note(struct eng *g, const struct s3_result *res);

/* hedge_abandon: w's duplicate out of m if it is in flight (the loop ends). */
void hedge_abandon(struct worker *w, CURLM *m);

/* hedge_result: the run's hedging into s: has_hedge, the threshold as written and in ms
 * (NaN when never known), whatever the rows said. */
void hedge_result(const struct eng *g, struct run_summary *s);

#endif
