/* collect/s3/s3_send.c: the body side of a request (s3_int.h): payload signing modes,
 * integrity checksums (headers, trailers, multipart announcements), the aws-chunked
 * encoder, and the verification of a GET's body against the checksum the server returns.
 * The one place, with s3.c's build_headers, where a request's headers and body are made. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/evp.h>

#include "collect/s3/s3_int.h"
#include "core/timefmt.h"

#define TRAILER_SIG_HDR "x-amz-trailer-signature:"
#define TRAILER_SIG_LEN (sizeof(TRAILER_SIG_HDR) - 1 + 64 + 2) /* its line on the wire */

static const char *const payload_names[S3_PAYLOAD_COUNT] = {
	[S3_PAYLOAD_UNSIGNED] = "unsigned",
	[S3_PAYLOAD_SIGNED] = "signed",
	[S3_PAYLOAD_STREAMING] = "streaming",
	[S3_PAYLOAD_STREAMING_UNSIGNED] = "streaming-unsigned",
	[S3_PAYLOAD_STREAMING_TRAILER] = "streaming-trailer",
};

const char *s3_payload_name(enum s3_payload p)
{
	return (int)p >= 0 && p < S3_PAYLOAD_COUNT ? payload_names[p] : "";
}

int s3_payload_parse(const char *s, enum s3_payload *p, struct err *e)
{
	for (int i = 0; i < S3_PAYLOAD_COUNT; i++)
		if (strcasecmp(s, payload_names[i]) == 0) {
			*p = (enum s3_payload)i;
			return 0;
		}
	return err_set(e,
		       "'%s' is not a payload mode (unsigned, signed, streaming, "
		       "streaming-unsigned, streaming-trailer)",
		       s);
}

static size_t hex_digits(uint64_t v)
{
	size_t n = 1;

	while (v >= 16) {
		v >>= 4;
		n++;
	}
	return n;
}

uint64_t s3_chunked_len(uint64_t len, int is_signed, size_t trailer_len)
{
	uint64_t full = len / S3_CHUNK, rest = len % S3_CHUNK, sig = is_signed ? 17 + 64 : 0;
	uint64_t n = full * (hex_digits(S3_CHUNK) + sig + 2 + S3_CHUNK + 2);

	if (rest > 0)
		n += hex_digits(rest) + sig + 2 + rest + 2;
	return n + 1 + sig + 2 + trailer_len + 2; /* "0[;chunk-signature=..]\r\n" trailer "\r\n" */
}

/* add_xh: one more header to sign and send; value copied. */
static int add_xh(struct s3_req *r, const char *name, const char *value)
{
	if (r->n_xh == MAX_XHDRS || strlen(value) >= sizeof(r->xh_val[0]))
		return -1;
	snprintf(r->xh_val[r->n_xh], sizeof(r->xh_val[0]), "%s", value);
	r->xh[r->n_xh] = (struct sigv4_header){name, r->xh_val[r->n_xh]};
	r->n_xh++;
	return 0;
}

/* pull: n bytes of the body source from r->pos into dst; -1 when it fails. */
static int pull(struct s3_req *r, char *dst, size_t n)
{
	if (r->body.mem != NULL) {
		memcpy(dst, (const char *)r->body.mem + r->pos, n);
		r->pos += n;
		return 0;
	}
	while (n > 0) {
		size_t got = r->body.read(r->body.arg, dst, n);
		if (got == 0 || got > n)
			return -1;
		dst += got;
		n -= got;
		r->pos += got;
	}
	return 0;
}

/* ck_done: r->ck finished into ck_b64 and ck_crc. */
static void ck_done(struct s3_req *r)
{
	unsigned char d[CHECKSUM_MAX];
	size_t n = checksum_final(&r->ck, d);

	checksum_b64(d, n, r->ck_b64);
	r->ck_crc = checksum_crc_value(r->ck.alg, d);
}

/* scan: one read through the body before the request: its SHA-256 (want_sha) into
 * r->payload_hash and its checksum r->ck_alg into ck_b64; the body is rewound. */
