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
 * What the engine does (collect/engine/engine.c drives; collect/engine/wl.h and wl_*.c: what
 * each workload does):
 * - prepare: HeadBucket, and CreateBucket only on 404 (noted in res->created), for each
 *   of the run's buckets (workload_buckets: BUCKET, BUCKET-1 ...); their versioning and
 *   object lock (res->ver; a default retention refused unless allow_retention); a get
 *   with reads = once that calibrates (workload_calibrates) PUTs its calibration objects,
 *   GETs each once to measure its rate, then PUTs the objects its benchmark will read
 *   (res->once_first .. once_end); else PUT `objects`
 *   objects (default 100; get-small: 1) as PREFIX obj/NNNNNNNN with 8..64 workers, each
 *   object retried up to 4 times. No rows are written for prepare or cleanup.
 * - many buckets and prefixes (collect/workload.h, workload_spread_of): object m lives in
 *   bucket m mod B under key prefix (m / B) mod P (p000/ ... before PREFIX); wl.h says
 *   which number each request's object has. A spread run's rows name BUCKET/KEY.
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
 *   Open loop (wl->rate > 0, duration bound): up to workload_workers workers, one a
 *   thread at first, another woken when a slot is due and none holds it (Little's law;
 *   summary.rate.peak_workers, late_no_worker); slot i is due at t0 + i / rate (t0:
 *   start_at_ns when the engine waited for it, else the benchmark's start); a free
 *   worker takes the next slot of a shared counter and sends it when due, at once when
 *   late (none is skipped, also when its thread wakes after the deadline); each row
 *   carries the slot's time in intended_ns and the summary gets its rate block
 *   (summary_acc_rate). docs/METHODOLOGY.md, "Fixed-rate runs".
 *   Bounds: duration (no request starts after it; those in flight finish and count),
 *   count (per worker, exactly), until-done (delete: until every prepared object is
 *   gone; other ops: `count` per worker, at least 1). The stop flag abandons requests
 *   in flight (not logged) and returns promptly.
 * - cleanup: aborts the incomplete multipart uploads under PREFIX, then lists PREFIX and
 *   deletes what is there with DeleteObjects (one by one when the server has no
 *   multi-delete; on a versioned bucket every version and delete marker, by version id),
 *   in every bucket and key prefix of the run: collect/s3/sweep.h; a run of more than one
 *   bucket then removes the buckets res->created names. */
#ifndef COLLECT_ENGINE_H
#define COLLECT_ENGINE_H

#include <signal.h>
#include <stdint.h>

#include "collect/engine/bodycert.h"
#include "collect/s3/s3.h"
#include "collect/workload.h"
#include "core/err.h"
#include "core/errclass.h"
#include "core/summary.h"

struct opslog_writer; /* core/opslog.h */

/* Live counters handed to on_tick about once a second. */
struct engine_live {
	uint64_t requests, errors, bytes, objects;
	double elapsed_s;
	int prepare;      /* 1: the prepare phase (bytes: the body bytes sent so far) */
	double limit_s;   /* prepare: its own time limit (eng_prepare_limit), 0 until set */
	double prepare_s; /* benchmark: how long the prepare phase took (engine_opts) */
};

/* The prepare phase's own time limit (docs/METHODOLOGY.md, "Prepare"): the path's rate is
 * measured over the first ENGINE_PREPARE_WINDOW_S seconds of body bytes sent, and the
 * phase may take eng_prepare_limit of it (collect/engine/eng.h); with no byte sent by
 * ENGINE_PREPARE_MIN_S it fails. */
#define ENGINE_PREPARE_WINDOW_S 10.0
#define ENGINE_PREPARE_MIN_S 60.0

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
	double prepare_s; /* benchmark: the prepare phase's length, for the ticks (0: none) */
	volatile sig_atomic_t *stop; /* set asynchronously to end the benchmark early */
	/* prepare: called once every bucket is there, before the objects are PUT, with the
	 * buckets it created (engine_result.created) when it created any: the runner records
	 * them at once, so a kill during the PUTs still removes them (may be NULL) */
	void (*on_created)(const unsigned char *created, void *arg);
	void *created_arg;
	int64_t start_at_ns; /* Unix ns at which the benchmark's workers send their
					first requests (0: at once; a past instant: at once);
					the duration bound counts from it. A distributed run's
					clients start together this way. */
	int realtime_prio;   /* a rate run's benchmark threads at SCHED_FIFO of this
			      priority (1..99; collect/engine/realtime.h), 0: normal */
	int allow_retention; /* 1: run on a bucket whose object lock keeps every object for
				a default retention (engine_prepare refuses it otherwise) */
	/* read_parts > 1: a get with reads = once (one client of a distributed run) reads
	 * only part read_part (from 0) of the objects it would read: the parts as even as
	 * can be, the first ones one object more, so the clients never read one object twice */
	int read_part, read_parts;
};

/* What the run's buckets keep (docs/METHODOLOGY.md, "Versioned buckets"): engine_prepare
 * asks (collect/s3/sweep.h, sweep_bucket_state), the benchmark counts the delete markers
 * its deletes left, the cleanup what it deleted by version. */
