/* tests/unit/test_summary.c: the native run summary, against hand-computed values
 * (segments, trimming, split requests, percentiles, stddev with n-1, TTFB rules,
 * short runs, JSON round trip and rejection of bad JSON naming the field). */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "core/opslog.h"
#include "core/summary.h"

#define S 1000000000LL
#define MS 1000000LL
#define MIB 1048576ULL
#define T0 (1754429676LL * S) /* a whole Unix second */

struct req {
	double start_s, end_s; /* seconds after T0 */
	uint64_t bytes, objs;
	double fb_s, lb_s; /* first/last byte after T0, < 0 when absent */
	const char *error;
};

static int feed(struct summary_acc *a, const struct req *r, size_t n)
{
	struct err e;
	size_t i;

	for (i = 0; i < n; i++) {
		struct op_row row = {
			.idx = i,
			.op = "GET",
			.client_id = "",
			.endpoint = "",
			.file = "k",
			.error = r[i].error ? r[i].error : "",
			.cat = "",
			.n_objects = r[i].objs,
			.bytes = r[i].bytes,
			.start_ns = T0 + (int64_t)(r[i].start_s * 1e9 + 0.5),
			.end_ns = T0 + (int64_t)(r[i].end_s * 1e9 + 0.5),
			.first_byte_ns = r[i].fb_s >= 0 ? T0 + (int64_t)(r[i].fb_s * 1e9 + 0.5) : 0,
			.last_byte_ns = r[i].lb_s >= 0 ? T0 + (int64_t)(r[i].lb_s * 1e9 + 0.5) : 0,
		};

		row.duration_ns = row.end_ns - row.start_ns;
		if (summary_acc_add(a, &row, &e) < 0) {
			fprintf(stderr, "add: %s\n", e.msg);
			return -1;
		}
	}
	return 0;
}

/* Eight 0.5-s GETs, one per second, the one of second k moving k+1 MiB; a PUT from
 * 3.5 s to 5.5 s (2 MiB, 2 objects) split over seconds 3, 4, 5; an errored request. */
static const struct req run_a[] = {
	{0.25, 0.75, 1 * MIB, 1, 0.35, -1, NULL},
	{1.25, 1.75, 2 * MIB, 1, 1.35, -1, NULL},
	{2.25, 2.75, 3 * MIB, 1, 2.35, -1, NULL},
	{3.25, 3.75, 4 * MIB, 1, 3.35, -1, NULL},
	{4.25, 4.75, 5 * MIB, 1, 4.35, -1, NULL},
	{5.25, 5.75, 6 * MIB, 1, 5.35, -1, NULL},
	{6.25, 6.75, 7 * MIB, 1, 6.35, -1, NULL},
	{7.25, 7.75, 8 * MIB, 1, 7.35, -1, NULL},
	{3.5, 5.5, 2 * MIB, 2, 4.5, 5.45, NULL}, /* TTFB = end - last_byte = 50 ms */
	{4.1, 4.2, 100 * MIB, 1, 4.15, -1, "HTTP 503 SlowDown"},
};

