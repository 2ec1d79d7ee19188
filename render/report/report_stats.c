/* render/report/report_stats.c: the throughput tables (report_tput_table: the cells with their
 * intervals and n, the legend) and the statistics of aggregate.json 1.1 in the report:
 * clear leaders and ties, latency percentiles and the statistics part of the methodology
 * and limitations (see report_int.h; the forest plots are report_forest.c's). A 1.0 file has
 * none of them: these sections then say what is not available. */
#include "render/report/report_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/report/findings.h"
#include "render/model/model_claims.h"
#include "render/model/model_clients.h"
#include "render/model/model_query.h"

/* The table text of a cell's figure (value ± CI half-width, or [lo, hi] when the interval
 * is not symmetric) into text, and "n=k" (or "n=k/N") into note; `objs` picks obj/s over
 * MiB/s. c may be NULL. */
static void tput_cell(struct report_builder *r, const struct results_cell *c, int objs, char *text,
		      size_t tn, char *note, size_t nn)
{
	char v[TEXT_NUM_MAX], a[TEXT_NUM_MAX], b[TEXT_NUM_MAX];
	*note = 0;
	if (c == NULL) {
		snprintf(text, tn, "%s", TEXT_NULL);
		return;
	}
	const struct results_stat *st = objs ? &c->obj_s : &c->mib_s;
	text_num(r->nf, st->value, -1, v, sizeof(v));
	if (c->n_runs && (r->m->has_stats || c->n < c->expected)) /* no runs: not measured */
		snprintf(note, nn, c->n < c->expected ? "n=%d/%d" : "n=%d", c->n, c->expected);
	if (!isfinite(st->value) || !isfinite(st->ci_lo) || !isfinite(st->ci_hi)) {
		snprintf(text, tn, "%s", v);
		return;
	}
	int dec = text_decimals(st->value);
	double lo = st->value - st->ci_lo, hi = st->ci_hi - st->value;
	double big = lo > hi ? lo : hi;
	if (st->ci_method != RESULTS_CI_ORDER && fabs(lo - hi) <= 0.02 * big + 1e-12) {
		snprintf(text, tn, "%s \xc2\xb1 %s", v,
			 text_num(r->nf, big, text_bound_decimals(big, dec), a, sizeof(a)));
		return;
	}
	snprintf(text, tn, "%s [%s, %s]", v,
		 text_num(r->nf, st->ci_lo, text_bound_decimals(st->ci_lo, dec), a, sizeof(a)),
		 text_num(r->nf, st->ci_hi, text_bound_decimals(st->ci_hi, dec), b, sizeof(b)));
}

/* claim_flags: how subject s's cell shows the lead or tail-lead claim c (report_lead_flags). */
static unsigned claim_flags(const struct results_claim *c, int s,
			    const struct results_claim **shown)
{
	*shown = NULL;
	if (c == NULL)
		return 0;
	if (strcmp(c->verdict, "tie") == 0 || strcmp(c->verdict, "unresolved") == 0) {
		if (!model_claim_names(c, s))
			return 0;
		*shown = c;
		return strcmp(c->verdict, "unresolved") == 0 ? CELL_UNRESOLVED : CELL_TIE;
	}
	if (c->subject != s)
		return 0;
	*shown = c;
	return strcmp(c->verdict, "clear") == 0 ? CELL_LEAD : 0;
}

unsigned report_lead_flags(const struct report_model *m, const char *op, uint64_t size, int conc,
			   int s, const struct results_claim **shown)
{
	return claim_flags(model_claim_lead(m, op, size, conc), s, shown);
}

/* cell_claims: cell i of t's last row shows the lead claim lc, the client-limit claim kc
 * (NULL: none) and the claims of its marks (report_flag_mark; "" or NULL: none): their ids
 * as its data-claim, lc's verdict as its data-lead. */
static void cell_claims(struct doc_table *t, size_t i, const struct results_claim *lc,
			const struct results_claim *kc, const char *flags)
{
	char ids[4 * RESULTS_CLAIM_ID_MAX + 4];

	snprintf(ids, sizeof(ids), "%s%s%s%s%s", lc ? lc->id : "", lc && kc ? " " : "",
		 kc ? kc->id : "", (lc || kc) && flags && *flags ? " " : "", flags ? flags : "");
	doc_table_claim(t, i, ids, lc ? lc->verdict : NULL);
}

