/* collect/s3/sigv4.c: see sigv4.h. */
/* The per-request SHA-256 and HMAC use OpenSSL's low-level SHA256_* functions
 * (deprecated in 3.0, still there): through EVP each call goes through the provider
 * layer and a context copy, about 3k instructions per request more. */
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include "collect/s3/sigv4.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/sha.h>

struct sigv4_signer {
	char *access_key, *secret_key, *token, *region, *service;
	pthread_mutex_t lock;
	char key_date[9];      /* date the cached key is for, "" when none */
	unsigned char key[32]; /* derived signing key for key_date */
	EVP_MAC *mac;          /* fetched once; used only under lock here */
};

struct sigv4_ctx {
	struct strbuf creq, sts, auth, signed_hdrs;
	int64_t date_s;
	char amz_date[17];
	char signature[65];
	/* the signing key the HMAC pad states below are for: the next request signed with
	 * the same key starts from copies of them, which saves two SHA-256 blocks and the
	 * key set-up per request */
	unsigned char mac_key[32];
	int mac_key_ok;
	SHA256_CTX ipad, opad;
};

struct hdr_ent {
	const char *name, *value;
	size_t nlen;
	size_t order;
};

static int set_sha256(EVP_MAC_CTX *ctx);

static char *dup_or_null(const char *s)
{
	return (s != NULL && s[0] != '\0') ? strdup(s) : NULL;
}

struct sigv4_signer *sigv4_signer_new(const char *access_key, const char *secret_key,
				      const char *token, const char *region, const char *service,
				      struct err *e)
{
	struct sigv4_signer *s = NULL;

	if (access_key == NULL || access_key[0] == '\0') {
		err_set(e, "sigv4: no access key id");
		goto fail;
	}
	if (secret_key == NULL || secret_key[0] == '\0') {
		err_set(e, "sigv4: no secret access key");
		goto fail;
	}
	if (region == NULL || region[0] == '\0' || service == NULL || service[0] == '\0') {
		err_set(e, "sigv4: region and service are required");
		goto fail;
	}
	s = calloc(1, sizeof(*s));
	if (s == NULL) {
		err_set(e, "sigv4: out of memory");
		goto fail;
	}
	pthread_mutex_init(&s->lock, NULL);
	s->access_key = strdup(access_key);
	s->secret_key = strdup(secret_key);
	s->token = dup_or_null(token);
	s->region = strdup(region);
	s->service = strdup(service);
	s->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	if (s->access_key == NULL || s->secret_key == NULL || s->region == NULL ||
	    s->service == NULL || (token != NULL && token[0] != '\0' && s->token == NULL)) {
		err_set(e, "sigv4: out of memory");
		goto fail;
	}
	if (s->mac == NULL) {
		err_set(e, "sigv4: OpenSSL has no HMAC");
		goto fail;
	}
	return s;
fail:
	sigv4_signer_free(s);
	return NULL;
}

void sigv4_signer_free(struct sigv4_signer *s)
{
	if (s == NULL)
		return;
	if (s->secret_key != NULL)
		OPENSSL_cleanse(s->secret_key, strlen(s->secret_key));
	OPENSSL_cleanse(s->key, sizeof(s->key));
	free(s->access_key);
	free(s->secret_key);
	free(s->token);
	free(s->region);
	free(s->service);
	EVP_MAC_free(s->mac);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

const char *sigv4_signer_token(const struct sigv4_signer *s)
{
	return s->token;
}

struct sigv4_ctx *sigv4_ctx_new(struct err *e)
{
	struct sigv4_ctx *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		err_set(e, "sigv4: out of memory");
		return NULL;
	}
	c->date_s = -1;
	return c;
}

void sigv4_ctx_free(struct sigv4_ctx *c)
{
	if (c == NULL)
		return;
	OPENSSL_cleanse(c->mac_key, sizeof(c->mac_key));
	OPENSSL_cleanse(&c->ipad, sizeof(c->ipad));
	OPENSSL_cleanse(&c->opad, sizeof(c->opad));
	strbuf_free(&c->creq);
	strbuf_free(&c->sts);
	strbuf_free(&c->auth);
	strbuf_free(&c->signed_hdrs);
	free(c);
}

