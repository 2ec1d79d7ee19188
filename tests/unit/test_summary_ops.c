/* tests/unit/test_summary_ops.c: the workload parts of core: the `intended` column of a
 * rate run's ops log (written only when asked, read back, empty = 0, a quoted line
 * too), the per-op figures of a mixed run and the open-loop figures of a rate run
 * against hand-computed values, their run.json round trip and the fields a bad
 * document is rejected by. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "core/opslog.h"
#include "core/summary.h"
#include "core/zio.h"

#define S 1000000000LL
#define MS 1000000LL
#define MIB 1048576ULL
#define T0 (1754429676LL * S) /* a whole Unix second */

static char dir[64];

struct got {
	int n;
	int64_t intended[8];
	char op[8][16];
};

static int on_row(const struct op_row *row, void *arg)
{
	struct got *g = arg;

	if (g->n < 8) {
		g->intended[g->n] = row->intended_ns;
		snprintf(g->op[g->n], sizeof(g->op[0]), "%s", row->op);
	}
	g->n++;
	return 0;
}

/* write: three rows, the second without an intended start, with or without the
 * column; returns the file's text. */
static char *write_log(const char *path, int intended)
{
	struct opslog_writer_opts o = {.intended = intended};
	struct opslog_writer *w = opslog_writer_open_opts(path, &o, NULL);
	char *raw = NULL;
	size_t n;

	CHECK(w != NULL, "open %s", path);
	if (w == NULL)
		return NULL;
	for (int i = 0; i < 3; i++) {
		struct op_row r = {
			.op = i == 2 ? "GET" : "PUT",
			.client_id = "c",
			.n_objects = 1,
			.file = "k",
			.error = i == 2 ? "say \"no\"" : "",
			.cat = "",
			.start_ns = T0 + i * 100 * MS,
			.end_ns = T0 + i * 100 * MS + 5 * MS,
			.duration_ns = 5 * MS,
			.intended_ns = i == 1 ? 0 : T0 + i * 100 * MS - 250,
		};

		CHECK(opslog_writer_add(w, &r, NULL) == 0, "add row %d", i);
	}
	CHECK(opslog_writer_close(w, NULL) == 0, "close %s", path);
	CHECK(zio_read_all(path, 1 << 16, &raw, &n, NULL) == 0, "read raw %s", path);
	return raw;
}

static void test_column(void)
{
	char path[128];
	struct got g = {0};
	struct err e;
	char *raw;

	snprintf(path, sizeof(path), "%s/rate.tsv.zst", dir);
	raw = write_log(path, 1);
	CHECK(raw && strstr(raw, "\tcat\tintended\n") != NULL, "header ends with intended");
	CHECK(raw && strstr(raw, "\t0\t2025-08-05T21:34:35.99999975Z\n") != NULL,
	      "row 0: intended after cat");
	CHECK(raw && strstr(raw, "\t0\t\n") != NULL, "row 1: empty intended");
	free(raw);
	CHECK(opslog_read(path, on_row, &g, &e) == 0, "read: %s", e.msg);
	CHECK(g.n == 3, "3 rows, got %d", g.n);
	CHECK(g.intended[0] == T0 - 250 && g.intended[1] == 0 &&
		      g.intended[2] == T0 + 200 * MS - 250,
	      "intended read back (fast and csv paths)");
	CHECK_STR(g.op[2], "GET", "quoted row's op");

	snprintf(path, sizeof(path), "%s/closed.tsv.zst", dir);
	raw = write_log(path, 0);
	CHECK(raw && strstr(raw, "intended") == NULL && strstr(raw, "\tcat\n") != NULL,
	      "a closed-loop file has no intended column");
	free(raw);
	memset(&g, 0, sizeof(g));
	CHECK(opslog_read(path, on_row, &g, &e) == 0 && g.n == 3 && g.intended[0] == 0,
	      "no column: intended 0");
	unlink(path);
	snprintf(path, sizeof(path), "%s/rate.tsv.zst", dir);
	unlink(path);
}

struct req {
	const char *op;
	double start_s, end_s, intended_s; /* after T0; intended < 0: none */
	uint64_t bytes;
	double fb_s, lb_s; /* < 0: none */
	const char *error;
};

static int64_t at(double s)
{
	return T0 + (int64_t)(s * 1e9 + (s < 0 ? -0.5 : 0.5));
}