struct engine_versions {
	int asked;                     /* 1: engine_prepare asked the buckets */
	enum s3_versioning versioning; /* the most versioned of the run's buckets */
	int lock;                      /* object lock on any: 1, on none: 0, not known: -1 */
	char lock_mode[16];            /* a default retention's mode ("" none) ... */
	int lock_days;                 /* ... and days */
	uint64_t delete_markers;       /* the benchmark's successful deletes on a versioned
					  bucket: each left a delete marker */
	int cleaned;                   /* 1: the cleanup's counts below are set */
	uint64_t versions, markers;    /* the cleanup: versions and delete markers deleted */
};

#define ENGINE_FIRST_ERRORS 5

#define ENGINE_ADDRS 16
#define ENGINE_TLS 4
#define ENGINE_CONNS 64

/* What the benchmark's transfers used: HTTP versions and per address (addresses = spread)
 * the requests and response + request body bytes; of the connections they opened, the
 * distinct TLS protocol and cipher pairs (the first ENGINE_TLS) with their connections,
 * and how many had TCP_NODELAY set and not (collect/s3/s3.h, struct s3_conn_facts). (The
 * connections they opened are the summary's, counted from the ops log's conn column:
 * core/summary_phases.c.) */
struct engine_transport {
	uint64_t http11, http2, http_other; /* requests by the version they used */
	int n_addr;
	char addr[ENGINE_ADDRS][48];
	uint64_t addr_requests[ENGINE_ADDRS], addr_bytes[ENGINE_ADDRS];
	int n_tls;
	char tls_version[ENGINE_TLS][16], tls_cipher[ENGINE_TLS][64];
	uint64_t tls_conns[ENGINE_TLS];
	uint64_t nodelay_on, nodelay_off;
	/* the connections, each as it left its thread's table (collect/s3/s3.h, struct
	 * s3_conn_info; its opening in Unix ns on the run's clock): the first ENGINE_CONNS,
	 * and how many more */
	int n_conn;
	struct engine_conn {
		uint64_t id, requests;
		int64_t opened_ns;
		char remote[64], tls_version[16], tls_cipher[64], tls_group[32];
	} conn[ENGINE_CONNS];
	uint64_t conns_more;
};

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
	/* the benchmark's first connection: its local and remote address ("" when none
	 * was seen), and the span of the summary's kept segments on CLOCK_MONOTONIC (0 both
	 * when none were kept): collect/run/ reads the client's resources over them */
	char local_ip[64], peer_ip[64];
	int64_t kept_start_mono, kept_end_mono;
	int steady;                        /* duration = auto: 1 when the run stopped because it
					  was steady (collect/engine/steady.h), 0 at max_duration */
	double stopped_s;                  /* when it stopped, seconds from the benchmark's start */
	int64_t realtime_drift_ns;         /* how far the real-time clock moved against the
					  monotonic one over the benchmark (NTP, a VM's host) */
	int realtime_errno;                /* a rate run asked for engine_opts.realtime_prio:
					  why a thread could not have it (EPERM), 0 when all did */
	int reads_exhausted;               /* reads = once: the benchmark ran out of unread objects
					  before its bound */
	struct engine_transport transport; /* the benchmark phase's */
	/* the buckets engine_prepare created (created[i]: bucket i of the run, workload.h's
	 * workload_bucket_name); engine_cleanup removes them, emptied, in a run of more than
	 * one bucket */
	unsigned char created[WL_SPREAD_MAX];
	struct engine_versions ver;
	/* a get with reads = once that calibrates (workload_calibrates): the objects it
	 * read first (once each, then in rounds for at least WL_CALIBRATE_MIN_S), how long
	 * that took, the rate it measured (its GETs / that time), and the objects prepared
	 * for the benchmark, numbers [once_first, once_end) */
	int calibrated;
	uint64_t calib_objects;
	double calib_s, calib_obj_s;
	uint64_t once_first, once_end;
	/* the payload certificate (collect/engine/bodycert.h) of the last phase that sent
	 * bodies: the benchmark's, else the prepare's; payload_phase ENG_CERT_NONE when none */
	int payload_phase;
	struct bodycert payload;
};

#define ENG_CERT_NONE 0
#define ENG_CERT_PREPARE 1
#define ENG_CERT_BENCHMARK 2

int engine_prepare(const struct engine_opts *o, struct engine_result *res, struct err *e);
int engine_benchmark(const struct engine_opts *o, struct engine_result *res, struct err *e);
int engine_cleanup(const struct engine_opts *o, struct engine_result *res, struct err *e);

/* engine_put_range: objects [first, end) of o->wl PUT as the prepare phase PUTs them
 * (8 to 64 workers, each object retried; keys wl_key_obj: a dataset's when wl->dataset),
 * the run's buckets made sure of first (HeadBucket, CreateBucket on 404) and asked for
 * their versioning: `collect dataset create`'s chunks (collect/run/dataset.h). 0, or -1 as
 * engine_prepare (the stop flag ends it with class killed). A run over a dataset
 * (wl->dataset) is otherwise neither prepared nor cleaned up: engine_prepare only makes
 * sure of the buckets, engine_cleanup does nothing. */
int engine_put_range(const struct engine_opts *o, uint64_t first, uint64_t end,
		     struct engine_result *res, struct err *e);

#endif
