/* render/report/report.c: see report.h. */
#include "render/report/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/report/findings.h"
#include "render/model/model_claims.h"
#include "render/model/model_clients.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

static void findings(struct report_builder *r, const struct findings *fd)
{
	doc_heading(r->d, 1, "findings", rb_str(r, "section.findings"));
	doc_list_claims(r->d, (const char *const *)fd->items, (const char *const *)fd->claims,
			fd->nitems, 1);
}

/* How many PUT/GET runs (valid or not) each cycle holds, into b: "24 in each cycle", or
 * "cycle 1: 7, cycle 2: 2" when they differ (a Warp directory's cycles often do). */
static void runs_per_cycle(struct report_builder *r, struct strbuf *b)
{
	const struct report_model *m = r->m;
	int cycles = 0;
	for (size_t i = 0; i < m->doc.n_cells; i++)
		for (size_t k = 0; k < m->doc.cells[i].n_runs; k++)
			if (m->doc.cells[i].runs[k].cycle > cycles)
				cycles = m->doc.cells[i].runs[k].cycle;
	size_t *count = calloc((size_t)cycles + 1, sizeof(*count));
	char n[32], cy[16];
	int same = 1;
	if (count == NULL) {
		fail_oom(r);
		return;
	}
	for (size_t i = 0; i < m->doc.n_cells; i++)
		for (size_t k = 0; k < m->doc.cells[i].n_runs; k++)
			if (m->doc.cells[i].runs[k].cycle > 0)
				count[m->doc.cells[i].runs[k].cycle]++;
	for (int c = 2; c <= cycles; c++)
		same &= count[c] == count[1];
	for (int c = 1; c <= cycles; c++) {
		snprintf(n, sizeof(n), "%zu", count[c]);
		snprintf(cy, sizeof(cy), "%d", c);
		if (same) {
			subst(b, rb_str(r, "env.runs_each"), "n", n, NULL, NULL);
			break;
		}
		if (c > 1)
			strbuf_adds(b, ", ");
		subst(b, rb_str(r, "env.runs_cycle"), "cycle", cy, "n", n);
	}
	free(count);
}