static int feed(struct summary_acc *a, const struct req *r, size_t n, struct err *e)
{
	for (size_t i = 0; i < n; i++) {
		struct op_row row = {
			.idx = i,
			.op = r[i].op,
			.client_id = "",
			.endpoint = "",
			.file = "k",
			.error = r[i].error ? r[i].error : "",
			.cat = "",
			.n_objects = 1,
			.bytes = r[i].bytes,
			.start_ns = at(r[i].start_s),
			.end_ns = at(r[i].end_s),
			.first_byte_ns = r[i].fb_s >= 0 ? at(r[i].fb_s) : 0,
			.last_byte_ns = r[i].lb_s >= 0 ? at(r[i].lb_s) : 0,
			.intended_ns = r[i].intended_s >= 0 ? at(r[i].intended_s) : 0,
		};

		row.duration_ns = row.end_ns - row.start_ns;
		if (summary_acc_add(a, &row, e) < 0)
			return -1;
	}
	return 0;
}

/* A mixed run of 8 s: in second k a GET [k+0.1, k+0.2+0.01k) of 1 MiB (TTFB 50 ms) and
 * a PUT [k+0.5, k+0.6) of 2 MiB (TTFB = end - last byte = 5 ms); STATs at 2.7 (10 ms)
 * and 4.7 (40 ms); a DELETE that failed. Kept seconds 2..5. */
static size_t mixed_rows(struct req *r)
{
	size_t n = 0;

	for (int k = 0; k < 8; k++) {
		r[n++] = (struct req){"GET", k + 0.1, k + 0.2 + 0.01 * k, -1, MIB, k + 0.15,
				      -1,    NULL};
		r[n++] = (struct req){"PUT", k + 0.5, k + 0.6, -1, 2 * MIB, -1, k + 0.595, NULL};
	}
	r[n++] = (struct req){"STAT", 2.7, 2.71, -1, 0, -1, -1, NULL};
	r[n++] = (struct req){"STAT", 4.7, 4.74, -1, 0, -1, -1, NULL};
	r[n++] = (struct req){"DELETE", 3.8, 3.9, -1, 0, -1, -1, "HTTP 500"};
	return n;
}

static void test_mixed(struct run_summary *s)
{
	struct req r[32];
	size_t n = mixed_rows(r);
	struct summary_acc *a = summary_acc_new();
	const struct op_summary *del, *get, *put, *stat;
	struct err e;

	CHECK(feed(a, r, n, &e) == 0 && summary_acc_finish(a, s, &e) == 0, "mixed: %s", e.msg);
	summary_acc_free(a);
	CHECK(s->requests == 19 && s->errors == 1 && s->seg_count == 4, "mixed run totals");
	CHECK_NUM(s->mib_s, 3.0, 1e-9, "run MiB/s = GET 1 + PUT 2");
	CHECK_NUM(s->obj_s, 2.5, 1e-9, "run obj/s = 1 + 1 + 0.5");
	CHECK(s->n_by_op == 4, "4 ops, got %d", s->n_by_op);
	if (s->n_by_op != 4)
		return;
	del = &s->by_op[0], get = &s->by_op[1], put = &s->by_op[2], stat = &s->by_op[3];
	CHECK_STR(del->op, "DELETE", "sorted by name");
	CHECK_STR(stat->op, "STAT", "sorted by name");
	CHECK(get->requests == 8 && get->bytes == 8 * MIB && get->errors == 0, "GET counts");
	CHECK_NUM(get->share, 8.0 / 19, 1e-12, "GET share");
	CHECK_NUM(get->mib_s, 1.0, 1e-9, "GET MiB/s over kept seconds");
	CHECK_NUM(get->obj_s, 1.0, 1e-9, "GET obj/s");
	/* GET durations 100, 110, ..., 170 ms */
	CHECK_NUM(get->latency.avg, 135, 1e-6, "GET avg");
	CHECK_NUM(get->latency.p50, 130, 1e-6, "GET p50 (rank 4 of 8)");
	CHECK_NUM(get->latency.p90, 170, 1e-6, "GET p90 (rank 8)");
	CHECK_NUM(get->latency.min, 100, 1e-6, "GET min");
	CHECK(get->has_ttfb, "GET TTFB");
	CHECK_NUM(get->ttfb.p99, 50, 1e-6, "GET TTFB 50 ms");
	CHECK_NUM(put->mib_s, 2.0, 1e-9, "PUT MiB/s");
	CHECK_NUM(put->latency.p99, 100, 1e-6, "PUT 100 ms");
	CHECK_NUM(put->ttfb.avg, 5, 1e-6, "PUT TTFB end - last byte");
	CHECK_NUM(stat->share, 2.0 / 19, 1e-12, "STAT share");
	CHECK_NUM(stat->obj_s, 0.5, 1e-9, "STAT obj/s");
	CHECK_NUM(stat->mib_s, 0, 0, "STAT moves no bytes");
	CHECK_NUM(stat->latency.avg, 25, 1e-6, "STAT avg of 10 and 40");
	CHECK_NUM(stat->latency.p50, 10, 1e-6, "STAT p50");
	CHECK_NUM(stat->latency.stddev, 21.213203435596, 1e-6, "STAT sample stddev");
	CHECK(!stat->has_ttfb, "STAT no TTFB");
	/* per-op histograms: every successful request of the op, percentiles as the rows' */
	CHECK(get->lat_hist && hist_count(get->lat_hist) == 8 && put->lat_hist &&
		      hist_count(put->lat_hist) == 8 && stat->lat_hist &&
		      hist_count(stat->lat_hist) == 2 && del->lat_hist &&
		      hist_count(del->lat_hist) == 0,
	      "by_op histograms count the op's successes");
	CHECK(get->lat_hist &&
		      fabs(hist_percentile(get->lat_hist, 0.5) / 1e6 - 130) <= 130.0 / 256 &&
		      fabs(hist_percentile(get->lat_hist, 0.99) / 1e6 - get->latency.p99) <=
			      get->latency.p99 / 256 &&
		      hist_max(get->lat_hist) / 1e6 == get->latency.max &&
		      hist_min(get->lat_hist) / 1e6 == get->latency.min,
	      "GET histogram: p50 130, p99 170 ms as the rows");
	CHECK(stat->lat_hist && hist_percentile(stat->lat_hist, 0.5) / 1e6 == 10 &&
		      hist_percentile(stat->lat_hist, 0.99) / 1e6 == 40,
	      "STAT histogram: p50 10, p99 40 ms");
	CHECK(del->requests == 1 && del->errors == 1, "DELETE failed");
	CHECK_NUM(del->share, 1.0 / 19, 1e-12, "DELETE share counts the error");
	CHECK(s->has_rate == 0, "no rate block without summary_acc_rate");
}

