/* render/report/report_time.c: the distribution and time charts (see report_int.h). */
#include "render/report/report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart_xy.h"
#include "render/model/model_query.h"

struct tb {
	struct report_builder *r;
	struct scene **sc; /* the charts of the section being built */
	size_t nsc, cap;
};

/* The string `key` with {op} (opname), {size}, {workers} and {per_client} (conc workers
 * per client of op's cells; the long form for a description, key "..._desc") replaced,
 * into buf; out of memory marks the section failed (no truncated text is shown). */
static const char *fill(struct tb *t, const char *key, const char *op, const char *opname,
			const char *size, int conc, char *buf, size_t n)
{
	struct report_workers w;
	struct strbuf b = {0};
	const char *names[] = {"op", "size", "workers", "per_client"};
	const char *vals[] = {opname, size, w.total, w.per_client};
	int desc = strstr(key, "_desc") != NULL;
	if (report_workers_at(t->r->m, t->r->l, op, conc,
			      desc ? REPORT_WORKERS_LONG : REPORT_WORKERS_BRIEF, &w) < 0)
		b.failed = 1;
	text_subst(&b, report_str_count(t->r->l, key, w.total), names, vals, 4);
	snprintf(buf, n, "%s", rb_text(t->r, &b));
	strbuf_free(&b);
	return buf;
}

/* Lay c out half the text width and keep the scene for the section's charts; its
 * description gains the data sentence `key` (report_xy_describe); about (NULL: none) says
 * what it is about (report_scene_about). */
static void add_chart(struct tb *t, struct xychart *c, const char *key, const char *unit_key,
		      int x_whole, const char *about)
{
	struct scene *s = NULL;
	if (c && t->nsc == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 8;
		struct scene **v = realloc(t->sc, cap * sizeof(*v));
		if (v == NULL) {
			chart_xy_free(c);
			c = NULL;
		} else {
			t->sc = v;
			t->cap = cap;
		}
	}
	if (c == NULL) {
		fail_oom(t->r);
		return;
	}
	if (chart_xy_is_empty(c)) {
		report_say_empty(t->r, chart_xy_title(c), NULL);
		chart_xy_free(c);
		return;
	}
	report_xy_describe(t->r, c, key, unit_key, x_whole);
	s = chart_xy_layout(c, t->r->f, t->r->nf, REPORT_HALF, t->r->e);
	chart_xy_free(c);
	if (s == NULL) {
		t->r->failed = 1;
		return;
	}
	if (about != NULL)
		report_scene_about(t->r, s, about);
	t->sc[t->nsc++] = s;
}

/* Hand the section's charts to the document, two side by side. */
static void flush_charts(struct tb *t)
{
	if (t->nsc)
		doc_charts(t->r->d, t->sc, t->nsc, 2);
	t->nsc = 0;
}

/* The cell's pooled latency quantiles (latency_ms.pooled.quantiles): how many, and the
 * i-th as q (0..1) and ms. The only two places that know the model's field. */
static size_t cdf_n(const struct results_cell *c)
{
	return c ? c->latency_ms.pooled.n_quant : 0;
}

static void cdf_point(const struct results_cell *c, size_t i, double *q, double *ms)
{
	*q = c->latency_ms.pooled.quant_q[i];
	*ms = c->latency_ms.pooled.quant_ms[i];
}

static int has_quantiles(const struct results_cell *c)
{
	return cdf_n(c) >= 2;
}

static int has_runs(const struct results_cell *c)
{
	for (size_t i = 0; c && i < c->n_runs; i++)
		if (c->runs[i].included && isfinite(c->runs[i].mib_s))
			return 1;
	return 0;
}

/* The highest concurrency at which some subject's cell of op × size passes `has`;
 * 0 when none does. */
static int top_conc(const struct report_model *m, const char *op, uint64_t size,
		    int (*has)(const struct results_cell *))
{
	int best = 0;
	for (size_t k = 0; k < m->nconc; k++)
		for (size_t s = 0; s < m->nsubjects; s++)
			if (m->concurrency[k] > best &&
			    has(model_cell(m, (int)s, op, size, m->concurrency[k])))
				best = m->concurrency[k];
	return best;
}

