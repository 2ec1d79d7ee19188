/* analyze/claims/claims_rank.c: the "rank" claims, made only where the data carry a rank
 * (claim_kinds.h; docs/METHODOLOGY.md, "Claims": ranks):
 *   consistency: the subject with the lowest mean cycle CV against each other subject, a
 *     paired t-test on the log CVs of the cells both have, Holm's step-down at alpha; the
 *     same for the highest (rank/consistency/least); "no-difference" when not every
 *     comparison is rejected;
 *   one-off benchmarks (LIST, HEAD, DELETE): the fastest against each other subject, Welch's
 *     test on the runs' log obj/s, Holm; "no-difference" with reason single-runs when a
 *     subject has fewer than 2 runs;
 *   cost: the monthly cost of the campaign's example workload at each subject's prices,
 *     deterministic given the prices: ranked, with the amounts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/compare.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"

/* One subject's side of a rank: its figure (cv_mean, obj/s, cost) and the comparison of
 * the candidate with it. */
struct side {
	int subject;
	double value;
	double p, ratio; /* candidate / this subject; NaN: no test */
	int right;       /* the ratio points the rank's way */
	size_t n;        /* what its figure rests on: its cells with a CV, its runs */
};

static int by_value(const void *x, const void *y)
{
	const struct side *p = x, *q = y;

	if (p->value != q->value)
		return p->value < q->value ? -1 : 1;
	return p->subject - q->subject;
}

/* cell_cv: c's cycle CV when it has one above 0 (n >= 2); else NaN. */
static double cell_cv(const struct agg_cell *c)
{
	double cv = cell_key(c)->cv;

	return c->n >= 2 && cv > 0 ? cv : NAN;
}

/* consistency_test: the paired test of subject m's cell CVs against sd's subject's (the
 * cells of the same category where both have one) into *sd; lower: m is the candidate for
 * the most consistent (else the least). x, y: scratch of a->n_cells. */
static void consistency_test(const struct aggregate *a, int m, int lower, struct side *sd,
			     double *x, double *y)
{
	struct compare_test t;
	size_t n = 0;

	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i], *d;

		if ((int)c->subject != m || !isfinite(cell_cv(c)))
			continue;
		/* matrix cells come grouped by category, subjects in order inside a group */
		d = &a->cells[i - c->subject + (size_t)sd->subject];
		if (isfinite(cell_cv(d))) {
			x[n] = cell_cv(c);
			y[n++] = cell_cv(d);
		}
	}
	compare_paired_log(x, y, n, COMPARE_CONFIDENCE, &t);
	sd->p = t.test != NULL ? t.p : NAN;
	sd->ratio = t.test != NULL ? t.ratio : NAN;
	sd->right = lower ? sd->ratio < 1 : sd->ratio > 1;
}

/* The names of a rank's figures: each subject's value and what it rests on ("cv_mean",
 * "cells"), and the reason when a comparison had no test. */
struct rank_names {
	const char *value, *n, *no_test;
};

/* rank_claim: the rank claim under key of the k sides v (sorted, the candidate first when
 * way > 0, last when way < 0): ranked when the candidate is separated from every other
 * side. */
static int rank_claim(struct claim_list *l, const struct aggregate *a, struct claim_key *key,
		      struct side *v, size_t k, int way, const struct rank_names *nm)
{
	size_t cand = way > 0 ? 0 : k - 1, m = 0, nearest = way > 0 ? 1 : k - 2;
	double *p = malloc(k * sizeof(*p)), p_adj = NAN;
	int *right = malloc(k * sizeof(*right)), ranked = -1, untestable = 0;
	char name[160];

	if (p == NULL || right == NULL)
		goto done;
	for (size_t i = 0; i < k; i++)
		if (i != cand) {
			p[m] = v[i].p;
			right[m++] = v[i].right;
			untestable |= !isfinite(v[i].p);
		}
	if ((ranked = claim_rules_rank(p, right, m, a->alpha, &p_adj)) < 0 ||
	    claims_add(l, a, key, ranked ? "ranked" : "no-difference") < 0) {
		ranked = -1;
		goto done;
	}
	if (ranked)
		claims_last(l)->subject = v[cand].subject;
	for (size_t i = 0; i < k; i++) {
		size_t j = way > 0 ? i : k - 1 - i;

		if (!ranked || j != cand)
			claims_also(l, v[j].subject);
	}
	if (!ranked && untestable)
		claims_reason(l, nm->no_test);
	for (size_t i = 0; i < k; i++) {
		snprintf(name, sizeof(name), "%s.%s", nm->value, a->subjects[v[i].subject].id);
		claims_num(l, name, v[i].value);
		snprintf(name, sizeof(name), "%s.%s", nm->n, a->subjects[v[i].subject].id);
		claims_num(l, name, (double)v[i].n);
	}
	claims_num(l, "ratio", v[nearest].ratio);
	claims_num(l, "p_adj", p_adj);
	claims_num(l, "alpha", a->alpha);
	ranked = l->failed ? -1 : 0;
done:
	free(p);
	free(right);
	return ranked < 0 ? -1 : 0;
}

