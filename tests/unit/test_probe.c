/* tests/unit/test_probe.c: the conformance probe's verdict rules (collect/probe/verdict.c;
 * docs/METHODOLOGY.md, "Conformance probe"), feature lists, a feature's verdict from its
 * checks, probe.json's record, and a campaign's [probe] section with its bad values named
 * by file, line, section and key. */
#include <stdio.h>
#include <string.h>

#include "collect/campaign/campaign.h"
#include "collect/probe/probe.h"
#include "tests/unit/check.h"

struct jcase {
	const char *what;
	long want_status;
	const char *want_code;
	long status;
	const char *code;
	enum probe_verdict v;
	const char *detail; /* a part of the detail; NULL: none wanted */
};

static const struct jcase judged[] = {
	{"2xx due, 200", 2, NULL, 200, "", PV_SUPPORTED, NULL},
	{"2xx due, 204", 2, NULL, 204, "", PV_SUPPORTED, NULL},
	{"412 due, 412 PreconditionFailed", 412, "PreconditionFailed", 412, "PreconditionFailed",
	 PV_SUPPORTED, NULL},
	{"412 due, 200: ignored", 412, "PreconditionFailed", 200, "", PV_WRONG,
	 "answered 200 where 412 PreconditionFailed is due: ignored"},
	{"404 NoSuchKey due, 412 (RGW's If-Match on a missing key)", 404, "NoSuchKey", 412,
	 "PreconditionFailed", PV_WRONG, "answered 412 PreconditionFailed where 404 NoSuchKey"},
	{"2xx due, 412 (RGW's quoted If-Match)", 2, NULL, 412, "PreconditionFailed", PV_WRONG,
	 "where 2xx is due"},
	{"412 due, 412 with another code", 412, "PreconditionFailed", 412, "Other", PV_WRONG, NULL},
	{"2xx due, 501 NotImplemented", 2, NULL, 501, "NotImplemented", PV_REFUSED, NULL},
	{"2xx due, 400 InvalidArgument", 2, NULL, 400, "InvalidArgument", PV_REFUSED, NULL},
	{"2xx due, 403 AccessDenied (SSE-C blocked)", 2, NULL, 403, "AccessDenied", PV_REFUSED,
	 NULL},
	{"2xx due, 405", 2, NULL, 405, "MethodNotAllowed", PV_REFUSED, NULL},
	{"412 due, 400 InvalidRequest", 412, "PreconditionFailed", 400, "InvalidRequest",
	 PV_REFUSED, NULL},
	{"400 BadDigest due, 400 BadDigest", 400, "BadDigest", 400, "BadDigest", PV_SUPPORTED,
	 NULL},
	{"400 BadDigest due, 400 InvalidRequest", 400, "BadDigest", 400, "InvalidRequest",
	 PV_REFUSED, NULL},
	{"400 any code due, 400 InvalidArgument", 400, NULL, 400, "InvalidArgument", PV_SUPPORTED,
	 NULL},
	{"2xx due, 500: no verdict", 2, NULL, 500, "InternalError", PV_UNTESTED, "server error"},
	{"412 due, 503 SlowDown: no verdict", 412, "PreconditionFailed", 503, "SlowDown",
	 PV_UNTESTED, NULL},
	{"2xx due, no answer", 2, NULL, 0, "", PV_UNTESTED, NULL},
	{"2xx due, 404 NoSuchBucket", 2, NULL, 404, "NoSuchBucket", PV_WRONG, NULL},
};

static void judge(void)
{
	for (size_t i = 0; i < sizeof(judged) / sizeof(judged[0]); i++) {
		const struct jcase *t = &judged[i];
		struct probe_check c;
		memset(&c, 0, sizeof(c));
		enum probe_verdict v = probe_judge(&c, t->want_status, t->want_code, t->status,
						   t->code);
		CHECK(v == t->v && c.v == t->v, "%s: %s, want %s", t->what, probe_verdict_name(v),
		      probe_verdict_name(t->v));
		CHECK(c.status == t->status && strcmp(c.code, t->code) == 0, "%s: answer kept",
		      t->what);
		if (t->detail != NULL)
			CHECK(strstr(c.detail, t->detail) != NULL, "%s: detail '%s' has '%s'",
			      t->what, c.detail, t->detail);
	}
	struct probe_check c = {0};
	probe_judge(&c, 404, "NoSuchKey", 412, "PreconditionFailed");
	CHECK_STR(c.expected, "404 NoSuchKey", "expected names status and code");
	probe_judge(&c, 2, NULL, 200, NULL);
	CHECK_STR(c.expected, "2xx", "expected of a success");
}

static void combine(void)
{
	static const struct {
		enum probe_verdict in[3];
		int n;
		enum probe_verdict want;
	} t[] = {
		{{PV_SUPPORTED, PV_SUPPORTED, PV_SUPPORTED}, 3, PV_SUPPORTED},
		{{PV_SUPPORTED, PV_REFUSED, PV_SUPPORTED}, 3, PV_REFUSED},
		{{PV_REFUSED, PV_WRONG, PV_UNTESTED}, 3, PV_WRONG},
		{{PV_SUPPORTED, PV_UNTESTED}, 2, PV_UNTESTED},
		{{0}, 0, PV_UNTESTED},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct probe_feature_result f;
		memset(&f, 0, sizeof(f));
		f.n_checks = t[i].n;
		for (int k = 0; k < t[i].n; k++)
			f.checks[k].v = t[i].in[k];
		CHECK(probe_combine(&f) == t[i].want, "combine %zu: %s, want %s", i,
		      probe_verdict_name(probe_combine(&f)), probe_verdict_name(t[i].want));
	}
}

