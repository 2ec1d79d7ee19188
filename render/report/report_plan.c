/* render/report/report_plan.c: "Planning cycles" in the methodology (render/report/
 * report_int.h), from aggregate.json's planner{} (docs/FORMATS.md, "The planner";
 * docs/METHODOLOGY.md, "Planning cycles"): per op, for its cells' intervals and for its
 * comparisons, how many cycles reach the target, how many more than were run, their hours and
 * cost, and the cells that drive it; for a cycles = auto campaign why it stopped
 * (planner.sequential); per op where the variability is (cells[].variance, docs/
 * METHODOLOGY.md "Where the variability is"); per subject the time-of-day test
 * (planner.time_of_day, "Time of day"). Nothing for a file without a planner. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strbuf.h"
#include "render/model/model_claims.h"
#include "render/model/model_query.h"
#include "render/report/report_int.h"

/* count: n as text into buf ("more than MAX" when n < 0: beyond the planner's cap). */
static const char *count(const struct report_builder *r, long long n, char *buf, size_t sz)
{
	struct strbuf b = {0};
	char max[24];

	if (n >= 0) {
		char t[TEXT_NUM_MAX];

		snprintf(buf, sz, "%s", text_num(r->nf, (double)n, 0, t, sizeof(t)));
		return buf;
	}
	snprintf(max, sizeof(max), "%lld", r->m->doc.planner->max_cycles);
	subst(&b, rb_str(r, "plan.beyond"), "max", max, NULL, NULL);
	snprintf(buf, sz, "%s", b.p ? b.p : "");
	strbuf_free(&b);
	return buf;
}

/* pct: the target as a percentage with the decimals it has (5, 2.5, 0.25) into buf. */
static const char *pct(const struct report_builder *r, double target, char *buf)
{
	double v = target * 100;
	int d = fabs(v - round(v)) < 1e-9 ? 0 : fabs(v * 10 - round(v * 10)) < 1e-9 ? 1 : 2;

	return text_num(r->nf, v, d, buf, TEXT_NUM_MAX);
}

/* drivers: the drivers of op's part p as "S, 1 MiB at concurrency 24 (3 × 8) (34)" or "A vs
 * B, ..." joined, into b; the workers of a distributed run counted over its clients (the
 * cell's, a comparison's first subject's). */
static void drivers(struct report_builder *r, const char *op, const struct results_plan_part *p,
		    int comparisons, struct strbuf *b)
{
	for (size_t i = 0; i < p->n_drivers; i++) {
		const struct results_plan_driver *d = &p->drivers[i];
		const struct results_cell *c = model_cell(r->m, d->subject, op, d->size,
							  d->concurrency);
		char size[64], conc[64], need[64];
		const char *names[] = {"a", "b", "size", "workers", "need"};
		const char *vals[] = {r->m->subjects[d->subject].label,
				      comparisons ? r->m->subjects[d->other].label : "",
				      model_size_text(r->m, r->nf, d->size, size, sizeof(size)),
				      conc, count(r, d->cycles, need, sizeof(need))};

		report_workers_cell(r->l, d->concurrency, c != NULL ? c->clients : 1, conc,
				    sizeof(conc));
		if (i > 0)
			strbuf_adds(b, rb_str(r, "plan.sep"));
		text_subst(b, rb_str(r, comparisons ? "plan.driver_cmp" : "plan.driver_cell"),
			   names, vals, 5);
	}
}

/* part: the sentence of one part (key "plan.cells" or "plan.cmp", with _met, _beyond and
 * _none forms) of op's plan p. */
static void part(struct report_builder *r, const struct results_plan_op *p, const char *opname,
		 const struct results_plan_part *x, const char *key, int comparisons)
{
	const struct results_planner *pl = r->m->doc.planner;
	char k[32], need[64], more[TEXT_NUM_MAX], hours[TEXT_NUM_MAX], cost[TEXT_NUM_MAX + 48],
		cycles[24], beyond[24], max[24], target[TEXT_NUM_MAX], c[TEXT_NUM_MAX];
	struct strbuf dr = {0}, s = {0};
	const char *names[] = {"op",     "need",   "more", "hours",  "cost",
			       "cycles", "beyond", "max",  "target", "drivers"};
	const char *vals[] = {opname, need, more, hours, cost, cycles, beyond, max, target, ""};

	snprintf(k, sizeof(k), "%s%s", key,
		 x->beyond > 0          ? "_beyond"
		 : x->cycles_needed < 0 ? "_none"
		 : x->more_cycles == 0  ? "_met"
					: "");
	count(r, x->cycles_needed, need, sizeof(need));
	text_num(r->nf, (double)x->more_cycles, 0, more, sizeof(more));
	text_num(r->nf, x->hours, x->hours < 10 ? 1 : 0, hours, sizeof(hours));
	cost[0] = '\0';
	if (isfinite(x->cost)) {
		struct strbuf cb = {0};

		text_num(r->nf, x->cost, x->cost < 1 ? 4 : 2, c, sizeof(c));
		snprintf(cost, sizeof(cost), "%s %s", c, model_str(p->currency));
		subst(&cb, rb_str(r, "plan.cost"), "cost", cost, NULL, NULL);
		snprintf(cost, sizeof(cost), "%s", cb.p ? cb.p : "");
		strbuf_free(&cb);
	}
	snprintf(cycles, sizeof(cycles), "%lld", pl->cycles);
	snprintf(beyond, sizeof(beyond), "%lld", x->beyond);
	snprintf(max, sizeof(max), "%lld", pl->max_cycles);
	pct(r, pl->target_ci, target);
	drivers(r, p->op, x, comparisons, &dr);
	vals[9] = rb_text(r, &dr);
	text_subst(&s, rb_str(r, k), names, vals, 10);
	doc_para(r->d, rb_text(r, &s), 0);
	strbuf_free(&dr);
	strbuf_free(&s);
}