/* subject_series: subject s's series in c for cell, its label marked when the cell is
 * client-limited or flagged and the series carrying those claims (report_climit_mark,
 * report_flag_mark); its index. */
static int subject_series(struct tb *t, struct xychart *c, int s, const struct results_cell *cell)
{
	const struct report_model *m = t->r->m;
	char lab[256];
	const struct results_claim *kc;
	int si;

	struct strbuf ids = {0};

	snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
	kc = report_climit_mark(t->r, cell, lab, sizeof(lab));
	if (kc != NULL)
		strbuf_adds(&ids, kc->id);
	report_flag_mark(t->r, cell, lab, sizeof(lab), &ids);
	si = chart_xy_add_series(c, lab, m->subjects[s].color);
	chart_xy_set_claim(c, si, ids.p);
	strbuf_free(&ids);
	return si;
}

/* about: "KIND/OP/SIZE/cCONC", what a chart of one category is about, into buf. */
static const char *about(const char *kind, const char *op, uint64_t size, int conc, char *buf,
			 size_t n)
{
	snprintf(buf, n, "%s/%s/%llu/c%d", kind, op, (unsigned long long)size, conc);
	return buf;
}

static void cdf_chart(struct tb *t, const char *op, const char *opname, uint64_t size, int conc)
{
	const struct report_model *m = t->r->m;
	char sz[64], title[256], desc[512], ab[160];
	model_size_text(m, t->r->nf, size, sz, sizeof(sz));
	fill(t, "chart.cdf", op, opname, sz, conc, title, sizeof(title));
	fill(t, "chart.cdf_desc", op, opname, sz, conc, desc, sizeof(desc));
	struct xychart *c = chart_xy_new(title, desc);
	if (c) {
		chart_xy_set_x(c, rb_str(t->r, "axis.latency_log"), XY_LOG, NAN, NAN);
		chart_xy_set_y(c, rb_str(t->r, "axis.requests_pct"), 0, 100);
		chart_xy_set_markers(c, 0);
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_cell *cell = model_cell(m, (int)s, op, size, conc);
			if (!has_quantiles(cell))
				continue;
			int si = subject_series(t, c, (int)s, cell);
			chart_xy_set_n(c, si, "1"); /* each point: one run's figure */
			for (size_t i = 0; i < cdf_n(cell); i++) {
				double q, ms;
				cdf_point(cell, i, &q, &ms);
				chart_xy_add_point(c, si, ms, q * 100, 0);
			}
		}
	}
	add_chart(t, c, "desc.cdf", "unit.ms", 0, about("cdf", op, size, conc, ab, sizeof(ab)));
}

void report_time_cdf(struct report_builder *r)
{
	const struct report_model *m = r->m;
	struct tb t = {r, NULL, 0, 0};
	char opname[32];
	int any = 0;
	for (size_t o = 0; o < m->nops; o++)
		for (size_t z = 0; z < m->nsizes; z++)
			any |= top_conc(m, m->ops[o], m->sizes[z], has_quantiles) > 0;
	if (!any) {
		doc_para(r->d, rb_str(r, "cdf.na"), 0);
		return;
	}
	doc_heading(r->d, 2, "latency-cdf", rb_str(r, "section.cdf"));
	doc_para(r->d, rb_str(r, "cdf.intro"), 0);
	for (size_t o = 0; o < m->nops && !r->failed; o++) {
		report_op_name(r->l, m->ops[o], opname, sizeof(opname));
		for (size_t z = 0; z < m->nsizes && !r->failed; z++) {
			int conc = top_conc(m, m->ops[o], m->sizes[z], has_quantiles);
			if (conc)
				cdf_chart(&t, m->ops[o], opname, m->sizes[z], conc);
		}
	}
	flush_charts(&t);
	for (size_t i = 0; i < t.nsc; i++)
		scene_free(t.sc[i]);
	free(t.sc);
}