static void environment(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char buf[256], n[TEXT_NUM_MAX];
	struct strbuf b = {0};
	doc_heading(r->d, 1, "environment", rb_str(r, "section.environment"));
	struct doc_table *t = doc_table(r->d, "t-env", rb_str(r, "table.env"), 2);
	doc_table_head(t, 0, rb_str(r, "env.item"), 1);
	doc_table_head(t, 1, rb_str(r, "env.value"), 3);
	const char *keys[] = {"env.campaign",  "env.title", "env.client", "env.cycles",
			      "env.runs",      "env.order", "env.source", "env.tool",
			      "env.generated", "env.policy"};
	snprintf(n, sizeof(n), "%d", m->campaign_cycles);
	snprintf(buf, sizeof(buf), "%s %s",
		 m->doc.tool_name != NULL || m->doc.tool_version != NULL
			 ? model_str(m->doc.tool_name)
			 : "s3bench",
		 model_str(m->doc.tool_version));
	struct strbuf runs = {0};
	runs_per_cycle(r, &runs);
	const struct results_campaign *cp = &m->doc.campaign;
	const char *vals[] = {model_str(cp->name),         model_str(cp->title),
			      model_str(cp->client),       n,
			      rb_text(r, &runs),           model_str(cp->order),
			      model_str(m->doc.source),    buf,
			      model_str(m->doc.generated), model_str(m->doc.policy.name)};
	for (size_t i = 0; i < 10; i++) {
		doc_table_row(t);
		doc_table_cell(t, 0, rb_str(r, keys[i]), CELL_ROWHEAD, NULL, NULL);
		doc_table_cell(t, 1, *vals[i] ? vals[i] : TEXT_NULL, 0, NULL, NULL);
	}
	strbuf_free(&runs);
	report_clients_env(r, t);
	report_subjects(r);
	/* the workload matrix */
	t = doc_table(r->d, "t-matrix", rb_str(r, "table.matrix"), 5);
	doc_table_head(t, 0, rb_str(r, "col.op"), 0.8);
	doc_table_head(t, 1, rb_str(r, "col.sizes"), 2);
	doc_table_head(t, 2, rb_str(r, "col.workers"), 1);
	doc_table_head(t, 3, rb_str(r, "col.objects"), 0.9);
	doc_table_head(t, 4, rb_str(r, "col.runs"), 0.9);
	for (size_t i = 0; i < m->nops; i++) {
		char opn[32], sz[32];
		doc_table_row(t);
		doc_table_cell(t, 0, report_op_name(r->l, m->ops[i], opn, sizeof(opn)),
			       CELL_ROWHEAD, NULL, NULL);
		for (size_t k = 0; k < m->nsizes; k++) {
			if (k)
				strbuf_adds(&b, ", ");
			strbuf_adds(&b, model_size_text(m, r->nf, m->sizes[k], sz, sizeof(sz)));
		}
		doc_table_cell(t, 1, rb_text(r, &b), 0, NULL, NULL);
		strbuf_free(&b);
		if (!report_clients_matrix(r, m->ops[i], &b))
			for (size_t k = 0; k < m->nconc; k++)
				strbuf_addf(&b, "%s%d", k ? ", " : "", m->concurrency[k]);
		doc_table_cell(t, 2, rb_text(r, &b), 0, NULL, NULL);
		strbuf_free(&b);
		doc_table_cell(t, 3, TEXT_NULL, CELL_NUM | CELL_MUTED, NULL, NULL);
		snprintf(buf, sizeof(buf), "%d", m->campaign_cycles);
		subst(&b, rb_str(r, "matrix.cycles"), "n", buf, NULL, NULL);
		doc_table_cell(t, 4, rb_text(r, &b), 0, NULL, NULL);
		strbuf_free(&b);
	}
	static const char *const oneoff[] = {"list", "head", "delete"};
	for (size_t k = 0; k < 3; k++) {
		const struct results_oneoff *o = NULL;
		for (size_t i = 0; i < m->doc.n_ops && o == NULL; i++)
			if (strcmp(m->doc.ops[i].op, oneoff[k]) == 0)
				o = &m->doc.ops[i];
		if (o == NULL)
			continue;
		char opn[32], sz[32], w[16], cl[16], ob[TEXT_NUM_MAX];
		doc_table_row(t);
		doc_table_cell(t, 0, report_op_name(r->l, oneoff[k], opn, sizeof(opn)),
			       CELL_ROWHEAD, NULL, NULL);
		doc_table_cell(t, 1,
			       o->size ? model_size_text(m, r->nf, o->size, sz, sizeof(sz))
				       : TEXT_NULL,
			       0, NULL, NULL);
		snprintf(w, sizeof(w), "%d", o->concurrency);
		if (o->clients > 1) { /* "4 per client × 3 clients", as the matrix rows */
			snprintf(cl, sizeof(cl), "%d", o->clients);
			subst(&b, rb_str(r, "matrix.per_client"), "list", w, "clients", cl);
		}
		doc_table_cell(t, 2, o->clients > 1 ? rb_text(r, &b) : w, 0, NULL, NULL);
		strbuf_free(&b);
		doc_table_cell(
			t, 3,
			text_num(r->nf, o->objects > 0 ? (double)o->objects : 0, 0, ob, sizeof(ob)),
			CELL_NUM, NULL, NULL);
		doc_table_cell(t, 4, rb_str(r, "matrix.once"), 0, NULL, NULL);
	}
}

/* The scaling chart of op × size: throughput vs the workers measured at that size, one
 * line per subject; NULL (nothing drawn, the tables give the values) unless some line
 * has two points. */
