/* analyze/cells/compare_set.c: see compare_set.h. */
#include "analyze/cells/compare_set.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* cell_points: the valid runs of c with a figure fig > 0 into cyc[] / val[] in cycle
 * order; returns how many. */
static size_t cell_points(const struct aggregate *a, const struct agg_cell *c, compare_fig fig,
			  const void *arg, int *cyc, double *val)
{
	size_t k = 0;

	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		double v;

		if (!r->v.included)
			continue;
		v = fig(r, arg);
		if (!isfinite(v) || v <= 0)
			continue;
		if (cyc != NULL)
			cyc[k] = r->log->cycle;
		val[k++] = v;
	}
	return k;
}

int compare_scratch_init(struct compare_scratch *s, size_t n)
{
	n = n ? n : 1;
	s->ca = malloc(n * sizeof(int));
	s->cb = malloc(n * sizeof(int));
	s->va = malloc(n * sizeof(double));
	s->vb = malloc(n * sizeof(double));
	s->pa = malloc(n * sizeof(double));
	s->pb = malloc(n * sizeof(double));
	if (s->ca == NULL || s->cb == NULL || s->va == NULL || s->vb == NULL || s->pa == NULL ||
	    s->pb == NULL) {
		compare_scratch_free(s);
		return -1;
	}
	return 0;
}

void compare_scratch_free(struct compare_scratch *s)
{
	free(s->ca);
	free(s->cb);
	free(s->va);
	free(s->vb);
	free(s->pa);
	free(s->pb);
	memset(s, 0, sizeof(*s));
}

void compare_cells(const struct aggregate *a, const struct agg_cell *x, const struct agg_cell *y,
		   compare_fig fig, const void *arg, struct compare_scratch *s,
		   struct agg_comparison *out)
{
	size_t na = cell_points(a, x, fig, arg, s->ca, s->va);
	size_t nb = cell_points(a, y, fig, arg, s->cb, s->vb);
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
		.by_obj = x->size == 0,
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

int compare_moderate_set(struct agg_comparison *v, size_t n, struct squeeze_prior *prior)
{
	double *var = calloc(n ? n : 1, sizeof(*var)), *df = calloc(n ? n : 1, sizeof(*df));
	int rc = -1;

	if (var == NULL || df == NULL)
		goto done;
	for (size_t i = 0; i < n; i++) {
		const struct compare_test *t = &v[i].t;
		int paired = t->test != NULL && strcmp(t->test, "paired-t") == 0;

		var[i] = paired ? t->sd * t->sd : NAN;
		df[i] = paired ? t->df : NAN;
	}
	if (squeeze_fit(var, df, n, prior) < 0)
		goto done;
	for (size_t i = 0; prior->df > 0 && i < n; i++)
		if (isfinite(var[i]))
			compare_moderate(&v[i].t, v[i].pairs,
					 squeeze_var_post(prior, var[i], df[i]),
					 squeeze_df_post(prior, df[i]), COMPARE_CONFIDENCE);
	rc = 0;
done:
	free(var);
	free(df);
	return rc;
}

static int same_pair_category(const struct agg_comparison *x, const struct agg_comparison *y)
{
	return strcmp(x->op, y->op) == 0 && x->size == y->size &&
	       x->concurrency == y->concurrency && compare_same_metric(x->metric, y->metric);
}

int compare_same_metric(const char *x, const char *y)
{
	return x == NULL || y == NULL ? x == y : strcmp(x, y) == 0;
}

size_t compare_adjust_set(struct agg_comparison *v, size_t n, double alpha)
{
	size_t sum = 0;

	for (size_t i = 0, j; i < n; i = j) {
		size_t fam = 0;

		for (j = i; j < n && same_pair_category(&v[i], &v[j]); j++)
			fam += v[j].t.test != NULL && isfinite(v[j].t.p);
		sum += fam;
		for (size_t k = i; k < j; k++) {
			struct agg_comparison *c = &v[k];
			struct compare_adjusted adj;

			compare_adjust_test(&c->t, fam, alpha, &adj);
			c->family = fam;
			c->p_adj = adj.p_adj;
			c->adj_lo = adj.lo;
			c->adj_hi = adj.hi;
			c->significant = adj.significant;
		}
	}
	return sum;
}