/* The interval method the cells use (the first one with an interval). */
static enum results_ci ci_method(const struct report_model *m)
{
	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (m->doc.cells[i].mib_s.ci_method != RESULTS_CI_NONE)
			return m->doc.cells[i].mib_s.ci_method;
	return RESULTS_CI_NONE;
}

/* The legend under a throughput table; notes = some cell has n < N. */
static void tput_foot(struct report_builder *r, struct doc_table *t, int notes)
{
	const struct report_model *m = r->m;
	char a[TEXT_NUM_MAX];
	struct strbuf b = {0};
	if (!m->has_stats) {
		strbuf_adds(&b, rb_str(r, notes ? "table.tput_foot_n" : "table.tput_foot"));
		report_policy_rule(r, &b);
		doc_table_foot(t, rb_text(r, &b));
		strbuf_free(&b);
		return;
	}
	subst(&b, rb_str(r, "table.foot_lead"), "alpha",
	      text_short(r->nf, m->doc.statistics.alpha, a, sizeof(a)), NULL, NULL);
	strbuf_adds(&b, " ");
	enum results_ci cm = ci_method(m);
	const char *pol = model_str(m->doc.policy.name);
	strbuf_adds(&b, rb_str(r, strcmp(pol, "best") == 0            ? "table.foot_ci_best"
				  : strcmp(pol, "best-of-means") == 0 ? "table.foot_ci_groups"
				  : cm == RESULTS_CI_ORDER            ? "table.foot_ci_order"
				  : cm == RESULTS_CI_T                ? "table.foot_ci_t"
								      : "table.foot_ci_none"));
	strbuf_adds(&b, " ");
	strbuf_adds(&b, rb_str(r, notes ? "table.foot_n_gaps" : "table.foot_n"));
	report_policy_rule(r, &b);
	doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
}

/* short_window_legend: under op's throughput table at conc, each cell whose runs kept a
 * window too short for its figure (caveat short-window), worded by its claim. */
static void short_window_legend(struct report_builder *r, const char *op, int conc)
{
	const struct report_model *m = r->m;
	struct strbuf b = {0}, ids = {0}, w = {0};
	char id[256], sz[32];

	for (size_t z = 0; z < m->nsizes; z++)
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_claim *k;

			results_claim_id(id, sizeof(id), "caveat", "short-window", op,
					 (long long)m->sizes[z], conc, m->subjects[s].id, NULL);
			if ((k = model_claim(m, id)) == NULL)
				continue;
			w.len = 0;
			if (report_claim_words(m, r->l, k, &w) < 0)
				continue;
			if (b.len)
				strbuf_adds(&b, " ");
			subst(&b, rb_str(r, "table.short_window"), "size",
			      model_size_text(m, r->nf, m->sizes[z], sz, sizeof(sz)), "words",
			      rb_text(r, &w));
			report_ids_add(&ids, k->id);
		}
	if (b.len || b.failed)
		doc_para_claim(r->d, rb_text(r, &b), ids.failed ? NULL : ids.p);
	strbuf_free(&b);
	strbuf_free(&ids);
	strbuf_free(&w);
}

