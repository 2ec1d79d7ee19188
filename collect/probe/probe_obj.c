/* collect/probe/probe_obj.c: the probe's checks on objects (probe_int.h): conditional PUT
 * and DELETE, checksums on PUT and GET, tagging, SSE-S3, SSE-C and SSE-KMS. What each
 * sends and what it counts as conformant is in docs/METHODOLOGY.md, "Conformance probe". */
#include <stdio.h>
#include <string.h>

#include "collect/probe/probe_int.h"
#include "collect/s3/s3_sse.h"

#define WRONG_ETAG "\"00000000000000000000000000000000\""

/* etag_of: the current ETag of key (HEAD) into etag; 1 when the key is there. */
static int etag_of(struct probe_ctx *x, const char *key, char *etag, size_t n)
{
	struct s3_args a = {.op = S3_HEAD_OBJECT, .bucket = x->bucket, .key = key};
	struct s3_result res;

	if (probe_send(x, NULL, &a, &res) / 100 != 2 || res.etag[0] == '\0')
		return 0;
	snprintf(etag, n, "%s", res.etag);
	return 1;
}

/* cond: one conditional request (op PUT with the probe's body, or DELETE) on key with
 * header name: value, judged against want_status / want_code into a new check. */
static void cond(struct probe_ctx *x, enum probe_feature f, const char *check, enum s3_op op,
		 const char *key, const char *name, const char *value, long want_status,
		 const char *want_code)
{
	struct probe_check *c = probe_check_new(x, f, check);
	struct s3_body b = {.mem = x->body, .len = PROBE_BODY};
	struct s3_hdr h = {name, value};
	struct s3_args a = {.op = op, .bucket = x->bucket, .key = key, .hdrs = &h, .n_hdrs = 1};
	struct s3_result res;

	if (c == NULL)
		return;
	if (op == S3_PUT_OBJECT)
		a.body = &b;
	probe_send(x, NULL, &a, &res);
	probe_judge_res(c, want_status, want_code, &res);
}

void probe_conditional_put(struct probe_ctx *x)
{
	char key[320], missing[320], etag[128];
	struct s3_result res;

	probe_key(x, "conditional-put", key, sizeof(key));
	probe_key(x, "conditional-put-missing", missing, sizeof(missing));
	cond(x, PF_CONDITIONAL_PUT, "if-none-match-new", S3_PUT_OBJECT, key, "if-none-match", "*",
	     2, NULL);
	if (!etag_of(x, key, etag, sizeof(etag)) &&
	    (!probe_put(x, key, &res) || !etag_of(x, key, etag, sizeof(etag)))) {
		probe_untested(probe_check_new(x, PF_CONDITIONAL_PUT, "if-none-match-existing"),
			       "the key could not be written or read back: %s", res.error);
		return;
	}
	cond(x, PF_CONDITIONAL_PUT, "if-none-match-existing", S3_PUT_OBJECT, key, "if-none-match",
	     "*", 412, "PreconditionFailed");
	etag_of(x, key, etag, sizeof(etag));
	cond(x, PF_CONDITIONAL_PUT, "if-match-current", S3_PUT_OBJECT, key, "if-match", etag, 2,
	     NULL);
	cond(x, PF_CONDITIONAL_PUT, "if-match-other", S3_PUT_OBJECT, key, "if-match", WRONG_ETAG,
	     412, "PreconditionFailed");
	cond(x, PF_CONDITIONAL_PUT, "if-match-missing", S3_PUT_OBJECT, missing, "if-match", etag,
	     404, "NoSuchKey");
}

void probe_conditional_delete(struct probe_ctx *x)
{
	char key[320], missing[320], etag[128];
	struct s3_result res;

	probe_key(x, "conditional-delete", key, sizeof(key));
	probe_key(x, "conditional-delete-missing", missing, sizeof(missing));
	if (!probe_put(x, key, &res) || !etag_of(x, key, etag, sizeof(etag))) {
		probe_untested(probe_check_new(x, PF_CONDITIONAL_DELETE, "if-match-other"),
			       "the key could not be written or read back: %s", res.error);
		return;
	}
	cond(x, PF_CONDITIONAL_DELETE, "if-match-other", S3_DELETE_OBJECT, key, "if-match",
	     WRONG_ETAG, 412, "PreconditionFailed");
	if (!etag_of(x, key, etag, sizeof(etag)) &&
	    (!probe_put(x, key, &res) || !etag_of(x, key, etag, sizeof(etag)))) {
		probe_untested(probe_check_new(x, PF_CONDITIONAL_DELETE, "if-match-current"),
			       "the key could not be written again: %s", res.error);
		return;
	}
	cond(x, PF_CONDITIONAL_DELETE, "if-match-current", S3_DELETE_OBJECT, key, "if-match", etag,
	     2, NULL);
	cond(x, PF_CONDITIONAL_DELETE, "if-match-missing", S3_DELETE_OBJECT, missing, "if-match",
	     etag, 404, "NoSuchKey");
}

