/* collect/workload.h: the workload, in one home: its type (struct workload, enum wl_op),
 * names, defaults, limits, checks, spellings and run.json record. The engine
 * (collect/engine/engine.h) runs it and includes this header, never the reverse.
 *
 * Both front ends build a struct workload and check it here: the campaign parser
 * (collect/campaign/, one per [matrix] cell and one-off section) and `collect run`
 * (collect/run/cmd_run.c). So a value one accepts the other accepts, and both
 * refuse it with the same words; each names the field in its own spelling (the campaign
 * key `part_size`, the option `--part-size`) through workload_field_key/_option. */
#ifndef COLLECT_WORKLOAD_H
#define COLLECT_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/ops.h"
#include "core/runrec/runrec.h"

struct replay_trace;
struct dskeys;

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
	WL_GET_SMALL = OP_GET_SMALL,         /* sequential micro-ops */
	WL_PUT_IF_ABSENT = OP_PUT_IF_ABSENT, /* conditional writes (collect/engine/wl_cond.c) */
	WL_CAS = OP_CAS,
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
	WL_SIZE_DIST,
	WL_SIZE_LOGNORMAL
};

#define WL_LOGNORMAL_SIGMA_MAX 3.0    /* lognormal: the largest sigma (ln scale) */
#define WL_LOGNORMAL_TAIL 4.0         /* lognormal: max defaults to median x e^(this x sigma) */
#define WL_LOGNORMAL_MAX (5ULL << 30) /* lognormal: the largest max (S3's largest PUT) */

/* How each object's size is chosen. FIXED: workload.size. RANDOM: log-uniform in
 * [min, max] (Warp's --obj.randsize idea: each size octave equally likely). DIST: size[i]
 * with probability weight[i] / sum(weight), i < n. LOGNORMAL: ln size normal with mean ln
 * median and standard deviation sigma, truncated to [min, max] = [1, max] (a draw outside
 * is drawn again). workload.size is then the largest size (max, or the largest size[i]):
 * the body buffers are sized by it. */
