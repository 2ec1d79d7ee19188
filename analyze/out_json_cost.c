/* analyze/out_json_cost.c: cost figures of aggregate.json (analyze/out_json_cost.h). */
#include "analyze/out_json_cost.h"

#include <string.h>

#include "analyze/out_json_stats.h"

json_t *out_json_run_cost(const struct runlog *l)
{
	struct cost_parts c;

	if (!l->has_prices || !l->has_billing)
		return json_null();
	price_cost(&l->prices, &l->bill, 0, &c);
	return cost_to_json(&c, l->prices.currency);
}

static void add_parts(struct cost_parts *to, const struct cost_parts *c)
{
	to->requests += c->requests;
	to->egress += c->egress;
	to->ingress += c->ingress;
	to->storage += c->storage;
	to->total += c->total;
}

json_t *out_json_cell_cost(const struct aggregate *a, const struct agg_cell *c)
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
	return cur ? cost_to_json(&sum, cur) : json_null();
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

/* subject_cost: the cost[] entry of subject s, or NULL when none of its runs is priced. */
static json_t *subject_cost(const struct aggregate *a, size_t s, int *ok)
{
	struct cost_parts sum, one;
	const struct prices *last = NULL;
	const char *example = "";
	size_t priced = 0, unpriced = 0, logged_only = 0;
	json_t *o, *sizes;
	struct bill_counts counts;

	memset(&sum, 0, sizeof(sum));
	memset(&counts, 0, sizeof(counts));
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
		bill_add(&counts, &l->bill);
		price_cost(&l->prices, &l->subject_bill, 0, &one);
		add_parts(&sum, &one);
		bill_add(&counts, &l->subject_bill);
		logged_only += l->bill_logged_only != 0;
		last = &l->prices;
		priced++;
	}
	if (last == NULL)
		return NULL;
	o = cost_to_json(&sum, last->currency);
	out_json_put(o, "subject", json_string(a->subjects[s].id), ok);
	out_json_put(o, "runs_priced", json_integer((json_int_t)priced), ok);
	out_json_put(o, "runs_unpriced", json_integer((json_int_t)unpriced), ok);
	out_json_put(o, "billed", json_string(logged_only ? "logged_requests" : "all_phases"), ok);
	out_json_put(o, "billing", bill_to_json(&counts), ok);
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
	out_json_put(o, "million_requests", json_real(1e6 * last->v[PRICE_CLASS_B]), ok);
	struct cost_example ex;
	struct cost_parts m;
	if (example[0] && price_parse_example(example, &ex, NULL) == 0) {
		price_example_cost(last, &ex, &m);
		json_t *x = cost_to_json(&m, last->currency);
		out_json_put(x, "spec", json_string(example), ok);
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