static struct scene *scaling_chart(struct report_builder *r, const char *op, const char *opname,
				   uint64_t size)
{
	const struct report_model *m = r->m;
	const char **cats = calloc(m->nconc + 1, sizeof(*cats));
	char(*cbuf)[16] = calloc(m->nconc + 1, sizeof(*cbuf)), sz[64];
	int *conc = calloc(m->nconc + 1, sizeof(*conc)), two = 0;
	size_t nc = 0;
	struct scene *sc = NULL;
	if (cats == NULL || cbuf == NULL || conc == NULL) {
		fail_oom(r);
		goto done;
	}
	for (size_t k = 0; k < m->nconc; k++)
		if (model_measured(m, op, size, m->concurrency[k])) {
			int hosts, clients = model_clients_at(m, op, m->concurrency[k], &hosts);
			conc[nc] = m->concurrency[k]; /* the axis: total workers */
			snprintf(cbuf[nc], sizeof(cbuf[nc]), "%lld", (long long)conc[nc] * clients);
			cats[nc] = cbuf[nc];
			nc++;
		}
	for (size_t s = 0; s < m->nsubjects; s++) {
		int pts = 0;
		for (size_t k = 0; k < nc; k++)
			pts += isfinite(model_figure(model_cell(m, (int)s, op, size, conc[k])));
		two |= pts >= 2;
	}
	if (!two)
		goto done;
	struct strbuf title = {0}, desc = {0};
	model_size_text(m, r->nf, size, sz, sizeof(sz));
	subst(&title, rb_str(r, "chart.scaling"), "op", opname, "size", sz);
	subst(&desc, rb_str(r, "chart.scaling_desc"), "op", opname, "size", sz);
	struct chart *c = chart_new(CHART_LINE, rb_text(r, &title), rb_text(r, &desc));
	strbuf_free(&title);
	strbuf_free(&desc);
	if (c) {
		chart_set_axis(c, rb_str(r, size ? "unit.mibs" : "unit.objs"), "",
			       rb_str(r, "axis.workers"));
		chart_set_categories(c, cats, nc);
		for (size_t s = 0; s < m->nsubjects; s++) {
			char lab[256];
			struct strbuf ids = {0};
			report_climit_label(r, (int)s, op, size, lab, sizeof(lab), &ids);
			report_flag_subject(r->m, (int)s, op, size, -1, lab, sizeof(lab), &ids);
			int si = chart_add_series(c, lab, m->subjects[s].color);
			chart_set_series_claim(c, si, rb_text(r, &ids));
			strbuf_free(&ids);
			for (size_t k = 0; k < nc; k++) {
				const struct results_cell *cell = model_cell(m, (int)s, op, size,
									     conc[k]);
				if (report_flag_void(m, cell)) /* its label shows the mark */
					chart_set_series_aside(c, si);
				const struct results_stat *st = cell == NULL ? NULL
								: size == 0  ? &cell->obj_s
									     : &cell->mib_s;
				chart_set_point(c, si, k, st ? st->value : NAN);
				if (st) {
					char n[24];
					snprintf(n, sizeof(n), "%d", cell->n);
					chart_set_interval(c, si, k, st->ci_lo, st->ci_hi);
					chart_set_n(c, si, k, n);
				}
			}
		}
	}
	report_add_scene(r, c, REPORT_HALF, &sc);
done:
	free(cats);
	free(cbuf);
	free(conc);
	return sc;
}

static void throughput(struct report_builder *r, const char *op)
{
	const struct report_model *m = r->m;
	char opname[32], id[32];
	struct strbuf b = {0};
	report_op_name(r->l, op, opname, sizeof(opname));
	snprintf(id, sizeof(id), "%s", op);
	subst(&b, rb_str(r, "section.tput"), "op", opname, NULL, NULL);
	const char *heading = rb_text(r, &b);
	doc_heading(r->d, 1, id, *heading ? heading : opname);
	strbuf_free(&b);
	for (size_t k = 0; k < m->nconc; k++)
		if (model_measured_conc(m, op, m->concurrency[k]))
			report_tput_table(r, op, opname, m->concurrency[k]);
	/* scaling: one chart per size, throughput vs workers, one line per subject */
	subst(&b, rb_str(r, "section.scaling"), "op", opname, NULL, NULL);
	snprintf(id, sizeof(id), "%s-scaling", op);
	doc_heading(r->d, 2, id, rb_text(r, &b));
	strbuf_free(&b);
	struct scene **sc = calloc(m->nsizes + 1, sizeof(*sc));
	size_t n = 0;
	if (sc == NULL) {
		fail_oom(r);
		return;
	}
	for (size_t z = 0; z < m->nsizes && !r->failed; z++)
		if ((sc[n] = scaling_chart(r, op, opname, m->sizes[z])))
			n++;
	if (n)
		doc_charts(r->d, sc, n, 2);
	else
		doc_para(r->d, rb_str(r, "scaling.none"), 0);
	if (n && m->has_stats)
		doc_para(r->d, rb_str(r, "scaling.whiskers"), 0);
	free(sc);
	report_forest(r, op, opname);
}