struct wl_sizes {
	enum wl_size_kind kind;
	uint64_t min, max; /* RANDOM; LOGNORMAL (min 1) */
	uint64_t median;   /* LOGNORMAL */
	double sigma;      /* LOGNORMAL: 0 < sigma <= WL_LOGNORMAL_SIGMA_MAX */
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

enum wl_reads {
	WL_READS_RANDOM, /* each get reads a prepared object drawn at random */
	WL_READS_ONCE    /* each prepared object is read at most once (no cache can serve a
			    repeat); the run stops, recorded, when they run out */
};

/* How requests are sent (collect/workload_send.c): what an application's SDK would do.
 * Every field's zero is the default (a zeroed struct is today's behaviour). */
struct wl_send {
	int checksum;     /* enum checksum_alg (collect/s3/checksum.h): PUT / part checksum;
			     a get asks for it back and verifies it; 0 none */
	int payload;      /* enum s3_payload (collect/s3/s3.h); 0 unsigned */
	int reads;        /* enum wl_reads; 0 random */
	int http2;        /* 1: HTTP/2 over TLS where the endpoint offers it; 0 HTTP/1.1 */
	int http2_shared; /* 1: all workers multiplexed on one HTTP/2 connection */
	int no_keepalive; /* 1: a new connection (and TLS handshake) for every request */
	int spread;       /* 1: addresses = spread (workers' connections over every address
			     the endpoint's name resolves to); 0: first */
	/* whether a new connection may resume a TLS session an earlier one negotiated
	 * (workload_tls_resume): 0 as keepalive says (kept-alive clients resume, a
	 * connection per request is cold: a full handshake each), WL_TLS_RESUME_YES,
	 * WL_TLS_RESUME_NO */
	int tls_resume;
	/* what the bodies carry (docs/CAMPAIGN.md, "data"; collect/engine/body.h): enum
	 * wl_data, its value (compressible: the zstd ratio R, 1..WL_DATA_RATIO_MAX; dedup: the
	 * duplicate 4 KiB block share F, 0 <= F < 1) and its spelling ("compressible:2"; ""
	 * for random) */
	int data;
	double data_value;
	char data_spec[24];
	/* server-side encryption and tags of the objects written (docs/CAMPAIGN.md, "sse",
	 * "tags"; collect/s3/s3_sse.h): enum s3_sse (0 none), SSE-KMS's key id ("" none: the
	 * provider's default key) and the spelling ("kms:KEY"); tags 0..WL_TAGS_MAX on each
	 * PutObject and CreateMultipartUpload */
	int sse;
	char sse_kms[64];
	char sse_spec[72];
	int tags;
	/* where the objects go (collect/workload_spread.c): buckets and key prefixes they are
	 * spread over; 0 and 1 both mean one (the subject's bucket, today's keys) */
	int buckets;  /* 0..WL_SPREAD_MAX */
	int prefixes; /* 0..WL_SPREAD_MAX */
	/* each attempt's time limits (docs/CAMPAIGN.md, "Timeouts"), in ms; 0: the default
	 * (connect and read: WL_CONNECT_TIMEOUT_MS, WL_READ_TIMEOUT_MS, the AWS CLI's and
	 * botocore's 60 s; request: none, as in every AWS SDK), WL_TIMEOUT_NONE: none */
	long connect_timeout_ms; /* the TCP connect (and TLS handshake) */
	long read_timeout_ms;    /* no byte moved on the attempt for this long */
	long request_timeout_ms; /* the whole attempt, connect to last byte */
};

enum wl_data {
	WL_DATA_RANDOM,
	WL_DATA_COMPRESSIBLE,
	WL_DATA_DEDUP
};

#define WL_TAGS_MAX 10       /* tags: S3's most tags per object */
#define WL_DATA_RATIO_MAX 16 /* compressible:R: the largest R (body.h's BODY_RATIO_MAX) */

#define WL_TLS_RESUME_YES 1
#define WL_TLS_RESUME_NO 2
#define WL_TIMEOUT_NONE (-1L)
#define WL_CONNECT_TIMEOUT_MS 60000L /* botocore's connect_timeout (the AWS CLI's) */
#define WL_READ_TIMEOUT_MS 60000L    /* botocore's read_timeout (the AWS CLI's) */
#define WL_TIMEOUT_MAX_MS 3600000L   /* one hour: the longest of each limit */

enum wl_hedge_kind {
	WL_HEDGE_NONE,
	WL_HEDGE_P95,  /* the p95 of the run's first WL_HEDGE_WARMUP answers */
	WL_HEDGE_P99,  /* ... their p99 */
	WL_HEDGE_FIXED /* a fixed time, ms */
};

/* A get's hedge (collect/workload_hedge.c; docs/CAMPAIGN.md, "Hedged GETs"): a request
 * still unanswered after the threshold is sent again on a new connection, the first answer
 * kept and the other cancelled (collect/engine/hedge.h). */
struct wl_hedge {
	enum wl_hedge_kind kind;
	double ms;     /* WL_HEDGE_FIXED: the threshold */
	char spec[16]; /* as written ("p95", "200ms"); "" for none */
};

#define WL_HEDGE_WARMUP 500 /* answers that set a p95 / p99 threshold (and are not hedged) */

struct workload {
	enum wl_op op;
	uint64_t size;   /* object size in bytes; the largest one when sizes.kind is not
				 WL_SIZE_FIXED */
	int concurrency; /* workers, 1..1024 */
	enum wl_bound bound;
	double duration_s;     /* WL_BOUND_DURATION */
	uint64_t count;        /* WL_BOUND_COUNT: requests per worker */
	uint64_t objects;      /* objects prepared (get, head, list, delete); put-if-absent
				  and cas: the keys contended for (workload_keys) */
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
	int auto_stop;         /* duration = auto: stop when steady (collect/engine/steady.h),
				 at the latest after duration_s (max_duration), never before
				 min_duration_s */
	double min_duration_s;
	int duration_own;      /* 1: duration_s is the subject's own `duration = D`, which
				 replaced the section's bound (another D, or auto); run.json's
				 workload.duration_subject */
	int retries;           /* benchmark requests retried up to this many times on a
				 throttling or server error, as the SDKs do
				 (collect/engine/retry.h); 0 = none */
	struct wl_send send;   /* how the requests are sent (default: all zero) */
	struct wl_hedge hedge; /* get: hedged requests (default none) */
	/* a replay (`collect replay`, collect/replay.h; borrowed, NULL: none): a mixed open-loop
	 * run whose requests are the trace's, each at its offset (collect/engine/wl_replay.c),
	 * over the trace's objects (prepared: those read before written); run.json's
	 * workload.replay */
	const struct replay_trace *trace;
	/* a run over a dataset (docs/CAMPAIGN.md, "[dataset NAME]"; borrowed, NULL: none):
	 * head, get and list read the dataset's population (objects = its count), keys
	 * dskeys_key (collect/dskeys.h) under dataset_prefix in the run's bucket; the run
	 * neither prepares nor cleans up objects. dataset_name: its name, for run.json */
	const struct dskeys *dataset;
	const char *dataset_name, *dataset_prefix, *dataset_layout; /* layout: "flat", "tree:WxD" */
	uint64_t dataset_size;                                      /* each of its objects' size */
	const char *dataset_keys_sha256; /* its verified key digest ("" not verified) */
	const char *delimiter;           /* list: ListObjectsV2's delimiter (NULL: none) */
	int page_size; /* list: the keys asked for per page (max-keys); 0: WL_DEFAULT_PAGE_SIZE */
};

/* workload_op_name: collect's one name of a workload's op: op_name of core/ops.h ("put",
 * "get", ...) and "mixed" for WL_MIXED, as run.json's workload.op, the OP part of a run
 * id, plan.tsv and the messages spell it; "" for an unknown value. Static strings. */
const char *workload_op_name(enum wl_op op);

/* workload_bound_name: "duration", "count" or "until-done"; the spelling of plan.tsv's
 * bound column, run.json's workload.bound and the campaign file's bound key. */
const char *workload_bound_name(enum wl_bound bd);

#define WL_CONCURRENCY_MAX 1024
#define WL_COUNT_MAX 1000000000ULL  /* requests per worker */
#define WL_OBJECTS_MAX 100000000ULL /* objects prepared */
#define WL_BATCH_MAX 1000           /* keys per DeleteObjects (S3's limit) */
#define WL_PART_MIN (5ULL << 20)    /* S3's smallest part (but for the last) */
#define WL_PART_MAX (5ULL << 30)    /* S3's largest part */
#define WL_PARTS_MAX 10000          /* S3's part numbers 1..10000 */
#define WL_DEFAULT_SIZE 4096ULL     /* object size when none is given */
#define WL_DEFAULT_OBJECTS 100ULL   /* objects prepared when none is given */
#define WL_DEFAULT_KEYS 16ULL       /* put-if-absent, cas: the keys contended for */
#define WL_DEFAULT_PAGE_SIZE 1000   /* list: max-keys per page (S3's most) */
#define WL_RATE_MAX 100000.0        /* offered requests per second */
#define WL_RATE_CAP_WINDOW_S 1.0    /* a rate run's default worker cap: rate x this latency */
#define WL_RATE_CAP_MIN 256         /* ... and at least this many */
#define WL_WEIGHT_MAX 1000000U      /* a mix or dist: weight */
#define WL_RETRIES_MAX 10           /* retries of one request */
#define WL_AUTO_MIN_S 20.0          /* duration = auto: default min_duration */
#define WL_AUTO_MAX_S 300.0         /* duration = auto: default max_duration */
#define WL_AUTO_WINDOW_S 10         /* duration = auto: segments judged (steady.h's window) */
#define WL_AUTO_BAND 0.05           /* duration = auto: their band (steady.h's) */
#define WL_SPREAD_MAX 1000          /* buckets, prefixes: at most this many */
#define WL_BUCKET_NAME_MAX 63       /* S3's longest bucket name */

/* The fields of a workload a message can be about. */
enum wl_field {
	WLF_OP,
	WLF_SIZE,
	WLF_CONCURRENCY,
	WLF_BOUND,
	WLF_DURATION,
	WLF_COUNT,
	WLF_OBJECTS,
	WLF_BATCH,
	WLF_PART_SIZE,
	WLF_TIMEOUT,
	WLF_MIX,
	WLF_RANGE,
	WLF_RATE,
	WLF_SEED,
	WLF_RETRIES,
	WLF_CHECKSUM,
	WLF_PAYLOAD,
	WLF_READS,
	WLF_HTTP,
	WLF_HTTP2_SHARED,
	WLF_KEEPALIVE,
	WLF_ADDRESSES,
	WLF_TLS_RESUME,
	WLF_DATA,
	WLF_SSE,
	WLF_TAGS,
	WLF_BUCKETS,
	WLF_PREFIXES,
	WLF_CONNECT_TIMEOUT,
	WLF_READ_TIMEOUT,
	WLF_REQUEST_TIMEOUT,
	WLF_HEDGE,
	WLF_PAGE_SIZE,
	WLF_COUNT_
};

/* WLF_SEND_LAST: the last field of struct wl_send (WLF_CHECKSUM .. WLF_SEND_LAST); the
 * spelled ones end at WLF_SPELLED_LAST, buckets and prefixes are whole numbers, the
 * timeouts durations. */
#define WLF_SEND_LAST WLF_REQUEST_TIMEOUT
#define WLF_SPELLED_LAST WLF_TAGS

/* workload_field_key: the campaign file's key of f ("part_size"); workload_field_option:
 * collect run's option ("--part-size"). Static strings. */
const char *workload_field_key(enum wl_field f);
const char *workload_field_option(enum wl_field f);

/* WL_OPS_TEXT: every op name, as --help and the messages list them. */
#define WL_OPS_TEXT                                                           \
	"put, get, head, list, delete, multipart, create-bucket, put-empty, " \
	"get-small, put-if-absent, cas, mixed"

/* workload_parse_op: the op named s (case-insensitive); -1 with "'s' is not an op (...)"
 * (the list above) in e. */
int workload_parse_op(const char *s, enum wl_op *op, struct err *e);

/* workload_parse_number: the whole number s for field f (concurrency, count, objects,
 * batch, retries) within the field's range; -1 with "'s' is not a concurrency from 1 to 1024"
 * (the field's noun and range) in e. Both front ends read these fields with it. */
int workload_parse_number(enum wl_field f, const char *s, uint64_t *out, struct err *e);

/* The spellings of the mix, size-spec, range, rate and seed fields. Each returns 0, or -1
 * with what is wrong, the value quoted and without the field's name, in e (the caller
 * puts its own spelling of the field in front); the limits are workload_check's.
 *
 * workload_parse_mix: "get:45, put:15, head:30, delete:10" (blanks around items allowed;
 * "stat" is another name of head; an op absent has weight 0; each op once; weights
 * 0..WL_WEIGHT_MAX) into *mix (zeroed first). */
int workload_parse_mix(const char *s, struct wl_mix *mix, struct err *e);

/* workload_parse_sizes (collect/workload_sizes.c): a size spec into *sz and *size
 * (workload.size):
 *   "4KiB"                     WL_SIZE_FIXED, *size = 4096, sz->spec ""
 *   "random:4KiB..1MiB"        WL_SIZE_RANDOM min..max, *size = max
 *   "dist:4KiB:50,64KiB:30"    WL_SIZE_DIST (size:weight, at most WL_DIST_MAX), *size =
 *                              the largest size
 *   "lognormal:64KiB,1.5"      WL_SIZE_LOGNORMAL median, sigma (above 0, at most
 *   "lognormal:64KiB,1.5,max=16MiB"  WL_LOGNORMAL_SIGMA_MAX), min 1, max (at least the
 *                              median, at most WL_LOGNORMAL_MAX; default median x
 *                              e^(WL_LOGNORMAL_TAIL x sigma) rounded, capped there),
 *                              *size = max
 * sz->spec is the text without blanks (at most 127 characters). */
int workload_parse_sizes(const char *s, struct wl_sizes *sz, uint64_t *size, struct err *e);

/* workload_squeeze: s without blanks into buf (n bytes); -1 when it does not fit. */
int workload_squeeze(const char *s, char *buf, size_t n);

/* workload_parse_weight: a weight of a mix or dist: (digits only, 0..WL_WEIGHT_MAX) into
 * *out; -1 when s is not one. */
int workload_parse_weight(const char *s, unsigned *out);

/* workload_parse_range: "A..B" (WL_RANGE_FIXED, bytes [A, B): off A, len B - A; B > A)
 * or "random:LEN" (WL_RANGE_RANDOM) into *r (zeroed first); r->spec the text without
 * blanks. */
int workload_parse_range(const char *s, struct wl_range *r, struct err *e);

/* workload_parse_rate: "500/s" or "500" (a positive number, fractions allowed, at most
 * WL_RATE_MAX) into *rate, requests per second. */
int workload_parse_rate(const char *s, double *rate, struct err *e);

/* workload_parse_seed: a whole number 0..2^63-1 (what a JSON integer holds) into *seed
 * (0: time-based). */
int workload_parse_seed(const char *s, uint64_t *seed, struct err *e);

/* workload_parse_hedge: "p95", "p99" (the run's own percentile: collect/engine/hedge.h),
 * a time "200ms", "1.5s" (above 0, at most 1 h), or "none" into *h (zeroed first); h->spec
 * the text without blanks. */
int workload_parse_hedge(const char *s, struct wl_hedge *h, struct err *e);

/* workload_format_mix: the weights of mix as workload_parse_mix reads them, the ops with
 * a weight only, in the order get, put, head, delete ("get:45,put:15,head:30,delete:10");
 * "" when all are 0. Returns buf (at least WL_MIX_TEXT_MAX bytes). */
#define WL_MIX_TEXT_MAX 96
char *workload_format_mix(const struct wl_mix *mix, char *buf, size_t n);

/* workload_format_rate: "500/s", "0.5/s" (%g); "" for 0. Returns buf (>= 32 bytes). */
char *workload_format_rate(double rate, char *buf, size_t n);

/* workload_replay: wl (its send keys, retries and keep as they are) made the replay of
 * trace t (borrowed): a mixed open-loop run whose requests are the trace's, its mix each
 * op's share in percent (at least 1 for an op it has), its size the largest object's, its
 * bound the trace's span plus 1 ms, its rate the requests less one half over that (so
 * that summary_rate_slots of the rate and bound is the trace's requests), its concurrency the
 * given cap (0: workload_rate_cap of the rate). */
void workload_replay(struct workload *wl, const struct replay_trace *t, int concurrency);

/* workload_prepared_objects: how many objects the prepare phase creates (get, head,
 * list, delete, mixed: wl->objects or WL_DEFAULT_OBJECTS; get-small: 1; cas: its keys,
 * workload_keys; others 0). A get
 * or mixed run with reads = once and no objects given prepares one per expected request
 * (a mixed run's gets and deletes may each use one up): count x
 * workers (count bound), ceil(rate x duration) (a rate run); a closed-loop duration get
 * calibrates (workload_calibrates): its first batch, workload_once_calibration, the rest
 * decided by the rate measured; a closed-loop duration mixed run WL_DEFAULT_OBJECTS. A run
 * whose objects run out stops there, class exhausted. */
uint64_t workload_prepared_objects(const struct workload *wl);

/* A get with reads = once, bound by a duration, closed loop, without objects, calibrates
 * (docs/METHODOLOGY.md, "reads = once"): its prepare PUTs workload_once_calibration
 * objects, reads each once with the run's workers to measure the GET rate R (obj/s), then
 * PUTs workload_once_objects(wl, R) more for the benchmark, which reads only those.
 * workload_calibrates: 1 for such a run. workload_once_calibration: max(64, 8 x workers),
 * at most WL_OBJECTS_MAX. workload_once_objects: ceil(WL_ONCE_MARGIN x R x duration) +
 * workers, 1 .. WL_OBJECTS_MAX. */
#define WL_ONCE_MARGIN 1.5
/* The shortest calibration: its objects are read again in rounds until it has lasted this
 * long (a rate measured over a few milliseconds is the connections' set-up). */
#define WL_CALIBRATE_MIN_S 0.5
int workload_calibrates(const struct workload *wl);
uint64_t workload_once_calibration(const struct workload *wl);
uint64_t workload_once_objects(const struct workload *wl, double obj_s);

/* workload_workers: the workers a run of wl may use: 1 for the sequential micro-ops
 * (create-bucket, put-empty, get-small), else concurrency. A rate run starts with fewer
 * and wakes more by Little's law (rate x latency) when a slot is due and none is free,
 * concurrency being the cap (collect/engine/engine_loop.c). */
int workload_workers(const struct workload *wl);

/* workload_rate_cap: the default worker cap of a rate run offering `rate` req/s (> 0):
 * enough for 1 s latency, max(WL_RATE_CAP_MIN, ceil(rate x 1 s)), at most
 * WL_CONCURRENCY_MAX. */
int workload_rate_cap(double rate);

/* workload_defaults: wl = every default for op: size WL_DEFAULT_SIZE, concurrency 1,
 * bound duration (length 0: the caller gives one), part_size WL_PART_MIN for multipart,
 * objects and batch 0 (the engine's own: 100 prepared objects, one DELETE per object),
 * keep 0; mixed: Warp's mix get 45, head 30, put 15, delete 10; fixed size, no range,
 * closed loop (rate 0), seed 0 (time-based). */
void workload_defaults(struct workload *wl, enum wl_op op);

/* workload_default_timeout: the wall-clock limit of a run when none is given: twice the
 * duration plus 60 s for a duration bound, else 30 minutes. */
double workload_default_timeout(const struct workload *wl);

/* workload_check: 0 when wl, and timeout_s (its wall-clock limit; 0: not checked), lie
 * within the limits above; else -1, the field at fault in *field and in e what is wrong
 * with it, the value quoted, without the field's name ("'4MiB' is smaller than S3's
 * 5MiB minimum part size"): the caller puts its own spelling of the field in front. Checked:
 * op known; concurrency 1..WL_CONCURRENCY_MAX; duration > 0 (duration bound); count
 * 1..WL_COUNT_MAX (count bound); until-done only for delete; objects 0 or
 * 1..WL_OBJECTS_MAX, and only for get, head, list, delete, mixed; batch 0 or
 * 1..WL_BATCH_MAX, only for delete; part_size only for multipart, WL_PART_MIN..WL_PART_MAX,
 * size larger than part_size and at most WL_PARTS_MAX parts; timeout longer than the
 * duration; a mix only for mixed, weights only for get, put, head, delete,
 * each <= WL_WEIGHT_MAX, their sum > 0; a size distribution only for put, get and mixed:
 * random 0 < min <= max, dist 1..WL_DIST_MAX entries of sizes > 0, each once, weights
 * 1..WL_WEIGHT_MAX, and size = the largest size; a range only for get, its length > 0,
 * and inside every object of the run: a fixed range's end (off + len), a random range's
 * length at most the smallest size (fixed size, random min, smallest dist entry); a rate
 * only with a duration bound, for put, get, head and mixed, 0 < rate <= WL_RATE_MAX;
 * the send fields together (workload_check_send); a hedge only for get, and without retries
 * ("'p95': a hedge is only for get (this workload is put)"). */
int workload_check(const struct workload *wl, double timeout_s, enum wl_field *field,
		   struct err *e);

/* workload_is_send_field: f is one of the wl_send fields (WLF_CHECKSUM .. WLF_SEND_LAST). */
int workload_is_send_field(enum wl_field f);

/* workload_parse_send: the value s of send field f into *snd (collect/workload_send.c):
 *   checksum      none | crc32 | crc32c | crc64nvme | sha1 | sha256 | md5
 *   payload       unsigned | signed | streaming | streaming-unsigned | streaming-trailer
 *   reads         random | once
 *   http          1.1 | 2
 *   http2_shared  yes | no
 *   keepalive     yes | no
 *   addresses     first | spread
 *   tls_resume    yes | no
 *   data          random | compressible:R (1 <= R <= WL_DATA_RATIO_MAX) | dedup:F
 *                 (0 <= F < 1); normalized ("compressible:2.5", "dedup:0.5"; "random"
 *                 for compressible:1 and dedup:0) into data_spec
 *   sse           none | s3 | c | kms | kms:KEYID (KEYID: at most 63 characters, no blank)
 *   tags          0 .. WL_TAGS_MAX
 *   buckets       1 .. WL_SPREAD_MAX
 *   prefixes      1 .. WL_SPREAD_MAX
 *   connect_timeout  a duration, 1ms .. 1h
 *   read_timeout     a duration, 1ms .. 1h, or none
 *   request_timeout  a duration, 1ms .. 1h, or none
 * (case-insensitive). -1 with what is wrong, the value quoted, in e. */
int workload_parse_send(enum wl_field f, const char *s, struct wl_send *snd, struct err *e);

/* workload_check_send: 0 when the send fields of snd go together, else -1 with the field
 * at fault in *field and what is wrong in e (as workload_check): payload
 * streaming-trailer needs a checksum other than none and md5 (its trailer carries it).
 * workload_check calls it. */
int workload_check_send(const struct wl_send *snd, enum wl_field *field, struct err *e);

/* workload_send_value: the spelling of field f's value in snd (as workload_parse_send
 * reads it; tls_resume's default resolved; "" for another field, and for buckets,
 * prefixes and the timeouts: numbers). Static strings, but data's and sse's: snd->data_spec,
 * snd->sse_spec (alive while snd is). */
const char *workload_send_value(enum wl_field f, const struct wl_send *snd);

/* workload_timeout_ms: the limit of timeout field f (WLF_CONNECT_TIMEOUT,
 * WLF_READ_TIMEOUT, WLF_REQUEST_TIMEOUT) that snd's runs apply, its default resolved:
 * ms > 0, or 0 for none. */
long workload_timeout_ms(enum wl_field f, const struct wl_send *snd);

/* workload_verifies_checksums: 1 when wl's GETs ask for the checksum and check it (a
 * checksum set, and an op that reads: get, get-small, mixed); its ops log then has the
 * `checksum` column and its summary checksums_verified / checksums_absent. */
int workload_verifies_checksums(const struct workload *wl);

/* workload_conditional: 1 when wl is a conditional write (put-if-absent, cas): its ops
 * log then has the `if_match` and `etag` columns. workload_keys: the keys such a run's
 * workers contend for, wl->objects or WL_DEFAULT_KEYS (docs/METHODOLOGY.md, "Conditional
 * writes"). */
int workload_conditional(const struct workload *wl);
uint64_t workload_keys(const struct workload *wl);

/* workload_page_size: a list's max-keys per ListObjectsV2 page, wl->page_size or
 * WL_DEFAULT_PAGE_SIZE (docs/CAMPAIGN.md, [list] page_size); its ops log has the `page`
 * column (docs/FORMATS.md). */
int workload_page_size(const struct workload *wl);

/* workload_log_columns: the columns of wl's ops log beyond Warp's into *o (every field
 * set): intended (a rate run), the phases (always), attempt (retries > 0), hedge (a hedged
 * get), checksum (workload_verifies_checksums). */
struct opslog_writer_opts;
void workload_log_columns(const struct workload *wl, struct opslog_writer_opts *o);

/* workload_tls_resume: 1 when snd's new connections may resume a TLS session (tls_resume
 * = yes, or by default with keepalive = yes), 0 when each is a full handshake. */
int workload_tls_resume(const struct wl_send *snd);

/* workload_send_record: run.json's workload.send record of snd: every spelled send field
 * (checksum .. tls_resume) with its value (workload_send_value; buckets and prefixes are
 * the workload's own fields), then each attempt's time limits (workload_timeout_ms, 0:
 * none). */
void workload_send_record(const struct wl_send *snd, struct runrec_send *out);

/* workload_record: run.json's "workload" record of wl (docs/FORMATS.md) into *out: op,
 * size, concurrency, bound, duration_s, count, objects, batch, part_size (null when not
 * used), timeout_s (timeout_s), keep, then mix, size_spec, range and rate (null when not
 * used), workers (workload_workers), seed (null: time-based), retries, duration_auto,
 * duration_subject, send (workload_send_record), buckets and prefixes (workload_buckets,
 * workload_prefixes: 1 when not spread). The strings point into wl or are static. */
void workload_record(const struct workload *wl, double timeout_s, struct runrec_workload *out);

/* Many buckets and prefixes (collect/workload_spread.c; docs/CAMPAIGN.md, "Buckets and
 * prefixes").
 *
 * workload_buckets / workload_prefixes: how many buckets / key prefixes the run's objects
 * are spread over (send.buckets / send.prefixes, at least 1). */
int workload_buckets(const struct workload *wl);
int workload_prefixes(const struct workload *wl);

/* workload_spreads: 1 when op can spread its objects (put, get, head, list, delete,
 * multipart, mixed); the sequential micro-ops (create-bucket, put-empty, get-small) use
 * one bucket and today's keys. */
int workload_spreads(enum wl_op op);

/* workload_bucket_name: bucket i (0 .. n-1) of a run over the subject's bucket `base`:
 * base itself for i = 0, else base-i ("bench", "bench-1", ... "bench-999"), into buf (n
 * bytes, at least WL_BUCKET_NAME_MAX + 1). 0, or -1 when the name would be longer than
 * WL_BUCKET_NAME_MAX characters (or than buf). */
int workload_bucket_name(const char *base, int i, char *buf, size_t n);

/* workload_check_bucket_names: 0 when every name of `buckets` buckets over base fits S3's
 * 63 characters (the longest is base-(buckets-1)); else -1 with "'NAME' ... (S3's limit
 * is 63 characters)" in e. */
int workload_check_bucket_names(const char *base, int buckets, struct err *e);

/* workload_key_prefix: the key prefix i (0 .. prefixes-1) placed before a run's keys:
 * "" when prefixes <= 1, else "p" and i in three digits and '/' ("p000/" .. "p999/"),
 * into buf (at least 8 bytes). Returns buf. */
char *workload_key_prefix(int i, int prefixes, char *buf, size_t n);

/* workload_spread_of: where object number m goes: bucket m mod buckets, prefix
 * (m / buckets) mod prefixes (buckets, prefixes >= 1): B x P consecutive numbers cover
 * every bucket and prefix pair once. */
void workload_spread_of(uint64_t m, int buckets, int prefixes, int *bucket, int *prefix);

/* Where a run's objects live: its buckets and its whole key prefixes. */
struct workload_where {
	int nb, np;
	char **bucket; /* nb names: workload_bucket_name(base, i) */
	char **prefix; /* np prefixes: workload_key_prefix(j) + the run's prefix */
};

/* workload_where_new: *w for nb buckets over base and np prefixes before run_prefix (nb,
 * np < 1 count as 1). 0, or -1 with a message (a bucket name too long, out of memory);
 * *w is then empty. Release with workload_where_free (also of an empty one). */
int workload_where_new(struct workload_where *w, const char *base, int nb, int np,
		       const char *run_prefix, struct err *e);
void workload_where_free(struct workload_where *w);

#endif
