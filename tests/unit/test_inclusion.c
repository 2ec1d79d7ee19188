/* tests/unit/test_inclusion.c: run.json fixtures written to a temporary directory,
 * read with analyze/runlog and judged with analyze/inclusion; malformed files must
 * be refused with the file and the field named; policies. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "analyze/cells/inclusion.h"
#include "analyze/read/reqlog.h"
#include "analyze/read/runlog.h"
#include "analyze/read/scan.h"
#include "core/opslog.h"
#include "core/summary.h"
#include "tests/unit/check.h"

#define NA NAN

static char tmpdir[] = "/tmp/test_inclusion.XXXXXX";

/* A fixture: the fields that matter to the rule, the rest fixed. */
struct fixture {
	const char *name;
	const char *op;
	int summary; /* write a summary */
	double mib_s, obj_s;
	unsigned long long bytes;
	int exit_code, signal, timed_out;
	const char *cls, *first; /* errors.class, errors.first[0] (NULL: none) */
	/* expected */
	int included;
	const char *want_cls, *want_reason; /* reason: a substring */
};

static const struct fixture fixtures[] = {
	{"summary and wrapper timeout: counts", "put", 1, 100, 20, 1 << 30, 124, 15, 1, NULL, NULL,
	 1, "", ""},
	{"summary and non-zero exit: counts", "get", 1, 50, 10, 1 << 20, 1, 0, 0, "http-5xx",
	 "HTTP 503 SlowDown: reduce", 1, "", ""},
	{"no summary, class and first error", "put", 0, 0, 0, 0, -1, 9, 1, "timeout",
	 "PUT obj-1: request timed out", 0, "timeout",
	 "no final summary: PUT obj-1: request timed out"},
	{"no summary, prepare failed", "get", 0, 0, 0, 0, 3, 0, 0, "prepare-failed",
	 "prepare: HTTP 403 AccessDenied", 0, "prepare-failed", "prepare: HTTP 403"},
	{"no summary, no class, wrapper timeout", "get", 0, 0, 0, 0, -1, 9, 1, NULL, NULL, 0,
	 "timeout", "exceeded its time limit"},
	{"no summary, no class, signal", "get", 0, 0, 0, 0, -1, 11, 0, NULL, NULL, 0, "killed",
	 "signal 11"},
	{"no summary, nothing said", "get", 0, 0, 0, 0, 2, 0, 0, NULL, NULL, 0, "crashed",
	 "no final summary"},
	{"zero obj/s is not valid", "put", 1, 0, 0, 0, 0, 0, 0, NULL, NULL, 0, "invalid",
	 "obj_s = 0"},
	{"zero MiB/s with bytes moved is not valid", "put", 1, 0, 10, 4096, 0, 0, 0, NULL, NULL, 0,
	 "invalid", "mib_s = 0"},
	{"zero MiB/s, zero bytes (HEAD): counts", "head", 1, 0, 500, 0, 0, 0, 0, NULL, NULL, 1, "",
	 ""},
	{"reads = once ran out: a summary, yet excluded", "get", 1, 40, 10000, 1 << 20, 1, 0, 0,
	 "exhausted", "reads = once: the 30 objects prepared for the benchmark ran out", 0,
	 "exhausted", "measured a shorter run than asked: reads = once: the 30 objects"},
};

static json_t *summary_json(const struct fixture *f)
{
	struct run_summary s = {0};

	s.requests = s.objects = 100;
	s.bytes = f->bytes;
	s.start_ns = 1793491200LL * 1000000000LL;
	s.end_ns = s.start_ns + 10000000000LL;
	s.seconds = 6;
	s.mib_s = f->mib_s;
	s.obj_s = f->obj_s;
	s.latency = (struct lat_stats){10, 9, 15, 20, 5, 30, 3};
	s.has_ttfb = strcmp(f->op, "head") != 0;
	s.ttfb = (struct lat_stats){2, 2, 3, 4, 1, 6, 1};
	s.seg_count = 6;
	s.fastest = s.median = s.slowest = (struct seg_value){f->mib_s, f->obj_s};
	s.completion_s = 10;
	return summary_to_json(&s);
}

