/* analyze/claims/claims_time.c: "Where the time goes" as claims (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims": where the time goes): one "time-share" claim per cell
 * (matrix and workload cells) and per one-off row whose valid runs carry request phases,
 * never averaged across concurrency levels: each part's mean over those runs of the run's
 * mean per request, the round trip's mean, and which part dominates (claim_rules_time).
 * Where only some of the valid runs carry phases, a "caveat" claim (partial-phases) says
 * on how many the figures rest. With servers' logs joined (analyze --server-log), a cell's
 * claim also gives the joined requests' split: the server's time, its turn-around and
 * transfer, and the rest ("Server time"). */
#include <math.h>
#include <stdio.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/slowest.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"
#include "analyze/claims/claims.h"

/* One group's sums: the parts' means and the round trip over the runs with phases. */
struct tgroup {
	double ph[RPH_COUNT], rtt;
	size_t runs, n, n_rtt; /* runs with phases; valid runs; runs with a round trip */
};

static void add_run(struct tgroup *g, const struct runlog *r)
{
	const struct request_phases *p = &r->summary.phases;

	g->n++;
	if (!r->has_summary || !r->summary.has_phases)
		return;
	for (int k = 0; k < RPH_COUNT; k++)
		g->ph[k] += isfinite(p->ph[k].mean_all_ms) ? p->ph[k].mean_all_ms : 0;
	if (p->rtt_source != RTT_NONE && isfinite(p->rtt_ms)) {
		g->rtt += p->rtt_ms;
		g->n_rtt++;
	}
	g->runs++;
}

/* group_claims: the time-share claim of group g under key k (and its caveat). */
static int group_claims(struct claim_list *l, const struct aggregate *a, struct claim_key *k,
			struct tgroup *g)
{
	static const char *const ms[RPH_COUNT] = {"dns_ms",  "connect_ms", "tls_ms",
						  "send_ms", "wait_ms",    "transfer_ms"};
	double share, total = 0, rtt = g->n_rtt ? g->rtt / (double)g->n_rtt : NAN;
	int part;

	if (g->runs == 0)
		return 0;
	for (int p = 0; p < RPH_COUNT; p++) {
		g->ph[p] /= (double)g->runs;
		total += g->ph[p];
	}
	part = claim_rules_time(g->ph, rtt, &share);
	if (claims_add(l, a, k, part >= 0 ? "dominant" : "spread") < 0)
		return -1;
	claims_text(l, "part", claim_rules_part_name(part));
	claims_num(l, "share", share);
	claims_num(l, "total_ms", total);
	claims_num(l, "rtt_ms", rtt);
	claims_num(l, "server_ms", isfinite(rtt) ? fmax(g->ph[RPH_WAIT] - rtt, 0) : NAN);
	for (int p = 0; p < RPH_COUNT; p++)
		claims_num(l, ms[p], g->ph[p]);
	claims_num(l, "runs", (double)g->runs);
	claims_num(l, "n", (double)g->n);
	if (g->runs < g->n) {
		k->kind = "caveat";
		k->tag = "partial-phases";
		if (claims_add(l, a, k, "partial-phases") < 0)
			return -1;
		claims_text(l, "about", "time-share");
		claims_num(l, "runs", (double)g->runs);
		claims_num(l, "n", (double)g->n);
	}
	return l->failed ? -1 : 0;
}

static int cell(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c)
{
	struct claim_key k = claim_key_cell("time-share", c);
	struct tgroup g = {0};

	for (size_t i = 0; i < c->n_runs; i++)
		if (a->runs[c->runs[i]].v.included)
			add_run(&g, a->runs[c->runs[i]].log);
	return group_claims(l, a, &k, &g);
}

static int oneoff(struct claim_list *l, const struct aggregate *a, const struct agg_op *o)
{
	struct claim_key k = claim_key_of("time-share");
	struct tgroup g = {0};

	for (size_t i = 0; i < a->n_runs; i++) {
		const struct agg_run *r = &a->runs[i];

		if (r->log->cycle == 0 && r->v.included &&
		    cell_same_point(r->log, o->subject, r->subject, o->op, o->size,
				    o->concurrency) &&
		    cell_same_dataset(r->log->dataset, o->dataset))
			add_run(&g, r->log);
	}
	k.op = o->op;
	k.size = (long long)o->size;
	k.concurrency = o->concurrency;
	k.subject = (int)o->subject;
	if (o->dataset != NULL) /* a row per dataset: its name in the id */
		snprintf(k.extra, sizeof(k.extra), "d%s", o->dataset);
	return group_claims(l, a, &k, &g);
}

int claims_time(struct claim_list *l, const struct aggregate *a)
{
	for (size_t i = 0; i < a->n_cells; i++)
		if (cell(l, a, &a->cells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_wcells; i++)
		if (cell(l, a, &a->wcells[i]) < 0)
			return -1;
	for (size_t i = 0; i < a->n_ops; i++)
		if (oneoff(l, a, &a->ops[i]) < 0)
			return -1;
	return 0;
}

/* server_split: the join of slow cell s as figures of its time-share claim in l (none when the
 * cell has no such claim or nothing joined). */
static void server_split(struct claim_list *l, const struct aggregate *a, const struct slow_cell *s)
{
	static const char *const names[SLOW_NPART] = {
		[SLOW_TOTAL] = "srv_total_ms",
		[SLOW_TURN] = "srv_turn_ms",
		[SLOW_XFER] = "srv_xfer_ms",
		[SLOW_REST] = "srv_rest_ms",
	};
	struct claim_key k = claim_key_cell("time-share", s->cell);
	char id[RESULTS_CLAIM_ID_MAX];
	const struct results_claim *c;
	const struct slow_join *j = &s->join;
	size_t i;

	results_claim_id(id, sizeof(id), k.kind, k.tag, k.op, k.size, k.concurrency,
			 a->subjects[k.subject].id, k.extra);
	if (j->joined == 0 || (c = claims_find(l, id)) == NULL)
		return;
	i = (size_t)(c - l->v);
	claims_num_at(l, i, "srv_joined", (double)j->joined);
	claims_num_at(l, i, "srv_share", (double)j->joined / (double)j->with_id);
	for (int p = 0; p < SLOW_NPART; p++)
		claims_num_at(l, i, names[p], j->part[p].mean_ms);
	claims_num_at(l, i, "srv_latency_ms",
		      j->part[SLOW_TOTAL].mean_ms + j->part[SLOW_REST].mean_ms);
}

int claims_time_server(struct claim_list *l, const struct aggregate *a, const struct slow_list *s,
		       struct err *e)
{
	for (size_t i = 0; i < s->n; i++)
		server_split(l, a, &s->v[i]);
	return l->failed ? err_set(e, "claims: out of memory") : 0;
}
