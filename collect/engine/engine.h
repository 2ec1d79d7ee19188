/* collect/engine/engine.h: the workload engine: workers issuing S3 requests for one run.
 *
 * The runner (collect/run/runner.c) calls, in the run's child process:
 *   engine_prepare   create what the benchmark needs (objects for get/head/list/delete/mixed)
 *   engine_benchmark the measured phase: every request becomes one ops.tsv.zst row and is
 *                    added to the run summary (core/summary.h)
 *   engine_cleanup   remove what the run created (unless wl->keep)
 * Each returns 0 when the phase completed (request errors inside a benchmark are counted,
 * not fatal) and -1 when the phase could not complete, with the class in res->cls.
 *
 * What the engine does (collect/engine/engine.c drives; collect/engine/wl.h and wl_*.c: what each workload does):
 * - prepare: HeadBucket, and CreateBucket only on 404; then PUT `objects` objects
 *   (default 100; get-small: 1) as PREFIX obj/NNNNNNNN with 8..64 workers, each object
 *   retried up to 4 times. No rows are written for prepare or cleanup.
 * - object sizes: object n's size is a function of (the run's seed, n) (wl.h,
 *   wl_obj_size: wl->size, or a draw of wl->sizes): put, prepare, get and mixed agree
 *   on it without shared state; `bytes` = each object's size; a get whose body is not
 *   exactly it is an error ("short body" / "long body"). seed 0: a seed from the prefix.
 * - benchmark: workload_workers(wl) workers (`concurrency`; create-bucket, put-empty and
 *   get-small: one; open loop: the rate rule below)
 *   spread over at most one thread per CPU, each thread one libcurl multi loop. Rows:
 *     put PUT (keys PREFIX put/wWWWW/SEQ), get GET (random prepared object; a short body
 *     is an error), head STAT, delete DELETE (n_objects = keys in the request; batch > 1
 *     uses DeleteObjects), list LIST (one row per full listing of PREFIX, all pages,
 *     n_objects = keys listed, first byte of the first page), multipart PUT (one row per
 *     object: create, parts of part_size, complete; last_byte = end of the last part),
 *     create-bucket CREATEBUCKET (each bucket is deleted again, unlogged), put-empty PUT,
 *     get-small GET. A get with wl->range sends "Range: bytes=A-B" (206 is a success,
 *     bytes = the range's bytes returned, another length is an error; the server's 416
 *     for a range past the end is an error of class http-4xx). mixed (wl_mixed.c): each
 *     request's op drawn from wl->mix, rows GET/PUT/STAT/DELETE, over a pool of objects
 *     shared by the workers: gets and heads read pool objects only; a put's new object
 *     joins the pool after its success, and at the ceiling (2 x objects) a put
 *     overwrites a pool object instead; a delete takes a pool object no request is
 *     using, only above the floor (objects / 2, at least 1), else the op is drawn again
 *     without delete (docs/METHODOLOGY.md: how that moves the shares).
 *   Open loop (wl->rate > 0, duration bound): workload_workers workers; slot i is due at
 *   t0 + i / rate (t0: start_at_ns when the engine waited for it, else the benchmark's
 *   start); a free worker takes the next slot of a shared counter and sends it when due,
 *   at once when late (none is skipped); each row carries the slot's time in intended_ns
 *   and the summary gets its rate block (summary_acc_rate). docs/METHODOLOGY.md,
 *   "Fixed-rate runs".
 *   Bounds: duration (no request starts after it; those in flight finish and count),
 *   count (per worker, exactly), until-done (delete: until every prepared object is
 *   gone; other ops: `count` per worker, at least 1). The stop flag abandons requests
 *   in flight (not logged) and returns promptly.
 * - cleanup: aborts the incomplete multipart uploads under PREFIX, then lists PREFIX and
 *   deletes what is there with DeleteObjects (one by one when the server has no
 *   multi-delete): collect/s3/sweep.h. */
#ifndef COLLECT_ENGINE_H
#define COLLECT_ENGINE_H

#include <signal.h>
#include <stdint.h>

#include "core/err.h"
#include "core/errclass.h"
#include "core/ops.h"
#include "core/summary.h"

struct s3_client;     /* collect/s3/s3.h */
struct opslog_writer; /* core/opslog.h */

/* The ops of core/ops.h (their names and canonical order), by collect's names, then
 * the workloads that are not one op: WL_MIXED ("mixed") draws each request's op from a
 * struct wl_mix; it is collect's only (no op of core/ops.h): its rows carry each
 * request's own op. WL_OP_COUNT counts the core ops, WL_KIND_COUNT every workload. */
enum wl_op {
	WL_PUT = OP_PUT,
	WL_GET = OP_GET,
	WL_HEAD = OP_HEAD,
	WL_LIST = OP_LIST,
	WL_DELETE = OP_DELETE,
	WL_MULTIPART = OP_MULTIPART,
	WL_CREATE_BUCKET = OP_CREATE_BUCKET,
	WL_PUT_EMPTY = OP_PUT_EMPTY,
	WL_GET_SMALL = OP_GET_SMALL, /* sequential micro-ops */
	WL_OP_COUNT = OP_COUNT,
	WL_MIXED = OP_COUNT,
	WL_KIND_COUNT = OP_COUNT + 1
};

enum wl_bound {
	WL_BOUND_DURATION,
	WL_BOUND_COUNT,
	WL_BOUND_UNTIL_DONE
};

