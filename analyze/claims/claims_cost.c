/* analyze/claims/claims_cost.c: the cost rank, rank/cost (claim_kinds.h; docs/METHODOLOGY.md,
 * "Claims": ranks): the monthly cost of the campaign's example workload (campaign
 * cost_example) at each subject's prices (those of its last priced run, as cost[] of
 * aggregate.json states them). The amounts are deterministic given the prices, so they are
 * ranked as they are: the cheapest is named when it costs less than every other; equal
 * amounts at the top, or prices in different currencies, are "no-difference". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/claims/claim_kinds.h"
#include "core/price.h"

struct priced {
	int subject;
	double example, bill; /* the example's monthly cost; the campaign's bill */
	const char *currency;
};

static int by_cost(const void *x, const void *y)
{
	const struct priced *p = x, *q = y;

	if (p->example != q->example)
		return p->example < q->example ? -1 : 1;
	return p->subject - q->subject;
}

/* priced_of: subject s's example cost and bill into *out; 0 when it has no priced run or
 * the campaign no example. *spec: the example's text. */
static int priced_of(const struct aggregate *a, size_t s, struct priced *out, const char **spec)
{
	const struct prices *last = NULL;
	struct cost_example ex;
	struct cost_parts c;
	double bill = 0;

	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *r = a->runs[i].log;

		if (a->runs[i].subject != s)
			continue;
		if (r->cost_example[0])
			*spec = r->cost_example;
		if (!r->has_prices || !r->has_billing)
			continue;
		price_cost(&r->prices, &r->bill, &c);
		bill += c.total;
		price_cost(&r->prices, &r->subject_bill, &c);
		bill += c.total;
		last = &r->prices;
	}
	if (last == NULL || *spec == NULL || price_parse_example(*spec, &ex, NULL) < 0)
		return 0;
	price_example_cost(last, &ex, &c);
	*out = (struct priced){(int)s, c.total, bill, last->currency};
	return 1;
}

int claims_cost(struct claim_list *l, const struct aggregate *a)
{
	struct priced *v = calloc(a->n_subjects + 1, sizeof(*v));
	struct claim_key key = claim_key_of("rank");
	const char *spec = NULL;
	char name[160];
	size_t k = 0;
	int same = 1, ranked;

	if (v == NULL)
		return -1;
	for (size_t s = 0; s < a->n_subjects; s++)
		k += priced_of(a, s, &v[k], &spec);
	if (k < 2) {
		free(v);
		return 0;
	}
	qsort(v, k, sizeof(*v), by_cost);
	for (size_t i = 1; i < k; i++)
		same &= strcmp(v[i].currency, v[0].currency) == 0;
	ranked = same && v[0].example < v[1].example;
	key.tag = "cost";
	if (claims_add(l, a, &key, ranked ? "ranked" : "no-difference") == 0) {
		if (ranked)
			claims_last(l)->subject = v[0].subject;
		for (size_t i = ranked; i < k; i++)
			claims_also(l, v[i].subject);
		if (!ranked)
			claims_reason(l, same ? "equal-amounts" : "currencies");
		claims_text(l, "basis", "example");
		claims_text(l, "example", spec);
		claims_text(l, "currency", same ? v[0].currency : NULL);
		for (size_t i = 0; i < k; i++) {
			snprintf(name, sizeof(name), "cost.%s", a->subjects[v[i].subject].id);
			claims_num(l, name, v[i].example);
			snprintf(name, sizeof(name), "bill.%s", a->subjects[v[i].subject].id);
			claims_num(l, name, v[i].bill);
		}
	}
	free(v);
	return l->failed ? -1 : 0;
}
