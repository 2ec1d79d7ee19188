/* analyze/claims/claims_stale.c: the "staleness" claims (claims.h; docs/METHODOLOGY.md,
 * "Consistency windows"): per subject and kind of consistency probe, strong (every probe
 * judged saw the new state at its first poll), stale (some saw the old state, all saw the
 * new one within max_wait), unsettled (some still saw the old state at max_wait), untested
 * (no probe judged). */
#include <math.h>

#include "analyze/claims/claim_list.h"

/* kind_claim: the claim of subject s's kind k (probes polled every poll_ms). */
static int kind_claim(struct claim_list *l, const struct aggregate *a, int s,
		      const struct results_stale_kind *k, double poll_ms, double max_wait_ms)
{
	struct claim_key key = claim_key_of("staleness");
	const char *v = k->probes == 0      ? "untested"
			: k->timeouts > 0   ? "unsettled"
			: k->violations > 0 ? "stale"
					    : "strong";

	key.tag = k->kind;
	key.subject = s;
	if (claims_add(l, a, &key, v) < 0)
		return -1;
	claims_num(l, "probes", (double)k->probes);
	claims_num(l, "violations", (double)k->violations);
	claims_num(l, "share_pct",
		   k->probes > 0 ? round(1000.0 * (double)k->violations / (double)k->probes) / 10
				 : NAN);
	claims_num(l, "timeouts", (double)k->timeouts);
	claims_num(l, "untested", (double)k->untested);
	claims_num(l, "max_ms", round(k->max_ms));
	claims_num(l, "median_ms", round(k->median_ms));
	claims_num(l, "poll_ms", poll_ms);
	claims_num(l, "max_wait_ms", max_wait_ms);
	return l->failed ? -1 : 0;
}

int claims_staleness(struct claim_list *l, const struct aggregate *a,
		     const struct results_staleness *recs, size_t n, struct err *e)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < recs[i].n_kinds; j++)
			if (kind_claim(l, a, recs[i].subject, &recs[i].kinds[j], recs[i].poll_ms,
				       recs[i].max_wait_ms) < 0)
				return err_set(e, "claims: out of memory");
	return 0;
}