/* sequential: the paragraph on a cycles = auto campaign: its rule, why it stopped and the
 * widened intervals (plan.seq), or that it did not stop on the rule (plan.seq_open). */
static void sequential(struct report_builder *r, const struct results_planner *pl)
{
	const struct results_sequential *q = &pl->seq;
	char target[TEXT_NUM_MAX], min[24], max[24], cycles[24], qt[TEXT_NUM_MAX], key[40];
	const char *names[] = {"target", "min", "max", "cycles", "why", "q"};
	const char *vals[] = {target, min, max, cycles, "", qt};
	struct strbuf b = {0};

	pct(r, q->target_ci, target);
	snprintf(min, sizeof(min), "%lld", q->min_cycles);
	snprintf(max, sizeof(max), "%lld", q->max_cycles);
	snprintf(cycles, sizeof(cycles), "%lld", pl->cycles);
	text_num(r->nf, q->wide_q, fabs(q->wide_q * 100 - round(q->wide_q * 100)) < 1e-9 ? 2 : 3,
		 qt, sizeof(qt));
	if (q->reason != NULL) { /* target, max_cycles, max_cost; another is named as it is */
		snprintf(key, sizeof(key), "plan.seq_%s", q->reason);
		vals[4] = strcmp(rb_str(r, key), key) != 0 ? rb_str(r, key) : q->reason;
	}
	text_subst(&b, rb_str(r, q->reason != NULL ? "plan.seq" : "plan.seq_open"), names, vals, 6);
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* variability: op's paragraph of "where the variability is" (plan.var) from the median
 * within_share of its matrix cells with a variance (nothing when none has one); intro: the
 * paragraph plan.var_intro goes first (then cleared). */
static void variability(struct report_builder *r, const char *op, const char *opname, int *intro)
{
	const struct results *d = &r->m->doc;
	double *v = malloc((d->n_cells + 1) * sizeof(*v)), med;
	char cells[24], within[TEXT_NUM_MAX], between[TEXT_NUM_MAX];
	const char *names[] = {"op", "cells", "within", "between", "advice"};
	const char *vals[] = {opname, cells, within, between, ""};
	struct strbuf b = {0}, adv = {0};
	size_t n = 0;

	for (size_t i = 0; v != NULL && i < d->n_cells; i++)
		if (d->cells[i].variance.on && !isnan(d->cells[i].variance.within_share) &&
		    strcmp(d->cells[i].op, op) == 0)
			v[n++] = d->cells[i].variance.within_share;
	if (n == 0) {
		free(v);
		return;
	}
	qsort(v, n, sizeof(*v), cmp_double);
	med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	free(v);
	if (*intro)
		doc_para(r->d, rb_str(r, "plan.var_intro"), 0);
	*intro = 0;
	snprintf(cells, sizeof(cells), "%zu", n);
	text_num(r->nf, med * 100, 0, within, sizeof(within));
	text_num(r->nf, (1 - med) * 100, 0, between, sizeof(between));
	text_subst(&adv, rb_str(r, med >= 0.5 ? "plan.var_runs" : "plan.var_cycles"), names, vals,
		   4);
	vals[4] = rb_text(r, &adv);
	text_subst(&b, rb_str(r, "plan.var"), names, vals, 5);
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&adv);
	strbuf_free(&b);
}

/* clock_name: the words for a time-of-day test's clock (plan.tod_utc, or plan.tod_local
 * naming the provider's zone tz), in b (the caller frees it). */
static const char *clock_name(struct report_builder *r, const char *tz, struct strbuf *b)
{
	const char *names[] = {"tz"}, *vals[] = {tz};

	if (tz == NULL || strcmp(tz, "UTC") == 0)
		return rb_str(r, "plan.tod_utc");
	text_subst(b, rb_str(r, "plan.tod_local"), names, vals, 1);
	return rb_text(r, b);
}