static json_t *run_json(const struct fixture *f)
{
	json_t *first = json_array();
	json_t *root;

	if (f->first)
		json_array_append_new(first, json_string(f->first));
	root = json_pack("{s:s, s:n, s:i, s:{s:s,s:s,s:s}, s:{s:s,s:I,s:i,s:n},"
			 " s:{s:s}, s:{s:i,s:i,s:b}, s:{s:i,s:o,s:o}, s:s}",
			 "format", "s3bench-run/1", "campaign", "cycle", 1, "subject", "id", "a",
			 "label", "Provider A", "color", "#123456", "workload", "op", f->op, "size",
			 (json_int_t)4096, "concurrency", 4, "objects", "phases", "benchmark",
			 f->summary ? "done" : "failed", "wrapper", "exit_code", f->exit_code,
			 "signal", f->signal, "timed_out", f->timed_out, "errors", "count",
			 f->first ? 1 : 0, "class", f->cls ? json_string(f->cls) : json_null(),
			 "first", first, "status", f->summary ? "complete" : "failed");
	if (f->summary)
		json_object_set_new(root, "summary", summary_json(f));
	return root;
}

static void write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
}

static void test_fixtures(void)
{
	char path[256];

	for (size_t i = 0; i < sizeof(fixtures) / sizeof(fixtures[0]); i++) {
		const struct fixture *f = &fixtures[i];
		json_t *j = run_json(f);
		struct runlog r;
		struct verdict v;
		struct err e = {{0}};

		snprintf(path, sizeof(path), "%s/run-%zu.json", tmpdir, i);
		CHECK(j != NULL && json_dump_file(j, path, 0) == 0, "%s: fixture written", f->name);
		json_decref(j);
		if (runlog_read(path, "runs/cycle-01/a/x", &r, &e) < 0) {
			CHECK(0, "%s: read: %s", f->name, e.msg);
			continue;
		}
		CHECK(r.has_summary == f->summary, "%s: has_summary", f->name);
		CHECK_STR(r.path, "runs/cycle-01/a/x", "%s: path kept", f->name);
		CHECK(r.cycle == 1 && r.concurrency == 4 && r.size == 4096, "%s: workload",
		      f->name);
		inclusion_decide(&r, &v);
		CHECK(v.included == f->included, "%s: included = %d", f->name, v.included);
		CHECK_STR(v.cls, f->want_cls, "%s: class", f->name);
		CHECK(strstr(v.reason, f->want_reason) != NULL, "%s: reason '%s' lacks '%s'",
		      f->name, v.reason, f->want_reason);
		if (!f->summary)
			CHECK(!v.included && r.summary.mib_s == 0 && r.summary.obj_s == 0,
			      "%s: no summary is excluded, never a zero that counts", f->name);
		runlog_clear(&r);
	}
}

/* Malformed run.json files: refused, the message names the file and the field. */
struct bad_case {
	const char *name;
	const char *text;
	const char *want; /* substring of the message besides the file name */
};

#define GOOD_HEAD "{\"format\": \"s3bench-run/1\", \"cycle\": 2, \"campaign\": null, "
#define GOOD_SUBJ "\"subject\": {\"id\": \"a\"}, "
#define GOOD_WL "\"workload\": {\"op\": \"put\", \"size\": 4096, \"concurrency\": 1}"

