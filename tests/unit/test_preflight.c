/* tests/unit/test_preflight.c: collect/run/preflight.h: what each answer to the listing
 * says (a table of answers as the S3 client reports them), the words of a refused
 * CreateBucket, and the estimate of a plan's logs. */
#include <string.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "collect/run/preflight.h"
#include "tests/unit/check.h"

static const struct {
	const char *what;
	long status;
	enum err_class cls;
	const char *code, *error;
	int keys_ok;
	enum preflight_verdict want;
	const char *msg;
} answers[] = {
	{"a listing", 200, EC_NONE, "", "", 1, PREFLIGHT_OK, ""},
	{"no such bucket", 404, EC_HTTP_4XX, "NoSuchBucket", "HTTP 404 NoSuchBucket", 1,
	 PREFLIGHT_NO_BUCKET, ""},
	{"untrusted TLS", 0, EC_TLS, "", "tls: SSL certificate problem", 1, PREFLIGHT_PROBLEM,
	 "the system's CAs; trust its CA with ca_bundle = PEM in this section, --ca-bundle PEM "
	 "or AWS_CA_BUNDLE, or turn verification off with insecure = yes or --insecure"},
	{"a web server's 404", 404, EC_HTTP_4XX, "", "HTTP 404", 1, PREFLIGHT_PROBLEM,
	 "endpoint http://h:1 does not speak S3: it answered ListObjectsV2 of bk with HTTP 404 "
	 "and no S3 error document"},
	{"a 200 that is no listing", 200, EC_HTTP_5XX, "", "HTTP 200: malformed XML", 1,
	 PREFLIGHT_PROBLEM,
	 "does not speak S3: it answered ListObjectsV2 of bk with HTTP 200: "
	 "malformed XML, not a ListBucketResult"},
	{"a 501", 501, EC_HTTP_5XX, "", "HTTP 501", 1, PREFLIGHT_PROBLEM, "does not speak S3"},
	{"wrong secret", 403, EC_AUTH, "SignatureDoesNotMatch", "HTTP 403 SignatureDoesNotMatch", 1,
	 PREFLIGHT_PROBLEM, "the secret key does not belong to the access key id"},
	{"wrong secret, placeholder keys", 403, EC_AUTH, "SignatureDoesNotMatch", "HTTP 403", 0,
	 PREFLIGHT_SILENT, ""},
	{"unknown key", 403, EC_AUTH, "InvalidAccessKeyId", "HTTP 403 InvalidAccessKeyId", 1,
	 PREFLIGHT_PROBLEM, "does not know this access key id"},
	{"no right to list", 403, EC_AUTH, "AccessDenied", "HTTP 403 AccessDenied", 1,
	 PREFLIGHT_PROBLEM, "the keys may not list bucket bk"},
	{"wrong region", 400, EC_AUTH, "AuthorizationHeaderMalformed", "HTTP 400 ...", 1,
	 PREFLIGHT_PROBLEM, "region = eu-west-1 is not the endpoint's or the bucket's"},
	{"another region's bucket", 301, EC_HTTP_4XX, "PermanentRedirect", "HTTP 301 ...", 1,
	 PREFLIGHT_PROBLEM, "region = eu-west-1"},
	{"throttled", 503, EC_HTTP_5XX, "SlowDown", "HTTP 503 SlowDown", 1, PREFLIGHT_PROBLEM,
	 "ListObjectsV2 bk: HTTP 503 SlowDown"},
	{"refused", 0, EC_CONNECT, "", "connect: Connection refused", 1, PREFLIGHT_PROBLEM,
	 "endpoint http://h:1: cannot connect (connect: Connection refused)"},
	{"no name", 0, EC_DNS, "", "dns: Could not resolve host", 0, PREFLIGHT_PROBLEM,
	 "the host name does not resolve"},
};