/* The op weights of a mixed workload, indexed by enum wl_op: only WL_GET, WL_PUT,
 * WL_HEAD (rows STAT) and WL_DELETE may be non-zero; a request's op is drawn with
 * probability w[op] / sum(w) (collect/engine/wl_draw.h). Default (Warp's mixed benchmark):
 * get 45, head 30, put 15, delete 10 (workload_defaults). */
struct wl_mix {
	unsigned w[OP_COUNT];
};

#define WL_DIST_MAX 16 /* entries of a dist: size distribution */

enum wl_size_kind {
	WL_SIZE_FIXED,
	WL_SIZE_RANDOM,
	WL_SIZE_DIST
};

/* How each object's size is chosen. FIXED: workload.size. RANDOM: log-uniform in
 * [min, max] (Warp's --obj.randsize idea: each size octave equally likely). DIST: size[i]
 * with probability weight[i] / sum(weight), i < n. workload.size is then the largest
 * size (max, or the largest size[i]): the body buffers are sized by it. */
struct wl_sizes {
	enum wl_size_kind kind;
	uint64_t min, max; /* RANDOM */
	int n;             /* DIST: 1..WL_DIST_MAX entries */
	uint64_t size[WL_DIST_MAX];
	unsigned weight[WL_DIST_MAX];
	char spec[128]; /* as written ("random:4KiB..1MiB"); "" for FIXED */
};

enum wl_range_kind {
	WL_RANGE_NONE,
	WL_RANGE_FIXED,
	WL_RANGE_RANDOM
};

/* The byte range a get reads (get only). FIXED "A..B": bytes [off, off + len) with off
 * = A, len = B - A, i.e. HTTP Range: bytes=A-(B-1); RANDOM "random:LEN": len bytes at an
 * offset drawn uniformly from [0, object size - len]. workload_check keeps every range
 * inside every object of the run. */
struct wl_range {
	enum wl_range_kind kind;
	uint64_t off, len;
	char spec[64]; /* as written ("0..64KiB"); "" for NONE */
};

struct workload {
	enum wl_op op;
	uint64_t size;   /* object size in bytes; the largest one when sizes.kind is not
				 WL_SIZE_FIXED */
	int concurrency; /* workers, 1..1024 */
	enum wl_bound bound;
	double duration_s;     /* WL_BOUND_DURATION */
	uint64_t count;        /* WL_BOUND_COUNT: requests per worker */
	uint64_t objects;      /* objects prepared (get, head, list, delete) */
	int batch;             /* delete: keys per multi-object delete (1 = DeleteObject) */
	uint64_t part_size;    /* multipart: part size (>= 5 MiB but for the last part) */
	int keep;              /* 1: cleanup leaves the objects */
	struct wl_mix mix;     /* WL_MIXED: the op weights (all 0 for any other op) */
	struct wl_sizes sizes; /* how each object's size is drawn (default WL_SIZE_FIXED) */
	struct wl_range range; /* get: the byte range read (default WL_RANGE_NONE) */
	double rate;           /* offered requests per second, open loop (duration bound
				 only); 0 = closed loop. Workers: workload_workers */
	uint64_t seed;         /* seed of the size / op / offset draws: a fixed seed gives
				 the same sequence; 0 = time-based */
};

/* wl_op_name: "put", "get", ... as in run.json (op_name of core/ops.h), "mixed" for
 * WL_MIXED; "" for an unknown value. Static strings. */
const char *wl_op_name(enum wl_op op);

/* Live counters handed to on_tick about once a second. */
struct engine_live {
	uint64_t requests, errors, bytes, objects;
	double elapsed_s;
};

struct engine_opts {
	struct s3_client *client; /* borrowed */
	const char *bucket;
	const char *prefix;    /* key prefix unique to this run, ends in '/' */
	const char *endpoint;  /* for the ops rows' endpoint column */
	const char *client_id; /* for their client_id column (NULL: "") */
	const struct workload *wl;
	struct opslog_writer *log; /* borrowed; benchmark rows are written as they complete */
	void (*on_tick)(const struct engine_live *live, void *arg); /* may be NULL */
	void *tick_arg;
	volatile sig_atomic_t *stop; /* set asynchronously to end the benchmark early */
	int64_t start_at_ns;         /* Unix ns at which the benchmark's workers send their
					first requests (0: at once; a past instant: at once);
					the duration bound counts from it. A distributed run's
					clients start together this way. */
};

#define ENGINE_FIRST_ERRORS 5

struct engine_result {
	enum err_class cls; /* class of the failure, or of most request errors */
	uint64_t errors;    /* failed requests (all phases) */
	int n_first;
	char first[ENGINE_FIRST_ERRORS][256]; /* the first error texts, no secrets */
	int has_summary;
	struct run_summary summary; /* set by engine_benchmark when it completed */
	double cpu_s;               /* client CPU (user + system, whole process) of the
					  benchmark phase, seconds; set by engine_benchmark */
	double cpu_us_per_op;       /* cpu_s per row, microseconds (0 when none): the
					  figure for the sequential micro-operations */
};

int engine_prepare(const struct engine_opts *o, struct engine_result *res, struct err *e);
int engine_benchmark(const struct engine_opts *o, struct engine_result *res, struct err *e);
int engine_cleanup(const struct engine_opts *o, struct engine_result *res, struct err *e);

#endif
