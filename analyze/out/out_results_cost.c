/* analyze/out/out_results_cost.c: the cost of aggregate.json (see out_results.h): each run's
 * and cell's bill, and per subject the campaign's bill with the monthly free egress, the
 * price-performance figures and the example workload (docs/METHODOLOGY.md, "Cost"). */
#include "analyze/out/out_results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/timefmt.h"

/* bill: x as the bill c in currency cur. */
static void bill(const struct cost_parts *c, const char *cur, struct results_cost *x, int *ok)
{
	x->present = 1;
	x->parts = *c;
	x->currency = out_dup(cur, ok);
}

void out_run_cost(const struct runlog *l, struct results_cost *x, int *ok)
{
	struct cost_parts c;

	if (!l->has_prices || !l->has_billing)
		return;
	price_cost(&l->prices, &l->bill, 0, &c);
	bill(&c, l->prices.currency, x, ok);
}

static void add_parts(struct cost_parts *to, const struct cost_parts *c)
{
	to->requests += c->requests;
	to->egress += c->egress;
	to->ingress += c->ingress;
	to->storage += c->storage;
	to->total += c->total;
}

void out_cell_cost(const struct aggregate *a, const struct agg_cell *c, struct results_cost *x,
		   int *ok)
{
	struct cost_parts sum, one;
	const char *cur = NULL;

	memset(&sum, 0, sizeof(sum));
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct runlog *l = a->runs[c->runs[i]].log;
		if (!l->has_prices || !l->has_billing)
			continue;
		price_cost(&l->prices, &l->bill, 0, &one);
		add_parts(&sum, &one);
		cur = l->prices.currency;
	}
	if (cur != NULL)
		bill(&sum, cur, x, ok);
}

/* read_1tb: the cost of reading 10^12 bytes in objects of `size` at prices p. */
static double read_1tb(const struct prices *p, uint64_t size)
{
	struct bill_counts b;
	struct cost_parts c;

	memset(&b, 0, sizeof(b));
	b.bytes_out = 1000000000000ULL;
	b.class_b = (b.bytes_out + size - 1) / size;
	price_cost(p, &b, 0, &c);
	return c.total;
}

/* One billing month of a subject's campaign: its runs' counts summed, at the prices of its
 * last priced run. */
struct month {
	char key[8]; /* "2026-12"; "" for runs without a start time */
	struct bill_counts b;
	const struct prices *p;
};

/* month_of: the month (UTC) the run started in, "" when it has no start time. */
static void month_of(const struct runlog *l, char key[8])
{
	char t[40];

	key[0] = '\0';
	if (l->has_summary && l->summary.start_ns > 0 &&
	    rfc3339_format(t, sizeof(t), l->summary.start_ns) >= 7)
		snprintf(key, 8, "%.7s", t);
}

/* add_month: l's counts (its own and subject_bill) into its month of m[0..*n) (at most
 * max). */
static void add_month(struct month *m, size_t *n, size_t max, const struct runlog *l)
{
	char key[8];
	size_t i;

	month_of(l, key);
	for (i = 0; i < *n && strcmp(m[i].key, key) != 0; i++)
		;
	if (i == *n) {
		if (*n == max)
			return;
		memset(&m[i], 0, sizeof(m[i]));
		memcpy(m[i].key, key, sizeof(key));
		(*n)++;
	}
	bill_add(&m[i].b, &l->bill);
	bill_add(&m[i].b, &l->subject_bill);
	m[i].p = &l->prices;
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct month *)a)->key, ((const struct month *)b)->key);
}

/* free_allowance: the subject's bill with the monthly free egress applied per calendar month
 * (docs/METHODOLOGY.md, "Cost"), or NULL when none of its runs' prices has a free
 * allowance. sum: the bill without it. */
static struct results_free_allowance *free_allowance(const struct aggregate *a, size_t s,
						     const struct cost_parts *sum, int *ok)
{
	struct results_free_allowance *f;
	struct month m[120];
	size_t n = 0, any = 0;

	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *l = a->runs[i].log;
		if (a->runs[i].subject != s || !l->has_prices || !l->has_billing)
			continue;
		any += l->prices.free_egress_gb > 0 || l->prices.free_egress_ratio > 0;
		add_month(m, &n, sizeof(m) / sizeof(m[0]), l);
	}
	if (!any)
		return NULL;
	qsort(m, n, sizeof(m[0]), by_key);
	if (n > 1 && m[0].key[0] == '\0') { /* undated runs: in the first dated month */
		bill_add(&m[1].b, &m[0].b);
		memmove(m, m + 1, --n * sizeof(m[0]));
	}
	if ((f = calloc(1, sizeof(*f))) == NULL ||
	    (f->months = calloc(n + 1, sizeof(*f->months))) == NULL) {
		free(f);
		*ok = 0;
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		const struct prices *p = m[i].p;
		struct results_free_month *x = &f->months[f->n_months++];
		double gb = (double)(m[i].b.bytes_out + m[i].b.xml_out) / price_gb(p);
		double fr = price_free_egress_gb(p, &m[i].b);

		x->month = m[i].key[0] ? out_dup(m[i].key, ok) : NULL;
		x->egress_gb = gb;
		x->free_gb = fr;
		x->saved = p->same_region ? 0 : (gb < fr ? gb : fr) * p->v[PRICE_EGRESS];
		f->saved += x->saved;
	}
	f->total = sum->total - f->saved;
	f->egress = sum->egress - f->saved;
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
	x->million_requests = 1e6 * last->v[PRICE_CLASS_B];
	if (!example[0] || price_parse_example(example, &ex, NULL) != 0)
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
	struct cost_parts sum, one;
	const struct prices *last = NULL;
	const char *example = "";
	size_t priced = 0, unpriced = 0, logged_only = 0;

	memset(&sum, 0, sizeof(sum));
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *l = a->runs[i].log;
		if (a->runs[i].subject != s)
			continue;
		if (l->cost_example[0])
			example = l->cost_example;
		if (!l->has_prices || !l->has_billing) {
			unpriced++;
			continue;
		}
		price_cost(&l->prices, &l->bill, 0, &one);
		add_parts(&sum, &one);
		bill_add(&x->billing, &l->bill);
		price_cost(&l->prices, &l->subject_bill, 0, &one);
		add_parts(&sum, &one);
		bill_add(&x->billing, &l->subject_bill);
		logged_only += l->bill_logged_only != 0;
		last = &l->prices;
		priced++;
	}
	if (last == NULL)
		return 0;
	bill(&sum, last->currency, &x->bill, ok);
	x->subject = (int)s;
	x->runs_priced = (long long)priced;
	x->runs_unpriced = (long long)unpriced;
	x->logged_only = logged_only > 0;
	x->free_allowance = free_allowance(a, s, &sum, ok);
	x->prices = *last;
	x->price_date = last->date[0] ? out_dup(last->date, ok) : NULL;
	price_perf(a, s, example, x, ok);
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