static void test_run_a(struct run_summary *s)
{
	struct summary_acc *a = summary_acc_new();
	struct err e;
	char text[128];

	CHECK(a != NULL && feed(a, run_a, sizeof(run_a) / sizeof(run_a[0])) == 0, "feed A");
	CHECK(summary_acc_finish(a, s, &e) == 0, "finish A: %s", e.msg);
	summary_acc_free(a);
	CHECK(s->requests == 10 && s->errors == 1, "A: requests %llu errors %llu",
	      (unsigned long long)s->requests, (unsigned long long)s->errors);
	CHECK(s->bytes == 38 * MIB && s->objects == 10, "A: bytes/objects exclude the error");
	CHECK(s->start_ns == T0 + 250 * MS && s->end_ns == T0 + 7750 * MS, "A: start/end");
	CHECK_NUM(s->completion_s, 7.5, 1e-12, "A: completion");
	/* 8 buckets, kept seconds 2..5: 3, 4.5, 6, 6.5 MiB; 1, 1.5, 2, 1.5 objects */
	CHECK(s->seg_count == 4, "A: 4 kept segments, got %d", s->seg_count);
	CHECK_NUM(s->seconds, 4, 0, "A: seconds = kept segments");
	CHECK_NUM(s->mib_s, 5.0, 1e-9, "A: MiB/s");
	CHECK_NUM(s->obj_s, 1.5, 1e-9, "A: obj/s");
	CHECK_NUM(s->fastest.mib_s, 6.5, 1e-9, "A: fastest MiB/s");
	CHECK_NUM(s->fastest.obj_s, 1.5, 1e-9, "A: fastest obj/s");
	CHECK_NUM(s->slowest.mib_s, 3.0, 1e-9, "A: slowest MiB/s");
	CHECK_NUM(s->slowest.obj_s, 1.0, 1e-9, "A: slowest obj/s");
	CHECK_NUM(s->median.mib_s, 5.25, 1e-9, "A: median MiB/s (mean of the 2 middle)");
	CHECK_NUM(s->median.obj_s, 1.75, 1e-9, "A: median obj/s");
	/* numpy.std(numpy.log([3, 4.5, 6, 6.5]), ddof=1) */
	CHECK(s->has_log_sd, "A: log_sd known");
	CHECK_NUM(s->log_sd, 0.34965064646228755, 1e-12, "A: log-scale SD of the kept seconds");
	/* latency: 8 x 500 ms and 2000 ms */
	CHECK_NUM(s->latency.avg, 6000.0 / 9, 1e-6, "A: latency avg");
	CHECK_NUM(s->latency.p50, 500, 1e-6, "A: latency p50 (index 4)");
	CHECK_NUM(s->latency.p90, 2000, 1e-6, "A: latency p90 (index 8)");
	CHECK_NUM(s->latency.p99, 2000, 1e-6, "A: latency p99");
	CHECK_NUM(s->latency.min, 500, 1e-6, "A: latency min");
	CHECK_NUM(s->latency.max, 2000, 1e-6, "A: latency max");
	CHECK_NUM(s->latency.stddev, 500, 1e-6, "A: latency stddev (n-1)");
	/* TTFB: 8 x 100 ms (first_byte - start), 50 ms (end - last_byte) */
	CHECK(s->has_ttfb == 1, "A: has TTFB");
	CHECK_NUM(s->ttfb.avg, 850.0 / 9, 1e-6, "A: ttfb avg");
	CHECK_NUM(s->ttfb.min, 50, 1e-6, "A: ttfb min uses last_byte");
	CHECK_NUM(s->ttfb.max, 100, 1e-6, "A: ttfb max");
	CHECK_NUM(s->ttfb.p50, 100, 1e-6, "A: ttfb p50");
	CHECK_NUM(s->ttfb.stddev, 50.0 / 3, 1e-6, "A: ttfb stddev");
	CHECK_STR(summary_span_text(s, text, sizeof(text)),
		  "over 4 s kept of 7.5 s; first and last 2 s left out",
		  "A: what the average covers");
}

/* Runs of 4 buckets or fewer: whole-run averages, no segments. */
static void test_short(void)
{
	static const struct req run_b[] = {
		{0.5, 1.5, 1 * MIB, 1, -1, -1, NULL},
		{1.0, 3.0, 3 * MIB, 1, -1, -1, NULL},
	};
	struct summary_acc *a = summary_acc_new();
	struct run_summary s;
	struct err e;
	char text[128];

	CHECK(feed(a, run_b, 2) == 0 && summary_acc_finish(a, &s, &e) == 0, "finish B");
	summary_acc_free(a);
	CHECK(s.seg_count == 0, "B: no segments");
	CHECK_NUM(s.completion_s, 2.5, 1e-12, "B: completion");
	CHECK_NUM(s.seconds, 2.5, 1e-12, "B: seconds = completion");
	CHECK_NUM(s.mib_s, 1.6, 1e-12, "B: bytes / completion");
	CHECK_NUM(s.obj_s, 0.8, 1e-12, "B: objects / completion");
	CHECK(s.has_ttfb == 0 && s.ttfb_hist == NULL, "B: no TTFB without first/last byte");
	CHECK(s.lat_hist != NULL && hist_count(s.lat_hist) == 2, "B: 2 durations in the histogram");
	CHECK_STR(summary_span_text(&s, text, sizeof(text)),
		  "over the whole 2.5 s; too short to leave out the first and last 2 s",
		  "B: what the average covers");
	summary_clear(&s);
}