/* A rate run at 10/s for 8 s: request i intended at 0.1 i, 10 ms, sent on time, but
 * request 30 (3.0 s) takes 1 s and 31..39 (3.1 .. 3.9) wait for it: sent at 4.0. */
static size_t rate_rows(struct req *r)
{
	size_t n = 0;

	for (int i = 0; i < 80; i++) {
		double in = i * 0.1, st = i >= 31 && i <= 39 ? 4.0 : in;
		double en = i == 30 ? 4.0 : st + 0.01;

		r[n++] = (struct req){"GET", st, en, in, 4096, st + 0.005, -1, NULL};
	}
	return n;
}

/* the on-time rule: 200 rows at 10/s over 20 s, tolerance 10 ms; `late` of them
 * (rows 6, 7, ...) 10.1 ms late, row 5 9.9 ms late (on time); sustained when every slot
 * of the span is sent and >= 99 %% (198) on time */
static int rule_case(int late, double span, uint64_t *on_time, struct err *e)
{
	static struct req r[200];
	struct summary_acc *a = summary_acc_new();
	struct run_summary t;
	int sus = -1;

	for (int i = 0; i < 200; i++) {
		double in = i * 0.1, st = in + (i == 5                   ? 0.0099
						: i >= 6 && i < 6 + late ? 0.0101
									 : 0);

		r[i] = (struct req){"GET", st, st + 0.002, in, 4096, st + 0.001, -1, NULL};
	}
	memset(&t, 0, sizeof(t));
	if (feed(a, r, 200, e) == 0 && summary_acc_finish(a, &t, e) == 0 &&
	    summary_acc_rate(a, 10, span, &t, e) == 0) {
		sus = t.rate.sustained;
		*on_time = t.rate.on_time;
	}
	summary_clear(&t);
	summary_acc_free(a);
	return sus;
}

static void test_rate_rule(void)
{
	uint64_t on = 0;
	struct err e = {{0}};

	CHECK(rule_case(2, 20, &on, &e) == 1 && on == 198, "2 late of 200: sustained (%llu)",
	      (unsigned long long)on);
	CHECK(rule_case(3, 20, &on, &e) == 0 && on == 197, "3 late of 200: not sustained (%llu)",
	      (unsigned long long)on);
	CHECK(rule_case(0, 20.05, &on, &e) == 0 && on == 200,
	      "201 slots in 20.05 s, 200 sent: not sustained");
	CHECK(rule_case(0, 20, &on, &e) == 1, "all on time: sustained %s", e.msg);
	CHECK(summary_rate_slots(10, 8) == 80 && summary_rate_slots(3, 1) == 3 &&
		      summary_rate_slots(0.5, 10) == 5 && summary_rate_slots(0.5, 10.1) == 6 &&
		      summary_rate_slots(100000, 10) == 1000000,
	      "slots in a span");
	CHECK(summary_rate_tolerance_ns(100) == 1000000 &&
		      summary_rate_tolerance_ns(10) == 10000000 &&
		      summary_rate_tolerance_ns(5000) == 1000000,
	      "tolerance max(1 ms, 10 %% of the interval)");
}

