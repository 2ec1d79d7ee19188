/* tests/unit/test_render_model.c: loading aggregate.json into the report model, and
 * errors that name the file and the field at fault (render/model/model.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "render/model/model.h"
#include "render/model/model_query.h"
#include "tests/unit/check.h"

static char fixture[4096], stats_fixture[4096];

static void test_fixture(void)
{
	struct err e = {{0}};
	struct report_model *m = model_load(fixture, &e);
	CHECK(m != NULL, "fixture loads: %s", e.msg);
	if (m == NULL)
		return;
	CHECK(m->nsubjects == 2, "2 subjects");
	CHECK_STR(m->subjects[0].color, "#ff9900", "colour from the file");
	CHECK(m->nops == 2 && m->nsizes == 2 && m->nconc == 2, "matrix 2×2×2");
	CHECK(m->doc.n_cells == 16, "16 cells, got %zu", m->doc.n_cells);
	CHECK(m->campaign_cycles == 3, "3 cycles");
	const struct results_cell *c = model_cell(m, 1, "put", 262144, 10);
	CHECK(c && c->n == 2 && c->expected == 3, "the cell with an excluded run has n=2 of 3");
	CHECK(c && c->n_runs == 3 && !c->runs[1].included && isnan(c->runs[1].mib_s),
	      "its excluded run is kept, with a null (NAN) value");
	CHECK(model_cell(m, 0, "put", 262144, 7) == NULL, "no cell outside the matrix");
	CHECK(m->doc.n_excluded == 1 && strcmp(m->doc.excluded[0].cls, "auth") == 0,
	      "one excluded run (auth)");
	const struct results_oneoff *o = model_oneoff(m, 0, "head");
	CHECK(o && isnan(o->ttfb_ms.avg) && o->obj_s > 0, "HEAD has no TTFB (null → NAN)");
	CHECK(model_has_oneoff(m, "delete") && !model_has_oneoff(m, "multipart"), "one-off ops");
	CHECK(m->doc.n_leader_counts == 4 && m->doc.n_consistency == 2,
	      "leader counts and consistency");
	/* a 1.0 file: every 1.1 part is "not available" */
	CHECK(!strcmp(m->doc.format, "s3bench-aggregate/1") && !m->has_stats,
	      "format 1: no statistics");
	CHECK(c && isnan(c->mib_s.ci_lo) && c->mib_s.ci_method == RESULTS_CI_NONE &&
		      c->latency_ms.pooled.source == RESULTS_POOL_NONE,
	      "1.0: no interval, no pooled latency");
	CHECK(m->doc.n_comparisons == 0 && m->doc.n_timeseries == 0,
	      "1.0: no comparisons, no time series");
	CHECK(m->doc.leaders[0].status == RESULTS_LEAD_UNKNOWN &&
		      m->doc.leader_counts[0].clear == -1 && m->doc.leader_counts[0].tied == -1,
	      "1.0: leader status unknown, counts -1");
	model_free(m);
}

/* Format 1.1 (tests/fixtures/render/stats, gen_aggregate.py --small --stats --subjects 3). */
/* leader_of: the leaders[] entry of a category as the model read it; NULL when none. */
static const struct results_leader *leader_of(const struct report_model *m, const char *op,
					      uint64_t size, int conc)
{
	for (size_t i = 0; i < m->doc.n_leaders; i++) {
		const struct results_leader *d = &m->doc.leaders[i];

		if (d->size == size && d->concurrency == conc && strcmp(d->op, op) == 0)
			return d;
	}
	return NULL;
}