/* digest_b64: the checksum alg of data (n bytes), base64, into out. */
static void digest_b64(enum checksum_alg alg, const void *data, size_t n, char *out)
{
	struct checksum ck = {0};
	unsigned char d[CHECKSUM_MAX];
	size_t len;

	out[0] = '\0';
	if (checksum_init(&ck, alg, NULL) != 0)
		return;
	checksum_update(&ck, data, n);
	len = checksum_final(&ck, d);
	checksum_b64(d, len, out);
	checksum_free(&ck);
}

/* put_with: a PUT of the probe's body under key with headers h (n), judged 2xx into c. */
static int put_with(struct probe_ctx *x, struct probe_check *c, const char *key,
		    const struct s3_hdr *h, size_t n, struct s3_result *res)
{
	struct s3_body b = {.mem = x->body, .len = PROBE_BODY};
	struct s3_args a = {.op = S3_PUT_OBJECT, .bucket = x->bucket, .key = key, .body = &b};

	a.hdrs = h;
	a.n_hdrs = n;
	probe_send(x, NULL, &a, res);
	return probe_judge_res(c, 2, NULL, res) == PV_SUPPORTED;
}

/* Body of a GET: compared with the probe's. */
struct sink {
	const unsigned char *want;
	size_t n, off;
	int differs;
};

static size_t sink_cmp(void *arg, const char *data, size_t n)
{
	struct sink *s = arg;

	if (s->off + n > s->n || memcmp(s->want + s->off, data, n) != 0)
		s->differs = 1;
	s->off += n;
	return n;
}

/* get_back: a GET of key with headers h (n), judged want_status / want_code into c; for a
 * 2xx, c is wrong when the body is not the probe's. */
static enum probe_verdict get_back(struct probe_ctx *x, struct probe_check *c, const char *key,
				   const struct s3_hdr *h, size_t n, long want_status,
				   const char *want_code, struct s3_result *res)
{
	struct sink s = {.want = x->body, .n = PROBE_BODY};
	struct s3_args a = {.op = S3_GET_OBJECT, .bucket = x->bucket, .key = key};

	a.hdrs = h;
	a.n_hdrs = n;
	a.sink = sink_cmp;
	a.sink_arg = &s;
	probe_send(x, NULL, &a, res);
	if (probe_judge_res(c, want_status, want_code, res) == PV_SUPPORTED && want_status == 2 &&
	    (s.differs || s.off != PROBE_BODY)) {
		snprintf(c->detail, sizeof(c->detail),
			 "answered %ld with %zu bytes that are not the %d written", res->status,
			 s.off, PROBE_BODY);
		c->v = PV_WRONG;
	}
	return c->v;
}

void probe_checksum(struct probe_ctx *x, enum probe_feature f)
{
	enum checksum_alg alg = CHECKSUM_CRC32 + (f - PF_CHECKSUM_CRC32);
	const char *hname = checksum_header(alg);
	char key[320], value[CHECKSUM_B64_MAX], other[CHECKSUM_B64_MAX], got[128];
	struct s3_hdr h = {hname, value}, mode = {"x-amz-checksum-mode", "ENABLED"};
	struct probe_check *put = probe_check_new(x, f, "put");
	struct probe_check *get = probe_check_new(x, f, "get");
	struct probe_check *bad = probe_check_new(x, f, "put-mismatch");
	struct s3_result res;

	probe_key(x, checksum_name(alg), key, sizeof(key));
	digest_b64(alg, x->body, PROBE_BODY, value);
	if (!put_with(x, put, key, &h, 1, &res)) {
		probe_untested(get, "the PUT was not accepted");
	} else if (get_back(x, get, key, &mode, 1, 2, NULL, &res) == PV_SUPPORTED) {
		snprintf(get->expected, sizeof(get->expected), "2xx with %s: %s", hname, value);
		if (!s3_result_header(&res, hname, got, sizeof(got))) {
			get->v = PV_WRONG;
			snprintf(get->detail, sizeof(get->detail),
				 "answered %ld without %s (x-amz-checksum-mode: ENABLED sent)",
				 res.status, hname);
		} else if (strcmp(got, value) != 0) {
			get->v = PV_WRONG;
			snprintf(get->detail, sizeof(get->detail), "answered %s: %s", hname, got);
		}
	}
	/* the value of other bytes: the object must not be stored */
	digest_b64(alg, "s3bench", 7, other);
	h.value = other;
	probe_key(x, "checksum-mismatch", key, sizeof(key));
	{
		struct s3_body b = {.mem = x->body, .len = PROBE_BODY};
		struct s3_args a = {.op = S3_PUT_OBJECT,
				    .bucket = x->bucket,
				    .key = key,
				    .body = &b,
				    .hdrs = &h,
				    .n_hdrs = 1};
		probe_send(x, NULL, &a, &res);
		probe_judge_res(bad, 400, "BadDigest", &res);
	}
}