static const struct bad_case bad_cases[] = {
	{"bad JSON", "{\"format\": \"s3bench-run/1\",\n \"cycle\": }", "bad JSON"},
	{"bad JSON line number", "{\n\n\"format\": ,}", ":3:"},
	{"not an object", "[1, 2]", "not a JSON object"},
	{"unknown major version", "{\"format\": \"s3bench-run/2\", " GOOD_SUBJ GOOD_WL "}",
	 "unknown version"},
	{"not a run log", "{\"format\": \"s3bench-aggregate/1\"}", "field format"},
	{"no format", "{" GOOD_SUBJ GOOD_WL "}", "field format"},
	{"non-numeric size",
	 GOOD_HEAD GOOD_SUBJ "\"workload\": {\"op\": \"put\", \"size\": \"4KiB\", "
			     "\"concurrency\": 1}}",
	 "field workload.size"},
	{"non-numeric cycle",
	 "{\"format\": \"s3bench-run/1\", \"campaign\": null, \"cycle\": \"2\", " GOOD_SUBJ GOOD_WL
	 "}",
	 "field cycle"},
	{"missing concurrency", GOOD_HEAD GOOD_SUBJ "\"workload\": {\"op\": \"put\", \"size\": 1}}",
	 "field workload.concurrency"},
	{"missing subject", GOOD_HEAD GOOD_WL "}", "field subject"},
	{"missing campaign (null for a single run)",
	 "{\"format\": \"s3bench-run/1\", \"cycle\": 2, " GOOD_SUBJ GOOD_WL "}",
	 "field campaign: missing"},
	{"timed_out not a boolean",
	 GOOD_HEAD GOOD_SUBJ GOOD_WL ", \"wrapper\": {\"timed_out\": \"yes\"}}",
	 "field wrapper.timed_out"},
	{"non-numeric summary field",
	 GOOD_HEAD GOOD_SUBJ GOOD_WL
	 ", \"summary\": {\"requests\": 1, \"objects\": 1, "
	 "\"bytes\": 1, \"errors\": 0, \"start\": \"2026-11-01T00:00:00Z\", "
	 "\"end\": \"2026-11-01T00:00:01Z\", \"seconds\": 1, \"mib_s\": \"fast\"}}",
	 "summary.mib_s"},
};

static void test_malformed(void)
{
	char path[256];

	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *c = &bad_cases[i];
		struct runlog r;
		struct err e = {{0}};

		snprintf(path, sizeof(path), "%s/bad-%zu.json", tmpdir, i);
		write_text(path, c->text);
		CHECK(runlog_read(path, "runs/cycle-02/a/bad", &r, &e) < 0, "%s: refused", c->name);
		CHECK(strstr(e.msg, path) != NULL, "%s: message names the file: %s", c->name,
		      e.msg);
		CHECK(strstr(e.msg, c->want) != NULL, "%s: message '%s' lacks '%s'", c->name, e.msg,
		      c->want);
		CHECK(r.path == NULL && r.subject == NULL, "%s: nothing left allocated", c->name);
	}
	{
		struct runlog r;
		struct err e = {{0}};

		snprintf(path, sizeof(path), "%s/absent.json", tmpdir);
		CHECK(runlog_read(path, "x", &r, &e) < 0 && strstr(e.msg, path) != NULL,
		      "a missing file is named: %s", e.msg);
		snprintf(path, sizeof(path), "%s/minor.json", tmpdir);
		write_text(
			path,
			"{\"format\": \"s3bench-run/1.3\", \"campaign\": null, " GOOD_SUBJ GOOD_WL
			"}");
		CHECK(runlog_read(path, "x", &r, &e) == 0, "a newer minor version is read: %s",
		      e.msg);
		CHECK(r.cycle == 0 && !r.has_summary && r.objects == -1,
		      "absent cycle, summary and objects stay absent");
		runlog_clear(&r);
	}
}

struct policy_case {
	const char *name;
	enum policy p;
	size_t min;
	double want;
};

