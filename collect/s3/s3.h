/* collect/s3/s3.h: the S3 client: SigV4 by hand (collect/s3/sigv4.h), libcurl for HTTP.
 *
 * Built for a benchmark: the client never retries on its own (every attempt is seen),
 * bodies are streamed (never a full copy of an object in memory), and each request
 * object owns one reusable CURL easy handle so connections are kept alive.
 *
 *   struct s3_client  configuration, endpoint, signer: shared, read-only after creation
 *                     (s3_req objects of several threads may use one client).
 *   struct s3_req     one in-flight request at a time: its easy handle, headers, buffers.
 *
 * Concurrent use with the libcurl multi interface:
 *     s3_req_setup(r, &args, e);                 prepares everything, signs, stamps start
 *     curl_multi_add_handle(m, s3_req_easy(r));
 *     ... curl_multi_perform / curl_multi_poll; on CURLMSG_DONE for that easy handle:
 *     curl_multi_remove_handle(m, s3_req_easy(r));
 *     s3_req_finish(r, msg->data.result, &res);  fills the result
 * The easy handle's CURLOPT_PRIVATE is the s3_req (s3_req_from_easy gives it back).
 * s3_req_perform does the same with curl_easy_perform, for prepare phases and tests. */
#ifndef COLLECT_S3_H
#define COLLECT_S3_H

#include <stddef.h>
#include <stdint.h>

#include <curl/curl.h>

#include "collect/s3/checksum.h"
#include "core/err.h"
#include "core/errclass.h"

struct creds;

/* How an upload's body is signed (the x-amz-content-sha256 value):
 *   UNSIGNED            UNSIGNED-PAYLOAD
 *   SIGNED              the body's SHA-256, computed before the request (a read through
 *                       the body, which is then rewound)
 *   STREAMING           STREAMING-AWS4-HMAC-SHA256-PAYLOAD: Content-Encoding aws-chunked,
 *                       S3_CHUNK-byte chunks, each signed chaining the previous signature
 *   STREAMING_UNSIGNED  STREAMING-UNSIGNED-PAYLOAD-TRAILER: aws-chunked unsigned chunks,
 *                       the checksum (if any) in a trailer computed while sending
 *   STREAMING_TRAILER   STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER: the chunks signed as
 *                       STREAMING's, then the checksum in a trailer computed while
 *                       sending, signed too (x-amz-trailer-signature, chaining the final
 *                       chunk's signature: sigv4_sign_trailer); needs a checksum other
 *                       than MD5 (workload_check)
 * Only PutObject and UploadPart stream; the other requests of a streaming client are
 * UNSIGNED (their bodies are small XML or none), those of a SIGNED client signed. */
enum s3_payload {
	S3_PAYLOAD_UNSIGNED,
	S3_PAYLOAD_SIGNED,
	S3_PAYLOAD_STREAMING,
	S3_PAYLOAD_STREAMING_UNSIGNED,
	S3_PAYLOAD_STREAMING_TRAILER,
	S3_PAYLOAD_COUNT
};

#define S3_CONNECT_TIMEOUT_MS 60000L /* botocore's connect_timeout */
#define S3_CHUNK (64u << 10)         /* aws-chunked data bytes per chunk (the last may be less) */

/* s3_payload_name: "unsigned", "signed", "streaming", "streaming-unsigned",
 * "streaming-trailer"; "" else. */
const char *s3_payload_name(enum s3_payload p);

/* s3_payload_parse: the mode named s (case-insensitive); -1 with "'s' is not a payload
 * mode (unsigned, signed, streaming, streaming-unsigned, streaming-trailer)" in e. */
int s3_payload_parse(const char *s, enum s3_payload *p, struct err *e);

/* s3_chunked_len: the encoded length of an aws-chunked body of len data bytes in S3_CHUNK
 * chunks: signed (chunk-signature=... on every chunk header) or not, plus trailer_len
 * bytes of trailer lines ("x-amz-checksum-crc32:VALUE\r\n"; 0: none). */
