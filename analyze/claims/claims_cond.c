/* analyze/claims/claims_cond.c: the "correctness" claim of each put-if-absent and cas cell
 * (analyze/cells/condcheck.h; docs/METHODOLOGY.md, "Conditional writes"): violated (a key's
 * writes broke the rule: two winners, a lost update), held (every key judged kept it) or
 * not-judged (no key could be judged: no write succeeded, as when the server refuses every
 * condition, or no log was read). A correctness failure is a verdict of its own, never a
 * figure averaged into throughput. */
#include "analyze/cells/condcheck.h"
#include "analyze/claims/claim_kinds.h"

static int cell(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c)
{
	const struct condcheck *cc = c->cond;
	struct claim_key key = claim_key_cell("correctness", c);
	const char *verdict = cc->violations > 0 ? "violated"
			      : cc->keys > 0     ? "held"
						 : "not-judged";

	if (claims_add(l, a, &key, verdict) < 0)
		return -1;
	if (cc->keys == 0)
		claims_reason(l, cc->runs == 0  ? "no-log"
				 : cc->won == 0 ? "none-won"
						: "none-judged");
	claims_text(l, "rule", cc->cas ? "linear-chain" : "one-winner");
	claims_num(l, "runs", (double)cc->runs);
	claims_num(l, "writes", (double)cc->writes);
	claims_num(l, "won", (double)cc->won);
	claims_num(l, "conflicts", (double)cc->conflicts);
	claims_num(l, "errors", (double)cc->errors);
	claims_num(l, "keys", (double)cc->keys);
	claims_num(l, "violations", (double)cc->violations);
	claims_text(l, "example", cc->example[0] ? cc->example : NULL);
	claims_text(l, "missing", cc->missing[0] ? cc->missing : NULL);
	return l->failed ? -1 : 0;
}

int claims_cond(struct claim_list *l, const struct aggregate *a)
{
	for (size_t i = 0; i < a->n_cells; i++)
		if (a->cells[i].cond != NULL && cell(l, a, &a->cells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_wcells; i++)
		if (a->wcells[i].cond != NULL && cell(l, a, &a->wcells[i]) < 0)
			return -1;
	return 0;
}
