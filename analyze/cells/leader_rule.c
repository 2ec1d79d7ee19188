/* analyze/cells/leader_rule.c: see leader_rule.h (docs/METHODOLOGY.md, "Leader rule"). */
#include "analyze/cells/leader_rule.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/compare.h"
#include "analyze/cells/compare_set.h"

/* Scratch for one leader's family: its comparisons' indexes, p-values, Holm's adjusted
 * p-values and steps. */
struct family {
	size_t *idx, *steps;
	double *p, *adj;
	size_t n; /* comparisons with the leader (with a test or not) */
};

static int same_category(const struct agg_comparison *c, const struct agg_leader *l)
{
	return strcmp(c->op, l->op) == 0 && c->size == l->size &&
	       c->concurrency == l->concurrency && compare_same_metric(c->metric, l->metric);
}

/* value_of: subject s's figure in l's category; NaN when it has none. */
static double value_of(const struct aggregate *a, const struct agg_leader *l, size_t s)
{
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		if (c->subject == s && strcmp(c->op, l->op) == 0 && c->size == l->size &&
		    c->concurrency == l->concurrency)
			return cell_key(c)->value;
	}
	return NAN;
}

/* holm: l's family (the comparisons of its category with its subject on one side, but
 * those unsupported) into f, and the step-down's decision of those with a test into their
 * lead_* fields. -1 when memory runs out. */
static int holm(const struct leader_set *set, struct agg_leader *l, struct family *f)
{
	long k;

	f->n = 0;
	for (size_t i = 0; i < set->n_cmp; i++) {
		const struct agg_comparison *c = &set->cmp[i];

		if (!same_category(c, l) || (c->a != l->subject && c->b != l->subject) ||
		    c->unsupported)
			continue;
		f->idx[f->n] = i;
		f->p[f->n++] = c->t.test != NULL ? c->t.p : NAN;
	}
	if (compare_holm(f->p, f->n, f->adj) < 0 ||
	    (k = compare_holm_steps(f->p, f->n, set->a->alpha, f->steps)) < 0)
		return -1;
	l->family = (size_t)k;
	for (size_t j = 0; j < f->n; j++) {
		struct agg_comparison *c = &set->cmp[f->idx[j]];
		struct compare_adjusted adj;

		if (f->steps[j] == 0)
			continue;
		compare_adjust_test(&c->t, f->steps[j], set->a->alpha, &adj);
		c->in_lead = 1;
		c->lead_p_adj = f->adj[j];
		c->lead_step = f->steps[j];
		c->lead_lo = adj.lo;
		c->lead_hi = adj.hi;
		c->lead_significant = adj.significant;
	}
	return 0;
}

/* orient: comparison c as leader l / the other subject. */
static struct agg_versus orient(const struct aggregate *a, const struct agg_leader *l,
				const struct agg_comparison *c)
{
	int up = c->a == l->subject;

	return (struct agg_versus){
		.present = 1,
		.subject = up ? c->b : c->a,
		.pairs = c->pairs,
		.test = c->t.test,
		.ratio = up ? c->t.ratio : 1 / c->t.ratio,
		.lo = up ? c->t.lo : 1 / c->t.hi,
		.hi = up ? c->t.hi : 1 / c->t.lo,
		.adj_lo = up ? c->lead_lo : 1 / c->lead_hi,
		.adj_hi = up ? c->lead_hi : 1 / c->lead_lo,
		.adj_level = c->in_lead ? 1 - a->alpha / (double)c->lead_step : NAN,
	};
}

/* detectable: the category's detectable ratio from its paired comparisons: the pooled
 * variance of their log differences as the tests used it (moderated when they were),
 * sum (n_i - 1) n_i se_i² / sum (n_i - 1), at the smallest number of pairs n among them
 * and that comparison's degrees of freedom. NaN when none is paired. */
static double detectable(const struct leader_set *set, const struct agg_leader *l)
{
	double ss = 0, dfs = 0, df = NAN;
	size_t n = 0;

	for (size_t i = 0; i < set->n_cmp; i++) {
		const struct agg_comparison *c = &set->cmp[i];

		if (!same_category(c, l) || c->t.test == NULL || strcmp(c->t.test, "paired-t"))
			continue;
		ss += (double)(c->pairs - 1) * (double)c->pairs * c->t.se * c->t.se;
		dfs += (double)(c->pairs - 1);
		if (n == 0 || c->pairs < n) {
			n = c->pairs;
			df = c->t.df;
		}
	}
	return n ? compare_detectable_ratio(sqrt(ss / dfs), n, df, set->a->alpha, COMPARE_POWER)
		 : NAN;
}