static int scan(struct s3_req *r, int want_sha, struct err *e)
{
	EVP_MD_CTX *sha = want_sha ? EVP_MD_CTX_new() : NULL;
	char buf[65536];
	unsigned char md[32];
	unsigned int mdlen = 0;
	int rc = -1;

	if ((want_sha && (sha == NULL || !EVP_DigestInit_ex(sha, EVP_sha256(), NULL))) ||
	    checksum_init(&r->ck, r->ck_alg, e) != 0) {
		err_set(e, "s3: SHA-256 or checksum unavailable");
		goto out;
	}
	if (r->body.mem == NULL && r->body.len > 0 && r->body.seek == NULL) {
		err_set(e, "s3 %s %s: a signed or checksummed body must be seekable",
			s3_op_name(r->a.op), r->a.key);
		goto out;
	}
	r->pos = 0;
	while (r->pos < r->body.len) {
		size_t want = r->body.len - r->pos < sizeof(buf) ? (size_t)(r->body.len - r->pos)
								 : sizeof(buf);
		const char *p = buf;
		if (r->body.mem != NULL)
			p = (const char *)r->body.mem + r->pos, r->pos += want;
		else if (pull(r, buf, want) != 0) {
			err_set(e, "s3 %s %s: body ended after %llu of %llu bytes",
				s3_op_name(r->a.op), r->a.key, (unsigned long long)r->pos,
				(unsigned long long)r->body.len);
			goto out;
		}
		if (sha != NULL)
			EVP_DigestUpdate(sha, p, want);
		checksum_update(&r->ck, p, want);
	}
	r->pos = 0;
	if (r->body.mem == NULL && r->body.len > 0 && r->body.seek(r->body.arg, 0) != 0) {
		err_set(e, "s3 %s %s: cannot rewind the body", s3_op_name(r->a.op), r->a.key);
		goto out;
	}
	if (sha != NULL) {
		EVP_DigestFinal_ex(sha, md, &mdlen);
		sigv4_hex(md, 32, r->payload_hash);
	}
	ck_done(r);
	rc = 0;
out:
	EVP_MD_CTX_free(sha);
	return rc;
}

/* announce: the multipart headers: the algorithm at Create, the whole object's value at
 * Complete (full-object checksums). */
static int announce(struct s3_req *r)
{
	const struct s3_client *c = r->c;
	const char *s3name = checksum_s3_name(c->checksum);
	int full = checksum_full_object(c->checksum);

	if (s3name == NULL)
		return 0;
	if (r->a.op == S3_MP_CREATE)
		return add_xh(r, "x-amz-checksum-algorithm", s3name) ||
		       (full && add_xh(r, "x-amz-checksum-type", "FULL_OBJECT"));
	if (r->a.op == S3_MP_COMPLETE && full && r->a.object_checksum != NULL)
		return add_xh(r, checksum_header(c->checksum), r->a.object_checksum) ||
		       add_xh(r, "x-amz-checksum-type", "FULL_OBJECT");
	return 0;
}

static void set_hash(struct s3_req *r, const char *v)
{
	snprintf(r->payload_hash, sizeof(r->payload_hash), "%s", v);
}

/* payload: the payload hash, the checksum (header or trailer) and the chunked set-up of
 * an upload in mode pm. */
static int payload(struct s3_req *r, enum s3_payload pm, struct err *e)
{
	int ck = r->ck_alg != CHECKSUM_NONE;
	char num[32];

	switch (pm) {
	case S3_PAYLOAD_SIGNED:
		if (r->body.len == 0 && !ck)
			set_hash(r, SIGV4_EMPTY_SHA256);
		else if (scan(r, 1, e) != 0)
			return -1;
		break;
	case S3_PAYLOAD_STREAMING:
		set_hash(r, "STREAMING-AWS4-HMAC-SHA256-PAYLOAD");
		r->chunked = r->chunk_signed = 1;
		if (ck && scan(r, 0, e) != 0)
			return -1;
		break;
	case S3_PAYLOAD_STREAMING_UNSIGNED:
	case S3_PAYLOAD_STREAMING_TRAILER:
		r->chunk_signed = pm == S3_PAYLOAD_STREAMING_TRAILER;
		set_hash(r, r->chunk_signed ? "STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"
					    : "STREAMING-UNSIGNED-PAYLOAD-TRAILER");
		r->chunked = 1;
		r->trailer = ck && r->ck_alg != CHECKSUM_MD5; /* no Content-MD5 trailer */
		if (ck && !r->trailer && scan(r, 0, e) != 0)
			return -1;
		if (r->trailer && add_xh(r, "x-amz-trailer", checksum_header(r->ck_alg)))
			return err_set(e, "s3 %s: too many headers", s3_op_name(r->a.op));
		break;
	default:
		set_hash(r, SIGV4_UNSIGNED_PAYLOAD);
		if (ck && scan(r, 0, e) != 0)
			return -1;
		break;
	}
	if (ck && !r->trailer && add_xh(r, checksum_header(r->ck_alg), r->ck_b64))
		return err_set(e, "s3 %s: too many headers", s3_op_name(r->a.op));
	if (!r->chunked)
		return 0;
	snprintf(num, sizeof(num), "%llu", (unsigned long long)r->body.len);
	if (add_xh(r, "Content-Encoding", "aws-chunked") ||
	    add_xh(r, "x-amz-decoded-content-length", num))
		return err_set(e, "s3 %s: too many headers", s3_op_name(r->a.op));
	return 0;
}

