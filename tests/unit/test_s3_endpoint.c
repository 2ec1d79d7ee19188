/* tests/unit/test_s3_endpoint.c: collect/s3/s3_endpoint.h: endpoint URLs taken and refused
 * (the message never holds user info), bucket names under S3's rules per addressing. */
#include <string.h>

#include "collect/s3/s3_endpoint.h"
#include "tests/unit/check.h"

static const struct {
	const char *url;
	const char *want; /* NULL: taken; else a part of the message */
} urls[] = {
	{"http://127.0.0.1:9000", NULL},
	{"https://s3.us-east-1.amazonaws.com", NULL},
	{"https://s3.us-east-1.amazonaws.com/", NULL},
	{"http://[::1]:7480", NULL},
	{"http://minio_1:9000", NULL},
	{"http://h:65535", NULL},
	{"ftp://h", "'ftp://h' is not an http:// or https:// URL"},
	{"HTTP://h", "is not an http:// or https:// URL"},
	{"http://", "'http://' has no host"},
	{"http://:9000", "has no host"},
	{"http://bench:hunter2@h:9000", "'http://***@h:9000' holds user info (NAME:PASSWORD@"},
	{"http://user@h", "'http://***@h' holds user info"},
	{"http://h:9000/s3", "'http://h:9000/s3' has a path (/s3) after the host"},
	{"http://h:9000/b/k?x=1", "has a path (/b/k) after the host"},
	{"http://h:9000?x=1", "has a query (?...)"},
	{"http://h:9000/?x=1", "has a query (?...)"},
	{"http://h:9000#top", "has a fragment (#...)"},
	{"http://h:99999", "port 99999 is out of range (1-65535)"},
	{"http://h:0", "port 0 is out of range"},
	{"http://h:", "has an empty port after ':'"},
	{"http://h:80a", "port '80a' is not a number"},
	{"http://h:123456789012345678901", "is out of range"},
	{"http://a b:1", "host 'a b' is not a host name or address"},
	{"http://[::1", "host '[::1' is not a host name"},
	{"http://h\xc3\xa9:1", "is not a host name"},
};

static void test_urls(void)
{
	for (size_t i = 0; i < sizeof(urls) / sizeof(urls[0]); i++) {
		struct err e = {{0}};
		int rc = s3_endpoint_check(urls[i].url, &e);

		if (urls[i].want == NULL) {
			CHECK(rc == 0, "%s taken: %s", urls[i].url, e.msg);
			continue;
		}
		CHECK(rc < 0 && strstr(e.msg, urls[i].want) != NULL, "%s: got '%s', want '%s'",
		      urls[i].url, e.msg, urls[i].want);
		CHECK(strstr(e.msg, "hunter2") == NULL && strstr(e.msg, "bench:") == NULL,
		      "%s: no user info in the message", urls[i].url);
	}
	char buf[64];
	CHECK_STR(s3_endpoint_redact("https://a:b@h:1/x", buf, sizeof(buf)), "https://***@h:1/x",
		  "redact");
	CHECK_STR(s3_endpoint_redact("https://h:1/x@y", buf, sizeof(buf)), "https://h:1/x@y",
		  "an @ after the host is not user info");
}

static const struct {
	const char *name;
	int virtual_hosted;
	enum s3_bucket_name want;
	const char *msg;
} buckets[] = {
	{"bench", 1, S3_BUCKET_OK, NULL},
	{"my.bucket-01", 1, S3_BUCKET_OK, NULL},
	{"abc", 0, S3_BUCKET_OK, NULL},
	{"b", 0, S3_BUCKET_BAD, "1 characters, S3 takes 3 to 63"},
	{"a234567890123456789012345678901234567890123456789012345678901234", 0, S3_BUCKET_BAD,
	 "64 characters"},
	{"Bench_1", 1, S3_BUCKET_BAD, "cannot be a host name (addressing = virtual)"},
	{"Bench_1", 0, S3_BUCKET_LEGACY, "only in old buckets"},
	{"-bench", 0, S3_BUCKET_BAD, "must begin and end with a letter or digit"},
	{"bench.", 0, S3_BUCKET_BAD, "must begin and end"},
	{"be..nch", 0, S3_BUCKET_BAD, "two adjacent periods"},
	{"192.168.5.4", 0, S3_BUCKET_BAD, "formatted as an IP address"},
	{"1.2.3", 0, S3_BUCKET_OK, NULL},
	{"xn--bench", 0, S3_BUCKET_BAD, "reserves the prefix xn--"},
	{"sthree-b", 0, S3_BUCKET_BAD, "reserves the prefix sthree-"},
	{"bench-s3alias", 0, S3_BUCKET_BAD, "reserves the suffix -s3alias"},
	{"bench--ol-s3", 0, S3_BUCKET_BAD, "reserves the suffix --ol-s3"},
	{"ben ch", 0, S3_BUCKET_BAD, "' ' is not allowed"},
	{"ben/ch", 0, S3_BUCKET_BAD, "'/' is not allowed"},
};

static void test_buckets(void)
{
	for (size_t i = 0; i < sizeof(buckets) / sizeof(buckets[0]); i++) {
		struct err e = {{0}};
		enum s3_bucket_name got = s3_bucket_name_check(buckets[i].name,
							       buckets[i].virtual_hosted, &e);

		CHECK(got == buckets[i].want, "bucket %s (%s): %d, want %d (%s)", buckets[i].name,
		      buckets[i].virtual_hosted ? "virtual" : "path", got, buckets[i].want, e.msg);
		CHECK(buckets[i].msg == NULL || strstr(e.msg, buckets[i].msg) != NULL,
		      "bucket %s: message '%s' lacks '%s'", buckets[i].name, e.msg,
		      buckets[i].msg ? buckets[i].msg : "");
	}
}

int main(void)
{
	test_urls();
	test_buckets();
	return check_done();
}