static void test_judge(void)
{
	struct campaign_subject s = {
		.id = "a", .endpoint = "http://h:1", .region = "eu-west-1", .bucket = "bk"};

	for (size_t i = 0; i < sizeof(answers) / sizeof(answers[0]); i++) {
		struct s3_result r;
		char msg[1024];

		memset(&r, 0, sizeof(r));
		r.status = answers[i].status;
		r.cls = answers[i].cls;
		snprintf(r.code, sizeof(r.code), "%s", answers[i].code);
		snprintf(r.error, sizeof(r.error), "%s", answers[i].error);
		enum preflight_verdict v = preflight_judge(&r, &s, answers[i].keys_ok, msg,
							   sizeof(msg));
		CHECK(v == answers[i].want, "%s: verdict %d, want %d", answers[i].what, v,
		      answers[i].want);
		CHECK(strstr(msg, answers[i].msg) != NULL, "%s: '%s' lacks '%s'", answers[i].what,
		      msg, answers[i].msg);
	}
	s.ca_bundle = "/etc/ca.pem";
	struct s3_result r = {.cls = EC_TLS};
	char msg[1024];
	preflight_judge(&r, &s, 1, msg, sizeof(msg));
	CHECK(strstr(msg, "not verified with the CAs of /etc/ca.pem") != NULL,
	      "TLS: the CA bundle in force is named: %s", msg);
}

static void test_create(void)
{
	struct campaign_subject s = {.id = "a", .region = "eu-west-3", .bucket = "bk"};
	static const struct {
		long status;
		const char *code, *msg;
	} cases[] = {
		{403, "AccessDenied",
		 "bucket bk does not exist and these keys may not create it "
		 "(CreateBucket: E): create it, or give a bucket they may use"},
		{409, "BucketAlreadyExists", "taken by another account"},
		{400, "TooManyBuckets", "may not have more buckets"},
		{400, "InvalidLocationConstraint", "cannot be created in region = eu-west-3"},
		{400, "InvalidBucketName",
		 "does not exist and cannot be created (CreateBucket: E)"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct s3_result r = {.status = cases[i].status};
		char msg[512];
		snprintf(r.code, sizeof(r.code), "%s", cases[i].code);
		snprintf(r.error, sizeof(r.error), "E");
		CHECK(strstr(preflight_create_problem(&r, &s, msg, sizeof(msg)), cases[i].msg) !=
			      NULL,
		      "CreateBucket %s: '%s' lacks '%s'", cases[i].code, msg, cases[i].msg);
	}
}

static void test_log_bytes(void)
{
	struct err e;
	struct campaign *c = campaign_parse_string(
		"[campaign]\nname = d\n[matrix]\nops = put, get\nsizes = 4KiB\nconcurrency = 2\n"
		"count = 500\n[list]\nobjects = 10\nconcurrency = 4\nduration = 10s\n"
		"[subject a]\nendpoint = http://h:1\nbucket = bk\n",
		"t.ini", &e);
	struct plan_filter f = {0};
	struct plan *p = c ? plan_build(c, &f, &e) : NULL;
	struct estimate_opts o = {0};
	unsigned char todo[3] = {1, 0, 0};
	int runs;

	CHECK(p != NULL && p->n == 3, "a plan of 3 runs: %s", p ? "" : e.msg);
	if (p == NULL)
		goto out;
	uint64_t all = preflight_log_bytes(c, p, NULL, &o, &runs);
	CHECK(runs == 3, "3 runs counted");
	/* put: 1000 rows and a few more (HeadBucket, cleanup): 12 KiB + 64 B a row for
	 * run.json, 48 B a row of ops log; list: 4 workers x 10 s x 100 rows a second */
	uint64_t put = preflight_log_bytes(c, p, todo, &o, &runs);
	CHECK(runs == 1 && put > 12288 + 112 * 1000 && put < 12288 + 112 * 1010,
	      "a 1000-request run: %llu bytes", (unsigned long long)put);
	CHECK(all > 2 * put + 163840 + 48 * 4000 - 1000,
	      "the list run: at its run.json's most "
	      "and 4000 rows (%llu bytes in all)",
	      (unsigned long long)all);
	o.assume_mib_s = 1; /* 1 MiB/s of 4 KiB listing... list runs stay unestimated */
	CHECK(preflight_log_bytes(c, p, todo, &o, &runs) == put,
	      "an assumed throughput "
	      "leaves a count-bound run as it was");
out:
	plan_free(p);
	campaign_free(c);
}

int main(void)
{
	test_judge();
	test_create();
	test_log_bytes();
	return check_done();
}