int s3_send_prepare(struct s3_req *r, struct err *e)
{
	const struct s3_client *c = r->c;
	enum s3_op op = r->a.op;
	int upload = op == S3_PUT_OBJECT || op == S3_MP_UPLOAD_PART;
	enum s3_payload pm = c->payload;

	r->n_xh = 0;
	r->ck_alg = upload ? c->checksum : CHECKSUM_NONE;
	r->chunked = r->chunk_signed = r->trailer = r->cdone = 0;
	r->verify = 0;
	r->resp_alg = CHECKSUM_NONE;
	r->ck_b64[0] = r->resp_ck[0] = '\0';
	r->ck_crc = 0;
	if (!upload && pm != S3_PAYLOAD_SIGNED)
		pm = S3_PAYLOAD_UNSIGNED;
	if ((op == S3_GET_OBJECT && c->checksum_get &&
	     add_xh(r, "x-amz-checksum-mode", "ENABLED")) ||
	    announce(r) != 0)
		return err_set(e, "s3 %s: too many headers", s3_op_name(op));
	for (size_t i = 0; i < r->a.n_hdrs; i++)
		if (add_xh(r, r->a.hdrs[i].name, r->a.hdrs[i].value) != 0)
			return err_set(e, "s3 %s: too many headers", s3_op_name(op));
	if (payload(r, pm, e) != 0)
		return -1;
	r->wire_len = r->body.len;
	if (!r->chunked)
		return 0;
	if (r->trailer) /* "NAME:BASE64\r\n", signed: "x-amz-trailer-signature:SIG\r\n" */
		r->wire_len = s3_chunked_len(r->body.len, r->chunk_signed,
					     strlen(checksum_header(r->ck_alg)) + 1 +
						     4 * ((checksum_len(r->ck_alg) + 2) / 3) + 2 +
						     (r->chunk_signed ? TRAILER_SIG_LEN : 0));
	else
		r->wire_len = s3_chunked_len(r->body.len, r->chunk_signed, 0);
	if (r->cbuf == NULL && (r->cbuf = malloc(S3_CHUNK + 256)) == NULL)
		return err_set(e, "s3: out of memory");
	return 0;
}

/* trailer: the trailer after the final chunk in cbuf: "x-amz-checksum-crc32:VALUE\r\n",
 * and when the chunks are signed "x-amz-trailer-signature:SIG\r\n" (the trailer line in
 * canonical form, "name:value\n", signed chaining the final chunk's signature). The
 * final chunk leaves room: its data area (S3_CHUNK bytes) is empty. */
static int trailer(struct s3_req *r)
{
	const char *name = checksum_header(r->ck_alg);
	char canon[128], sig[65];

	ck_done(r);
	r->clen += (size_t)snprintf(r->cbuf + r->clen, 128, "%s:%s\r\n", name, r->ck_b64);
	if (!r->chunk_signed)
		return 0;
	snprintf(canon, sizeof(canon), "%s:%s\n", name, r->ck_b64);
	if (sigv4_sign_trailer(r->sig, r->c->signer, r->prev_sig, canon, sig) != 0)
		return -1;
	r->clen += (size_t)snprintf(r->cbuf + r->clen, 128, TRAILER_SIG_HDR "%s\r\n", sig);
	return 0;
}

/* frame: the next chunk (or the final one and the trailer) into cbuf. */
static int frame(struct s3_req *r)
{
	uint64_t left = r->body.len - r->pos;
	size_t n = left < S3_CHUNK ? (size_t)left : S3_CHUNK, h;
	char hdr[128], hash[65], sig[65];
	char *data = r->cbuf + 128;

	if (n > 0 && pull(r, data, n) != 0)
		return -1;
	if (r->trailer)
		checksum_update(&r->ck, data, n);
	if (r->chunk_signed) {
		if (n > 0)
			sigv4_sha256_hex(data, n, hash);
		if (sigv4_sign_chunk(r->sig, r->c->signer, r->prev_sig,
				     n > 0 ? hash : SIGV4_EMPTY_SHA256, sig) != 0)
			return -1;
		memcpy(r->prev_sig, sig, 65);
		h = (size_t)snprintf(hdr, sizeof(hdr), "%zx;chunk-signature=%s\r\n", n, sig);
	} else {
		h = (size_t)snprintf(hdr, sizeof(hdr), "%zx\r\n", n);
	}
	memcpy(data - h, hdr, h);
	r->cpos = 128 - h;
	r->clen = 128 + n;
	if (n > 0) {
		memcpy(r->cbuf + r->clen, "\r\n", 2);
		r->clen += 2;
		return 0;
	}
	if (r->trailer && trailer(r) != 0)
		return -1;
	memcpy(r->cbuf + r->clen, "\r\n", 2);
	r->clen += 2;
	r->cdone = 1;
	return 0;
}

