/* render/report_history.c: see report_history.h. */
#include "render/report_history.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"
#include "render/report.h"

#define TREND_COLS 5    /* builds shown per series: the latest ones */

struct hctx {
	struct doc *d;
	const struct text_lang *l;
	const struct numfmt *nf;
	const struct fonts *f;
	struct err *e;
	int failed;             /* a chart could not be laid out (e set) */
};

static const char *S(const struct hctx *h, const char *key)
{
	return text_lang_str(h->l, key);
}

static double num(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));

	return s ? s : TEXT_NULL;
}

/* fmt: v with d decimals (-1: the language's default) into buf. */
static char *fmt(const struct hctx *h, double v, int d, char *buf)
{
	return text_num(h->nf, v, d, buf, TEXT_NUM_MAX);
}

/* pct: a ratio as a signed change in percent ("-23 %"), into buf. */
static char *pct(double ratio, char *buf)
{
	if (!isfinite(ratio))
		snprintf(buf, TEXT_NUM_MAX, "%s", TEXT_NULL);
	else
		snprintf(buf, TEXT_NUM_MAX, "%+.0f %%", (ratio - 1) * 100);
	return buf;
}

/* cell_name: "put 100MiB c10" of a JSON cell key. */
static void cell_name(const json_t *c, char *buf, size_t n)
{
	char size[UNITS_SIZE_MAX];

	units_format_size((uint64_t)json_integer_value(json_object_get(c, "size")), size,
			  sizeof(size));
	snprintf(buf, n, "%s %s c%lld", str(c, "op"), size,
		 (long long)json_integer_value(json_object_get(c, "concurrency")));
}

/* changed_rows: the significant cells of direction dir into t. */
static void changed_rows(const struct hctx *h, struct doc_table *t, const json_t *cells,
			 const char *dir)
{
	const json_t *c;
	size_t i;

	json_array_foreach(cells, i, c) {
		const json_t *ci = json_object_get(c, "ci95"), *lat = json_object_get(c, "latency_ms");
		char name[128], b1[TEXT_NUM_MAX], b2[TEXT_NUM_MAX], range[160];

		if (strcmp(str(c, "change"), dir) != 0)
			continue;
		doc_table_row(t);
		doc_table_cell(t, 0, str(c, "subject"), CELL_ROWHEAD, NULL, NULL);
		cell_name(c, name, sizeof(name));
		doc_table_cell(t, 1, name, 0, NULL, NULL);
		doc_table_cell(t, 2, fmt(h, num(c, "old"), -1, b1), CELL_NUM, NULL, NULL);
		doc_table_cell(t, 3, fmt(h, num(c, "new"), -1, b1), CELL_NUM, NULL, NULL);
		doc_table_cell(t, 4, pct(num(c, "ratio"), b1), CELL_NUM | CELL_LEAD, NULL, NULL);
		snprintf(range, sizeof(range), "%s..%s",
			 pct(json_number_value(json_array_get(ci, 0)), b1),
			 pct(json_number_value(json_array_get(ci, 1)), b2));
		doc_table_cell(t, 5, json_is_array(ci) ? range : TEXT_NULL, CELL_NUM, NULL, NULL);
		doc_table_cell(t, 6, fmt(h, num(c, "p_adj"), 4, b1), CELL_NUM, NULL, NULL);
		doc_table_cell(t, 7, pct(num(json_object_get(lat, "p50"), "ratio"), b1), CELL_NUM,
			   json_is_object(lat) ? str(lat, "basis") : NULL, NULL);
	}
}

/* forest: per op, each significant change's ratio new/old with its 95 % interval
 * (regressions red, improvements green). */
static void forest(struct hctx *h, const json_t *cells)
{
	struct chart *c = chart_new(CHART_RANGE, S(h, "changes.chart"), S(h, "changes.chart_desc"));
	struct scene *sc = NULL;
	const char *ops[16];
	size_t nops = 0, i, k;
	const json_t *x;

	if (c == NULL) {
		h->d->oom = 1;
		return;
	}
	chart_set_axis(c, S(h, "changes.chart_axis"), "", "");
	json_array_foreach(cells, i, x) {
		for (k = 0; k < nops && strcmp(ops[k], str(x, "op")); k++)
			;
		if (k == nops && nops < 16 && json_is_true(json_object_get(x, "significant")))
			ops[nops++] = str(x, "op");
	}
	for (k = 0; k < nops; k++) {
		int p = chart_add_panel(c, ops[k]);

		json_array_foreach(cells, i, x) {
			const json_t *ci = json_object_get(x, "ci95");
			char name[128], label[400];

			if (!json_is_true(json_object_get(x, "significant")) || strcmp(str(x, "op"), ops[k]))
				continue;
			cell_name(x, name, sizeof(name));
			snprintf(label, sizeof(label), "%s %s", str(x, "subject"), name);
			chart_add_range(c, p, label, num(x, "ratio") < 1 ? "#c0392b" : "#1e8449",
					json_number_value(json_array_get(ci, 0)), num(x, "ratio"),
					json_number_value(json_array_get(ci, 1)));
		}
	}
	sc = chart_layout(c, h->f, h->nf, REPORT_WIDTH, h->e);
	chart_free(c);
	if (sc == NULL)
		h->failed = 1;
	doc_charts(h->d, &sc, 1, 1);
}

