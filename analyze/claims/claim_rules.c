/* analyze/claims/claim_rules.c: see claim_rules.h. */
#include "analyze/claims/claim_rules.h"

#include <math.h>
#include <stdlib.h>

#include "analyze/cells/compare.h"

const char *claim_rules_lead(int status, int blocked)
{
	switch (status) {
	case LEADER_CLEAR:
		return blocked ? "blocked" : "clear";
	case LEADER_TIE:
		return blocked ? "blocked" : "tie";
	case LEADER_UNRESOLVED:
		return blocked ? "blocked" : "unresolved";
	default:
		return "untested";
	}
}

const char *claim_rules_untested(size_t with_value, int cycles)
{
	if (with_value < 2)
		return "one-subject";
	if (cycles < 2)
		return "one-cycle";
	return "not-enough-runs";
}

const char *claim_rules_step_verdict(const struct agg_step *s)
{
	switch (s->by) {
	case STEP_HELD:
		return "sustained";
	case STEP_SERVER:
		return "not-sustained";
	case STEP_CLIENT:
		return s->reasons == WL_R_LATE_SENDS ? "not-judged" : "client-limited";
	default:
		return "not-judged";
	}
}

int claim_rules_time(const double ph[RPH_COUNT], double rtt_ms, double *share)
{
	double total = 0, top = 0;
	int best = 0;

	for (int p = 0; p < RPH_COUNT; p++) {
		double x = isfinite(ph[p]) ? ph[p] : 0;

		total += x;
		if (x > top) {
			top = x;
			best = p;
		}
	}
	if (!(total > 0)) {
		*share = NAN;
		return -1;
	}
	if (isfinite(rtt_ms) && rtt_ms / total >= CLAIM_DOMINANT_SHARE) {
		*share = rtt_ms / total > 1 ? 1 : rtt_ms / total;
		return CLAIM_PART_RTT;
	}
	*share = top / total;
	return *share >= CLAIM_DOMINANT_SHARE ? best : -1;
}

const char *claim_rules_part_name(int part)
{
	return part == CLAIM_PART_RTT ? "rtt" : part >= 0 ? req_phase_name(part) : NULL;
}

int claim_rules_rank(const double *p, const int *right, size_t k, double alpha, double *p_adj)
{
	double *adj = malloc((k ? k : 1) * sizeof(*adj));
	size_t *steps = malloc((k ? k : 1) * sizeof(*steps));
	int ranked = k > 0, rc = -1;

	*p_adj = NAN;
	if (adj == NULL || steps == NULL || compare_holm(p, k, adj) < 0 ||
	    compare_holm_steps(p, k, alpha, steps) < 0)
		goto done;
	for (size_t i = 0; i < k; i++) {
		if (!isfinite(p[i])) {
			ranked = 0;
			*p_adj = NAN;
			break;
		}
		if (!(adj[i] <= *p_adj))
			*p_adj = adj[i];
		if (!right[i] || !(p[i] < alpha / (double)steps[i]))
			ranked = 0;
	}
	rc = ranked;
done:
	free(adj);
	free(steps);
	return rc;
}
