/* analyze/claims/claims_rate.c: the claims of the rate sweeps (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims": rate steps and sweeps): each step's verdict
 * (claim_rules_step: a step missed because the client sent late is not judged, never the
 * server's), each sweep's highest sustained rate with who set its limit, and its throttling
 * knee. */
#include <math.h>
#include <string.h>

#include "analyze/cells/climit_cells.h"
#include "analyze/cells/workload_cells.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"

/* A step's on-time figures, summed over its valid rate runs. */
struct step_figures {
	uint64_t slots, sent, on_time, failed;
	int errors; /* some run's failures left more than CLAIM_STEP_ERROR_SHARE of its slots
		       unanswered */
};

static void step_figures(const struct aggregate *a, const struct agg_cell *c,
			 struct step_figures *f)
{
	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		const struct rate_summary *s = &r->log->summary.rate;

		if (!r->v.included || !r->log->summary.has_rate)
			continue;
		f->slots += s->slots;
		f->sent += s->sent;
		f->on_time += s->on_time;
		f->failed += s->failed;
		if (s->failed > 0 &&
		    (double)(s->sent - s->failed) < (1 - CLAIM_STEP_ERROR_SHARE) * (double)s->slots)
			f->errors = 1;
	}
}

/* step_of: rate cell c's verdict under the sweep's p99 limit. */
static struct claim_step step_of(const struct aggregate *a, const struct agg_cell *c,
				 double limit_ms)
{
	const struct agg_workload *w = c->workload;
	struct step_figures f;
	unsigned blocking = c->climit.is_limited ? c->climit.reasons & CLIMIT_CELLS_BLOCKING : 0;

	step_figures(a, c, &f);
	return claim_rules_step(w->has_rate,
				w->has_rate && w->sustained && w->p99_intended < limit_ms, blocking,
				f.errors, w->p99, limit_ms);
}

static void server_reasons(struct claim_list *l, const struct claim_step *s)
{
	if (s->by == CLAIM_STEP_SERVER)
		claims_reason(l, s->errors ? "errors" : "latency");
	else
		claims_reason_bits(l, s->reasons);
}

static int step(struct claim_list *l, const struct aggregate *a, const struct agg_sweep *sw,
		const struct agg_cell *c)
{
	struct claim_key k = claim_key_cell("rate-step", c);
	struct claim_step s = step_of(a, c, sw->p99_limit_ms);
	struct step_figures f;

	step_figures(a, c, &f);
	if (claims_add(l, a, &k, claim_rules_step_verdict(&s)) < 0)
		return -1;
	if (s.by == CLAIM_STEP_NONE)
		claims_reason(l, "no-runs");
	else
		server_reasons(l, &s);
	claims_num(l, "offered", c->rate);
	claims_num(l, "achieved", c->workload->achieved);
	claims_num(l, "slots", (double)f.slots);
	claims_num(l, "sent", (double)f.sent);
	claims_num(l, "on_time", (double)f.on_time);
	claims_num(l, "failed", (double)f.failed);
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

	k.extra[0] = '\0';
	if (s->mix != NULL)
		strcpy(k.extra, "mix");
	else if (s->size_spec != NULL)
		strcpy(k.extra, "dist");
	else if (s->range != NULL)
		strcpy(k.extra, "range");
	return k;
}

/* sustained: s's highest rate held and its limit: the first step above it (every step when
 * none held) that was not held, and whose it was. */
static int sustained(struct claim_list *l, const struct aggregate *a, const struct agg_sweep *s)
{
	struct claim_key k = sweep_key("sustained", a, s);
	struct claim_step lim = {.by = CLAIM_STEP_HELD};
	double at = NAN;

	for (size_t i = 0; i < s->n_points && lim.by == CLAIM_STEP_HELD; i++) {
		const struct agg_cell *c = &a->wcells[s->points[i]];
		struct claim_step st = step_of(a, c, s->p99_limit_ms);

		if (c->rate <= s->max_sustained || st.by == CLAIM_STEP_HELD ||
		    st.by == CLAIM_STEP_NONE)
			continue;
		lim = st;
		at = c->rate;
	}
	if (claims_add(l, a, &k, isfinite(s->max_sustained) ? "held" : "none") < 0)
		return -1;
	server_reasons(l, &lim);
	claims_num(l, "max_sustained", s->max_sustained);
	claims_text(l, "limit",
		    lim.by == CLAIM_STEP_CLIENT   ? "client"
		    : lim.by == CLAIM_STEP_SERVER ? "server"
						  : "none");
	claims_num(l, "at_rate", at);
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
			share = workload_cells_throttled_share(&a->wcells[s->points[i]]);
	if (claims_add(l, a, &k, isfinite(s->throttle_knee) ? "found" : "none") < 0)
		return -1;
	claims_num(l, "rate", s->throttle_knee);
	claims_num(l, "share", share);
	claims_num(l, "threshold", WL_THROTTLE_SHARE);
	claims_text(l, "basis", "requests");
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