/* No bytes: segments sorted by obj/s; odd count: the middle one. */
static void test_objects_only(void)
{
	static const int counts[9] = {1, 1, 3, 1, 4, 2, 5, 1, 1};
	struct req r[32];
	size_t n = 0;
	int i, k;
	struct summary_acc *a = summary_acc_new();
	struct run_summary s;
	struct err e;

	for (i = 0; i < 9; i++)
		for (k = 0; k < counts[i]; k++)
			r[n++] = (struct req){i + 0.5, i + 0.5, 0, 1, -1, -1, NULL};
	CHECK(feed(a, r, n) == 0 && summary_acc_finish(a, &s, &e) == 0, "finish C");
	summary_acc_free(a);
	CHECK(s.seg_count == 5, "C: 5 segments, got %d", s.seg_count);
	CHECK_NUM(s.obj_s, 3, 1e-12, "C: obj/s");
	CHECK_NUM(s.mib_s, 0, 0, "C: MiB/s");
	CHECK_NUM(s.fastest.obj_s, 5, 0, "C: fastest by obj/s");
	CHECK_NUM(s.median.obj_s, 3, 0, "C: median by obj/s");
	CHECK_NUM(s.slowest.obj_s, 1, 0, "C: slowest by obj/s");
	/* numpy.std(numpy.log([3, 1, 4, 2, 5]), ddof=1): by obj/s */
	CHECK(s.has_log_sd, "C: log_sd known");
	CHECK_NUM(s.log_sd, 0.6355094387463041, 1e-12, "C: log-scale SD by obj/s");
	summary_clear(&s);
}

/* Percentiles: nearest rank, index ceil(n p) - 1. */
static const struct {
	int n;
	double p50, p90, p99, avg, sd;
} pct_cases[] = {
	{1, 1, 1, 1, 1, 0},
	{2, 1, 2, 2, 1.5, 0.70710678118654757},
	{10, 5, 9, 10, 5.5, 3.0276503540974917},
	{100, 50, 90, 99, 50.5, 29.011491975882016},
	{1000, 500, 900, 990, 500.5, 288.8194360957494},
};

static void test_percentiles(void)
{
	size_t c;

	for (c = 0; c < sizeof(pct_cases) / sizeof(pct_cases[0]); c++) {
		int n = pct_cases[c].n, i;
		struct req *r = calloc((size_t)n, sizeof(*r));
		struct summary_acc *a = summary_acc_new();
		struct run_summary s;
		struct err e;

		/* durations 1..n ms, in reverse order */
		for (i = 0; i < n; i++)
			r[i] = (struct req){1.0, 1.0 + (n - i) / 1000.0, 0, 1, -1, -1, NULL};
		CHECK(feed(a, r, (size_t)n) == 0 && summary_acc_finish(a, &s, &e) == 0, "n=%d", n);
		CHECK_NUM(s.latency.p50, pct_cases[c].p50, 1e-6, "n=%d p50", n);
		CHECK_NUM(s.latency.p90, pct_cases[c].p90, 1e-6, "n=%d p90", n);
		CHECK_NUM(s.latency.p99, pct_cases[c].p99, 1e-6, "n=%d p99", n);
		CHECK_NUM(s.latency.avg, pct_cases[c].avg, 1e-6, "n=%d avg", n);
		CHECK_NUM(s.latency.stddev, pct_cases[c].sd, 1e-6, "n=%d stddev", n);
		CHECK_NUM(s.latency.min, 1, 1e-6, "n=%d min", n);
		CHECK_NUM(s.latency.max, n, 1e-6, "n=%d max", n);
		summary_clear(&s);
		summary_acc_free(a);
		free(r);
	}
}

