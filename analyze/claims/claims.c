/* analyze/claims/claims.c: see claims.h. The kinds' builders are in claim_kinds.h; this file
 * runs them in claims[]'s order and adds the campaign's own caveats. */
#include "analyze/claims/claims.h"

#include "analyze/claims/claim_kinds.h"

/* campaign_caveats: "caveat/one-cycle" when the matrix ran fewer than 2 cycles (no cycle
 * CV, no test: every lead untested, no consistency rank). */
static int campaign_caveats(struct claim_list *l, const struct aggregate *a)
{
	struct claim_key k = claim_key_of("caveat");

	if (a->n_cells == 0 || a->cycles >= 2)
		return 0;
	k.tag = "one-cycle";
	if (claims_add(l, a, &k, "one-cycle") < 0)
		return -1;
	claims_num(l, "cycles", a->cycles);
	return l->failed ? -1 : 0;
}

int claims_build(const struct aggregate *a, const struct vantage_set *v, struct claim_list *out,
		 struct err *e)
{
	*out = (struct claim_list){0};
	if (claims_lead(out, a, v) < 0 || claims_cells(out, a) < 0 || claims_cond(out, a) < 0 ||
	    claims_replay(out, a) < 0 || claims_replay_lead(out, a) < 0 ||
	    claims_rate(out, a) < 0 || claims_rank(out, a) < 0 || claims_top(out, a) < 0 ||
	    claims_time(out, a) < 0 || campaign_caveats(out, a) < 0 || claims_ran(out, a, v) < 0 ||
	    claims_payload(out, a) < 0 || claims_tod(out, a) < 0 || out->failed)
		return err_set(e, "claims: out of memory");
	return 0;
}