static void latency(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char opname[32];
	int pooled = 0;
	for (size_t i = 0; i < m->doc.n_cells && !pooled; i++)
		pooled = model_pooled(&m->doc.cells[i]);
	doc_heading(r->d, 1, "latency", rb_str(r, "section.latency"));
	doc_para(r->d, rb_str(r, pooled ? "latency.intro_pooled" : "latency.intro"), 0);
	struct scene **sc = calloc(m->nops * m->nconc + 1, sizeof(*sc));
	size_t n = 0;
	if (sc == NULL) {
		fail_oom(r);
		return;
	}
	for (size_t o = 0; o < m->nops; o++) {
		report_op_name(r->l, m->ops[o], opname, sizeof(opname));
		for (size_t k = 0; k < m->nconc; k++)
			if (model_measured_conc(m, m->ops[o], m->concurrency[k]))
				report_add_scene(r,
						 report_latency_chart(r, m->ops[o], opname,
								      m->concurrency[k]),
						 REPORT_WIDTH, &sc[n++]);
	}
	doc_charts(r->d, sc, n, 1);
	free(sc);
	report_latency_tables(r);
	for (size_t o = 0; o < m->nops; o++)
		report_tail_forest(r, m->ops[o],
				   report_op_name(r->l, m->ops[o], opname, sizeof(opname)));
}

static void consistency(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char buf[TEXT_NUM_MAX], pct[TEXT_NUM_MAX + 4];
	doc_heading(r->d, 1, "consistency", rb_str(r, "section.consistency"));
	doc_para(r->d, rb_str(r, "consistency.intro"), 0);
	struct chart *c = chart_new(CHART_HBAR, rb_str(r, "chart.cv"), rb_str(r, "chart.cv_desc"));
	struct scene *sc = NULL;
	if (c) {
		chart_set_axis(c, rb_str(r, "unit.cv"), "%", "");
		int p = chart_add_panel(c, "");
		for (size_t s = 0; s < m->nsubjects; s++) {
			double v = NAN;
			char n[24] = "";
			for (size_t i = 0; i < m->doc.n_consistency; i++)
				if (m->doc.consistency[i].subject == (int)s) {
					v = m->doc.consistency[i].cv_mean * 100;
					snprintf(n, sizeof(n), "%lld", m->doc.consistency[i].cells);
				}
			char lab[256];
			struct strbuf ids = {0};
			snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
			report_flag_subject(m, (int)s, NULL, UINT64_MAX, -1, lab, sizeof(lab),
					    &ids);
			chart_add_bar(c, p, lab, m->subjects[s].color, v);
			chart_set_row_n(c, p, n);
			chart_set_row_claim(c, p, ids.p);
			if (strstr(lab, REPORT_VOID_MARK) != NULL) /* a cell not comparable */
				chart_set_row_aside(c, p);
			strbuf_free(&ids);
		}
	}
	report_add_scene(r, c, REPORT_WIDTH, &sc);
	doc_charts(r->d, &sc, 1, 1);
	struct doc_table *t = doc_table(r->d, "t-consistency", rb_str(r, "table.cv"), 3);
	doc_table_head(t, 0, rb_str(r, "col.subject"), 2);
	doc_table_head(t, 1, rb_str(r, "col.cv"), 1);
	doc_table_head(t, 2, rb_str(r, "col.cells"), 1);
	for (size_t i = 0; i < m->doc.n_consistency; i++) {
		const struct results_consistency *cv = &m->doc.consistency[i];
		char cells[16], lab[256];
		struct strbuf ids = {0};
		snprintf(lab, sizeof(lab), "%s", m->subjects[cv->subject].label);
		report_flag_subject(m, cv->subject, NULL, UINT64_MAX, -1, lab, sizeof(lab), &ids);
		doc_table_row(t);
		doc_table_cell(t, 0, lab, CELL_ROWHEAD, NULL, m->subjects[cv->subject].color);
		if (ids.len)
			doc_table_claim(t, 0, ids.p, NULL);
		strbuf_free(&ids);
		if (isfinite(cv->cv_mean))
			snprintf(pct, sizeof(pct), "%s%%",
				 text_num(r->nf, cv->cv_mean * 100, 2, buf, sizeof(buf)));
		else
			snprintf(pct, sizeof(pct), "%s", TEXT_NULL);
		doc_table_cell(t, 1, pct, CELL_NUM | (isfinite(cv->cv_mean) ? 0 : CELL_MUTED), NULL,
			       NULL);
		snprintf(cells, sizeof(cells), "%lld", cv->cells);
		doc_table_cell(t, 2, cells, CELL_NUM, NULL, NULL);
	}
}