/* Rows that cannot belong to one run are refused with the request named. */
static void test_bad_rows(void)
{
	static const struct req backwards[] = {{2.0, 1.0, 10, 1, -1, -1, NULL}};
	static const struct req far[] = {
		{0.5, 0.6, 10, 1, -1, -1, NULL},
		{2e7, 2e7 + 1, 10, 1, -1, -1, NULL}, /* 231 days later */
	};
	struct summary_acc *a = summary_acc_new();
	struct err e;
	struct op_row row = {.idx = 7,
			     .op = "GET",
			     .client_id = "",
			     .endpoint = "",
			     .file = "k",
			     .error = "",
			     .cat = "",
			     .n_objects = 1,
			     .start_ns = INT64_MIN + 5,
			     .end_ns = INT64_MAX - 5};

	CHECK(feed(a, backwards, 1) == -1, "a request ending before it starts is refused");
	summary_acc_free(a);
	a = summary_acc_new();
	CHECK(feed(a, far, 2) == -1, "a request 231 days after the others is refused");
	CHECK(summary_acc_add(a, &row, &e) == -1 && strstr(e.msg, "request 7"),
	      "an absurd span is refused without overflow: %s", e.msg);
	summary_acc_free(a);
}

static void test_nothing(void)
{
	static const struct req bad[] = {{0.5, 0.6, 10, 1, -1, -1, "connect: refused"}};
	struct summary_acc *a = summary_acc_new();
	struct run_summary s;
	struct err e;

	CHECK(feed(a, bad, 1) == 0, "feed errored request");
	CHECK(summary_acc_finish(a, &s, &e) == -1 && strstr(e.msg, "no successful"),
	      "no successful request: %s", e.msg);
	summary_acc_free(a);
}

static int same(const struct run_summary *x, const struct run_summary *y)
{
	return x->requests == y->requests && x->objects == y->objects && x->bytes == y->bytes &&
	       x->errors == y->errors && x->start_ns == y->start_ns && x->end_ns == y->end_ns &&
	       x->seconds == y->seconds && x->mib_s == y->mib_s && x->obj_s == y->obj_s &&
	       memcmp(&x->latency, &y->latency, sizeof(x->latency)) == 0 &&
	       x->has_ttfb == y->has_ttfb &&
	       (!x->has_ttfb || memcmp(&x->ttfb, &y->ttfb, sizeof(x->ttfb)) == 0) &&
	       x->seg_count == y->seg_count && x->has_log_sd == y->has_log_sd &&
	       (!x->has_log_sd || x->log_sd == y->log_sd) &&
	       (!x->seg_count ||
		(x->fastest.mib_s == y->fastest.mib_s && x->median.obj_s == y->median.obj_s &&
		 x->slowest.mib_s == y->slowest.mib_s)) &&
	       x->completion_s == y->completion_s;
}

/* Mutations of a good summary JSON, and the field each error must name. */
static const struct {
	const char *path;  /* dotted path of the field to change */
	const char *value; /* JSON text to put there; NULL = delete it */
	const char *want;
} bad_json[] = {
	{"requests", NULL, "summary.requests"},
	{"bytes", "-1", "summary.bytes"},
	{"errors", "1.5", "summary.errors"},
	{"start", "\"yesterday\"", "summary.start"},
	{"end", "42", "summary.end"},
	{"mib_s", "\"fast\"", "summary.mib_s"},
	{"latency_ms.p90", "\"x\"", "summary.latency_ms.p90"},
	{"latency_ms", "[]", "summary.latency_ms"},
	{"ttfb_ms.stddev", NULL, "summary.ttfb_ms.stddev"},
	{"segments.count", "-1", "summary.segments.count"},
	{"segments.median", "null", "summary.segments.median"},
	{"segments.log_sd", "-1", "summary.segments.log_sd"},
	{"segments.log_sd", "\"x\"", "summary.segments.log_sd"},
	{"segments", NULL, "summary.segments"},
	{"completion_s", "true", "summary.completion_s"},
};

