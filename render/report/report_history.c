/* render/report/report_history.c: the report's history sections, built from the model
 * (aggregate.json's baseline and trend.json, core/results):
 *   [changes]  "Changes since BASELINE" when aggregate.json has `baseline` (analyze
 *              --baseline): a summary, a forest plot (per op, each significant change's
 *              ratio new/old with its 95 % interval; regressions red, improvements
 *              green) and the table of the significant changes, each worded or marked
 *              with its change claim (aggregate.json claims[], analyze/claims);
 *   [trend]    "Trend" when trend.json lies beside aggregate.json (analyze --history):
 *              its alerts and, per series, the latest builds' figures and the change,
 *              marked with their trend-alert claims. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"
#include "render/model/model_claims.h"
#include "render/report/report_int.h"

#define TREND_COLS 5    /* builds shown per series: the latest ones */
#define FOREST_OPS 16   /* panels of the forest plot at most */
#define TREND_ALERTS 32 /* alerts listed at most */

/* change_stats: what the Changes section counts once and shows in several places. */
struct change_stats {
	size_t tested;   /* cells the baseline comparison tested */
	size_t reg, imp; /* significant regressions, improvements */
};

/* or_null: s, or TEXT_NULL for a field the file lacked. */
static const char *or_null(const char *s)
{
	return s ? s : TEXT_NULL;
}

