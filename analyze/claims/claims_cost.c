/* analyze/claims/claims_cost.c: the cost ranks, rank/cost and rank/tput-per-cost (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims": ranks). rank/cost: the monthly cost of the campaign's example workload (campaign
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

/* best_get: subject s's highest GET figure (MiB/s) and its 95 % interval into *v, *lo, *hi;
 * 0 when it has no GET cell with a figure. */
static int best_get(const struct aggregate *a, int s, double *v, double *lo, double *hi)
{
	const struct agg_cell *best = NULL;

	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		if ((int)c->subject == s && strcmp(c->op, "get") == 0 && isfinite(c->mib.value) &&
		    (best == NULL || c->mib.value > best->mib.value))
			best = c;
	}
	if (best == NULL)
		return 0;
	*v = best->mib.value;
	*lo = best->mib.ci_lo;
	*hi = best->mib.ci_hi;
	return 1;
}

/* per_cost: the rank of GET throughput per monthly cost of the example, rank/tput-per-cost,
 * over the k priced subjects of v: each subject's highest GET figure over its example cost.
 * The first is named (ranked) only when every amount is in one currency and its interval's
 * lower end over its cost is above every other's upper end over its cost; else
 * no-difference (currencies, single-runs: an interval missing, or overlapping). */
static int per_cost(struct claim_list *l, const struct aggregate *a, const struct priced *v,
		    size_t k, int same)
{
	struct claim_key key = claim_key_of("rank");
	double x[64], lo[64], hi[64];
	size_t n = 0;
	int order[64], ranked, bounded = 1;
	char name[160];

	for (size_t i = 0; i < k && n < 64; i++)
		if (v[i].example > 0 && best_get(a, v[i].subject, &x[n], &lo[n], &hi[n])) {
			order[n] = (int)i;
			x[n] /= v[i].example;
			lo[n] /= v[i].example;
			hi[n] /= v[i].example;
			bounded &= isfinite(lo[n]) && isfinite(hi[n]);
			n++;
		}
	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++) /* by figure, highest first: the subjects' order */
		for (size_t j = i + 1; j < n; j++)
			if (x[j] > x[i]) {
				double t[3] = {x[i], lo[i], hi[i]};
				int o = order[i];

				x[i] = x[j], lo[i] = lo[j], hi[i] = hi[j], order[i] = order[j];
				x[j] = t[0], lo[j] = t[1], hi[j] = t[2], order[j] = o;
			}
	ranked = same && bounded;
	for (size_t i = 1; i < n; i++)
		ranked &= hi[i] < lo[0]; /* the first: the highest */
	key.tag = "tput-per-cost";
	if (claims_add(l, a, &key, ranked ? "ranked" : "no-difference") < 0)
		return -1;
	if (ranked)
		claims_last(l)->subject = v[order[0]].subject;
	for (size_t i = 0; i < n; i++)
		if (!ranked || i != 0)
			claims_also(l, v[order[i]].subject);
	if (!ranked)
		claims_reason(l, !same ? "currencies" : !bounded ? "single-runs" : "overlapping");
	claims_text(l, "basis", "example");
	claims_text(l, "currency", same ? v[0].currency : NULL);
	for (size_t i = 0; i < n; i++) {
		const char *id = a->subjects[v[order[i]].subject].id;

		snprintf(name, sizeof(name), "per_cost.%s", id);
		claims_num(l, name, x[i]);
		snprintf(name, sizeof(name), "per_cost_lo.%s", id);
		claims_num(l, name, lo[i]);
		snprintf(name, sizeof(name), "per_cost_hi.%s", id);
		claims_num(l, name, hi[i]);
	}
	return l->failed ? -1 : 0;
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
	if (!l->failed)
		per_cost(l, a, v, k, same);
	free(v);
	return l->failed ? -1 : 0;
}