static void test_rate(struct run_summary *s)
{
	struct req r[80];
	size_t n = rate_rows(r);
	struct summary_acc *a = summary_acc_new();
	struct run_summary t;
	struct err e;

	CHECK(feed(a, r, n, &e) == 0 && summary_acc_finish(a, s, &e) == 0, "rate: %s", e.msg);
	CHECK(summary_acc_rate(a, 10, 8, s, &e) == 0, "rate block: %s", e.msg);
	CHECK(s->n_by_op == 0, "one op: no by_op");
	CHECK(s->has_rate && s->rate.offered == 10 && s->rate.span_s == 8, "offered, span");
	CHECK(s->rate.slots == 80 && s->rate.sent == 80 && s->rate.on_time == 71,
	      "80 slots, 80 sent, 71 on time (31..39 late): %llu %llu %llu",
	      (unsigned long long)s->rate.slots, (unsigned long long)s->rate.sent,
	      (unsigned long long)s->rate.on_time);
	CHECK_NUM(s->rate.tolerance_ms, 10, 1e-9, "tolerance: 10 %% of 100 ms");
	CHECK_NUM(s->rate.achieved, 10.0, 1e-12, "achieved = 80 sent / 8 s");
	CHECK(!s->rate.sustained, "9 of 80 late: not sustained");
	CHECK(s->rate.peak_workers == -1 && s->rate.late_no_worker == -1,
	      "the engine's figures not known from rows");
	/* end - intended: 70 x 10 ms, 110, 210, ..., 910, and 1000 ms */
	CHECK_NUM(s->rate.intended.p50, 10, 1e-6, "intended p50");
	CHECK_NUM(s->rate.intended.p90, 210, 1e-6, "intended p90 (rank 72 of 80)");
	CHECK_NUM(s->rate.intended.p99, 1000, 1e-6, "intended p99 (rank 80)");
	CHECK_NUM(s->rate.intended.avg, 78.625, 1e-6, "intended avg = 6290 / 80");
	CHECK_NUM(s->latency.p90, 10, 1e-6, "service p90 stays 10 ms");
	CHECK(s->rate.intended_hist && hist_count(s->rate.intended_hist) == 80, "hist of 80");
	memset(&t, 0, sizeof(t));
	CHECK(summary_acc_rate(a, 10, 0, &t, &e) == -1 && strstr(e.msg, "span"),
	      "span 0 refused: %s", e.msg);
	summary_clear(&t);
	summary_acc_free(a);
	test_rate_rule();

	a = summary_acc_new();
	for (size_t i = 0; i < n; i++)
		r[i].intended_s = -1;
	CHECK(feed(a, r, n, &e) == 0 && summary_acc_finish(a, &t, &e) == 0, "closed rows");
	CHECK(summary_acc_rate(a, 10, 8, &t, &e) == -1 && strstr(e.msg, "intended start"),
	      "rate without intended starts refused: %s", e.msg);
	summary_clear(&t);
	summary_acc_free(a);

	a = summary_acc_new();
	r[0].intended_s = 0.5; /* after its end (0.01 s) */
	CHECK(feed(a, r, 1, &e) == -1 && strstr(e.msg, "ends before its intended start"),
	      "row ending before its intended start refused: %s", e.msg);
	summary_acc_free(a);
}

static const struct {
	const char *parent, *key, *value, *want; /* value NULL: delete */
} bad[] = {
	{"by_op", NULL, "[]", "summary.by_op"},
	{"by_op.GET", "share", "\"x\"", "summary.by_op.GET.share"},
	{"by_op.PUT", "latency_ms", "null", "summary.by_op.PUT.latency_ms"},
	{"by_op.STAT", "errors", "3", "summary.by_op.STAT.errors"},
	{"by_op.GET", "latency_hist", "{}", "summary.by_op.GET.latency_hist"},
	{"by_op.STAT", "latency_hist",
	 "{\"unit\":\"ns\",\"sub_bucket_bits\":7,\"highest\":3600000000000,\"count\":1,"
	 "\"min\":5,\"max\":5,\"clamped\":0,\"buckets\":[[5,1]]}",
	 "summary.by_op.STAT.latency_hist.count: 1, but the op has 2 requests"},
	{"rate", "sustained", "1", "summary.rate.sustained"},
	{"rate", "offered", NULL, "summary.rate.offered"},
	{"rate", "latency_intended_ms", "{}", "summary.rate.latency_intended_ms"},
	{"rate", "latency_intended_hist", "{}", "summary.rate.latency_intended_hist"},
};

