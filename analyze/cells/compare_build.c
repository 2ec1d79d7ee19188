/* analyze/cells/compare_build.c: compare_build and compare_free (see compare.h): the
 * intervals, comparisons, Bonferroni adjustment and leader rule over an aggregate. */
#include "analyze/cells/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"

/* cell_points: the valid runs of c with a figure > 0 (obj/s when by_obj, else
 * MiB/s) into cyc[] / val[] in cycle order; returns how many. */
static size_t cell_points(const struct aggregate *a, const struct agg_cell *c, int by_obj, int *cyc,
			  double *val)
{
	size_t k = 0;

	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		double v = by_obj ? r->log->summary.obj_s : r->log->summary.mib_s;

		if (!r->v.included || !isfinite(v) || v <= 0)
			continue;
		if (cyc != NULL)
			cyc[k] = r->log->cycle;
		val[k++] = v;
	}
	return k;
}

/* stat_ci: the interval of s->value under the policy from the n valid figures v. */
static int stat_ci(struct agg_stat *s, enum policy p, const double *v, size_t n)
{
	struct compare_interval ci = {NAN, NAN, NAN, NULL};

	if (isfinite(s->value) && p == POLICY_MEAN)
		compare_ci_mean(v, n, COMPARE_CONFIDENCE, &ci);
	else if (isfinite(s->value) && p == POLICY_MEDIAN &&
		 compare_ci_median(v, n, COMPARE_CONFIDENCE, &ci) < 0)
		return -1;
	s->ci_lo = ci.lo;
	s->ci_hi = ci.hi;
	s->ci_coverage = ci.coverage;
	s->ci_method = ci.method;
	return 0;
}

static int cell_intervals(struct aggregate *a, double *v)
{
	for (size_t i = 0; i < a->n_cells; i++) {
		struct agg_cell *c = &a->cells[i];
		size_t k;

		k = 0;
		for (size_t j = 0; j < c->n_runs; j++)
			if (a->runs[c->runs[j]].v.included)
				v[k++] = a->runs[c->runs[j]].log->summary.mib_s;
		if (stat_ci(&c->mib, a->policy, v, k) < 0)
			return -1;
		k = 0;
		for (size_t j = 0; j < c->n_runs; j++)
			if (a->runs[c->runs[j]].v.included)
				v[k++] = a->runs[c->runs[j]].log->summary.obj_s;
		if (stat_ci(&c->obj, a->policy, v, k) < 0)
			return -1;
	}
	return 0;
}

/* Scratch for one pair: each side's points, and the paired values. */
struct pair_scratch {
	int *ca, *cb;
	double *va, *vb, *pa, *pb;
};

/* compare_pair: comparison of cells x (subject a) and y (subject b). */
static void compare_pair(const struct aggregate *a, const struct agg_cell *x,
			 const struct agg_cell *y, struct pair_scratch *s,
			 struct agg_comparison *out)
{
	int by_obj = x->size == 0;
	size_t na = cell_points(a, x, by_obj, s->ca, s->va);
	size_t nb = cell_points(a, y, by_obj, s->cb, s->vb);
	size_t i = 0, j = 0, np = 0;

	while (i < na && j < nb) { /* both in cycle order: merge on the cycle */
		if (s->ca[i] < s->cb[j]) {
			i++;
		} else if (s->ca[i] > s->cb[j]) {
			j++;
		} else {
			s->pa[np] = s->va[i++];
			s->pb[np++] = s->vb[j++];
		}
	}
	*out = (struct agg_comparison){
		.op = x->op,
		.size = x->size,
		.concurrency = x->concurrency,
		.a = x->subject,
		.b = y->subject,
		.by_obj = by_obj,
		.n_a = na,
		.n_b = nb,
		.pairs = np,
		.p_adj = NAN,
		.adj_lo = NAN,
		.adj_hi = NAN,
	};
	if (np >= 3)
		compare_paired_log(s->pa, s->pb, np, COMPARE_CONFIDENCE, &out->t);
	else
		compare_welch_log(s->va, na, s->vb, nb, COMPARE_CONFIDENCE, &out->t);
}

static int build_comparisons(struct aggregate *a, struct pair_scratch *s)
{
	size_t ns = a->n_subjects;

	a->comparisons = calloc(ns > 1 ? a->n_cells * (ns - 1) / 2 + 1 : 1,
				sizeof(*a->comparisons));
	if (a->comparisons == NULL)
		return -1;
	for (size_t g = 0; ns && g < a->n_cells; g += ns)
		for (size_t i = 0; i < ns; i++)
			for (size_t j = i + 1; j < ns; j++) {
				const struct agg_cell *x = &a->cells[g + i], *y = &a->cells[g + j];

				if (!isfinite(cell_key(x)->value) || !isfinite(cell_key(y)->value))
					continue;
				compare_pair(a, x, y, s, &a->comparisons[a->n_comparisons++]);
			}
	return 0;
}

/* adjust: Bonferroni over every comparison with a p-value (the report's family),
 * with each one's adjusted interval. */
