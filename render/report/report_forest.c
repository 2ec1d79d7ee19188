/* render/report/report_forest.c: the forest plots of the report's Statistics section: per op
 * each subject's throughput ratio against the lead claim's reference subject with its
 * interval, per configuration (report_forest), and the same for the p99 latency ratios of
 * the tail comparisons (report_tail_forest); docs/METHODOLOGY.md, "Comparisons". */
#include "render/report/report_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/model/model_claims.h"
#include "render/model/model_query.h"

/* "1.41 [1.35, 1.46]", with "unpaired" for Welch, or "not enough runs". */
static void ratio_text(struct report_builder *r, const struct results_comparison *k, double v,
		       double lo, double hi, const char *who, struct strbuf *b)
{
	char x[TEXT_NUM_MAX], y[TEXT_NUM_MAX], z[TEXT_NUM_MAX];
	if (who)
		strbuf_addf(b, "%s: ", who);
	if (k->test == RESULTS_TEST_NONE || !isfinite(v)) {
		strbuf_adds(b,
			    rb_str(r, k->verdict != NULL && strcmp(k->verdict, "unsupported") == 0
					      ? "forest.too_few"
					      : "forest.not_enough"));
		return;
	}
	strbuf_addf(b, "%s [%s, %s]", text_num(r->nf, v, 2, x, sizeof(x)),
		    text_num(r->nf, lo, text_bound_decimals(lo, 2), y, sizeof(y)),
		    text_num(r->nf, hi, text_bound_decimals(hi, 2), z, sizeof(z)));
	if (k->test == RESULTS_TEST_WELCH)
		strbuf_addf(b, " %s", rb_str(r, "forest.welch"));
}

/* estimate_claims: the text of an estimate of s against top in a category marked when either
 * cell is client-limited or flagged (report_flag_mark) (text, n bytes), and the ids it shows
 * into ids: the category's lead claim (a throughput estimate), the two cells' client-limit
 * claims and their marks' claims. */
static void estimate_claims(struct report_builder *r, const char *op, uint64_t size, int conc,
			    int s, int top, enum results_tail tail, char *text, size_t n,
			    struct strbuf *ids)
{
	const struct report_model *m = r->m;
	const struct results_cell *cs = model_cell(m, s, op, size, conc),
				  *ct = model_cell(m, top, op, size, conc);
	const struct results_claim *lc = tail ? NULL : model_claim_lead(m, op, size, conc);
	const struct results_claim *ks = report_climit_mark(r, cs, text, n);
	const struct results_claim *kt = ks != NULL ? model_claim_cell(m, "client-limit", ct)
						    : report_climit_mark(r, ct, text, n);
	const struct results_claim *v[] = {lc, ks, kt};

	for (size_t i = 0; i < 3; i++)
		if (v[i] != NULL)
			strbuf_addf(ids, "%s%s", ids->len ? " " : "", v[i]->id);
	report_flag_mark(r, cs, text, n, ids);
	report_flag_mark(r, ct, text, n, ids);
}

/* One estimate: subject s against subject top (s/top) in a category, of throughput or of
 * percentile `tail`, marked with the claims it shows (estimate_claims). */
static void estimate(struct report_builder *r, struct chart *c, int p, const char *op,
		     uint64_t size, int conc, int s, int top, int named, enum results_tail tail)
{
	const struct report_model *m = r->m;
	int sw = 0;
	const struct results_comparison *k = model_tail_comparison(m, op, size, conc, s, top, tail,
								   &sw);
	struct strbuf b = {0}, ids = {0};
	char text[512];
	if (k == NULL)
		return;
	double v = sw ? 1 / k->ratio : k->ratio;
	/* the adjusted interval: it excludes 1 exactly when the point is filled */
	double lo = sw ? 1 / k->adj_hi : k->adj_lo, hi = sw ? 1 / k->adj_lo : k->adj_hi;
	ratio_text(r, k, v, lo, hi, named ? m->subjects[s].label : NULL, &b);
	snprintf(text, sizeof(text), "%s", rb_text(r, &b));
	estimate_claims(r, op, size, conc, s, top, tail, text, sizeof(text), &ids);
	chart_add_estimate(c, p, m->subjects[s].color, k->test == RESULTS_TEST_NONE ? NAN : v, lo,
			   hi, k->significant, text);
	chart_set_row_claim(c, p, rb_text(r, &ids));
	strbuf_free(&ids);
	char n[24];
	if (k->test == RESULTS_TEST_PAIRED)
		snprintf(n, sizeof(n), "%lld", k->pairs);
	else
		snprintf(n, sizeof(n), "%lld/%lld", sw ? k->n_b : k->n_a, sw ? k->n_a : k->n_b);
	chart_set_row_n(c, p, n);
	strbuf_free(&b);
}

