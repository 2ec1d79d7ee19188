/* collect/s3/s3_int.h: the S3 client's private structs and the parts its files share:
 * s3.c (client, request setup, libcurl callbacks), s3_ops.c (the API calls), s3_send.c
 * (bodies and checksums), s3_conn.c (transport), s3_facts.c (a new connection's TLS
 * and TCP_NODELAY), s3_keys.c (fresh keys), s3_phases.c (timings) and s3_finish.c
 * (results, blocking perform, retry). Not a public API: use collect/s3/s3.h. */
#ifndef COLLECT_S3_INT_H
#define COLLECT_S3_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include <pthread.h>

#include <curl/curl.h>

#include "collect/s3/checksum.h"
#include "collect/s3/s3.h"
#include "collect/s3/sigv4.h"
#include "collect/s3/s3xml.h"
#include "core/strbuf.h"

struct sigv4_signer;
struct sigv4_ctx;

#define XML_CAPTURE_MAX (64u << 20) /* list pages, multipart and delete answers */
#define ERR_CAPTURE_MAX (1u << 20)  /* error documents */
#define MAX_HDRS 26
#define MAX_XHDRS 12 /* headers s3_send adds (signed and sent): its own and s3_args.hdrs */

struct s3_client {
	char *endpoint;  /* as configured */
	char *scheme;    /* "http://" or "https://" */
	char *authority; /* host[:port] */
	int virtual_hosted, insecure, checksum_get;
	enum s3_payload payload;
	enum checksum_alg checksum;
	char *ca_bundle; /* CURLOPT_CAINFO; NULL: libcurl's default */
	/* one TLS session cache for all the client's handles (every engine thread's), so a
	 * new connection resumes a session another worker negotiated; its locks, one per
	 * kind of shared data. NULL for a client without resumption (s3_config.no_tls_resume
	 * 1): its handles keep no session either */
	CURLSH *share;
	pthread_mutex_t share_lock[CURL_LOCK_DATA_LAST];
	int share_locks;
	long connect_timeout_ms, timeout_ms, buffer_size;
	int tls_version;         /* s3_config's */
	int64_t read_timeout_ns; /* s3_config.read_timeout_ms; 0: none */
	/* no proxy environment variable was set when the client was created: the handles
	 * say "no proxy" explicitly, so libcurl skips its getenv calls on every request */
	int no_proxy_env;
	int phases; /* collect s3_phases per request (S3BENCH_PHASES not "0") */
	char *region;
	/* the signer of the current keys: replaced (never changed in place) when temporary
	 * credentials are fetched again; the replaced ones stay in `old` until the client
	 * is freed, since a request of another thread may still be signing with one */
	_Atomic(struct sigv4_signer *) signer;
	struct s3_old_signer *old;
	struct creds *creds; /* borrowed; once the refresher runs, only its thread touches it */
	struct s3_refresher *keys; /* the refresher of temporary keys (s3_keys.c); NULL:
				      fixed keys */
	/* transport (s3_config's http2, http2_shared, no_keepalive, spread) */
	int http2, http2_shared, no_keepalive;
	/* addresses = spread: CURLOPT_CONNECT_TO entries "::ADDR:PORT", one per address the
	 * host resolved to; request objects take them in turn (next_addr) */
	char (*connect_to)[80];
	int n_connect_to;
	atomic_int next_addr;
	struct s3_bill *bill; /* billable counts (collect/s3/s3_bill.h); NULL: out of memory */
	atomic_uint_least64_t retries; /* prepare and cleanup retries (s3_client_retries) */
	/* the run's clock (s3_client_set_clock): timestamps are clock_unix + (CLOCK_MONOTONIC
	 * - clock_mono); clock_mono 0: CLOCK_REALTIME at each request */
	int64_t clock_unix, clock_mono;
};

struct s3_old_signer {
	struct sigv4_signer *signer;
	struct s3_old_signer *next;
};

/* The refresher of temporary keys (collect/s3/s3_keys.c; docs/METHODOLOGY.md,
 * "Credentials"): a thread of the client that fetches them again ahead of their expiry
 * and swaps in a new signer; requests never wait for it. */
struct s3_refresher {
	pthread_t th;
	int started;
	pthread_mutex_t lock; /* its own: the schedule, the stop flag, the log */
	pthread_cond_t wake;  /* s3_keys_stop wakes it */
	int stop;
	int64_t next_s;                        /* Unix s of the next fetch */
	_Atomic int_least64_t expires_s;       /* the keys signing now expire then; 0: never */
	char why[200];                         /* the last failure ("" after a success) */
	struct s3_refresh log[S3_REFRESH_LOG]; /* the last S3_REFRESH_LOG, a ring */
	uint64_t n, failed;                    /* refreshes made, of them failed */
};

