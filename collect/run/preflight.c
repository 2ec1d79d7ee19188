/* collect/run/preflight.c: see preflight.h. */
#include "collect/run/preflight.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "collect/run/subject.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3_bill.h"
#include "collect/s3/s3_endpoint.h"
#include "collect/workload.h"
#include "core/sweeplog.h"
#include "core/units.h"

/* requests_in: how many requests b counts, of every operation. */
static uint64_t requests_in(const struct bill_counts *b)
{
	uint64_t n = 0;

	for (int i = 0; i < BILL_OPS; i++)
		n += b->req[i].n;
	return n;
}

uint64_t preflight_log_bytes(const struct campaign *c, const struct plan *p,
			     const unsigned char *todo, const struct estimate_opts *o, int *runs)
{
	uint64_t bytes = 0;

	*runs = 0;
	for (int k = 0; k < p->n; k++) {
		const struct plan_run *r = &p->runs[k];
		struct bill_counts b;
		double rows;

		if (todo != NULL && !todo[k])
			continue;
		(*runs)++;
		if (estimate_run(c, r, 0, o, &b, NULL, 0))
			rows = (double)requests_in(&b);
		else
			rows = (double)workload_workers(&r->wl) * r->wl.duration_s *
			       PREFLIGHT_ROWS_PER_S;
		double rj = PREFLIGHT_RUNJSON_MIN + rows * PREFLIGHT_RUNJSON_ROW;
		bytes += (uint64_t)((rj < PREFLIGHT_RUNJSON_MAX ? rj : PREFLIGHT_RUNJSON_MAX) +
				    rows * PREFLIGHT_ROW_BYTES);
	}
	return bytes;
}

static int code_is(const struct s3_result *r, const char *code)
{
	return strcmp(r->code, code) == 0;
}

/* transport_problem: the words for a request that got no HTTP answer; 0 when it got one. */
static int transport_problem(const struct s3_result *res, const struct campaign_subject *s,
			     char *msg, size_t n)
{
	char why[S3_ERROR_MAX];

	switch (res->cls) {
	case EC_TLS:
		/* the client's own short hint is said at length here */
		snprintf(why, sizeof(why), "%s", res->error);
		if (strstr(why, " (the server does not answer TLS") != NULL) {
			*strstr(why, " (the server does not answer TLS") = '\0';
			snprintf(
				msg, n,
				"TLS with %s failed (%s): the handshake did not complete: the "
				"server does not answer TLS on this port; if it speaks plain HTTP, "
				"write the endpoint as http://",
				s->endpoint, why);
			return 1;
		}
		if (strstr(why, " (trust its CA") != NULL)
			*strstr(why, " (trust its CA") = '\0';
		snprintf(msg, n,
			 "TLS with %s failed (%s): the certificate was not verified with %s%s; "
			 "trust its CA with ca_bundle = PEM in this section, --ca-bundle PEM or "
			 "AWS_CA_BUNDLE, or turn verification off with insecure = yes or "
			 "--insecure (test endpoints only)",
			 s->endpoint, why, s->ca_bundle ? "the CAs of " : "the system's CAs",
			 s->ca_bundle ? s->ca_bundle : "");
		return 1;
	case EC_DNS:
		snprintf(msg, n, "endpoint %s: the host name does not resolve (%s)", s->endpoint,
			 res->error);
		return 1;
	case EC_TIMEOUT:
		snprintf(msg, n, "endpoint %s: no answer within %d s (%s)", s->endpoint,
			 PREFLIGHT_TIMEOUT_MS / 1000, res->error);
		return 1;
	default:
		break;
	}
	if (res->status != 0)
		return 0;
	snprintf(msg, n, "endpoint %s: cannot connect (%s): is the server up and the port right?",
		 s->endpoint, res->error);
	return 1;
}

/* auth_problem: the words for a refusal of the keys, the token or the region; 0 when
 * res is none of those. */