static void test_json(const struct run_summary *s)
{
	json_t *j = summary_to_json(s), *v;
	struct run_summary back;
	struct err e;
	size_t i;
	char *text;

	CHECK(j != NULL, "to_json");
	if (j == NULL)
		return;
	CHECK(summary_from_json(j, &back, &e) == 0, "from_json: %s", e.msg);
	CHECK(same(s, &back), "JSON round trip keeps every value");
	summary_clear(&back);
	text = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
	CHECK(text && strstr(text, "\"start\":\"2025-08-05T21:34:36.25Z\""), "start text");
	CHECK(text && strstr(text, "\"segments\":{\"count\":4,\"fastest\":{\"mib_s\":6.5"),
	      "segments shape");
	free(text);
	for (i = 0; i < sizeof(bad_json) / sizeof(bad_json[0]); i++) {
		json_t *c = json_deep_copy(j), *parent = c;
		char key[64], *dot;

		snprintf(key, sizeof(key), "%s", bad_json[i].path);
		dot = strchr(key, '.');
		if (dot) {
			*dot = '\0';
			parent = json_object_get(c, key);
			memmove(key, dot + 1, strlen(dot + 1) + 1);
		}
		if (bad_json[i].value) {
			v = json_loads(bad_json[i].value, JSON_DECODE_ANY, NULL);
			json_object_set_new(parent, key, v);
		} else {
			json_object_del(parent, key);
		}
		e.msg[0] = '\0';
		CHECK(summary_from_json(c, &back, &e) == -1 && strstr(e.msg, bad_json[i].want),
		      "bad %s: message '%s'", bad_json[i].path, e.msg);
		json_decref(c);
	}
	json_decref(j);

	/* a short run: segments all null, ttfb null */
	{
		struct run_summary t = *s;

		t.seg_count = 0;
		t.has_ttfb = 0;
		j = summary_to_json(&t);
		CHECK(json_is_null(json_object_get(j, "ttfb_ms")), "ttfb null");
		v = json_object_get(j, "segments");
		CHECK(json_is_null(json_object_get(v, "fastest")) &&
			      json_is_null(json_object_get(v, "median")) &&
			      json_is_null(json_object_get(v, "slowest")),
		      "segments null when count 0");
		CHECK(summary_from_json(j, &back, &e) == 0 && back.seg_count == 0 &&
			      back.has_ttfb == 0 && back.ttfb_hist == NULL,
		      "short run round trip: %s", e.msg);
		CHECK(json_object_get(j, "ttfb_hist") == NULL, "no ttfb_hist without ttfb_ms");
		summary_clear(&back);
		json_object_set_new(j, "ttfb_hist", hist_to_json(s->ttfb_hist));
		CHECK(summary_from_json(j, &back, &e) == -1 && strstr(e.msg, "summary.ttfb_hist"),
		      "ttfb_hist without ttfb_ms rejected: %s", e.msg);
		json_decref(j);
	}
	CHECK(summary_from_json(NULL, &back, &e) == -1, "NULL rejected");
}

static int count_row(const struct op_row *row, void *arg)
{
	return summary_acc_add(arg, row, NULL) < 0;
}

/* get_row: row i of a GET run of 1-s spaced 10-ms requests of key "k", error ("" for a
 * success) and bytes moved; the caller sets what its test is about. */
static struct op_row get_row(int64_t i, const char *error, uint64_t bytes)
{
	return (struct op_row){.op = "GET",
			       .client_id = "",
			       .endpoint = "",
			       .file = "k",
			       .error = error,
			       .cat = "",
			       .n_objects = 1,
			       .bytes = bytes,
			       .start_ns = T0 + i * S,
			       .end_ns = T0 + i * S + 10 * MS,
			       .duration_ns = 10 * MS};
}