static void test_stats(void)
{
	struct err e = {{0}};
	struct report_model *m = model_load(stats_fixture, &e);
	CHECK(m != NULL, "1.1 fixture loads: %s", e.msg);
	if (m == NULL)
		return;
	CHECK(!strcmp(m->doc.format, "s3bench-aggregate/1.1") && m->has_stats,
	      "format 1.1 with statistics{}");
	CHECK_NUM(m->doc.statistics.alpha, 0.05, 1e-12, "alpha");
	CHECK(m->doc.statistics.family == 24 && strcmp(m->doc.statistics.adjust, "bonferroni") == 0,
	      "Bonferroni over 24");
	const struct results_cell *c = model_cell(m, 0, "put", 262144, 1);
	CHECK(c && c->mib_s.ci_method == RESULTS_CI_T, "t interval");
	CHECK(c && fabs(c->mib_s.ci_lo - 6.3978) < 1e-9 && fabs(c->mib_s.ci_hi - 6.8756) < 1e-9,
	      "ci95 [6.3978, 6.8756]");
	CHECK_NUM(c ? c->mib_s.ci_coverage : NAN, 0.95, 1e-12, "coverage");
	const struct results_pooled *p = c ? &c->latency_ms.pooled : NULL;
	CHECK(p && p->source != RESULTS_POOL_NONE && p->source == RESULTS_POOL_HISTOGRAM &&
		      p->n_quant == 18,
	      "18 quantiles");
	CHECK(p && fabs(p->p50 - 40.4228) < 1e-9 && p->quant_q[1] == 0.01 &&
		      fabs(p->quant_ms[1] - 12.0769) < 1e-9 && p->quant_q[17] == 1,
	      "pooled p50 and quantiles");
	CHECK(p && p->requests == 2700 && isfinite(p->p999), "requests, p99.9");
	c = model_cell(m, 2, "put", 262144, 1);
	p = c ? &c->latency_ms.pooled : NULL;
	CHECK(p && p->source != RESULTS_POOL_NONE && p->source == RESULTS_POOL_RUNS &&
		      isnan(p->p999) && p->n_quant == 0,
	      "the runs' fallback: no p99.9, no quantiles");
	CHECK(m->doc.n_comparisons == 24, "24 comparisons, got %zu", m->doc.n_comparisons);
	const struct results_comparison *k = &m->doc.comparisons[0];
	CHECK(k->a == 0 && k->b == 1 && k->test == RESULTS_TEST_PAIRED && k->pairs == 3 &&
		      k->significant && fabs(k->ratio - 1.4062) < 1e-9 &&
		      fabs(k->ci_lo - 1.3536) < 1e-9 && fabs(k->p_adj - 0.016152) < 1e-9,
	      "comparisons[0]: aws/b2 paired, significant");
	CHECK(fabs(k->adj_lo - 1.1587) < 1e-9 && fabs(k->adj_hi - 1.7065) < 1e-9 &&
		      fabs(k->adj_level - 0.95) < 1e-12,
	      "comparisons[0]: ci_adj [1.1587, 1.7065] at 0.95");
	int sw = -1;
	CHECK(model_comparison(m, "put", 262144, 1, 1, 0, &sw) == k && sw == 1, "found swapped");
	const struct results_leader *d = leader_of(m, "put", 262144, 1);
	CHECK(d && d->status == RESULTS_LEAD_TIE && !d->clear && d->n_tied == 1 &&
		      d->tied_with[0] == 2 && fabs(d->detectable_ratio - 1.1791) < 1e-9,
	      "tie of aws with r2, detectable 1.1791");
	d = leader_of(m, "get", 5242880, 10);
	CHECK(d && d->status == RESULTS_LEAD_CLEAR && d->clear && d->n_tied == 0 && d->subject == 2,
	      "clear leader r2");
	CHECK(m->doc.leader_counts[5].clear == 1 && m->doc.leader_counts[5].tied == 3,
	      "r2 GET: 1 clear, 3 tied");
	CHECK(m->doc.n_timeseries == 6, "6 time series");
	const struct results_series *t = &m->doc.timeseries[0];
	CHECK(t->subject == 0 && t->n == 8 && t->kept_first == 2 && t->kept_last == 5 &&
		      t->size == 5242880 && t->concurrency == 10 && t->cycle == 3 &&
		      fabs(t->mib_s[0] - 99.2489) < 1e-9 && fabs(t->obj_s[7] - 20.6505) < 1e-9,
	      "timeseries[0]");
	model_free(m);
}

