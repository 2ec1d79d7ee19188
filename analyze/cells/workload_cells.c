/* analyze/cells/workload_cells.c: see workload_cells.h. */
#include "analyze/cells/workload_cells.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/replaycmp.h"
#include "analyze/cells/stats.h"
#include "core/hist.h"
#include "core/ops.h"

/* str_cmp: strcmp with NULL (none) before every string. */
static int str_cmp(const char *x, const char *y)
{
	if (x == NULL || y == NULL)
		return (x != NULL) - (y != NULL);
	return strcmp(x, y);
}

static int num_cmp(double x, double y)
{
	return (x > y) - (x < y);
}

/* key_cmp: the order of workload cells: subject, op, size, size spec, range, mix, hedge,
 * trace (a replay's), concurrency, then rate (so a sweep's points are consecutive, offered ascending). */
static int key_cmp(const struct agg_cell *p, const struct agg_cell *q, int with_rate)
{
	int c;

	if (p->subject != q->subject)
		return (p->subject > q->subject) - (p->subject < q->subject);
	if ((c = num_cmp(op_rank(p->op), op_rank(q->op))) || (c = strcmp(p->op, q->op)))
		return c;
	if (p->size != q->size)
		return (p->size > q->size) - (p->size < q->size);
	if ((c = str_cmp(p->size_spec, q->size_spec)) || (c = str_cmp(p->range, q->range)) ||
	    (c = str_cmp(p->mix, q->mix)) || (c = str_cmp(p->hedge, q->hedge)) ||
	    (c = str_cmp(p->trace, q->trace)))
		return c;
	if (p->concurrency != q->concurrency)
		return (p->concurrency > q->concurrency) - (p->concurrency < q->concurrency);
	return with_rate ? num_cmp(p->rate, q->rate) : 0;
}

static int cmp_cell(const void *x, const void *y)
{
	return key_cmp(x, y, 1);
}

int workload_cells_same_key(const struct agg_cell *p, const struct agg_cell *q)
{
	struct agg_cell k = *q;

	k.subject = p->subject;
	return key_cmp(p, &k, 1) == 0;
}

/* key_of: the key of run r (subject index rsubj) as a cell (borrowing r's strings). */
static struct agg_cell key_of(const struct runlog *r, size_t rsubj)
{
	return (struct agg_cell){
		.subject = rsubj,
		.op = r->workload.trace != NULL ? WORKLOAD_CELLS_REPLAY : r->op,
		.size = r->size,
		.size_spec = r->workload.size_spec,
		.range = r->workload.range,
		.mix = r->workload.mix,
		.hedge = r->workload.hedge,
		.trace = r->workload.trace,
		.trace_name = r->workload.trace_name,
		.concurrency = r->concurrency,
		.rate = r->workload.rate > 0 ? r->workload.rate : 0,
	};
}

/* member: a cell_member_fn: run r (subject index rsubj) belongs to workload cell c. */
static int member(const struct agg_cell *c, const struct runlog *r, size_t rsubj)
{
	struct agg_cell k = key_of(r, rsubj);

	return !cell_plain_run(r) && key_cmp(c, &k, 1) == 0;
}

/* by_op_add: add run summary s's per-op figures to w (sums; pooled: their histograms
 * merged into hs, w->by_op[t].pooled cleared when one has none); -1 out of memory. */