/* oneoff_foot: under a one-off table, what its "–" means when a subject's run kept no
 * 1-second segment, and each subject whose deletes left delete markers on a versioned bucket,
 * with what that means (docs/METHODOLOGY.md, "Versioned buckets"). */
static void oneoff_foot(struct report_builder *r, struct doc_table *t, const char *op)
{
	struct strbuf b = {0};
	char n[24];

	for (size_t s = 0; s < r->m->nsubjects; s++) {
		const struct results_oneoff *o = model_oneoff(r->m, (int)s, op);

		if (o != NULL && isfinite(o->obj_s) && isnan(o->seg_median)) {
			strbuf_adds(&b, rb_str(r, "oneoff.no_segments"));
			break;
		}
	}
	for (size_t s = 0; s < r->m->nsubjects; s++) {
		const struct results_oneoff *o = model_oneoff(r->m, (int)s, op);

		if (o == NULL || o->delete_markers <= 0)
			continue;
		if (b.len)
			strbuf_adds(&b, " ");
		snprintf(n, sizeof(n), "%lld", o->delete_markers);
		subst(&b, rb_str(r, "oneoff.delete_markers"), "subject", r->m->subjects[s].label,
		      "n", n);
	}
	if (b.len)
		doc_table_foot(t, rb_text(r, &b));
	strbuf_free(&b);
}

static void oneoff_op(struct report_builder *r, const char *op)
{
	const struct report_model *m = r->m;
	char opname[32], id[32], buf[TEXT_NUM_MAX];
	struct strbuf b = {0};
	report_op_name(r->l, op, opname, sizeof(opname));
	snprintf(id, sizeof(id), "operations-%s", op);
	doc_heading(r->d, 2, id, opname);
	snprintf(id, sizeof(id), "t-%s", op);
	subst(&b, rb_str(r, "table.oneoff"), "op", opname, NULL, NULL);
	struct doc_table *t = doc_table(r->d, id, rb_text(r, &b), 8);
	strbuf_free(&b);
	const char *heads[] = {"col.subject",      "col.avg_objs",    "col.lat_avg",
			       "col.ttfb_avg",     "col.median_objs", "col.fastest_objs",
			       "col.slowest_objs", "col.completion"};
	for (size_t i = 0; i < 8; i++)
		doc_table_head(t, i, rb_str(r, heads[i]), i == 0 ? 1.5 : 1);
	for (size_t s = 0; s < m->nsubjects; s++) {
		const struct results_oneoff *o = model_oneoff(m, (int)s, op);
		double v[7] = {NAN, NAN, NAN, NAN, NAN, NAN, NAN};
		if (o) {
			v[0] = o->obj_s;
			v[1] = o->latency_ms.avg;
			v[2] = o->ttfb_ms.avg;
			v[3] = o->seg_median;
			v[4] = o->seg_fastest;
			v[5] = o->seg_slowest;
			v[6] = o->completion_s;
		}
		doc_table_row(t);
		doc_table_cell(t, 0, m->subjects[s].label, CELL_ROWHEAD, NULL,
			       m->subjects[s].color);
		for (size_t i = 0; i < 7; i++)
			doc_table_cell(t, i + 1, num(r, v[i], buf),
				       CELL_NUM | (isnan(v[i]) ? CELL_MUTED : 0), NULL, NULL);
	}
	oneoff_foot(r, t, op);
	struct strbuf title = {0}, desc = {0};
	subst(&title, rb_str(r, "chart.range"), "op", opname, NULL, NULL);
	subst(&desc, rb_str(r, "chart.range_desc"), "op", opname, NULL, NULL);
	struct chart *c = chart_new(CHART_RANGE, rb_text(r, &title), rb_text(r, &desc));
	struct scene *sc = NULL;
	strbuf_free(&title);
	strbuf_free(&desc);
	if (c) {
		chart_set_axis(c, rb_str(r, "unit.objs"), "", "");
		int p = chart_add_panel(c, "");
		for (size_t s = 0; s < m->nsubjects; s++) {
			const struct results_oneoff *o = model_oneoff(m, (int)s, op);
			char n[24] = "";
			chart_add_range(c, p, m->subjects[s].label, m->subjects[s].color,
					o ? o->seg_slowest : NAN, o ? o->seg_median : NAN,
					o ? o->seg_fastest : NAN);
			if (o)
				snprintf(n, sizeof(n), "%d", o->n);
			chart_set_row_n(c, p, n);
		}
	}
	report_add_scene_why(r, c, REPORT_WIDTH, rb_str(r, "chart.range_empty"), &sc);
	doc_charts(r->d, &sc, 1, 1);
}