void sigv4_hex(const unsigned char *bin, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[bin[i] >> 4];
		out[2 * i + 1] = digits[bin[i] & 15];
	}
	out[2 * n] = '\0';
}

int sigv4_sha256_hex(const void *data, size_t n, char out[65])
{
	unsigned char md[32];
	unsigned int len = 0;

	if (!EVP_Digest(data, n, md, &len, EVP_sha256(), NULL) || len != 32)
		return -1;
	sigv4_hex(md, 32, out);
	return 0;
}

/* set_sha256: make ctx an HMAC-SHA256 context (done once per context: passing the
 * digest name on every init would look the algorithm up on every request). */
static int set_sha256(EVP_MAC_CTX *ctx)
{
	OSSL_PARAM params[2];

	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0);
	params[1] = OSSL_PARAM_construct_end();
	return EVP_MAC_CTX_set_params(ctx, params) ? 0 : -1;
}

/* hmac: out = HMAC-SHA256(key, data) with a context prepared by set_sha256. */
static int hmac(EVP_MAC_CTX *ctx, const unsigned char *key, size_t klen, const char *data, size_t n,
		unsigned char out[32])
{
	size_t outl = 0;

	if (!EVP_MAC_init(ctx, key, klen, NULL) ||
	    !EVP_MAC_update(ctx, (const unsigned char *)data, n) ||
	    !EVP_MAC_final(ctx, out, &outl, 32) || outl != 32)
		return -1;
	return 0;
}

/* signing_key: the derived key for date (8 digits), from the cache or derived once.
 * -1 with a message in e when memory runs out or HMAC fails. */
static int signing_key(struct sigv4_signer *s, const char *date, unsigned char key[32],
		       struct err *e)
{
	EVP_MAC_CTX *ctx = NULL;
	unsigned char k[32];
	size_t slen;
	char *kdate = NULL;
	int rc = -1;

	pthread_mutex_lock(&s->lock);
	if (memcmp(s->key_date, date, 8) == 0 && s->key_date[8] == '\0' && s->key_date[0]) {
		memcpy(key, s->key, 32);
		rc = 0;
		goto done;
	}
	ctx = EVP_MAC_CTX_new(s->mac);
	slen = strlen(s->secret_key);
	kdate = malloc(slen + 5);
	if (ctx == NULL || kdate == NULL) {
		err_set(e, "sigv4: out of memory");
		goto done;
	}
	if (set_sha256(ctx) != 0) {
		err_set(e, "sigv4: HMAC-SHA256 failed");
		goto done;
	}
	memcpy(kdate, "AWS4", 4);
	memcpy(kdate + 4, s->secret_key, slen + 1);
	if (hmac(ctx, (unsigned char *)kdate, slen + 4, date, 8, k) != 0 ||
	    hmac(ctx, k, 32, s->region, strlen(s->region), k) != 0 ||
	    hmac(ctx, k, 32, s->service, strlen(s->service), k) != 0 ||
	    hmac(ctx, k, 32, "aws4_request", 12, k) != 0) {
		err_set(e, "sigv4: HMAC-SHA256 failed");
		goto done;
	}
	memcpy(s->key, k, 32);
	memcpy(s->key_date, date, 8);
	s->key_date[8] = '\0';
	memcpy(key, k, 32);
	rc = 0;
done:
	pthread_mutex_unlock(&s->lock);
	if (kdate != NULL) {
		OPENSSL_cleanse(kdate, slen + 4);
		free(kdate);
	}
	OPENSSL_cleanse(k, sizeof(k));
	EVP_MAC_CTX_free(ctx);
	return rc;
}

static int lower_cmp(const struct hdr_ent *a, const struct hdr_ent *b)
{
	size_t n = a->nlen < b->nlen ? a->nlen : b->nlen;

	for (size_t i = 0; i < n; i++) {
		unsigned char x = (unsigned char)a->name[i], y = (unsigned char)b->name[i];
		if (x >= 'A' && x <= 'Z')
			x = (unsigned char)(x + 32);
		if (y >= 'A' && y <= 'Z')
			y = (unsigned char)(y + 32);
		if (x != y)
			return x < y ? -1 : 1;
	}
	if (a->nlen != b->nlen)
		return a->nlen < b->nlen ? -1 : 1;
	return 0;
}

