/* collect/probe/probe_int.h: what the probe's files share (probe.h): the state of one
 * subject's probe and the helpers that send a request, record what it wrote and judge it.
 * Not a public API: use collect/probe/probe.h. */
#ifndef COLLECT_PROBE_INT_H
#define COLLECT_PROBE_INT_H

#include "collect/probe/probe.h"

#define PROBE_BODY 1024            /* bytes of every object the probe writes */
#define PROBE_WRITTEN 128          /* keys and versions it can remember for the cleanup */
#define PROBE_ATTEMPTS 4           /* sends of a request answered 503, 429 or SlowDown */
#define PROBE_REQUEST_MS 10000     /* one request's time limit */
#define PROBE_LIMIT_NS 60000000000 /* the whole probe's: past it nothing more is sent */

/* A key the probe wrote, and the version the answer named ("" when none). */
struct probe_written {
	char key[320];
	char version[128];
};

struct probe_ctx {
	const struct s3_config *base;
	const struct probe_opts *o;
	const char *bucket;
	char prefix[256]; /* "s3bench-probe/CAMPAIGN/SUBJECT/" (probe_opts.prefix) */
	struct s3_client *cl;
	struct s3_req *r;
	struct probe_report *out;
	enum s3_versioning versioning; /* the bucket's, as GetBucketVersioning said */
	int versioned;                 /* it is S3_VER_ENABLED or S3_VER_SUSPENDED */
	int https;
	int created;         /* the probe created the bucket (and deletes it at the end) */
	int64_t deadline_ns; /* CLOCK_MONOTONIC: PROBE_LIMIT_NS after the start */
	char stopped[160];   /* "" while requests go out; else why the probe stopped sending */
	struct probe_written w[PROBE_WRITTEN];
	int n_w, lost; /* lost: keys written past PROBE_WRITTEN (not cleaned) */
	unsigned char body[PROBE_BODY];
	struct bill_counts other; /* the bills of the clients made for one check */
};

/* probe_want: 1 when feature f was asked for. */
int probe_want(const struct probe_ctx *x, enum probe_feature f);

/* probe_check_new: the next check of feature f, named name (static), zeroed; NULL when
 * the feature has PROBE_MAX_CHECKS already. */
struct probe_check *probe_check_new(struct probe_ctx *x, enum probe_feature f, const char *name);

/* probe_key: the full key of the probe's key `name` (under x->prefix) into buf. */
const char *probe_key(const struct probe_ctx *x, const char *name, char *buf, size_t n);

/* probe_send: a with the answer's headers kept, on request r (NULL: the probe's own),
 * sent again (up to PROBE_ATTEMPTS, with s3_backoff_ns's waits) only while the answer is a
 * throttle (503, 429, SlowDown): a probe judges the first answer to anything else; a
 * successful PUT's key and version, and a DELETE's delete marker, are remembered for the
 * cleanup. When a request of the probe's own client times out, cannot connect or stays
 * throttled, or PROBE_LIMIT_NS has passed, x->stopped says so and nothing more is sent
 * (res: no answer, its error the reason; the checks left are untested). res's headers and body are r's until its next request. Returns res->status (0:
 * no answer; res->error says why). */
long probe_send(struct probe_ctx *x, struct s3_req *r, struct s3_args *a, struct s3_result *res);

/* probe_put: a plain PUT of the probe's body under key (full key); 1 when it succeeded. */
int probe_put(struct probe_ctx *x, const char *key, struct s3_result *res);

/* probe_judge_res: probe_judge of res into c (no answer: untested, res->error the detail). */
enum probe_verdict probe_judge_res(struct probe_check *c, long want_status, const char *want_code,
				   const struct s3_result *res);

/* probe_untested: c untested, with detail fmt. */
void probe_untested(struct probe_check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A client made for one check and its request. */
struct probe_conn {
	struct s3_client *cl;
	struct s3_req *r;
};

/* probe_client: a client of base with addressing, HTTP/2 and TLS version changed, and a
 * request of it, into *pc; 0, or -1 with the message in c's detail (c untested).
 * probe_client_free: its bill added to x->other, both freed (pc zeroed). */
int probe_client(struct probe_ctx *x, int virtual_hosted, int http2, int tls, struct probe_check *c,
		 struct probe_conn *pc);
void probe_client_free(struct probe_ctx *x, struct probe_conn *pc);

/* The checks (probe_obj.c, probe_conn.c): each adds its feature's checks to x->out. */
void probe_versioning(struct probe_ctx *x);
void probe_conditional_put(struct probe_ctx *x);
void probe_conditional_delete(struct probe_ctx *x);
void probe_checksum(struct probe_ctx *x, enum probe_feature f);
void probe_tagging(struct probe_ctx *x);
void probe_sse(struct probe_ctx *x, enum probe_feature f);
void probe_addressing(struct probe_ctx *x, enum probe_feature f);
void probe_http2(struct probe_ctx *x);
void probe_tls(struct probe_ctx *x, enum probe_feature f);

#endif