static int by_op_add(const struct run_summary *s, struct agg_workload *w, struct hist **hs)
{
	for (int j = 0; j < s->n_by_op; j++) {
		const struct op_summary *o = &s->by_op[j];
		struct agg_workload_op *p;
		int t, ok = o->requests > o->errors;

		for (t = 0; t < w->n_by_op && strcmp(w->by_op[t].op, o->op) != 0; t++)
			;
		if (t == SUMMARY_OPS_MAX)
			continue;
		p = &w->by_op[t];
		if (t == w->n_by_op) {
			memcpy(w->by_op[w->n_by_op++].op, o->op, sizeof(o->op));
			p->pooled = 1;
			if ((hs[t] = hist_new()) == NULL)
				return -1;
		}
		p->n++;
		p->share += o->share;
		p->obj_s += o->obj_s;
		p->mib_s += o->mib_s;
		p->p50 += ok ? o->latency.p50 : NAN;
		p->p99 += ok ? o->latency.p99 : NAN;
		if (!ok)
			continue;
		if (o->lat_hist == NULL)
			p->pooled = 0;
		else if (hist_merge(hs[t], o->lat_hist) < 0)
			return -1;
	}
	return 0;
}

/* by_op: the per-op figures of the valid runs: means of share, obj/s and MiB/s; p50 and
 * p99 of all the op's requests pooled (histograms merged) when every run that has the op
 * carries its histogram, else the means of the runs' own. -1 when out of memory. */
static int by_op(const struct aggregate *a, const size_t *sel, size_t k, struct agg_workload *w)
{
	struct hist *hs[SUMMARY_OPS_MAX] = {0};
	int rc = 0;

	for (size_t i = 0; i < k && rc == 0; i++)
		rc = by_op_add(&a->runs[sel[i]].log->summary, w, hs);
	for (int t = 0; t < w->n_by_op && rc == 0; t++) {
		struct agg_workload_op *o = &w->by_op[t];
		double n = (double)o->n;

		o->share /= n;
		o->obj_s /= n;
		o->mib_s /= n;
		o->pooled = o->pooled && hist_count(hs[t]) > 0;
		o->p50 = o->pooled ? (double)hist_percentile(hs[t], 0.5) / 1e6 : o->p50 / n;
		o->p99 = o->pooled ? (double)hist_percentile(hs[t], 0.99) / 1e6 : o->p99 / n;
	}
	for (int t = 0; t < SUMMARY_OPS_MAX; t++)
		hist_free(hs[t]);
	return rc;
}

/* rate: the rate figures of the valid runs that have them; -1 when out of memory. */
static int rate(const struct aggregate *a, const struct agg_cell *c, const size_t *sel, size_t k,
		struct agg_workload *w)
{
	struct hist *all = hist_new();
	double ach = 0, p50 = 0, p99 = 0;
	size_t n = 0, hists = 0;

	if (all == NULL)
		return -1;
	w->sustained = 1;
	w->late_no_worker = -1;
	w->peak_workers = -1;
	for (size_t i = 0; i < k; i++) {
		const struct run_summary *s = &a->runs[sel[i]].log->summary;

		if (!s->has_rate)
			continue;
		n++;
		ach += s->rate.achieved;
		p50 += s->rate.intended.p50;
		p99 += s->rate.intended.p99;
		w->sustained &= s->rate.sustained;
		w->step.slots += s->rate.slots;
		w->step.sent += s->rate.sent;
		w->step.on_time += s->rate.on_time;
		w->step.failed += s->rate.failed;
		/* the 1 % rule on errors, run by run (summary_acc_rate) */
		if ((double)(s->rate.sent - s->rate.failed) < 0.99 * (double)s->rate.slots &&
		    s->rate.failed > 0)
			w->step.errors = 1;
		if (s->rate.late_no_worker >= 0)
			w->late_no_worker = (w->late_no_worker > 0 ? w->late_no_worker : 0) +
					    s->rate.late_no_worker;
		if (s->rate.peak_workers > w->peak_workers)
			w->peak_workers = s->rate.peak_workers;
		if (s->rate.intended_hist != NULL) {
			if (hist_merge(all, s->rate.intended_hist) < 0) {
				hist_free(all);
				return -1;
			}
			hists++;
		}
	}
	w->has_rate = n > 0;
	w->offered = c->rate;
	w->achieved = n ? ach / (double)n : NAN;
	w->sustained = n > 0 && w->sustained;
	w->pooled_intended = n > 0 && hists == n;
	w->p50_intended = !n                   ? NAN
			  : w->pooled_intended ? (double)hist_percentile(all, 0.5) / 1e6
					       : p50 / (double)n;
	w->p99_intended = !n                   ? NAN
			  : w->pooled_intended ? (double)hist_percentile(all, 0.99) / 1e6
					       : p99 / (double)n;
	w->p50 = c->lat_pool.source != POOL_NONE ? c->lat_pool.p50 : NAN;
	w->p99 = c->lat_pool.source != POOL_NONE ? c->lat_pool.p99 : NAN;
	hist_free(all);
	return 0;
}