/* test_checksums: a run that verifies GET checksums: its rows' checksum column written
 * and read back (core/opslog), counted as verified and absent (a failed GET in neither),
 * round-tripped through run.json's form, and a count above the requests refused. */
static void test_checksums(void)
{
	static const int ck[] = {OPS_CK_VERIFIED, OPS_CK_VERIFIED, OPS_CK_ABSENT, OPS_CK_VERIFIED,
				 OPS_CK_NONE};
	char path[] = "/tmp/test_summary_ck.XXXXXX", file[64];
	struct opslog_writer *w;
	struct summary_acc *a = summary_acc_new();
	struct run_summary s, back;
	struct err e = {{0}};
	json_t *j;

	if (mkdtemp(path) == NULL || a == NULL) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(file, sizeof(file), "%s/ops.tsv.zst", path);
	w = opslog_writer_open_opts(file, &(struct opslog_writer_opts){.checksums = 1}, &e);
	for (int i = 0; w != NULL && i < 5; i++) {
		struct op_row row = get_row(i, ck[i] == OPS_CK_NONE ? "checksum: mismatch" : "",
					    4096);

		row.checksum = ck[i];
		CHECK(opslog_writer_add(w, &row, &e) == 0, "row %d written: %s", i, e.msg);
	}
	CHECK(w != NULL && opslog_writer_close(w, &e) == 0, "ops log closed: %s", e.msg);
	CHECK(opslog_read(file, count_row, a, &e) == 0, "ops log read back: %s", e.msg);
	CHECK(summary_acc_finish(a, &s, &e) == 0, "finish: %s", e.msg);
	CHECK(s.has_checksums && s.checksums_verified == 3 && s.checksums_absent == 1 &&
		      s.requests == 5 && s.errors == 1,
	      "3 verified, 1 absent, the failed GET in neither (%llu, %llu)",
	      (unsigned long long)s.checksums_verified, (unsigned long long)s.checksums_absent);
	j = summary_to_json(&s);
	CHECK(j != NULL && summary_from_json(j, &back, &e) == 0 && back.has_checksums &&
		      back.checksums_verified == 3 && back.checksums_absent == 1,
	      "checksums_verified and checksums_absent round-trip: %s", e.msg);
	summary_clear(&back);
	json_object_set_new(j, "checksums_absent", json_integer(5));
	CHECK(summary_from_json(j, &back, &e) == -1 &&
		      strstr(e.msg, "checksums_verified and "
				    "checksums_absent add up") != NULL,
	      "more checksums than requests refused: %s", e.msg);
	json_decref(j);
	summary_clear(&s);
	summary_acc_free(a);
	unlink(file);
	rmdir(path);
}

/* test_attempts: throttled attempts counted over every row (retried ones too), the
 * requests whose first attempt was throttled, round-tripped, derived from a run.json
 * written before they were counted, and bad values refused naming the member. */