uint64_t s3_chunked_len(uint64_t len, int is_signed, size_t trailer_len);

struct s3_config {
	const char *endpoint;  /* "http://127.0.0.1:9000", "https://s3.us-east-1.amazonaws.com" */
	const char *region;    /* "us-east-1" */
	int virtual_hosted;    /* 0: path style (http://host/bucket/key); 1: bucket.host */
	int insecure;          /* 1: do not verify TLS certificates (default verifies) */
	const char *ca_bundle; /* PEM file of the CAs to trust; NULL: the system's */
	int sign_payload;      /* 1: the same as payload = S3_PAYLOAD_SIGNED */
	enum s3_payload payload;
	/* PutObject and UploadPart carry this checksum (x-amz-checksum-* or Content-MD5, a
	 * trailer when payload is STREAMING_UNSIGNED); a multipart upload announces it at
	 * CreateMultipartUpload (full-object for CRC64NVME, composite otherwise) */
	enum checksum_alg checksum;
	/* 1: GetObject asks for the checksum (x-amz-checksum-mode: ENABLED) and verifies a
	 * whole-object one the server returns while the body arrives (class checksum when
	 * it does not match) */
	int checksum_get;
	int http2;         /* 1: HTTP/2 over TLS where offered (CURL_HTTP_VERSION_2TLS); 0 1.1 */
	int http2_shared;  /* 1: the engine multiplexes every worker on one connection */
	int no_keepalive;  /* 1: a new connection for every request */
	int no_tls_resume; /* 1: every new connection a full TLS handshake (a cold client);
			      0: it may resume a session any handle of the client
			      negotiated (one cache for all) */
	int spread;        /* 1: connections spread over every address of the host */
	/* borrowed (must outlive the client, and not be used elsewhere while it lives); its
	 * keys are copied into the client's signer, and temporary ones (creds_refresh_at)
	 * are fetched again ahead of their expiry by a thread of the client, never by a
	 * request (s3_client_refreshes, s3_client_creds_expired) */
	struct creds *creds;
	/* each attempt's limits (docs/CAMPAIGN.md, "Timeouts"); past one the attempt fails
	 * with class timeout (and is retried as any timeout is) */
	long connect_timeout_ms; /* connect and TLS handshake; 0: S3_CONNECT_TIMEOUT_MS */
	long read_timeout_ms;    /* no byte sent or received for this long once the
				    connection is ready (checked once a second while none
				    moves: noticed up to 1 s late); 0: none */
	long timeout_ms;         /* the whole attempt; 0: none */
	long buffer_size;        /* libcurl receive and upload buffer; 0: libcurl's */
	int tls_version;         /* 12 or 13: TLS 1.2 or 1.3 only; 0: what both ends offer */
};

enum s3_op {
	S3_CREATE_BUCKET, /* with the region as LocationConstraint (none in us-east-1) */
	S3_DELETE_BUCKET,
	S3_PUT_OBJECT,
	S3_GET_OBJECT,
	S3_HEAD_OBJECT,
	S3_DELETE_OBJECT,
	S3_DELETE_OBJECTS, /* multi-object delete, 1..1000 keys */
	S3_LIST_OBJECTS,   /* ListObjectsV2, one page */
	S3_MP_CREATE,
	S3_MP_UPLOAD_PART,
	S3_MP_COMPLETE,
	S3_MP_ABORT,
	S3_HEAD_BUCKET,        /* does the bucket exist (and may we see it)? */
	S3_MP_LIST,            /* ListMultipartUploads, one page */
	S3_GET_VERSIONING,     /* GetBucketVersioning */
	S3_GET_OBJECT_LOCK,    /* GetObjectLockConfiguration */
	S3_LIST_VERSIONS,      /* ListObjectVersions, one page */
	S3_GET_OBJECT_TAGGING, /* GetObjectTagging: the answer in s3_result.body */
	S3_OP_COUNT
};

