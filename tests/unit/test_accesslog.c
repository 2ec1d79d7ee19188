/* tests/unit/test_accesslog.c: core/accesslog: AWS's documented example record (and one with
 * a trailing field beyond the 25), the time field with its offset, the REST operations' ops,
 * URL-decoded keys, and lines that are no record. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tests/unit/check.h"
#include "core/accesslog.h"

/* AWS's example (docs.aws.amazon.com, "Amazon S3 server access log format"), a GET of an
 * object with a trailing Region field. */
static const char aws_line[] =
	"79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be DOC-EXAMPLE-BUCKET1 "
	"[06/Feb/2019:00:00:38 +0000] 192.0.2.3 "
	"79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be 3E57427F3EXAMPLE "
	"REST.GET.OBJECT photos%2F2019%20a.jpg \"GET /DOC-EXAMPLE-BUCKET1/photos/2019%20a.jpg "
	"HTTP/1.1\" 200 - 113 2662992 7 3 \"-\" \"S3Console/0.4\" - "
	"s9lzHYrFp76ZVxRcpX9+5cjAnEH2ROuNkd2BHfIa6UkFVdtjf5mKR3/eTPFvsiP/XV/VLi31234= SigV4 "
	"ECDHE-RSA-AES128-GCM-SHA256 AuthHeader DOC-EXAMPLE-BUCKET1.s3.us-west-1.amazonaws.com "
	"TLSV1.2 - Yes us-east-1";

static void test_record(void)
{
	struct accesslog_rec r;
	const char *why = NULL;
	char key[64];

	CHECK(accesslog_parse(aws_line, strlen(aws_line), &r, &why) == 0, "AWS's line reads");
	CHECK(r.time_ns == 1549411238LL * 1000000000, "time 2019-02-06T00:00:38Z: %lld",
	      (long long)r.time_ns);
	CHECK(r.request_id_n == 16 && memcmp(r.request_id, "3E57427F3EXAMPLE", 16) == 0,
	      "request id");
	CHECK(r.status == 200 && r.bytes_sent == 113 && r.object_size == 2662992,
	      "status 200, 113 bytes sent, object 2662992 bytes");
	CHECK(r.total_ms == 7 && r.turnaround_ms == 3, "total 7 ms, turn-around 3 ms");
	CHECK(accesslog_key(r.key, r.key_n, key, sizeof(key)) == 0, "the key decodes");
	CHECK_STR(key, "photos/2019 a.jpg", "decoded key");
	CHECK_STR(accesslog_op(r.operation, r.operation_n), "GET", "REST.GET.OBJECT is GET");
}

static const struct {
	const char *in;
	int rc;
	long long want_s;
} times[] = {
	{"[06/Feb/2019:00:00:38 +0000]", 0, 1549411238},
	{"[06/Feb/2019:02:00:38 +0200]", 0, 1549411238},
	{"[05/Feb/2019:19:00:38 -0500]", 0, 1549411238},
	{"[31/Dec/2026:23:59:59 +0000]", 0, 1798761599},
	{"[06/Fob/2019:00:00:38 +0000]", -1, 0},
	{"[06/Feb/2019:00:00:38]", -1, 0},
	{"06/Feb/2019:00:00:38 +0000", -1, 0},
};

static void test_times(void)
{
	for (size_t i = 0; i < sizeof(times) / sizeof(times[0]); i++) {
		int64_t ns = 0;
		int rc = accesslog_time(times[i].in, strlen(times[i].in), &ns);

		CHECK(rc == times[i].rc && (rc < 0 || ns == times[i].want_s * 1000000000),
		      "%s: %d, %lld", times[i].in, rc, (long long)(ns / 1000000000));
	}
}

static void test_ops_keys(void)
{
	static const char *const ops[][2] = {
		{"REST.PUT.OBJECT", "PUT"},       {"REST.HEAD.OBJECT", "STAT"},
		{"REST.DELETE.OBJECT", "DELETE"}, {"REST.GET.BUCKET", "LIST"},
		{"REST.COPY.OBJECT_GET", NULL},   {"REST.GET.OBJECTX", NULL}};
	char out[8];

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		const char *got = accesslog_op(ops[i][0], strlen(ops[i][0]));

		CHECK(ops[i][1] == NULL ? got == NULL : got != NULL && strcmp(got, ops[i][1]) == 0,
		      "%s: %s", ops[i][0], got ? got : "NULL");
	}
	CHECK(accesslog_key("a%2", 3, out, sizeof(out)) < 0, "a cut escape refused");
	CHECK(accesslog_key("a%zz", 4, out, sizeof(out)) < 0, "a bad escape refused");
	CHECK(accesslog_key("abcdefgh", 8, out, sizeof(out)) < 0, "a key too long refused");
	CHECK(accesslog_key("a%41b", 5, out, sizeof(out)) == 0 && strcmp(out, "aAb") == 0,
	      "%%41 is A: %s", out);
}

static void test_bad(void)
{
	static const char *const lines[] = {
		"this is not a log record",
		"o b [06/Feb/2019:00:00:38 +0000] 1.2.3.4 r - REST.GET.OBJECT k \"GET / HTTP/1.1\" "
		"200 - 1 1 7 3", /* no request id */
		"o b [06/Feb/2019:00:00:38 +0000] 1.2.3.4 r ID REST.GET.OBJECT k \"GET / HTTP/1.1\" "
		"200 - 1 1 7x 3", /* total time not a number */
	};
	static const char dashes[] = "o b [x] 1.2.3.4 r ID REST.GET.OBJECT - \"-\" - - - - - -";
	struct accesslog_rec r;
	const char *why = NULL;

	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		CHECK(accesslog_parse(lines[i], strlen(lines[i]), &r, &why) == -1 && why != NULL &&
			      strstr(why, "not an S3 access log record") != NULL,
		      "line %zu refused: %s", i, why ? why : "");
	CHECK(accesslog_parse("   ", 3, &r, &why) == 1, "a blank line");
	CHECK(accesslog_parse(dashes, strlen(dashes), &r, &why) == 0 && isnan(r.total_ms) &&
		      r.status == 0 && r.key_n == 0 && r.time_ns == 0,
	      "'-' fields: none; a time that does not read: 0");
}

int main(void)
{
	test_record();
	test_times();
	test_ops_keys();
	test_bad();
	return check_done();
}