void report_tput_table(struct report_builder *r, const char *op, const char *opname, int conc)
{
	const struct report_model *m = r->m;
	char id[64], cs[16], buf[2 * TEXT_NUM_MAX + 8], sz[32], note[32];
	struct strbuf cap = {0}, wk = {0};
	snprintf(id, sizeof(id), "t-%s-c%d", op, conc);
	snprintf(cs, sizeof(cs), "%d", conc);
	if (report_clients_workers(r, op, conc, &wk))
		subst(&cap, rb_str(r, "table.tput_dist"), "op", opname, "workers", rb_text(r, &wk));
	else
		subst(&cap, rb_str(r, conc == 1 ? "table.tput1" : "table.tput"), "op", opname,
		      "workers", cs);
	strbuf_free(&wk);
	struct doc_table *t = doc_table(r->d, id, rb_text(r, &cap), m->nsubjects + 1);
	strbuf_free(&cap);
	doc_table_head(t, 0, rb_str(r, "col.size"), 1);
	for (size_t s = 0; s < m->nsubjects; s++)
		doc_table_head(t, s + 1, m->subjects[s].label, 1);
	int notes = 0;
	for (size_t k = 0; k < m->nsizes; k++) {
		if (!model_measured(m, op, m->sizes[k], conc))
			continue;
		doc_table_row(t);
		/* zero-byte objects move no bytes: their figure is obj/s (as leaders use) */
		if (m->sizes[k] == 0)
			snprintf(sz, sizeof(sz), "0 B (%s)", rb_str(r, "unit.objs"));
		else
			model_size_text(m, r->nf, m->sizes[k], sz, sizeof(sz));
		doc_table_cell(t, 0, sz, CELL_ROWHEAD, NULL, NULL);
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_cell *c = model_cell(m, (int)s, op, m->sizes[k], conc);
			double v = model_figure(c);
			unsigned fl = CELL_NUM | (isnan(v) ? CELL_MUTED : 0);
			const struct results_claim *lc, *kc;
			struct strbuf fids = {0};
			fl |= report_lead_flags(m, op, m->sizes[k], conc, (int)s, &lc);
			tput_cell(r, c, m->sizes[k] == 0, buf, sizeof(buf), note, sizeof(note));
			kc = report_climit_mark(r, c, buf, sizeof(buf));
			report_flag_mark(r, c, buf, sizeof(buf), &fids);
			if (c && c->n_runs && c->n < c->expected) /* no runs: not measured */
				notes = 1;
			doc_table_cell(t, s + 1, buf, fl, *note ? note : NULL, NULL);
			cell_claims(t, s + 1, lc, kc, fids.p);
			strbuf_free(&fids);
		}
	}
	tput_foot(r, t, notes);
	report_climit_legend(r, op, opname, conc);
	report_flag_legend(r, op, conc);
	short_window_legend(r, op, conc);
}

/* The p50, p99 and p99.9 a latency row shows (NAN: one too few requests bound); *fallback
 * set when they are the runs' own percentiles averaged (no pooled histogram). Returns 0 when
 * there is nothing. */
static int lat_figures(const struct results_cell *c, double *p50, double *p99, double *p999,
		       int *fallback)
{
	*p50 = *p99 = *p999 = NAN;
	*fallback = 0;
	if (c == NULL)
		return 0;
	const struct results_pooled *p = &c->latency_ms.pooled;
	if (p->source != RESULTS_POOL_NONE && isfinite(p->p50)) {
		*p50 = p->p50;
		*p99 = p->has_pct && !p->pct[2].supported ? NAN : p->p99; /* too few requests */
		*p999 = p->has_pct && !p->pct[3].supported ? NAN : p->p999;
		*fallback = p->source == RESULTS_POOL_RUNS;
		return 1;
	}
	*p50 = c->latency_ms.p50;
	*p99 = c->latency_ms.p99;
	*fallback = 1;
	return isfinite(*p50);
}