/* A bucket's versioning (GetBucketVersioning's Status; docs/METHODOLOGY.md, "Versioned
 * buckets"): a plain DELETE on an ENABLED or SUSPENDED bucket leaves the object's versions
 * and inserts a delete marker; only a delete with a version id removes one. */
enum s3_versioning {      /* in order: a later state keeps more */
	S3_VER_UNKNOWN,   /* not asked, or the server did not say (no such API, 403) */
	S3_VER_OFF,       /* never enabled: no Status */
	S3_VER_SUSPENDED, /* Status Suspended: versions kept, a delete leaves a null marker */
	S3_VER_ENABLED    /* Status Enabled */
};

/* s3_versioning_name: "unknown", "off", "suspended", "enabled" (run.json). */
const char *s3_versioning_name(enum s3_versioning v);

/* A request body: either memory (mem != NULL, read in place, never copied) or a read
 * callback that delivers exactly len bytes. seek (may be NULL) rewinds to an offset
 * (libcurl needs it to resend on a reused connection; sign_payload needs it to hash
 * first); it returns 0 or -1. */
struct s3_body {
	const void *mem;
	uint64_t len;
	size_t (*read)(void *arg, char *buf, size_t n);
	int (*seek)(void *arg, uint64_t offset);
	void *arg;
};

/* One request header beyond those the operation makes: name in lower case, value at most
 * S3_HDR_VALUE_MAX - 1 bytes. */
struct s3_hdr {
	const char *name, *value;
};

#define S3_HDRS_MAX 6       /* s3_args.hdrs: at most this many */
#define S3_HDR_VALUE_MAX 80 /* their values: shorter than this */

/* What to do. Strings are borrowed until s3_req_finish (or s3_req_perform returns). */
struct s3_args {
	enum s3_op op;
	const char *bucket;
	const char *key;            /* object key, raw (any bytes but NUL) */
	const struct s3_body *body; /* PUT_OBJECT, MP_UPLOAD_PART (NULL: empty) */
	/* GET_OBJECT: each piece of the body; return n to go on, anything else aborts.
	 * NULL: bytes are counted and discarded. */
	size_t (*sink)(void *arg, const char *data, size_t n);
	void *sink_arg;
	const char *prefix;            /* LIST_OBJECTS, MP_LIST (NULL: none) */
	const char *delimiter;         /* LIST_OBJECTS (NULL: none) */
	int max_keys;                  /* LIST_OBJECTS, MP_LIST max-uploads (0: server's) */
	const char *token;             /* LIST_OBJECTS continuation token (NULL: first) */
	const char *key_marker;        /* MP_LIST, LIST_VERSIONS: the page after (NULL: first) */
	const char *upload_id_marker;  /* MP_LIST: with key_marker (NULL: none) */
	const char *version_id_marker; /* LIST_VERSIONS: with key_marker (NULL: none) */
	/* GET_OBJECT, HEAD_OBJECT, DELETE_OBJECT: that version (?versionId=); NULL: the
	 * current one (which a DELETE on a versioned bucket keeps behind a marker) */
	const char *version_id;
	const char *upload_id;    /* MP_UPLOAD_PART, MP_COMPLETE, MP_ABORT */
	int part_number;          /* MP_UPLOAD_PART, 1..10000 */
	const char *const *etags; /* MP_COMPLETE: ETags of parts 1..n_parts */
	/* MP_COMPLETE with a client checksum: each part's value (s3_result.checksum of its
	 * UploadPart; NULL: none), and for a full-object one the whole object's (NULL: none) */
	const char *const *part_checksums;
	const char *object_checksum;
	size_t n_parts;
	const char *const *keys; /* DELETE_OBJECTS */
	/* DELETE_OBJECTS: each key's version (NULL array or entry: the current one) */
	const char *const *version_ids;
	size_t n_keys;
	/* GET_OBJECT: the bytes [range_off, range_off + range_len) only, sent as the header
	 * "Range: bytes=OFF-(OFF+LEN-1)" (not signed; SigV4 does not require it). range_len 0:
	 * the whole object. The answer is 206 (a success); a range that starts past the end
	 * gets the server's 416 (class http-4xx); bytes_down = the bytes returned. */
	uint64_t range_off, range_len;
	/* headers sent and signed besides the operation's own (conditions, SSE, tagging,
	 * checksums made by the caller); n_hdrs <= S3_HDRS_MAX */
	const struct s3_hdr *hdrs;
	size_t n_hdrs;
	int keep_headers; /* 1: s3_result.headers holds the answer's header lines */
};