static int auth_problem(const struct s3_result *res, const struct campaign_subject *s, char *msg,
			size_t n)
{
	if (code_is(res, "SignatureDoesNotMatch"))
		snprintf(msg, n,
			 "the keys are refused (%s): the secret key does not belong to the "
			 "access key id, or this machine's clock is more than 15 minutes off",
			 res->error);
	else if (code_is(res, "InvalidAccessKeyId"))
		snprintf(msg, n,
			 "the keys are refused (%s): the endpoint does not know this access key "
			 "id",
			 res->error);
	else if (code_is(res, "ExpiredToken") || code_is(res, "InvalidToken"))
		snprintf(msg, n, "the session token is refused (%s)", res->error);
	else if (code_is(res, "AuthorizationHeaderMalformed") || strstr(res->code, "Region") ||
		 code_is(res, "PermanentRedirect") ||
		 code_is(res, "IllegalLocationConstraintException"))
		snprintf(msg, n,
			 "region = %s is not the endpoint's or the bucket's (%s): give the "
			 "bucket's region",
			 s->region, res->error);
	else if (code_is(res, "AccessDenied") || res->status == 403)
		snprintf(msg, n,
			 "the keys may not list bucket %s (ListObjectsV2: %s): each run's cleanup "
			 "lists its prefix; give them s3:ListBucket on it (and s3:CreateBucket "
			 "when it does not exist yet)",
			 s->bucket, res->error);
	else
		return 0;
	return 1;
}

enum preflight_verdict preflight_judge(const struct s3_result *res,
				       const struct campaign_subject *s, int keys_ok, char *msg,
				       size_t n)
{
	msg[0] = '\0';
	if (res->cls == EC_NONE)
		return PREFLIGHT_OK;
	if (transport_problem(res, s, msg, n))
		return PREFLIGHT_PROBLEM;
	if (res->code[0] == '\0') {
		/* an answer without an S3 error document, or a success without a listing */
		char what[S3_ERROR_MAX + 32];
		if (res->status >= 200 && res->status < 300)
			snprintf(what, sizeof(what), "%s, not a ListBucketResult", res->error);
		else
			snprintf(what, sizeof(what), "HTTP %ld and no S3 error document",
				 res->status);
		snprintf(
			msg, n,
			"endpoint %s does not speak S3: it answered ListObjectsV2 of %s with %s (a "
			"web or WebDAV server?); check the endpoint, or measure it anyway with "
			"--no-preflight",
			s->endpoint, s->bucket, what);
		return PREFLIGHT_PROBLEM;
	}
	if (code_is(res, "NoSuchBucket"))
		return PREFLIGHT_NO_BUCKET;
	if (res->cls == EC_AUTH && !keys_ok)
		return PREFLIGHT_SILENT;
	if (auth_problem(res, s, msg, n))
		return PREFLIGHT_PROBLEM;
	snprintf(msg, n, "ListObjectsV2 %s: %s", s->bucket, res->error);
	return PREFLIGHT_PROBLEM;
}

const char *preflight_create_problem(const struct s3_result *res, const struct campaign_subject *s,
				     char *msg, size_t n)
{
	if (code_is(res, "AccessDenied") || res->status == 403)
		snprintf(msg, n,
			 "bucket %s does not exist and these keys may not create it "
			 "(CreateBucket: %s): create it, or give a bucket they may use",
			 s->bucket, res->error);
	else if (code_is(res, "BucketAlreadyExists"))
		snprintf(msg, n,
			 "bucket name %s is taken by another account (CreateBucket: %s): choose "
			 "another",
			 s->bucket, res->error);
	else if (code_is(res, "TooManyBuckets"))
		snprintf(msg, n,
			 "bucket %s does not exist and the account may not have more buckets "
			 "(CreateBucket: %s)",
			 s->bucket, res->error);
	else if (strstr(res->code, "LocationConstraint") != NULL)
		snprintf(msg, n,
			 "bucket %s cannot be created in region = %s (CreateBucket: %s): give the "
			 "endpoint's region",
			 s->bucket, s->region, res->error);
	else
		snprintf(msg, n,
			 "bucket %s does not exist and cannot be created (CreateBucket: %s)",
			 s->bucket, res->error);
	return msg;
}