/* changes: "Changes since BASELINE" from aggregate.json's baseline object. */
static void changes(struct hctx *h, const json_t *b)
{
	static const char *const names[] = {"sig", "n", "reg", "imp", "same", "alpha"};
	const json_t *cells = json_object_get(b, "cells"), *c;
	size_t i, n = 0, reg = 0, imp = 0;
	char v[6][TEXT_NUM_MAX];
	const char *vals[6];
	struct sb s = {0}, base = {0};
	struct doc_table *t;

	json_array_foreach(cells, i, c) {
		n += json_is_string(json_object_get(c, "test"));
		reg += strcmp(str(c, "change"), "regression") == 0;
		imp += strcmp(str(c, "change"), "improvement") == 0;
	}
	if (json_is_string(json_object_get(b, "campaign")))
		sb_addf(&base, "%s, ", str(b, "campaign"));
	sb_add(&base, str(b, "generated"));
	text_subst(&s, S(h, "section.changes"), (const char *const[]){"baseline"},
		   (const char *const[]){base.s ? base.s : ""}, 1);
	doc_heading(h->d, 1, "changes", s.s ? s.s : "");
	sb_free(&s);
	sb_free(&base);
	snprintf(v[0], TEXT_NUM_MAX, "%zu", reg + imp);
	snprintf(v[1], TEXT_NUM_MAX, "%zu", n);
	snprintf(v[2], TEXT_NUM_MAX, "%zu", reg);
	snprintf(v[3], TEXT_NUM_MAX, "%zu", imp);
	snprintf(v[4], TEXT_NUM_MAX, "%zu", n - reg - imp);
	fmt(h, num(b, "alpha"), 2, v[5]);
	for (i = 0; i < 6; i++)
		vals[i] = v[i];
	text_subst(&s, S(h, "changes.summary"), names, vals, 6);
	snprintf(v[0], TEXT_NUM_MAX, "%zu", json_array_size(json_object_get(b, "only_new")));
	snprintf(v[1], TEXT_NUM_MAX, "%zu", json_array_size(json_object_get(b, "only_old")));
	sb_add(&s, " ");
	text_subst(&s, S(h, "changes.one_side"), (const char *const[]){"only_new", "only_old"},
		   (const char *const[]){v[0], v[1]}, 2);
	doc_para(h->d, s.s ? s.s : "", 1);
	sb_free(&s);
	if (reg + imp == 0)
		return;
	forest(h, cells);
	t = doc_table(h->d, "changes-table", S(h, "changes.caption"), 8);
	if (t == NULL)
		return;
	doc_table_head(t, 0, S(h, "col.subject"), 2);
	doc_table_head(t, 1, S(h, "changes.col_cell"), 2.4);
	doc_table_head(t, 2, S(h, "changes.col_old"), 1.2);
	doc_table_head(t, 3, S(h, "changes.col_new"), 1.2);
	doc_table_head(t, 4, S(h, "changes.col_change"), 1);
	doc_table_head(t, 5, S(h, "changes.col_ci"), 1.6);
	doc_table_head(t, 6, S(h, "changes.col_padj"), 1);
	doc_table_head(t, 7, S(h, "changes.col_p50"), 1.4);
	changed_rows(h, t, cells, "regression");
	changed_rows(h, t, cells, "improvement");
	doc_table_foot(t, S(h, "changes.foot"));
}

