/* collect/engine/engine_int.h: the layout of one phase of a run (struct eng) and of an
 * engine thread, shared by engine.c (the phase set up, its threads started), eng.c (the
 * phase's services, eng.h) and engine_loop.c (the threads' multi loops). Not a public
 * API: workloads see only wl.h and eng.h. */
#ifndef COLLECT_ENGINE_INT_H
#define COLLECT_ENGINE_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "collect/engine/bodycert.h"
#include "collect/s3/s3_sse.h"
#include "collect/engine/eng.h"
#include "collect/engine/engine.h"
#include "collect/engine/hedge.h"
#include "collect/engine/wl.h"

/* One phase of one run. */
struct eng {
	const struct engine_opts *o;
	const struct workload *wl;
	const struct wl_kind *kind;  /* what the workers do (wl.h) */
	struct workload_where where; /* the run's buckets and key prefixes (workload.h) */
	void *shared;                /* the kind's phase-wide state (wl_kind.shared_new) */
	struct engine_result *res;
	enum eng_phase phase;
	struct body_buf *body;
	struct bodycert_sampler *cert; /* the bodies sent, sampled (bodycert.h); NULL: none */
	/* the encryption and tagging headers of the workload's sse and tags (s3_sse.h), by
	 * enum s3_sse_use: what eng_request_headers adds to each request */
	struct s3_hdr extra[3][S3_SSE_HDRS + 1];
	size_t n_extra[3];
	char tagging[80];
	struct worker *w;
	int nworkers;
	int64_t t0_mono, deadline_mono, next_tick;
	/* open loop (a benchmark with wl->rate > 0; collect/engine/engine_loop.c): slot i is due at
	 * t0 + i / rate, t0 = t0_mono on the monotonic clock and t0_unix in the rows */
	double rate; /* requests per second; 0: closed loop */
	int64_t t0_unix;
	atomic_uint_least64_t next_slot; /* the next slot a free worker takes */
	/* workers grow by Little's law (engine_loop.c): a thread wakes an idle worker of its
	 * own when a slot is due and none holds it, up to nworkers (the cap) */
	atomic_int rate_workers;              /* workers woken so far (they never retire) */
	atomic_uint_least64_t late_no_worker; /* slots a worker took late after its request */
	atomic_int realtime_errno;            /* a thread refused SCHED_FIFO: the error, 0 */
	int64_t rate_tol_ns;                  /* the on-time tolerance (summary_rate_tolerance) */
	struct hedge hedge; /* a hedged get's benchmark (collect/engine/hedge.h) */
	/* prepare: body bytes sent (eng_count_sent), the bytes to send, its limit (s) */
	atomic_uint_least64_t sent;
	uint64_t prep_total;
	double prep_limit_s;
	int calibrating; /* a reads = once get's calibration GETs (no PUT: no prepare limit) */
	/* under lock: */
	pthread_mutex_t lock;
	int lock_ok;
	uint64_t next_idx;
	uint64_t cursor, cursor_end; /* object numbers handed out (prepare, delete) */
	uint64_t calib_reads;        /* the calibration's GETs handed out (wl_prepare.c) */
	int64_t calib_t0;            /* when the calibration started (monotonic ns) */
	struct summary_acc *acc;
	struct engine_live live;
	uint64_t cls_count[EC_COUNT];
	uint64_t conflicts;  /* requests answered with a conflict (a conditional write's) */
	atomic_int abort;    /* the phase cannot go on (read without the lock) */
	atomic_int steady;   /* duration = auto: steady, no new request starts */
	int64_t steady_next; /* thread 0's next check (monotonic ns) */
	enum err_class fail_cls;
	char fail_msg[512];
};
/* One engine thread: the workers [first, last) of the phase. Thread 0 also reports
 * progress (engine_opts.on_tick). */
struct tctx {
	struct eng *g;
	int index, first, last;
	int idle; /* open loop: workers [idle, last) not woken yet */
	pthread_t th;
};

/* engine_thread: drive the workers of t (a struct tctx) until each is done or the
 * phase stops; requests still in flight then are abandoned, not logged. Failures
 * end the phase through eng_fail. Returns NULL (pthread signature). */
void *engine_thread(void *arg);

#endif