/* fmt: v with d decimals (-1: the language's default) into buf. */
static char *fmt(const struct report_builder *r, double v, int d, char *buf)
{
	return text_num(r->nf, v, d, buf, TEXT_NUM_MAX);
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

/* cell_name: "put 100MiB c10". */
static void cell_name(const char *op, uint64_t size, int conc, char *buf, size_t n)
{
	char s[UNITS_SIZE_MAX];

	units_format_size(size, s, sizeof(s));
	snprintf(buf, n, "%s %s c%d", or_null(op), s, conc);
}

/* change_claim: the change claim of cell c (change/OP/SIZE/cC/SUBJECT); NULL when none. */
static const struct results_claim *change_claim(const struct report_builder *r,
						const struct results_change *c)
{
	char id[RESULTS_CLAIM_ID_MAX];

	results_claim_id(id, sizeof(id), "change", NULL, c->key.op, (long long)c->key.size,
			 c->key.concurrency, c->key.subject, NULL);
	return model_claim(r->m, id);
}

/* is_change: whether c's claim has verdict dir (a file without claims[]: its change). */
static int is_change(const struct report_builder *r, const struct results_change *c,
		     const char *dir)
{
	const struct results_claim *k = change_claim(r, c);

	if (k != NULL)
		return strcmp(k->verdict, dir) == 0;
	return !r->m->doc.has_claims && strcmp(or_null(c->change), dir) == 0;
}

static struct change_stats change_stats(const struct report_builder *r,
					const struct results_baseline *b)
{
	struct change_stats st = {0};

	for (size_t i = 0; i < b->n_cells; i++) {
		st.tested += b->cells[i].test != NULL;
		st.reg += is_change(r, &b->cells[i], "regression");
		st.imp += is_change(r, &b->cells[i], "improvement");
	}
	return st;
}

/* changed_rows: the significant cells of direction dir into t. */
static void changed_rows(const struct report_builder *r, struct doc_table *t,
			 const struct results_baseline *b, const char *dir)
{
	for (size_t i = 0; i < b->n_cells; i++) {
		const struct results_change *c = &b->cells[i];
		char name[128], b1[TEXT_NUM_MAX], b2[TEXT_NUM_MAX], range[160];

		if (!is_change(r, c, dir))
			continue;
		doc_table_row(t);
		doc_table_cell(t, 0, or_null(c->key.subject), CELL_ROWHEAD, NULL, NULL);
		cell_name(c->key.op, c->key.size, c->key.concurrency, name, sizeof(name));
		doc_table_cell(t, 1, name, 0, NULL, NULL);
		doc_table_cell(t, 2, fmt(r, c->old, -1, b1), CELL_NUM, NULL, NULL);
		doc_table_cell(t, 3, fmt(r, c->new_, -1, b1), CELL_NUM, NULL, NULL);
		doc_table_cell(t, 4, pct(c->ratio, b1), CELL_NUM | CELL_LEAD, NULL, NULL);
		if (change_claim(r, c) != NULL)
			doc_table_claim(t, 4, change_claim(r, c)->id, NULL);
		snprintf(range, sizeof(range), "%s..%s", pct(c->adj_lo, b1), pct(c->adj_hi, b2));
		doc_table_cell(t, 5, !isnan(c->adj_lo) ? range : TEXT_NULL, CELL_NUM, NULL, NULL);
		doc_table_cell(t, 6, fmt(r, c->p_adj, 4, b1), CELL_NUM, NULL, NULL);
		doc_table_cell(t, 7, pct(c->p50.ratio, b1), CELL_NUM, c->latency_basis, NULL);
	}
}

/* forest: per op (in the order the significant cells name them), each significant
 * change's ratio new/old with its 95 % interval. */
static void forest(struct report_builder *r, const struct results_baseline *b)
{
	struct chart *c = chart_new(CHART_RANGE, rb_str(r, "changes.chart"),
				    rb_str(r, "changes.chart_desc"));
	struct scene *sc = NULL;
	const char *ops[FOREST_OPS];
	size_t nops = 0, k;

	if (c == NULL) {
		fail_oom(r);
		return;
	}
	chart_set_axis(c, rb_str(r, "changes.chart_axis"), "", "");
	for (size_t i = 0; i < b->n_cells; i++) {
		const char *op = or_null(b->cells[i].key.op);

		for (k = 0; k < nops && strcmp(ops[k], op); k++)
			;
		if (k == nops && nops < FOREST_OPS &&
		    (is_change(r, &b->cells[i], "regression") ||
		     is_change(r, &b->cells[i], "improvement")))
			ops[nops++] = op;
	}
	for (k = 0; k < nops; k++) {
		int p = chart_add_panel(c, ops[k]);

		for (size_t i = 0; i < b->n_cells; i++) {
			const struct results_change *x = &b->cells[i];
			char name[128], label[400];

			if ((!is_change(r, x, "regression") && !is_change(r, x, "improvement")) ||
			    strcmp(or_null(x->key.op), ops[k]))
				continue;
			cell_name(x->key.op, x->key.size, x->key.concurrency, name, sizeof(name));
			snprintf(label, sizeof(label), "%s %s", or_null(x->key.subject), name);
			chart_add_range(c, p, label, x->ratio < 1 ? "#c0392b" : "#1e8449",
					x->adj_lo, x->ratio, x->adj_hi);
			if (change_claim(r, x) != NULL)
				chart_set_row_claim(c, p, change_claim(r, x)->id);
		}
	}
	report_add_scene(r, c, REPORT_WIDTH, &sc);
	doc_charts(r->d, &sc, 1, 1);
}

/* summary_counts: the sentence of counts of a file without change/summary into s. */
static void summary_counts(struct report_builder *r, const struct results_baseline *b,
			   const struct change_stats *st, struct strbuf *s)
{
	static const char *const names[] = {"sig", "n", "reg", "imp", "same", "alpha"};
	char v[6][TEXT_NUM_MAX];
	const char *vals[6];

	snprintf(v[0], TEXT_NUM_MAX, "%zu", st->reg + st->imp);
	snprintf(v[1], TEXT_NUM_MAX, "%zu", st->tested);
	snprintf(v[2], TEXT_NUM_MAX, "%zu", st->reg);
	snprintf(v[3], TEXT_NUM_MAX, "%zu", st->imp);
	snprintf(v[4], TEXT_NUM_MAX, "%zu", st->tested - st->reg - st->imp);
	fmt(r, b->alpha, 2, v[5]);
	for (size_t i = 0; i < 6; i++)
		vals[i] = v[i];
	text_subst(s, rb_str(r, "changes.summary"), names, vals, 6);
}

/* changes_summary: the heading naming the baseline and the paragraph of counts: the words
 * of the claim change/summary, marked with it (a file without it: st's counts). */
static void changes_summary(struct report_builder *r, const struct results_baseline *b,
			    const struct change_stats *st)
{
	char v[2][TEXT_NUM_MAX];
	const struct results_claim *sum = model_claim(r->m, "change/summary");
	struct strbuf s = {0}, base = {0};

	if (b->campaign)
		strbuf_addf(&base, "%s, ", b->campaign);
	strbuf_adds(&base, or_null(b->generated));
	text_subst(&s, rb_str(r, "section.changes"), (const char *const[]){"baseline"},
		   (const char *const[]){rb_text(r, &base)}, 1);
	doc_heading(r->d, 1, "changes", rb_text(r, &s));
	strbuf_free(&s);
	strbuf_free(&base);
	/* a claim without words fails the report in the Verdicts section (report_claims) */
	if (sum != NULL && report_claim_words(r->m, r->l, sum, &s) < 0)
		sum = NULL;
	if (sum == NULL)
		summary_counts(r, b, st, &s);
	snprintf(v[0], TEXT_NUM_MAX, "%zu", b->n_only_new);
	snprintf(v[1], TEXT_NUM_MAX, "%zu", b->n_only_old);
	strbuf_adds(&s, " ");
	subst(&s, rb_str(r, "changes.one_side"), "only_new", v[0], "only_old", v[1]);
	if (sum != NULL)
		doc_para_claim(r->d, rb_text(r, &s), sum->id);
	else
		doc_para(r->d, rb_text(r, &s), 1);
	strbuf_free(&s);
}

/* changes: the [changes] section. */
static void changes(struct report_builder *r, const struct results_baseline *b)
{
	struct change_stats st = change_stats(r, b);
	struct doc_table *t;

	changes_summary(r, b, &st);
	if (st.reg + st.imp == 0)
		return;
	forest(r, b);
	t = doc_table(r->d, "changes-table", rb_str(r, "changes.caption"), 8);
	if (t == NULL)
		return;
	doc_table_head(t, 0, rb_str(r, "col.subject"), 2);
	doc_table_head(t, 1, rb_str(r, "changes.col_cell"), 2.4);
	doc_table_head(t, 2, rb_str(r, "changes.col_old"), 1.2);
	doc_table_head(t, 3, rb_str(r, "changes.col_new"), 1.2);
	doc_table_head(t, 4, rb_str(r, "changes.col_change"), 1);
	doc_table_head(t, 5, rb_str(r, "changes.col_ci"), 1.6);
	doc_table_head(t, 6, rb_str(r, "changes.col_padj"), 1);
	doc_table_head(t, 7, rb_str(r, "changes.col_p50"), 1.4);
	changed_rows(r, t, b, "regression");
	changed_rows(r, t, b, "improvement");
	doc_table_foot(t, rb_str(r, "changes.foot"));
}

/* trend_mark: the verdict cell of series s marked with its trend-alert claim (when the
 * results have one). */
static void trend_mark(struct report_builder *r, struct doc_table *t,
		       const struct results_trend_series *s, size_t cols)
{
	char id[RESULTS_CLAIM_ID_MAX];
	const struct results_claim *c;

	results_claim_id(id, sizeof(id), "trend-alert", NULL, s->op, (long long)s->size,
			 s->concurrency, s->subject, NULL);
	if ((c = model_claim(r->m, id)) != NULL)
		doc_table_claim(t, 2 + cols, c->id, NULL);
}

/* trend_state: the series' verdict in the last column: the shift since a build (its
 * interval below; highlighted when confirmed), a watch, steady, not enough history. */
static void trend_state(struct report_builder *r, struct doc_table *t,
			const struct results_trend_series *s, size_t cols)
{
	const struct results_trend_change *ch = s->change;
	const char *st = or_null(ch != NULL ? ch->state : NULL);
	char b1[TEXT_NUM_MAX], b2[TEXT_NUM_MAX], build[32], note[160];
	struct strbuf txt = {0};
	int shift = strcmp(st, "regression") == 0 || strcmp(st, "improvement") == 0;
	int watch = strcmp(st, "watch") == 0;

	if (ch == NULL ||
	    (!shift && !watch && strcmp(st, "steady") && strcmp(st, "insufficient"))) {
		doc_table_cell(t, 2 + cols, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL, NULL);
		return;
	}
	if (!shift && !watch) {
		doc_table_cell(t, 2 + cols,
			       rb_str(r, strcmp(st, "steady") == 0 ? "trend.state_steady"
								   : "trend.state_insufficient"),
			       CELL_NUM | CELL_MUTED, NULL, NULL);
		trend_mark(r, t, s, cols);
		return;
	}
	snprintf(build, sizeof(build), "%lld", ch->since_build);
	subst(&txt, rb_str(r, watch ? "trend.state_watch" : "trend.state_shift"), "change",
	      pct(ch->ratio, b1), "build", build);
	/* an interval end the file lacks reads as 0 */
	snprintf(note, sizeof(note), "%s..%s", pct(isnan(ch->ci_lo) ? 0 : ch->ci_lo, b1),
		 pct(isnan(ch->ci_hi) ? 0 : ch->ci_hi, b2));
	doc_table_cell(t, 2 + cols, rb_text(r, &txt), CELL_NUM | (shift ? CELL_LEAD : 0), note,
		       NULL);
	strbuf_free(&txt);
	trend_mark(r, t, s, cols);
}

/* trend_row: one series: the latest cols builds' figures, then its verdict. */
static void trend_row(struct report_builder *r, struct doc_table *t,
		      const struct results_trend_series *s, size_t cols)
{
	size_t first = s->n_points > cols ? s->n_points - cols : 0;
	char name[128], b1[TEXT_NUM_MAX], b2[TEXT_NUM_MAX], note[160];

	doc_table_row(t);
	doc_table_cell(t, 0, or_null(s->subject), CELL_ROWHEAD, NULL, NULL);
	cell_name(s->op, s->size, s->concurrency, name, sizeof(name));
	doc_table_cell(t, 1, name, 0, NULL, NULL);
	for (size_t i = 0; i < cols; i++) {
		const struct results_trend_point *p;

		if (first + i >= s->n_points) {
			doc_table_cell(t, 2 + i, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL, NULL);
			continue;
		}
		p = &s->points[first + i];
		snprintf(note, sizeof(note), "%s..%s", fmt(r, p->ci_lo, -1, b1),
			 fmt(r, p->ci_hi, -1, b2));
		doc_table_cell(t, 2 + i, fmt(r, p->value, -1, b1), CELL_NUM,
			       !isnan(p->ci_lo) ? note : NULL, NULL);
	}
	trend_state(r, t, s, cols);
}

int report_trend_alert(const struct report_model *m, const struct text_lang *l,
		       const struct results_claim *c, struct strbuf *b)
{
	char cell[128], ch[TEXT_NUM_MAX], lo[TEXT_NUM_MAX], hi[TEXT_NUM_MAX], build[32];
	const char *names[] = {"subject", "cell", "change", "build", "lo", "hi"};
	const char *vals[] = {TEXT_NULL, cell, ch, build, lo, hi};
	int watch = strcmp(c->verdict, "watch") == 0;

	if (strcmp(c->kind, "trend-alert") != 0 || c->op == NULL ||
	    (!watch &&
	     (strcmp(c->verdict, "regression") != 0 || results_claim_num(c, "alert") != 1)))
		return -1;
	if (c->subject >= 0 && (size_t)c->subject < m->nsubjects)
		vals[0] = m->subjects[c->subject].label;
	cell_name(c->op, (uint64_t)c->size, c->concurrency, cell, sizeof(cell));
	snprintf(build, sizeof(build), "%.0f", results_claim_num(c, "since_build"));
	pct(results_claim_num(c, "ratio"), ch);
	pct(results_claim_num(c, "ci_lo"), lo);
	pct(results_claim_num(c, "ci_hi"), hi);
	text_subst(b, text_lang_str(l, watch ? "trend.alert_watch" : "trend.alert_regression"),
		   names, vals, 6);
	return 0;
}

/* trend_alerts: that there is not enough history to judge; the regression alerts of the
 * latest build (or that there are none) and its watches, each worded from its trend-alert
 * claim and marked with it and the summary's. */
static void trend_alerts(struct report_builder *r)
{
	char *items[2 * TREND_ALERTS], *ids[2 * TREND_ALERTS];
	const struct results_claim *sum = model_claim(r->m, "trend-alert/summary");
	const char *id = sum != NULL ? sum->id : NULL;
	size_t n = 0;

	if (!r->m->trend.enough_history) {
		doc_para_claim(r->d, rb_str(r, "trend.not_enough"), id);
		return;
	}
	if (sum == NULL || results_claim_num(sum, "alerts") == 0)
		doc_para_claim(r->d, rb_str(r, "trend.no_regression"), id);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < r->m->doc.n_claims && n < 2 * TREND_ALERTS; i++) {
			const struct results_claim *c = &r->m->doc.claims[i];
			struct strbuf b = {0}, cid = {0};

			if ((strcmp(c->verdict, "watch") == 0) != pass ||
			    report_trend_alert(r->m, r->l, c, &b) < 0)
				continue;
			strbuf_adds(&cid, c->id);
			if (id != NULL) {
				strbuf_adds(&cid, " ");
				strbuf_adds(&cid, id);
			}
			items[n] = strbuf_take(&b);
			ids[n] = strbuf_take(&cid);
			if (items[n] == NULL || ids[n] == NULL) {
				free(items[n]);
				free(ids[n]);
				fail_oom(r);
				break;
			}
			n++;
		}
	if (n)
		doc_list_claims(r->d, (const char *const *)items, (const char *const *)ids, n, 1);
	for (size_t i = 0; i < n; i++) {
		free(items[i]);
		free(ids[i]);
	}
}

