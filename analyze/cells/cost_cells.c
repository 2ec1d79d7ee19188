/* analyze/cells/cost_cells.c: the bills of runs, cells and subjects (cost_cells.h). */
#include "analyze/cells/cost_cells.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/aggregate.h"

/* start_of: when run l started (Unix ns; 0: not known). */
static int64_t start_of(const struct runlog *l)
{
	if (l->started_ns > 0)
		return l->started_ns;
	return l->has_summary && l->summary.start_ns > 0 ? l->summary.start_ns : 0;
}

/* One priced run of a subject, in the order they are billed. */
struct item {
	size_t run;
	int64_t t;
};

static int by_start(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->run < y->run ? -1 : x->run > y->run;
}

/* currencies: -1 with e naming two priced runs of different currencies. */
static int currencies(const struct aggregate *a, struct err *e)
{
	const struct runlog *first = NULL;

	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *l = a->runs[i].log;
		if (!l->has_prices || !l->has_billing)
			continue;
		if (first == NULL)
			first = l;
		else if (strcmp(first->prices.currency, l->prices.currency) != 0)
			return err_set(e,
				       "%s is priced in %s, %s in %s (subjects %s and %s): analyze "
				       "adds and compares no figures in different currencies; give "
				       "every subject's prices in one currency",
				       l->path, l->prices.currency, first->path,
				       first->prices.currency, l->subject, first->subject);
	}
	return 0;
}

/* month_rec: the record of month m (months since 1970-01; -1: not known yet) in s. */
static struct agg_cost_month *month_rec(struct agg_subject_cost *s, int64_t m)
{
	char key[8] = "";
	struct agg_cost_month *t;

	if (m >= 0)
		snprintf(key, sizeof(key), "%04d-%02d", (int)(1970 + m / 12), (int)(m % 12 + 1));
	for (size_t i = 0; i < s->n_months; i++)
		if (strcmp(s->months[i].month, key) == 0)
			return &s->months[i];
	t = realloc(s->months, (s->n_months + 1) * sizeof(*t));
	if (t == NULL)
		return NULL;
	s->months = t;
	t = &t[s->n_months++];
	memset(t, 0, sizeof(*t));
	memcpy(t->month, key, sizeof(key));
	return t;
}

/* bill: counts b of a run at prices p through lg into the subject's figures; *run (may be
 * NULL) gets the bill without free allowances. -1 when out of memory. */
static int bill(struct agg_subject_cost *s, const struct prices *p, const struct bill_counts *b,
		struct price_ledger *lg, struct cost_parts *run)
{
	struct cost_parts all, after;
	double free0 = lg->free_egress_used, e0 = lg->egress_gb;
	struct agg_cost_month *m;

	price_bill(p, b, lg, &all, &after);
	if ((m = month_rec(s, lg->month)) == NULL)
		return -1;
	m->egress_gb += lg->egress_gb - e0;
	m->free_egress += lg->free_egress_used - free0;
	m->saved += all.total - after.total;
	cost_parts_add(&s->bill, &all);
	cost_parts_add(&s->after, &after);
	bill_add(&s->counts, b);
	if (run != NULL)
		cost_parts_add(run, &all);
	return 0;
}

/* has_free: whether prices p have a free allowance. */
static int has_free(const struct prices *p)
{
	int any = p->free_egress_gb > 0 || p->free_egress_ratio > 0 || p->free_storage_gb > 0;

	for (int k = 0; k < p->n_cls; k++)
		any |= p->cls[k].free_per != 0;
	return any;
}

/* undated_first: the month of runs without a start time merged into the first dated one. */
static void undated_first(struct agg_subject_cost *s)
{
	struct agg_cost_month *u = NULL, *first = NULL;

	for (size_t i = 0; i < s->n_months; i++) {
		struct agg_cost_month *m = &s->months[i];
		if (m->month[0] == '\0')
			u = m;
		else if (first == NULL || strcmp(m->month, first->month) < 0)
			first = m;
	}
	if (u == NULL || first == NULL)
		return;
	first->egress_gb += u->egress_gb;
	first->free_egress += u->free_egress;
	first->saved += u->saved;
	*u = s->months[--s->n_months];
}

static int by_month(const void *a, const void *b)
{
	return strcmp(((const struct agg_cost_month *)a)->month,
		      ((const struct agg_cost_month *)b)->month);
}

/* subject: the bill of subject k; items: scratch for its runs. */
static int subject(struct aggregate *a, size_t k, struct item *items)
{
	struct agg_subject_cost *s = &a->subject_costs[k];
	struct price_ledger lg;
	size_t n = 0;

	s->example = "";
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *l = a->runs[i].log;
		if (a->runs[i].subject != k)
			continue;
		if (l->cost_example[0])
			s->example = l->cost_example;
		if (!l->has_prices || !l->has_billing) {
			s->runs_unpriced++;
			continue;
		}
		items[n].run = i;
		items[n++].t = start_of(l);
	}
	qsort(items, n, sizeof(*items), by_start);
	price_ledger_init(&lg);
	for (size_t i = 0; i < n; i++) {
		struct agg_run *r = &a->runs[items[i].run];
		const struct runlog *l = r->log;
		price_ledger_at(&lg, items[i].t);
		r->priced = 1;
		if (bill(s, &l->prices, &l->bill, &lg, &r->cost) < 0 ||
		    bill(s, &l->prices, &l->subject_bill, &lg, NULL) < 0)
			return -1;
		s->logged_only |= l->bill_logged_only != 0;
		s->has_free |= has_free(&l->prices);
		s->prices = &l->prices;
		s->runs_priced++;
	}
	undated_first(s);
	if (s->n_months > 1)
		qsort(s->months, s->n_months, sizeof(*s->months), by_month);
	return 0;
}

int cost_cells_build(struct aggregate *a, struct err *e)
{
	struct item *items;
	int rc = 0;

	if (currencies(a, e) < 0)
		return -1;
	a->subject_costs = calloc(a->n_subjects ? a->n_subjects : 1, sizeof(*a->subject_costs));
	items = calloc(a->n_runs ? a->n_runs : 1, sizeof(*items));
	if (a->subject_costs == NULL || items == NULL)
		rc = err_set(e, "aggregate: out of memory");
	for (size_t k = 0; rc == 0 && k < a->n_subjects; k++)
		if (subject(a, k, items) < 0)
			rc = err_set(e, "aggregate: out of memory");
	free(items);
	return rc;
}

int cost_cells_cell(const struct aggregate *a, const struct agg_cell *c, struct cost_parts *out)
{
	int any = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		if (!r->priced)
			continue;
		cost_parts_add(out, &r->cost);
		any = 1;
	}
	return any;
}

void cost_cells_free(struct aggregate *a)
{
	for (size_t k = 0; a->subject_costs != NULL && k < a->n_subjects; k++)
		free(a->subject_costs[k].months);
	free(a->subject_costs);
	a->subject_costs = NULL;
}
