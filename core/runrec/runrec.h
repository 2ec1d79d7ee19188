/* core/runrec/runrec.h: run.json's envelope (docs/FORMATS.md, "run.json"): one struct per
 * record and one writer and one reader of each, for both ends of the file; the final
 * "summary" is core/summary.h's, and the envelope carries its object as that codec wrote
 * it. A record with some members left out is a file of the same form (runrec.absent).
 *
 * Conventions of every record here:
 * - X_to_json(x): the record's object (new reference; NULL when out of memory).
 * - X_from_json(j, path, x, e): j into *x (zeroed first); 0, or -1 with a message naming
 *   the JSON path of the member at fault ("field workload.rate: expected a number"; path is
 *   j's own); the caller puts the file name in front.
 * - `absent`: the members the file read lacked (bit i: member i in file order), left out
 *   again by the writer, so a file read and written back is the same text; a record a
 *   writer fills has it 0 (every member written).
 * - Strings (const char *) are borrowed: from the caller's data when writing, from the JSON
 *   read (alive while it is) when reading; char arrays are the record's own. Arrays of
 *   records (clients.list, clients.hosts) are the record's own: runrec_clients_clear.
 * - A null member has a value of its own: NULL for a string, RUNREC_NULL_INT, NaN or 0 as
 *   each member says. */
#ifndef CORE_RUNREC_H
#define CORE_RUNREC_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/climit.h"
#include "core/err.h"
#include "core/price.h"
#include "core/runrec/runrec_clientres.h"
#include "core/summary.h"

#define RUNREC_FIRST_MAX 5  /* errors.first: the first error texts kept */
#define RUNREC_ADDRS_MAX 16 /* transport.addresses */
#define RUNREC_TLS_MAX 4    /* transport.tls */
#define RUNREC_CONNS_MAX 64 /* transport.connections.list */

/* ---- who ran it, and what it was asked --------------------------------------- */

/* "tool": the program and the libraries it ran with. */
struct runrec_tool {
	uint64_t absent;
	const char *name, *version, *libcurl, *openssl, *libzstd, *jansson;
};

/* "host": the machine (hostname and os null when uname failed; machine then left out). */
struct runrec_host {
	uint64_t absent;
	const char *hostname, *os;
	const char *machine; /* NULL: left out */
	int64_t cpus;
	const char *cpu_model; /* /proc/cpuinfo's "model name"; NULL: null (none there) */
};

/* "campaign" (null for a single `collect run`). */
struct runrec_campaign {
	uint64_t absent;
	const char *name, *title, *client, *file, *order;
	int64_t cycles;
	double p99_limit_ms;      /* 0: null */
	const char *cost_example; /* NULL: left out */
	const char *vantage;      /* [campaign] vantage, where the client measured from; NULL:
				     left out */
};

/* "subject", without secrets: credentials says where the keys came from. */
struct runrec_subject {
	uint64_t absent;
	const char *id, *label, *endpoint, *region, *bucket, *addressing, *color;
	int insecure;
	const char *credentials;
	const char *ca_bundle; /* NULL: null (the system's CAs) */
	const char *addressing_used;
};

json_t *runrec_tool_to_json(const struct runrec_tool *t);
int runrec_tool_from_json(const json_t *j, const char *path, struct runrec_tool *t, struct err *e);
json_t *runrec_host_to_json(const struct runrec_host *h);
int runrec_host_from_json(const json_t *j, const char *path, struct runrec_host *h, struct err *e);
json_t *runrec_campaign_to_json(const struct runrec_campaign *c);
int runrec_campaign_from_json(const json_t *j, const char *path, struct runrec_campaign *c,
			      struct err *e);
/* runrec_subject_insecure: 1 when the subject skipped TLS verification, 0 when not, -1
 * when the file read did not say (written before insecure existed). */
int runrec_subject_insecure(const struct runrec_subject *s);
json_t *runrec_subject_to_json(const struct runrec_subject *s);
int runrec_subject_from_json(const json_t *j, const char *path, struct runrec_subject *s,
			     struct err *e);

/* workload.send: how the requests were sent, each campaign key (docs/CAMPAIGN.md) with the
 * value the run used; NULL: the key is left out. */