#define S3_ERROR_MAX 256
#define S3_REQUEST_ID_MAX 128 /* x-amz-request-id (AWS: 16 characters, RGW: about 60) */
#define S3_HOST_ID_MAX 256    /* x-amz-id-2 (AWS: 76 characters of base64) */

/* How a request's connection came about (s3_phases.conn). */
enum s3_conn {
	S3_CONN_REUSED,      /* an open connection was reused */
	S3_CONN_NEW,         /* a new plain-TCP connection */
	S3_CONN_TLS_FULL,    /* a new connection with a full TLS handshake */
	S3_CONN_TLS_RESUMED, /* a new connection whose TLS session was resumed */
	S3_CONN_COUNT
};

/* Where one request's time went (docs/METHODOLOGY.md, "Where the time goes"), in ns:
 * dns, connect and tls from libcurl's timers (0 on a reused connection), send from the
 * end of the connection's set-up to the last byte sent (the collector's clock at the
 * read callback's last byte for a body, libcurl's pre-transfer time without one), wait
 * from there to the first response byte, transfer from it to the end. The six add up
 * to the request's duration (each clamped at 0). All 0 and `valid` 0 when the client's
 * phase collection is off (S3BENCH_PHASES=0 in the environment at s3_client_new). */
struct s3_phases {
	int valid;
	int64_t dns_ns, connect_ns, tls_ns, send_ns, wait_ns, transfer_ns;
	enum s3_conn conn;
	int64_t rtt_ns; /* the kernel's smoothed round trip of the connection (TCP_INFO),
			   sampled on new connections and every 32nd request; 0: not sampled */
};

/* What a connection a transfer opened is (collect/s3/s3_facts.c). */
struct s3_conn_facts {
	int fresh;            /* 1: the transfer opened its connection (the rest is read);
				 0: it reused one, or none was made */
	char tls_version[16]; /* OpenSSL's name ("TLSv1.3"); "" over plain HTTP */
	char tls_cipher[64];  /* OpenSSL's name ("TLS_AES_256_GCM_SHA384"); "" likewise */
	char tls_group[32];   /* the key exchange's group, OpenSSL's name ("x25519"); "" likewise
				 or when OpenSSL names none */
	int tcp_nodelay;      /* TCP_NODELAY as the socket has it: 1, 0; -1: not read */
};

/* Which connection a request used (struct s3_result's cref), from the request object's
 * connection table (s3_req_set_conntab); id 0 when it has none or the request never had
 * a connection. */
struct s3_conn_ref {
	uint64_t id;    /* the connection's number (docs/FORMATS.md, ops.tsv.zst `conn_id`) */
	uint64_t req;   /* this request's index on it, from 1 */
	int64_t age_ns; /* from the start of the request that opened it to this one's start */
};

/* A connection as its table knew it (handed to the table's gone callback). */
struct s3_conn_info {
	uint64_t id, requests; /* its number, the requests it carried */
	int64_t opened_mono;   /* CLOCK_MONOTONIC ns: the start of the request that opened it */
	char remote[64];       /* "ADDRESS:PORT" ("[ADDRESS]:PORT" for IPv6) */
	char tls_version[16], tls_cipher[64], tls_group[32]; /* struct s3_conn_facts' */
};