static int adjust(struct aggregate *a)
{
	size_t fam = 0;

	for (size_t i = 0; i < a->n_comparisons; i++)
		fam += a->comparisons[i].t.test != NULL && isfinite(a->comparisons[i].t.p);
	a->family = fam;
	for (size_t i = 0; i < a->n_comparisons; i++) {
		struct agg_comparison *c = &a->comparisons[i];
		struct compare_adjusted adj;

		compare_adjust_test(&c->t, fam, a->alpha, &adj);
		c->p_adj = adj.p_adj;
		c->adj_lo = adj.lo;
		c->adj_hi = adj.hi;
		c->significant = adj.significant;
	}
	return 0;
}

static int same_category(const struct agg_comparison *c, const struct agg_leader *l)
{
	return strcmp(c->op, l->op) == 0 && c->size == l->size && c->concurrency == l->concurrency;
}

/* detectable: the category's detectable ratio from its paired comparisons: the
 * pooled SD of their log differences, sqrt(sum (n_i - 1) s_i^2 / sum (n_i - 1)),
 * at the smallest number of pairs among them. NaN when none is paired. */
static double detectable(const struct aggregate *a, const struct agg_leader *l)
{
	double ss = 0, dfs = 0;
	size_t n = 0;

	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct agg_comparison *c = &a->comparisons[i];

		if (!same_category(c, l) || c->t.test == NULL || strcmp(c->t.test, "paired-t"))
			continue;
		ss += (double)(c->pairs - 1) * c->t.sd * c->t.sd;
		dfs += (double)(c->pairs - 1);
		if (n == 0 || c->pairs < n)
			n = c->pairs;
	}
	return n ? compare_detectable_ratio(sqrt(ss / dfs), n, a->alpha, COMPARE_POWER) : NAN;
}

static struct agg_leader_count *count_of(struct aggregate *a, const char *op, size_t subject)
{
	for (size_t i = 0; i < a->n_leader_counts; i++) {
		struct agg_leader_count *c = &a->leader_counts[i];

		if (c->subject == subject && strcmp(c->op, op) == 0)
			return c;
	}
	return NULL;
}

/* leader_rule: clear when the top subject is significantly above every other
 * subject with a value; else a tie with those not significantly below it;
 * untested when no comparison with the top one has a test. */
static void leader_rule(struct aggregate *a, struct agg_leader *l)
{
	struct agg_leader_count *lc;
	int tested = 0;

	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct agg_comparison *c = &a->comparisons[i];
		double up;

		if (!same_category(c, l) || (c->a != l->subject && c->b != l->subject))
			continue;
		up = c->a == l->subject ? c->t.ratio : 1 / c->t.ratio;
		tested |= c->t.test != NULL;
		if (!(c->significant && up > 1))
			l->tied_with[l->n_tied++] = c->a == l->subject ? c->b : c->a;
	}
	l->status = !tested ? LEADER_UNTESTED : l->n_tied ? LEADER_TIE : LEADER_CLEAR;
	l->detectable_ratio = detectable(a, l);
	if (l->status == LEADER_CLEAR && (lc = count_of(a, l->op, l->subject)) != NULL)
		lc->clear++;
	if (l->status != LEADER_TIE)
		return;
	if ((lc = count_of(a, l->op, l->subject)) != NULL)
		lc->tied++;
	for (size_t k = 0; k < l->n_tied; k++)
		if ((lc = count_of(a, l->op, l->tied_with[k])) != NULL)
			lc->tied++;
}

int compare_build(struct aggregate *a, double alpha, struct err *e)
{
	size_t n = a->n_runs ? a->n_runs : 1, ns = a->n_subjects;
	struct pair_scratch s = {
		malloc(n * sizeof(int)),    malloc(n * sizeof(int)),    malloc(n * sizeof(double)),
		malloc(n * sizeof(double)), malloc(n * sizeof(double)), malloc(n * sizeof(double)),
	};
	int rc = -1;

	a->alpha = alpha;
	if (s.ca == NULL || s.cb == NULL || s.va == NULL || s.vb == NULL || s.pa == NULL ||
	    s.pb == NULL || cell_intervals(a, s.va) < 0 || build_comparisons(a, &s) < 0 ||
	    adjust(a) < 0)
		goto done;
	a->tied_pool = calloc(a->n_leaders * ns + 1, sizeof(*a->tied_pool));
	if (a->tied_pool == NULL)
		goto done;
	for (size_t i = 0; i < a->n_leaders; i++) {
		a->leaders[i].tied_with = a->tied_pool + i * ns;
		leader_rule(a, &a->leaders[i]);
	}
	rc = 0;
done:
	free(s.ca);
	free(s.cb);
	free(s.va);
	free(s.vb);
	free(s.pa);
	free(s.pb);
	if (rc < 0)
		err_set(e, "statistics: out of memory");
	return rc;
}

void compare_free(struct aggregate *a)
{
	free(a->comparisons);
	free(a->tied_pool);
	a->comparisons = NULL;
	a->tied_pool = NULL;
	a->n_comparisons = 0;
}