enum runrec_send_field {
	RUNREC_SEND_CHECKSUM,
	RUNREC_SEND_PAYLOAD,
	RUNREC_SEND_READS,
	RUNREC_SEND_HTTP,
	RUNREC_SEND_HTTP2_SHARED,
	RUNREC_SEND_KEEPALIVE,
	RUNREC_SEND_ADDRESSES,
	RUNREC_SEND_TLS_RESUME,
	RUNREC_SEND_DATA,
	RUNREC_SEND_SSE,
	RUNREC_SEND_TAGS,
	RUNREC_SEND_COUNT
};

/* workload.send: the spelled fields, then each attempt's time limits in ms, their
 * defaults resolved (connect_timeout_ms, read_timeout_ms, request_timeout_ms; 0: none;
 * RUNREC_NULL_INT: left out, as in a file written before them). */
struct runrec_send {
	const char *v[RUNREC_SEND_COUNT];
	int64_t connect_timeout_ms, read_timeout_ms, request_timeout_ms;
};

/* runrec_send_key: the key of send field f ("checksum", "http2_shared", the campaign
 * key too); runrec_send_default: the value a run has when the field is not given
 * ("none", "unsigned", "random", "1.1", "no", "yes", "first", "yes": tls_resume's with
 * keepalive yes, "random", "none", "0"). Static strings; "" for another f. */
const char *runrec_send_key(enum runrec_send_field f);
const char *runrec_send_default(enum runrec_send_field f);

/* The ops a mixed workload's weights are for, in the order they are written. */
enum runrec_mix_op {
	RUNREC_MIX_GET,
	RUNREC_MIX_PUT,
	RUNREC_MIX_HEAD,
	RUNREC_MIX_DELETE,
	RUNREC_MIX_OPS
};

/* runrec_mix_op_name: "get", "put", "head", "delete" ("" for another k). */
const char *runrec_mix_op_name(int k);

#define RUNREC_WEIGHT_MAX 1000000

/* workload.replay: a replay's trace and what of it was sent (docs/FORMATS.md, run.json). */
struct runrec_replay {
	uint64_t absent;
	const char *trace;  /* the trace file, as given */
	const char *digest; /* its SHA-256, 64 hex digits */
	double speed;
	const char *remap;           /* "keys" or "none" */
	const char *ops;             /* "get,put": the ops kept; NULL: null (all) */
	double window_from_s;        /* the window's start (0: the trace's first request) */
	double window_to_s;          /* its end; 0: null (the trace's last) */
	int64_t requests;            /* the requests replayed */
	int64_t other_ops, attempts; /* rows left out: other ops, retried or lost attempts */
	int64_t filtered, bad_lines; /* requests left out by ops or window; lines unread */
};

/* "workload": what the run was asked to do. */
struct runrec_workload {
	uint64_t absent;
	const char *op; /* "put", "get", ..., "mixed" */
	int64_t size;   /* bytes (the largest of a size distribution) */
	int64_t concurrency;
	const char *bound;                        /* "duration", "count", "until-done" */
	double duration_s;                        /* 0: null (not a duration bound) */
	int64_t count, objects, batch, part_size; /* 0: null */
	double timeout_s;
	int keep;
	int has_mix; /* 0: mix null */
	int64_t mix[RUNREC_MIX_OPS];
	const char *size_spec, *range; /* NULL: null */
	double rate;                   /* offered requests per second; 0: null (closed loop) */
	int64_t workers;
	int64_t seed; /* 0: null (time-based) */
	int64_t retries;
	int has_auto; /* duration_auto: 0 null */
	uint64_t auto_absent;
	double auto_min_s, auto_max_s;
	int64_t auto_window_s;
	double auto_band;
	int duration_subject;
	int has_send; /* 0: send null */
	struct runrec_send send;
	int64_t buckets, prefixes;
	const char *hedge;     /* "p95", "p99", "200ms": a hedged get; NULL: null (none) */
	const char *delimiter; /* a list's delimiter; NULL: null (none) */
	int64_t page_size;     /* a list's max-keys per page; 0: null (not a list) */
	/* dataset: the dataset a run read (docs/CAMPAIGN.md, "[dataset NAME]"); has_dataset 0:
	 * null (objects of its own). Its name, key prefix, layout ("flat", "tree:WxD"), and
	 * fingerprint (objects, bytes, keys_sha256: "" when not verified) */
	int has_dataset;
	uint64_t ds_absent;
	const char *ds_name, *ds_prefix, *ds_layout, *ds_keys_sha256;
	int64_t ds_objects, ds_bytes;
	int has_replay; /* 0: no replay member (not a replay) */
	struct runrec_replay replay;
};

