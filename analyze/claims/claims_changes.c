/* analyze/claims/claims_changes.c: the "change" claims of analyze --baseline: one per
 * compared cell of aggregate.json's baseline{} (analyze/history/baseline.h decides each
 * change; this file only words its decision as a claim) and the summary change/summary
 * (claim_kinds.h; docs/METHODOLOGY.md, "Changes since a baseline"). */
#include <string.h>

#include "analyze/claims/claim_kinds.h"

/* verdict_of: the verdict of compared cell c: its change when significant, "untested"
 * without a test (not enough runs), else "no-change". */
static const char *verdict_of(const struct results_change *c)
{
	if (c->significant && c->change != NULL)
		return c->change;
	return c->test == NULL ? "untested" : "no-change";
}

/* one_change: the claim of compared cell c. */
static int one_change(struct claim_list *l, const struct aggregate *a,
		      const struct results_change *c)
{
	struct claim_key k = claim_key_of("change");

	k.op = c->key.op;
	k.size = (long long)c->key.size;
	k.concurrency = c->key.concurrency;
	k.subject = claim_subject_of(a, c->key.subject);
	if (claims_add(l, a, &k, verdict_of(c)) < 0)
		return -1;
	claims_text(l, "metric", c->by_obj ? "obj_s" : "mib_s");
	claims_num(l, "old", c->old);
	claims_num(l, "new", c->new_);
	claims_num(l, "change", c->ratio - 1);
	claims_num(l, "ratio", c->ratio);
	claims_num(l, "ci_adj_lo", c->adj_lo);
	claims_num(l, "ci_adj_hi", c->adj_hi);
	claims_num(l, "p_adj", c->p_adj);
	return l->failed ? -1 : 0;
}

int claims_changes(struct claim_list *l, const struct aggregate *a,
		   const struct results_baseline *b)
{
	struct claim_key k = claim_key_of("change");
	size_t tested = 0, reg = 0, imp = 0;

	if (b == NULL)
		return 0;
	for (size_t i = 0; i < b->n_cells; i++) {
		const char *v = verdict_of(&b->cells[i]);

		tested += b->cells[i].test != NULL;
		reg += strcmp(v, "regression") == 0;
		imp += strcmp(v, "improvement") == 0;
		if (one_change(l, a, &b->cells[i]) < 0)
			return -1;
	}
	k.tag = "summary";
	if (claims_add(l, a, &k, reg + imp > 0 ? "changed" : "unchanged") < 0)
		return -1;
	claims_num(l, "significant", (double)(reg + imp));
	claims_num(l, "compared", (double)tested);
	claims_num(l, "regressions", (double)reg);
	claims_num(l, "improvements", (double)imp);
	claims_num(l, "unchanged", (double)(tested - reg - imp));
	claims_num(l, "alpha", b->alpha);
	claims_num(l, "only_new", (double)b->n_only_new);
	claims_num(l, "only_old", (double)b->n_only_old);
	return l->failed ? -1 : 0;
}