/* forest_top: the subject a forest row compares the others with: the subject of the
 * category's lead claim (throughput) or of its tail-lead claim (a percentile tail); -1:
 * none. */
static int forest_top(const struct report_model *m, const char *op, uint64_t size, int conc,
		      enum results_tail tail)
{
	const struct results_claim *c;

	if (tail)
		c = model_claim_tail_lead(m, op, size, conc,
					  tail == RESULTS_TAIL_P99 ? "p99" : "p50");
	else
		c = model_claim_lead(m, op, size, conc);
	return c != NULL ? c->subject : -1;
}

/* forest_series: the legend of a forest plot of op, a series per subject, its label marked
 * where its cells of op are (report_flag_subject). */
static void forest_series(struct report_builder *r, struct chart *c, const char *op)
{
	const struct report_model *m = r->m;

	for (size_t s = 0; s < m->nsubjects; s++) {
		char lab[256];
		struct strbuf ids = {0};

		snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
		report_flag_subject(r->m, (int)s, op, UINT64_MAX, -1, lab, sizeof(lab), &ids);
		chart_set_series_claim(c, chart_add_series(c, lab, m->subjects[s].color), ids.p);
		strbuf_free(&ids);
	}
}

/* The rows of the forest plot of op (throughput's, or percentile tail's against the tail
 * leader): one per size × workers some run measured. */
static void forest_rows(struct report_builder *r, struct chart *c, const char *op,
			enum results_tail tail)
{
	const struct report_model *m = r->m;
	int p = chart_add_panel(c, "");
	char sz[32];
	struct report_workers w;
	const char *names[] = {"size", "workers", "per_client"};
	const char *vals[] = {sz, w.total, w.per_client};
	for (size_t k = 0; k < m->nconc; k++)
		for (size_t z = 0; z < m->nsizes; z++) {
			if (!model_measured(m, op, m->sizes[z], m->concurrency[k]))
				continue;
			int top = forest_top(m, op, m->sizes[z], m->concurrency[k], tail);
			struct strbuf lab = {0};
			model_size_text(m, r->nf, m->sizes[z], sz, sizeof(sz));
			if (report_workers_at(m, r->l, op, m->concurrency[k], REPORT_WORKERS_BRIEF,
					      &w) < 0)
				fail_oom(r);
			if (m->nsubjects == 2) {
				text_subst(&lab, rb_str(r, "forest.row"), names, vals, 3);
				chart_add_row(c, p, rb_text(r, &lab));
				estimate(r, c, p, op, m->sizes[z], m->concurrency[k], 0, 1, 0,
					 tail);
			} else if (top >= 0) {
				char row[320];
				text_subst(&lab, rb_str(r, "forest.row"), names, vals, 3);
				snprintf(row, sizeof(row), "%s %s", rb_text(r, &lab),
					 rb_str(r, "forest.vs"));
				char tl[256];
				struct strbuf ids = {0};
				strbuf_free(&lab);
				snprintf(tl, sizeof(tl), "%s", m->subjects[top].label);
				report_flag_subject(m, top, op, m->sizes[z], m->concurrency[k], tl,
						    sizeof(tl), &ids);
				subst(&lab, row, "top", tl, NULL, NULL);
				chart_add_row(c, p, rb_text(r, &lab));
				chart_set_row_claim(c, p, ids.p);
				strbuf_free(&ids);
				for (size_t s = 0; s < m->nsubjects; s++)
					if ((int)s != top)
						estimate(r, c, p, op, m->sizes[z],
							 m->concurrency[k], (int)s, top, 1, tail);
			}
			strbuf_free(&lab);
		}
}

/* 1 when some comparison (of throughput, or percentile tail) of op in a measured
 * configuration was tested (a forest plot of rows that all say "not enough runs" would be a
 * chart with nothing drawn). */
static int forest_tested(const struct report_model *m, const char *op, enum results_tail tail)
{
	for (size_t i = 0; i < m->doc.n_comparisons; i++) {
		const struct results_comparison *k = &m->doc.comparisons[i];
		if (k->tail == tail && k->test != RESULTS_TEST_NONE && isfinite(k->ratio) &&
		    strcmp(k->op, op) == 0 && model_measured(m, op, k->size, k->concurrency))
			return 1;
	}
	return 0;
}

