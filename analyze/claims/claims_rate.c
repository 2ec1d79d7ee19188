/* analyze/claims/claims_rate.c: the claims of the rate sweeps (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims": rate steps and sweeps): each step's verdict as
 * analyze/cells/workload_cells.c judged it (a step missed because the client sent late is
 * not judged, never the server's), each sweep's highest sustained rate with who set its
 * limit, and its throttling knee. */
#include <math.h>
#include <string.h>

#include "analyze/cells/workload_cells.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"

/* step_reasons: why step s was not held: the client's reasons, or the server's "errors"
 * (failures) or "latency" (its service p99 not under the limit). */
static void step_reasons(struct claim_list *l, const struct agg_step *s)
{
	if (s->by == STEP_SERVER)
		claims_reason(l, s->errors ? "errors" : "latency");
	else if (s->by == STEP_CLIENT)
		claims_reason_bits(l, s->reasons);
	else if (s->by == STEP_NONE)
		claims_reason(l, "no-runs");
}

static int step(struct claim_list *l, const struct aggregate *a, const struct agg_sweep *sw,
		const struct agg_cell *c)
{
	struct claim_key k = claim_key_cell("rate-step", c);
	const struct agg_step *s = &c->workload->step;

	if (claims_add(l, a, &k, claim_rules_step_verdict(s)) < 0)
		return -1;
	step_reasons(l, s);
	claims_num(l, "offered", c->rate);
	claims_num(l, "achieved", c->workload->achieved);
	claims_num(l, "slots", (double)s->slots);
	claims_num(l, "sent", (double)s->sent);
	claims_num(l, "on_time", (double)s->on_time);
	claims_num(l, "failed", (double)s->failed);
	claims_num(l, "p99_intended_ms", c->workload->p99_intended);
	claims_num(l, "p99_ms", c->workload->p99);
	claims_num(l, "limit_ms", sw->p99_limit_ms);
	return l->failed ? -1 : 0;
}

/* sweep_key: kind about sweep s: its op, size, concurrency and subject, its workload's
 * dimension in extra. */
static struct claim_key sweep_key(const char *kind, const struct aggregate *a,
				  const struct agg_sweep *s)
{
	struct claim_key k = claim_key_cell(kind, &a->wcells[s->points[0]]);

	results_claim_extra(k.extra, sizeof(k.extra), NAN, s->mix != NULL, s->size_spec != NULL,
			    s->range != NULL);
	return k;
}

/* sustained: s's highest rate held and its limit (workload_cells_sweep_limit: the first
 * step above it, every step when none held, that was not held) with its step's reasons. */
static int sustained(struct claim_list *l, const struct aggregate *a, const struct agg_sweep *s)
{
	struct claim_key k = sweep_key("sustained", a, s);
	struct agg_sweep_limit lim;

	workload_cells_sweep_limit(a, s, &lim);
	if (claims_add(l, a, &k, isfinite(s->max_sustained) ? "held" : "none") < 0)
		return -1;
	if (lim.by != SWEEP_HELD_ALL)
		step_reasons(l, &a->wcells[s->points[lim.point]].workload->step);
	claims_num(l, "max_sustained", s->max_sustained);
	claims_text(l, "limit",
		    lim.by == SWEEP_LIMIT_CLIENT   ? "client"
		    : lim.by == SWEEP_LIMIT_SERVER ? "server"
						   : "none");
	claims_num(l, "at_rate", lim.at);
	claims_num(l, "p99_limit_ms", s->p99_limit_ms);
	claims_num(l, "points", (double)s->n_points);
	return l->failed ? -1 : 0;
}

static int knee(struct claim_list *l, const struct aggregate *a, const struct agg_sweep *s)
{
	struct claim_key k = sweep_key("knee", a, s);
	double share = NAN;

	for (size_t i = 0; i < s->n_points; i++)
		if (a->wcells[s->points[i]].rate == s->throttle_knee)
			share = workload_cells_throttled_attempt_share(&a->wcells[s->points[i]]);
	if (claims_add(l, a, &k, isfinite(s->throttle_knee) ? "found" : "none") < 0)
		return -1;
	claims_num(l, "rate", s->throttle_knee);
	claims_num(l, "share", share);
	claims_num(l, "threshold", WL_THROTTLE_SHARE);
	claims_text(l, "basis", "attempts");
	return l->failed ? -1 : 0;
}

int claims_rate(struct claim_list *l, const struct aggregate *a)
{
	for (size_t i = 0; i < a->n_sweeps; i++)
		for (size_t k = 0; k < a->sweeps[i].n_points; k++)
			if (step(l, a, &a->sweeps[i], &a->wcells[a->sweeps[i].points[k]]) < 0)
				return -1;
	for (size_t i = 0; i < a->n_sweeps; i++)
		if (sustained(l, a, &a->sweeps[i]) < 0 || knee(l, a, &a->sweeps[i]) < 0)
			return -1;
	return 0;
}