static int add_lower(struct strbuf *b, const char *s, size_t n)
{
	if (strbuf_reserve(b, n) != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];
		b->p[b->len++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch + 32) : ch;
	}
	b->p[b->len] = '\0';
	return 0;
}

/* add_value: the trimmed value with white-space runs folded into one space. */
static int add_value(struct strbuf *b, const char *v)
{
	int pending = 0, any = 0;

	if (strbuf_reserve(b, strlen(v)) != 0)
		return -1;
	for (; *v != '\0'; v++) {
		char ch = *v;
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
			pending = any;
			continue;
		}
		if (pending)
			b->p[b->len++] = ' ';
		pending = 0;
		any = 1;
		b->p[b->len++] = ch;
	}
	b->p[b->len] = '\0';
	return 0;
}

static void set_date(struct sigv4_ctx *c, int64_t t)
{
	struct tm tm;
	time_t tt = (time_t)t;

	if (t == c->date_s)
		return;
	gmtime_r(&tt, &tm);
	strftime(c->amz_date, sizeof(c->amz_date), "%Y%m%dT%H%M%SZ", &tm);
	c->date_s = t;
}

/* sorted_headers: the request's headers plus x-amz-date (and the session token) into
 * h, sorted by lower-case name, stable; returns how many. The caller checked the count. */
static size_t sorted_headers(const struct sigv4_signer *s, const struct sigv4_ctx *c,
			     const struct sigv4_input *in, struct hdr_ent *h)
{
	size_t n = 0;

	for (size_t i = 0; i < in->n_headers; i++) {
		h[n].name = in->headers[i].name;
		h[n].value = in->headers[i].value != NULL ? in->headers[i].value : "";
		h[n].nlen = strlen(h[n].name);
		h[n].order = n;
		n++;
	}
	h[n] = (struct hdr_ent){"x-amz-date", c->amz_date, 10, n};
	n++;
	if (s->token != NULL && !in->omit_token) {
		h[n] = (struct hdr_ent){"x-amz-security-token", s->token, 20, n};
		n++;
	}
	/* insertion sort: stable, and n is small */
	for (size_t i = 1; i < n; i++) {
		struct hdr_ent t = h[i];
		size_t j = i;
		while (j > 0 && lower_cmp(&h[j - 1], &t) > 0) {
			h[j] = h[j - 1];
			j--;
		}
		h[j] = t;
	}
	return n;
}

/* canonical_request: step 1, the canonical request into c->creq and the signed header
 * list into c->signed_hdrs (repeated names joined with ','). -1 when out of memory. */
static int canonical_request(struct sigv4_ctx *c, const struct sigv4_input *in,
			     const struct hdr_ent *h, size_t n)
{
	const char *query = in->query != NULL ? in->query : "";

	strbuf_reset(&c->creq);
	strbuf_reset(&c->signed_hdrs);
	if (strbuf_adds(&c->creq, in->method) || strbuf_addc(&c->creq, '\n') ||
	    strbuf_adds(&c->creq, in->uri) || strbuf_addc(&c->creq, '\n') ||
	    strbuf_adds(&c->creq, query) || strbuf_addc(&c->creq, '\n'))
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && lower_cmp(&h[i - 1], &h[i]) == 0) {
			c->creq.len--; /* drop the '\n': join with ',' */
			if (strbuf_addc(&c->creq, ','))
				return -1;
		} else {
			if (add_lower(&c->creq, h[i].name, h[i].nlen) || strbuf_addc(&c->creq, ':'))
				return -1;
			if ((i > 0 && strbuf_addc(&c->signed_hdrs, ';')) ||
			    add_lower(&c->signed_hdrs, h[i].name, h[i].nlen))
				return -1;
		}
		if (add_value(&c->creq, h[i].value) || strbuf_addc(&c->creq, '\n'))
			return -1;
	}
	if (strbuf_addc(&c->creq, '\n') ||
	    strbuf_add(&c->creq, c->signed_hdrs.p, c->signed_hdrs.len) ||
	    strbuf_addc(&c->creq, '\n') || strbuf_adds(&c->creq, in->payload_hash))
		return -1;
	return 0;
}

