/* analyze/cells/kept_window.c: see kept_window.h. */
#include "analyze/cells/kept_window.h"

#include <math.h>

double kept_window_requests(const struct runlog *r)
{
	const struct run_summary *s = &r->summary;

	if (!r->has_summary || s->seg_count == 0 || !(s->seconds > 0) || !(s->latency.p50 > 0) ||
	    s->requests <= s->errors)
		return NAN;
	return s->seconds / (s->latency.p50 / 1e3);
}

static void fill_cell(const struct aggregate *a, struct agg_cell *c)
{
	c->short_window_runs = 0;
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		if (r->v.included && r->short_window)
			c->short_window_runs++;
	}
	c->short_window = c->short_window_runs > 0;
}

void kept_window_build(struct aggregate *a)
{
	for (size_t i = 0; i < a->n_runs; i++) {
		struct agg_run *r = &a->runs[i];

		r->window_requests = kept_window_requests(r->log);
		r->short_window = r->window_requests < KEPT_WINDOW_REQUESTS;
	}
	for (size_t i = 0; i < a->n_cells; i++)
		fill_cell(a, &a->cells[i]);
	for (size_t i = 0; i < a->n_wcells; i++)
		fill_cell(a, &a->wcells[i]);
}
