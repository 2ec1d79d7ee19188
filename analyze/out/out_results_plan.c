/* analyze/out/out_results_plan.c: the planner's records of aggregate.json (core/results/
 * results_plan.h) from analyze/cells/planner.h's needs and plans (see out_results.h). */
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "analyze/cells/planner.h"
#include "analyze/out/out_results.h"

/* count: a need's cycles as the codec's count (-1: null, also beyond the cap). */
static long long count(size_t cycles)
{
	return cycles == 0 || cycles == PLANNER_BEYOND ? -1 : (long long)cycles;
}

void out_need(const struct agg_need *n, struct results_need *x, int *ok)
{
	x->cycles = count(n->cycles);
	x->note = out_dup(n->note, ok);
}

/* part: p (of a's cells, or comparisons when comparisons is 1) into x. */
static void part(const struct aggregate *a, const struct agg_plan_part *p, int comparisons,
		 struct results_plan_part *x, int *ok)
{
	int has = p->cycles_needed != 0 && p->cycles_needed != PLANNER_BEYOND;

	x->cycles_needed = count(p->cycles_needed);
	x->more_cycles = has ? (long long)p->more : -1;
	x->hours = p->hours;
	x->cost = p->cost;
	x->planned = (long long)p->planned;
	x->unplanned = (long long)p->unplanned;
	x->beyond = (long long)p->beyond;
	if ((x->drivers = calloc(p->n_drivers + 1, sizeof(*x->drivers))) == NULL) {
		*ok = 0;
		return;
	}
	x->n_drivers = p->n_drivers;
	for (size_t i = 0; i < p->n_drivers; i++) {
		struct results_plan_driver *d = &x->drivers[i];

		if (comparisons) {
			const struct agg_comparison *c = &a->comparisons[p->drivers[i]];

			*d = (struct results_plan_driver){(int)c->a, (int)c->b, c->size,
							  c->concurrency, count(c->need.cycles)};
		} else {
			const struct agg_cell *c = &a->cells[p->drivers[i]];

			*d = (struct results_plan_driver){(int)c->subject, -1, c->size,
							  c->concurrency, count(c->need.cycles)};
		}
	}
}

/* seq: a's sequential rule into q: the stopped line's reason (the word before its ':')
 * and text apart. */
static void seq(const struct agg_sequential *s, struct results_sequential *q, int *ok)
{
	const char *colon = s->stopped != NULL ? strstr(s->stopped, ": ") : NULL;

	q->on = s->on;
	q->target_ci = s->target_ci;
	q->min_cycles = s->min_cycles;
	q->max_cycles = s->max_cycles;
	q->wide_q = s->wide_q;
	if (colon == NULL)
		return;
	if ((q->reason = strndup(s->stopped, (size_t)(colon - s->stopped))) == NULL)
		*ok = 0;
	q->stopped = out_dup(colon + 2, ok);
}

void out_planner(const struct aggregate *a, struct results *doc, int *ok)
{
	struct results_planner *p = calloc(1, sizeof(*p));

	if (p == NULL || (p->ops = calloc(a->n_plans + 1, sizeof(*p->ops))) == NULL) {
		free(p);
		*ok = 0;
		return;
	}
	doc->planner = p;
	p->target_ci = a->target_ci;
	p->confidence = COMPARE_CONFIDENCE;
	p->power = COMPARE_POWER;
	p->max_cycles = PLANNER_MAX_CYCLES;
	p->cycles = a->cycles;
	seq(&a->seq, &p->seq, ok);
	if (a->n_tod > 0 && (p->tod = calloc(a->n_tod, sizeof(*p->tod))) == NULL)
		*ok = 0;
	for (size_t i = 0; p->tod != NULL && i < a->n_tod; i++) {
		const struct agg_tod *t = &a->tod[i];
		struct results_tod *x = &p->tod[i];

		p->n_tod = i + 1;
		x->subject = (int)t->subject;
		x->runs = (long long)t->runs;
		x->cells = (long long)t->cells;
		x->clock = out_dup(t->tz != NULL ? t->tz : "UTC", ok);
		for (int b = 0; b < RESULTS_TOD_BANDS; b++) {
			x->n[b] = (long long)t->n[b];
			x->mean[b] = t->mean[b];
		}
		x->f = t->f;
		x->p = t->p;
		x->df1 = t->df1;
		x->df2 = t->df2;
		x->alpha = t->alpha;
		x->detected = t->detected;
		x->low_band = t->low_band;
		x->effect = t->effect;
		x->lo = t->lo;
		x->hi = t->hi;
		x->detectable = t->detectable;
	}
	p->n_ops = a->n_plans;
	for (size_t i = 0; i < a->n_plans; i++) {
		const struct agg_plan *s = &a->plans[i];
		struct results_plan_op *x = &p->ops[i];

		x->op = out_dup(s->op, ok);
		x->cycle_hours = s->cycle_hours;
		x->cycle_cost = s->cycle_cost;
		x->currency = out_dup(s->currency, ok);
		part(a, &s->cells, 0, &x->cells, ok);
		part(a, &s->comparisons, 1, &x->comparisons, ok);
	}
}