/* tod_claim: the time-of-day claim of test t (its id into id); NULL when none (a file
 * before it). */
static const struct results_claim *tod_claim(const struct report_model *m,
					     const struct results_tod *t, char *id, size_t n)
{
	if (t->subject < 0 || (size_t)t->subject >= m->nsubjects)
		return NULL;
	results_claim_id(id, n, "time-of-day", NULL, NULL, -1, -1, m->subjects[t->subject].id,
			 NULL);
	return model_claim(m, id);
}

/* time_of_day: the paragraphs of planner.time_of_day[]: the intro, then per subject its dip
 * (plan.tod_found) or the effect it could have detected (plan.tod_none) as its time-of-day
 * claim says (each paragraph marked with it), each naming the test's clock. */
static void time_of_day(struct report_builder *r, const struct results_planner *pl)
{
	char eff[TEXT_NUM_MAX], lo[TEXT_NUM_MAX], hi[TEXT_NUM_MAX], from[8], to[8], bands[8],
		p[TEXT_NUM_MAX], det[TEXT_NUM_MAX];
	const char *names[] = {"subject", "effect", "lo", "hi",         "from",
			       "to",      "bands",  "p",  "detectable", "clock"};
	const char *vals[] = {"", eff, lo, hi, from, to, bands, p, det, ""};

	if (pl->n_tod == 0)
		return;
	doc_para(r->d, rb_str(r, "plan.tod_intro"), 0);
	for (size_t i = 0; i < pl->n_tod; i++) {
		const struct results_tod *t = &pl->tod[i];
		const struct results_claim *c;
		char id[RESULTS_CLAIM_ID_MAX];
		int nb = 0, found;
		struct strbuf b = {0}, clk = {0};

		for (int k = 0; k < RESULTS_TOD_BANDS; k++)
			nb += t->n[k] > 0;
		vals[0] = r->m->subjects[t->subject].label;
		/* slower: the dip as a positive share, its interval reversed */
		text_num(r->nf, -t->effect * 100, 0, eff, sizeof(eff));
		text_num(r->nf, -t->hi * 100, 0, lo, sizeof(lo));
		text_num(r->nf, -t->lo * 100, 0, hi, sizeof(hi));
		snprintf(from, sizeof(from), "%02d", 3 * t->low_band);
		snprintf(to, sizeof(to), "%02d", 3 * t->low_band + 3);
		snprintf(bands, sizeof(bands), "%d", nb);
		text_num(r->nf, t->p, t->p < 0.001 ? 5 : 3, p, sizeof(p));
		text_num(r->nf, t->detectable * 100, 0, det, sizeof(det));
		vals[9] = clock_name(r, t->clock, &clk);
		c = tod_claim(r->m, t, id, sizeof(id));
		found = c != NULL ? strcmp(c->verdict, "dip") == 0 : t->detected;
		text_subst(&b, rb_str(r, found ? "plan.tod_found" : "plan.tod_none"), names, vals,
			   10);
		if (c != NULL)
			doc_para_claim(r->d, rb_text(r, &b), id);
		else
			doc_para(r->d, rb_text(r, &b), 0);
		strbuf_free(&b);
		strbuf_free(&clk);
	}
}

void report_methodology_plan(struct report_builder *r)
{
	const struct results_planner *pl = r->m->doc.planner;
	char target[TEXT_NUM_MAX], cycles[24], opname[32];
	const char *names[] = {"target", "cycles"};
	const char *vals[] = {target, cycles};
	struct strbuf b = {0};
	int intro = 1;

	if (pl == NULL)
		return;
	doc_heading(r->d, 2, "plan", rb_str(r, "section.plan"));
	pct(r, pl->target_ci, target);
	snprintf(cycles, sizeof(cycles), "%lld", pl->cycles);
	text_subst(&b, rb_str(r, "plan.intro"), names, vals, 2);
	doc_para(r->d, rb_text(r, &b), 0);
	strbuf_free(&b);
	if (pl->seq.on)
		sequential(r, pl);
	for (size_t i = 0; i < r->m->nops; i++) {
		const struct results_plan_op *p = model_plan(r->m, r->m->ops[i]);

		if (p == NULL)
			continue;
		report_op_name(r->l, p->op, opname, sizeof(opname));
		part(r, p, opname, &p->cells, "plan.cells", 0);
		part(r, p, opname, &p->comparisons, "plan.cmp", 1);
	}
	for (size_t i = 0; i < r->m->nops; i++) {
		const struct results_plan_op *p = model_plan(r->m, r->m->ops[i]);

		if (p == NULL)
			continue;
		report_op_name(r->l, p->op, opname, sizeof(opname));
		variability(r, p->op, opname, &intro);
	}
	time_of_day(r, pl);
}
