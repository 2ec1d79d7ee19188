/* collect/s3/s3_sse.c: see s3_sse.h. */
#include "collect/s3/s3_sse.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/rand.h>

#define SSE "x-amz-server-side-encryption"

int s3_sse_key_new(struct s3_sse_key *k, struct err *e)
{
	unsigned char md[16];
	unsigned int mdlen = 0;

	if (RAND_bytes(k->key, sizeof(k->key)) != 1 ||
	    !EVP_Digest(k->key, sizeof(k->key), md, &mdlen, EVP_md5(), NULL) || mdlen != 16)
		return err_set(e, "SSE-C: no random key (OpenSSL)");
	EVP_EncodeBlock((unsigned char *)k->key_b64, k->key, sizeof(k->key));
	EVP_EncodeBlock((unsigned char *)k->md5_b64, md, sizeof(md));
	return 0;
}

static pthread_mutex_t key_lock = PTHREAD_MUTEX_INITIALIZER;
static struct s3_sse_key process_key;
static int process_key_made;

const struct s3_sse_key *s3_sse_process_key(struct err *e)
{
	const struct s3_sse_key *k = &process_key;

	pthread_mutex_lock(&key_lock);
	if (!process_key_made && s3_sse_key_new(&process_key, e) == 0)
		process_key_made = 1;
	if (!process_key_made)
		k = NULL;
	pthread_mutex_unlock(&key_lock);
	return k;
}

size_t s3_sse_headers(enum s3_sse m, const char *kms_key, const struct s3_sse_key *k,
		      enum s3_sse_use u, struct s3_hdr *out)
{
	size_t n = 0;

	if (m == S3_SSE_C && k != NULL) {
		out[n++] = (struct s3_hdr){SSE "-customer-algorithm", "AES256"};
		out[n++] = (struct s3_hdr){SSE "-customer-key", k->key_b64};
		out[n++] = (struct s3_hdr){SSE "-customer-key-md5", k->md5_b64};
	} else if (u == S3_SSE_WRITE && (m == S3_SSE_S3 || m == S3_SSE_KMS)) {
		out[n++] = (struct s3_hdr){SSE, m == S3_SSE_S3 ? "AES256" : "aws:kms"};
		if (m == S3_SSE_KMS && kms_key != NULL && kms_key[0] != '\0')
			out[n++] = (struct s3_hdr){SSE "-aws-kms-key-id", kms_key};
	}
	return n;
}

char *s3_tagging(int n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 1; i <= n && i <= S3_TAGS_MAX && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%st%d=%d", i > 1 ? "&" : "", i,
					 i);
	return buf;
}
