/* collect/s3/sigv4.h: AWS Signature Version 4, signed by hand with OpenSSL.
 *
 * S3 style by default: the canonical URI is taken as given (the caller has already
 * encoded each key segment once; no path normalisation, no double encoding). The
 * helpers below build canonical URIs and queries for callers that start from raw text
 * (the AWS test suite does), including the generic path normalisation (normalize=true).
 *
 * Two objects:
 *   struct sigv4_signer  credentials + region + service, and the derived signing key
 *                        cached per date (four HMACs once a day, not per request);
 *                        shareable between threads (the cache has a lock).
 *   struct sigv4_ctx     per-thread scratch: prepared hash contexts and reusable
 *                        buffers; after sigv4_sign it holds the canonical request, the
 *                        string to sign, the signature and the Authorization value.
 * No string produced here contains the secret key or the derived key. */
#ifndef COLLECT_SIGV4_H
#define COLLECT_SIGV4_H

#include <stddef.h>
#include <stdint.h>

#include "core/strbuf.h"
#include "core/err.h"

#define SIGV4_UNSIGNED_PAYLOAD "UNSIGNED-PAYLOAD"
/* SHA-256 of the empty string, hex. */
#define SIGV4_EMPTY_SHA256 "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
#define SIGV4_MAX_HEADERS 32

struct sigv4_signer;
struct sigv4_ctx;

/* One request header. The name in any case; the value raw (the signer trims it and
 * folds runs of white space into one space, as the canonical form requires). Several
 * headers with the same name are joined with ',' in the order given. */
struct sigv4_header {
	const char *name;
	const char *value;
};

struct sigv4_input {
	const char *method;                 /* "GET" */
	const char *uri;                    /* canonical URI, already encoded: "/bucket/a%20b" */
	const char *query;                  /* canonical query ("" or NULL when none) */
	const struct sigv4_header *headers; /* every header to sign but x-amz-date and the token */
	size_t n_headers;                   /* at most SIGV4_MAX_HEADERS - 2 */
	const char *payload_hash;           /* hex SHA-256 of the body or UNSIGNED-PAYLOAD */
	int64_t time_s;                     /* request time, Unix seconds */
	int omit_token;                     /* 1: leave the session token out of the signature */
};

/* sigv4_signer_new: copies every string. token may be NULL or "" (no session token).
 * Returns NULL with a message (naming the missing field, never a secret) on failure.
 * The caller frees it with sigv4_signer_free. */
struct sigv4_signer *sigv4_signer_new(const char *access_key, const char *secret_key,
				      const char *token, const char *region, const char *service,
				      struct err *e);
void sigv4_signer_free(struct sigv4_signer *s);

/* sigv4_signer_token: the session token or NULL (borrowed; for the request header). */
const char *sigv4_signer_token(const struct sigv4_signer *s);

/* sigv4_ctx_new: scratch for one thread; NULL with a message on failure. */
struct sigv4_ctx *sigv4_ctx_new(struct err *e);
void sigv4_ctx_free(struct sigv4_ctx *c);

/* sigv4_sign: sign `in`. The x-amz-date header (and x-amz-security-token unless
 * omit_token) are added to the signed headers: the caller must send them with the
 * values sigv4_amz_date() and sigv4_signer_token() give. Returns -1 with a message
 * on bad input (too many headers, missing field) or an OpenSSL failure. */
int sigv4_sign(struct sigv4_signer *s, struct sigv4_ctx *c, const struct sigv4_input *in,
	       struct err *e);

/* sigv4_sign_chunk: the signature of one chunk of a STREAMING-AWS4-HMAC-SHA256-PAYLOAD
 * body (AWS S3 API reference, "Transferring Payload in Multiple Chunks"): HMAC-SHA256 of
 * "AWS4-HMAC-SHA256-PAYLOAD\n" DATE "\n" SCOPE "\n" prev "\n" SHA256("") "\n" data_hash
 * under the signing key of c's last sigv4_sign (its date and scope), as 64 hex digits into
 * out. prev is the previous chunk's signature (the request's own for the first chunk);
 * data_hash the hex SHA-256 of the chunk's data (SIGV4_EMPTY_SHA256 for the final, empty
 * chunk). Leaves sigv4_signature(c) = out. -1 when c has signed nothing yet. */
int sigv4_sign_chunk(struct sigv4_ctx *c, const struct sigv4_signer *s, const char *prev,
		     const char *data_hash, char out[65]);

/* sigv4_sign_trailer: the signature of the trailer of a
 * STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER body (AWS S3 API reference, "Signature
 * calculations for trailing headers"): HMAC-SHA256 of "AWS4-HMAC-SHA256-TRAILER\n" DATE
 * "\n" SCOPE "\n" prev "\n" SHA256(trailer) under the signing key of c's last sigv4_sign,
 * as 64 hex digits into out. prev is the final (empty) chunk's signature; trailer the
 * trailing headers in canonical form, each "name:value\n" ("x-amz-checksum-crc32c:sOO8/Q==\n").
 * Leaves sigv4_signature(c) = out. -1 when c has signed nothing yet. */
int sigv4_sign_trailer(struct sigv4_ctx *c, const struct sigv4_signer *s, const char *prev,
		       const char *trailer, char out[65]);

/* Results of the last sigv4_sign, borrowed from c until its next sign. The string to
 * sign and the signature are test seams (tests/unit/test_sigv4.c, AWS's vectors). */
const char *sigv4_canonical_request(const struct sigv4_ctx *c);
const char *sigv4_string_to_sign(const struct sigv4_ctx *c);
const char *sigv4_signature(const struct sigv4_ctx *c);     /* 64 hex digits */
const char *sigv4_authorization(const struct sigv4_ctx *c); /* Authorization value */
const char *sigv4_amz_date(const struct sigv4_ctx *c);      /* "20150830T123600Z" */

/* sigv4_uri_encode: append s[0..n) RFC 3986-encoded (unreserved A-Z a-z 0-9 - . _ ~ kept,
 * everything else %XX with uppercase hex; '/' kept when keep_slash). -1 when out of memory. */
int sigv4_uri_encode(struct strbuf *out, const char *s, size_t n, int keep_slash);

/* sigv4_canonical_uri: append the canonical URI of a raw (unencoded) path: with
 * normalize, "." and ".." segments are resolved and empty segments dropped (generic
 * AWS services); without it the path is kept as is (S3). Then encoded keeping '/'.
 * Test seam (tests/unit/test_sigv4.c); sigv4_sign uses it. */
int sigv4_canonical_uri(struct strbuf *out, const char *path, int normalize);

/* sigv4_canonical_query: append the canonical form of a raw query string ("b=2&a=1",
 * without '?'): each name and value percent-decoded then re-encoded, a missing '='
 * treated as an empty value, pairs sorted by name then value. -1 when out of memory.
 * Test seam (tests/unit/test_sigv4.c); sigv4_sign uses it. */
int sigv4_canonical_query(struct strbuf *out, const char *query);

/* sigv4_sha256_hex: out (65 bytes) = hex SHA-256 of data[0..n). -1 on OpenSSL failure.
 * Test seam (tests/unit/test_sigv4.c); sigv4_sign uses it. */
int sigv4_sha256_hex(const void *data, size_t n, char out[65]);

/* sigv4_hex: write n bytes of bin as 2n lowercase hex digits and a NUL into out. */
void sigv4_hex(const unsigned char *bin, size_t n, char *out);

#endif
