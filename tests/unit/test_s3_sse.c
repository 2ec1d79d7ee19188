/* tests/unit/test_s3_sse.c: the encryption and tagging headers (collect/s3/s3_sse.h): each
 * mode's headers for a write, a part and a read; an SSE-C key's base64 and MD5 lengths (the
 * MD5 itself is checked by tests/tools/verify_s3.py, collect_send.sh); the process's key made
 * once; the tagging value of 0, 3 and 10 tags. */
#include <string.h>

#include "collect/s3/s3_sse.h"
#include "tests/unit/check.h"

static const char *value(const struct s3_hdr *h, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(h[i].name, name) == 0)
			return h[i].value;
	return NULL;
}

int main(void)
{
	static const struct {
		enum s3_sse m;
		enum s3_sse_use u;
		size_t n;
		const char *sse;
	} cases[] = {
		{S3_SSE_NONE, S3_SSE_WRITE, 0, NULL},     {S3_SSE_S3, S3_SSE_WRITE, 1, "AES256"},
		{S3_SSE_S3, S3_SSE_READ, 0, NULL},        {S3_SSE_S3, S3_SSE_PART, 0, NULL},
		{S3_SSE_KMS, S3_SSE_WRITE, 2, "aws:kms"}, {S3_SSE_KMS, S3_SSE_READ, 0, NULL},
		{S3_SSE_C, S3_SSE_WRITE, 3, NULL},        {S3_SSE_C, S3_SSE_PART, 3, NULL},
		{S3_SSE_C, S3_SSE_READ, 3, NULL},
	};
	struct s3_sse_key k;
	struct s3_hdr h[S3_SSE_HDRS];
	struct err e = {{0}};
	char tags[80];
	const struct s3_sse_key *p1, *p2;

	CHECK(s3_sse_key_new(&k, &e) == 0 && strlen(k.key_b64) == 44 && strlen(k.md5_b64) == 24,
	      "a new key: 44 characters of base64, its MD5 24: %s", e.msg);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = s3_sse_headers(cases[i].m, "key-1", &k, cases[i].u, h);

		CHECK(n == cases[i].n, "case %zu: %zu headers, want %zu", i, n, cases[i].n);
		if (cases[i].sse != NULL)
			CHECK_STR(value(h, n, "x-amz-server-side-encryption"), cases[i].sse,
				  "case %zu: the mode", i);
		if (cases[i].m == S3_SSE_C && n == 3)
			CHECK(strcmp(value(h, n, "x-amz-server-side-encryption-customer-key"),
				     k.key_b64) == 0 &&
				      strcmp(value(h, n,
						   "x-amz-server-side-encryption-customer-key-md5"),
					     k.md5_b64) == 0,
			      "case %zu: SSE-C sends the key and its MD5", i);
	}
	CHECK_STR(value(h, s3_sse_headers(S3_SSE_KMS, "key-1", NULL, S3_SSE_WRITE, h),
			"x-amz-server-side-encryption-aws-kms-key-id"),
		  "key-1", "SSE-KMS names its key id");
	CHECK(s3_sse_headers(S3_SSE_KMS, NULL, NULL, S3_SSE_WRITE, h) == 1,
	      "SSE-KMS without a key id: the provider's default key");
	memset(&k, 0, sizeof(k));
	CHECK(s3_sse_headers(S3_SSE_C, NULL, NULL, S3_SSE_READ, h) == 0,
	      "SSE-C without a key: none");
	p1 = s3_sse_process_key(&e);
	p2 = s3_sse_process_key(&e);
	CHECK(p1 != NULL && p1 == p2 && memcmp(p1->key, k.key, 32) != 0,
	      "the process's key is made once, random");
	CHECK_STR(s3_tagging(0, tags, sizeof(tags)), "", "0 tags");
	CHECK_STR(s3_tagging(3, tags, sizeof(tags)), "t1=1&t2=2&t3=3", "3 tags");
	CHECK(strlen(s3_tagging(10, tags, sizeof(tags))) < S3_HDR_VALUE_MAX &&
		      strstr(tags, "&t10=10") != NULL,
	      "10 tags fit a header value: %s", tags);
	return check_done();
}