/* Each case: change the fixture with a JSON path edit, and the message must name the
 * file and contain `field`. */
static json_t *at(json_t *root, const char *path)
{
	char buf[256], *tok, *save = NULL;
	json_t *v = root;
	snprintf(buf, sizeof(buf), "%s", path);
	for (tok = strtok_r(buf, ".", &save); tok && v; tok = strtok_r(NULL, ".", &save)) {
		char *br = strchr(tok, '[');
		if (br) {
			*br = 0;
			v = json_object_get(v, tok);
			v = json_array_get(v, (size_t)atoi(br + 1));
		} else {
			v = json_object_get(v, tok);
		}
	}
	return v;
}

static void test_errors(void)
{
	static const struct {
		const char *parent, *key; /* set parent.key (key "" = delete parent's member) */
		const char *value;        /* JSON text, or NULL to delete */
		const char *field;        /* expected in the message */
	} cases[] = {
		{"", "format", "\"s3bench-aggregate/2\"", "format"},
		{"", "format", "\"s3bench-aggregate/10\"", "format"},
		{"", "subjects", NULL, "subjects: missing"},
		{"", "subjects", "[]", "subjects: empty"},
		{"subjects[1]", "color", "\"red\"", "subjects[1].color"},
		{"subjects[0]", "id", "7", "subjects[0].id"},
		{"matrix", "sizes", "[262144, -1]", "matrix.sizes[1]"},
		{"matrix", "concurrency", "\"ten\"", "matrix.concurrency"},
		{"cells[3].mib_s", "value", "\"fast\"", "cells[3].mib_s.value"},
		{"cells[5]", "subject", "\"nobody\"", "cells[5].subject"},
		{"cells[2]", "size", NULL, "cells[2].size: missing"},
		{"cells[0].runs[1]", "included", "1", "cells[0].runs[1].included"},
		{"ops[2]", "obj_s", "[]", "ops[2].obj_s"},
		{"leader_counts[0]", "led", "-1", "leader_counts[0].led"},
		{"excluded[0]", "subject", "\"ghost\"", "excluded[0].subject"},
		{"policy", "rule", NULL, "policy.rule: missing"},
		/* an element that is not an object is named as such, in every array */
		{"", "leaders", "[5]", "leaders[0]: expected an object"},
		{"", "leader_counts", "[null]", "leader_counts[0]: expected an object"},
		{"", "consistency", "[[]]", "consistency[0]: expected an object"},
		{"", "excluded", "[\"x\"]", "excluded[0]: expected an object"},
		{"cells[1]", "runs", "[1]", "cells[1].runs[0]: expected an object"},
		{"", "ops", "[true]", "ops[0]: expected an object"},
		/* the 1.1 parts */
		{"cells[0].mib_s", "ci95", "[1]", "cells[0].mib_s.ci95"},
		{"cells[0].obj_s", "ci_method", "\"z\"", "cells[0].obj_s.ci_method"},
		{"cells[0].latency_ms", "pooled", "3", "cells[0].latency_ms.pooled"},
		{"cells[0].ttfb_ms.pooled", "p99", "\"x\"", "cells[0].ttfb_ms.pooled.p99"},
		{"cells[0].latency_ms.pooled", "quantiles", "[[0.5, 1], [0.1, 2]]",
		 "cells[0].latency_ms.pooled.quantiles[1]"},
		{"comparisons[2]", "a", "\"ghost\"", "comparisons[2].a"},
		{"comparisons[2]", "ci95", "{}", "comparisons[2].ci95"},
		{"comparisons[1]", "significant", "\"yes\"", "comparisons[1].significant"},
		{"leaders[1]", "status", "\"maybe\"", "leaders[1].status"},
		{"leaders[1]", "tied_with", "[\"ghost\"]", "leaders[1].tied_with[0]"},
		{"leader_counts[1]", "clear", "-2", "leader_counts[1].clear"},
		{"", "statistics", "[]", "statistics"},
		{"statistics", "alpha", NULL, "statistics.alpha"},
		{"statistics", "alpha", "null", "statistics.alpha"},
		{"timeseries[1]", "mib_s", "[1, \"x\"]", "timeseries[1].mib_s[1]"},
		{"timeseries[1]", "obj_s", "[1]", "timeseries[1].obj_s"},
		{"timeseries[0]", "subject", "\"ghost\"", "timeseries[0].subject"},
	};
	json_error_t je;
	json_t *base = json_load_file(stats_fixture, 0, &je);
	CHECK(base != NULL, "fixture parses with jansson");
	if (base == NULL)
		return;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *root = json_deep_copy(base),
		       *parent = *cases[i].parent ? at(root, cases[i].parent) : root;
		struct err e = {{0}};
		CHECK(parent != NULL, "case %zu: %s exists in the fixture", i, cases[i].parent);
		if (parent == NULL) {
			json_decref(root);
			continue;
		}
		if (cases[i].value)
			json_object_set_new(parent, cases[i].key,
					    json_loads(cases[i].value, JSON_DECODE_ANY, &je));
		else
			json_object_del(parent, cases[i].key);
		char *text = json_dumps(root, 0);
		struct report_model *m = model_load_string(text, "x/aggregate.json", &e);
		CHECK(m == NULL, "case %zu is refused", i);
		CHECK(strncmp(e.msg, "x/aggregate.json", 16) == 0 && strstr(e.msg, cases[i].field),
		      "case %zu: message names the file and '%s': %s", i, cases[i].field, e.msg);
		model_free(m);
		free(text);
		json_decref(root);
	}
	json_decref(base);

	struct err e = {{0}};
	CHECK(model_load_string("{\"format\": ", "y.json", &e) == NULL &&
		      strstr(e.msg, "y.json:1: not valid JSON"),
	      "bad JSON names file and line: %s", e.msg);
	CHECK(model_load("/nonexistent/aggregate.json", &e) == NULL &&
		      strstr(e.msg, "/nonexistent/aggregate.json"),
	      "a missing file is named: %s", e.msg);
}