size_t s3_send_read(struct s3_req *r, char *buf, size_t n)
{
	size_t out = 0;

	while (out < n) {
		if (r->cpos == r->clen) {
			if (r->cdone)
				break;
			if (frame(r) != 0)
				return CURL_READFUNC_ABORT;
		}
		size_t k = r->clen - r->cpos < n - out ? r->clen - r->cpos : n - out;
		memcpy(buf + out, r->cbuf + r->cpos, k);
		r->cpos += k;
		out += k;
	}
	r->up = r->pos;
	if (r->cdone && r->cpos == r->clen && r->last_up_mono == 0)
		r->last_up_mono = time_mono_ns();
	return out;
}

int s3_send_rewind(struct s3_req *r)
{
	struct err e;

	r->pos = r->up = 0;
	r->cpos = r->clen = 0;
	r->cdone = 0;
	memcpy(r->prev_sig, r->seed_sig, 65);
	if (r->trailer && checksum_init(&r->ck, r->ck_alg, &e) != 0)
		return -1;
	if (r->body.mem == NULL && r->body.len > 0 &&
	    (r->body.seek == NULL || r->body.seek(r->body.arg, 0) != 0))
		return -1;
	return 0;
}

void s3_send_header(struct s3_req *r, const char *buf, size_t n)
{
	if (n >= 5 && memcmp(buf, "HTTP/", 5) == 0) {
		r->resp_alg = CHECKSUM_NONE;
		r->resp_ck[0] = '\0';
		return;
	}
	if (!r->c->checksum_get || n < 16 || strncasecmp(buf, "x-amz-checksum-", 15) != 0)
		return;
	for (int a = CHECKSUM_CRC32; a < CHECKSUM_MD5; a++) {
		const char *h = checksum_header((enum checksum_alg)a);
		size_t hl = strlen(h), i = hl + 1, j = n;
		if (n <= hl || strncasecmp(buf, h, hl) != 0 || buf[hl] != ':')
			continue;
		while (i < n && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		while (j > i && (buf[j - 1] == '\r' || buf[j - 1] == '\n' || buf[j - 1] == ' '))
			j--;
		/* a composite value ("...-3") is no checksum of the body */
		if (j - i < sizeof(r->resp_ck) && memchr(buf + i, '-', j - i) == NULL) {
			memcpy(r->resp_ck, buf + i, j - i);
			r->resp_ck[j - i] = '\0';
			r->resp_alg = (enum checksum_alg)a;
		}
		return;
	}
}

void s3_send_body(struct s3_req *r, const char *p, size_t n)
{
	struct err e;

	if (r->a.op != S3_GET_OBJECT || !r->c->checksum_get)
		return;
	if (r->verify == 0) {
		r->verify = -1;
		if (r->resp_alg != CHECKSUM_NONE && r->a.range_len == 0 &&
		    checksum_init(&r->ck, r->resp_alg, &e) == 0)
			r->verify = 1;
	}
	if (r->verify == 1)
		checksum_update(&r->ck, p, n);
}

void s3_send_finish(struct s3_req *r, struct s3_result *res)
{
	if (r->ck_alg != CHECKSUM_NONE) {
		memcpy(res->checksum, r->ck_b64, sizeof(res->checksum));
		res->checksum_crc = r->ck_crc;
	}
	if (r->a.op != S3_GET_OBJECT || res->cls != EC_NONE || !r->c->checksum_get)
		return;
	if (r->verify == 0)
		s3_send_body(r, "", 0); /* an empty body */
	if (r->verify != 1)
		return;
	ck_done(r);
	if (strcmp(r->ck_b64, r->resp_ck) == 0) {
		res->checksum_verified = 1;
		return;
	}
	res->cls = EC_CHECKSUM;
	snprintf(res->error, sizeof(res->error), "checksum: %s is %s, the body's is %s",
		 checksum_header(r->resp_alg), r->resp_ck, r->ck_b64);
}