/* struct check: one subject being checked. */
struct check {
	const struct campaign *c;
	const struct campaign_subject *s;
	const struct preflight_opts *o;
	FILE *f;
	int problems;
	struct bill_counts bill; /* the requests sent */
};

/* say: "collect: FILE:LINE: [subject ID]: text" on x->f; problem 1 counts it. */
static void say(struct check *x, int problem, const char *text)
{
	fprintf(x->f, "collect: %s:%d: [subject %s]: %s\n", x->c->file, x->s->line, x->s->id, text);
	x->problems += problem;
}

/* make_bucket: create the missing bucket as the first run would (deleted again under
 * --check or when spread). */
static void make_bucket(struct check *x, struct s3_req *r, enum s3_bucket_name bn, int spread)
{
	struct s3_args a = {.op = S3_CREATE_BUCKET, .bucket = x->s->bucket};
	struct s3_result res;
	struct err e;
	char msg[1024];

	if (bn == S3_BUCKET_LEGACY) {
		snprintf(msg, sizeof(msg),
			 "bucket %s does not exist, and a new bucket's name cannot hold uppercase "
			 "letters or '_'",
			 x->s->bucket);
		say(x, 1, msg);
		return;
	}
	if (s3_retry(r, &a, &res, &e) < 0) {
		say(x, 1, preflight_create_problem(&res, x->s, msg, sizeof(msg)));
		return;
	}
	if (!x->o->check_only && !spread) {
		snprintf(msg, sizeof(msg), "bucket %s created (the first run would have)",
			 x->s->bucket);
		say(x, 0, msg);
		return;
	}
	a.op = S3_DELETE_BUCKET;
	if (s3_retry(r, &a, &res, &e) < 0)
		snprintf(msg, sizeof(msg),
			 "bucket %s could be created, but not deleted again (%s): delete it",
			 x->s->bucket, e.msg);
	else
		snprintf(msg, sizeof(msg), "bucket %s can be created (created and deleted again)",
			 x->s->bucket);
	say(x, 0, msg);
}

/* probe: the subject's listing (and the bucket's creation) with credentials cr. */
static void probe(struct check *x, struct creds *cr, int keys_ok, enum s3_bucket_name bn,
		  int spread)
{
	struct s3_args a = {
		.op = S3_LIST_OBJECTS, .bucket = x->s->bucket, .prefix = "s3bench/", .max_keys = 1};
	struct s3_client *cl;
	struct s3_req *r = NULL;
	struct s3_result res;
	struct err e;
	char msg[1024];

	cl = subject_probe_client(x->s, cr, PREFLIGHT_TIMEOUT_MS, &e);
	if (cl == NULL || (r = s3_req_new(cl, &e)) == NULL) {
		say(x, 1, e.msg);
		goto out;
	}
	s3_retry(r, &a, &res, &e);
	switch (preflight_judge(&res, x->s, keys_ok, msg, sizeof(msg))) {
	case PREFLIGHT_PROBLEM:
		say(x, 1, msg);
		break;
	case PREFLIGHT_NO_BUCKET:
		if (keys_ok)
			make_bucket(x, r, bn, spread);
		break;
	default:
		break;
	}
out:
	s3_req_free(r);
	s3_client_bill_read(cl, &x->bill);
	s3_client_free(cl);
}

/* bill_requests: the subject's requests into o->bills's sweeps.json. */
static void bill_requests(struct check *x)
{
	struct sweep_rec rec;
	struct err e;

	if (x->o->bills == NULL || requests_in(&x->bill) == 0)
		return;
	memset(&rec, 0, sizeof(rec));
	snprintf(rec.run, sizeof(rec.run), ".");
	snprintf(rec.subject, sizeof(rec.subject), "%s", x->s->id);
	snprintf(rec.by, sizeof(rec.by), "preflight");
	rec.bill = x->bill;
	if (sweeplog_append(x->o->bills, &rec, 1, &e) < 0)
		fprintf(x->f, "collect: %s: the checks' requests are not billed: %s\n", x->s->id,
			e.msg);
}

