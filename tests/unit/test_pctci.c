/* tests/unit/test_pctci.c: analyze/stats/pctci: the minimum-N rule at its edges, the
 * order-statistic ranks against SciPy (scipy.stats.binom, values below), and the coverage
 * of the percentile interval over synthetic campaigns of known percentiles
 * (docs/METHODOLOGY.md, "Percentile intervals"): lognormal and Pareto-mixed latencies,
 * 5 cycles with a cycle effect, 1,000 campaigns each, seed fixed; prints coverage and
 * the median width. */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "analyze/stats/pctci.h"
#include "core/hist.h"
#include "core/rng.h"
#include "tests/unit/check.h"

static void test_min_n(void)
{
	static const struct {
		double p, conf;
		uint64_t n;
	} t[] = {
		{0.5, 0.95, 5},      {0.9, 0.95, 29},       {0.95, 0.95, 59},  {0.99, 0.95, 299},
		{0.999, 0.95, 2995}, {0.9999, 0.95, 29956}, {0.99, 0.99, 459}, {0.999, 0.99, 4603},
		{0.5, 0.99, 7},      {0, 0.95, 0},          {1, 0.95, 0},      {0.99, 1, 0},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		CHECK(pctci_min_n(t[i].p, t[i].conf) == t[i].n, "min_n(%g, %g) = %llu, want %llu",
		      t[i].p, t[i].conf, (unsigned long long)pctci_min_n(t[i].p, t[i].conf),
		      (unsigned long long)t[i].n);
	/* the edges: 1 - 0.99^298 = 0.94996, 1 - 0.99^299 = 0.95046 */
	CHECK(!pctci_supported(298, 0.99), "p99 with 298 requests is not supported");
	CHECK(pctci_supported(299, 0.99), "p99 with 299 requests is supported");
	CHECK(!pctci_supported(2994, 0.999), "p99.9 with 2,994 requests is not supported");
	CHECK(pctci_supported(2995, 0.999), "p99.9 with 2,995 requests is supported");
	CHECK(!pctci_supported(4, 0.5) && pctci_supported(5, 0.5), "p50: 5 requests");
	CHECK(!pctci_supported(0, 0.5), "no request supports nothing");
}

/* SciPy: largest r with binom.cdf(r-1) <= 0.025, smallest s with binom.sf(s-1) <= 0.025,
 * coverage binom.cdf(s-1) - binom.cdf(r-1). */
static void test_ranks(void)
{
	static const struct {
		uint64_t n;
		double p;
		uint64_t r, s;
		double cov;
		int short_lo, short_hi;
	} t[] = {
		{368, 0.99, 360, 368, 0.962415820411, 0, 0},
		{1000, 0.99, 983, 997, 0.976094763498, 0, 0},
		{10000, 0.99, 9880, 9920, 0.955754682807, 0, 0},
		{3688, 0.999, 3680, 3688, 0.961623751803, 0, 0},
		{10000, 0.999, 9983, 9997, 0.975457461854, 0, 0},
		{100000, 0.999, 99880, 99920, 0.954789056802, 0, 0},
		{299, 0.99, 292, 299, 0.939199567834, 0, 1},
		{330, 0.99, 323, 330, 0.944523729150, 0, 1},
		{2995, 0.999, 2988, 2995, 0.938284411113, 0, 1},
		{50, 0.5, 18, 33, 0.967160862436, 0, 0},
		{1000000, 0.5, 499020, 500981, 0.950121031348, 0, 0},
		{5, 0.5, 1, 5, 0.9375, 1, 1},
	};
	struct pctci_ranks rk;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		CHECK(pctci_ranks(t[i].n, t[i].p, 0.95, &rk) == 0, "ranks(%llu, %g)",
		      (unsigned long long)t[i].n, t[i].p);
		CHECK(rk.r == t[i].r && rk.s == t[i].s,
		      "ranks(%llu, %g) = [%llu, %llu], want [%llu, %llu]",
		      (unsigned long long)t[i].n, t[i].p, (unsigned long long)rk.r,
		      (unsigned long long)rk.s, (unsigned long long)t[i].r,
		      (unsigned long long)t[i].s);
		CHECK_NUM(rk.coverage, t[i].cov, 1e-9, "coverage(%llu, %g)",
			  (unsigned long long)t[i].n, t[i].p);
		CHECK(rk.short_lo == t[i].short_lo && rk.short_hi == t[i].short_hi,
		      "short ends (%llu, %g)", (unsigned long long)t[i].n, t[i].p);
	}
	CHECK(pctci_ranks(0, 0.99, 0.95, &rk) < 0, "no value: no ranks");
	CHECK(pctci_ranks(10, 1, 0.95, &rk) < 0, "p = 1: no ranks");
}

