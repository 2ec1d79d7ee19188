/* collect/engine/wl.h: the workloads the engine drives, and what the engine offers them.
 *
 * The engine (collect/engine/engine.c, engine_loop.c) owns the threads, the libcurl multi
 * loops, the bounds, the rows and the run summary. It drives workers: each worker has one
 * request in flight at a time (and its duplicate, when a hedged get's is out: the engine's
 * own, collect/engine/hedge.h), and for each request the engine asks the worker's workload
 * what to send (next) and tells it what came back (done). A workload is a `struct
 * wl_kind`: a small table of those two functions plus the size of the state it keeps per
 * worker. It never sees threads, curl or the log: it calls the phase's eng_* services
 * (collect/engine/eng.h) and the helpers below. A kind
 * whose workers share something (mixed: the object pool) also has a phase-wide state
 * (shared_new / shared_free, eng_shared), guarded by its own lock: the engine takes no
 * lock for it.
 *
 * The kinds (one file per family):
 *   wl_prepare.c    the prepare phase: PUT the objects get/head/list/delete use; a
 *                   reads = once get's calibration GETs
 *   wl_simple.c     put, put-empty, get, get-small, head: one request = one row
 *   wl_list.c       list: one row per full listing (all pages)
 *   wl_delete.c     delete: one key or a DeleteObjects batch per row
 *   wl_multipart.c  multipart: create, parts, complete = one row
 *   wl_bucket.c     create-bucket: CreateBucket (logged), DeleteBucket (not logged)
 *   wl_mixed.c      mixed: each request's op drawn from the mix, over a shared pool
 *   wl_replay.c     replay: each request of a trace (collect/replay.h) as recorded
 *   wl_cond.c       put-if-absent, cas: conditional writes over a small key set
 * Shared helpers (keys, object sizes, PUT bodies, the random stream, rows): wl.c.
 *
 * Object numbers and sizes: object n (prepared objects 0..objects-1; a put's own
 * numbers, see wl_simple.c and wl_mixed.c) has the size wl_obj_size(g, n), a pure
 * function of (the run's seed, n): prepare, get and mixed agree on every object's size
 * without sharing anything. */
#ifndef COLLECT_WL_H
#define COLLECT_WL_H

#include <stddef.h>
#include <stdint.h>

#include "collect/engine/eng.h"
#include "collect/engine/engine.h"
#include "collect/s3/s3.h"
#include "core/strbuf.h"

struct body_buf; /* collect/engine/body.h */

/* One worker. The engine owns it; a workload reads and writes the fields of the first
 * group and keeps anything else in `st`. */
struct worker {
	int id;              /* 0..workers-1 */
	uint64_t rng;        /* the worker's random stream (core/rng.h), time-seeded */
	uint64_t done;       /* logical operations finished (the count bound reads it) */
	uint64_t seq;        /* the worker's next object number (put keys, bucket names) */
	struct strbuf key;   /* key (or bucket) of the request in flight: the row's file */
	const char *bucket;  /* the bucket of key (set with it by wl_obj, wl_key_put and
				wl_where_put): the worker's requests go there unless next
				names another; NULL: the run's bucket */
	struct s3_body body; /* a PUT body (wl_set_body) */
	/* the request's headers: the kind's and the workload's encryption and tags
	 * (eng_request_headers) */
	struct s3_hdr hdrs[S3_HDRS_MAX];
	void *st; /* the workload's state (wl_kind.state_size bytes, zeroed) */
	/* the engine's own */
	struct eng *g;
	uint64_t body_obj, body_base, body_pos; /* the body: object number, offset, sent */
	struct s3_req *req;
	int busy;
	struct s3_result res;
	int64_t due_mono;    /* open loop: the slot it waits for is due then (0: none) */
	int64_t intended_ns; /* open loop: Unix ns its request's slot was due (the row's
				  intended start); 0 in a closed loop */
	uint64_t slot;       /* open loop: the number of that slot (replay: the trace's
				request) */
	const struct s3_result *row_res; /* the one request of the row being added (its
					    phases and addresses), NULL: a row of several */
	/* a conditional write's row (wl_cond.c): the ETag sent in If-Match and the one the
	 * answer carried, unquoted (the ops log's if_match and etag); NULL: none */
	const char *row_if_match, *row_etag;
	int row_page; /* a list's row (wl_list.c): its page in the listing (the ops log's
			 page); 0: none */
	/* retries (collect/engine/retry.h): the request's arguments for a resend, the
	 * attempts made of it so far after the first, when its first attempt started, and
	 * whether the worker waits (due_mono) to resend it */
	struct s3_args args;
	int tries;
	int64_t first_start_ns;
	int resend;
	/* hedging (collect/engine/hedge.h): the duplicate's request, when it is due (monotonic
	 * ns; 0: none armed), whether it is in flight, and the hedge word of the row being
	 * added (OPS_HEDGE_*) */
	struct s3_req *hreq;
	int64_t hedge_due;
	int hedge_sent;
	int row_hedge;
};

