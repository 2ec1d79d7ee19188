/* tests/unit/test_workload_spread.c: many buckets and prefixes (collect/workload.h): the
 * bucket names (BUCKET, BUCKET-1 ..., S3's 63 characters), the key prefixes (p000/ ...),
 * which object goes where (m mod B, (m / B) mod P: every pair once in B x P numbers),
 * the run.json fields, the checks, and the campaign keys: [matrix] and one-off values, a
 * subject's override, the plan's runs, and the errors naming file, line, section and key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_runs.h"
#include "collect/campaign/plan.h"
#include "collect/workload.h"
#include "tests/unit/check.h"

/* wl_json: run.json's workload object of wl (collect/workload.h's record, written by
 * core/runrec/runrec.h). */
static json_t *wl_json(const struct workload *wl)
{
	struct runrec_workload r;

	workload_record(wl, 60, &r);
	return runrec_workload_to_json(&r);
}

static void test_names(void)
{
	char b[80], k[16];
	struct err e = {{0}};
	/* 59 characters: with "-999" exactly 63 */
	const char *b59 = "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghi";

	CHECK(workload_bucket_name("bench", 0, b, sizeof(b)) == 0 && strcmp(b, "bench") == 0,
	      "bucket 0 is the subject's: %s", b);
	CHECK(workload_bucket_name("bench", 1, b, sizeof(b)) == 0 && strcmp(b, "bench-1") == 0,
	      "bucket 1: %s", b);
	CHECK(workload_bucket_name("bench", 999, b, sizeof(b)) == 0 && strcmp(b, "bench-999") == 0,
	      "bucket 999: %s", b);
	CHECK(workload_bucket_name(b59, 999, b, sizeof(b)) == 0 && strlen(b) == 63,
	      "63 characters fit");
	CHECK(workload_check_bucket_names(b59, 1000, &e) == 0, "1000 buckets of a 59-char name");
	CHECK(workload_check_bucket_names("x", 1000, &e) == 0, "a short name");
	CHECK(workload_check_bucket_names(b59, 1001, &e) < 0, "59 + '-1000' is 64 characters");
	char b60[64];
	snprintf(b60, sizeof(b60), "%sj", b59);
	CHECK(workload_check_bucket_names(b60, 10, &e) == 0, "60 + '-9' fits");
	CHECK(workload_check_bucket_names(b60, 1000, &e) < 0 &&
		      strstr(e.msg, "is too long for 1000 buckets: the last, '") != NULL &&
		      strstr(e.msg, "-999', would be longer than S3's limit of 63 characters"),
	      "60 + '-999' does not: %s", e.msg);
	CHECK(workload_check_bucket_names(b60, 1, &e) == 0, "one bucket: never checked here");
	CHECK_STR(workload_key_prefix(3, 4, k, sizeof(k)), "p003/", "prefix 3 of 4");
	CHECK_STR(workload_key_prefix(0, 1, k, sizeof(k)), "", "one prefix: none");
	CHECK_STR(workload_key_prefix(999, 1000, k, sizeof(k)), "p999/", "prefix 999");
}

