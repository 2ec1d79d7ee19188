/* analyze/cells/compare_build.c: compare_build and compare_free (see compare.h): the cells'
 * intervals, the comparisons, their moderated variances and the Bonferroni adjustment
 * within each category over an aggregate; the leaders' verdicts are leader_rule.c's. */
#include "analyze/cells/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/leader_rule.h"

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
		.lead_p_adj = NAN,
		.lead_lo = NAN,
		.lead_hi = NAN,
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

/* moderate: the paired comparisons' variances of log differences moderated toward their
 * prior (a->prior, analyze/stats/squeeze.h); the tests redone with the posteriors. */
static int moderate(struct aggregate *a)
{
	size_t n = a->n_comparisons ? a->n_comparisons : 1;
	double *var = malloc(n * sizeof(*var)), *df = malloc(n * sizeof(*df));
	int rc = -1;

	if (var == NULL || df == NULL)
		goto done;
	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct compare_test *t = &a->comparisons[i].t;
		int paired = t->test != NULL && strcmp(t->test, "paired-t") == 0;

		var[i] = paired ? t->sd * t->sd : NAN;
		df[i] = paired ? t->df : NAN;
	}
	if (squeeze_fit(var, df, a->n_comparisons, &a->prior) < 0)
		goto done;
	for (size_t i = 0; a->prior.df > 0 && i < a->n_comparisons; i++)
		if (isfinite(var[i]))
			compare_moderate(&a->comparisons[i].t, a->comparisons[i].pairs,
					 squeeze_var_post(&a->prior, var[i], df[i]),
					 squeeze_df_post(&a->prior, df[i]), COMPARE_CONFIDENCE);
	rc = 0;
done:
	free(var);
	free(df);
	return rc;
}

static int same_pair_category(const struct agg_comparison *x, const struct agg_comparison *y)
{
	return strcmp(x->op, y->op) == 0 && x->size == y->size && x->concurrency == y->concurrency;
}

/* adjust: Bonferroni within each category (the comparisons come grouped by category),
 * with each comparison's adjusted interval; a->family the sum of the families. */
static void adjust(struct aggregate *a)
{
	a->family = 0;
	for (size_t i = 0, j; i < a->n_comparisons; i = j) {
		size_t fam = 0;

		for (j = i; j < a->n_comparisons &&
			    same_pair_category(&a->comparisons[i], &a->comparisons[j]);
		     j++)
			fam += a->comparisons[j].t.test != NULL && isfinite(a->comparisons[j].t.p);
		a->family += fam;
		for (size_t k = i; k < j; k++) {
			struct agg_comparison *c = &a->comparisons[k];
			struct compare_adjusted adj;

			compare_adjust_test(&c->t, fam, a->alpha, &adj);
			c->family = fam;
			c->p_adj = adj.p_adj;
			c->adj_lo = adj.lo;
			c->adj_hi = adj.hi;
			c->significant = adj.significant;
		}
	}
}

int compare_build(struct aggregate *a, double alpha, struct err *e)
{
	size_t n = a->n_runs ? a->n_runs : 1;
	struct pair_scratch s = {
		malloc(n * sizeof(int)),    malloc(n * sizeof(int)),    malloc(n * sizeof(double)),
		malloc(n * sizeof(double)), malloc(n * sizeof(double)), malloc(n * sizeof(double)),
	};
	int rc = -1;

	a->alpha = alpha;
	if (s.ca == NULL || s.cb == NULL || s.va == NULL || s.vb == NULL || s.pa == NULL ||
	    s.pb == NULL || cell_intervals(a, s.va) < 0 || build_comparisons(a, &s) < 0 ||
	    moderate(a) < 0)
		goto done;
	adjust(a);
	if (leader_rule_build(a) < 0)
		goto done;
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
	a->comparisons = NULL;
	a->n_comparisons = 0;
	leader_rule_free(a);
}
