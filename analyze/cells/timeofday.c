/* analyze/cells/timeofday.c: see timeofday.h. */
#include "analyze/cells/timeofday.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* figure: run r's ln figure, NaN when it has none or no start. */
static double figure(const struct agg_run *r)
{
	const struct run_summary *s = &r->log->summary;
	double x = s->mib_s > 0 ? s->mib_s : s->obj_s;

	return r->v.included && r->log->started_ns > 0 && x > 0 && isfinite(x) ? log(x) : NAN;
}

/* band: the three-hour band of the day run r started in, on the provider's clock (its
 * wrapper.provider_local hour) when tz is not NULL, else on UTC. */
static int band(const struct agg_run *r, const char *tz)
{
	if (tz != NULL)
		return r->log->provider_hour / 3;
	return (int)((r->log->started_ns / 1000000000 % 86400) / 10800);
}

/* clock_of: subject i's clock: the zone every one of its runs with a figure names in
 * wrapper.provider_local, when they all name the same one; else NULL (UTC). */
static const char *clock_of(const struct aggregate *a, size_t i)
{
	const char *tz = NULL;

	for (size_t c = 0; c < a->n_cells; c++) {
		const struct agg_cell *cl = &a->cells[c];

		for (size_t j = 0; cl->subject == i && j < cl->n_runs; j++) {
			const struct runlog *l = a->runs[cl->runs[j]].log;

			if (isnan(figure(&a->runs[cl->runs[j]])))
				continue;
			if (l->provider_tz == NULL || l->provider_hour < 0 ||
			    (tz != NULL && strcmp(tz, l->provider_tz) != 0))
				return NULL;
			tz = l->provider_tz;
		}
	}
	return tz;
}

/* add_cell: cell c's residuals into t's sums (sum[b] of residuals, *ss of squares). */
static void add_cell(const struct aggregate *a, const struct agg_cell *c, struct agg_tod *t,
		     double *sum, double *ss)
{
	double m = 0;
	size_t k = 0;

	for (size_t j = 0; j < c->n_runs; j++) {
		double y = figure(&a->runs[c->runs[j]]);
		if (!isnan(y)) {
			m += y;
			k++;
		}
	}
	if (k < 2)
		return;
	m /= (double)k;
	t->cells++;
	for (size_t j = 0; j < c->n_runs; j++) {
		const struct agg_run *r = &a->runs[c->runs[j]];
		double y = figure(r);
		if (isnan(y))
			continue;
		sum[band(r, t->tz)] += y - m;
		*ss += (y - m) * (y - m);
		t->n[band(r, t->tz)]++;
		t->runs++;
	}
}

/* test: t's F test and lowest band from the band sums; 0 when it has none. */
static int test(struct agg_tod *t, const double *sum, double ss)
{
	double ssb = 0, s, se, q, nr, n = (double)t->runs, nb;

	for (int b = 0; b < AGG_TOD_BANDS; b++) {
		t->mean[b] = t->n[b] > 0 ? sum[b] / (double)t->n[b] : NAN;
		if (t->n[b] == 0)
			continue;
		t->bands++;
		ssb += sum[b] * sum[b] / (double)t->n[b];
		if (t->low_band < 0 || t->mean[b] < t->mean[t->low_band])
			t->low_band = b;
	}
	t->df1 = t->bands - 1;
	t->df2 = n - (double)t->cells - t->df1;
	if (t->bands < 2 || t->df2 < 1)
		return 0;
	s = sqrt(fmax(ss - ssb, 0) / t->df2);
	t->f = s > 0 ? ssb / t->df1 / (s * s) : INFINITY;
	t->p = s > 0 ? gsl_cdf_fdist_Q(t->f, t->df1, t->df2) : 0;
	nb = (double)t->n[t->low_band];
	nr = t->mean[t->low_band] - (-nb * t->mean[t->low_band] / (n - nb));
	se = s * sqrt(1 / nb + 1 / (n - nb));
	q = gsl_cdf_tdist_Pinv(0.975, t->df2);
	t->effect = exp(nr) - 1;
	t->lo = exp(nr - q * se) - 1;
	t->hi = exp(nr + q * se) - 1;
	nb = n / t->bands;
	t->detectable = s * sqrt(1 / nb + 1 / (n - nb)); /* its se: timeofday_build turns it
							    into the dip at the subjects' level */
	return 1;
}

int timeofday_build(struct aggregate *a)
{
	a->tod = calloc(a->n_subjects + 1, sizeof(*a->tod));
	a->n_tod = 0;
	if (a->tod == NULL)
		return -1;
	for (size_t i = 0; i < a->n_subjects; i++) {
		struct agg_tod *t = &a->tod[a->n_tod];
		double sum[AGG_TOD_BANDS] = {0}, ss = 0;

		memset(t, 0, sizeof(*t));
		t->subject = i;
		t->tz = clock_of(a, i);
		t->low_band = -1;
		t->f = t->p = NAN;
		for (size_t c = 0; c < a->n_cells; c++)
			if (a->cells[c].subject == i)
				add_cell(a, &a->cells[c], t, sum, &ss);
		if (test(t, sum, ss))
			a->n_tod++;
	}
	for (size_t i = 0; i < a->n_tod; i++) {
		struct agg_tod *t = &a->tod[i];
		double df = t->df2, z;

		t->alpha = 0.05 / (double)a->n_tod;
		t->detected = t->p < t->alpha;
		z = gsl_cdf_tdist_Pinv(1 - t->alpha / 2, df) + gsl_cdf_tdist_Pinv(0.8, df);
		t->detectable = 1 - exp(-z * t->detectable);
	}
	return 0;
}