static void operations(struct report_builder *r)
{
	static const char *const ops[] = {"list", "head", "delete"};
	if (!r->m->doc.n_ops)
		return;
	doc_heading(r->d, 1, "operations", rb_str(r, "section.operations"));
	doc_para(r->d, rb_str(r, "operations.intro"), 0);
	for (size_t k = 0; k < 3; k++)
		if (model_has_oneoff(r->m, ops[k]))
			oneoff_op(r, ops[k]);
	report_populations(r);
}

static void methodology(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char n[16];
	struct strbuf b = {0};
	doc_heading(r->d, 1, "methodology", rb_str(r, "section.methodology"));
	report_prose(r, "methodology.txt");
	if (m->doc.warp_engine && *m->doc.warp_engine) {
		char key[48];

		snprintf(key, sizeof(key), "methodology.warp_%s", m->doc.warp_engine);
		doc_para(r->d, rb_str(r, key), 1);
	}
	report_methodology_stats(r);
	report_methodology_plan(r);
	report_retries_note(r);
	doc_heading(r->d, 2, "inclusion", rb_str(r, "section.inclusion"));
	/* analyze's rule (policy.rule) in the report's language: strings.txt's inclusion.rule
	 * holds it (tests/e2e/render_reader.sh checks the English one is analyze's text) */
	doc_para(r->d, rb_str(r, "inclusion.rule"), 1);
	snprintf(n, sizeof(n), "%d", (int)m->doc.policy.min_samples);
	subst(&b, report_str_count(r->l, "policy.line", n), "policy", model_str(m->doc.policy.name),
	      "min", n);
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
	report_prose(r, "inclusion.txt");
}

/* samples_n: a cell of the samples table: "4/5", with the runs whose reads = once objects
 * ran out ("4/5 (1 exhausted)"); "–" for no cell. */
static void samples_n(struct report_builder *r, const struct results_cell *c, char *buf, size_t n)
{
	struct strbuf b = {0};
	char k[24];

	if (c == NULL) {
		snprintf(buf, n, "%s", TEXT_NULL);
		return;
	}
	snprintf(buf, n, "%d/%d", c->n, c->expected);
	if (c->exhausted_runs <= 0)
		return;
	snprintf(k, sizeof(k), "%lld", c->exhausted_runs);
	subst(&b, rb_str(r, "samples.exhausted"), "n", k, NULL, NULL);
	snprintf(buf + strlen(buf), n - strlen(buf), " (%s)", b.len ? b.p : "");
	strbuf_free(&b);
}

static void samples(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char buf[64], opname[32], sz[32];
	size_t exhausted = 0;
	doc_heading(r->d, 1, "samples", rb_str(r, "section.samples"));
	report_excluded(r);
	/* sample counts per cell: rows = op × workers × size, columns = subjects */
	struct doc_table *t = doc_table(r->d, "t-samples", rb_str(r, "table.samples"),
					m->nsubjects + 3);
	doc_table_head(t, 0, rb_str(r, "col.op"), 0.7);
	doc_table_head(t, 1, rb_str(r, "col.workers"), 0.7);
	doc_table_head(t, 2, rb_str(r, "col.size"), 0.9);
	for (size_t s = 0; s < m->nsubjects; s++)
		doc_table_head(t, s + 3, m->subjects[s].label, 1);
	for (size_t o = 0; o < m->nops; o++)
		for (size_t k = 0; k < m->nconc; k++)
			for (size_t z = 0; z < m->nsizes; z++) {
				if (!model_measured(m, m->ops[o], m->sizes[z], m->concurrency[k]))
					continue;
				doc_table_row(t);
				doc_table_cell(
					t, 0,
					report_op_name(r->l, m->ops[o], opname, sizeof(opname)),
					CELL_ROWHEAD, NULL, NULL);
				int hosts, conc = m->concurrency[k];
				int clients = model_clients_at(m, m->ops[o], conc, &hosts);
				report_workers_cell(r->l, conc, clients, buf, sizeof(buf));
				doc_table_cell(t, 1, buf, CELL_NUM, NULL, NULL);
				doc_table_cell(
					t, 2,
					model_size_text(m, r->nf, m->sizes[z], sz, sizeof(sz)), 0,
					NULL, NULL);
				for (size_t s = 0; s < m->nsubjects; s++) {
					const struct results_cell *c = model_cell(
						m, (int)s, m->ops[o], m->sizes[z],
						m->concurrency[k]);
					samples_n(r, c, buf, sizeof(buf));
					exhausted += c != NULL && c->exhausted_runs > 0;
					doc_table_cell(t, s + 3, buf,
						       CELL_NUM | (c == NULL || c->n < c->expected
									   ? CELL_LEAD
									   : 0),
						       NULL, NULL);
				}
			}
	struct strbuf foot = {0};
	strbuf_adds(&foot, rb_str(r, "table.samples_foot"));
	if (exhausted) {
		strbuf_adds(&foot, " ");
		strbuf_adds(&foot, rb_str(r, "table.samples_exhausted"));
	}
	doc_table_foot(t, rb_text(r, &foot));
	strbuf_free(&foot);
}

