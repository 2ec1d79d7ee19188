/* analyze/history/cp_noise.c: see cp_noise.h; the formulas are docs/METHODOLOGY.md "Shifts over
 * the builds" ("Noise"). Digamma and trigamma from GSL. */
#include "analyze/history/cp_noise.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_psi.h>

struct cp_noise cp_noise_diffs(const double *y, size_t n, const size_t *cps, size_t ncp)
{
	struct cp_noise nz = {0, 0};
	double m = 0, var = 0; /* differences; sum of (3 m_j - 1) */
	size_t a = 0;

	for (size_t k = 0; k <= ncp; k++) {
		size_t b = k < ncp ? cps[k] : n;

		if (b > a + 1) {
			for (size_t i = a + 1; i < b; i++)
				nz.ss += (y[i] - y[i - 1]) * (y[i] - y[i - 1]) / 2;
			m += (double)(b - a - 1);
			var += 3.0 * (double)(b - a - 1) - 1;
		}
		if (b > a)
			a = b;
	}
	nz.df = var > 0 ? 2 * m * m / var : 0;
	if (nz.df > 0)
		nz.ss *= nz.df / m; /* ss / df is the variance estimate, ss / m */
	return nz;
}

/* trigamma_inverse: y with trigamma(y) = x (x > 0), by Newton's method as limma does. */
static double trigamma_inverse(double x)
{
	double y;

	if (x > 1e7)
		return 1 / sqrt(x);
	if (x < 1e-6)
		return 1 / x;
	y = 0.5 + 1 / x;
	for (int i = 0; i < 50; i++) {
		double tri = gsl_sf_psi_1(y), dif = tri * (1 - tri / x) / gsl_sf_psi_n(2, y);

		y += dif;
		if (-dif / y < 1e-8)
			break;
	}
	return y;
}

struct cp_prior cp_noise_prior(const struct cp_noise *v, size_t k)
{
	struct cp_prior p = {0, 0};
	double e[CP_NOISE_SERIES_MAX], mean = 0, spread = 0, tri = 0, total = 0, d0;
	size_t n = 0;

	for (size_t i = 0; i < k && i < CP_NOISE_SERIES_MAX; i++) {
		double h = v[i].df / 2;

		if (!(v[i].df > 0) || !(v[i].ss > 0))
			continue;
		/* log s^2 less its expectation's offset under a scaled chi-square */
		e[n] = log(v[i].ss / v[i].df) - gsl_sf_psi(h) + log(h);
		mean += e[n];
		tri += gsl_sf_psi_1(h);
		total += v[i].df;
		n++;
	}
	if (n < 2)
		return p;
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		spread += (e[i] - mean) * (e[i] - mean);
	spread = spread / (double)(n - 1) - tri / (double)n;
	d0 = spread > 0 ? 2 * trigamma_inverse(spread) : total;
	p.df = d0 < total ? d0 : total;
	p.s2 = exp(mean + gsl_sf_psi(p.df / 2) - log(p.df / 2));
	return p;
}

struct cp_noise cp_noise_moderate(const struct cp_noise *own, const struct cp_prior *p,
				  int *moderated)
{
	struct cp_noise nz = *own;
	int mod = p->df > 0 && !(own->df > 0 && gsl_cdf_fdist_Q(own->ss / own->df / p->s2, own->df,
								p->df) < CP_NOISE_OWN_LEVEL);

	if (mod) {
		nz.df = p->df + own->df;
		nz.ss = p->df * p->s2 + own->ss;
	}
	if (moderated != NULL)
		*moderated = mod;
	return nz;
}

void cp_noise_all(const double *const *ys, const size_t *ns, size_t k, struct cp_noise *out,
		  int *moderated, struct cp_prior *prior)
{
	struct cp_noise raw[CP_NOISE_SERIES_MAX] = {{0, 0}};
	struct cp_prior p;
	size_t cps[CP_MAX_SPLITS];

	if (k > CP_NOISE_SERIES_MAX)
		k = CP_NOISE_SERIES_MAX;
	for (size_t i = 0; i < k; i++)
		raw[i] = cp_noise_diffs(ys[i], ns[i], NULL, 0);
	p = cp_noise_prior(raw, k);
	for (size_t i = 0; i < k; i++) {
		struct cp_noise first = cp_noise_moderate(&raw[i], &p, NULL);
		size_t ncp = cp_segment(ys[i], ns[i], cp_sigma(&first), first.df, cps,
					CP_MAX_SPLITS);

		raw[i] = cp_noise_diffs(ys[i], ns[i], cps, ncp);
	}
	p = cp_noise_prior(raw, k);
	for (size_t i = 0; i < k; i++)
		out[i] = cp_noise_moderate(&raw[i], &p, moderated != NULL ? &moderated[i] : NULL);
	if (prior != NULL)
		*prior = p;
}

void cp_noise_past(const double *const *ys, const size_t *ns, size_t k,
		   struct cp_noise (*out)[CP_PAST + 1], int (*moderated)[CP_PAST + 1])
{
	struct cp_noise nz[CP_NOISE_SERIES_MAX];
	size_t m[CP_NOISE_SERIES_MAX] = {0};
	int mod[CP_NOISE_SERIES_MAX] = {0};

	if (k > CP_NOISE_SERIES_MAX)
		k = CP_NOISE_SERIES_MAX;
	for (size_t j = 0; j <= CP_PAST; j++) {
		for (size_t i = 0; i < k; i++)
			m[i] = ns[i] > j ? ns[i] - j : 0;
		cp_noise_all(ys, m, k, nz, mod, NULL);
		for (size_t i = 0; i < k; i++) {
			out[i][j] = nz[i];
			if (moderated != NULL)
				moderated[i][j] = mod[i];
		}
	}
}
