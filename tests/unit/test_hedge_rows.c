/* tests/unit/test_hedge_rows.c: a hedged run's rows (docs/FORMATS.md, the `hedge` column;
 * docs/METHODOLOGY.md, "Hedged requests"): the column written and read back, a word the
 * reader does not know refused naming the column and line, and the summary: a lost attempt
 * is no request and no attempt (counts, latency and errors leave it out), summary.hedge counts the hedged
 * requests, those the duplicate answered and the lost attempts, and its run.json form reads
 * back the same. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/opslog.h"
#include "core/summary.h"
#include "tests/unit/check.h"

#define T0 1764672000000000000LL
#define MS 1000000LL

/* The rows: 3 plain, 1 answered by its original (its duplicate lost), 1 by its duplicate
 * (its original lost). */
static const struct {
	int64_t start_ms, end_ms;
	int hedge;
	const char *error;
} rows[] = {
	{0, 20, OPS_HEDGE_NONE, ""},
	{20, 41, OPS_HEDGE_NONE, ""},
	{41, 62, OPS_HEDGE_NONE, ""},
	{62, 90, OPS_HEDGE_ORIG, ""},
	{83, 90, OPS_HEDGE_LOST, "cancelled: the other attempt answered first"},
	{90, 500, OPS_HEDGE_LOST, "cancelled: the other attempt answered first"},
	{90, 131, OPS_HEDGE_DUP, ""},
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))

struct got {
	int hedge[NROWS];
	size_t n;
	struct summary_acc *acc;
};

static int take(const struct op_row *r, void *arg)
{
	struct got *g = arg;
	struct err e = {{0}};

	if (g->n < NROWS)
		g->hedge[g->n] = r->hedge;
	g->n++;
	return summary_acc_add(g->acc, r, &e) < 0 ? 1 : 0;
}

static void test_rows(const char *dir)
{
	char path[512];
	struct err e = {{0}};
	struct opslog_writer *w;
	struct got g = {.acc = summary_acc_new()};
	struct run_summary s, back;
	json_t *j;

	snprintf(path, sizeof(path), "%s/ops.tsv.zst", dir);
	w = opslog_writer_open_opts(path, &(struct opslog_writer_opts){.phases = 1, .hedge = 1},
				    &e);
	CHECK(w != NULL, "writer: %s", e.msg);
	if (w == NULL)
		return;
	for (size_t i = 0; i < NROWS; i++) {
		struct op_row r = {.op = "GET",
				   .client_id = "",
				   .endpoint = "",
				   .file = "obj/1",
				   .error = rows[i].error,
				   .cat = "",
				   .n_objects = 1,
				   .bytes = 4096,
				   .start_ns = T0 + rows[i].start_ms * MS,
				   .end_ns = T0 + rows[i].end_ms * MS,
				   .hedge = rows[i].hedge};

		r.first_byte_ns = r.end_ns;
		r.duration_ns = r.end_ns - r.start_ns;
		CHECK(opslog_writer_add(w, &r, &e) == 0, "add: %s", e.msg);
	}
	CHECK(opslog_writer_close(w, &e) == 0, "close: %s", e.msg);
	CHECK(opslog_read(path, take, &g, &e) == 0 && g.n == NROWS, "read back %zu rows: %s", g.n,
	      e.msg);
	/* sorted by start: 0 20 41 62 83(lost) 90(lost) 90(dup) */
	CHECK(g.hedge[3] == OPS_HEDGE_ORIG && g.hedge[4] == OPS_HEDGE_LOST &&
		      g.hedge[5] == OPS_HEDGE_LOST && g.hedge[6] == OPS_HEDGE_DUP &&
		      g.hedge[0] == 0,
	      "the hedge words come back");
	CHECK(summary_acc_finish(g.acc, &s, &e) == 0, "summary: %s", e.msg);
	CHECK(s.requests == 5 && s.errors == 0 && s.latency.max == 41 && s.latency.p50 == 21,
	      "5 requests, no error, the lost 410 ms attempt in no latency (max %g, p50 %g)",
	      s.latency.max, s.latency.p50);
	CHECK(s.has_attempt_counts && s.attempts == 5 && s.throttled_attempts == 0,
	      "attempts %llu: the requests, the 2 lost ones none (METHODOLOGY, Hedged requests)",
	      (unsigned long long)s.attempts);
	CHECK(s.has_hedge && s.hedge.requests == 5 && s.hedge.hedged == 2 &&
		      s.hedge.won_by_duplicate == 1 && s.hedge.lost == 2 && s.hedge.extra == 0.4,
	      "summary.hedge: 2 of 5 hedged, 1 by the duplicate, 2 lost");
	snprintf(s.hedge.threshold, sizeof(s.hedge.threshold), "p95");
	s.hedge.threshold_ms = 20.5;
	j = summary_to_json(&s);
	CHECK(j != NULL && summary_from_json(j, &back, &e) == 0, "run.json form: %s", e.msg);
	CHECK(back.has_hedge && strcmp(back.hedge.threshold, "p95") == 0 &&
		      back.hedge.threshold_ms == 20.5 && back.hedge.hedged == 2 &&
		      back.hedge.lost == 2 && !back.hedge.refused && isnan(back.hedge.warm_p50_ms),
	      "run.json form reads back (warm_p50_ms null)");
	summary_clear(&back); /* read again below */
	json_object_set_new(json_object_get(j, "hedge"), "hedged", json_integer(9));
	CHECK(summary_from_json(j, &back, &e) < 0 && strstr(e.msg, "summary.hedge") != NULL,
	      "more hedged than requests refused: %s", e.msg);
	json_decref(j);
	summary_clear(&s);
	summary_clear(&back);
	summary_acc_free(g.acc);
}

static int ignore(const struct op_row *r, void *arg)
{
	(void)r;
	(void)arg;
	return 0;
}

static void test_bad_word(const char *dir)
{
	char path[512];
	struct err e = {{0}};
	FILE *f;

	snprintf(path, sizeof(path), "%s/bad.tsv", dir);
	f = fopen(path, "w");
	fputs("idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\t"
	      "first_byte\tlast_byte\tend\tduration_ns\tcat\thedge\n"
	      "0\t0\tGET\t\t1\t1\t\tk\t\t2025-12-02T10:00:00Z\t\t\t2025-12-02T10:00:01Z\t1000000000"
	      "\t0\twon\n",
	      f);
	fclose(f);
	CHECK(opslog_read(path, ignore, NULL, &e) < 0 && strstr(e.msg, "hedge") != NULL &&
		      strstr(e.msg, "won") != NULL,
	      "an unknown hedge word: %s", e.msg);
}

int main(void)
{
	char dir[] = "/tmp/test_hedge_rows.XXXXXX";

	if (mkdtemp(dir) == NULL)
		return 1;
	test_rows(dir);
	test_bad_word(dir);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd) != 0)
			return 1;
	}
	return check_done();
}