struct chart *report_latency_chart(struct report_builder *r, const char *op, const char *opname,
				   int conc)
{
	const struct report_model *m = r->m;
	struct strbuf title = {0}, desc = {0};
	char sz[32], a[TEXT_NUM_MAX], b[TEXT_NUM_MAX], row[2 * TEXT_NUM_MAX + 16];
	struct report_workers w;
	const char *names[] = {"op", "workers", "per_client"};
	const char *vals[] = {opname, w.total, w.per_client};
	if (report_workers_at(m, r->l, op, conc, REPORT_WORKERS_BRIEF, &w) < 0)
		fail_oom(r);
	text_subst(&title, rb_str(r, strcmp(w.total, "1") == 0 ? "chart.latpct1" : "chart.latpct"),
		   names, vals, 3);
	if (report_workers_at(m, r->l, op, conc, REPORT_WORKERS_LONG, &w) < 0)
		fail_oom(r);
	text_subst(&desc, report_str_count(r->l, "chart.latpct_desc", w.total), names, vals, 3);
	struct chart *c = chart_new(CHART_RANGE, rb_text(r, &title), rb_text(r, &desc));
	strbuf_free(&title);
	strbuf_free(&desc);
	if (c == NULL)
		return NULL;
	chart_set_axis(c, rb_str(r, "unit.ms"), "", "");
	for (size_t z = 0; z < m->nsizes; z++) {
		if (!model_measured(m, op, m->sizes[z], conc))
			continue;
		int p = chart_add_panel(c, model_size_text(m, r->nf, m->sizes[z], sz, sizeof(sz)));
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_cell *cell = model_cell(m, (int)s, op, m->sizes[z],
								     conc);
			double p50, p99, p999;
			int fb;
			char lab[256];
			struct strbuf rids = {0};
			snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
			const struct results_claim *kc = report_climit_mark(r, cell, lab,
									    sizeof(lab));
			if (kc != NULL)
				strbuf_adds(&rids, kc->id);
			report_flag_mark(r, cell, lab, sizeof(lab), &rids);
			if (!lat_figures(cell, &p50, &p99, &p999, &fb)) {
				chart_add_range_mark(c, p, lab, m->subjects[s].color, NAN, NAN, NAN,
						     NAN, NULL);
				chart_set_row_claim(c, p, rids.p);
				if (report_flag_void(m, cell))
					chart_set_row_aside(c, p);
				strbuf_free(&rids);
				continue;
			}
			if (isnan(p99))
				snprintf(row, sizeof(row), "%s%s",
					 text_num(r->nf, p50, -1, a, sizeof(a)), fb ? " *" : "");
			else
				snprintf(row, sizeof(row), "%s\xe2\x80\x93%s%s",
					 text_num(r->nf, p50, -1, a, sizeof(a)),
					 text_num(r->nf, p99, -1, b, sizeof(b)), fb ? " *" : "");
			char n[32] = "";
			chart_add_range_mark(c, p, lab, m->subjects[s].color, p50, p50, p99, p999,
					     row);
			chart_set_row_claim(c, p, rids.p);
			if (report_flag_void(m, cell))
				chart_set_row_aside(c, p);
			strbuf_free(&rids);
			if (model_pooled(cell))
				snprintf(n, sizeof(n), "%llu",
					 (unsigned long long)cell->latency_ms.pooled.requests);
			chart_set_row_n(c, p, n);
		}
	}
	return c;
}

/* any_cpu: whether some cell of op carries the client's CPU per request. */
static int any_cpu(const struct report_model *m, const char *op)
{
	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (strcmp(m->doc.cells[i].op, op) == 0 &&
		    isfinite(m->doc.cells[i].cpu_us_per_request))
			return 1;
	return 0;
}

/* 1 when some cell's pooled latency carries support flags and intervals, or some claim is a
 * tail lead. */
static int tails_pct(const struct report_model *m)
{
	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (m->doc.cells[i].latency_ms.pooled.has_pct)
			return 1;
	for (size_t i = 0; i < m->doc.n_claims; i++)
		if (strcmp(m->doc.claims[i].kind, "tail-lead") == 0)
			return 1;
	return 0;
}

/* The marks of subject s's percentile pct ("p50", "p99") in a category from its tail-lead
 * claim, as report_lead_flags marks throughput; *shown: the claim the cell shows. */
static unsigned tail_flags(const struct report_model *m, const char *op, uint64_t size, int conc,
			   int s, const char *pct, const struct results_claim **shown)
{
	return claim_flags(model_claim_tail_lead(m, op, size, conc, pct), s, shown);
}

/* Pooled percentile i of p (figure v) as the latency table shows it into buf: "v [lo, hi]"
 * with its interval, "too few requests (n = N)" when the requests cannot bound it (then
 * *muted), else v alone (a file without intervals, or the runs' fallback). */
static void pct_text(struct report_builder *r, const struct results_pooled *p, int i, double v,
		     char *buf, size_t n, int *muted)
{
	char a[TEXT_NUM_MAX], b[TEXT_NUM_MAX], x[TEXT_NUM_MAX];
	*muted = isnan(v);
	if (p->has_pct && !p->pct[i].supported) {
		struct strbuf t = {0};
		text_num(r->nf, (double)p->requests, 0, a, sizeof(a));
		subst(&t, rb_str(r, "lat.too_few"), "n", a, NULL, NULL);
		snprintf(buf, n, "%s", rb_text(r, &t));
		strbuf_free(&t);
		*muted = 1;
		return;
	}
	text_num(r->nf, v, -1, x, sizeof(x));
	if (!p->has_pct || isnan(v) || isnan(p->pct[i].lo) || isnan(p->pct[i].hi)) {
		snprintf(buf, n, "%s", x);
		return;
	}
	int dec = text_decimals(v);
	snprintf(
		buf, n, "%s [%s, %s]", x,
		text_num(r->nf, p->pct[i].lo, text_bound_decimals(p->pct[i].lo, dec), a, sizeof(a)),
		text_num(r->nf, p->pct[i].hi, text_bound_decimals(p->pct[i].hi, dec), b,
			 sizeof(b)));
}