json_t *runrec_workload_to_json(const struct runrec_workload *w);
int runrec_workload_from_json(const json_t *j, const char *path, struct runrec_workload *w,
			      struct err *e);

/* ---- how the run went ----------------------------------------------------------- */

enum run_phase {
	PHASE_PREPARE,
	PHASE_BENCHMARK,
	PHASE_CLEANUP,
	PHASE_COUNT
};

enum phase_state {
	PH_NOT_REACHED,
	PH_STARTED,
	PH_DONE,
	PH_FAILED,
	PH_SKIPPED
};

/* runrec_phase_name: "prepare", "benchmark", "cleanup"; runrec_phase_state_name:
 * "not-reached", "started", "done", "failed", "skipped"; runrec_phase_state_parse: the
 * state named s, -1 for another. */
const char *runrec_phase_name(enum run_phase p);
const char *runrec_phase_state_name(enum phase_state s);
int runrec_phase_state_parse(const char *s);

/* "wrapper.local": when the run started on the client's clock (its time zone, TZ or
 * /etc/localtime): the hour 0-23, the ISO weekday 1 (Monday) - 7 (Sunday) and the offset from
 * UTC in minutes; known 0: left out (a file before it, a record that has none). */
struct runrec_local {
	int known;
	int64_t hour, weekday, utc_offset_min;
	const char *tz; /* "wrapper.provider_local" only: the subject's IANA zone */
};

/* runrec_local_of: the client's local hour, weekday and offset at Unix ns t into *l (known
 * 0 when t is 0 or the local time cannot be had). */
void runrec_local_of(int64_t t, struct runrec_local *l);

/* "wrapper": the collector's view of the run's process. */
struct runrec_wrapper {
	uint64_t absent;
	int64_t started_ns, ended_ns; /* Unix ns; 0: null */
	double elapsed_s;             /* NaN: absent from the file read */
	int64_t exit_code;            /* RUNREC_NULL_INT: null (killed by `signal`) */
	int64_t signal;
	int timed_out, interrupted;
	struct runrec_local local; /* at started (written after it) */
	/* "wrapper.provider_local": at started in the subject's `tz` (core/tzone.h), with the
	 * zone's name; known 0: left out (no tz) */
	struct runrec_local provider_local;
};

/* "errors": the failed requests, the run's class and the first error texts. */
struct runrec_errors {
	uint64_t absent;
	int64_t count;
	const char *cls; /* err_class_name (core/errclass.h); NULL: null */
	int n_first;
	const char *first[RUNREC_FIRST_MAX];
};

json_t *runrec_wrapper_to_json(const struct runrec_wrapper *w);
int runrec_wrapper_from_json(const json_t *j, const char *path, struct runrec_wrapper *w,
			     struct err *e);
json_t *runrec_errors_to_json(const struct runrec_errors *x);
int runrec_errors_from_json(const json_t *j, const char *path, struct runrec_errors *x,
			    struct err *e);

/* "calibration": a get with reads = once that measured its rate before preparing the
 * objects its benchmark reads (docs/METHODOLOGY.md, "reads = once"). */
struct runrec_calibration {
	uint64_t absent;
	int64_t objects;  /* the objects read once to measure */
	double seconds;   /* how long that took */
	double obj_s;     /* objects / seconds */
	int64_t prepared; /* the objects then prepared for the benchmark */
};

json_t *runrec_calibration_to_json(const struct runrec_calibration *c);
int runrec_calibration_from_json(const json_t *j, const char *path, struct runrec_calibration *c,
				 struct err *e);

/* "versioning": what the run's buckets kept of what it wrote and deleted (docs/FORMATS.md;
 * docs/METHODOLOGY.md, "Versioned buckets"). */
