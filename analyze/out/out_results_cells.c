/* analyze/out/out_results_cells.c: the cells, workload cells and rate sweeps of aggregate.json
 * assembled from the analysis (see out_results.h). */
#include "analyze/out/out_results.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/workload_cells.h"
#include "analyze/read/runlog_workload.h"

static void climit(const struct agg_climit *k, struct results_cell_climit *x)
{
	x->verdict = k->measured == 0 ? RESULTS_NOT_MEASURED
		     : k->is_limited  ? RESULTS_LIMITED
				      : RESULTS_NOT_LIMITED;
	x->measured = (long long)k->measured;
	x->limited_runs = (long long)k->limited;
	x->reasons = k->reasons;
	x->cpu_busy_pct_max = k->cpu_busy_max;
	x->nic_pct_max = k->nic_pct_max;
}

/* pooled: a cell's pooled percentiles, with their support and intervals (quantiles from
 * histograms only). */
static void pooled(const struct agg_pooled *p, struct results_pooled *x, int *ok)
{
	x->source = p->source == POOL_NONE   ? RESULTS_POOL_NONE
		    : p->source == POOL_HIST ? RESULTS_POOL_HISTOGRAM
					     : RESULTS_POOL_RUNS;
	x->p50 = p->p50;
	x->p90 = p->p90;
	x->p99 = p->p99;
	x->p999 = p->p999;
	x->max = p->max;
	x->requests = p->requests;
	_Static_assert(POOL_NP == RESULTS_NP, "the pooled percentiles with an interval");
	x->has_pct = p->source != POOL_NONE;
	for (int i = 0; i < POOL_NP; i++)
		x->pct[i] = (struct results_pct){p->ci[i].supported, p->ci[i].lo, p->ci[i].hi};
	if (p->source != POOL_HIST)
		return;
	x->quant_q = calloc(POOL_NQ, sizeof(*x->quant_q));
	x->quant_ms = calloc(POOL_NQ, sizeof(*x->quant_ms));
	if (x->quant_q == NULL || x->quant_ms == NULL) {
		*ok = 0;
		return;
	}
	x->n_quant = POOL_NQ;
	memcpy(x->quant_q, pool_q, sizeof(pool_q));
	memcpy(x->quant_ms, p->q, sizeof(p->q));
}

static void errors_retries(const struct agg_cell *c, struct results_cell *x, int *ok)
{
	double rq = (double)c->r_requests;

	if (c->errs.n > 0 && (x->errors = calloc(1, sizeof(*x->errors))) == NULL)
		*ok = 0;
	if (x->errors != NULL) {
		x->errors->requests = c->requests;
		x->errors->failed = errstat_total(&c->errs);
		x->errors->by = c->errs;
	}
	if (c->retry_runs == 0)
		return;
	if ((x->retries = calloc(1, sizeof(*x->retries))) == NULL) {
		*ok = 0;
		return;
	}
	x->retries->max = c->retry_max;
	x->retries->requests = c->r_requests;
	x->retries->retried = c->r_retried;
	x->retries->attempts = c->r_attempts;
	x->retries->share = rq > 0 ? (double)c->r_retried / rq : NAN;
	x->retries->per_request = rq > 0 ? (double)c->r_attempts / rq : NAN;
	out_lat(&c->first_attempt, &x->retries->first_attempt_ms);
}

static void cell_runs(const struct aggregate *a, const struct agg_cell *c, struct results_cell *x,
		      int *ok)
{
	if ((x->runs = calloc(c->n_runs + 1, sizeof(*x->runs))) == NULL) {
		*ok = 0;
		return;
	}
	x->n_runs = c->n_runs;
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		x->runs[i].cycle = r->log->cycle;
		x->runs[i].included = r->v.included;
		x->runs[i].mib_s = r->v.included ? r->log->summary.mib_s : NAN;
		x->runs[i].obj_s = r->v.included ? r->log->summary.obj_s : NAN;
	}
}