struct s3_req {
	struct s3_client *c;
	void *user;
	CURL *easy;
	struct sigv4_ctx *sig;
	char errbuf[CURL_ERROR_SIZE];
	struct strbuf url, uri, query, host, hdrs, xml_body, resp;
	struct strbuf rhdrs; /* the answer's header lines (s3_args.keep_headers) */
	/* the URL handed to libcurl as parts (CURLOPT_CURLU): scheme and host are parsed
	 * once (again only when the host changes), then only path and query are set per
	 * request, which spares libcurl a full URL parse each time; NULL: CURLOPT_URL */
	CURLU *cu;
	struct strbuf cu_host; /* the host cu was set up for, "" when none */
	struct curl_slist nodes[MAX_HDRS];
	struct s3_args a;
	struct s3_body body; /* copy of a.body (or an empty one) */
	char payload_hash[65];
	/* transfer state */
	uint64_t pos; /* upload position */
	int64_t start_ns, start_mono, first_mono, last_up_mono;
	unsigned n_done; /* requests finished on this handle (the RTT sampling's count) */
	int64_t rtt_ns;  /* the connection's round trip sampled at the request's end */
	int tls_resumed; /* its TLS session was resumed: 1, a full handshake: 0, unknown: -1 */
	/* the read timeout (s3_on_progress): header bytes received, the bytes moved when
	 * last seen, when they last moved (0: the request is not sent yet) and whether the
	 * attempt was ended for it */
	uint64_t hdr_bytes, moved;
	int64_t move_mono;
	int idle_out;
	struct s3_conn_facts facts; /* its connection's (s3_conn_facts), until s3_finish */
	struct s3_conntab *ctab;    /* s3_req_set_conntab's (NULL: none) */
	int ctab_worker;
	struct s3_conn_ref cref; /* its connection's (s3_conntab_use), until s3_finish */
	uint64_t up, down, content_length;
	int decided, capture, sink_failed, overflow;
	char etag[128];
	char request_id[S3_REQUEST_ID_MAX]; /* x-amz-request-id of the last response ("") */
	char host_id[S3_HOST_ID_MAX];       /* x-amz-id-2 of the last response ("") */
	/* what s3_send adds (collect/s3/s3_send.c): extra headers, the upload's checksum,
	 * the aws-chunked encoder's state and the GET verification */
	struct sigv4_header xh[MAX_XHDRS];
	int n_xh;
	char xh_val[MAX_XHDRS][S3_HDR_VALUE_MAX];
	enum checksum_alg ck_alg; /* this upload's checksum (NONE: none) */
	struct checksum ck;       /* running: a trailer's or a GET's verification */
	char ck_b64[CHECKSUM_B64_MAX];
	uint64_t ck_crc;
	uint64_t wire_len; /* bytes on the wire: the body, or its aws-chunked form */
	int chunked, chunk_signed, trailer, cdone;
	char *cbuf;        /* S3_CHUNK + framing bytes (owned) */
	size_t cpos, clen; /* encoded bytes pending: cbuf[cpos..clen) */
	char seed_sig[65], prev_sig[65];
	int verify; /* GET: checking the body against resp_ck */
	enum checksum_alg resp_alg;
	char resp_ck[CHECKSUM_B64_MAX];
	/* parsed answers */
	struct s3xml_list list;
	struct s3xml_uploads uploads;
	struct s3xml_versions versions;
	struct curl_slist connect_to; /* this request object's CURLOPT_CONNECT_TO entry */
	char upload_id[1024];
	char complete_etag[128];
};

/* s3_on_prereq: libcurl's CURLOPT_PREREQFUNCTION (arg: the s3_req): called once the
 * request's connection is made or reused and before its request is sent, the one moment
 * libcurl still names the connection's SSL object; sets r->tls_resumed (s3_phases.c)
 * and r->facts (s3_conn_facts). */
int s3_on_prereq(void *arg, char *primary_ip, char *local_ip, int primary_port, int local_port);

/* s3_on_progress: libcurl's CURLOPT_XFERINFOFUNCTION (arg: the s3_req) on a client with a
 * read timeout: called as bytes move and, while none do, once a second (the low-speed
 * timer the client sets); ends the attempt (r->idle_out, a non-zero return) once no byte
 * has moved for the read timeout since the request's connection was ready or its last
 * byte moved (s3.c). */
int s3_on_progress(void *arg, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
		   curl_off_t ulnow);

/* s3_req_phases: fill *ph for the request r that ended at end_mono (s3_phases.c). */
void s3_req_phases(struct s3_req *r, int64_t end_mono, struct s3_phases *ph);