/* fill_workload: the per-op and rate figures of c (its statistics already filled). */
static int fill_workload(struct aggregate *a, struct agg_cell *c, size_t *sel)
{
	size_t k = 0;

	for (size_t i = 0; i < c->n_runs; i++)
		if (a->runs[c->runs[i]].v.included)
			sel[k++] = c->runs[i];
	if (by_op(a, sel, k, c->workload) < 0)
		return -1;
	return c->rate > 0 ? rate(a, c, sel, k, c->workload) : 0;
}

/* p99_limit: the first run's campaign.p99_limit_ms, else the default. */
static double p99_limit(const struct aggregate *a)
{
	for (size_t i = 0; i < a->n_runs; i++)
		if (isfinite(a->runs[i].log->workload.p99_limit_ms))
			return a->runs[i].log->workload.p99_limit_ms;
	return WORKLOAD_CELLS_P99_LIMIT_MS;
}

double workload_cells_throttled_share(const struct agg_cell *c)
{
	if (c->requests == 0)
		return NAN;
	return (double)errstat_throttled(&c->errs) / (double)c->requests;
}

double workload_cells_throttled_attempt_share(const struct agg_cell *c)
{
	if (c->attempts == 0)
		return NAN;
	return (double)c->throttled_attempts / (double)c->attempts;
}

/* held: c offered its rate, sustained it, with p99 from the intended start under limit. */
static int held(const struct agg_cell *c, double limit)
{
	return c->workload->has_rate && c->workload->sustained && c->workload->p99_intended < limit;
}

const char *workload_cells_reason_name(unsigned bit)
{
	return climit_reason_name(bit);
}

/* step: the verdict of rate cell c (its climit judged) under the p99 limit: held; the
 * client's when the cell is client-limited for a blocking reason; the server's when more
 * than 1 % of a run's slots failed or the service latency's p99 (end - start, which a late
 * send does not lengthen) was not under the limit; else the slots left late (or were not
 * all sent) with the server answering in time: the client's, late-sends. */
static void step(struct agg_cell *c, double limit)
{
	struct agg_step *st = &c->workload->step;
	unsigned blocking = c->climit.is_limited ? c->climit.reasons & CLIMIT_CELLS_BLOCKING : 0;

	st->reasons = 0;
	if (held(c, limit))
		st->by = STEP_HELD;
	else if (blocking) {
		st->by = STEP_CLIENT;
		st->reasons = blocking;
	} else if (st->errors || !(c->workload->p99 < limit))
		st->by = STEP_SERVER;
	else {
		st->by = STEP_CLIENT;
		st->reasons = WL_R_LATE_SENDS;
	}
}

void workload_cells_steps(struct aggregate *a)
{
	double limit = p99_limit(a);

	for (size_t i = 0; i < a->n_wcells; i++)
		if (a->wcells[i].rate > 0 && a->wcells[i].workload->has_rate)
			step(&a->wcells[i], limit);
}