static void test_attempts(void)
{
	/* five requests: A 503, 503, ok; B ok; C 500, 503, 503 (failed); D 429, ok; E 503
	 * (failed at its only attempt) */
	static const struct {
		int attempt, retried;
		const char *error;
	} rows[] = {
		{1, 1, "HTTP 503 SlowDown: x"},
		{2, 1, "HTTP 503 SlowDown: x"},
		{3, 0, ""},
		{1, 0, ""},
		{1, 1, "HTTP 500 InternalError"},
		{2, 1, "HTTP 503 x"},
		{3, 0, "HTTP 503 SlowDown: x"},
		{1, 1, "HTTP 429 TooManyRequests"},
		{2, 0, ""},
		{1, 0, "HTTP 503 SlowDown: x"},
	};
	struct summary_acc *a = summary_acc_new();
	struct run_summary s, back;
	struct err e = {{0}};
	json_t *j, *c;

	for (size_t i = 0; a != NULL && i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct op_row row = get_row((int64_t)i, rows[i].error, rows[i].error[0] ? 0 : 4096);

		row.attempt = rows[i].attempt;
		row.retried = rows[i].retried;

		CHECK(summary_acc_add(a, &row, &e) == 0, "row %zu: %s", i, e.msg);
	}
	CHECK(a != NULL && summary_acc_finish(a, &s, &e) == 0, "finish: %s", e.msg);
	CHECK(s.requests == 5 && s.errors == 2 && errstat_throttled(&s.errs) == 2,
	      "5 requests, 2 failed, both 503 (%llu, %llu)", (unsigned long long)s.requests,
	      (unsigned long long)s.errors);
	CHECK(s.has_attempt_counts && s.attempts == 10 && s.throttled_attempts == 6 &&
		      s.throttled_first_attempts == 3,
	      "10 attempts, 6 throttled, 3 requests throttled at their first (%llu, %llu, %llu)",
	      (unsigned long long)s.attempts, (unsigned long long)s.throttled_attempts,
	      (unsigned long long)s.throttled_first_attempts);
	j = summary_to_json(&s);
	CHECK(j != NULL && summary_from_json(j, &back, &e) == 0 && back.has_attempt_counts &&
		      back.attempts == 10 && back.throttled_attempts == 6 &&
		      back.throttled_first_attempts == 3,
	      "attempts round-trip: %s", e.msg);
	summary_clear(&back);
	/* written before they were counted: attempts and throttled attempts derived */
	c = json_deep_copy(j);
	json_object_del(c, "attempts");
	json_object_del(c, "throttled_attempts");
	json_object_del(c, "throttled_first_attempts");
	CHECK(summary_from_json(c, &back, &e) == 0 && !back.has_attempt_counts &&
		      back.attempts == 10 && back.throttled_attempts == 6,
	      "an older run.json: attempts derived from retries and errors_by (%llu, %llu): %s",
	      (unsigned long long)back.attempts, (unsigned long long)back.throttled_attempts,
	      e.msg);
	summary_clear(&back);
	json_decref(c);
	{
		static const struct {
			const char *key, *value, *want;
		} bad[] = {
			{"throttled_attempts", "\"6\"", "summary.throttled_attempts: missing"},
			{"attempts", "4", "summary.attempts: 4, fewer than the 5 requests"},
			{"throttled_attempts", "11", "more than the attempts"},
			{"throttled_first_attempts", "6", "more than the attempts or requests"},
			{"throttled_first_attempts", NULL,
			 "summary.throttled_first_attempts: missing"},
		};

		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			c = json_deep_copy(j);
			if (bad[i].value != NULL)
				json_object_set_new(
					c, bad[i].key,
					json_loads(bad[i].value, JSON_DECODE_ANY, NULL));
			else
				json_object_del(c, bad[i].key);
			e.msg[0] = '\0';
			CHECK(summary_from_json(c, &back, &e) == -1 && strstr(e.msg, bad[i].want),
			      "bad %s %s refused: %s", bad[i].key,
			      bad[i].value ? bad[i].value : "(none)", e.msg);
			json_decref(c);
		}
	}
	json_decref(j);
	summary_clear(&s);
	summary_acc_free(a);
}

/* test_hedged_attempts: a hedged run (no retries: collect refuses both) counts its lost
 * attempts, cancelled unanswered, neither as requests nor as attempts: A answered at once;
 * B's original answered 503 first and its duplicate was cancelled; C's duplicate answered
 * and its original was cancelled. 3 requests, 3 attempts, 1 throttled, 2 lost. */