/* string_to_sign: step 2, from the canonical request's SHA-256 into c->sts. */
static int string_to_sign(const struct sigv4_signer *s, struct sigv4_ctx *c)
{
	unsigned char md[32];
	char hash[65];
	/* not SHA256(): in OpenSSL 3 it looks the algorithm up on every call */
	SHA256_CTX t;

	SHA256_Init(&t);
	SHA256_Update(&t, c->creq.p, c->creq.len);
	SHA256_Final(md, &t);
	sigv4_hex(md, 32, hash);
	strbuf_reset(&c->sts);
	if (strbuf_adds(&c->sts, "AWS4-HMAC-SHA256\n") || strbuf_add(&c->sts, c->amz_date, 16) ||
	    strbuf_addc(&c->sts, '\n') || strbuf_add(&c->sts, c->amz_date, 8) ||
	    strbuf_addc(&c->sts, '/') || strbuf_adds(&c->sts, s->region) ||
	    strbuf_addc(&c->sts, '/') || strbuf_adds(&c->sts, s->service) ||
	    strbuf_adds(&c->sts, "/aws4_request\n") || strbuf_add(&c->sts, hash, 64))
		return -1;
	return 0;
}

/* signature: step 3, HMAC-SHA256(signing key, string to sign) as hex into c->signature.
 * The HMAC (RFC 2104) pad states are kept for the key, so the next request signed with
 * the same key starts from copies of them. */
static void signature(struct sigv4_ctx *c, const unsigned char key[32])
{
	unsigned char md[32];
	SHA256_CTX t;

	if (!c->mac_key_ok || memcmp(c->mac_key, key, 32) != 0) {
		unsigned char pad[64];
		memset(pad, 0x36, sizeof(pad));
		for (int i = 0; i < 32; i++)
			pad[i] ^= key[i];
		SHA256_Init(&c->ipad);
		SHA256_Update(&c->ipad, pad, 64);
		for (int i = 0; i < 64; i++)
			pad[i] ^= 0x36 ^ 0x5c;
		SHA256_Init(&c->opad);
		SHA256_Update(&c->opad, pad, 64);
		OPENSSL_cleanse(pad, sizeof(pad));
		memcpy(c->mac_key, key, 32);
		c->mac_key_ok = 1;
	}
	t = c->ipad;
	SHA256_Update(&t, c->sts.p, c->sts.len);
	SHA256_Final(md, &t);
	t = c->opad;
	SHA256_Update(&t, md, 32);
	SHA256_Final(md, &t);
	OPENSSL_cleanse(&t, sizeof(t));
	sigv4_hex(md, 32, c->signature);
}

/* authorization: step 4, the Authorization header value into c->auth. */
static int authorization(const struct sigv4_signer *s, struct sigv4_ctx *c)
{
	strbuf_reset(&c->auth);
	if (strbuf_adds(&c->auth, "AWS4-HMAC-SHA256 Credential=") ||
	    strbuf_adds(&c->auth, s->access_key) || strbuf_addc(&c->auth, '/') ||
	    strbuf_add(&c->auth, c->amz_date, 8) || strbuf_addc(&c->auth, '/') ||
	    strbuf_adds(&c->auth, s->region) || strbuf_addc(&c->auth, '/') ||
	    strbuf_adds(&c->auth, s->service) ||
	    strbuf_adds(&c->auth, "/aws4_request, SignedHeaders=") ||
	    strbuf_add(&c->auth, c->signed_hdrs.p, c->signed_hdrs.len) ||
	    strbuf_adds(&c->auth, ", Signature=") || strbuf_add(&c->auth, c->signature, 64))
		return -1;
	return 0;
}

int sigv4_sign(struct sigv4_signer *s, struct sigv4_ctx *c, const struct sigv4_input *in,
	       struct err *e)
{
	struct hdr_ent h[SIGV4_MAX_HEADERS];
	unsigned char key[32];
	size_t n;