/* better: candidate v (figure x) words an unresolved lead better than the current one
 * (figure best): one with a test before one without, then the higher figure. */
static int better(const struct agg_versus *v, double x, const struct agg_versus *cur, double best)
{
	if (!cur->present)
		return 1;
	if ((v->test != NULL) != (cur->test != NULL))
		return v->test != NULL;
	return x > best;
}

/* judge: l's tie group, status and counterpart from its family f. A subject is in the tie
 * group unless the step-down showed it below; it is alike when its family interval lies
 * within [1/r, r], r the detectable ratio. */
static void judge(const struct leader_set *set, struct agg_leader *l, const struct family *f)
{
	struct agg_versus tie = {0}, open = {0};
	double tie_x = NAN, open_x = NAN, r = l->detectable_ratio;
	size_t not_alike = 0;

	for (size_t j = 0; j < f->n; j++) {
		const struct agg_comparison *c = &set->cmp[f->idx[j]];
		struct agg_versus v = orient(set->a, l, c);
		double x = set->value(set->a, l, v.subject);

		if (c->lead_significant && v.ratio > 1)
			continue;
		l->tied_with[l->n_tied++] = v.subject;
		if (!tie.present || x > tie_x) {
			tie = v;
			tie_x = x;
		}
		if (c->in_lead && v.adj_lo >= 1 / r && v.adj_hi <= r)
			continue;
		not_alike++;
		if (better(&v, x, &open, open_x)) {
			open = v;
			open_x = x;
		}
	}
	if (l->family == 0)
		l->status = LEADER_UNTESTED;
	else if (l->n_tied == 0)
		l->status = LEADER_CLEAR;
	else if (not_alike == 0)
		l->status = LEADER_TIE;
	else
		l->status = LEADER_UNRESOLVED;
	if (l->status == LEADER_TIE)
		l->versus = tie;
	if (l->status == LEADER_UNRESOLVED)
		l->versus = open;
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

/* count: l's category into the leader counts: clear for its subject; tied or unresolved
 * for its subject and each of tied_with. */
static void count(struct aggregate *a, const struct agg_leader *l)
{
	struct agg_leader_count *lc;

	if (l->status == LEADER_CLEAR && (lc = count_of(a, l->op, l->subject)) != NULL)
		lc->clear++;
	if (l->status != LEADER_TIE && l->status != LEADER_UNRESOLVED)
		return;
	for (size_t k = 0; k <= l->n_tied; k++) {
		lc = count_of(a, l->op, k < l->n_tied ? l->tied_with[k] : l->subject);
		if (lc != NULL && l->status == LEADER_TIE)
			lc->tied++;
		else if (lc != NULL)
			lc->unresolved++;
	}
}

int leader_rule_judge(const struct leader_set *set, size_t **tied_pool)
{
	size_t ns = set->a->n_subjects ? set->a->n_subjects : 1;
	struct family f = {malloc(ns * sizeof(size_t)), malloc(ns * sizeof(size_t)),
			   malloc(ns * sizeof(double)), malloc(ns * sizeof(double)), 0};
	int rc = -1;

	*tied_pool = calloc(set->n_leaders * ns + 1, sizeof(**tied_pool));
	if (*tied_pool == NULL || f.idx == NULL || f.steps == NULL || f.p == NULL || f.adj == NULL)
		goto done;
	for (size_t i = 0; i < set->n_leaders; i++) {
		struct agg_leader *l = &set->leaders[i];

		l->tied_with = *tied_pool + i * ns;
		l->n_tied = 0;
		if (holm(set, l, &f) < 0)
			goto done;
		l->detectable_ratio = detectable(set, l);
		judge(set, l, &f);
	}
	rc = 0;
done:
	free(f.idx);
	free(f.steps);
	free(f.p);
	free(f.adj);
	return rc;
}

int leader_rule_build(struct aggregate *a)
{
	struct leader_set set = {a,          a->comparisons, a->n_comparisons,
				 a->leaders, a->n_leaders,   value_of};

	if (leader_rule_judge(&set, &a->tied_pool) < 0)
		return -1;
	for (size_t i = 0; i < a->n_leaders; i++)
		count(a, &a->leaders[i]);
	return 0;
}

void leader_rule_free(struct aggregate *a)
{
	free(a->tied_pool);
	a->tied_pool = NULL;
}