/* trend_row: one series: the latest TREND_COLS builds' figures, then its change. */
static void trend_row(const struct hctx *h, struct doc_table *t, const json_t *s, size_t cols)
{
	const json_t *pts = json_object_get(s, "points"), *ch = json_object_get(s, "change");
	size_t np = json_array_size(pts), first = np > cols ? np - cols : 0;
	char name[128], b1[TEXT_NUM_MAX], b2[TEXT_NUM_MAX], note[160];

	doc_table_row(t);
	doc_table_cell(t, 0, str(s, "subject"), CELL_ROWHEAD, NULL, NULL);
	cell_name(s, name, sizeof(name));
	doc_table_cell(t, 1, name, 0, NULL, NULL);
	for (size_t i = 0; i < cols; i++) {
		const json_t *p = json_array_get(pts, first + i), *ci = json_object_get(p, "ci95");

		if (p == NULL) {
			doc_table_cell(t, 2 + i, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL, NULL);
			continue;
		}
		snprintf(note, sizeof(note), "%s..%s", fmt(h, json_number_value(json_array_get(ci, 0)),
							   -1, b1),
			 fmt(h, json_number_value(json_array_get(ci, 1)), -1, b2));
		doc_table_cell(t, 2 + i, fmt(h, num(p, "value"), -1, b1), CELL_NUM,
			   json_is_array(ci) ? note : NULL, NULL);
	}
	if (!json_is_object(ch)) {
		doc_table_cell(t, 2 + cols, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL, NULL);
		return;
	}
	snprintf(note, sizeof(note), "%s..%s",
		 pct(json_number_value(json_array_get(json_object_get(ch, "ci95"), 0)), b1),
		 pct(json_number_value(json_array_get(json_object_get(ch, "ci95"), 1)), b2));
	doc_table_cell(t, 2 + cols, pct(num(ch, "ratio"), b1),
		   CELL_NUM | (json_is_true(json_object_get(ch, "significant")) ? CELL_LEAD : 0),
		   note, NULL);
}

/* trend: the "Trend" section from trend.json. */
static void trend(const struct hctx *h, const json_t *tr)
{
	const json_t *series = json_object_get(tr, "series"), *s, *alerts, *longest = NULL;
	size_t i, cols = 0;
	struct doc_table *t;
	char head[64];

	doc_heading(h->d, 1, "trend", S(h, "section.trend"));
	doc_para(h->d, S(h, "trend.intro"), 0);
	alerts = json_object_get(tr, "alerts");
	if (json_array_size(alerts) > 0) {
		const char *items[32];
		size_t n = 0;

		json_array_foreach(alerts, i, s)
			if (n < 32 && json_is_string(s))
				items[n++] = json_string_value(s);
		doc_list(h->d, items, n, 1);
	} else {
		doc_para(h->d, S(h, "trend.no_regression"), 0);
	}
	json_array_foreach(series, i, s)
		if (json_array_size(json_object_get(s, "points")) > cols) {
			longest = json_object_get(s, "points");
			cols = json_array_size(longest);
		}
	cols = cols > TREND_COLS ? TREND_COLS : cols;
	t = doc_table(h->d, "trend-table", S(h, "trend.caption"), 3 + cols);
	if (t == NULL)
		return;
	doc_table_head(t, 0, S(h, "col.subject"), 2);
	doc_table_head(t, 1, S(h, "changes.col_cell"), 2.4);
	for (i = 0; i < cols; i++) {
		const json_t *p = json_array_get(longest, json_array_size(longest) - cols + i);

		snprintf(head, sizeof(head), "%s %lld", S(h, "trend.col_build"),
			 (long long)json_integer_value(json_object_get(p, "build")));
		doc_table_head(t, 2 + i, head, 1.3);
	}
	doc_table_head(t, 2 + cols, S(h, "trend.col_change"), 1.4);
	json_array_foreach(series, i, s)
		trend_row(h, t, s, cols);
	doc_table_foot(t, S(h, "trend.foot"));
}

int report_history(struct doc *d, const char *agg_path, const struct text_lang *l,
		   const struct fonts *f, struct err *e)
{
	struct hctx h = {d, l, text_lang_numfmt(l), f, e, 0};
	char path[PATH_MAX];
	const char *slash = strrchr(agg_path, '/');
	json_error_t je;
	json_t *agg = json_load_file(agg_path, 0, NULL), *tr;

	if (json_is_object(json_object_get(agg, "baseline")))
		changes(&h, json_object_get(agg, "baseline"));
	json_decref(agg);
	if (h.failed)
		return -1;
	snprintf(path, sizeof(path), "%.*s%strend.json", slash ? (int)(slash - agg_path) : 0,
		 agg_path, slash ? "/" : "");
	tr = json_load_file(path, 0, &je);
	if (tr == NULL) {
		FILE *fp = fopen(path, "r");

		if (fp == NULL)
			return d->oom ? err_set(e, "report: out of memory") : 0;
		fclose(fp);
		return err_set(e, "%s: line %d: %s", path, je.line, je.text);
	}
	if (json_array_size(json_object_get(tr, "series")) > 0)
		trend(&h, tr);
	json_decref(tr);
	return d->oom ? err_set(e, "report: out of memory") : 0;
}