/* collect/s3/s3_ops.c: the S3 API calls.
 * struct s3_op_info: a call's name in messages, its HTTP method, and how its body goes. */
#define S3_OPF_UPLOAD 1 /* a PUT body read through the body source (CURLOPT_UPLOAD) */
#define S3_OPF_POST 2   /* an XML body built here, POSTed */
/* its successful answer is XML: kept (s3_result.body), parsed when s3_finish knows it */
#define S3_OPF_XML 4
struct s3_op_info {
	const char *name, *method;
	int flags;
};

/* s3_op_info: what op is (op within enum s3_op; s3_op_name checks, this does not). */
const struct s3_op_info *s3_op_info(enum s3_op op);

/* s3_needs_key: the operation addresses an object (not the bucket). */
int s3_needs_key(enum s3_op op);

/* s3_op_query: r->query = the canonical (sorted, encoded) query of r->a's operation; 0, or
 * -1 when out of memory. */
int s3_op_query(struct s3_req *r);

/* collect/s3/s3_send.c: the body side of a request.
 * s3_send_prepare: after the body source is set: the payload hash into r->payload_hash
 * (reading the body once when it is signed or carries a checksum header), the checksum,
 * the aws-chunked set-up, and the extra headers (r->xh) to sign and send. -1 with a
 * message. */
int s3_send_prepare(struct s3_req *r, struct err *e);

/* s3_send_read: libcurl's read of an aws-chunked body: up to n encoded bytes into buf;
 * 0 at the end, CURL_READFUNC_ABORT when the body source fails. */
size_t s3_send_read(struct s3_req *r, char *buf, size_t n);

/* s3_send_rewind: the aws-chunked encoder back at its start (libcurl resends). */
int s3_send_rewind(struct s3_req *r);

/* s3_send_header: a response header line (GET verification: x-amz-checksum-*). */
void s3_send_header(struct s3_req *r, const char *buf, size_t n);

/* s3_send_body: response body bytes of a successful GET (verification). */
void s3_send_body(struct s3_req *r, const char *p, size_t n);

/* s3_send_finish: a finished GET's verification into res (cls EC_CHECKSUM on a mismatch);
 * an upload's checksum into res->checksum / checksum_crc. */
void s3_send_finish(struct s3_req *r, struct s3_result *res);

/* collect/s3/s3_conn.c: the transport side.
 * s3_resolve_all: addresses = spread: every address of the endpoint's host into
 * c->connect_to ("::ADDR:PORT"); -1 with a message when the name does not resolve. */
int s3_resolve_all(struct s3_client *c, struct err *e);

/* s3_transport_info: the HTTP version and address of the finished transfer into res. */
void s3_transport_info(struct s3_req *r, struct s3_result *res);

/* s3_conn_facts (collect/s3/s3_facts.c): r->facts of the connection r's transfer uses,
 * when the transfer opened it (else cleared with fresh 0): its TLS, read from s3_on_prereq
 * while libcurl still names the connection's SSL object (after the transfer it no longer
 * does). s3_conn_facts_socket: its TCP_NODELAY from the socket, once the transfer is done
 * and before the handle leaves its multi handle (s3_req_sample_conn). s3_conn_facts_done:
 * r->facts and r->cref (s3_conntab_use) into res->facts and res->cref, and cleared (a
 * transfer that never reached the prerequest has none). */
void s3_conn_facts(struct s3_req *r);

/* s3_conntab_use (collect/s3/s3_conntab.c): from s3_on_prereq, after s3_conn_facts: the
 * connection r's transfer was handed (remote address and port, local port) found in r's
 * table, or entered when the transfer opened it (or the table does not know it), its
 * request count advanced; r->cref set (cleared when r has no table). */
void s3_conntab_use(struct s3_req *r, const char *remote_ip, int remote_port, int local_port);
void s3_conn_facts_socket(struct s3_req *r);
void s3_conn_facts_done(struct s3_req *r, struct s3_result *res);

/* s3_share_new: c->share, the TLS session cache c's handles share (CURLSH, under c's
 * locks); 0, or -1 when out of memory (collect/s3/s3_conn.c). */
int s3_share_new(struct s3_client *c);

/* s3_keys_start: c's refresher, when c->creds can be fetched again (creds_refresh_at):
 * its thread started; 0, or -1 with a message (c->keys NULL then: fixed keys are 0).
 * s3_keys_stop: stop and join it, free it (c->keys NULL after). collect/s3/s3_keys.c. */
int s3_keys_start(struct s3_client *c, struct err *e);
void s3_keys_stop(struct s3_client *c);

#endif