static void appendix(struct report_builder *r)
{
	const struct report_model *m = r->m;
	char opname[32], id[32], sz[32], buf[TEXT_NUM_MAX], w[64];
	int cycles = m->campaign_cycles;
	for (size_t i = 0; i < m->doc.n_cells; i++)
		for (size_t k = 0; k < m->doc.cells[i].n_runs; k++)
			if (m->doc.cells[i].runs[k].cycle > cycles)
				cycles = m->doc.cells[i].runs[k].cycle;
	if (cycles < 1)
		return;
	doc_heading(r->d, 1, "appendix", rb_str(r, "section.appendix"));
	unsigned marks = 0; /* the marks a table's labels carry (report_label_marks) */
	doc_para(r->d, rb_str(r, "appendix.intro"), 0);
	for (size_t o = 0; o < m->nops; o++) {
		struct strbuf cap = {0};
		report_op_name(r->l, m->ops[o], opname, sizeof(opname));
		snprintf(id, sizeof(id), "t-runs-%s", m->ops[o]);
		subst(&cap, rb_str(r, "table.runs"), "op", opname, NULL, NULL);
		struct doc_table *t = doc_table(r->d, id, rb_text(r, &cap), (size_t)cycles + 3);
		strbuf_free(&cap);
		doc_table_head(t, 0, rb_str(r, "col.subject"), 1.6);
		doc_table_head(t, 1, rb_str(r, "col.size"), 0.9);
		doc_table_head(t, 2, rb_str(r, "col.workers_short"), 0.5);
		for (int c = 1; c <= cycles; c++) {
			snprintf(w, sizeof(w), "%s%d", rb_str(r, "col.cycle_prefix"), c);
			doc_table_head(t, (size_t)c + 2, w, 0.75);
		}
		for (size_t k = 0; k < m->nconc; k++)
			for (size_t z = 0; z < m->nsizes; z++)
				for (size_t s = 0; s < m->nsubjects; s++) {
					const struct results_cell *c = model_cell(
						m, (int)s, m->ops[o], m->sizes[z],
						m->concurrency[k]);
					if (c == NULL ||
					    (!c->n_runs && !c->n)) /* this subject never ran it */
						continue;
					char lab[256];
					const struct results_claim *kc;
					snprintf(lab, sizeof(lab), "%s", m->subjects[s].label);
					struct strbuf rids = {0};
					kc = report_climit_mark(r, c, lab, sizeof(lab));
					if (kc != NULL)
						strbuf_adds(&rids, kc->id);
					report_flag_mark(r, c, lab, sizeof(lab), &rids);
					marks |= report_label_marks(lab, kc != NULL);
					doc_table_row(t);
					doc_table_cell(t, 0, lab, CELL_ROWHEAD, NULL,
						       m->subjects[s].color);
					if (rids.len)
						doc_table_claim(t, 0, rids.p, NULL);
					strbuf_free(&rids);
					doc_table_cell(t, 1,
						       model_size_text(m, r->nf, m->sizes[z], sz,
								       sizeof(sz)),
						       0, NULL, NULL);
					report_workers_cell(r->l, c->concurrency, c->clients, w,
							    sizeof(w));
					doc_table_cell(t, 2, w, CELL_NUM, NULL, NULL);
					for (int cy = 1; cy <= cycles; cy++) {
						const struct results_cell_run *run = NULL;
						for (size_t q = 0; c && q < c->n_runs; q++)
							if (c->runs[q].cycle == cy)
								run = &c->runs[q];
						if (run && run->included)
							doc_table_cell(t, (size_t)cy + 2,
								       num(r, run->mib_s, buf),
								       CELL_NUM |
									       (isnan(run->mib_s)
											? CELL_MUTED
											: 0),
								       NULL, NULL);
						else
							doc_table_cell(
								t, (size_t)cy + 2,
								run ? rb_str(r, "run.excluded")
								    : TEXT_NULL,
								CELL_NUM | CELL_MUTED, NULL, NULL);
					}
				}
		struct strbuf foot = {0};
		strbuf_adds(&foot, rb_str(r, "table.runs_foot"));
		report_marks_legend(r, marks, &foot);
		marks = 0;
		report_policy_rule(r, &foot);
		doc_table_foot(t, rb_text(r, &foot));
		strbuf_free(&foot);
	}
	report_policy_groups(r);
}