void workload_cells_sweep_limit(const struct aggregate *a, const struct agg_sweep *s,
				struct agg_sweep_limit *out)
{
	*out = (struct agg_sweep_limit){.by = SWEEP_HELD_ALL, .at = NAN};
	for (size_t k = 0; k < s->n_points; k++) {
		const struct agg_cell *c = &a->wcells[s->points[k]];
		const struct agg_step *st = &c->workload->step;

		if (c->rate <= s->max_sustained || held(c, s->p99_limit_ms))
			continue;
		out->at = c->rate;
		out->point = k;
		out->by = st->by == STEP_CLIENT ? SWEEP_LIMIT_CLIENT : SWEEP_LIMIT_SERVER;
		out->reasons = st->by == STEP_CLIENT ? st->reasons : 0;
		return;
	}
}

/* build_sweeps: consecutive rate cells with the same key but the rate make a sweep. */
static int build_sweeps(struct aggregate *a)
{
	double limit = p99_limit(a);

	a->sweeps = calloc(a->n_wcells ? a->n_wcells : 1, sizeof(*a->sweeps));
	if (a->sweeps == NULL)
		return -1;
	for (size_t i = 0; i < a->n_wcells; i++) {
		const struct agg_cell *c = &a->wcells[i];
		struct agg_sweep *sw;

		if (!(c->rate > 0))
			continue;
		sw = a->n_sweeps ? &a->sweeps[a->n_sweeps - 1] : NULL;
		if (sw == NULL || key_cmp(&a->wcells[sw->points[0]], c, 0) != 0) {
			sw = &a->sweeps[a->n_sweeps++];
			*sw = (struct agg_sweep){
				.subject = c->subject,
				.op = c->op,
				.size_spec = c->size_spec,
				.range = c->range,
				.mix = c->mix,
				.size = c->size,
				.concurrency = c->concurrency,
				.p99_limit_ms = limit,
				.max_sustained = NAN,
				.throttle_knee = NAN,
			};
			sw->points = calloc(a->n_wcells, sizeof(*sw->points));
			if (sw->points == NULL)
				return -1;
		}
		sw->points[sw->n_points++] = i;
		/* the attempts': retries that turn every 503 into a success hide no throttle */
		if (workload_cells_throttled_attempt_share(c) > WL_THROTTLE_SHARE &&
		    !(c->rate >= sw->throttle_knee))
			sw->throttle_knee = c->rate;
		if (held(c, limit) && !(c->rate <= sw->max_sustained))
			sw->max_sustained = c->rate;
	}
	return 0;
}

int workload_cells_build(struct aggregate *a, size_t *valid, double *vm, double *vo)
{
	a->wcells = calloc(a->n_runs ? a->n_runs : 1, sizeof(*a->wcells));
	if (a->wcells == NULL)
		return -1;
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *r = a->runs[i].log;
		struct agg_cell k;
		size_t j;

		if (cell_plain_run(r))
			continue;
		k = key_of(r, a->runs[i].subject);
		for (j = 0; j < a->n_wcells && key_cmp(&a->wcells[j], &k, 1) != 0; j++)
			;
		if (j == a->n_wcells)
			a->wcells[a->n_wcells++] = k;
	}
	qsort(a->wcells, a->n_wcells, sizeof(*a->wcells), cmp_cell);
	for (size_t j = 0; j < a->n_wcells; j++) {
		struct agg_cell *c = &a->wcells[j];

		c->expected = (size_t)a->cycles;
		c->workload = calloc(1, sizeof(*c->workload));
		if (c->workload == NULL || cell_fill(a, c, member, valid, vm, vo) < 0 ||
		    fill_workload(a, c, valid) < 0)
			return -1;
	}
	return build_sweeps(a);
}

void workload_cells_free(struct aggregate *a)
{
	for (size_t i = 0; i < a->n_wcells; i++) {
		free(a->wcells[i].runs);
		free(a->wcells[i].groups);
		free(a->wcells[i].workload);
		free(a->wcells[i].cond);
		replaycmp_free(a->wcells[i].replay);
	}
	free(a->wcells);
	for (size_t i = 0; i < a->n_sweeps; i++)
		free(a->sweeps[i].points);
	free(a->sweeps);
}
