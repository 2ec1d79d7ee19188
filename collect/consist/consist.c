/* collect/consist/consist.c: one subject's consistency probes (consist.h): the client, the
 * bucket, the key prefix swept before, each kind's probes in turn, the keys they wrote
 * deleted after. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/consist/consist_int.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/sweep.h"
#include "core/timefmt.h"

/* bucket_ready: the bucket answers HeadBucket, or is created (*created); 0, or -1. */
static int bucket_ready(struct consist_ctx *x, int *created, struct err *e)
{
	struct s3_args a = {.op = S3_HEAD_BUCKET, .bucket = x->bucket};
	struct s3_result res;

	if (s3_retry(x->r, &a, &res, e) == 0)
		return 0;
	if (res.status != 404)
		return err_set(e, "bucket %s: HeadBucket: %s", x->bucket, res.error);
	a.op = S3_CREATE_BUCKET;
	if (s3_retry(x->r, &a, &res, e) != 0)
		return err_set(e, "bucket %s: missing, and CreateBucket: %s", x->bucket, res.error);
	*created = 1;
	return 0;
}

/* sweep: everything under x's prefix deleted (by version on a versioned bucket); what
 * could not be said in x->out->cleanup with what (before, after). */
static void sweep(struct consist_ctx *x, const struct sweep_bucket *b, const char *what)
{
	struct sweep_count n;
	struct s3_result failed;
	struct err e = {{0}};

	if (sweep_prefix(x->cl, x->bucket, x->prefix, b->versioning, &n, &failed, &e) != 0)
		snprintf(x->out->cleanup, sizeof(x->out->cleanup), "%s: keys under %s left: %s",
			 what, x->prefix, e.msg);
}

/* delete_live: every key the probes wrote and did not delete, deleted by name (an
 * unversioned bucket: a listing that lags would have a sweep list and delete them again
 * until it caught up); what could not be said in x->out->cleanup. */
static void delete_live(struct consist_ctx *x)
{
	char key[400];
	struct s3_result res;
	struct err e = {{0}};
	int left = x->lost;

	for (size_t i = 0; i < x->n_live; i++) {
		struct s3_args a = {.op = S3_DELETE_OBJECT, .bucket = x->bucket};
		a.key = consist_key(x, x->live[i].kind, x->live[i].seq, key, sizeof(key));
		if (s3_retry(x->r, &a, &res, &e) != 0 && res.status != 404)
			left++;
	}
	if (left > 0)
		snprintf(x->out->cleanup, sizeof(x->out->cleanup),
			 "%d keys under %s left (DELETE failed)", left, x->prefix);
}

/* probes: each kind asked for, o->repeat times, into x->out (arrays allocated); -1 when
 * memory runs out. */
static int probes(struct consist_ctx *x, struct err *e)
{
	unsigned m = x->o->kinds != 0 ? x->o->kinds : (1u << CK_COUNT) - 1;

	for (int k = 0; k < CK_COUNT; k++) {
		struct consist_kind_result *kr = &x->out->k[k];
		if (!((m >> k) & 1u))
			continue;
		if ((kr->p = calloc((size_t)x->o->repeat, sizeof(*kr->p))) == NULL)
			return err_set(e, "out of memory");
		for (int i = 0; i < x->o->repeat; i++) {
			consist_probe_one(x, (enum consist_kind)k, &kr->p[i]);
			kr->n = i + 1;
		}
	}
	return 0;
}

/* finish: the bucket deleted when the run created it, the bill read, the client freed. */
static void finish(struct consist_ctx *x, int created)
{
	struct bill_counts b;
	struct s3_result res;
	struct err e = {{0}};
	struct s3_args a = {.op = S3_DELETE_BUCKET, .bucket = x->bucket};
	size_t len = strlen(x->out->cleanup);

	if (created && s3_retry(x->r, &a, &res, &e) != 0)
		snprintf(x->out->cleanup + len, sizeof(x->out->cleanup) - len,
			 "%sthe bucket it created is left: %s", len > 0 ? "; " : "", res.error);
	s3_req_free(x->r);
	if (x->cl != NULL) {
		s3_client_bill_read(x->cl, &b);
		x->out->bill = b;
		s3_client_free(x->cl);
	}
}

int consist_run(const struct s3_config *base, const char *id, const char *bucket,
		const struct consist_opts *o, struct consist_report *out, struct err *e)
{
	struct consist_ctx x = {.o = o, .bucket = bucket, .out = out};
	struct s3_config cfg = *base;
	struct sweep_bucket sb = {.versioning = S3_VER_UNKNOWN};
	int created = 0, rc = -1;

	memset(out, 0, sizeof(*out));
	snprintf(out->subject, sizeof(out->subject), "%s", id);
	snprintf(out->endpoint, sizeof(out->endpoint), "%s", base->endpoint ? base->endpoint : "");
	snprintf(out->bucket, sizeof(out->bucket), "%s", bucket);
	out->repeat = o->repeat;
	out->poll_ns = o->poll_ns;
	out->max_wait_ns = o->max_wait_ns;
	out->started_ns = time_now_ns();
	if (o->prefix != NULL)
		snprintf(x.prefix, sizeof(x.prefix), "%s", o->prefix);
	else
		snprintf(x.prefix, sizeof(x.prefix), "s3bench-consistency/%.60s/", id);
	for (int b = 0; b < 2; b++)
		snprintf((char *)x.body[b], CONSIST_BODY, "s3bench consistency probe body %d %-64s",
			 b, "");
	cfg.checksum = CHECKSUM_NONE;
	cfg.checksum_get = 0;
	cfg.http2 = cfg.http2_shared = 0;
	cfg.timeout_ms = CONSIST_REQUEST_MS;
	if ((x.cl = s3_client_new(&cfg, e)) == NULL || (x.r = s3_req_new(x.cl, e)) == NULL ||
	    bucket_ready(&x, &created, e) != 0)
		goto out;
	if (sweep_bucket_state(x.cl, bucket, 0, &sb, e) < 0)
		goto out;
	sweep(&x, &sb, "an earlier run's");
	if (probes(&x, e) < 0)
		goto out;
	if (x.stopped[0] != '\0')
		snprintf(out->cleanup, sizeof(out->cleanup),
			 "keys under %s left: the server stopped answering", x.prefix);
	else if (sb.versioning == S3_VER_ENABLED || sb.versioning == S3_VER_SUSPENDED)
		sweep(&x, &sb, "cleanup");
	else
		delete_live(&x);
	rc = 0;
	if (x.stopped[0] != '\0')
		rc = err_set(e, "stopped early: %s", x.stopped);
out:
	finish(&x, created);
	free(x.live);
	out->ended_ns = time_now_ns();
	if (rc < 0) {
		err_prefix(e, "consistency %s", id);
		snprintf(out->error, sizeof(out->error), "%s", e->msg);
	}
	return rc;
}

void consist_report_free(struct consist_report *r)
{
	for (int k = 0; k < CK_COUNT; k++) {
		free(r->k[k].p);
		r->k[k].p = NULL;
		r->k[k].n = 0;
	}
}