/* One table per op: the pooled percentiles of every cell some run measured (rows =
 * workers × size × subject), each with its interval or "too few requests", the tail
 * leaders' p50 and p99 marked, and the client's CPU per request where runs recorded it. */
static void latency_table(struct report_builder *r, const char *op, const char *opname)
{
	const struct report_model *m = r->m;
	char id[48], sz[32], w[64], buf[3 * TEXT_NUM_MAX + 64];
	struct strbuf cap = {0};
	size_t nv = any_cpu(m, op) ? 7 : 6;
	unsigned marks = 0; /* ‡ only: report_flag_legend says § and † below */
	snprintf(id, sizeof(id), "t-lat-%s", op);
	subst(&cap, rb_str(r, "table.latpct"), "op", opname, NULL, NULL);
	struct doc_table *t = doc_table(r->d, id, rb_text(r, &cap), 3 + nv);
	strbuf_free(&cap);
	static const char *const heads[] = {
		"col.subject", "col.size", "col.workers_short", "col.p50",      "col.p90",
		"col.p99",     "col.p999", "col.max",           "col.requests", "col.cpu_req"};
	for (size_t i = 0; i < 3 + nv; i++)
		doc_table_head(t, i, rb_str(r, heads[i]),
			       i == 0                 ? 1.6
			       : i == 1               ? 0.9
			       : i >= 3 && i <= 6     ? 1.4
			       : i != 2               ? 0.8
			       : model_distributed(m) ? 0.9
						      : 0.5); /* "24 (3 × 8)" on one line */
	for (size_t k = 0; k < m->nconc; k++)
		for (size_t z = 0; z < m->nsizes; z++)
			for (size_t s = 0; s < m->nsubjects; s++) {
				const struct results_cell *c = model_cell(
					m, (int)s, op, m->sizes[z], m->concurrency[k]);
				if (c == NULL ||
				    (!c->n_runs && !c->n)) /* a configuration it never ran */
					continue;
				const struct results_pooled *p = &c->latency_ms.pooled;
				int ok = p->source != RESULTS_POOL_NONE;
				double v[7] = {ok ? p->p50 : NAN,
					       ok ? p->p90 : NAN,
					       ok ? p->p99 : NAN,
					       ok ? p->p999 : NAN,
					       ok ? p->max : NAN,
					       ok && p->requests ? (double)p->requests : NAN,
					       c->cpu_us_per_request};
				char lab[256];
				const struct results_claim *kc;
				snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
				struct strbuf rids = {0};
				kc = report_climit_mark(r, c, lab, sizeof(lab));
				if (kc != NULL)
					strbuf_adds(&rids, kc->id);
				marks |= kc != NULL ? 1u : 0;
				report_flag_mark(r, c, lab, sizeof(lab), &rids);
				doc_table_row(t);
				doc_table_cell(t, 0, lab, CELL_ROWHEAD,
					       ok && p->source == RESULTS_POOL_RUNS ? "*" : NULL,
					       m->subjects[s].color);
				if (rids.len)
					doc_table_claim(t, 0, rids.p, NULL);
				strbuf_free(&rids);
				doc_table_cell(
					t, 1,
					model_size_text(m, r->nf, m->sizes[z], sz, sizeof(sz)), 0,
					NULL, NULL);
				report_workers_cell(r->l, c->concurrency, c->clients, w, sizeof(w));
				doc_table_cell(t, 2, w, CELL_NUM, NULL, NULL);
				for (size_t i = 0; i < nv; i++) {
					int muted = isnan(v[i]);
					unsigned f = 0;
					const struct results_claim *tc = NULL;
					if (i < 4 && ok)
						pct_text(r, p, (int)i, v[i], buf, sizeof(buf),
							 &muted);
					else
						text_num(r->nf, v[i],
							 i == 5   ? 0
							 : i == 6 ? 1
								  : -1,
							 buf, sizeof(buf));
					if ((i == 0 || i == 2) && !muted)
						f = tail_flags(m, op, m->sizes[z],
							       m->concurrency[k], (int)s,
							       i ? "p99" : "p50", &tc);
					doc_table_cell(t, i + 3, buf,
						       CELL_NUM | f | (muted ? CELL_MUTED : 0),
						       NULL, NULL);
					if (tc != NULL)
						doc_table_claim(t, i + 3, tc->id, tc->verdict);
				}
			}
	struct strbuf foot = {0};
	strbuf_adds(&foot, rb_str(r, tails_pct(m) ? "table.latpct_foot_ci" : "table.latpct_foot"));
	if (nv == 7) {
		strbuf_adds(&foot, " ");
		strbuf_adds(&foot, rb_str(r, "table.latpct_foot_cpu"));
	}
	report_marks_legend(r, marks, &foot);
	doc_table_foot(t, rb_text(r, &foot));
	strbuf_free(&foot);
	report_flag_legend(r, op, -1);
}