static void test_mapping(void)
{
	int b, p, seen[3][4] = {{0}};
	struct workload_where w;
	struct err e = {{0}};

	workload_spread_of(13, 3, 4, &b, &p);
	CHECK(b == 1 && p == 0, "13 over 3 x 4: bucket 13 mod 3 = 1, prefix 4 mod 4 = 0 (%d %d)", b,
	      p);
	workload_spread_of(9, 3, 4, &b, &p);
	CHECK(b == 0 && p == 3, "9: bucket 0, prefix 3 (%d %d)", b, p);
	workload_spread_of(123, 1, 1, &b, &p);
	CHECK(b == 0 && p == 0, "one bucket and prefix");
	workload_spread_of(5, 0, 0, &b, &p);
	CHECK(b == 0 && p == 0, "0 counts as 1");
	for (uint64_t m = 100; m < 112; m++) { /* any 12 consecutive numbers */
		workload_spread_of(m, 3, 4, &b, &p);
		seen[b][p]++;
	}
	int once = 1;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 4; j++)
			once &= seen[i][j] == 1;
	CHECK(once, "12 consecutive numbers: every bucket and prefix pair once");
	/* 2 buckets x 4 prefixes: not the parity trap of m mod B, m mod P */
	memset(seen, 0, sizeof(seen));
	for (uint64_t m = 0; m < 8; m++) {
		workload_spread_of(m, 2, 4, &b, &p);
		seen[b][p]++;
	}
	CHECK(seen[0][1] == 1 && seen[1][0] == 1, "2 x 4: bucket 0 gets prefix 1 too");

	CHECK(workload_where_new(&w, "bk", 3, 4, "s3bench/run-x/", &e) == 0, "where: %s", e.msg);
	CHECK(w.nb == 3 && w.np == 4, "where: counts");
	CHECK_STR(w.bucket[0], "bk", "where: bucket 0");
	CHECK_STR(w.bucket[2], "bk-2", "where: bucket 2");
	CHECK_STR(w.prefix[0], "p000/s3bench/run-x/", "where: prefix 0");
	CHECK_STR(w.prefix[3], "p003/s3bench/run-x/", "where: prefix 3");
	workload_where_free(&w);
	CHECK(workload_where_new(&w, "bk", 1, 1, "s3bench/run-x/", &e) == 0 && w.nb == 1 &&
		      strcmp(w.prefix[0], "s3bench/run-x/") == 0,
	      "one of each: today's prefix");
	workload_where_free(&w);
	CHECK(workload_where_new(&w,
				 "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijab",
				 10, 1, "s3bench/r/", &e) < 0 &&
		      w.bucket == NULL,
	      "where: a name too long is refused: %s", e.msg);
	workload_where_free(&w);
}

static void test_check(void)
{
	struct workload wl;
	enum wl_field f = WLF_COUNT_;
	struct err e = {{0}};
	json_t *j;

	workload_defaults(&wl, WL_GET);
	wl.duration_s = 5;
	wl.send.buckets = 1000;
	wl.send.prefixes = 1;
	CHECK(workload_check(&wl, 0, &f, &e) == 0, "1000 buckets: %s", e.msg);
	wl.send.buckets = 1001;
	CHECK(workload_check(&wl, 0, &f, &e) < 0 && f == WLF_BUCKETS &&
		      strcmp(e.msg, "'1001' is not a number of buckets from 1 to 1000") == 0,
	      "1001 buckets: %s", e.msg);
	wl.send.buckets = 2;
	wl.op = WL_CREATE_BUCKET;
	CHECK(workload_check(&wl, 0, &f, &e) < 0 && f == WLF_BUCKETS &&
		      strstr(e.msg, "only for put, get, head, list, delete, multipart and mixed"),
	      "create-bucket: %s", e.msg);
	wl.op = WL_LIST;
	wl.send.prefixes = 4;
	wl.send.buckets = 3;
	CHECK(workload_check(&wl, 0, &f, &e) == 0, "list over 3 x 4");
	CHECK(workload_buckets(&wl) == 3 && workload_prefixes(&wl) == 4, "counts");
	j = wl_json(&wl);
	CHECK(json_integer_value(json_object_get(j, "buckets")) == 3 &&
		      json_integer_value(json_object_get(j, "prefixes")) == 4,
	      "run.json workload.buckets and prefixes");
	CHECK(json_object_get(json_object_get(j, "send"), "buckets") == NULL,
	      "not in workload.send");
	json_decref(j);
	wl.send.buckets = wl.send.prefixes = 0;
	j = wl_json(&wl);
	CHECK(json_integer_value(json_object_get(j, "buckets")) == 1 &&
		      json_integer_value(json_object_get(j, "prefixes")) == 1,
	      "not spread: 1 and 1");
	json_decref(j);
	CHECK(workload_parse_send(WLF_PREFIXES, "0", &wl.send, &e) < 0 &&
		      strcmp(e.msg, "'0' is not a number of prefixes from 1 to 1000") == 0,
	      "prefixes 0: %s", e.msg);
	CHECK(workload_parse_send(WLF_BUCKETS, "12", &wl.send, &e) == 0 && wl.send.buckets == 12,
	      "buckets 12");
	CHECK_STR(workload_field_option(WLF_PREFIXES), "--prefixes", "option name");
}