/* check_subject: every check of one subject; returns its problems. */
static int check_subject(const struct campaign *c, const struct campaign_subject *s, int spread,
			 const struct preflight_opts *o, FILE *f)
{
	struct check x = {.c = c, .s = s, .o = o, .f = f};
	struct creds *cr;
	struct err e;
	enum s3_bucket_name bn = s3_bucket_name_check(s->bucket, !s->path_style, &e);
	size_t skip = strlen("subject : ") + strlen(s->id);
	int keys_ok = 1;

	if (bn == S3_BUCKET_BAD)
		say(&x, 1, e.msg);
	cr = subject_creds(s, &e);
	if (cr == NULL) {
		/* "subject ID: ..." said once */
		say(&x, 1,
		    strncmp(e.msg, "subject ", 8) == 0 && strlen(e.msg) > skip ? e.msg + skip
									       : e.msg);
		keys_ok = 0;
		cr = creds_new("AKIAS3BENCHPREFLIGHT", "s3bench-preflight-placeholder", NULL, NULL,
			       NULL, &e);
	}
	/* a bad name would fail every request (or, virtual-hosted, be a host that does not
	 * resolve): said once */
	if (cr != NULL && bn != S3_BUCKET_BAD)
		probe(&x, cr, keys_ok, bn, spread);
	creds_free(cr);
	bill_requests(&x);
	if (x.problems == 0 && o->check_only)
		say(&x, 0, "ready");
	return x.problems;
}

/* check_disk: the output directory's file system has room for o->log_bytes. */
static int check_disk(const struct preflight_opts *o, FILE *f)
{
	char path[4096], need[32], avail[32];
	struct statvfs vfs;
	struct stat st;
	uint64_t free_bytes;

	snprintf(path, sizeof(path), "%s", o->out);
	/* the nearest directory that exists: it may not be made yet */
	while (stat(path, &st) != 0 && strcmp(path, "/") != 0 && strcmp(path, ".") != 0) {
		char *d = dirname(path);
		memmove(path, d, strlen(d) + 1);
	}
	if (statvfs(path, &vfs) != 0) {
		fprintf(f, "collect: %s: cannot tell its free space: %s\n", path, strerror(errno));
		return 1;
	}
	free_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	if (free_bytes >= o->log_bytes)
		return 0;
	fprintf(f,
		"collect: output directory %s: %s free on its file system (at %s), but the %d "
		"runs to do write about %s of logs (a run.json of up to %d KiB each, about %d "
		"bytes of ops.tsv.zst a request): free space, or give -o on a larger disk\n",
		o->out, units_format_size_human(free_bytes, avail, sizeof(avail)), path, o->runs,
		units_format_size_human(o->log_bytes, need, sizeof(need)),
		PREFLIGHT_RUNJSON_MAX / 1024, PREFLIGHT_ROW_BYTES);
	return 1;
}

int preflight_run(const struct campaign *c, const unsigned char *which, const unsigned char *spread,
		  const struct preflight_opts *o, FILE *f)
{
	int problems = 0, n = 0;

	for (int i = 0; i < c->n_subjects; i++)
		if (which[i]) {
			problems += check_subject(c, &c->subjects[i], spread[i], o, f);
			n++;
		}
	problems += check_disk(o, f);
	if (problems > 0)
		fprintf(f,
			"collect: %d problem%s found before the first request%s (docs/CAMPAIGN.md, "
			"\"Before the first request\"; --no-preflight runs anyway)\n",
			problems, problems == 1 ? "" : "s",
			o->check_only ? "" : "; nothing was run");
	else
		fprintf(f, "collect: checked %d subject%s and the output disk: ready\n", n,
			n == 1 ? "" : "s");
	return problems;
}