/* The time series of op: one line per subject, the seconds outside `kept` faint. */
static void series_chart(struct tb *t, const char *op, const char *opname)
{
	const struct report_model *m = t->r->m;
	const struct results_series *first = NULL;
	size_t longest = 0;
	for (size_t s = 0; s < m->nsubjects; s++) {
		const struct results_series *ts = model_timeseries(m, (int)s, op);
		if (ts && first == NULL)
			first = ts;
		if (ts && ts->n > longest)
			longest = ts->n;
	}
	if (first == NULL)
		return;
	char sz[64], title[256], desc[512];
	int objs = first->size == 0;
	model_size_text(m, t->r->nf, first->size, sz, sizeof(sz));
	fill(t, "chart.timeseries", op, opname, sz, first->concurrency, title, sizeof(title));
	fill(t, "chart.timeseries_desc", op, opname, sz, first->concurrency, desc, sizeof(desc));
	struct xychart *c = chart_xy_new(title, desc);
	if (c) {
		chart_xy_set_x(c, rb_str(t->r, "axis.second"), XY_INTEGER, 0, (double)longest);
		chart_xy_set_y(c, rb_str(t->r, objs ? "unit.objs" : "unit.mibs"), NAN, NAN);
		chart_xy_set_note(c, rb_str(t->r, "timeseries.note"));
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_series *ts = model_timeseries(m, (int)s, op);
			if (ts == NULL)
				continue;
			char lab[256];
			struct strbuf ids = {0};
			snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
			report_flag_subject(t->r->m, (int)s, op, UINT64_MAX, -1, lab, sizeof(lab),
					    &ids);
			int si = chart_xy_add_series(c, lab, m->subjects[s].color);
			chart_xy_set_claim(c, si, ids.p);
			strbuf_free(&ids);
			chart_xy_set_n(c, si, "1"); /* each point: one run's figure */
			for (size_t i = 0; i < ts->n; i++) {
				int kept = ts->kept_first < 0 ||
					   ((int)i >= ts->kept_first && (int)i <= ts->kept_last);
				chart_xy_add_point(c, si, (double)i + 0.5,
						   objs ? ts->obj_s[i] : ts->mib_s[i], !kept);
			}
		}
	}
	add_chart(t, c, "desc.timeseries", objs ? "unit.objs" : "unit.mibs", 1, NULL);
}

/* The latency per second of op's time series: per subject its p99 (seconds with 299
 * requests or more) and its maximum (hollow, dashed), on a log axis. Nothing when no series
 * of op carries its latency. */
static void latency_chart(struct tb *t, const char *op, const char *opname)
{
	const struct report_model *m = t->r->m;
	const struct results_series *first = NULL;
	size_t longest = 0;
	for (size_t s = 0; s < m->nsubjects; s++) {
		const struct results_series *ts = model_timeseries(m, (int)s, op);
		if (ts && ts->lat && first == NULL)
			first = ts;
		if (ts && ts->lat && ts->n > longest)
			longest = ts->n;
	}
	if (first == NULL)
		return;
	char sz[64], title[256], desc[512], lab[256];
	model_size_text(m, t->r->nf, first->size, sz, sizeof(sz));
	fill(t, "chart.ts_latency", op, opname, sz, first->concurrency, title, sizeof(title));
	fill(t, "chart.ts_latency_desc", op, opname, sz, first->concurrency, desc, sizeof(desc));
	struct xychart *c = chart_xy_new(title, desc);
	if (c) {
		chart_xy_set_x(c, rb_str(t->r, "axis.second"), XY_INTEGER, 0, (double)longest);
		chart_xy_set_y(c, rb_str(t->r, "unit.ms"), NAN, NAN);
		chart_xy_set_y_scale(c, XY_LOG);
		chart_xy_set_note(c, rb_str(t->r, "ts_latency.note"));
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_series *ts = model_timeseries(m, (int)s, op);
			if (ts == NULL || ts->lat == NULL)
				continue;
			for (int max = 0; max < 2; max++) {
				struct strbuf ids = {0};
				snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
				report_flag_subject(t->r->m, (int)s, op, UINT64_MAX, -1, lab,
						    sizeof(lab), &ids);
				snprintf(lab + strlen(lab), sizeof(lab) - strlen(lab), " %s",
					 rb_str(t->r, max ? "ts_latency.max" : "ts_latency.p99"));
				int si = chart_xy_add_series(c, lab, m->subjects[s].color);
				chart_xy_set_claim(c, si, ids.p);
				strbuf_free(&ids);
				chart_xy_set_n(c, si, "1");
				for (size_t i = 0; i < ts->n; i++)
					chart_xy_add_point(
						c, si, (double)i + 0.5,
						max ? ts->lat[i].max_ms : ts->lat[i].p99_ms, max);
			}
		}
	}
	add_chart(t, c, "desc.ts_latency", "unit.ms", 1, NULL);
}

