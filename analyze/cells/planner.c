/* analyze/cells/planner.c: see planner.h (docs/METHODOLOGY.md, "Planning cycles"). */
#include "analyze/cells/planner.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/compare.h"
#include "core/seqstop.h"

#define Z975 1.959963984540054 /* the normal 0.975 quantile: where the median rule starts */

/* Why a cell or a comparison has no need (static, as aggregate.json's plan_note). */
static const char note_runs[] = "fewer than 2 valid runs";
static const char note_figure[] = "no figure above 0";
static const char note_best[] = "the best-of-N figure has no interval";
static const char note_groups[] = "the best-of-means figure has no interval";
static const char note_beyond[] = "more than 10000 cycles";
static const char note_test[] = "no paired test (fewer than 3 common cycles)";

/* mean_width: t_{0.975, n-1} / sqrt(n), the mean rule's half-width per unit SD. */
static double mean_width(size_t n)
{
	return gsl_cdf_tdist_Pinv(1 - (1 - COMPARE_CONFIDENCE) / 2, (double)(n - 1)) /
	       sqrt((double)n);
}

size_t planner_cycles_mean(double sd, double mean, double target)
{
	size_t lo = 2, hi = PLANNER_MAX_CYCLES;
	double want = target * mean;

	if (!isfinite(sd) || sd < 0 || !(mean > 0) || !(target > 0) || !isfinite(want))
		return 0;
	if (mean_width(hi) * sd > want)
		return PLANNER_BEYOND;
	while (lo < hi) { /* the width falls as n grows */
		size_t mid = lo + (hi - lo) / 2;

		if (mean_width(mid) * sd <= want)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* median_width: the median rule's expected half-width per unit SD at n runs with rank k. */
static double median_width(size_t n, size_t k)
{
	return gsl_cdf_ugaussian_Pinv(((double)n + 0.625 - (double)k) / ((double)n + 0.25));
}

size_t planner_cycles_median(double sd, double median, double target)
{
	double want = target * median, cov, rel, asym;
	size_t n = 2, k;

	if (!isfinite(sd) || sd < 0 || !(median > 0) || !(target > 0) || !isfinite(want))
		return 0;
	/* the large-n width, Z975 sqrt(pi/2) sd / sqrt(n) (the median's efficiency), is at most
	 * Blom's at every n from 6 to 20000 (tests/unit/planner_ref.py checks): no n below the
	 * one where it meets the target does */
	rel = sd / want;
	asym = Z975 * Z975 * M_PI / 2 * rel * rel;
	if (asym > (double)PLANNER_MAX_CYCLES)
		return PLANNER_BEYOND;
	if (asym > (double)n)
		n = (size_t)asym;
	k = compare_median_rank(n, COMPARE_CONFIDENCE, &cov);
	for (; n <= PLANNER_MAX_CYCLES; n++) {
		double next;

		/* one more run keeps rank k's coverage; it may admit k + 1 */
		if (2 * (k + 1) <= n + 1 &&
		    (next = 1 - 2 * gsl_cdf_binomial_P((unsigned)k, 0.5, (unsigned)n)) >=
			    COMPARE_CONFIDENCE) {
			k++;
			cov = next;
		} else if (k == 1) {
			cov = 1 - 2 * gsl_cdf_binomial_P(0, 0.5, (unsigned)n);
		}
		if (cov >= COMPARE_CONFIDENCE && median_width(n, k) * sd <= want)
			return n;
	}
	return PLANNER_BEYOND;
}

size_t planner_cycles_ratio(double sd, double df_extra, size_t family, double alpha, double target)
{
	size_t lo = 3, hi = PLANNER_MAX_CYCLES;
	double a, want = 1 + target;

	if (!isfinite(sd) || sd < 0 || !(df_extra >= 0) || !isfinite(df_extra) || family == 0 ||
	    !(alpha > 0 && alpha < 1) || !(target > 0))
		return 0;
	a = alpha / (double)family;
	if (compare_detectable_ratio(sd, hi, (double)(hi - 1) + df_extra, a, COMPARE_POWER) > want)
		return PLANNER_BEYOND;
	while (lo < hi) { /* the detectable ratio falls as n grows */
		size_t mid = lo + (hi - lo) / 2;

		if (compare_detectable_ratio(sd, mid, (double)(mid - 1) + df_extra, a,
					     COMPARE_POWER) <= want)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* need_of: n cycles as a need, with the note of none or of beyond the cap. */
static struct agg_need need_of(size_t n, const char *none)
{
	if (n == PLANNER_BEYOND)
		return (struct agg_need){n, note_beyond};
	return (struct agg_need){n, n ? NULL : none};
}

/* cell_need: matrix cell c's need at the policy's figure. */
static struct agg_need cell_need(const struct aggregate *a, const struct agg_cell *c)
{
	const struct agg_stat *st = cell_key(c);

	if (a->policy == POLICY_BEST)
		return (struct agg_need){0, note_best};
	if (a->policy == POLICY_BEST_OF_MEANS)
		return (struct agg_need){0, note_groups};
	if (c->n < 2 || !isfinite(st->stddev))
		return (struct agg_need){0, note_runs};
	if (a->policy == POLICY_MEDIAN)
		return need_of(planner_cycles_median(st->stddev, st->median, a->target_ci),
			       note_figure);
	return need_of(planner_cycles_mean(st->stddev, st->mean, a->target_ci), note_figure);
}

/* comparison_need: c's need: its paired test's variance (n se², moderated when it was) on
 * the degrees of freedom it borrowed beyond its pairs, at its category's Bonferroni level. */
static struct agg_need comparison_need(const struct aggregate *a, const struct agg_comparison *c)
{
	double sd, extra;

	if (c->t.test == NULL || strcmp(c->t.test, "paired-t") != 0 || c->pairs < 3)
		return (struct agg_need){0, note_test};
	sd = sqrt((double)c->pairs) * c->t.se;
	extra = c->t.df - (double)(c->pairs - 1);
	return need_of(
		planner_cycles_ratio(sd, extra > 0 ? extra : 0, c->family, a->alpha, a->target_ci),
		note_test);
}

/* run_hours: a cycle run's hours: the wrapper's elapsed time, else the summary's seconds;
 * NaN when it has neither. */
static double run_hours(const struct runlog *l)
{
	if (isfinite(l->elapsed_s) && l->elapsed_s >= 0)
		return l->elapsed_s / 3600;
	if (l->has_summary && isfinite(l->summary.seconds))
		return l->summary.seconds / 3600;
	return NAN;
}

/* per_cycle: p's hours and cost per cycle: the sums over every cycle run of its op (valid
 * or not: each took its time) divided by the campaign's cycles; the cost of the priced runs
 * (their bills, analyze/cells/cost_cells.h: one currency), a subject without prices adding
 * nothing; NaN when none is priced. */
static void per_cycle(const struct aggregate *a, struct agg_plan *p)
{
	double hours = 0, cost = 0;
	size_t timed = 0;

	p->currency = NULL;
	for (size_t i = 0; i < a->n_runs; i++) {
		const struct runlog *l = a->runs[i].log;

		if (l->cycle <= 0 || !cell_plain_run(l) || strcmp(l->op, p->op) != 0)
			continue;
		if (isfinite(run_hours(l))) {
			hours += run_hours(l);
			timed++;
		}
		if (!a->runs[i].priced)
			continue;
		p->currency = l->prices.currency;
		cost += a->runs[i].cost.total;
	}
	p->cycle_hours = timed && a->cycles > 0 ? hours / a->cycles : NAN;
	p->cycle_cost = p->currency != NULL && a->cycles > 0 ? cost / a->cycles : NAN;
	if (isnan(p->cycle_cost))
		p->currency = NULL;
}

/* add_member: member i (need_at(a, i) is its need) into part: counted, and among the
 * drivers (most first, at most AGG_PLAN_DRIVERS) when it needs more than the campaign's
 * cycles and more than the last of them. */
static void add_member(struct agg_plan_part *part, const struct agg_need *need, size_t i,
		       const struct agg_need *(*need_at)(const struct aggregate *, size_t),
		       const struct aggregate *a)
{
	size_t at;

	if (need->cycles == 0) {
		part->unplanned++;
		return;
	}
	part->planned++;
	if (need->cycles == PLANNER_BEYOND)
		part->beyond++;
	if (need->cycles > part->cycles_needed)
		part->cycles_needed = need->cycles;
	if (need->cycles <= (size_t)a->cycles)
		return;
	at = part->n_drivers;
	while (at > 0 && need_at(a, part->drivers[at - 1])->cycles < need->cycles)
		at--;
	if (at >= AGG_PLAN_DRIVERS)
		return;
	if (part->n_drivers < AGG_PLAN_DRIVERS)
		part->n_drivers++;
	memmove(&part->drivers[at + 1], &part->drivers[at],
		(part->n_drivers - 1 - at) * sizeof(part->drivers[0]));
	part->drivers[at] = i;
}

static const struct agg_need *cell_need_at(const struct aggregate *a, size_t i)
{
	return &a->cells[i].need;
}

static const struct agg_need *comparison_need_at(const struct aggregate *a, size_t i)
{
	return &a->comparisons[i].need;
}

/* finish: part's more cycles, hours and cost at p's figures per cycle. */
static void finish(const struct aggregate *a, const struct agg_plan *p, struct agg_plan_part *part)
{
	size_t done = a->cycles > 0 ? (size_t)a->cycles : 0;

	part->hours = part->cost = NAN;
	if (part->cycles_needed == 0 || part->cycles_needed == PLANNER_BEYOND)
		return;
	part->more = part->cycles_needed > done ? part->cycles_needed - done : 0;
	part->hours = (double)part->more * p->cycle_hours;
	part->cost = (double)part->more * p->cycle_cost;
}

/* plan_op: p's figures (p->op set) from the needs of its cells and comparisons. */
static void plan_op(const struct aggregate *a, struct agg_plan *p)
{
	per_cycle(a, p);
	for (size_t i = 0; i < a->n_cells; i++)
		if (strcmp(a->cells[i].op, p->op) == 0)
			add_member(&p->cells, &a->cells[i].need, i, cell_need_at, a);
	for (size_t i = 0; i < a->n_comparisons; i++)
		if (strcmp(a->comparisons[i].op, p->op) == 0)
			add_member(&p->comparisons, &a->comparisons[i].need, i, comparison_need_at,
				   a);
	finish(a, p, &p->cells);
	finish(a, p, &p->comparisons);
}

int planner_build(struct aggregate *a, double target)
{
	a->target_ci = target;
	for (size_t i = 0; i < a->n_cells; i++)
		a->cells[i].need = cell_need(a, &a->cells[i]);
	for (size_t i = 0; i < a->n_comparisons; i++)
		a->comparisons[i].need = comparison_need(a, &a->comparisons[i]);
	a->plans = calloc(a->n_m_ops ? a->n_m_ops : 1, sizeof(*a->plans));
	if (a->plans == NULL)
		return -1;
	a->n_plans = a->n_m_ops;
	for (size_t i = 0; i < a->n_plans; i++) {
		a->plans[i].op = a->m_ops[i];
		plan_op(a, &a->plans[i]);
	}
	return 0;
}

/* widen: s's t interval widened about its value by f. */
static void widen(struct agg_stat *s, double f)
{
	if (s->ci_method == NULL || strcmp(s->ci_method, "t") != 0 || !isfinite(s->value))
		return;
	s->ci_lo = s->value - (s->value - s->ci_lo) * f;
	s->ci_hi = s->value + (s->ci_hi - s->value) * f;
}

void planner_sequential(struct aggregate *a, const struct agg_sequential *seq)
{
	if (!seq->on)
		return;
	a->seq = *seq;
	a->seq.wide_q = NAN;
	if (seq->stopped == NULL)
		return;
	a->seq.wide_q = SEQSTOP_WIDE_Q;
	for (size_t i = 0; i < a->n_cells; i++) {
		struct agg_cell *c = &a->cells[i];
		size_t n = 0;

		for (size_t j = 0; j < c->n_runs; j++)
			n += a->runs[c->runs[j]].v.included != 0;
		widen(&c->mib, seqstop_widen(n));
		widen(&c->obj, seqstop_widen(n));
	}
}

void planner_free(struct aggregate *a)
{
	free(a->tod);
	a->tod = NULL;
	a->n_tod = 0;
	free(a->plans);
	a->plans = NULL;
	a->n_plans = 0;
}
