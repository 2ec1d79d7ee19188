/* tests/unit/test_render_model_query.c: the format 1.1 fields the distribution and time
 * charts read (core/results, render/model/model_query.h): pooled latency quantiles,
 * timeseries[] with its kept range, matrix.size_labels; their absence in 1.0 files, and
 * errors that name the field at fault. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "render/model/model.h"
#include "render/model/model_query.h"
#include "tests/unit/check.h"

static char dir[4096];

static struct report_model *load(const char *fixture)
{
	char path[4200];
	struct err e = {{0}};
	snprintf(path, sizeof(path), "%s/%s/aggregate.json", dir, fixture);
	struct report_model *m = model_load(path, &e);
	CHECK(m != NULL, "%s loads: %s", fixture, e.msg);
	return m;
}

static void test_v11(void)
{
	struct report_model *m = load("small11");
	if (m == NULL)
		return;
	const struct results_cell *c = model_cell(m, 0, "put", 262144, 1);
	CHECK(c && c->latency_ms.pooled.n_quant == 18, "18 quantiles (%zu)",
	      c ? c->latency_ms.pooled.n_quant : 0);
	if (c && c->latency_ms.pooled.n_quant == 18) {
		CHECK(c->latency_ms.pooled.quant_q[0] == 0 && c->latency_ms.pooled.quant_q[17] == 1,
		      "q from 0 to 1");
		CHECK_NUM(c->latency_ms.pooled.quant_ms[0], 4.93848, 1e-12,
			  "the first quantile's ms");
		int rising = 1;
		for (size_t i = 1; i < 18; i++)
			rising &= c->latency_ms.pooled.quant_ms[i] >=
				  c->latency_ms.pooled.quant_ms[i - 1];
		CHECK(rising, "quantiles in order");
	}
	CHECK(m->doc.n_timeseries == 4, "4 time series (%zu)", m->doc.n_timeseries);
	const struct results_series *t = model_timeseries(m, 1, "get");
	CHECK(t && t->n == 14 && t->kept_first == 2 && t->kept_last == 11 && t->size == 5242880 &&
		      t->concurrency == 10,
	      "b2 get: 14 seconds, kept 2..11");
	CHECK(t && t->obj_s[5] > 0 && fabs(t->obj_s[5] * 5 - t->mib_s[5]) < 0.01,
	      "obj/s beside MiB/s");
	CHECK(model_timeseries(m, 0, "list") == NULL, "no series for list");
	CHECK(m->doc.matrix.size_labels && m->doc.matrix.size_labels[0] == NULL &&
		      model_size_label(m, 262144) == NULL,
	      "null size labels: none declared");
	model_free(m);
	m = load("small");
	if (m == NULL)
		return;
	CHECK(m->doc.n_timeseries == 0 && m->doc.matrix.size_labels == NULL,
	      "1.0: no time series, no size labels");
	CHECK(m->doc.cells[0].latency_ms.pooled.n_quant == 0 &&
		      m->doc.cells[0].latency_ms.pooled.quant_q == NULL,
	      "1.0: no quantiles");
	model_free(m);
}

static void test_labels_and_errors(void)
{
	static const struct {
		const char *edit;  /* python-free edits: JSON patches below */
		const char *field; /* expected in the message; NULL = loads */
	} cases[] = {
		{"labels-ok", NULL},
		{"labels-short", "matrix.size_labels"},
		{"labels-num", "matrix.size_labels[1]"},
		{"q-bad", "cells[0].latency_ms.pooled.quantiles[2]"},
		{"q-range", "cells[0].latency_ms.pooled.quantiles[0]: expected [q, ms] with q "
			    "ascending"},
		{"ts-subject", "timeseries[1].subject"},
		{"ts-kept", "timeseries[0].kept"},
		{"ts-len", "timeseries[0].obj_s"},
		{"ts-type", "timeseries: expected an array"},
	};
	char path[4200];
	json_error_t je;
	snprintf(path, sizeof(path), "%s/small11/aggregate.json", dir);
	json_t *base = json_load_file(path, 0, &je);
	CHECK(base != NULL, "small11 parses");
	if (base == NULL)
		return;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *r = json_deep_copy(base), *mx = json_object_get(r, "matrix");
		json_t *q = json_object_get(
			json_object_get(
				json_object_get(json_array_get(json_object_get(r, "cells"), 0),
						"latency_ms"),
				"pooled"),
			"quantiles");
		json_t *ts = json_object_get(r, "timeseries");
		const char *k = cases[i].edit;
		if (!strcmp(k, "labels-ok"))
			json_object_set_new(mx, "size_labels",
					    json_pack("[s,s]", "256 KiB", "5 MB"));
		else if (!strcmp(k, "labels-short"))
			json_object_set_new(mx, "size_labels", json_pack("[s]", "256 KiB"));
		else if (!strcmp(k, "labels-num"))
			json_object_set_new(mx, "size_labels", json_pack("[s,i]", "x", 5));
		else if (!strcmp(k, "q-bad"))
			json_array_set_new(q, 2, json_pack("[f]", 0.05));
		else if (!strcmp(k, "q-range"))
			json_array_set_new(q, 0, json_pack("[f,f]", -0.5, 1.0));
		else if (!strcmp(k, "ts-subject"))
			json_object_set_new(json_array_get(ts, 1), "subject",
					    json_string("nobody"));
		else if (!strcmp(k, "ts-kept"))
			json_object_set_new(json_array_get(ts, 0), "kept",
					    json_pack("[i,i]", 5, 2));
		else if (!strcmp(k, "ts-len"))
			json_array_remove(json_object_get(json_array_get(ts, 0), "obj_s"), 0);
		else if (!strcmp(k, "ts-type"))
			json_object_set_new(r, "timeseries", json_true());
		char *text = json_dumps(r, 0);
		struct err e = {{0}};
		struct report_model *m = model_load_string(text, "x/aggregate.json", &e);
		if (cases[i].field == NULL) {
			CHECK(m && model_size_label(m, 5242880) &&
				      !strcmp(model_size_label(m, 5242880), "5 MB") &&
				      !strcmp(model_size_label(m, 262144), "256 KiB") &&
				      model_size_label(m, 1) == NULL,
			      "%s: labels by size", k);
		} else {
			CHECK(m == NULL && strstr(e.msg, "x/aggregate.json: ") &&
				      strstr(e.msg, cases[i].field),
			      "%s: refused naming '%s': %s", k, cases[i].field, e.msg);
		}
		model_free(m);
		free(text);
		json_decref(r);
	}
	json_decref(base);
}

int main(void)
{
	const char *top = getenv("TOP");
	snprintf(dir, sizeof(dir), "%s/tests/fixtures/render", top ? top : ".");
	test_v11();
	test_labels_and_errors();
	return check_done();
}