/* cell_groups: c's groups of consecutive cycles (best-of-means) into x. */
static void cell_groups(const struct agg_cell *c, struct results_cell *x, int *ok)
{
	if (c->groups == NULL)
		return;
	if ((x->groups = calloc(c->n_groups + 1, sizeof(*x->groups))) == NULL) {
		*ok = 0;
		return;
	}
	x->n_groups = c->n_groups;
	for (size_t i = 0; i < c->n_groups; i++) {
		const struct agg_group *g = &c->groups[i];

		x->groups[i] = (struct results_cell_group){g->first, g->last, (int)g->n, g->mib,
							   g->obj};
	}
}

static void workload(const struct agg_cell *c, struct results_wcell *x, int *ok)
{
	const struct agg_workload *w = c->workload;
	char words[400];

	runlog_workload_plain(c->size_spec, c->range, words, sizeof(words));
	x->workload = out_dup(words, ok);
	if (w->n_by_op && (x->by_op = calloc((size_t)w->n_by_op, sizeof(*x->by_op))) == NULL)
		*ok = 0;
	for (int i = 0; x->by_op != NULL && i < w->n_by_op; i++) {
		const struct agg_workload_op *p = &w->by_op[i];
		struct results_by_op *b = &x->by_op[x->n_by_op++];

		b->op = out_dup(p->op, ok);
		b->n = (long long)p->n;
		b->share = p->share;
		b->obj_s = p->obj_s;
		b->mib_s = p->mib_s;
		b->p50_ms = p->p50;
		b->p99_ms = p->p99;
		b->pooled = p->pooled;
	}
	if (!w->has_rate)
		return;
	if ((x->rate_figures = calloc(1, sizeof(*x->rate_figures))) == NULL) {
		*ok = 0;
		return;
	}
	*x->rate_figures = (struct results_rate_figures){
		.offered = w->offered,
		.achieved = w->achieved,
		.sustained = w->sustained,
		.p50_intended_ms = w->p50_intended,
		.p99_intended_ms = w->p99_intended,
		.intended_runs = !w->pooled_intended,
		.p50_ms = w->p50,
		.p99_ms = w->p99,
		.late_no_worker = w->late_no_worker >= 0 ? w->late_no_worker : -1,
		.peak_workers = w->peak_workers >= 0 ? w->peak_workers : -1,
	};
}

void out_cell(const struct aggregate *a, const struct agg_cell *c, struct results_cell *x, int *ok)
{
	x->subject = (int)c->subject;
	x->op = out_dup(c->op, ok);
	x->size = c->size;
	x->size_label = out_dup(out_size_label(a, c->size), ok);
	x->concurrency = c->concurrency;
	x->clients = c->clients;
	x->workers_total = c->concurrency * c->clients;
	x->client_hosts = c->client_hosts;
	x->size_spec = out_dup(c->size_spec, ok);
	x->range = out_dup(c->range, ok);
	x->hedge = out_dup(c->hedge, ok);
	x->trace = out_dup(c->trace, ok);
	x->trace_name = out_dup(c->trace_name, ok);
	x->replay = out_replay(c->replay, ok);
	out_mix(c->mix, &x->mix, ok);
	x->rate = c->rate > 0 ? c->rate : NAN;
	x->n = (int)c->n;
	x->expected = (int)c->expected;
	x->below_min_samples = c->below_min;
	x->cpu_us_per_request = c->cpu_us_per_request;
	out_stat(&c->mib, &x->mib_s);
	out_stat(&c->obj, &x->obj_s);
	out_lat(&c->lat, &x->latency_ms);
	pooled(&c->lat_pool, &x->latency_ms.pooled, ok);
	out_lat(&c->ttfb, &x->ttfb_ms);
	pooled(&c->ttfb_pool, &x->ttfb_ms.pooled, ok);
	climit(&c->climit, &x->client_limit);
	x->throttled_share = workload_cells_throttled_share(c);
	x->throttled_attempt_share = workload_cells_throttled_attempt_share(c);
	x->exhausted_runs = (long long)c->exhausted_runs;
	x->checksums_verified = (long long)c->checksums_verified;
	x->checksums_absent = (long long)c->checksums_absent;
	x->delete_markers = c->delete_markers;
	errors_retries(c, x, ok);
	cell_runs(a, c, x, ok);
	cell_groups(c, x, ok);
	out_cell_cost(a, c, &x->cost, ok);
	x->need.cycles = -1;
	if (c->workload == NULL) {
		out_need(&c->need, &x->need, ok);
		x->variance = (struct results_varcomp){
			c->var.on,          (long long)c->var.cycles, (long long)c->var.runs_within,
			c->var.var_cycles,  c->var.var_within,        c->var.seconds,
			c->var.var_between, c->var.within_share,      (long long)c->var.vantages,
			c->var.var_vantage};
		return;
	}
	if ((x->workload = calloc(1, sizeof(*x->workload))) == NULL)
		*ok = 0;
	else
		workload(c, x->workload, ok);
}