struct s3_result {
	long status;              /* HTTP status; 0 when no response came */
	enum err_class cls;       /* EC_NONE on success */
	char code[64];            /* S3 error code ("SignatureDoesNotMatch"), "" if none */
	char error[S3_ERROR_MAX]; /* "" on success; "HTTP 403 SignatureDoesNotMatch: ..."
					 or "connect: ..." (no credentials, ever) */
	int64_t start_ns;         /* Unix ns: request handed to libcurl */
	int64_t first_byte_ns;    /* first response byte (0: none) */
	int64_t last_byte_ns;     /* last request-body byte handed over (uploads; else 0) */
	int64_t end_ns;           /* response complete */
	uint64_t bytes_up;        /* request body bytes sent */
	uint64_t bytes_down;      /* response body bytes received (GET: object bytes) */
	uint64_t content_length;  /* HEAD/GET: the Content-Length header */
	char etag[128];           /* ETag header (PUT, part, HEAD) or Complete's ETag */
	/* the provider's ids of the request: x-amz-request-id and x-amz-id-2 of the response
	 * ("" when it sent none; a longer value is cut) */
	char request_id[S3_REQUEST_ID_MAX];
	char host_id[S3_HOST_ID_MAX];
	/* PutObject, UploadPart: the checksum sent (base64, "" when none) and, for a CRC, its
	 * value (for a full-object multipart checksum: checksum_crc_combine) */
	char checksum[CHECKSUM_B64_MAX];
	uint64_t checksum_crc;
	/* GetObject with checksum_get: 1 when the server returned a whole-object checksum and
	 * the body matched it; 0 when it returned none (or a composite one, or for a range) */
	int checksum_verified;
	/* transport: the HTTP version used (11, 20; 10 for 1.0; 0 when no response) and the
	 * address it talked to ("" when none); whether it opened a connection is ph.conn */
	int http_version;
	char address[48];
	struct s3_conn_facts facts; /* the connection's, when the transfer opened it */
	struct s3_conn_ref cref;    /* which connection it used (s3_req_set_conntab) */
	/* Parsed answers, borrowed from the s3_req until its next setup: */
	const char *const *keys; /* LIST_OBJECTS: the keys of this page; MP_LIST below */
	size_t n_keys;
	const uint64_t *sizes;  /* LIST_OBJECTS: sizes[i], key i's size */
	size_t n_prefixes;      /* LIST_OBJECTS: the common prefixes of this page (delimiter) */
	const char *next_token; /* LIST_OBJECTS: NULL when this was the last page */
	const char *upload_id;  /* MP_CREATE */
	/* MP_LIST: upload i is keys[i] (n_keys of them) with upload_ids[i]; the next page
	 * starts at next_key_marker / next_upload_id_marker (both NULL on the last page) */
	const char *const *upload_ids;
	const char *next_key_marker;
	const char *next_upload_id_marker;
	/* LIST_VERSIONS: entry i is keys[i] (n_keys of them) at version_ids[i], a delete
	 * marker when is_marker[i]; the next page starts at next_key_marker /
	 * next_version_id_marker (NULL on the last page) */
	const char *const *version_ids;
	const unsigned char *is_marker;
	const char *next_version_id_marker;
	/* GET_VERSIONING: the bucket's versioning; GET_OBJECT_LOCK: object lock enabled (1),
	 * its default retention's mode ("GOVERNANCE", "COMPLIANCE"; "" none) and days */
	enum s3_versioning versioning;
	int lock_enabled;
	char lock_mode[16];
	int lock_days;
	struct s3_phases ph;      /* where the time went (see above) */
	const char *local_ip;     /* borrowed: the connection's local and remote address */
	const char *primary_ip;   /* (libcurl's, valid until the next setup; may be NULL) */
	uint64_t n_deleted;       /* DELETE_OBJECTS: keys deleted */
	uint64_t n_delete_errors; /* DELETE_OBJECTS: keys the server refused */
	/* borrowed from the s3_req until its next setup: with keep_headers the answer's
	 * header lines ("Name: value\r\n" each, the status line first; NULL without), and
	 * the answer's body when it was kept (an error document, or the answer of an
	 * operation whose answer is XML: GET_VERSIONING, GET_OBJECT_TAGGING...; NULL
	 * otherwise) */
	const char *headers;
	const char *body;
};