struct runrec_versioning {
	uint64_t absent;
	char status[16];         /* "enabled", "suspended", "off", "unknown" */
	int object_lock;         /* 1, 0; -1: null (not known) */
	char retention_mode[16]; /* an object lock's default retention ("GOVERNANCE"); "":
				    retention null */
	int64_t retention_days;
	int allow_retention;
	int64_t delete_markers; /* the benchmark's deletes that left a delete marker */
	int has_cleanup;        /* 0: cleanup null (it did not run) */
	int64_t cleanup_versions, cleanup_markers;
};

json_t *runrec_versioning_to_json(const struct runrec_versioning *v);
int runrec_versioning_from_json(const json_t *j, const char *path, struct runrec_versioning *v,
				struct err *e);

/* "credentials": where the run's keys came from and every time temporary ones were
 * fetched again (docs/FORMATS.md; docs/METHODOLOGY.md, "Credentials"); never a key. */
#define RUNREC_REFRESH_MAX 64
struct runrec_refresh {
	uint64_t absent;
	int64_t at_ns; /* Unix ns the fetch started */
	double took_ms;
	int ok;
	int64_t expires_ns; /* the new keys' expiry; 0: null (none, or it failed) */
	char source[160];
	char error[160]; /* "": null */
};

struct runrec_credentials {
	uint64_t absent;
	char source[256];   /* where the keys came from ("environment", "profile P in F",
				 "credential_process of profile P", "role ARN (...)", ...) */
	int64_t fetched_ns; /* the first fetch (Unix ns; 0: null) */
	double took_ms;     /* how long it took */
	int64_t expires_ns; /* the first keys' expiry; 0: null (they do not) */
	int64_t refreshes;  /* fetches again during the run */
	int64_t failed;     /* of them, failed */
	int n;              /* the last n of them (at most RUNREC_REFRESH_MAX) */
	struct runrec_refresh log[RUNREC_REFRESH_MAX];
};

json_t *runrec_credentials_to_json(const struct runrec_credentials *c);
int runrec_credentials_from_json(const json_t *j, const char *path, struct runrec_credentials *c,
				 struct err *e);

/* "transport": what the benchmark's transfers used; of the connections they opened, the
 * TLS protocol and cipher pairs (transport.tls) and how many had TCP_NODELAY set
 * (transport.tcp_nodelay). */
struct runrec_transport {
	uint64_t absent;
	int64_t http11, http2, http_other;
	int n_addr;
	struct runrec_address {
		char address[48];
		int64_t requests, bytes;
	} addr[RUNREC_ADDRS_MAX];
	int n_tls;
	struct runrec_tls {
		char version[16], cipher[64];
		int64_t connections;
	} tls[RUNREC_TLS_MAX];
	int64_t nodelay_on, nodelay_off;
	/* "connections": the benchmark's connections (the first RUNREC_CONNS_MAX to leave the
	 * collector's tables) and how many more there were */
	int n_conn;
	struct runrec_conn {
		int64_t id, requests;
		int64_t opened_ns; /* Unix ns on the run's clock */
		char remote[64], tls_version[16], tls_cipher[64], tls_group[32];
	} conn[RUNREC_CONNS_MAX];
	int64_t conns_more;
};

/* "payload": the certificate of the bodies the run sent (docs/FORMATS.md; docs/METHODOLOGY.md,
 * "Upload data"): the data mode asked, the phase whose bodies were sampled, how many were
 * sent and sampled, the bytes and whole blocks sampled, and the figures (NaN: null, when no
 * whole block or no byte was sampled). */
struct runrec_payload {
	uint64_t absent;
	char data[24];  /* workload.send.data's value ("random", "compressible:2") */
	char phase[16]; /* "benchmark", "prepare" */
	int64_t bodies, sampled, bytes, blocks_512, blocks_4k;
	double unique_512_share, unique_4k_share, zstd_ratio;
};

json_t *runrec_payload_to_json(const struct runrec_payload *p);
int runrec_payload_from_json(const json_t *j, const char *path, struct runrec_payload *p,
			     struct err *e);

/* "billing" and "phase_retries": the billable counts of each phase the process ran (bit k
 * of `phases`: phase k ran, billing.PHASE holds bill[k]; phase_retries.prepare and
 * .cleanup hold retries[k]); null for a phase that did not. */
