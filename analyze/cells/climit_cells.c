/* analyze/cells/climit_cells.c: see climit_cells.h. */
#include "analyze/cells/climit_cells.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/compare.h"


/* judge_clients: run r judged on each client record of its clients list (none: nothing
 * done); the limited ones appended to *pool. -1 with a message on a malformed record. */
static int judge_clients(struct agg_run *r, const struct climit_thresholds *t,
			 struct agg_climit_client **pool, struct err *e)
{
	const struct runlog_clients *cl = &r->log->clients;

	r->climit_clients = *pool;
	for (size_t i = 0; i < cl->n_list; i++) {
		const struct runlog_client *c = &cl->list[i];
		struct climit_verdict v;
		int rc;

		if (c->client == NULL)
			continue;
		rc = climit_rejudge(c->client, c->has_limit ? &c->limit : NULL, t, &v, e);
		if (rc < 0)
			return err_prefix(e, "%s/run.json: clients.list[%zu]", r->log->path, i);
		climit_combine(&r->climit, &v, r->climit_clients_judged++ == 0);
		if (v.limited)
			r->climit_clients[r->n_climit_clients++] = (struct agg_climit_client){
				c->rank, c->host, v};
	}
	*pool += r->n_climit_clients;
	r->climit_measured = r->climit_clients_judged > 0;
	return 0;
}

static int judge_runs(struct aggregate *a, const struct climit_thresholds *t, struct err *e)
{
	struct agg_climit_client *pool;
	size_t n = 0;

	for (size_t i = 0; i < a->n_runs; i++)
		n += a->runs[i].log->clients.n_list;
	a->climit_client_pool = calloc(n ? n : 1, sizeof(*a->climit_client_pool));
	if (a->climit_client_pool == NULL)
		return err_set(e, "aggregate: out of memory");
	pool = a->climit_client_pool;
	for (size_t i = 0; i < a->n_runs; i++) {
		struct agg_run *r = &a->runs[i];
		const struct runlog *l = r->log;
		const struct rate_summary *rate = l->has_summary && l->summary.has_rate
							  ? &l->summary.rate
							  : NULL;
		int rc;

		if (judge_clients(r, t, &pool, e) < 0)
			return -1;
		if (r->climit_clients_judged > 0)
			continue;
		rc = climit_judge(l->client, rate, l->workload.workers, t, &r->climit, e);
		if (rc < 0)
			return err_prefix(e, "%s/run.json", l->path);
		r->climit_measured = rc == 1;
	}
	return 0;
}

static void fill_cell(const struct aggregate *a, struct agg_cell *c)
{
	struct agg_climit *k = &c->climit;

	memset(k, 0, sizeof(*k));
	k->cpu_busy_max = k->nic_pct_max = k->thread_pct_max = NAN;
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		if (!r->v.included || !r->climit_measured)
			continue;
		k->measured++;
		if (!(r->climit.cpu_busy_pct <= k->cpu_busy_max))
			k->cpu_busy_max = r->climit.cpu_busy_pct;
		if (r->climit.nic_pct >= 0 && !(r->climit.nic_pct <= k->nic_pct_max))
			k->nic_pct_max = r->climit.nic_pct;
		if (r->climit.busiest_thread_pct >= 0 &&
		    !(r->climit.busiest_thread_pct <= k->thread_pct_max))
			k->thread_pct_max = r->climit.busiest_thread_pct;
		if (r->climit.limited) {
			k->limited++;
			k->reasons |= r->climit.reasons;
		}
	}
	k->is_limited = k->limited > 0 && k->limited * 2 >= c->n;
	if (!k->is_limited)
		k->reasons = 0;
}

/* same_category: a matrix cell of the leader's category. */
static int same_category(const struct agg_cell *c, const struct agg_leader *l)
{
	return c->workload == NULL && strcmp(c->op, l->op) == 0 && c->size == l->size &&
	       c->concurrency == l->concurrency;
}

static void take_back_clear(struct aggregate *a, const struct agg_leader *l)
{
	for (size_t i = 0; i < a->n_leader_counts; i++) {
		struct agg_leader_count *lc = &a->leader_counts[i];
		if (lc->subject == l->subject && strcmp(lc->op, l->op) == 0 && lc->clear > 0)
			lc->clear--;
	}
}

/* judge_leader: leader l's share of the client limits of its category's cells (a tail
 * leader's too: a client at its limit queues its own requests, so their latency is no more
 * the server's than their throughput); a blocked throughput leader's clear lead taken back
 * from its count. */
static void judge_leader(struct aggregate *a, struct agg_leader *l, size_t **pool)
{
	struct agg_leader_climit *k = &l->climit;

	memset(k, 0, sizeof(*k));
	k->by = *pool;
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		if (!same_category(c, l) || !c->climit.is_limited)
			continue;
		if (c->climit.reasons & CLIMIT_R_SHARED_CPU)
			k->shared_caveat = 1;
		if (c->subject == l->subject) {
			k->leader_limited = 1;
			continue;
		}
		if (c->climit.reasons & CLIMIT_CELLS_BLOCKING) {
			k->blocked = 1;
			k->reasons |= c->climit.reasons & CLIMIT_CELLS_BLOCKING;
			k->by[k->n_by++] = c->subject;
		}
	}
	*pool += k->n_by;
	if (k->blocked && l->status == LEADER_CLEAR && l->metric == NULL)
		take_back_clear(a, l);
}

int climit_cells_build(struct aggregate *a, const struct climit_thresholds *t, struct err *e)
{
	struct climit_thresholds d;
	size_t *pool;

	if (t == NULL || (t->cpu_pct == 0 && t->nic_pct == 0 && t->retrans_pct == 0)) {
		climit_defaults(&d);
		t = &d;
	}
	if (judge_runs(a, t, e) < 0)
		return -1;
	for (size_t i = 0; i < a->n_cells; i++)
		fill_cell(a, &a->cells[i]);
	for (size_t i = 0; i < a->n_wcells; i++)
		fill_cell(a, &a->wcells[i]);
	/* each leader names at most every cell of its category once: a category has one leader
	 * and at most two tail leaders (p50, p99) */
	a->climit_pool = calloc(a->n_cells ? 3 * a->n_cells : 1, sizeof(*a->climit_pool));
	if (a->climit_pool == NULL)
		return err_set(e, "aggregate: out of memory");
	pool = a->climit_pool;
	for (size_t i = 0; i < a->n_leaders; i++)
		judge_leader(a, &a->leaders[i], &pool);
	for (size_t i = 0; i < a->n_tail_leaders; i++)
		judge_leader(a, &a->tail_leaders[i], &pool);
	return 0;
}

void climit_cells_free(struct aggregate *a)
{
	free(a->climit_pool);
	a->climit_pool = NULL;
	free(a->climit_client_pool);
	a->climit_client_pool = NULL;
}