/* s3_result_header: the value of the answer's header `name` (case-insensitive, trimmed)
 * into out (n bytes), from res->headers; 1 when found, 0 when not (or not kept). */
int s3_result_header(const struct s3_result *res, const char *name, char *out, size_t n);

struct s3_client;
struct s3_req;

/* s3_client_new: validate cfg (endpoint scheme http/https, host, region, keys) and build
 * the signer. Returns NULL with a message naming the field at fault. Call it from the
 * main thread before starting threads (it initialises libcurl and libxml2). */
struct s3_client *s3_client_new(const struct s3_config *cfg, struct err *e);
void s3_client_free(struct s3_client *c);

/* s3_req_new: a request object with its own easy handle (freed by s3_req_free, which
 * must not be called while the handle is in a multi handle). */
struct s3_req *s3_req_new(struct s3_client *c, struct err *e);
void s3_req_free(struct s3_req *r);

/* s3_req_set_user / s3_req_user: one pointer the caller may attach to the request
 * (the engine's worker); NULL until set. */
void s3_req_set_user(struct s3_req *r, void *user);
void *s3_req_user(const struct s3_req *r);

/* s3_req_setup: prepare a request: URL, canonical query, headers, signature, callbacks;
 * the start time is taken here. -1 with a message on bad arguments (the request can
 * then not be sent). */
int s3_req_setup(struct s3_req *r, const struct s3_args *a, struct err *e);

/* s3_bucket_path_style: whether requests for `bucket` go path-style although the client
 * is virtual-hosted: over HTTPS a bucket whose name holds a dot would be a host name a
 * wildcard certificate cannot cover (it covers one label), so the AWS SDKs address it
 * path-style; s3 does the same. 0 for a path-style client. */
int s3_bucket_path_style(const struct s3_client *c, const char *bucket);

/* s3_dotted_path_style: the same rule from the endpoint URL, the addressing asked for and
 * the bucket (for callers without a client: run.json, the printout). */
int s3_dotted_path_style(const char *endpoint, int virtual_hosted, const char *bucket);

/* s3_req_url / s3_req_canonical_request: the URL and the SigV4 canonical request of the
 * last setup (borrowed until the next setup). Test seams (tests/unit/test_s3req.c).
 * Neither holds a secret. */
const char *s3_req_url(const struct s3_req *r);
const char *s3_req_canonical_request(const struct s3_req *r);

/* s3_req_easy: the easy handle, for curl_multi_add_handle / remove_handle. */
CURL *s3_req_easy(struct s3_req *r);

/* s3_req_from_easy: the s3_req an easy handle belongs to (NULL if none). */
struct s3_req *s3_req_from_easy(CURL *easy);

/* s3_req_finish: after the transfer ended with libcurl code cc: fill *res (status,
 * class, error text, times, bytes, parsed answer). Always fills res. */
void s3_req_finish(struct s3_req *r, CURLcode cc, struct s3_result *res);

/* s3_req_cancel: r was abandoned by its caller before its transfer ended (a hedged
 * request's other attempt; its handle already out of its multi handle): *res filled as
 * s3_req_finish would with the transfer aborted, error "cancelled: the other attempt
 * answered first". It is billed as every request the server received is: by its answer
 * when one had begun (its body bytes so far too), else by its op when its request went
 * out (CURLINFO_REQUEST_SIZE > 0); not when it never left. */
void s3_req_cancel(struct s3_req *r, struct s3_result *res);

