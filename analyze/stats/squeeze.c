/* analyze/stats/squeeze.c: see squeeze.h (docs/METHODOLOGY.md, "Moderated variances"). */
#include "analyze/stats/squeeze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_psi.h>

#define SQUEEZE_FLOOR 1e-5 /* a variance is lifted to at least this times the median */

double squeeze_trigamma_inverse(double x)
{
	double y;

	if (isnan(x) || x < 0)
		return NAN;
	if (x < 1e-6)
		return 1 / x;
	if (x > 1e7)
		return 1 / sqrt(x);
	/* Newton on 1/psi'(y) = 1/x: 1/psi' is convex, nearly linear and above y - 1/2, so
	 * the steps from y = 1/2 + 1/x rise monotonically to the root */
	y = 0.5 + 1 / x;
	for (int i = 0; i < 50; i++) {
		double tri = gsl_sf_psi_1(y);
		double step = tri * (1 - tri / x) / gsl_sf_psi_n(2, y);

		y += step;
		if (-step / y < 1e-8)
			break;
	}
	return y;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* usable: an entry the fit takes. */
static int usable(double var, double df)
{
	return isfinite(var) && var >= 0 && isfinite(df) && df > 0;
}

/* median_of: the median of the k usable entries of var (s: k doubles of scratch). */
static double median_of(const double *var, const double *df, size_t n, double *s, size_t k)
{
	size_t j = 0;

	for (size_t i = 0; i < n; i++)
		if (usable(var[i], df[i]))
			s[j++] = var[i];
	qsort(s, k, sizeof(*s), cmp_double);
	return k % 2 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
}

/* moments: the fit of n >= 2 usable entries, each variance lifted to at least floor. */
static void moments(const double *var, const double *df, size_t n, double floor,
		    struct squeeze_prior *out)
{
	double sum_e = 0, sum_x = 0, sum_tri = 0, ss = 0, mean_e, v;
	size_t k = out->n;

	for (size_t i = 0; i < n; i++) {
		if (!usable(var[i], df[i]))
			continue;
		sum_x += fmax(var[i], floor);
		sum_e += log(fmax(var[i], floor)) - gsl_sf_psi(df[i] / 2) + log(df[i] / 2);
		sum_tri += gsl_sf_psi_1(df[i] / 2);
	}
	mean_e = sum_e / (double)k;
	for (size_t i = 0; i < n; i++) {
		double e;

		if (!usable(var[i], df[i]))
			continue;
		e = log(fmax(var[i], floor)) - gsl_sf_psi(df[i] / 2) + log(df[i] / 2) - mean_e;
		ss += e * e;
	}
	v = ss / (double)(k - 1) - sum_tri / (double)k;
	if (v > 0) {
		out->df = 2 * squeeze_trigamma_inverse(v);
		out->var = exp(mean_e + gsl_sf_psi(out->df / 2) - log(out->df / 2));
	} else {
		out->df = INFINITY;
		out->var = sum_x / (double)k;
	}
}

int squeeze_fit(const double *var, const double *df, size_t n, struct squeeze_prior *out)
{
	double *s, median;

	memset(out, 0, sizeof(*out));
	out->df = out->var = NAN;
	for (size_t i = 0; i < n; i++)
		if (usable(var[i], df[i])) {
			out->n++;
			out->df_pooled += df[i];
			out->var = var[i];
		}
	if (out->n < 2) {
		out->df = out->n ? 0 : NAN;
		return 0;
	}
	s = malloc(out->n * sizeof(*s));
	if (s == NULL) {
		out->n = 0;
		out->df = out->var = NAN;
		return -1;
	}
	median = median_of(var, df, n, s, out->n);
	free(s);
	moments(var, df, n, SQUEEZE_FLOOR * (median > 0 ? median : 1), out);
	return 0;
}

double squeeze_var_post(const struct squeeze_prior *p, double s2, double df)
{
	if (!(p->df > 0))
		return s2;
	if (isinf(p->df))
		return p->var;
	return (p->df * p->var + df * s2) / (p->df + df);
}

double squeeze_df_post(const struct squeeze_prior *p, double df)
{
	if (!(p->df > 0))
		return df;
	return fmin(df + p->df, p->df_pooled);
}