struct runrec_billing {
	unsigned phases;
	struct bill_counts bill[PHASE_COUNT];
	int64_t retries[PHASE_COUNT];
};

json_t *runrec_transport_to_json(const struct runrec_transport *t);
int runrec_transport_from_json(const json_t *j, const char *path, struct runrec_transport *t,
			       struct err *e);
/* runrec_billing_to_json / _from_json: the "billing" member of b; runrec_retries_to_json /
 * _from_json: its "phase_retries" member (the phases that ran are billing's). */
json_t *runrec_billing_to_json(const struct runrec_billing *b);
int runrec_billing_from_json(const json_t *j, const char *path, struct runrec_billing *b,
			     struct err *e);
json_t *runrec_retries_to_json(const struct runrec_billing *b);
int runrec_retries_from_json(const json_t *j, const char *path, struct runrec_billing *b,
			     struct err *e);

/* ---- the clients of a run --------------------------------------------------------- */

/* A client's own figures (clients.list[].summary): requests, bytes, errors, mib_s, obj_s
 * and latency_ms of its own rows' summary (core/summary.h). */
struct runrec_brief {
	uint64_t absent;
	int64_t requests, bytes, errors;
	double mib_s, obj_s;
	int has_latency; /* 0: latency_ms null */
	struct lat_stats latency;
};

/* runrec_brief_from_json: the brief of j, a client's summary object (its other members are
 * not read); mib_s and obj_s must be numbers >= 0. */
int runrec_brief_from_json(const json_t *j, const char *path, struct runrec_brief *b,
			   struct err *e);

/* One clients.list entry. */
struct runrec_client {
	uint64_t absent;
	int64_t rank;
	const char *host, *client_id;
	double offset_ms, rtt_ms;
	const char *status;       /* "complete", "failed" */
	const char *cls, *reason; /* NULL: null */
	int has_summary;          /* 0: summary null */
	struct runrec_brief summary;
	int has_client; /* its machine's record; 0: left out */
	struct runrec_clientres client;
	int has_limit; /* the record's verdict (core/climit.h); 0: left out */
	struct climit_verdict limit;
};

/* "clients": who produced the run's rows. */
struct runrec_clients {
	uint64_t absent;
	int64_t count, concurrency_total;
	const char **hosts;         /* count host names by rank (owned array) */
	struct runrec_client *list; /* n_list entries (owned array) */
	size_t n_list;
};

json_t *runrec_clients_to_json(const struct runrec_clients *c);
int runrec_clients_from_json(const json_t *j, const char *path, struct runrec_clients *c,
			     struct err *e);
/* runrec_clients_alloc: room for n hosts and n list entries (zeroed), n_list = n; 0, or
 * -1 with a message. runrec_clients_clear: free the arrays and zero c. */
int runrec_clients_alloc(struct runrec_clients *c, size_t n, struct err *e);
void runrec_clients_clear(struct runrec_clients *c);
/* runrec_clients_copy: src (count hosts, n_list entries) into *dst with arrays of its own;
 * the strings stay borrowed from where src's point. 0, or -1 with a message (out of
 * memory, or count not n_list; *dst then zeroed). Release *dst with runrec_clients_clear. */
int runrec_clients_copy(struct runrec_clients *dst, const struct runrec_clients *src,
			struct err *e);

/* ---- the envelope ------------------------------------------------------------------ */

/* The envelope's members in file order (bits of runrec.absent). */
enum runrec_member {
	RUNREC_FORMAT,
	RUNREC_TOOL,
	RUNREC_HOST,
	RUNREC_CAMPAIGN,
	RUNREC_CYCLE,
	RUNREC_SUBJECT,
	RUNREC_WORKLOAD,
	RUNREC_PHASES,
	RUNREC_WRAPPER,
	RUNREC_ERRORS,
	RUNREC_CPU,
	RUNREC_STOP,
	RUNREC_READS_EXHAUSTED,
	RUNREC_CALIBRATION,
	RUNREC_VERSIONING,
	RUNREC_CREDENTIALS,
	RUNREC_TRANSPORT,
	RUNREC_PAYLOAD,
	RUNREC_CLIENTS,
	RUNREC_BILLING,
	RUNREC_PHASE_RETRIES,
	RUNREC_PRICES,
	RUNREC_CLIENT,
	RUNREC_CLIENT_LIMIT,
	RUNREC_STATUS,
	RUNREC_SUMMARY,
	RUNREC_MEMBERS
};