/* s3_req_sample_conn: what s3_req_finish needs of the connection before the handle
 * leaves its multi handle: a new connection's TCP_NODELAY (struct s3_conn_facts); for the
 * phases, when the request is one the round trip is sampled on (one that opened a
 * connection, and every 32nd of the handle), its TCP_INFO round trip (not when the
 * client's phase collection is off). (Whether its TLS session was resumed, and its
 * protocol and cipher, are asked earlier, by the handle's prereq callback.) */
void s3_req_sample_conn(struct s3_req *r);

struct s3_conntab;

/* s3_conntab_new: a table of the connections of one libcurl multi handle (one thread's:
 * not thread-safe), for the request objects of workers first_worker .. first_worker +
 * n_workers - 1, holding `slots` connections (the least recently used one leaves when a
 * new one finds no room). gone(arg, info) is called for each connection as it leaves the
 * table (its slot taken, or at s3_conntab_free), with its final request count. All memory
 * is allocated here: a request's lookup allocates nothing. NULL when out of memory. */
struct s3_conntab *s3_conntab_new(int first_worker, int n_workers, int slots,
				  void (*gone)(void *arg, const struct s3_conn_info *info),
				  void *arg);

/* s3_conntab_free: gone for every connection still in t (in the order of their numbers
 * within a worker), then free t (NULL is fine). */
void s3_conntab_free(struct s3_conntab *t);

/* s3_req_set_conntab: r's requests (of worker `worker`) are looked up in t (NULL: none)
 * when libcurl hands them a connection; the result's cref says which one. A connection a
 * request opens is numbered worker * OPS_CONN_WORKER + K (K: that worker's K-th;
 * core/opslog.h). */
void s3_req_set_conntab(struct s3_req *r, struct s3_conntab *t, int worker);

/* s3_req_perform: setup + curl_easy_perform + finish. Returns 0 when the request
 * succeeded, -1 otherwise with res->error (or the setup failure) in e. Test seam (the
 * live tests send single requests with it); the collector uses s3_retry or the
 * engine's multi loops. */
int s3_req_perform(struct s3_req *r, const struct s3_args *a, struct s3_result *res, struct err *e);

/* Retries (docs/METHODOLOGY.md, "Retries"), the one rule for the benchmark's retries
 * (collect/engine/retry.h) and the prepare and cleanup phases' (s3_retry, the engine's
 * prepare workers): a failure with HTTP 500, 502, 503, 504, 429, S3's SlowDown or
 * RequestTimeout, a connection failure or reset, or a timeout is sent again after a wait
 * drawn with full jitter, attempt k (from 1) waiting uniform[0, min(S3_RETRY_CAP_NS,
 * S3_RETRY_BASE_NS x 2^(k-1))), as the AWS SDKs' standard mode does. Prepare and cleanup
 * make at most S3_PHASE_ATTEMPTS attempts of a request the server answered with an error (a
 * throttle pushes back for a while), S3_PREPARE_ATTEMPTS of a prepare PUT (the phase's
 * workers compete for the same throttle), and S3_PHASE_ATTEMPTS_NET of one that failed in
 * transport (a connection refused or reset, a timeout: an endpoint that is down should
 * fail the run soon). Every answered attempt is a request the provider bills
 * (collect/s3/s3_bill.h). */
#define S3_RETRY_BASE_NS 100000000LL  /* 100 ms: the first attempt's backoff bound */
#define S3_RETRY_CAP_NS 20000000000LL /* 20 s: no backoff bound above it */
#define S3_PHASE_ATTEMPTS 6           /* prepare and cleanup: the first and 5 retries */
#define S3_PREPARE_ATTEMPTS 8         /* the prepare phase's PUTs */
#define S3_PHASE_ATTEMPTS_NET 3       /* either, after a transport failure */

/* s3_retry_wanted: 1 when res is a failure worth retrying (above), 0 otherwise. */
int s3_retry_wanted(const struct s3_result *res);

/* s3_backoff_ns: the wait after failed attempt k (k >= 1), drawn from *rng (a core/rng.h
 * stream). */
