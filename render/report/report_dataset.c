/* render/report/report_dataset.c: LIST and HEAD latency against population size, where a
 * campaign's one-off runs read datasets of several sizes (aggregate.json ops[].dataset;
 * docs/CAMPAIGN.md, "[dataset NAME]"; docs/METHODOLOGY.md, "Datasets"). */
#include <math.h>
#include <string.h>

#include "render/chart/chart_xy.h"
#include "render/report/report_int.h"

/* populations: how many distinct population sizes op's dataset rows have. */
static size_t populations(const struct report_model *m, const char *op)
{
	long long seen[64];
	size_t n = 0;

	for (size_t i = 0; i < m->doc.n_ops; i++) {
		const struct results_oneoff *o = &m->doc.ops[i];
		size_t k = 0;
		if (o->dataset == NULL || strcmp(o->op, op) != 0)
			continue;
		while (k < n && seen[k] != o->objects)
			k++;
		if (k == n && n < 64)
			seen[n++] = o->objects;
	}
	return n;
}

/* pop_chart: op's p50 latency against the population, a line per subject (its rows in
 * population order: aggregate.json sorts them so), both axes logarithmic. */
static struct scene *pop_chart(struct report_builder *r, const char *op)
{
	const struct report_model *m = r->m;
	struct strbuf title = {0}, desc = {0};
	char opname[32];
	struct scene *sc = NULL;

	report_op_name(r->l, op, opname, sizeof(opname));
	subst(&title, rb_str(r, "chart.population"), "op", opname, NULL, NULL);
	subst(&desc, rb_str(r, "chart.population_desc"), "op", opname, NULL, NULL);
	struct xychart *c = chart_xy_new(rb_text(r, &title), rb_text(r, &desc));
	strbuf_free(&title);
	strbuf_free(&desc);
	if (c == NULL) {
		fail_oom(r);
		return NULL;
	}
	chart_xy_set_x(c, rb_str(r, "axis.population"), XY_LOG, NAN, NAN);
	chart_xy_set_y(c, rb_str(r, "axis.latency_ms_log"), NAN, NAN);
	chart_xy_set_y_scale(c, XY_LOG);
	for (size_t s = 0; s < m->nsubjects; s++) {
		int ser = -1;
		for (size_t i = 0; i < m->doc.n_ops; i++) {
			const struct results_oneoff *o = &m->doc.ops[i];
			if (o->dataset == NULL || (size_t)o->subject != s ||
			    strcmp(o->op, op) != 0 || !o->latency_ms.present)
				continue;
			if (ser < 0)
				ser = chart_xy_add_series(c, m->subjects[s].label,
							  m->subjects[s].color);
			chart_xy_add_point(c, ser, (double)o->objects, o->latency_ms.p50, 0);
		}
	}
	report_xy_describe(r, c, "desc.population", "unit.ms", 0);
	sc = chart_xy_layout(c, r->f, r->nf, REPORT_WIDTH, r->e);
	chart_xy_free(c);
	if (sc == NULL)
		r->failed = 1;
	return sc;
}

void report_populations(struct report_builder *r)
{
	static const char *const ops[] = {"list", "head"};
	struct scene *sc[2] = {NULL, NULL};
	size_t n = 0;

	for (size_t k = 0; k < 2; k++)
		if (populations(r->m, ops[k]) >= 2)
			sc[n++] = pop_chart(r, ops[k]);
	if (n == 0)
		return;
	doc_heading(r->d, 2, "populations", rb_str(r, "section.populations"));
	doc_para(r->d, rb_str(r, "populations.intro"), 0);
	for (size_t k = 0; k < n; k++)
		report_scene_about(r, sc[k],
				   k == 0 && populations(r->m, "list") >= 2 ? "population/list"
									    : "population/head");
	doc_charts(r->d, sc, n, 1);
}