#define RUNREC_BIT(m) (1ull << (m))

#define RUNREC_COMPLETE "complete"
#define RUNREC_FAILED "failed"

struct runrec {
	uint64_t absent;    /* RUNREC_BIT(member): left out (or absent when read) */
	const char *format; /* S3BENCH_RUN_FORMAT (runrec_init) */
	struct runrec_tool tool;
	struct runrec_host host;
	int has_campaign; /* 0: null */
	struct runrec_campaign campaign;
	int64_t cycle; /* 0: null (a one-off run) */
	struct runrec_subject subject;
	struct runrec_workload workload;
	enum phase_state phase[PHASE_COUNT];
	struct runrec_wrapper wrapper;
	struct runrec_errors errors;
	int has_cpu; /* 0: null */
	double cpu_benchmark_s, cpu_us_per_request;
	int has_stop; /* duration = auto: why and when the benchmark stopped; 0: left out */
	int steady;   /* stop.reason "steady" (else "max_duration") */
	double stop_at_s;
	int reads_exhausted;
	int has_calibration; /* 0: null (the run did not calibrate) */
	struct runrec_calibration calibration;
	int has_versioning; /* 0: null */
	struct runrec_versioning versioning;
	int has_credentials; /* 0: null (no keys were loaded) */
	struct runrec_credentials credentials;
	int has_transport; /* 0: null */
	struct runrec_transport transport;
	int has_payload; /* 0: null (no body was sent) */
	struct runrec_payload payload;
	int has_clients; /* 0: left out (one client) */
	struct runrec_clients clients;
	struct runrec_billing billing;
	int has_prices; /* 0: null */
	struct prices prices;
	int has_client; /* 0: left out */
	struct runrec_clientres client;
	int has_client_limit; /* 0: left out */
	struct climit_verdict client_limit;
	const char *status;    /* RUNREC_COMPLETE, RUNREC_FAILED */
	const json_t *summary; /* core/summary.h's object; NULL: left out */
	json_t *doc;           /* owned: the document runrec_load read (strings point into it) */
};

/* runrec_init: an empty record: every member written, format S3BENCH_RUN_FORMAT, phases
 * not reached, exit code null, no error class. */
void runrec_init(struct runrec *r);

/* runrec_clear: release what r owns (the clients' arrays, the document read) and init r. */
void runrec_clear(struct runrec *r);

/* runrec_to_json: the run.json object of r (new reference; NULL when out of memory). */
json_t *runrec_to_json(const struct runrec *r);

/* runrec_from_json: j (a run.json object) into *r (init first; strings borrowed from j).
 * The format must be "s3bench-run/MAJOR[.MINOR]" of this major version. -1 with "field
 * PATH: ..." in e (then r holds nothing to release). */
int runrec_from_json(const json_t *j, struct runrec *r, struct err *e);

/* runrec_load: the file at path (a run.json, a state file) into *r, which owns the
 * document (runrec_clear). -1 with "PATH:LINE:COL: bad JSON: ...", "PATH: not a JSON
 * object" or "PATH: field ..." in e (r then holds nothing). */
int runrec_load(const char *path, struct runrec *r, struct err *e);

/* runrec_write: r to DIR/NAME, indented as run.json is (two blanks, members in file order,
 * 15 significant digits), or on one line when compact, through a temporary name and a
 * rename. 0, or -1 with a message. */
int runrec_write(const struct runrec *r, const char *dir, const char *name, int compact,
		 struct err *e);
/* runrec_write_json: the same for o, an object runrec_to_json made (NULL: out of memory). */
int runrec_write_json(const json_t *o, const char *dir, const char *name, int compact,
		      struct err *e);

/* runrec_check_run: what analyze needs of a run.json: its campaign (null for a single run),
 * a subject with an id, a workload with
 * an op and a concurrency. -1 with "field subject: missing" and the like. */
int runrec_check_run(const struct runrec *r, struct err *e);

#endif
