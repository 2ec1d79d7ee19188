/* collect/probe/probe_req.c: the probe's requests (probe_int.h): checks made and named,
 * requests sent and judged, the keys and versions they wrote remembered for the cleanup,
 * the clients made for one check. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collect/probe/probe_int.h"
#include "collect/s3/s3_bill.h"
#include "core/rng.h"
#include "core/timefmt.h"

int probe_want(const struct probe_ctx *x, enum probe_feature f)
{
	unsigned m = x->o != NULL && x->o->features != 0 ? x->o->features : PROBE_ALL;

	return (m >> f) & 1u;
}

struct probe_check *probe_check_new(struct probe_ctx *x, enum probe_feature f, const char *name)
{
	struct probe_feature_result *fr = &x->out->f[f];
	struct probe_check *c;

	if (fr->n_checks == PROBE_MAX_CHECKS)
		return NULL;
	c = &fr->checks[fr->n_checks++];
	memset(c, 0, sizeof(*c));
	c->name = name;
	c->v = PV_UNTESTED;
	fr->probed = 1;
	return c;
}

const char *probe_key(const struct probe_ctx *x, const char *name, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s", x->prefix, name);
	return buf;
}

/* remember: key (and version) for the cleanup; the same pair once. */
static void remember(struct probe_ctx *x, const char *key, const char *version)
{
	for (int i = 0; i < x->n_w; i++)
		if (strcmp(x->w[i].key, key) == 0 && strcmp(x->w[i].version, version) == 0)
			return;
	if (x->n_w == PROBE_WRITTEN) {
		x->lost++;
		return;
	}
	snprintf(x->w[x->n_w].key, sizeof(x->w[0].key), "%s", key);
	snprintf(x->w[x->n_w].version, sizeof(x->w[0].version), "%s", version);
	x->n_w++;
}

/* throttled: an answer that asks to come back later (503, 429, SlowDown). */
static int throttled(const struct s3_result *res)
{
	return res->status == 503 || res->status == 429 || strcmp(res->code, "SlowDown") == 0;
}

long probe_send(struct probe_ctx *x, struct s3_req *r, struct s3_args *a, struct s3_result *res)
{
	struct err e = {{0}};
	char version[128] = "";
	uint64_t rng = rng_time_seed();

	a->keep_headers = 1;
	if (x->stopped[0] == '\0' && time_mono_ns() > x->deadline_ns)
		snprintf(x->stopped, sizeof(x->stopped), "the probe's time limit of %lld s passed",
			 (long long)(PROBE_LIMIT_NS / 1000000000));
	if (x->stopped[0] != '\0') {
		memset(res, 0, sizeof(*res));
		snprintf(res->error, sizeof(res->error), "not sent: %s", x->stopped);
		return 0;
	}
	for (int k = 1;; k++) {
		err_clear(&e);
		s3_req_perform(r != NULL ? r : x->r, a, res, &e);
		if (k == PROBE_ATTEMPTS || !throttled(res))
			break;
		int64_t ns = s3_backoff_ns(&rng, k);
		struct timespec ts = {(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
		nanosleep(&ts, NULL);
	}
	if (r == NULL && (res->cls == EC_TIMEOUT || res->cls == EC_CONNECT || res->cls == EC_DNS ||
			  throttled(res)))
		snprintf(x->stopped, sizeof(x->stopped), "%s %s: %s", s3_op_name(a->op),
			 a->key ? a->key : a->bucket, res->error);
	if (res->status == 0 && res->error[0] == '\0')
		snprintf(res->error, sizeof(res->error), "%s", e.msg);
	if (res->status >= 200 && res->status < 300 &&
	    (a->op == S3_PUT_OBJECT || a->op == S3_DELETE_OBJECT) && a->version_id == NULL) {
		s3_result_header(res, "x-amz-version-id", version, sizeof(version));
		if (strcmp(version, "null") == 0)
			version[0] = '\0';
		if (a->op == S3_PUT_OBJECT || version[0] != '\0')
			remember(x, a->key, version);
	}
	return res->status;
}

int probe_put(struct probe_ctx *x, const char *key, struct s3_result *res)
{
	struct s3_body b = {.mem = x->body, .len = PROBE_BODY};
	struct s3_args a = {.op = S3_PUT_OBJECT, .bucket = x->bucket, .key = key, .body = &b};

	return probe_send(x, NULL, &a, res) / 100 == 2;
}

enum probe_verdict probe_judge_res(struct probe_check *c, long want_status, const char *want_code,
				   const struct s3_result *res)
{
	enum probe_verdict v = probe_judge(c, want_status, want_code, res->status, res->code);

	if (res->status == 0)
		snprintf(c->detail, sizeof(c->detail), "no answer: %s", res->error);
	return v;
}

void probe_untested(struct probe_check *c, const char *fmt, ...)
{
	va_list ap;

	c->v = PV_UNTESTED;
	va_start(ap, fmt);
	vsnprintf(c->detail, sizeof(c->detail), fmt, ap);
	va_end(ap);
}

int probe_client(struct probe_ctx *x, int virtual_hosted, int http2, int tls, struct probe_check *c,
		 struct probe_conn *pc)
{
	struct s3_config cfg = *x->base;
	struct err e = {{0}};

	cfg.virtual_hosted = virtual_hosted;
	cfg.http2 = http2;
	cfg.http2_shared = 0;
	cfg.tls_version = tls;
	cfg.timeout_ms = PROBE_REQUEST_MS;
	cfg.checksum = CHECKSUM_NONE;
	cfg.checksum_get = 0;
	pc->r = NULL;
	pc->cl = s3_client_new(&cfg, &e);
	if (pc->cl != NULL && (pc->r = s3_req_new(pc->cl, &e)) != NULL)
		return 0;
	probe_untested(c, "no client: %s", e.msg);
	probe_client_free(x, pc);
	return -1;
}

void probe_client_free(struct probe_ctx *x, struct probe_conn *pc)
{
	struct bill_counts b;

	s3_req_free(pc->r);
	pc->r = NULL;
	if (pc->cl == NULL)
		return;
	s3_client_bill_read(pc->cl, &b);
	bill_add(&x->other, &b);
	s3_client_free(pc->cl);
	pc->cl = NULL;
}