void report_forest(struct report_builder *r, const char *op, const char *opname)
{
	const struct report_model *m = r->m;
	struct strbuf title = {0}, desc = {0}, id = {0};
	struct scene *sc = NULL;
	strbuf_addf(&id, "%s-forest", op);
	subst(&title, rb_str(r, "section.forest"), "op", opname, NULL, NULL);
	doc_heading(r->d, 2, rb_text(r, &id), rb_text(r, &title));
	strbuf_free(&title);
	if (!m->has_stats || m->nsubjects < 2 || !forest_tested(m, op, RESULTS_TAIL_NONE)) {
		doc_para(r->d,
			 rb_str(r, m->nsubjects < 2 ? "forest.one"
				   : !m->has_stats  ? "forest.none"
						    : "forest.untested"),
			 0);
		goto done;
	}
	const char *a = m->subjects[0].label, *b = m->nsubjects > 1 ? m->subjects[1].label : "";
	if (m->nsubjects == 2) {
		subst(&title, rb_str(r, "chart.forest2"), "a", a, "b", b);
		subst(&desc, rb_str(r, "chart.forest2_desc"), "a", a, "b", b);
	} else {
		subst(&title, rb_str(r, "chart.forest"), "op", opname, NULL, NULL);
		subst(&desc, rb_str(r, "chart.forest_desc"), "op", opname, NULL, NULL);
	}
	struct strbuf t2 = {0}, d2 = {0};
	char level[TEXT_NUM_MAX]; /* the adjusted intervals' joint coverage, 1 - alpha */
	text_short(r->nf, (1 - m->doc.statistics.alpha) * 100, level, sizeof(level));
	subst(&t2, rb_text(r, &title), "op", opname, "level", level);
	subst(&d2, rb_text(r, &desc), "level", level, NULL, NULL);
	struct chart *c = chart_new(CHART_FOREST, rb_text(r, &t2), rb_text(r, &d2));
	strbuf_free(&t2);
	strbuf_free(&d2);
	if (c) {
		chart_set_axis(c, rb_str(r, "axis.ratio"), "", "");
		if (m->nsubjects > 2)
			forest_series(r, c, op);
		forest_rows(r, c, op, RESULTS_TAIL_NONE);
	}
	report_add_scene(r, c, REPORT_WIDTH, &sc);
	strbuf_free(&t2);
	strbuf_addf(&t2, "forest/%s", op);
	report_scene_about(r, sc, rb_text(r, &t2));
	strbuf_free(&t2);
	doc_charts(r->d, &sc, 1, 1);
	doc_para(r->d, rb_str(r, m->nsubjects == 2 ? "forest.read2" : "forest.read"), 0);
done:
	strbuf_free(&title);
	strbuf_free(&desc);
	strbuf_free(&id);
}

void report_tail_forest(struct report_builder *r, const char *op, const char *opname)
{
	const struct report_model *m = r->m;
	int two = m->nsubjects == 2;
	struct strbuf title = {0}, desc = {0}, id = {0};
	struct scene *sc = NULL;
	char level[TEXT_NUM_MAX];
	if (!m->has_stats || m->nsubjects < 2 || !forest_tested(m, op, RESULTS_TAIL_P99))
		return;
	text_short(r->nf, (1 - m->doc.statistics.alpha) * 100, level, sizeof(level));
	strbuf_addf(&id, "%s-tail-forest", op);
	subst(&title, rb_str(r, "section.tail_forest"), "op", opname, NULL, NULL);
	doc_heading(r->d, 2, rb_text(r, &id), rb_text(r, &title));
	strbuf_free(&title);
	const char *names[] = {"op", "level", "a", "b"};
	const char *vals[] = {opname, level, m->subjects[0].label, m->subjects[1].label};
	text_subst(&title, rb_str(r, two ? "chart.tail_forest2" : "chart.tail_forest"), names, vals,
		   4);
	text_subst(&desc, rb_str(r, two ? "chart.tail_forest2_desc" : "chart.tail_forest_desc"),
		   names, vals, 4);
	struct chart *c = chart_new(CHART_FOREST, rb_text(r, &title), rb_text(r, &desc));
	if (c) {
		chart_set_axis(c, rb_str(r, "axis.tail_ratio"), "", "");
		if (!two)
			forest_series(r, c, op);
		forest_rows(r, c, op, RESULTS_TAIL_P99);
	}
	report_add_scene(r, c, REPORT_WIDTH, &sc);
	strbuf_free(&id);
	strbuf_addf(&id, "tail-forest/%s", op);
	report_scene_about(r, sc, rb_text(r, &id));
	doc_charts(r->d, &sc, 1, 1);
	doc_para(r->d, rb_str(r, two ? "tail_forest.read2" : "tail_forest.read"), 0);
	strbuf_free(&title);
	strbuf_free(&desc);
	strbuf_free(&id);
}