/* Nulls stay null: a cell with n = 0 and a subject without colour. */
static void test_nulls(void)
{
	const char *json =
		"{\"format\":\"s3bench-aggregate/1.2\",\"policy\":{\"name\":\"mean\",\"rule\":\"r\"},"
		"\"subjects\":[{\"id\":\"a\",\"color\":null},{\"id\":\"b\",\"label\":\"B\"}],"
		"\"matrix\":{\"ops\":[\"put\"],\"sizes\":[4096],\"concurrency\":[1]},"
		"\"cells\":[{\"subject\":\"a\",\"op\":\"put\",\"size\":4096,\"concurrency\":1,\"n\":0,"
		"\"expected\":2,\"mib_s\":{\"value\":null,\"mean\":null},\"latency_ms\":null}]}";
	struct err e = {{0}};
	struct report_model *m = model_load_string(json, "z.json", &e);
	CHECK(m != NULL, "minimal aggregate loads: %s", e.msg);
	if (m == NULL)
		return;
	CHECK(isnan(m->doc.cells[0].mib_s.value) && isnan(m->doc.cells[0].latency_ms.avg),
	      "nulls are NAN");
	CHECK_STR(m->subjects[0].color, model_palette(0), "no colour: palette by order");
	CHECK_STR(m->subjects[1].color, model_palette(1), "absent colour: palette by order");
	CHECK_STR(m->subjects[0].label, "a", "no label: the id");
	CHECK(m->doc.n_ops == 0 && m->doc.n_excluded == 0, "absent arrays are empty");
	CHECK(m->campaign_cycles == 2, "no campaign: cycles from the cells' expected");
	model_free(m);
}

int main(void)
{
	const char *top = getenv("TOP");
	snprintf(fixture, sizeof(fixture), "%s/tests/fixtures/render/small/aggregate.json",
		 top ? top : ".");
	snprintf(stats_fixture, sizeof(stats_fixture),
		 "%s/tests/fixtures/render/stats/aggregate.json", top ? top : ".");
	test_fixture();
	test_stats();
	test_errors();
	test_nulls();
	return check_done();
}