static json_t *at_path(json_t *j, const char *path)
{
	char k[64], *dot;

	snprintf(k, sizeof(k), "%s", path);
	dot = strchr(k, '.');
	if (dot)
		*dot = '\0';
	j = json_object_get(j, k);
	return dot ? json_object_get(j, dot + 1) : j;
}

static void test_json(const struct run_summary *mixed, const struct run_summary *rate)
{
	json_t *jm = summary_to_json(mixed), *jr = summary_to_json(rate);
	struct run_summary b;
	struct err e;
	char *text = json_dumps(jm, JSON_SORT_KEYS | JSON_COMPACT);

	CHECK(text && strstr(text, "\"DELETE\":{\"bytes\":0,\"errors\":1,\"latency_ms\":null,"),
	      "by_op DELETE: no latency without a success");
	free(text);
	CHECK(json_object_get(jm, "rate") == NULL && json_object_get(jr, "by_op") == NULL,
	      "absent blocks are not written");
	CHECK(summary_from_json(jm, &b, &e) == 0, "mixed back: %s", e.msg);
	CHECK(b.n_by_op == 4, "by_op round trip: %d ops", b.n_by_op);
	for (int i = 0; i < b.n_by_op && i < 4; i++) {
		const struct op_summary *x = &b.by_op[i], *y = &mixed->by_op[i];

		CHECK(memcmp(x, y, offsetof(struct op_summary, lat_hist)) == 0 &&
			      (y->requests > y->errors
				       ? x->lat_hist && hist_equal(x->lat_hist, y->lat_hist)
				       : x->lat_hist == NULL),
		      "by_op %s round trip (histogram too)", y->op);
	}
	summary_clear(&b);
	/* a run.json written before by_op carried histograms: read, lat_hist NULL */
	{
		json_t *old = json_deep_copy(jm), *by = json_object_get(old, "by_op"), *x;
		const char *k;
		int none = 1;

		json_object_foreach(by, k, x)
			json_object_del(x, "latency_hist");
		CHECK(summary_from_json(old, &b, &e) == 0, "by_op without histograms: %s", e.msg);
		for (int i = 0; i < b.n_by_op; i++)
			none &= b.by_op[i].lat_hist == NULL;
		CHECK(b.n_by_op == 4 && none, "by_op without histograms: lat_hist NULL");
		summary_clear(&b);
		json_decref(old);
	}
	CHECK(summary_from_json(jr, &b, &e) == 0, "rate back: %s", e.msg);
	CHECK(b.has_rate && b.rate.offered == 10 && b.rate.achieved == 10 &&
		      b.rate.sustained == rate->rate.sustained && b.rate.slots == 80 &&
		      b.rate.sent == 80 && b.rate.on_time == 71 && b.rate.span_s == 8 &&
		      b.rate.peak_workers == -1 && b.rate.late_no_worker == -1 &&
		      memcmp(&b.rate.intended, &rate->rate.intended, sizeof(b.rate.intended)) ==
			      0 &&
		      hist_equal(b.rate.intended_hist, rate->rate.intended_hist),
	      "rate round trip");
	summary_clear(&b);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *c = json_deep_copy(strncmp(bad[i].parent, "by_op", 5) ? jr : jm);
		json_t *p = bad[i].key ? at_path(c, bad[i].parent) : c;
		const char *k = bad[i].key ? bad[i].key : bad[i].parent;

		if (bad[i].value)
			json_object_set_new(p, k, json_loads(bad[i].value, JSON_DECODE_ANY, NULL));
		else
			json_object_del(p, k);
		e.msg[0] = '\0';
		CHECK(summary_from_json(c, &b, &e) == -1 && strstr(e.msg, bad[i].want),
		      "bad %s.%s: '%s'", bad[i].parent, k, e.msg);
		json_decref(c);
	}
	json_decref(jm);
	json_decref(jr);
}

int main(void)
{
	struct run_summary m, r;

	snprintf(dir, sizeof(dir), "/tmp/test_summary_ops.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 1;
	test_column();
	test_mixed(&m);
	test_rate(&r);
	test_json(&m, &r);
	summary_clear(&m);
	summary_clear(&r);
	rmdir(dir);
	return check_done();
}
