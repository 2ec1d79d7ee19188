/* analyze/claims/claims_top.c: the "highest" claim of each matrix op (its highest figure, and
 * whether that cell's client was the limit) and the "client-balance" claim of each
 * distributed configuration of client_balance[] (analyze/cells/clients.h) (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims"). */
#include <math.h>
#include <string.h>

#include "analyze/cells/condcheck.h"
#include "analyze/cells/climit_cells.h"
#include "analyze/cells/clients.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"

/* highest: the highest-figure claim of op: the matrix cell of op with the highest MiB/s
 * (the policy's figure; the first in cells order of equal ones); none when no cell of op
 * has one. */
static int highest(struct claim_list *l, const struct aggregate *a, const char *op)
{
	const struct agg_cell *best = NULL;
	struct claim_key k = claim_key_of("highest");
	struct results_claim *c;
	int limited;

	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *x = &a->cells[i];

		/* a cell whose conditional writes broke their promise is no result (condcheck.h) */
		if (strcmp(x->op, op) == 0 && isfinite(x->mib.value) && !condcheck_violated(x) &&
		    (best == NULL || x->mib.value > best->mib.value))
			best = x;
	}
	if (best == NULL)
		return 0;
	limited = best->climit.is_limited && (best->climit.reasons & CLIMIT_CELLS_BLOCKING);
	k.op = op;
	if (claims_add(l, a, &k, limited ? "client-limited" : "found") < 0)
		return -1;
	c = claims_last(l);
	c->size = (long long)best->size;
	c->concurrency = best->concurrency;
	c->subject = (int)best->subject;
	if (limited)
		claims_reason_bits(l, best->climit.reasons & CLIMIT_CELLS_BLOCKING);
	claims_num(l, "value", best->mib.value);
	claims_text(l, "metric", "mib_s");
	claims_num(l, "ci95_lo", best->mib.ci_lo);
	claims_num(l, "ci95_hi", best->mib.ci_hi);
	claims_num(l, "clients", best->clients);
	claims_num(l, "workers_total", (double)best->concurrency * best->clients);
	return l->failed ? -1 : 0;
}

/* balance: the client-balance claim of entry b: "imbalanced" when its fastest client over
 * its slowest is above CLAIM_IMBALANCE, else "balanced"; none when the ratio has no value. */
static int balance(struct claim_list *l, const struct aggregate *a, const struct agg_balance *b)
{
	struct claim_key k = claim_key_of("client-balance");

	if (!isfinite(b->ratio))
		return 0;
	k.op = b->op;
	k.size = (long long)b->size;
	k.concurrency = b->concurrency;
	k.subject = (int)b->subject;
	if (claims_add(l, a, &k, b->ratio > CLAIM_IMBALANCE ? "imbalanced" : "balanced") < 0)
		return -1;
	claims_num(l, "ratio", b->ratio);
	claims_num(l, "threshold", CLAIM_IMBALANCE);
	claims_num(l, "clients", b->clients);
	claims_num(l, "workers_total", (double)b->concurrency * b->clients);
	claims_num(l, "runs", (double)b->n);
	return l->failed ? -1 : 0;
}

int claims_top(struct claim_list *l, const struct aggregate *a)
{
	for (size_t o = 0; o < a->n_m_ops; o++)
		if (highest(l, a, a->m_ops[o]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_balance; i++)
		if (balance(l, a, &a->balance[i]) < 0)
			return -1;
	return 0;
}