/* test_of: the interval's parts on hand-made runs. */
static void test_of(void)
{
	struct hist *r[3] = {hist_new(), hist_new(), hist_new()}, *all = hist_new();
	struct pctci c;
	int64_t lo, hi;

	for (int i = 0; i < 3; i++) {
		for (int v = 1; v <= 1000; v++)
			hist_record(r[i], (int64_t)v * 1000 * (10 + i)); /* 10, 11, 12 us steps */
		hist_merge(all, r[i]);
	}
	CHECK(hist_rank_bounds(all, 0, &lo, &hi) < 0 && hist_rank_bounds(all, 3001, &lo, &hi) < 0,
	      "rank outside 1 .. count");
	CHECK(hist_rank_bounds(all, 1, &lo, &hi) == 0 && lo == 10000, "rank 1: the exact min");
	CHECK(hist_rank_bounds(all, 3000, &lo, &hi) == 0 && hi == 12000000, "last rank: exact max");
	pctci_of(all, (const struct hist *const *)r, 3, 0.99, &c);
	CHECK(c.supported && c.runs == 3, "p99 of 3,000 over 3 runs: supported, 3 runs");
	CHECK(c.lo <= c.within_lo && c.lo <= c.between_lo && c.hi >= c.within_hi &&
		      c.hi >= c.between_hi,
	      "the interval holds both parts");
	CHECK(c.within_lo <= (double)hist_percentile(all, 0.99) &&
		      c.within_hi >= (double)hist_percentile(all, 0.99),
	      "the within part holds the pooled value");
	pctci_of(all, (const struct hist *const *)r, 1, 0.99, &c);
	CHECK(c.runs == 0 && isnan(c.between_lo) && c.lo == c.within_lo, "one run: within only");
	pctci_of(all, (const struct hist *const *)r, 3, 0.9999, &c);
	CHECK(!c.supported && isnan(c.lo) && isnan(c.hi),
	      "p99.99 of 3,000: not supported, no interval");
	for (int i = 0; i < 3; i++)
		hist_free(r[i]);
	hist_free(all);
}

/* ---------------------------------------------------------------- coverage */

enum dist {
	LOGNORMAL,
	PARETO_MIXED
};

#define MU 3.0          /* ln ms of the body's median (20 ms) */
#define SIG_LN 0.5      /* lognormal: sigma of ln latency */
#define SIG_BODY 0.4    /* Pareto-mixed: the body's sigma */
#define TAIL_SHARE 0.03 /* Pareto-mixed: the share of Pareto requests */
#define TAIL_XM 60.0    /* ... from 60 ms */
#define TAIL_ALPHA 1.5  /* ... with shape 1.5 (infinite variance) */

static double normal(uint64_t *st)
{
	double u = rng_uniform(st), v = rng_uniform(st);

	return sqrt(-2 * log(1 - u)) * cos(2 * M_PI * v);
}

/* draw_ms: one request's latency of dist in a cycle whose effect is exp(ce). */
static double draw_ms(enum dist d, double ce, uint64_t *st)
{
	double x;

	if (d == LOGNORMAL)
		x = exp(MU + SIG_LN * normal(st));
	else if (rng_uniform(st) < TAIL_SHARE)
		x = TAIL_XM * pow(1 - rng_uniform(st), -1 / TAIL_ALPHA);
	else
		x = exp(MU + SIG_BODY * normal(st));
	return x * exp(ce);
}

/* cdf_ms: P(X <= x) of dist in a cycle of effect exp(ce). */
static double cdf_ms(enum dist d, double x, double ce)
{
	double y = x * exp(-ce);

	if (d == LOGNORMAL)
		return gsl_cdf_ugaussian_P((log(y) - MU) / SIG_LN);
	return (1 - TAIL_SHARE) * gsl_cdf_ugaussian_P((log(y) - MU) / SIG_BODY) +
	       TAIL_SHARE * (y < TAIL_XM ? 0 : 1 - pow(y / TAIL_XM, -TAIL_ALPHA));
}