	if (in->method == NULL || in->uri == NULL || in->payload_hash == NULL)
		return err_set(e, "sigv4: method, uri and payload hash are required");
	if (in->n_headers + 2 > SIGV4_MAX_HEADERS)
		return err_set(e, "sigv4: %zu headers, at most %d", in->n_headers,
			       SIGV4_MAX_HEADERS - 2);
	set_date(c, in->time_s);
	n = sorted_headers(s, c, in, h);
	if (canonical_request(c, in, h, n) != 0 || string_to_sign(s, c) != 0)
		return err_set(e, "sigv4: out of memory");
	if (signing_key(s, c->amz_date, key, e) != 0) {
		OPENSSL_cleanse(key, sizeof(key));
		return -1;
	}
	signature(c, key);
	OPENSSL_cleanse(key, sizeof(key));
	if (authorization(s, c) != 0)
		return err_set(e, "sigv4: out of memory");
	return 0;
}

/* chained: c->sts = ALGO "\n" DATE "\n" SCOPE "\n" prev "\n" (the head of a chunk's or a
 * trailer's string to sign, under c's last sign); -1 when c signed nothing yet */
static int chained(struct sigv4_ctx *c, const struct sigv4_signer *s, const char *algo,
		   const char *prev)
{
	if (!c->mac_key_ok || c->amz_date[0] == '\0')
		return -1;
	strbuf_reset(&c->sts);
	if (strbuf_adds(&c->sts, algo) || strbuf_addc(&c->sts, '\n') ||
	    strbuf_add(&c->sts, c->amz_date, 16) || strbuf_addc(&c->sts, '\n') ||
	    strbuf_add(&c->sts, c->amz_date, 8) || strbuf_addc(&c->sts, '/') ||
	    strbuf_adds(&c->sts, s->region) || strbuf_addc(&c->sts, '/') ||
	    strbuf_adds(&c->sts, s->service) || strbuf_adds(&c->sts, "/aws4_request\n") ||
	    strbuf_add(&c->sts, prev, 64) || strbuf_addc(&c->sts, '\n'))
		return -1;
	return 0;
}

int sigv4_sign_trailer(struct sigv4_ctx *c, const struct sigv4_signer *s, const char *prev,
		       const char *trailer, char out[65])
{
	char hash[65];

	if (sigv4_sha256_hex(trailer, strlen(trailer), hash) != 0 ||
	    chained(c, s, "AWS4-HMAC-SHA256-TRAILER", prev) != 0 || strbuf_add(&c->sts, hash, 64))
		return -1;
	signature(c, c->mac_key);
	memcpy(out, c->signature, 65);
	return 0;
}

int sigv4_sign_chunk(struct sigv4_ctx *c, const struct sigv4_signer *s, const char *prev,
		     const char *data_hash, char out[65])
{
	if (chained(c, s, "AWS4-HMAC-SHA256-PAYLOAD", prev) != 0 ||
	    strbuf_adds(&c->sts, SIGV4_EMPTY_SHA256 "\n") || strbuf_add(&c->sts, data_hash, 64))
		return -1;
	signature(c, c->mac_key);
	memcpy(out, c->signature, 65);
	return 0;
}

const char *sigv4_canonical_request(const struct sigv4_ctx *c)
{
	return strbuf_cstr(&c->creq);
}

const char *sigv4_string_to_sign(const struct sigv4_ctx *c)
{
	return strbuf_cstr(&c->sts);
}

const char *sigv4_signature(const struct sigv4_ctx *c)
{
	return c->signature;
}

const char *sigv4_authorization(const struct sigv4_ctx *c)
{
	return strbuf_cstr(&c->auth);
}

const char *sigv4_amz_date(const struct sigv4_ctx *c)
{
	return c->amz_date;
}

int sigv4_uri_encode(struct strbuf *out, const char *s, size_t n, int keep_slash)
{
	static const char hex[] = "0123456789ABCDEF";

	if (strbuf_reserve(out, 3 * n) != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
		    (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' || ch == '_' || ch == '~' ||
		    (ch == '/' && keep_slash)) {
			out->p[out->len++] = (char)ch;
		} else {
			out->p[out->len++] = '%';
			out->p[out->len++] = hex[ch >> 4];
			out->p[out->len++] = hex[ch & 15];
		}
	}
	out->p[out->len] = '\0';
	return 0;
}