void report_latency_tables(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char opname[32];
	int pooled = 0;
	for (size_t i = 0; i < m->doc.n_cells && !pooled; i++)
		pooled = model_pooled(&m->doc.cells[i]);
	if (!pooled) {
		doc_para(r->d, rb_str(r, "latency.no_pooled"), 0);
		return;
	}
	for (size_t o = 0; o < m->nops; o++)
		latency_table(r, m->ops[o],
			      report_op_name(r->l, m->ops[o], opname, sizeof(opname)));
}

void report_methodology_stats(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char conf[TEXT_NUM_MAX], alpha[TEXT_NUM_MAX], pow[TEXT_NUM_MAX], fam[16];
	const char *names[] = {"confidence", "alpha", "family", "power"};
	const char *vals[] = {conf, alpha, fam, pow};
	struct strbuf b = {0};
	doc_heading(r->d, 2, "statistics", rb_str(r, "section.statistics"));
	if (!m->has_stats) {
		doc_para(r->d, rb_str(r, "stats.none"), 1);
		return;
	}
	text_short(r->nf, m->confidence * 100, conf, sizeof(conf));
	text_short(r->nf, m->doc.statistics.alpha, alpha, sizeof(alpha));
	text_short(r->nf, isnan(m->doc.statistics.power) ? 80 : m->doc.statistics.power * 100, pow,
		   sizeof(pow));
	snprintf(fam, sizeof(fam), "%lld", m->doc.statistics.family);
	text_subst(&b, rb_str(r, "stats.line"), names, vals, 4);
	doc_para(r->d, rb_text(r, &b), 1);
	strbuf_free(&b);
	report_prose(r, "statistics.txt");
}

void report_limitations_stats(struct report_builder *r)
{
	const struct report_model *m = r->m;
	double lo = INFINITY, hi = -INFINITY;
	int untested = 0;
	char a[TEXT_NUM_MAX], b[TEXT_NUM_MAX], n[16];
	struct strbuf s = {0};
	if (!m->has_stats) {
		doc_para(r->d, rb_str(r, "limits.none"), 0);
		return;
	}
	for (size_t i = 0; i < m->doc.n_claims; i++) {
		const struct results_claim *c = &m->doc.claims[i];
		double d = results_claim_num(c, "detectable_ratio");
		if (strcmp(c->kind, "lead") != 0)
			continue;
		untested += strcmp(c->verdict, "untested") == 0;
		if (isfinite(d)) {
			lo = d < lo ? d : lo;
			hi = d > hi ? d : hi;
		}
	}
	snprintf(n, sizeof(n), "%d", m->campaign_cycles);
	if (isfinite(lo)) {
		const char *names[] = {"cycles", "lo", "hi"};
		const char *vals[] = {n, text_num(r->nf, (lo - 1) * 100, 0, a, sizeof(a)),
				      text_num(r->nf, (hi - 1) * 100, 0, b, sizeof(b))};
		text_subst(&s, rb_str(r, "limits.detectable"), names, vals, 3);
	}
	if (untested) {
		if (s.len)
			strbuf_adds(&s, " ");
		subst(&s, rb_str(r, "limits.untested"), "cycles", n, NULL, NULL);
	}
	if (s.len || s.failed) /* rb_text() marks the report failed when s ran out of memory */
		doc_para(r->d, rb_text(r, &s), 0);
	strbuf_free(&s);
}