/* true_q: the q-quantile of the campaign's whole population (cycles drawn with effect
 * N(0, sc)): the mixture's CDF integrated over the effect (midpoint rule on +-8 sd),
 * solved by bisection on the log scale. */
static double true_q(enum dist d, double q, double sc)
{
	double lo = log(1e-3), hi = log(1e7);

	for (int it = 0; it < 200; it++) {
		double mid = (lo + hi) / 2, f = 0;

		if (sc == 0) {
			f = cdf_ms(d, exp(mid), 0);
		} else {
			for (int i = 0; i < 400; i++) {
				double z = -8 + 16 * (i + 0.5) / 400;

				f += cdf_ms(d, exp(mid), sc * z) * exp(-z * z / 2) * (16.0 / 400) /
				     sqrt(2 * M_PI);
			}
		}
		if (f < q)
			lo = mid;
		else
			hi = mid;
	}
	return exp((lo + hi) / 2);
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* coverage: `reps` campaigns of k cycles of n requests; the share of the q intervals
 * that hold the true q-quantile, and the median width (hi / lo). */
static double coverage(enum dist d, double q, double sc, size_t k, int n, int reps, uint64_t *st,
		       double *width)
{
	double truth = true_q(d, q, sc), *w = malloc((size_t)reps * sizeof(*w));
	int hit = 0;

	for (int c = 0; c < reps; c++) {
		struct hist *runs[8], *all = hist_new();
		struct pctci ci;

		for (size_t i = 0; i < k; i++) {
			double ce = sc * normal(st);

			runs[i] = hist_new();
			for (int j = 0; j < n; j++)
				hist_record(runs[i], (int64_t)(draw_ms(d, ce, st) * 1e6));
			hist_merge(all, runs[i]);
		}
		pctci_of(all, (const struct hist *const *)runs, k, q, &ci);
		hit += ci.lo <= truth * 1e6 && truth * 1e6 <= ci.hi;
		w[c] = ci.hi / ci.lo;
		for (size_t i = 0; i < k; i++)
			hist_free(runs[i]);
		hist_free(all);
	}
	qsort(w, (size_t)reps, sizeof(*w), cmp_d);
	*width = w[reps / 2];
	free(w);
	return (double)hit / reps;
}

static void test_coverage(void)
{
	static const struct {
		enum dist d;
		double q, sc;
		int n;
		double floor; /* the coverage the check asks for; 0: printed only */
	} t[] = {
		{LOGNORMAL, 0.99, 0, 400, 0.93},      {LOGNORMAL, 0.99, 0.1, 400, 0.93},
		{LOGNORMAL, 0.99, 0.1, 2000, 0.93},   {PARETO_MIXED, 0.99, 0, 400, 0.93},
		{PARETO_MIXED, 0.99, 0.1, 400, 0.93}, {PARETO_MIXED, 0.99, 0.1, 2000, 0.93},
		{LOGNORMAL, 0.999, 0.1, 1000, 0},     {PARETO_MIXED, 0.999, 0.1, 1000, 0},
		{LOGNORMAL, 0.99, 0.25, 2000, 0},     {PARETO_MIXED, 0.99, 0.25, 2000, 0},
	};
	uint64_t st = rng_stream(20260514, 0);

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		double width, cov = coverage(t[i].d, t[i].q, t[i].sc, 5, t[i].n, 1000, &st, &width);

		printf("coverage %-12s p%-5g cycle sd %.2f, 5 x %4d requests: %.3f, median width "
		       "x%.3f\n",
		       t[i].d == LOGNORMAL ? "lognormal" : "pareto-mixed", t[i].q * 100, t[i].sc,
		       t[i].n, cov, width);
		if (t[i].floor > 0)
			CHECK(cov >= t[i].floor, "coverage %.3f below %.2f (case %zu)", cov,
			      t[i].floor, i);
	}
}

int main(void)
{
	test_min_n();
	test_ranks();
	test_of();
	test_coverage();
	return check_done();
}