static void test_hedged_attempts(void)
{
	static const struct {
		int hedge;
		const char *error;
	} rows[] = {
		{OPS_HEDGE_NONE, ""},
		{OPS_HEDGE_LOST, "cancelled: the other attempt answered first"},
		{OPS_HEDGE_ORIG, "HTTP 503 SlowDown: x"},
		{OPS_HEDGE_LOST, "cancelled: the other attempt answered first"},
		{OPS_HEDGE_DUP, ""},
	};
	struct summary_acc *a = summary_acc_new();
	struct run_summary s;
	struct err e = {{0}};

	for (size_t i = 0; a != NULL && i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct op_row row = get_row((int64_t)i, rows[i].error, rows[i].error[0] ? 0 : 4096);

		row.hedge = rows[i].hedge;

		CHECK(summary_acc_add(a, &row, &e) == 0, "row %zu: %s", i, e.msg);
	}
	CHECK(a != NULL && summary_acc_finish(a, &s, &e) == 0, "finish: %s", e.msg);
	CHECK(s.requests == 3 && s.has_hedge && s.hedge.lost == 2,
	      "hedged: 3 requests, 2 lost (%llu, %llu)", (unsigned long long)s.requests,
	      (unsigned long long)s.hedge.lost);
	CHECK(s.attempts == 3 && s.throttled_attempts == 1 && s.throttled_first_attempts == 1,
	      "hedged: the lost attempts are no attempts: 3 attempts, 1 throttled (%llu, %llu, "
	      "%llu)",
	      (unsigned long long)s.attempts, (unsigned long long)s.throttled_attempts,
	      (unsigned long long)s.throttled_first_attempts);
	summary_clear(&s);
	summary_acc_free(a);
}

/* Conditional writes: a 412 PreconditionFailed or 409 ConditionalRequestConflict row is a
 * conflict, neither a success nor an error (another 409 is an error); run.json carries
 * "conflicts" and reads it back; a histogram that counts the conflicts is refused. */
static void test_conflicts(void)
{
	static const struct req rows[] = {
		{0.1, 0.2, 100, 1, 0.15, -1, NULL},
		{0.1, 0.3, 0, 1, 0.25, -1, "HTTP 412 PreconditionFailed: At least one"},
		{0.2, 0.3, 0, 1, 0.25, -1, "HTTP 409 ConditionalRequestConflict"},
		{0.3, 0.4, 0, 1, 0.35, -1, "HTTP 409 BucketAlreadyExists: racing creators"},
		{0.4, 0.5, 100, 1, 0.45, -1, NULL},
	};
	struct summary_acc *acc = summary_acc_new();
	struct run_summary s, back;
	struct err e;
	json_t *j = NULL;

	CHECK(acc != NULL && feed(acc, rows, 5) == 0 && summary_acc_finish(acc, &s, &e) == 0,
	      "conflicts: summary");
	CHECK(s.requests == 5 && s.errors == 1 && s.conflicts == 2 && s.objects == 2 &&
		      hist_count(s.lat_hist) == 2,
	      "conflicts: 5 requests = 2 successes + 1 error + 2 conflicts (%llu errors, %llu "
	      "conflicts)",
	      (unsigned long long)s.errors, (unsigned long long)s.conflicts);
	j = summary_to_json(&s);
	CHECK(j != NULL && json_integer_value(json_object_get(j, "conflicts")) == 2,
	      "conflicts: in run.json");
	CHECK(j != NULL && summary_from_json(j, &back, &e) == 0 && back.conflicts == 2,
	      "conflicts: read back: %s", e.msg);
	summary_clear(&back);
	json_object_set_new(j, "conflicts", json_integer(0));
	CHECK(summary_from_json(j, &back, &e) == -1 && strstr(e.msg, "latency_hist.count"),
	      "conflicts: a histogram of 2 successes with 0 conflicts refused: %s", e.msg);
	json_object_set_new(j, "conflicts", json_integer(5));
	CHECK(summary_from_json(j, &back, &e) == -1 && strstr(e.msg, "add up to more"),
	      "conflicts: more than the requests refused: %s", e.msg);
	json_decref(j);
	summary_clear(&s);
	summary_acc_free(acc);
}

int main(void)
{
	struct run_summary a;

	test_run_a(&a);
	test_short();
	test_objects_only();
	test_percentiles();
	test_nothing();
	test_bad_rows();
	test_json(&a);
	test_checksums();
	test_attempts();
	test_hedged_attempts();
	test_conflicts();
	summary_clear(&a);
	return check_done();
}