static void test_policies(void)
{
	static const double v[] = {10, 30, 20, 50, 40}; /* mean 30, median 30 */
	static const double w[] = {10, 12, 20, 30};     /* mean 18, median 16, best 30 */
	static const struct policy_case cases[] = {
		{"mean", POLICY_MEAN, 1, 18},          {"median", POLICY_MEDIAN, 1, 16},
		{"best", POLICY_BEST, 1, 30},          {"mean, n = min", POLICY_MEAN, 4, 18},
		{"mean, n < min", POLICY_MEAN, 5, NA}, {"best, n < min", POLICY_BEST, 9, NA},
	};
	struct stats st, none;
	enum policy p;

	stats_compute(w, 4, &st);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		double got = inclusion_policy_value(cases[i].p, &st, cases[i].min);

		CHECK(isnan(cases[i].want) ? isnan(got) : got == cases[i].want,
		      "policy %s: %g, want %g", cases[i].name, got, cases[i].want);
	}
	stats_compute(v, 5, &st);
	CHECK(inclusion_policy_value(POLICY_MEDIAN, &st, 1) == 30, "median of odd n");
	stats_compute(NULL, 0, &none);
	CHECK(isnan(inclusion_policy_value(POLICY_BEST, &none, 1)), "no runs: no value, never 0");
	CHECK(inclusion_policy_parse("median", &p) == 0 && p == POLICY_MEDIAN, "parse median");
	CHECK(inclusion_policy_parse("best", &p) == 0 && p == POLICY_BEST, "parse best");
	CHECK(inclusion_policy_parse("mean", &p) == 0 && p == POLICY_MEAN, "parse mean");
	CHECK(inclusion_policy_parse("max", &p) < 0 && inclusion_policy_parse("", &p) < 0,
	      "unknown policy refused");
	CHECK_STR(inclusion_policy_name(POLICY_BEST), "best", "policy name");
	CHECK(strstr(inclusion_rule_text(), "never counted as zero") != NULL,
	      "the rule text says failures are never zero");
}

static void mkpath(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, rel);
	for (char *q = path + strlen(tmpdir) + 1; *q; q++)
		if (*q == '/') {
			*q = '\0';
			mkdir(path, 0777);
			*q = '/';
		}
	mkdir(path, 0777);
}

static void put_file(const char *rel, const char *text)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", tmpdir, rel);
	write_text(path, text);
}

