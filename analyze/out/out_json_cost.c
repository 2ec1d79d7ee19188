/* analyze/out/out_json_cost.c: cost figures of aggregate.json (analyze/out/out_json_cost.h). */
#include "analyze/out/out_json_cost.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/out/out_json_stats.h"

json_t *out_json_run_cost(const struct agg_run *r)
{
	return r->priced ? cost_to_json(&r->cost, r->log->prices.currency) : json_null();
}

json_t *out_json_cell_cost(const struct aggregate *a, const struct agg_cell *c)
{
	struct cost_parts sum;

	if (!cost_cells_cell(a, c, &sum))
		return json_null();
	for (size_t i = 0; i < c->n_runs; i++)
		if (a->runs[c->runs[i]].priced)
			return cost_to_json(&sum, a->runs[c->runs[i]].log->prices.currency);
	return json_null();
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

/* free_allowance: the subject's bill after the free allowances (docs/METHODOLOGY.md,
 * "Cost"): {"total", "requests", "egress", "storage", "saved", "months": [{"month",
 * "egress_gb", "free_gb", "saved"}]}, or null when none of its runs' prices has one. */
static json_t *free_allowance(const struct agg_subject_cost *s, int *ok)
{
	json_t *months, *o;

	if (!s->has_free)
		return json_null();
	months = json_array();
	for (size_t i = 0; i < s->n_months; i++) {
		const struct agg_cost_month *m = &s->months[i];
		out_json_add(months,
			     json_pack("{s:s?, s:f, s:f, s:f}", "month",
				       m->month[0] ? m->month : NULL, "egress_gb", m->egress_gb,
				       "free_gb", m->free_egress, "saved", m->saved),
			     ok);
	}
	o = json_pack("{s:f, s:f, s:f, s:f, s:f}", "total", s->after.total, "requests",
		      s->after.requests, "egress", s->after.egress, "storage", s->after.storage,
		      "saved", s->bill.total - s->after.total);
	out_json_put(o, "months", months, ok);
	return o;
}

/* subject_cost: the cost[] entry of subject s, or NULL when none of its runs is priced. */
static json_t *subject_cost(const struct aggregate *a, size_t s, int *ok)
{
	const struct agg_subject_cost *sc = &a->subject_costs[s];
	const struct prices *last = sc->prices;
	json_t *o, *sizes;

	if (last == NULL)
		return NULL;
	o = cost_to_json(&sc->bill, last->currency);
	out_json_put(o, "subject", json_string(a->subjects[s].id), ok);
	out_json_put(o, "runs_priced", json_integer((json_int_t)sc->runs_priced), ok);
	out_json_put(o, "runs_unpriced", json_integer((json_int_t)sc->runs_unpriced), ok);
	out_json_put(o, "billed", json_string(sc->logged_only ? "logged_requests" : "all_phases"),
		     ok);
	out_json_put(o, "billing", bill_to_json(&sc->counts), ok);
	out_json_put(o, "free_allowance", free_allowance(sc, ok), ok);
	out_json_put(o, "prices", price_to_json(last), ok);
	out_json_put(o, "price_date", last->date[0] ? json_string(last->date) : json_null(), ok);
	sizes = json_array();
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];
		int seen = 0;
		if (c->subject != s || strcmp(c->op, "get") != 0 || c->size == 0)
			continue;
		for (size_t j = 0; j < i; j++)
			seen |= a->cells[j].subject == s && strcmp(a->cells[j].op, "get") == 0 &&
				a->cells[j].size == c->size;
		if (!seen)
			out_json_add(sizes,
				     json_pack("{s:I, s:f}", "size", (json_int_t)c->size, "cost",
					       read_1tb(last, c->size)),
				     ok);
	}
	out_json_put(o, "read_1tb", sizes, ok);
	out_json_put(o, "million_requests", json_real(1e6 * price_op(last, BOP_GET_OBJECT)), ok);
	struct cost_example ex;
	struct cost_parts m;
	if (sc->example[0] && price_parse_example(sc->example, &ex, NULL) == 0) {
		price_example_cost(last, &ex, &m);
		json_t *x = cost_to_json(&m, last->currency);
		out_json_put(x, "spec", json_string(sc->example), ok);
		out_json_put(o, "example", x, ok);
	} else {
		out_json_put(o, "example", json_null(), ok);
	}
	return o;
}

json_t *out_json_costs(const struct aggregate *a, int *ok)
{
	json_t *arr = json_array();

	for (size_t s = 0; s < a->n_subjects; s++) {
		json_t *o = subject_cost(a, s, ok);
		if (o != NULL)
			out_json_add(arr, o, ok);
	}
	return arr;
}
