/* analyze/cells/compare_build.c: compare_build and compare_free (see compare.h): the cells'
 * intervals, the comparisons, their moderated variances and the Bonferroni adjustment
 * within each category over an aggregate; the leaders' verdicts are leader_rule.c's, the
 * tail comparisons tail.c's. */
#include "analyze/cells/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/compare_set.h"
#include "analyze/cells/condcheck.h"
#include "analyze/cells/leader_rule.h"
#include "analyze/cells/tail.h"

/* throughput: a run's MiB/s, or obj/s when *by_obj. */
static double throughput(const struct agg_run *r, const void *by_obj)
{
	return *(const int *)by_obj ? r->log->summary.obj_s : r->log->summary.mib_s;
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

static int build_comparisons(struct aggregate *a, struct compare_scratch *s)
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

				int by_obj = x->size == 0;

				/* a violated conditional-write cell is no result */
				if (!isfinite(cell_key(x)->value) ||
				    !isfinite(cell_key(y)->value) || condcheck_violated(x) ||
				    condcheck_violated(y))
					continue;
				compare_cells(a, x, y, throughput, &by_obj, s,
					      &a->comparisons[a->n_comparisons++]);
			}
	return 0;
}

int compare_build(struct aggregate *a, double alpha, struct err *e)
{
	struct compare_scratch s;
	int rc = -1;

	a->alpha = alpha;
	if (compare_scratch_init(&s, a->n_runs) < 0)
		goto fail;
	if (cell_intervals(a, s.va) < 0 || build_comparisons(a, &s) < 0 ||
	    compare_moderate_set(a->comparisons, a->n_comparisons, &a->prior) < 0)
		goto done;
	a->family = compare_adjust_set(a->comparisons, a->n_comparisons, a->alpha);
	if (leader_rule_build(a) < 0 || tail_build(a, &s) < 0)
		goto done;
	rc = 0;
done:
	compare_scratch_free(&s);
fail:
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
	tail_free(a);
}
