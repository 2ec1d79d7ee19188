/* tests/unit/test_render_model_history.c: the history the report shows, loaded into the
 * model (render/model/model.c, through core/results): aggregate.json's baseline object and
 * trend.json's
 * alerts and series beside it, the lenient reading of absent fields, and the errors of
 * a trend.json that cannot be used. Real files in a temporary directory. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "render/model/model.h"
#include "tests/unit/check.h"

static char fixtures[4096], tmp[] = "/tmp/test_render_model_history.XXXXXX";

/* load: small11's aggregate.json with `baseline` set to baseline_json (NULL: none) and
 * trend.json holding trend_text (NULL: absent), loaded; NULL with e set on refusal. */
static struct report_model *load(const char *baseline_json, const char *trend_text, struct err *e)
{
	char src[4200], agg[4200], tr[4200];
	json_error_t je;
	json_t *root;
	FILE *fp;

	snprintf(src, sizeof(src), "%s/small11/aggregate.json", fixtures);
	snprintf(agg, sizeof(agg), "%s/aggregate.json", tmp);
	snprintf(tr, sizeof(tr), "%s/trend.json", tmp);
	root = json_load_file(src, 0, &je);
	CHECK(root != NULL, "small11 parses");
	if (baseline_json)
		json_object_set_new(root, "baseline", json_loads(baseline_json, 0, &je));
	json_dump_file(root, agg, 0);
	json_decref(root);
	unlink(tr);
	if (trend_text && (fp = fopen(tr, "w")) != NULL) {
		fputs(trend_text, fp);
		fclose(fp);
	}
	return model_load(agg, e);
}

static void test_baseline(void)
{
	struct err e = {{0}};
	struct report_model *m = load(
		"{\"campaign\": \"nightly\", \"generated\": \"2026-01-02T03:04:05Z\", "
		"\"alpha\": 0.05, \"only_new\": [{\"subject\": \"c\"}, {\"subject\": \"d\"}], "
		"\"only_old\": [], \"cells\": ["
		"{\"subject\": \"a\", \"op\": \"put\", \"size\": 1048576, \"concurrency\": 8, "
		" \"test\": \"welch\", \"significant\": true, \"change\": \"regression\", "
		" \"old\": 100, \"new\": 77, \"ratio\": 0.77, \"ci95\": [0.7, 0.84], "
		" \"p_adj\": 0.001, \"latency_ms\": {\"basis\": \"pooled\", \"p50\": {\"ratio\": 1.3}}},"
		"{\"subject\": \"b\", \"op\": \"get\"}]}",
		NULL, &e);
	const struct results_baseline *b = m ? m->doc.baseline : NULL;

	CHECK(m != NULL && b != NULL, "loads with its baseline: %s", e.msg);
	if (b == NULL) {
		model_free(m);
		return;
	}
	CHECK(!strcmp(b->campaign, "nightly") && !strcmp(b->generated, "2026-01-02T03:04:05Z") &&
		      b->alpha == 0.05 && b->n_only_new == 2 && b->n_only_old == 0 &&
		      b->n_cells == 2,
	      "baseline: campaign, generated, alpha, one-side counts, 2 cells");
	CHECK(!strcmp(b->cells[0].key.subject, "a") && !strcmp(b->cells[0].key.op, "put") &&
		      b->cells[0].key.size == 1048576 && b->cells[0].key.concurrency == 8 &&
		      b->cells[0].test != NULL && b->cells[0].significant &&
		      !strcmp(b->cells[0].change, "regression") && b->cells[0].old == 100 &&
		      b->cells[0].new_ == 77 && b->cells[0].ratio == 0.77 &&
		      !isnan(b->cells[0].adj_lo) && b->cells[0].adj_lo == 0.7 &&
		      b->cells[0].adj_hi == 0.84 && b->cells[0].p_adj == 0.001 &&
		      b->cells[0].latency_basis != NULL && b->cells[0].p50.ratio == 1.3 &&
		      !strcmp(b->cells[0].latency_basis, "pooled"),
	      "cell 0: every field");
	CHECK(b->cells[1].test == NULL && !b->cells[1].significant && b->cells[1].change == NULL &&
		      isnan(b->cells[1].old) && isnan(b->cells[1].ratio) &&
		      isnan(b->cells[1].adj_lo) && b->cells[1].latency_basis == NULL &&
		      isnan(b->cells[1].p50.ratio),
	      "cell 1: absent fields NULL, NAN, not set");
	CHECK(m->trend.n_series == 0 && m->trend.n_alerts == 0,
	      "no trend.json: no series, no alerts");
	model_free(m);
	m = load(NULL, NULL, &e);
	CHECK(m != NULL && m->doc.baseline == NULL, "no baseline object: none in the model");
	model_free(m);
}