static int consistency(struct claim_list *l, const struct aggregate *a)
{
	static const struct rank_names names = {"cv_mean", "cells", "too-few-cells"};
	struct side *v = calloc(a->n_subjects + 1, sizeof(*v));
	double *x = malloc((a->n_cells + 1) * sizeof(*x)),
	       *y = malloc((a->n_cells + 1) * sizeof(*y));
	struct claim_key most = claim_key_of("rank"), least = claim_key_of("rank");
	size_t k = 0;
	int rc = -1;

	if (v == NULL || x == NULL || y == NULL)
		goto done;
	most.tag = least.tag = "consistency";
	strcpy(least.extra, "least");
	for (size_t s = 0; s < a->n_subjects; s++)
		if (a->consistency[s].cells > 0)
			v[k++] = (struct side){.subject = (int)s,
					       .value = a->consistency[s].cv_mean,
					       .n = a->consistency[s].cells};
	qsort(v, k, sizeof(*v), by_value);
	rc = 0;
	if (k < 2) {
		if (a->n_subjects >= 2 && claims_add(l, a, &most, "no-difference") == 0)
			claims_reason(l, a->cycles < 2 ? "one-cycle" : "too-few-cells");
		rc = l->failed ? -1 : 0;
		goto done;
	}
	for (size_t i = 1; i < k; i++)
		consistency_test(a, v[0].subject, 1, &v[i], x, y);
	if (rank_claim(l, a, &most, v, k, 1, &names) < 0)
		rc = -1;
	for (size_t i = 0; i + 1 < k; i++)
		consistency_test(a, v[k - 1].subject, 0, &v[i], x, y);
	if (rc == 0 && rank_claim(l, a, &least, v, k, -1, &names) < 0)
		rc = -1;
done:
	free(v);
	free(x);
	free(y);
	return rc;
}

/* oneoff_runs: the obj/s of the valid one-off runs of subject s at o's point into x (at
 * most a->n_runs); their number. */
static size_t oneoff_runs(const struct aggregate *a, const struct agg_op *o, size_t s, double *x)
{
	size_t n = 0;

	for (size_t i = 0; i < a->n_runs; i++) {
		const struct agg_run *r = &a->runs[i];

		if (r->log->cycle == 0 && r->v.included &&
		    cell_same_point(r->log, s, r->subject, o->op, o->size, o->concurrency) &&
		    cell_same_dataset(r->log->dataset, o->dataset) &&
		    isfinite(r->log->summary.obj_s) && r->log->summary.obj_s > 0)
			x[n++] = r->log->summary.obj_s;
	}
	return n;
}

/* oneoff: the rank of the one-off rows ops[0..k) (one point, a row per subject). */
static int oneoff(struct claim_list *l, const struct aggregate *a, const struct agg_op *ops,
		  size_t k, struct side *v, double *x, double *y)
{
	static const struct rank_names names = {"obj_s", "runs", "single-runs"};
	struct claim_key key = claim_key_of("rank");
	size_t n = 0, nx;

	for (size_t i = 0; i < k; i++)
		if (isfinite(ops[i].obj_s))
			v[n++] = (struct side){.subject = (int)ops[i].subject,
					       .value = -ops[i].obj_s};
	if (n < 2)
		return 0;
	qsort(v, n, sizeof(*v), by_value); /* fastest first */
	nx = oneoff_runs(a, &ops[0], (size_t)v[0].subject, x);
	v[0].n = nx;
	for (size_t i = 1; i < n; i++) {
		struct compare_test t;

		v[i].n = oneoff_runs(a, &ops[0], (size_t)v[i].subject, y);
		compare_welch_log(x, nx, y, v[i].n, COMPARE_CONFIDENCE, &t);
		v[i].p = t.test != NULL ? t.p : NAN;
		v[i].ratio = t.test != NULL ? t.ratio : NAN;
		v[i].right = v[i].ratio > 1;
	}
	for (size_t i = 0; i < n; i++)
		v[i].value = -v[i].value;
	key.op = ops[0].op;
	key.size = (long long)ops[0].size;
	key.concurrency = ops[0].concurrency;
	if (ops[0].dataset != NULL) /* a row per dataset: its name in the id */
		snprintf(key.extra, sizeof(key.extra), "d%s", ops[0].dataset);
	return rank_claim(l, a, &key, v, n, 1, &names);
}

/* same_point: one-off rows p and q are of the same op, size, concurrency and dataset. */
static int same_point(const struct agg_op *p, const struct agg_op *q)
{
	return strcmp(p->op, q->op) == 0 && p->size == q->size &&
	       p->concurrency == q->concurrency && cell_same_dataset(p->dataset, q->dataset);
}

static int oneoffs(struct claim_list *l, const struct aggregate *a)
{
	struct side *v = calloc(a->n_subjects + 1, sizeof(*v));
	struct agg_op *rows = calloc(a->n_ops + 1, sizeof(*rows));
	double *x = malloc((a->n_runs + 1) * sizeof(*x)), *y = malloc((a->n_runs + 1) * sizeof(*y));
	int rc = -1;

	if (v == NULL || rows == NULL || x == NULL || y == NULL)
		goto done;
	rc = 0;
	for (size_t i = 0; i < a->n_ops && rc == 0; i++) {
		size_t k = 0, j;

		for (j = 0; j < i && !same_point(&a->ops[j], &a->ops[i]); j++)
			;
		if (j < i) /* its point is ranked already */
			continue;
		for (j = i; j < a->n_ops; j++)
			if (same_point(&a->ops[j], &a->ops[i]))
				rows[k++] = a->ops[j];
		rc = oneoff(l, a, rows, k, v, x, y);
	}
done:
	free(v);
	free(rows);
	free(x);
	free(y);
	return rc;
}

int claims_rank(struct claim_list *l, const struct aggregate *a)
{
	if (consistency(l, a) < 0 || oneoffs(l, a) < 0)
		return -1;
	return claims_cost(l, a);
}