struct doc *report_build(const struct report_model *m, const struct text_lang *l,
			 const struct fonts *f, struct err *e)
{
	struct findings fd;
	struct report_builder r = {m, l, text_lang_numfmt(l), f, NULL, e, 0};
	struct strbuf meta = {0}, title = {0}, names = {0};
	char *claims_json;
	if (findings_build(m, l, &fd, e))
		return NULL;
	/* the campaign's title, else one made from the subjects compared */
	if (*model_str(m->doc.campaign.title)) {
		strbuf_adds(&title, m->doc.campaign.title);
	} else {
		for (size_t i = 0; i < m->nsubjects; i++) {
			if (i)
				strbuf_adds(&names, rb_str(&r, "title.vs"));
			strbuf_adds(&names, m->subjects[i].label);
		}
		subst(&title, rb_str(&r, "title.default"), "subjects", rb_text(&r, &names), NULL,
		      NULL);
	}
	subst(&meta, rb_str(&r, "title.meta"), "generated",
	      *model_str(m->doc.generated) ? m->doc.generated : TEXT_NULL, "source",
	      *model_str(m->doc.source) ? m->doc.source : TEXT_NULL);
	r.d = doc_new(text_lang_code(l), rb_text(&r, &title), fd.headline, rb_text(&r, &meta));
	strbuf_free(&meta);
	strbuf_free(&title);
	strbuf_free(&names);
	if (r.d == NULL) {
		findings_free(&fd);
		err_set(e, "out of memory");
		return NULL;
	}
	doc_labels(r.d, rb_str(&r, "toc"), rb_str(&r, "page"));
	claims_json = model_claims_json(m);
	doc_claims(r.d, claims_json, fd.headline_ids);
	free(claims_json);
	report_clients_findings(&r, &fd);
	report_cost_findings(&r, &fd);
	findings(&r, &fd);
	findings_free(&fd);
	report_history(&r);
	environment(&r);
	if (!r.failed)
		report_support(&r);
	if (!r.failed)
		report_staleness(&r);
	for (size_t i = 0; i < m->nops; i++)
		throughput(&r, m->ops[i]);
	report_clients(&r);
	if (!r.failed)
		report_vantages(&r);
	latency(&r);
	if (!r.failed)
		report_hedge(&r);
	if (!r.failed)
		report_who_answered(&r);
	if (!r.failed)
		report_phases(&r);
	if (!r.failed)
		report_time_cdf(&r);
	consistency(&r);
	if (!r.failed)
		report_time_runs(&r);
	operations(&r);
	if (!r.failed)
		report_workloads(&r);
	if (!r.failed)
		report_replay(&r);
	if (!r.failed)
		report_errors(&r);
	if (!r.failed)
		report_cost(&r);
	methodology(&r);
	samples(&r);
	appendix(&r);
	report_climit_appendix(&r);
	if (!r.failed)
		report_slowest(&r);
	if (!r.failed)
		report_claims(&r);
	doc_heading(r.d, 1, "limitations", rb_str(&r, "section.limitations"));
	report_prose(&r, "limitations.txt");
	report_climit_limitations(&r);
	report_limitations_stats(&r);
	report_workload_limitations(&r);
	if (r.failed || r.d->oom) {
		if (!r.failed)
			err_set(e, "report: out of memory");
		doc_free(r.d);
		return NULL;
	}
	return r.d;
}