static void test_trend(void)
{
	struct err e = {{0}};
	struct report_model *m = load(
		NULL,
		"{\"alerts\": [\"a put 1MiB c8: -23 %\"], \"series\": ["
		"{\"subject\": \"a\", \"op\": \"put\", \"size\": 1024, \"concurrency\": 2, "
		" \"points\": [{\"build\": 3, \"value\": 10, \"ci95\": [9, 11]}, {\"build\": 4}], "
		" \"change\": {\"ratio\": 0.8, \"ci95\": [0.7, 0.9], \"significant\": true,"
		"  \"state\": \"regression\", \"since_build\": 4, \"alert\": true}},"
		"{\"subject\": \"b\"}], \"watch\": [\"watch: b put 1MiB c8 -19 %\"]}",
		&e);

	CHECK(m != NULL, "loads with trend.json: %s", e.msg);
	if (m == NULL)
		return;
	const struct results_trend *t = &m->trend;
	const struct results_trend_series *s0 = &t->series[0], *s1 = &t->series[1];
	CHECK(t->n_alerts == 1 && !strcmp(t->alerts[0], "a put 1MiB c8: -23 %"), "the alert");
	CHECK(t->n_series == 2 && !strcmp(s0->subject, "a") && !strcmp(s0->op, "put") &&
		      s0->size == 1024 && s0->concurrency == 2 && s0->n_points == 2 &&
		      s0->points[0].build == 3 && s0->points[0].value == 10 &&
		      !isnan(s0->points[0].ci_lo) && s0->points[0].ci_hi == 11 &&
		      s0->points[1].build == 4 && isnan(s0->points[1].value) &&
		      isnan(s0->points[1].ci_lo) && s0->change != NULL &&
		      s0->change->ratio == 0.8 && s0->change->ci_lo == 0.7 &&
		      s0->change->significant,
	      "series 0: its cell, two builds, its change");
	CHECK(!strcmp(s0->change->state, "regression") && s0->change->since_build == 4 &&
		      s0->change->alert && s1->change == NULL,
	      "series 0: its state, since build 4, alerted");
	CHECK(t->n_watch == 1 && !strcmp(t->watch[0], "watch: b put 1MiB c8 -19 %") &&
		      m->trend_loaded && t->enough_history,
	      "the watch line; enough_history absent counts as enough");
	CHECK(s1->op == NULL && s1->n_points == 0 && s1->change == NULL, "series 1: absent fields");
	model_free(m);
	m = load(NULL, "{\"series\": [", &e);
	CHECK(m == NULL && strstr(e.msg, "trend.json: line "), "unparsable: refused: %s", e.msg);
	m = load(NULL, "{\"enough_history\": false, \"series\": []}", &e);
	CHECK(m != NULL && m->trend_loaded && !m->trend.enough_history,
	      "enough_history false: read");
	model_free(m);
	m = load(NULL, "{\"watch\": [2]}", &e);
	CHECK(m == NULL && strstr(e.msg, "trend.json: watch[0]: expected a string"),
	      "a non-string watch line: refused: %s", e.msg);
	m = load(NULL, "{\"alerts\": [1]}", &e);
	CHECK(m == NULL && strstr(e.msg, "trend.json: alerts[0]: expected a string"),
	      "a non-string alert: refused: %s", e.msg);
}

int main(void)
{
	const char *top = getenv("TOP");
	char path[4200];

	snprintf(fixtures, sizeof(fixtures), "%s/tests/fixtures/render", top ? top : ".");
	if (mkdtemp(tmp) == NULL)
		return 1;
	test_baseline();
	test_trend();
	snprintf(path, sizeof(path), "%s/aggregate.json", tmp);
	unlink(path);
	snprintf(path, sizeof(path), "%s/trend.json", tmp);
	unlink(path);
	rmdir(tmp);
	return check_done();
}
