/* collect/probe/probe.c: one subject's conformance probe (probe.h): the probe's client,
 * bucket and key prefix, the checks in a fixed order, and the cleanup of every key and
 * version the probe wrote. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/probe/probe_int.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/sweep.h"
#include "core/rng.h"
#include "core/timefmt.h"

/* cleanup: every version the answers named deleted by id; on an unversioned bucket every
 * key deleted; what could not be removed said in out->cleanup. */
static void cleanup(struct probe_ctx *x)
{
	struct s3_result res;
	int left = 0;

	for (int i = 0; i < x->n_w; i++) {
		const struct probe_written *w = &x->w[i];
		struct s3_args a = {.op = S3_DELETE_OBJECT, .bucket = x->bucket, .key = w->key};
		if (w->version[0] != '\0')
			a.version_id = w->version;
		else if (x->versioned) {
			left++; /* a plain DELETE would only add a delete marker */
			continue;
		}
		if (probe_send(x, NULL, &a, &res) / 100 != 2 && res.status != 404)
			left++;
	}
	if (left > 0 || x->lost > 0)
		snprintf(x->out->cleanup, sizeof(x->out->cleanup),
			 "%d of %d keys or versions under %s left (%s)", left + x->lost,
			 x->n_w + x->lost, x->prefix,
			 x->stopped[0]  ? x->stopped
			 : x->versioned ? "versioned bucket: versions without an id in the answer"
					: "DELETE failed");
}

/* bucket_ready: the bucket answers HeadBucket, or is created (x->created); 0, or -1 with a
 * message. */
static int bucket_ready(struct probe_ctx *x, struct err *e)
{
	struct s3_args a = {.op = S3_HEAD_BUCKET, .bucket = x->bucket};
	struct s3_result res;

	if (probe_send(x, NULL, &a, &res) / 100 == 2)
		return 0;
	if (res.status != 404)
		return err_set(e, "bucket %s: HeadBucket: %s", x->bucket, res.error);
	a.op = S3_CREATE_BUCKET;
	if (probe_send(x, NULL, &a, &res) / 100 != 2)
		return err_set(e, "bucket %s: missing, and CreateBucket: %s", x->bucket, res.error);
	x->created = 1;
	return 0;
}

/* leftovers: what a probe killed before its cleanup left under the same prefix, deleted
 * first, by version id on a versioned bucket (collect/s3/sweep.h; a server that cannot
 * list leaves them, said in cleanup). */
static void leftovers(struct probe_ctx *x)
{
	struct sweep_count n;
	struct s3_result failed;
	struct err e = {{0}};

	if (sweep_prefix(x->cl, x->bucket, x->prefix, x->versioning, &n, &failed, &e) != 0)
		snprintf(x->out->cleanup, sizeof(x->out->cleanup),
			 "an earlier probe's keys under %s may be left: %s", x->prefix, e.msg);
}

/* run_checks: the features asked for after versioning, in probe.h's order. */
static void run_checks(struct probe_ctx *x)
{
	if (probe_want(x, PF_CONDITIONAL_PUT))
		probe_conditional_put(x);
	if (probe_want(x, PF_CONDITIONAL_DELETE))
		probe_conditional_delete(x);
	for (int f = PF_CHECKSUM_CRC32; f <= PF_CHECKSUM_SHA256; f++)
		if (probe_want(x, (enum probe_feature)f))
			probe_checksum(x, (enum probe_feature)f);
	if (probe_want(x, PF_TAGGING))
		probe_tagging(x);
	for (int f = PF_SSE_S3; f <= PF_SSE_KMS; f++)
		if (probe_want(x, (enum probe_feature)f))
			probe_sse(x, (enum probe_feature)f);
	for (int f = PF_PATH_STYLE; f <= PF_VIRTUAL_HOSTED; f++)
		if (probe_want(x, (enum probe_feature)f))
			probe_addressing(x, (enum probe_feature)f);
	if (probe_want(x, PF_HTTP2))
		probe_http2(x);
	for (int f = PF_TLS12; f <= PF_TLS13; f++)
		if (probe_want(x, (enum probe_feature)f))
			probe_tls(x, (enum probe_feature)f);
}

int probe_run(const struct s3_config *base, const char *id, const char *bucket,
	      const struct probe_opts *o, struct probe_report *out, struct err *e)
{
	struct probe_ctx *x = calloc(1, sizeof(*x));
	struct s3_config cfg = *base;
	uint64_t rng = rng_time_seed();
	struct bill_counts b;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	snprintf(out->subject, sizeof(out->subject), "%s", id);
	snprintf(out->endpoint, sizeof(out->endpoint), "%s", base->endpoint ? base->endpoint : "");
	snprintf(out->bucket, sizeof(out->bucket), "%s", bucket);
	out->started_ns = time_now_ns();
	if (x == NULL)
		return err_set(e, "probe %s: out of memory", id);
	x->base = base;
	x->o = o;
	x->bucket = bucket;
	x->out = out;
	x->https = base->endpoint != NULL && strncmp(base->endpoint, "https://", 8) == 0;
	if (o != NULL && o->prefix != NULL)
		snprintf(x->prefix, sizeof(x->prefix), "%s", o->prefix);
	else
		snprintf(x->prefix, sizeof(x->prefix), "s3bench-probe/%.60s/", id);
	for (size_t i = 0; i < PROBE_BODY; i++)
		x->body[i] = (unsigned char)(rng_next(&rng) >> 56);
	cfg.checksum = CHECKSUM_NONE;
	cfg.checksum_get = 0;
	cfg.http2 = cfg.http2_shared = 0;
	cfg.timeout_ms = PROBE_REQUEST_MS;
	x->deadline_ns = time_mono_ns() + PROBE_LIMIT_NS;
	if ((x->cl = s3_client_new(&cfg, e)) == NULL || (x->r = s3_req_new(x->cl, e)) == NULL) {
		err_prefix(e, "probe %s", id);
		goto out;
	}
	if (bucket_ready(x, e) != 0) {
		err_prefix(e, "probe %s", id);
		goto out;
	}
	probe_versioning(x); /* first: the sweep of leftovers and the cleanup need it */
	leftovers(x);
	run_checks(x);
	cleanup(x);
	if (x->created) {
		struct s3_args a = {.op = S3_DELETE_BUCKET, .bucket = bucket};
		struct s3_result res;
		if (probe_send(x, NULL, &a, &res) / 100 != 2)
			snprintf(out->cleanup + strlen(out->cleanup),
				 sizeof(out->cleanup) - strlen(out->cleanup),
				 "%sthe bucket it created is left: %s", out->cleanup[0] ? "; " : "",
				 res.error);
	}
	for (int f = 0; f < PF_COUNT; f++)
		if (out->f[f].probed)
			out->f[f].v = probe_combine(&out->f[f]);
	if (x->stopped[0] != '\0') {
		err_set(e, "probe %s: stopped early: %s", id, x->stopped);
		goto out;
	}
	rc = 0;
out:
	s3_req_free(x->r);
	if (x->cl != NULL) {
		s3_client_bill_read(x->cl, &b);
		bill_add(&x->other, &b);
		s3_client_free(x->cl);
	}
	out->bill = x->other;
	out->ended_ns = time_now_ns();
	free(x);
	return rc;
}
