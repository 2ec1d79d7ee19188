/* analyze/cells/tail.c: see tail.h. While they are judged, the comparisons pair the
 * reciprocals of the runs' percentiles, so that higher is better as for throughput and
 * the leader rule applies unchanged; flip() then turns every ratio back into the
 * percentiles' own. */
#include "analyze/cells/tail.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/condcheck.h"
#include "analyze/cells/leader_rule.h"
#include "core/hist.h"

const char *const tail_metric[TAIL_NM] = {"p50_ms", "p99_ms"};
const double tail_q[TAIL_NM] = {0.5, 0.99};
static const size_t ci_index[TAIL_NM] = {0, 2}; /* in agg_pooled.ci (pool.h's pool_pct) */

double tail_run_pct(const struct agg_run *r, double q)
{
	const struct run_summary *s = &r->log->summary;

	if (s->lat_hist != NULL && hist_count(s->lat_hist) > 0)
		return (double)hist_percentile(s->lat_hist, q) / 1e6;
	if (q == 0.5)
		return s->latency.p50;
	if (q == 0.99)
		return s->latency.p99;
	return NAN;
}

/* inverse: the reciprocal of run r's percentile *q (the compared figure). */
static double inverse(const struct agg_run *r, const void *q)
{
	return 1 / tail_run_pct(r, *(const double *)q);
}

double tail_pooled(const struct agg_cell *c, size_t m, int supported_only)
{
	double v = m == 0 ? c->lat_pool.p50 : c->lat_pool.p99;

	if (c->lat_pool.source == POOL_NONE || !isfinite(cell_key(c)->value) ||
	    condcheck_violated(c) || (supported_only && !c->lat_pool.ci[ci_index[m]].supported))
		return NAN;
	return v;
}

static size_t metric_of(const char *name)
{
	return strcmp(name, tail_metric[0]) == 0 ? 0 : 1;
}

/* value: subject s's figure in tail leader l's category, higher is better: the
 * reciprocal of its supported pooled percentile; NaN when none. */
static double value(const struct aggregate *a, const struct agg_leader *l, size_t s)
{
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		if (c->subject == s && strcmp(c->op, l->op) == 0 && c->size == l->size &&
		    c->concurrency == l->concurrency)
			return 1 / tail_pooled(c, metric_of(l->metric), 1);
	}
	return NAN;
}

/* pairs: metric m's comparisons of every category into a->tail_comparisons. */
static void pairs(struct aggregate *a, size_t m, struct compare_scratch *s)
{
	size_t ns = a->n_subjects;

	for (size_t g = 0; ns && g < a->n_cells; g += ns)
		for (size_t i = 0; i < ns; i++)
			for (size_t j = i + 1; j < ns; j++) {
				const struct agg_cell *x = &a->cells[g + i], *y = &a->cells[g + j];
				struct agg_comparison *c;

				if (!isfinite(tail_pooled(x, m, 0)) ||
				    !isfinite(tail_pooled(y, m, 0)))
					continue;
				c = &a->tail_comparisons[a->n_tail_comparisons++];
				compare_cells(a, x, y, inverse, &tail_q[m], s, c);
				c->metric = tail_metric[m];
				c->unsupported = !isfinite(tail_pooled(x, m, 1)) ||
						 !isfinite(tail_pooled(y, m, 1));
				if (c->unsupported)
					c->t = (struct compare_test){NULL, NAN, NAN, NAN, NAN,
								     NAN,  NAN, NAN, NAN, 0};
			}
}

/* leaders: per category and metric, the subject of lowest supported pooled percentile
 * (the first in subject order on a tie). */
static void leaders(struct aggregate *a)
{
	size_t ns = a->n_subjects;

	for (size_t m = 0; m < TAIL_NM; m++)
		for (size_t g = 0; ns && g < a->n_cells; g += ns) {
			const struct agg_cell *best = NULL;

			for (size_t i = 0; i < ns; i++) {
				const struct agg_cell *c = &a->cells[g + i];
				double v = tail_pooled(c, m, 1);

				if (isfinite(v) && (best == NULL || v < tail_pooled(best, m, 1)))
					best = c;
			}
			if (best == NULL)
				continue;
			a->tail_leaders[a->n_tail_leaders++] = (struct agg_leader){
				.op = best->op,
				.size = best->size,
				.concurrency = best->concurrency,
				.subject = best->subject,
				.by_obj = best->size == 0,
				.metric = tail_metric[m],
				.value = tail_pooled(best, m, 1),
				.detectable_ratio = NAN,
			};
		}
}

/* flip_pair: [lo, hi] of a ratio into that of its reciprocal. */
static void flip_pair(double *lo, double *hi)
{
	double l = *lo;

	*lo = 1 / *hi;
	*hi = 1 / l;
}

/* flip: every ratio of the tail comparisons and leaders from the reciprocals' to the
 * percentiles' own. */
static void flip(struct aggregate *a)
{
	for (size_t i = 0; i < a->n_tail_comparisons; i++) {
		struct agg_comparison *c = &a->tail_comparisons[i];

		c->t.ratio = 1 / c->t.ratio;
		c->t.t = -c->t.t;
		flip_pair(&c->t.lo, &c->t.hi);
		flip_pair(&c->adj_lo, &c->adj_hi);
		flip_pair(&c->lead_lo, &c->lead_hi);
	}
	for (size_t i = 0; i < a->n_tail_leaders; i++) {
		struct agg_versus *v = &a->tail_leaders[i].versus;

		if (!v->present)
			continue;
		v->ratio = 1 / v->ratio;
		flip_pair(&v->lo, &v->hi);
		flip_pair(&v->adj_lo, &v->adj_hi);
	}
}

int tail_build(struct aggregate *a, struct compare_scratch *s)
{
	size_t ns = a->n_subjects, per = ns > 1 ? a->n_cells * (ns - 1) / 2 : 0;
	struct leader_set set = {a, NULL, 0, NULL, 0, value};

	a->tail_comparisons = calloc(TAIL_NM * per + 1, sizeof(*a->tail_comparisons));
	a->tail_leaders = calloc(TAIL_NM * a->n_cells + 1, sizeof(*a->tail_leaders));
	if (a->tail_comparisons == NULL || a->tail_leaders == NULL)
		return -1;
	for (size_t m = 0; m < TAIL_NM; m++) {
		size_t from = a->n_tail_comparisons;

		pairs(a, m, s);
		if (compare_moderate_set(a->tail_comparisons + from, a->n_tail_comparisons - from,
					 &a->tail_prior[m]) < 0)
			return -1;
	}
	compare_adjust_set(a->tail_comparisons, a->n_tail_comparisons, a->alpha);
	leaders(a);
	set.cmp = a->tail_comparisons;
	set.n_cmp = a->n_tail_comparisons;
	set.leaders = a->tail_leaders;
	set.n_leaders = a->n_tail_leaders;
	if (leader_rule_judge(&set, &a->tail_tied_pool) < 0)
		return -1;
	flip(a);
	return 0;
}

const char *tail_verdict(const struct agg_comparison *c)
{
	if (c->unsupported)
		return "unsupported";
	if (c->t.test == NULL)
		return "untested";
	if (c->significant)
		return c->t.ratio < 1 ? "a-lower" : "b-lower";
	return "no-difference";
}

void tail_free(struct aggregate *a)
{
	free(a->tail_comparisons);
	free(a->tail_leaders);
	free(a->tail_tied_pool);
	a->tail_comparisons = NULL;
	a->tail_leaders = NULL;
	a->tail_tied_pool = NULL;
	a->n_tail_comparisons = a->n_tail_leaders = 0;
}