/* The DATA_DIR walk and the campaign facts (subject order, cycles). */
static void test_scan(void)
{
	static const char *const dirs[] = {
		"data/runs/cycle-10/b/put-4KiB-c1",   "data/runs/cycle-9/b/put-4KiB-c1",
		"data/runs/cycle-9/a/put-4KiB-c1",    "data/runs/once/a/list-4KiB-c1",
		"data/runs/cycle-09x/a/put-4KiB-c1",  "data/runs/cycle-9/a/get-4KiB-c1",
		"data/runs/cycle-9/.tmp/put-4KiB-c1",
	};
	static const char *const want[] = {
		"runs/cycle-9/a/put-4KiB-c1",
		"runs/cycle-9/b/put-4KiB-c1",
		"runs/cycle-10/b/put-4KiB-c1",
		"runs/once/a/list-4KiB-c1",
	};
	char data[512], file[600];
	struct scan_list l;
	struct scan_campaign c;
	struct err e = {{0}};

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		mkpath(dirs[i]);
		if (i != 5) { /* get-4KiB-c1: no run.json, an incomplete run */
			snprintf(file, sizeof(file), "%s/run.json", dirs[i]);
			put_file(file, "{}");
		}
	}
	snprintf(data, sizeof(data), "%s/data", tmpdir);
	CHECK(scan_runs(data, &l, &e) == 0, "scan: %s", e.msg);
	CHECK(l.n == 4, "scan: 4 complete runs (cycle-09x and hidden entries ignored): %zu", l.n);
	for (size_t i = 0; i < l.n && i < 4; i++) {
		CHECK_STR(l.v[i].rel, want[i], "scan: natural order, entry %zu", i);
		snprintf(file, sizeof(file), "%s/%s/run.json", data, want[i]);
		CHECK_STR(l.v[i].file, file, "scan: run.json path %zu", i);
	}
	CHECK(l.n_incomplete == 1 && !strcmp(l.incomplete[0], "runs/cycle-9/a/get-4KiB-c1"),
	      "scan: a run directory without run.json is incomplete");
	scan_list_clear(&l);
	snprintf(file, sizeof(file), "%s/nowhere", tmpdir);
	CHECK(scan_runs(file, &l, &e) < 0 && strstr(e.msg, "nowhere: No such file") != NULL &&
		      strstr(e.msg, "/runs") == NULL,
	      "scan: a DATA_DIR that does not exist is named, not DATA_DIR/runs: %s", e.msg);
	scan_list_clear(&l);
	CHECK(mkdir(file, 0755) == 0 && scan_runs(file, &l, &e) < 0 &&
		      strstr(e.msg, "nowhere: no runs/ in it: not a collect output directory"),
	      "scan: a DATA_DIR without runs/ says so: %s", e.msg);
	scan_list_clear(&l);

	/* Without campaign.ini: collect's plan.tsv ("# subjects:" line). */
	put_file("data/plan.tsv", "# format: s3bench-plan/1\n# subjects: zeta,alpha\n"
				  "n\tid\tcycle\tsubject\top\n1\tx\t1\tmid\tput\n");
	CHECK(scan_campaign(data, &c, &e) == 0 && c.n_subjects == 2 &&
		      !strcmp(c.subjects[0], "zeta") && !strcmp(c.subjects[1], "alpha") &&
		      !strcmp(c.subjects_from, "plan.tsv"),
	      "plan.tsv: the subjects comment line");
	scan_campaign_clear(&c);
	put_file("data/plan.tsv",
		 "# format: s3bench-plan/1\n"
		 "n\tid\tcycle\tsubject\top\n1\tx\t1\tmid\tput\n2\ty\t1\tfirst\tput\n"
		 "3\tz\t1\tmid\tget\n");
	CHECK(scan_campaign(data, &c, &e) == 0 && c.n_subjects == 2 &&
		      !strcmp(c.subjects[0], "mid") && !strcmp(c.subjects[1], "first"),
	      "plan.tsv: first appearance in the subject column");
	scan_campaign_clear(&c);

	/* campaign.ini wins. */
	put_file("data/campaign.ini",
		 "[campaign]\nname = t\ncycles = 7 ; repeated\n"
		 "order = random\n[matrix]\nops = put\n[subject  zz ]\nlabel = Z\n"
		 "[subject aa]\nlabel = A\n");
	CHECK(scan_campaign(data, &c, &e) == 0, "campaign.ini read: %s", e.msg);
	CHECK(c.cycles == 7 && c.order && !strcmp(c.order, "random"), "campaign cycles, order");
	CHECK(c.n_subjects == 2 && !strcmp(c.subjects[0], "zz") && !strcmp(c.subjects[1], "aa") &&
		      !strcmp(c.subjects_from, "campaign.ini"),
	      "campaign.ini subject section order");
	CHECK(c.n_subjects == 2 && !strcmp(c.labels[0], "Z") && !strcmp(c.labels[1], "A"),
	      "campaign.ini labels");
	CHECK(c.n_planned == 2 && !strcmp(c.planned[0], "mid") && !strcmp(c.planned[1], "first"),
	      "the plan's subjects are the planned ones (collect --only)");
	scan_campaign_clear(&c);
	snprintf(file, sizeof(file), "%s/data/plan.tsv", tmpdir);
	CHECK(remove(file) == 0, "remove %s", file);
	put_file("data/campaign.ini",
		 "[subject zz]\nlabel = Zeta,\n   continued\n[subject aa]\nbucket = b\n");
	CHECK(scan_campaign(data, &c, &e) == 0 && c.n_subjects == 2 &&
		      !strcmp(c.labels[0], "Zeta, continued") && c.labels[1] == NULL,
	      "a continued label joined; none given: NULL");
	CHECK(c.n_planned == 2 && !strcmp(c.planned[0], "zz") && !strcmp(c.planned[1], "aa"),
	      "without plan.tsv the campaign's subjects are planned");
	scan_campaign_clear(&c);
	put_file("data/campaign.ini", "[campaign\nname = t\n");
	CHECK(scan_campaign(data, &c, &e) < 0 && strstr(e.msg, "campaign.ini:1") != NULL,
	      "a broken campaign.ini is named with its line: %s", e.msg);
	scan_campaign_clear(&c);
}

