/* analyze/out/out_json_cost.c: cost figures of aggregate.json (analyze/out/out_json_cost.h). */
#include "analyze/out/out_json_cost.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/out/out_json_stats.h"
#include "core/timefmt.h"

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
 * (docs/METHODOLOGY.md, "Cost"): {"total", "egress", "saved", "months": [{"month",
 * "egress_gb", "free_gb", "saved"}]}, or null when none of its runs' prices has a free
 * allowance. sum: the bill without it. */
static json_t *free_allowance(const struct aggregate *a, size_t s, const struct cost_parts *sum,
			      int *ok)
{
	struct month m[120];
	size_t n = 0, any = 0;
	double saved = 0;
	json_t *months, *o;

	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *l = a->runs[i].log;
		if (a->runs[i].subject != s || !l->has_prices || !l->has_billing)
			continue;
		any += l->prices.free_egress_gb > 0 || l->prices.free_egress_ratio > 0;
		add_month(m, &n, sizeof(m) / sizeof(m[0]), l);
	}
	if (!any)
		return json_null();
	qsort(m, n, sizeof(m[0]), by_key);
	if (n > 1 && m[0].key[0] == '\0') { /* undated runs: in the first dated month */
		bill_add(&m[1].b, &m[0].b);
		memmove(m, m + 1, --n * sizeof(m[0]));
	}
	months = json_array();
	for (size_t i = 0; i < n; i++) {
		const struct prices *p = m[i].p;
		double gb = (double)(m[i].b.bytes_out + m[i].b.xml_out) / price_gb(p);
		double fr = price_free_egress_gb(p, &m[i].b);
		double sv = p->same_region ? 0 : (gb < fr ? gb : fr) * p->v[PRICE_EGRESS];
		saved += sv;
		out_json_add(months,
			     json_pack("{s:s?, s:f, s:f, s:f}", "month",
				       m[i].key[0] ? m[i].key : NULL, "egress_gb", gb, "free_gb",
				       fr, "saved", sv),
			     ok);
	}
	o = json_pack("{s:f, s:f, s:f}", "total", sum->total - saved, "egress", sum->egress - saved,
		      "saved", saved);
	out_json_put(o, "months", months, ok);
	return o;
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
	out_json_put(o, "free_allowance", free_allowance(a, s, &sum, ok), ok);
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