void probe_tagging(struct probe_ctx *x)
{
	char key[320];
	struct s3_hdr h = {"x-amz-tagging", "s3bench-probe=1"};
	struct probe_check *put = probe_check_new(x, PF_TAGGING, "put");
	struct probe_check *get = probe_check_new(x, PF_TAGGING, "get-tagging");
	struct s3_result res;

	probe_key(x, "tagging", key, sizeof(key));
	if (!put_with(x, put, key, &h, 1, &res)) {
		probe_untested(get, "the PUT was not accepted");
		return;
	}
	struct s3_args a = {.op = S3_GET_OBJECT_TAGGING, .bucket = x->bucket, .key = key};
	probe_send(x, NULL, &a, &res);
	if (probe_judge_res(get, 2, NULL, &res) != PV_SUPPORTED)
		return;
	snprintf(get->expected, sizeof(get->expected), "2xx with the tag s3bench-probe=1");
	if (res.body == NULL || strstr(res.body, "<Key>s3bench-probe</Key>") == NULL ||
	    strstr(res.body, "<Value>1</Value>") == NULL) {
		get->v = PV_WRONG;
		snprintf(get->detail, sizeof(get->detail),
			 "answered %ld without the tag sent on PUT", res.status);
	}
}

/* echoed: c wrong unless the answer res carries header name with value want. */
static void echoed(struct probe_check *c, const struct s3_result *res, const char *name,
		   const char *want)
{
	char got[128] = "";
	int found;

	if (c->v != PV_SUPPORTED)
		return;
	snprintf(c->expected, sizeof(c->expected), "2xx with %s: %s", name, want);
	found = s3_result_header(res, name, got, sizeof(got));
	if (found && strcmp(got, want) == 0)
		return;
	c->v = PV_WRONG;
	if (!found)
		snprintf(c->detail, sizeof(c->detail), "answered %ld without %s", res->status,
			 name);
	else
		snprintf(c->detail, sizeof(c->detail), "answered %s: %s", name, got);
}

#define SSE "x-amz-server-side-encryption"
#define SSEC SSE "-customer-algorithm"

/* sse_c: PUT with a fresh customer key, GET without it (refused), GET with it. */
static void sse_c(struct probe_ctx *x, const char *key)
{
	struct s3_sse_key k;
	struct s3_hdr h[S3_SSE_HDRS];
	struct probe_check *put = probe_check_new(x, PF_SSE_C, "put");
	struct probe_check *nokey = probe_check_new(x, PF_SSE_C, "get-without-key");
	struct probe_check *get = probe_check_new(x, PF_SSE_C, "get-with-key");
	struct s3_result res;
	struct err e = {{0}};
	size_t n;

	if (s3_sse_key_new(&k, &e) != 0) {
		probe_untested(put, "%s", e.msg);
		return;
	}
	n = s3_sse_headers(S3_SSE_C, NULL, &k, S3_SSE_WRITE, h);
	if (!put_with(x, put, key, h, n, &res)) {
		probe_untested(nokey, "the PUT was not accepted");
		probe_untested(get, "the PUT was not accepted");
		return;
	}
	echoed(put, &res, SSEC, "AES256");
	/* AWS answers 400 InvalidRequest; any 400 keeps the object unread */
	get_back(x, nokey, key, NULL, 0, 400, NULL, &res);
	get_back(x, get, key, h, s3_sse_headers(S3_SSE_C, NULL, &k, S3_SSE_READ, h), 2, NULL, &res);
	echoed(get, &res, SSEC, "AES256");
}

void probe_sse(struct probe_ctx *x, enum probe_feature f)
{
	char key[320];
	struct s3_result res;

	probe_key(x, probe_feature_name(f), key, sizeof(key));
	if (f == PF_SSE_C) {
		sse_c(x, key);
		return;
	}
	const char *mode = f == PF_SSE_S3 ? "AES256" : "aws:kms";
	const char *kms = x->o != NULL ? x->o->kms_key : NULL;
	struct s3_hdr h[S3_SSE_HDRS];
	size_t n = s3_sse_headers(f == PF_SSE_S3 ? S3_SSE_S3 : S3_SSE_KMS, kms, NULL, S3_SSE_WRITE,
				  h);
	struct probe_check *put = probe_check_new(x, f, "put");
	struct probe_check *get = probe_check_new(x, f, "get");

	if (!put_with(x, put, key, h, n, &res)) {
		probe_untested(get, "the PUT was not accepted");
		return;
	}
	echoed(put, &res, SSE, mode);
	get_back(x, get, key, NULL, 0, 2, NULL, &res);
	echoed(get, &res, SSE, mode);
}