/* reqlog_summary on a log written here, and runlog_compare against altered copies. */
static void test_recompute(void)
{
	char path[512];
	struct err e = {{0}};
	struct opslog_writer *w;
	struct run_summary s, t;
	char diff[512];
	const int64_t t0 = 1793491200LL * 1000000000LL;

	snprintf(path, sizeof(path), "%s/ops.tsv.zst", tmpdir);
	w = opslog_writer_open(path, &e);
	CHECK(w != NULL, "ops log opened: %s", e.msg);
	for (int i = 0; w != NULL && i < 40; i++) {
		struct op_row row = {
			.idx = (uint64_t)i,
			.thread = i % 2,
			.op = "GET",
			.client_id = "",
			.n_objects = 1,
			.bytes = 1048576,
			.endpoint = "",
			.file = "k",
			.error = i == 7 ? "HTTP 503 SlowDown: x" : "",
			.cat = "",
			.start_ns = t0 + (int64_t)(i / 2) * 500000000LL,
		};

		row.end_ns = row.start_ns + 400000000LL + i * 1000000LL;
		row.first_byte_ns = row.start_ns + 50000000LL;
		row.duration_ns = row.end_ns - row.start_ns;
		if (opslog_writer_add(w, &row, &e) < 0)
			CHECK(0, "row added: %s", e.msg);
	}
	CHECK(w != NULL && opslog_writer_close(w, &e) == 0, "ops log closed: %s", e.msg);
	CHECK(reqlog_summary(path, 0, 0, &s, &e) == 0, "recomputed: %s", e.msg);
	CHECK(s.requests == 40 && s.errors == 1 && s.bytes == 39ULL * 1048576 && s.has_ttfb,
	      "recomputed counts from the rows");
	t = s;
	CHECK(runlog_compare(&s, &t, diff, sizeof(diff)) == 0, "a summary agrees with itself");
	t.mib_s *= 1 + 1e-9;
	t.latency.p99 *= 1 - 1e-9;
	CHECK(runlog_compare(&s, &t, diff, sizeof(diff)) == 0,
	      "decimal rounding (1e-9 relative) is not a disagreement");
	{
		static const char *const want[] = {"requests",    "mib_s",
						   "obj_s",       "latency_ms.p99",
						   "ttfb_ms.avg", "segments.fastest.obj_s",
						   "start/end",   "completion_s"};

		for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
			t = s;
			switch (i) {
			case 0:
				t.requests++;
				break;
			case 1:
				t.mib_s *= 1.01;
				break;
			case 2:
				t.obj_s += 1;
				break;
			case 3:
				t.latency.p99 *= 1.001;
				break;
			case 4:
				t.ttfb.avg *= 0.99;
				break;
			case 5:
				t.fastest.obj_s += 0.5;
				t.seg_count = s.seg_count;
				break;
			case 6:
				t.start_ns += 1;
				break;
			default:
				t.completion_s += 0.01;
				break;
			}
			if (i == 5 && s.seg_count == 0) {
				CHECK_SKIP(1, "run too short for segments");
				continue;
			}
			CHECK(runlog_compare(&s, &t, diff, sizeof(diff)) == 1 &&
				      strncmp(diff, want[i], strlen(want[i])) == 0,
			      "a changed %s is named: '%s'", want[i], diff);
		}
	}
	t = s;
	t.lat_hist = hist_copy(s.lat_hist);
	CHECK(t.lat_hist != NULL && hist_record(t.lat_hist, 1000) == 0 &&
		      runlog_compare(&s, &t, diff, sizeof(diff)) == 1 &&
		      strncmp(diff, "latency_hist", 12) == 0,
	      "a changed histogram is named: '%s'", diff);
	hist_free(t.lat_hist);
	summary_clear(&s);
	snprintf(path, sizeof(path), "%s/absent.tsv.zst", tmpdir);
	CHECK(reqlog_summary(path, 0, 0, &s, &e) < 0 && strstr(e.msg, "absent.tsv.zst") != NULL,
	      "a missing ops log is named: %s", e.msg);
}

int main(void)
{
	char cmd[128];

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_fixtures();
	test_malformed();
	test_policies();
	test_scan();
	test_recompute();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return check_done();
}