#define MAT "[matrix]\nops = put, get\nsizes = 4KiB\nconcurrency = 1\n"
#define SUBJ "[subject a]\nendpoint = http://a\nbucket = bk\n"

static void test_campaign(void)
{
	static const char text[] = "[campaign]\nname = w\n" MAT "duration = 2s\nbuckets = 3\n"
				   "prefixes = 4\n[list]\nduration = 2s\nprefixes = 2\n" SUBJ
				   "[subject z]\nendpoint = http://z\nbucket = zz\nbuckets = 1\n";
	struct err e = {{0}};
	struct campaign *c = campaign_parse_string(text, "s.ini", &e);
	struct plan *p = c ? plan_build(c, NULL, &e) : NULL;
	int got = 0;

	CHECK(c != NULL && p != NULL, "campaign: %s", e.msg);
	for (int i = 0; p != NULL && i < p->n; i++) {
		const struct plan_run *r = &p->runs[i];
		int want_b = r->subject == 1 ? 1 : 3;
		int want_p = r->wl.op == WL_LIST ? 2 : 4;
		CHECK(workload_buckets(&r->wl) == want_b && workload_prefixes(&r->wl) == want_p,
		      "%s: %d buckets, %d prefixes", r->id, workload_buckets(&r->wl),
		      workload_prefixes(&r->wl));
		got++;
	}
	CHECK(got == 6, "6 runs (%d)", got);
	if (c != NULL) {
		struct workload wl;
		campaign_bench_workload(&c->matrix, WL_CREATE_BUCKET, 0, 1, &wl);
		CHECK(workload_buckets(&wl) == 1 && workload_prefixes(&wl) == 1,
		      "a section's buckets do not reach a create-bucket run");
	}
	plan_free(p);
	campaign_free(c);
}

static const struct {
	const char *text, *want;
} bad[] = {
	{"[campaign]\nname = w\n" MAT "duration = 2s\nbuckets = 1001\n" SUBJ,
	 "w.ini:8: [matrix] buckets: '1001' is not a number of buckets from 1 to 1000"},
	{"[campaign]\nname = w\n" MAT "duration = 2s\nprefixes = none\n" SUBJ,
	 "w.ini:8: [matrix] prefixes: 'none' is not a number of prefixes from 1 to 1000"},
	{"[campaign]\nname = w\n" MAT "duration = 2s\n[head]\nduration = 2s\nbuckets = 0\n" SUBJ,
	 "w.ini:10: [head] buckets: '0' is not a number of buckets from 1 to 1000"},
	{"[campaign]\nname = w\n" MAT "duration = 2s\n" SUBJ "prefixes = -2\n",
	 "w.ini:11: [subject a] prefixes: '-2' is not a number of prefixes from 1 to 1000"},
	{"[campaign]\nname = w\n" MAT "duration = 2s\nbuckets = 100\n[subject a]\n"
	 "endpoint = http://a\nbucket = abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijx\n",
	 "w.ini:11: [subject a] bucket: 'abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijx' "
	 "is too long for 100 buckets: the last, "
	 "'abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijx-99', would be longer "
	 "than S3's limit of 63 characters"},
};

int main(void)
{
	test_names();
	test_mapping();
	test_check();
	test_campaign();
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct err e = {{0}};
		struct campaign *c = campaign_parse_string(bad[i].text, "w.ini", &e);
		CHECK(c == NULL, "bad %zu refused", i);
		CHECK_STR(c ? "" : e.msg, bad[i].want, "bad %zu message", i);
		campaign_free(c);
	}
	return check_done();
}