/* point: a sweep's point from its rate cell c. */
static void point(const struct agg_cell *c, struct results_sweep_point *p)
{
	p->offered = c->rate;
	p->n = (long long)c->n;
	p->achieved = c->workload->achieved;
	p->sustained = c->workload->sustained;
	p->p50_intended_ms = c->workload->p50_intended;
	p->p99_intended_ms = c->workload->p99_intended;
	p->p50_ms = c->workload->p50;
	p->p99_ms = c->workload->p99;
	p->throttled_share = workload_cells_throttled_share(c);
	p->throttled_attempt_share = workload_cells_throttled_attempt_share(c);
	p->late_no_worker = c->workload->late_no_worker >= 0 ? c->workload->late_no_worker : -1;
	p->peak_workers = c->workload->peak_workers >= 0 ? c->workload->peak_workers : -1;
	p->verdict = c->climit.measured == 0 ? RESULTS_NOT_MEASURED
		     : c->climit.is_limited  ? RESULTS_LIMITED
					     : RESULTS_NOT_LIMITED;
	p->reasons = c->climit.reasons;
	p->blocking = c->climit.is_limited ? c->climit.reasons & CLIMIT_CELLS_BLOCKING : 0;
}

void out_sweeps(const struct aggregate *a, struct results *doc, int *ok)
{
	static const enum results_limit_by by[] = {RESULTS_LIMIT_NONE, RESULTS_LIMIT_SERVER,
						   RESULTS_LIMIT_CLIENT};

	if ((doc->rate_sweeps = calloc(a->n_sweeps + 1, sizeof(*doc->rate_sweeps))) == NULL) {
		*ok = 0;
		return;
	}
	doc->n_rate_sweeps = a->n_sweeps;
	for (size_t i = 0; i < a->n_sweeps; i++) {
		const struct agg_sweep *s = &a->sweeps[i];
		struct results_sweep *x = &doc->rate_sweeps[i];
		struct agg_sweep_limit l;

		x->subject = (int)s->subject;
		x->op = out_dup(s->op, ok);
		x->size = s->size;
		x->size_spec = out_dup(s->size_spec, ok);
		x->range = out_dup(s->range, ok);
		out_mix(s->mix, &x->mix, ok);
		x->concurrency = s->concurrency;
		x->clients = s->n_points ? a->wcells[s->points[0]].clients : 1;
		x->workers_total = s->concurrency * x->clients;
		if ((x->points = calloc(s->n_points + 1, sizeof(*x->points))) == NULL) {
			*ok = 0;
			continue;
		}
		x->n_points = s->n_points;
		for (size_t k = 0; k < s->n_points; k++)
			point(&a->wcells[s->points[k]], &x->points[k]);
		x->p99_limit_ms = s->p99_limit_ms;
		x->max_sustained = s->max_sustained;
		x->throttle_knee = s->throttle_knee;
		workload_cells_sweep_limit(a, s, &l);
		x->limit_by = by[l.by];
		x->limit_at = l.at;
		x->limit_reasons = l.reasons;
	}
}