/* Each subject's figure in each cycle of op at its headline category: the largest size
 * with a valid run, at the highest concurrency with one. */
static void cycles_chart(struct tb *t, const char *op, const char *opname)
{
	const struct report_model *m = t->r->m;
	uint64_t size = 0;
	int conc = 0, cycles = 0;
	for (size_t z = m->nsizes; z-- > 0 && !conc;)
		if ((conc = top_conc(m, op, m->sizes[z], has_runs)))
			size = m->sizes[z];
	if (!conc)
		return;
	for (size_t s = 0; s < m->nsubjects; s++) {
		const struct results_cell *cell = model_cell(m, (int)s, op, size, conc);
		for (size_t i = 0; cell && i < cell->n_runs; i++)
			if (cell->runs[i].cycle > cycles)
				cycles = cell->runs[i].cycle;
	}
	if (cycles < 2)
		return;
	char sz[64], title[256], desc[512], ab[160];
	int objs = size == 0;
	model_size_text(m, t->r->nf, size, sz, sizeof(sz));
	fill(t, "chart.cycles", op, opname, sz, conc, title, sizeof(title));
	fill(t, "chart.cycles_desc", op, opname, sz, conc, desc, sizeof(desc));
	struct xychart *c = chart_xy_new(title, desc);
	if (c) {
		chart_xy_set_x(c, rb_str(t->r, "axis.cycle"), XY_INTEGER, 0.5, cycles + 0.5);
		chart_xy_set_y(c, rb_str(t->r, objs ? "unit.objs" : "unit.mibs"), NAN, NAN);
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_cell *cell = model_cell(m, (int)s, op, size, conc);
			if (!has_runs(cell))
				continue;
			int si = subject_series(t, c, (int)s, cell);
			chart_xy_set_n(c, si, "1"); /* each point: one run's figure */
			for (int cy = 1; cy <= cycles; cy++) {
				double v = NAN; /* no valid run in this cycle: a gap */
				for (size_t i = 0; i < cell->n_runs; i++)
					if (cell->runs[i].cycle == cy && cell->runs[i].included)
						v = objs ? cell->runs[i].obj_s
							 : cell->runs[i].mib_s;
				chart_xy_add_point(c, si, cy, v, 0);
			}
		}
	}
	add_chart(t, c, "desc.cycles", objs ? "unit.objs" : "unit.mibs", 1,
		  about("cycles", op, size, conc, ab, sizeof(ab)));
}

void report_time_runs(struct report_builder *r)
{
	static const char *const ops[] = {"put", "get"};
	const struct report_model *m = r->m;
	struct tb t = {r, NULL, 0, 0};
	char opname[32];
	if (!m->doc.n_timeseries) {
		doc_para(r->d, rb_str(r, "timeseries.na"), 0);
	} else {
		doc_heading(r->d, 1, "timeseries", rb_str(r, "section.timeseries"));
		doc_para(r->d, rb_str(r, "timeseries.intro"), 0);
		for (size_t o = 0; o < 2 && !r->failed; o++) {
			report_op_name(r->l, ops[o], opname, sizeof(opname));
			series_chart(&t, ops[o], opname);
			latency_chart(&t, ops[o], opname);
		}
		flush_charts(&t);
	}
	for (size_t o = 0; o < 2 && !r->failed; o++)
		cycles_chart(&t, ops[o], report_op_name(r->l, ops[o], opname, sizeof(opname)));
	if (t.nsc && !r->failed) { /* the charts are laid out; the heading goes first */
		doc_heading(r->d, 1, "cycles", rb_str(r, "section.cycles"));
		doc_para(r->d, rb_str(r, "cycles.intro"), 0);
		flush_charts(&t);
	} else if (!r->failed) {
		doc_para(r->d, rb_str(r, "cycles.na"), 0);
	}
	for (size_t i = 0; i < t.nsc; i++) /* charts not handed over after a failure */
		scene_free(t.sc[i]);
	free(t.sc);
}
