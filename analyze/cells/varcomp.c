/* analyze/cells/varcomp.c: see varcomp.h. */
#include "analyze/cells/varcomp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void varcomp_cell(const double *fig, const double *m, const double *sd, size_t n,
		  struct agg_varcomp *v)
{
	double mean = 0, ss = 0, wnum = 0, wden = 0, inv = 0, noise;
	size_t k = 0;

	memset(v, 0, sizeof(*v));
	if (n < 2)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!(fig[i] > 0) || !isfinite(fig[i]))
			return;
		mean += log(fig[i]);
	}
	mean /= (double)n;
	for (size_t i = 0; i < n; i++) {
		ss += (log(fig[i]) - mean) * (log(fig[i]) - mean);
		if (isfinite(sd[i]) && m[i] >= 2) {
			wnum += (m[i] - 1) * sd[i] * sd[i];
			wden += m[i] - 1;
			inv += 1 / m[i];
			k++;
		}
	}
	if (k == 0)
		return;
	v->on = 1;
	v->cycles = n;
	v->runs_within = k;
	v->var_cycles = ss / (double)(n - 1);
	v->var_within = wnum / wden;
	v->seconds = (double)k / inv;
	noise = v->var_within / v->seconds;
	v->var_between = v->var_cycles > noise ? v->var_cycles - noise : 0;
	v->within_share = v->var_cycles > 0 ? fmin(1, noise / v->var_cycles) : NAN;
}

int varcomp_build(struct aggregate *a)
{
	double *buf = malloc(3 * (a->n_runs + 1) * sizeof(*buf));

	if (buf == NULL)
		return -1;
	for (size_t i = 0; i < a->n_cells; i++) {
		struct agg_cell *c = &a->cells[i];
		double *fig = buf, *m = buf + a->n_runs + 1, *sd = m + a->n_runs + 1;
		size_t n = 0;

		for (size_t j = 0; j < c->n_runs; j++) {
			const struct agg_run *r = &a->runs[c->runs[j]];
			const struct run_summary *s = &r->log->summary;

			if (!r->v.included)
				continue;
			fig[n] = s->mib_s > 0 ? s->mib_s : s->obj_s;
			m[n] = s->seg_count;
			sd[n] = s->has_log_sd ? s->log_sd : NAN;
			n++;
		}
		varcomp_cell(fig, m, sd, n, &c->var);
	}
	free(buf);
	return 0;
}