int64_t s3_backoff_ns(uint64_t *rng, int k);

/* s3_phase_attempts: the attempts prepare and cleanup make of a request whose last
 * answer is res: S3_PHASE_ATTEMPTS_NET after a transport failure (EC_CONNECT,
 * EC_TIMEOUT), else answered (S3_PHASE_ATTEMPTS or S3_PREPARE_ATTEMPTS). */
int s3_phase_attempts(const struct s3_result *res, int answered);

/* s3_retry: s3_req_perform up to s3_phase_attempts times while the failure is worth
 * retrying, sleeping s3_backoff_ns between attempts; each retry is counted in the
 * client (s3_client_retries). For prepare and cleanup phases, never for measured
 * requests. 0 when an attempt succeeded, else -1 with the last answer in *res. */
int s3_retry(struct s3_req *r, const struct s3_args *a, struct s3_result *res, struct err *e);

/* s3_retry_at_most: s3_retry with at most `attempts` attempts (fewer when s3_retry would
 * make fewer): for a request whose answer only informs (a bucket's versioning). */
int s3_retry_at_most(struct s3_req *r, const struct s3_args *a, int attempts, struct s3_result *res,
		     struct err *e);

/* One fetch of temporary keys by the client's refresher (run.json's credentials). */
#define S3_REFRESH_LOG 64
struct s3_refresh {
	int64_t at_ns;     /* Unix ns the fetch started */
	int64_t took_ns;   /* how long it took */
	int ok;            /* 1: new keys sign from then on; 0: it failed (error) */
	int64_t expires_s; /* the new keys' expiry, Unix s (0: none, or failed) */
	char source[160];  /* where they came from (creds.source) */
	char error[160];   /* why it failed, "" when ok (never a key) */
};

/* s3_client_refreshes: the last (at most S3_REFRESH_LOG) of c's refreshes, oldest first,
 * into out (max entries); returns how many were copied; *total and *failed (either may be
 * NULL): all made and the failed ones. 0 for NULL c or fixed keys. Thread-safe. */
size_t s3_client_refreshes(struct s3_client *c, struct s3_refresh *out, size_t max, uint64_t *total,
			   uint64_t *failed);

/* s3_client_creds_expired: 1 when the keys c signs with have expired (no refresh replaced
 * them in time), with why into buf (n bytes): "credentials (SOURCE) expired at TIME; the
 * last refresh failed: ..." (never a key); 0 else (fixed keys: always). Thread-safe and
 * cheap (one atomic load while they are valid). */
int s3_client_creds_expired(struct s3_client *c, char *buf, size_t n);

/* s3_client_set_clock: from now on the Unix times of c's results are unix_ns plus the
 * CLOCK_MONOTONIC time since mono_ns: one clock for a run, so that a step or a slew of
 * the real-time clock during it (NTP, a VM's host: see docs/METHODOLOGY.md) moves
 * neither a request against its intended slot nor the second it is counted in.
 * mono_ns 0: CLOCK_REALTIME read at each request (the default). Call it while no request
 * of c is in flight (the engine, before its threads start). NULL c: nothing. */
void s3_client_set_clock(struct s3_client *c, int64_t unix_ns, int64_t mono_ns);

/* s3_client_note_retry: one more retry made outside the benchmark (the engine's prepare
 * workers). Thread-safe. */
void s3_client_note_retry(struct s3_client *c);

/* s3_client_retries: the retries noted so far (s3_retry, s3_client_note_retry); 0 for
 * NULL. Thread-safe. */
uint64_t s3_client_retries(const struct s3_client *c);

/* s3_op_name: the S3 API call of op ("PutObject", "ListObjectsV2", ...), for messages.
 * Another concern than workload_op_name (collect/workload.h) and op_name (core/ops.h),
 * which name benchmark ops ("put", "list"): one op may make several S3 calls. */
const char *s3_op_name(enum s3_op op);

#endif
