/* analyze/stats/pctci.c: see pctci.h. */
#include "analyze/stats/pctci.h"

#include <limits.h>
#include <math.h>

#include <gsl/gsl_cdf.h>

#include "core/hist.h"

uint64_t pctci_min_n(double p, double conf)
{
	double x;
	uint64_t n;

	if (!(p > 0 && p < 1) || !(conf > 0 && conf < 1))
		return 0;
	x = log(1 - conf) / log(p);
	n = (uint64_t)ceil(x - x * 1e-12);
	/* the rounding guard must not take n below the exact bound */
	while (n > 1 && 1 - pow(p, (double)(n - 1)) >= conf)
		n--;
	while (1 - pow(p, (double)n) < conf)
		n++;
	return n;
}

int pctci_supported(uint64_t n, double p)
{
	uint64_t m = pctci_min_n(p, PCTCI_CONF);

	return m > 0 && n > 0 && n >= m;
}

/* cdf: P(B <= k), B ~ Binomial(n, p); 1 when k >= n (n <= UINT_MAX). */
static double cdf(uint64_t k, double p, uint64_t n)
{
	return k >= n ? 1 : gsl_cdf_binomial_P((unsigned)k, p, (unsigned)n);
}

int pctci_ranks(uint64_t n, double p, double conf, struct pctci_ranks *out)
{
	double a = (1 - conf) / 2, mu, sd, z;
	int64_t j;

	if (n < 1 || n > UINT_MAX || !(p > 0 && p < 1) || !(conf > 0 && conf < 1))
		return -1;
	mu = (double)n * p;
	sd = sqrt(mu * (1 - p));
	z = gsl_cdf_ugaussian_Qinv(a);
	/* r - 1: the largest j >= 0 with P(B <= j) <= a, from the normal approximation */
	j = (int64_t)floor(mu - z * sd);
	j = j < 0 ? 0 : j > (int64_t)n ? (int64_t)n : j;
	while (j >= 0 && cdf((uint64_t)j, p, n) > a)
		j--;
	while (j + 1 <= (int64_t)n && cdf((uint64_t)(j + 1), p, n) <= a)
		j++;
	out->short_lo = j < 0;
	out->r = j < 0 ? 1 : (uint64_t)j + 1;
	/* s - 1: the smallest j <= n - 1 with P(B <= j) >= 1 - a */
	j = (int64_t)ceil(mu + z * sd);
	j = j < 0 ? 0 : j > (int64_t)n - 1 ? (int64_t)n - 1 : j;
	while (j > 0 && cdf((uint64_t)(j - 1), p, n) >= 1 - a)
		j--;
	while (j <= (int64_t)n - 1 && cdf((uint64_t)j, p, n) < 1 - a)
		j++;
	out->short_hi = j > (int64_t)n - 1;
	out->s = out->short_hi ? n : (uint64_t)j + 1;
	if (out->r > out->s)
		out->r = out->s;
	out->coverage = cdf(out->s - 1, p, n) - cdf(out->r - 1, p, n);
	return 0;
}

static void none(struct pctci *o)
{
	o->supported = 0;
	o->lo = o->hi = o->within_lo = o->within_hi = NAN;
	o->between_lo = o->between_hi = o->coverage = NAN;
	o->runs = 0;
}

/* between: the cycles' part around the pooled value v (ns) into o; nothing with fewer
 * than 2 runs that have a request (and a positive p-quantile). */
static void between(const struct hist *const *runs, size_t k, double p, double v, struct pctci *o)
{
	double sum = 0, ss = 0, mean, h;
	size_t m = 0;

	for (size_t i = 0; i < k; i++) {
		int64_t x = hist_count(runs[i]) ? hist_percentile(runs[i], p) : 0;

		if (x > 0) {
			sum += log((double)x);
			m++;
		}
	}
	if (m < 2 || !(v > 0))
		return;
	mean = sum / (double)m;
	for (size_t i = 0; i < k; i++) {
		int64_t x = hist_count(runs[i]) ? hist_percentile(runs[i], p) : 0;

		if (x > 0)
			ss += (log((double)x) - mean) * (log((double)x) - mean);
	}
	h = gsl_cdf_tdist_Pinv((1 + PCTCI_CONF) / 2, (double)(m - 1)) * sqrt(ss / (double)(m - 1)) /
	    sqrt((double)m);
	o->between_lo = v * exp(-h);
	o->between_hi = v * exp(h);
	o->runs = m;
}

void pctci_of(const struct hist *pooled, const struct hist *const *runs, size_t k, double p,
	      struct pctci *out)
{
	struct pctci_ranks rk;
	int64_t lo, hi, x;
	uint64_t n = hist_count(pooled);

	none(out);
	out->supported = pctci_supported(n, p);
	if (!out->supported || pctci_ranks(n, p, PCTCI_CONF, &rk) < 0)
		return;
	out->coverage = rk.coverage;
	hist_rank_bounds(pooled, rk.r, &lo, &x);
	hist_rank_bounds(pooled, rk.s, &x, &hi);
	out->within_lo = out->lo = (double)lo;
	out->within_hi = out->hi = (double)hi;
	between(runs, k, p, (double)hist_percentile(pooled, p), out);
	if (out->runs > 0) {
		out->lo = fmin(out->lo, out->between_lo);
		out->hi = fmax(out->hi, out->between_hi);
	}
}
