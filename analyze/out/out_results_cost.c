/* analyze/out/out_results_cost.c: the cost of aggregate.json (see out_results.h): each run's
 * and cell's bill, and per subject the campaign's bill with the free allowances, the
 * price-performance figures and the example workload, from the bills analyze/cells/cost_cells.h
 * made (docs/METHODOLOGY.md, "Cost"). */
#include "analyze/out/out_results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* bill: x as the bill c in currency cur. */
static void bill(const struct cost_parts *c, const char *cur, struct results_cost *x, int *ok)
{
	x->present = 1;
	x->parts = *c;
	x->currency = out_dup(cur, ok);
}

void out_run_cost(const struct agg_run *r, struct results_cost *x, int *ok)
{
	if (r->priced)
		bill(&r->cost, r->log->prices.currency, x, ok);
}

void out_cell_cost(const struct aggregate *a, const struct agg_cell *c, struct results_cost *x,
		   int *ok)
{
	struct cost_parts sum;

	if (!cost_cells_cell(a, c, &sum))
		return;
	for (size_t i = 0; i < c->n_runs; i++)
		if (a->runs[c->runs[i]].priced) {
			bill(&sum, a->runs[c->runs[i]].log->prices.currency, x, ok);
			return;
		}
}

/* read_1tb: the cost of reading 10^12 bytes in objects of `size` at prices p. */
static double read_1tb(const struct prices *p, uint64_t size)
{
	struct bill_counts b;
	struct cost_parts c;

	memset(&b, 0, sizeof(b));
	b.bytes_out = 1000000000000ULL;
	bill_count_op(&b, BOP_GET_OBJECT, (b.bytes_out + size - 1) / size, 0, 0);
	price_cost(p, &b, &c);
	return c.total;
}

/* free_allowance: the subject's bill after the free allowances (docs/METHODOLOGY.md, "Cost")
 * with what they saved per month, or NULL when none of its runs' prices has one. */
static struct results_free_allowance *free_allowance(const struct agg_subject_cost *s, int *ok)
{
	struct results_free_allowance *f;

	if (!s->has_free)
		return NULL;
	if ((f = calloc(1, sizeof(*f))) == NULL ||
	    (f->months = calloc(s->n_months + 1, sizeof(*f->months))) == NULL) {
		free(f);
		*ok = 0;
		return NULL;
	}
	for (size_t i = 0; i < s->n_months; i++) {
		const struct agg_cost_month *m = &s->months[i];
		struct results_free_month *x = &f->months[f->n_months++];

		x->month = m->month[0] ? out_dup(m->month, ok) : NULL;
		x->egress_gb = m->egress_gb;
		x->free_gb = m->free_egress;
		x->saved = m->saved;
	}
	f->total = s->after.total;
	f->requests = s->after.requests;
	f->egress = s->after.egress;
	f->storage = s->after.storage;
	f->saved = s->bill.total - s->after.total;
	return f;
}

/* price_perf: read_1tb[] at each GET size of the subject's cells, a million GETs, and the
 * campaign's example workload (example the cost_example of its runs; "" none). */
static void price_perf(const struct aggregate *a, size_t s, const char *example,
		       struct results_subject_cost *x, int *ok)
{
	const struct prices *last = &x->prices;
	struct cost_example ex;
	struct cost_parts m;

	if ((x->read_1tb = calloc(a->n_cells + 1, sizeof(*x->read_1tb))) == NULL)
		*ok = 0;
	for (size_t i = 0; x->read_1tb != NULL && i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];
		int seen = 0;
		if (c->subject != s || strcmp(c->op, "get") != 0 || c->size == 0)
			continue;
		for (size_t j = 0; j < i; j++)
			seen |= a->cells[j].subject == s && strcmp(a->cells[j].op, "get") == 0 &&
				a->cells[j].size == c->size;
		if (!seen) {
			x->read_1tb[x->n_read_1tb].size = c->size;
			x->read_1tb[x->n_read_1tb++].cost = read_1tb(last, c->size);
		}
	}
	x->million_requests = 1e6 * price_op(last, BOP_GET_OBJECT);
	if (example == NULL || !example[0] || price_parse_example(example, &ex, NULL) != 0)
		return;
	price_example_cost(last, &ex, &m);
	if ((x->example = calloc(1, sizeof(*x->example))) == NULL) {
		*ok = 0;
		return;
	}
	bill(&m, last->currency, x->example, ok);
	x->example_spec = out_dup(example, ok);
}

/* subject_cost: the cost[] entry of subject s into x; 0 when none of its runs is priced. */
static int subject_cost(const struct aggregate *a, size_t s, struct results_subject_cost *x,
			int *ok)
{
	const struct agg_subject_cost *sc = &a->subject_costs[s];
	const struct prices *last = sc->prices;

	if (last == NULL)
		return 0;
	bill(&sc->bill, last->currency, &x->bill, ok);
	x->subject = (int)s;
	x->runs_priced = (long long)sc->runs_priced;
	x->runs_unpriced = (long long)sc->runs_unpriced;
	x->logged_only = sc->logged_only;
	x->billing = sc->counts;
	x->free_allowance = free_allowance(sc, ok);
	x->prices = *last;
	x->price_date = last->date[0] ? out_dup(last->date, ok) : NULL;
	price_perf(a, s, sc->example, x, ok);
	return 1;
}

void out_costs(const struct aggregate *a, struct results *doc, int *ok)
{
	if ((doc->cost = calloc(a->n_subjects + 1, sizeof(*doc->cost))) == NULL) {
		*ok = 0;
		return;
	}
	for (size_t s = 0; s < a->n_subjects; s++)
		if (subject_cost(a, s, &doc->cost[doc->n_cost], ok))
			doc->n_cost++;
		else /* nothing was added to it */
			memset(&doc->cost[doc->n_cost], 0, sizeof(doc->cost[0]));
}