int sigv4_canonical_uri(struct strbuf *out, const char *path, int normalize)
{
	struct strbuf tmp = {0};
	size_t n = strlen(path), *stack = NULL, depth = 0;
	int rc = -1;

	if (!normalize || n == 0)
		return sigv4_uri_encode(out, n ? path : "/", n ? n : 1, 1);
	/* stack of segment start offsets in tmp; segments are "/name" */
	stack = malloc((n + 1) * sizeof(*stack));
	if (stack == NULL)
		goto done;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && path[j] != '/')
			j++;
		size_t len = j - i;
		if (len == 0 || (len == 1 && path[i] == '.')) {
			/* empty or "." segment: nothing */
		} else if (len == 2 && path[i] == '.' && path[i + 1] == '.') {
			if (depth > 0)
				tmp.len = stack[--depth];
		} else {
			stack[depth++] = tmp.len;
			if (strbuf_addc(&tmp, '/') || strbuf_add(&tmp, path + i, len))
				goto done;
		}
		i = j + 1;
	}
	if (tmp.len == 0 || path[n - 1] == '/')
		if (strbuf_addc(&tmp, '/'))
			goto done;
	rc = sigv4_uri_encode(out, tmp.p, tmp.len, 1);
done:
	free(stack);
	strbuf_free(&tmp);
	return rc;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* add_reencoded: percent-decode s[0..n) and append it encoded canonically. */
static int add_reencoded(struct strbuf *out, const char *s, size_t n)
{
	struct strbuf dec = {0};
	int rc;

	if (strbuf_reserve(&dec, n) != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int hi, lo;
		if (s[i] == '%' && i + 2 < n && (hi = hexval(s[i + 1])) >= 0 &&
		    (lo = hexval(s[i + 2])) >= 0) {
			dec.p[dec.len++] = (char)(hi * 16 + lo);
			i += 2;
		} else {
			dec.p[dec.len++] = s[i];
		}
	}
	rc = sigv4_uri_encode(out, dec.p, dec.len, 0);
	strbuf_free(&dec);
	return rc;
}

struct qpair {
	char *text;  /* "name=value", encoded */
	size_t nlen; /* length of the encoded name */
};

static int qpair_cmp(const void *pa, const void *pb)
{
	const struct qpair *a = pa, *b = pb;
	size_t n = a->nlen < b->nlen ? a->nlen : b->nlen;
	int r = memcmp(a->text, b->text, n);

	if (r != 0)
		return r;
	if (a->nlen != b->nlen)
		return a->nlen < b->nlen ? -1 : 1;
	return strcmp(a->text + a->nlen, b->text + b->nlen);
}

int sigv4_canonical_query(struct strbuf *out, const char *query)
{
	struct qpair *pairs = NULL;
	size_t np = 0, cap = 0;
	int rc = -1;

	for (const char *p = query; p != NULL && *p != '\0';) {
		const char *end = strchr(p, '&');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len > 0) {
			const char *eq = memchr(p, '=', len);
			size_t nl = eq ? (size_t)(eq - p) : len;
			struct strbuf t = {0};
			if (np == cap) {
				size_t nc = cap ? cap * 2 : 8;
				struct qpair *q = realloc(pairs, nc * sizeof(*q));
				if (q == NULL)
					goto done;
				pairs = q;
				cap = nc;
			}
			if (add_reencoded(&t, p, nl)) {
				strbuf_free(&t);
				goto done;
			}
			pairs[np].nlen = t.len;
			if (strbuf_addc(&t, '=') ||
			    (eq && add_reencoded(&t, eq + 1, len - nl - 1))) {
				strbuf_free(&t);
				goto done;
			}
			pairs[np++].text = t.p;
		}
		p = end ? end + 1 : NULL;
	}
	if (np > 1)
		qsort(pairs, np, sizeof(*pairs), qpair_cmp);
	for (size_t i = 0; i < np; i++)
		if ((i > 0 && strbuf_addc(out, '&')) || strbuf_adds(out, pairs[i].text))
			goto done;
	if (strbuf_reserve(out, 0))
		goto done;
	rc = 0;
done:
	for (size_t i = 0; i < np; i++)
		free(pairs[i].text);
	free(pairs);
	return rc;
}