static void features(void)
{
	struct err e = {{0}};
	unsigned m = 0;

	CHECK(probe_features_parse("conditional-put, tls1.3", &m, &e) == 0 &&
		      m == ((1u << PF_CONDITIONAL_PUT) | (1u << PF_TLS13)),
	      "two features: %x", m);
	CHECK(probe_features_parse("ALL", &m, &e) == 0 && m == PROBE_ALL, "all");
	CHECK(probe_features_parse("checksum-crc33", &m, &e) < 0 &&
		      strstr(e.msg, "'checksum-crc33' is not a probe feature") != NULL &&
		      strstr(e.msg, "checksum-crc64nvme") != NULL,
	      "unknown feature named with the list: %s", e.msg);
	CHECK(probe_features_parse(" , ", &m, &e) < 0, "empty list refused");
	for (int f = 0; f < PF_COUNT; f++)
		CHECK(probe_features_parse(probe_feature_name((enum probe_feature)f), &m, &e) ==
				      0 &&
			      m == 1u << f,
		      "feature %d parses back", f);
}

static void record(void)
{
	struct probe_report r;
	json_t *j, *c;

	memset(&r, 0, sizeof(r));
	snprintf(r.subject, sizeof(r.subject), "rgw");
	r.f[PF_VERSIONING].probed = 1;
	snprintf(r.f[PF_VERSIONING].note, sizeof(r.f[0].note), "Enabled");
	r.f[PF_CONDITIONAL_PUT].probed = 1;
	r.f[PF_CONDITIONAL_PUT].v = PV_WRONG;
	r.f[PF_CONDITIONAL_PUT].n_checks = 1;
	r.f[PF_CONDITIONAL_PUT].checks[0] = (struct probe_check){.name = "if-match-missing",
								 .v = PV_WRONG,
								 .status = 412,
								 .code = "PreconditionFailed",
								 .expected = "404 NoSuchKey"};
	j = probe_report_json(&r);
	c = json_object_get(json_object_get(j, "features"), "conditional-put");
	CHECK(json_object_get(json_object_get(j, "features"), "tagging") == NULL,
	      "a feature not probed is absent");
	CHECK_STR(json_string_value(json_object_get(c, "verdict")), "wrong", "feature verdict");
	c = json_array_get(json_object_get(c, "checks"), 0);
	CHECK(json_integer_value(json_object_get(c, "status")) == 412, "check status");
	CHECK_STR(json_string_value(json_object_get(c, "expected")), "404 NoSuchKey",
		  "check expected");
	CHECK_STR(json_string_value(json_object_get(
			  json_object_get(json_object_get(j, "features"), "versioning"), "note")),
		  "Enabled", "versioning note");
	json_decref(j);
}

static const char base[] = "[campaign]\nname = t\n[matrix]\nops = put\nsizes = 1KiB\n"
			   "concurrency = 1\nduration = 1s\n[subject a]\nendpoint = "
			   "http://127.0.0.1:1\nbucket = bkt\n";

static void campaign(void)
{
	static const struct {
		const char *extra, *err;
		int probe;
		unsigned features;
	} t[] = {
		{"", NULL, 1, 0},
		{"[probe]\nprobe = no\n", NULL, 0, 0},
		{"[probe]\nfeatures = sse-c, http2\nkms_key = k1\n", NULL, 1,
		 (1u << PF_SSE_C) | (1u << PF_HTTP2)},
		{"[probe]\nfeatures = sse-c, teleport\n",
		 "t.ini:12: [probe] features: 'teleport' is not a probe feature", 0, 0},
		{"[probe]\nprobe = perhaps\n", "t.ini:12: [probe] probe", 0, 0},
		{"[probe]\nretries = 3\n", "t.ini:12: [probe] retries: unknown key", 0, 0},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char text[1024];
		struct err e = {{0}};
		snprintf(text, sizeof(text), "%s%s", base, t[i].extra);
		struct campaign *c = campaign_parse_string(text, "t.ini", &e);
		if (t[i].err != NULL) {
			CHECK(c == NULL && strstr(e.msg, t[i].err) != NULL,
			      "[probe] %zu: '%s' has '%s'", i, e.msg, t[i].err);
		} else {
			CHECK(c != NULL && c->probe == t[i].probe &&
				      c->probe_features == t[i].features,
			      "[probe] %zu: %s", i, c ? "probe or features differ" : e.msg);
			if (i == 2)
				CHECK(c != NULL && c->probe_kms_key != NULL &&
					      strcmp(c->probe_kms_key, "k1") == 0,
				      "kms_key read");
		}
		campaign_free(c);
	}
}

int main(void)
{
	judge();
	combine();
	features();
	record();
	campaign();
	return check_done();
}
