/* collect/s3/s3_sse.h: the headers of server-side encryption and object tagging, built in one
 * place for the probe (collect/probe) and the workloads (collect/engine): SSE-S3, SSE-KMS and
 * SSE-C (docs/CAMPAIGN.md, "sse", "tags"; ../shared/FACTS.md 3.1: what AWS sends and expects).
 *
 * SSE-C keys: 256 random bits from OpenSSL's RAND_bytes, held in memory only; the process's key
 * (s3_sse_process_key) is made once, before a campaign forks its runs, so every run of a
 * campaign (and a GET run's prepare and benchmark) uses one key. Nothing here writes a key: a
 * header array holds its base64 and the base64 of its MD5 (what the protocol sends), and only
 * the MD5 may be shown (s3_sse_key.md5_b64). */
#ifndef COLLECT_S3_SSE_H
#define COLLECT_S3_SSE_H

#include <stddef.h>

#include "collect/s3/s3.h"
#include "core/err.h"

enum s3_sse {
	S3_SSE_NONE,
	S3_SSE_S3,  /* x-amz-server-side-encryption: AES256 */
	S3_SSE_KMS, /* aws:kms, with x-amz-server-side-encryption-aws-kms-key-id when given */
	S3_SSE_C    /* the customer's key with every write and read of the object */
};

/* An SSE-C key: its bytes, their base64 and the base64 of their MD5 (RFC 1321). */
struct s3_sse_key {
	unsigned char key[32];
	char key_b64[48];
	char md5_b64[32];
};

/* What a request does to the object, for the headers it needs. */
enum s3_sse_use {
	S3_SSE_WRITE, /* PutObject, CreateMultipartUpload: every mode's headers */
	S3_SSE_PART,  /* UploadPart: SSE-C's only */
	S3_SSE_READ   /* GetObject, HeadObject: SSE-C's only */
};

#define S3_SSE_HDRS 3  /* the most headers s3_sse_headers gives */
#define S3_TAGS_MAX 10 /* S3's most tags per object */

/* s3_sse_key_new: a fresh random key into *k. -1 with a message when OpenSSL has no random
 * bytes. */
int s3_sse_key_new(struct s3_sse_key *k, struct err *e);

/* s3_sse_process_key: the process's key, made on the first call (thread-safe); NULL with a
 * message when it cannot be made. Borrowed for the process's life. */
const struct s3_sse_key *s3_sse_process_key(struct err *e);

/* s3_sse_headers: the headers of mode m for a request of use u into out (at most S3_SSE_HDRS;
 * their strings borrowed from kms_key and k, which must outlive the request); how many. k is
 * needed for S3_SSE_C only, kms_key (NULL: none, the provider's default key) for S3_SSE_KMS
 * only. */
size_t s3_sse_headers(enum s3_sse m, const char *kms_key, const struct s3_sse_key *k,
		      enum s3_sse_use u, struct s3_hdr *out);

/* s3_tagging: the x-amz-tagging value of n tags (1..S3_TAGS_MAX): "t1=1&t2=2..." into buf
 * (at least 64 bytes); "" for n 0. Returns buf. */
char *s3_tagging(int n, char *buf, size_t len);

#endif