/* A workload: what its workers send and how their answers are accounted. */
struct wl_kind {
	const char *name;
	size_t state_size;            /* per-worker state, allocated zeroed; 0: none */
	void (*state_free)(void *st); /* release what st owns (not st); may be NULL */
	/* next: the worker's next request into *a (a->bucket is preset to the run's
	 * bucket); 0, or -1 when the worker is done. Strings in *a stay valid until done. */
	int (*next)(struct eng *g, struct worker *w, struct s3_args *a);
	/* done: account the answer to the request next gave (rows, counters, state). */
	void (*done)(struct eng *g, struct worker *w, const struct s3_result *res);
	/* shared_new (may be NULL): the phase-wide state of the kind into *sh, before any
	 * worker starts (one thread); 0, or -1 with e set (the phase then fails). Workers
	 * reach it with eng_shared; the kind guards it with its own lock. shared_free (may
	 * be NULL): release it after every worker has stopped. */
	int (*shared_new)(struct eng *g, void **sh, struct err *e);
	void (*shared_free)(void *sh);
};

/* wl_kind_for: the kind that drives phase `phase` (prepare or benchmark) of wl. */
const struct wl_kind *wl_kind_for(const struct workload *wl, enum eng_phase phase);

extern const struct wl_kind wl_kind_prepare, wl_kind_calibrate, wl_kind_put, wl_kind_put_empty,
	wl_kind_get, wl_kind_get_small, wl_kind_head, wl_kind_list, wl_kind_delete,
	wl_kind_multipart, wl_kind_create_bucket, wl_kind_mixed, wl_kind_replay,
	wl_kind_put_if_absent, wl_kind_cas;

/* Properties of a workload the engine plans with. */
/* wl_uses_body: 1 when the benchmark sends object bodies (put, multipart, mixed; size
 * > 0). */
int wl_uses_body(const struct workload *wl);

/* Shared helpers of the kinds (collect/engine/wl.c). */
/* wl_seed: the run's seed of the draws (collect/engine/wl_draw.h): workload.seed, or when that
 * is 0 a seed derived from the run's key prefix (unique per run, with a time in it): the
 * same in every phase of a run, so prepare and benchmark agree. */
uint64_t wl_seed(const struct eng *g);
/* wl_obj_size: the size of object n: workload.size for a fixed size, else
 * wl_draw_size from a generator state that is a bijection of (wl_seed, n). */
uint64_t wl_obj_size(const struct eng *g, uint64_t n);
/* Keys and buckets (many buckets and prefixes: collect/workload.h, workload_spread_of).
 * Prepared object n lives in bucket and key prefix workload_spread_of(n); a put's object
 * (worker W's put number SEQ) at workload_spread_of(W + SEQ). KP below is that key
 * prefix ("" for one prefix, "p003/" ...), PREFIX the run's.
 * wl_key_obj: b = KP PREFIX obj/NNNNNNNN, prepared object n (a run over a dataset:
 * dskeys_key of n, collect/dskeys.h); 0, or -1 out of memory. */
int wl_key_obj(const struct eng *g, struct strbuf *b, uint64_t n);
/* wl_bucket_obj / wl_bucket_put: the bucket of prepared object n / of worker's put seq. */
const char *wl_bucket_obj(const struct eng *g, uint64_t n);
const char *wl_bucket_put(const struct eng *g, int worker, uint64_t seq);
/* wl_obj: w->key = wl_key_obj(n) (a replay with remap = none: the trace's key of object
 * n) and w->bucket its bucket; 0 or -1. */
int wl_obj(const struct eng *g, struct worker *w, uint64_t n);
/* wl_key_put: w->key = KP PREFIX put/wWWWW/SEQ with the worker's next seq, w->bucket its
 * bucket; 0 or -1. */
int wl_key_put(const struct eng *g, struct worker *w);
/* wl_key_put_n: b = KP PREFIX put/wWWWW/SEQ of worker `worker`'s put number seq; 0 or -1. */
int wl_key_put_n(const struct eng *g, struct strbuf *b, int worker, uint64_t seq);
/* wl_set_body: w->body = bytes [off, off + len) of object n's content (collect/engine/body.h),
 * read by libcurl through callbacks. */
void wl_set_body(struct eng *g, struct worker *w, uint64_t n, uint64_t off, uint64_t len);
/* wl_row: the row of one request: file = w->key, bytes counted only on success (a
 * failed request's body is an error document, not object data). */
void wl_row(struct eng *g, struct worker *w, const char *op, uint64_t n_objects, uint64_t bytes,
	    const struct s3_result *res);

#endif