/* trend: the [trend] section; its columns are the latest builds of the longest series. */
static void trend(struct report_builder *r)
{
	const struct results_trend *tr = &r->m->trend;
	const struct results_trend_series *longest = NULL;
	size_t cols = 0;
	struct doc_table *t;
	char head[64];

	doc_heading(r->d, 1, "trend", rb_str(r, "section.trend"));
	doc_para(r->d, rb_str(r, "trend.intro"), 0);
	trend_alerts(r);
	for (size_t i = 0; i < tr->n_series; i++)
		if (tr->series[i].n_points > cols) {
			longest = &tr->series[i];
			cols = longest->n_points;
		}
	cols = cols > TREND_COLS ? TREND_COLS : cols;
	t = doc_table(r->d, "trend-table", rb_str(r, "trend.caption"), 3 + cols);
	if (t == NULL)
		return;
	doc_table_head(t, 0, rb_str(r, "col.subject"), 2);
	doc_table_head(t, 1, rb_str(r, "changes.col_cell"), 2.4);
	for (size_t i = 0; i < cols; i++) {
		snprintf(head, sizeof(head), "%s %lld", rb_str(r, "trend.col_build"),
			 longest->points[longest->n_points - cols + i].build);
		doc_table_head(t, 2 + i, head, 1.3);
	}
	doc_table_head(t, 2 + cols, rb_str(r, "trend.col_change"), 1.4);
	for (size_t i = 0; i < tr->n_series; i++)
		trend_row(r, t, &tr->series[i], cols);
	doc_table_foot(t, rb_str(r, "trend.foot"));
}

void report_history(struct report_builder *r)
{
	if (r->m->doc.baseline)
		changes(r, r->m->doc.baseline);
	if (!r->failed && r->m->trend.n_series > 0)
		trend(r);
}
