/* tests/unit/test_wl_draw.c: collect/engine/wl_draw.h (its generator: tests/unit/test_rng.c):
 * op shares of a mix within binomial tolerance, sizes of
 * random: and dist: distributions by a chi-square test at p > 0.001 (and the test's power:
 * a wrong distribution fails it), lognormal: sizes by the median and standard deviation of
 * ln size and a one-sample KS test against the lognormal CDF (a wrong sigma or median fails
 * it), and ranged-get offsets.
 *
 * Reference values were computed once with Debian's python3-scipy 1.10.1, installed by
 * hand (`apt-get install -y python3-scipy`; not in scripts/setup):
 *   /usr/bin/python3 -c 'from scipy.stats import chi2; print(chi2.sf(7.5, 3),
 *                        chi2.isf(0.001, 19))'
 *   -> 0.0575584519726364 43.82019596451753
 *   /usr/bin/python3 -c 'from scipy import stats; print(stats.kstwo.ppf(0.999, 20000),
 *                        stats.lognorm.cdf(100000, 1.5, scale=65536))'
 *   -> 0.013776321982664116 0.6109184822922903 */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collect/engine/wl_draw.h"
#include "tests/unit/check.h"

#define N_DRAWS 20000

/* chisq_p: the p-value of Pearson's chi-square statistic of observed counts against
 * expected counts over k categories (k - 1 degrees of freedom) */
static double chisq_p(const double *obs, const double *exp_, int k)
{
	double x = 0;

	for (int i = 0; i < k; i++)
		x += (obs[i] - exp_[i]) * (obs[i] - exp_[i]) / exp_[i];
	return gsl_cdf_chisq_Q(x, k - 1);
}

#define KS_CRIT 0.013776 /* kstwo.ppf(0.999, N_DRAWS): a right draw exceeds it 1 in 1000 */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* ks_lognormal: the one-sample KS distance of the sorted sizes x[0..n) from the lognormal
 * CDF of median m and sigma s */
static double ks_lognormal(const double *x, int n, double m, double s)
{
	double d = 0;

	for (int i = 0; i < n; i++) {
		double f = gsl_cdf_lognormal_P(x[i], log(m), s);
		d = fmax(d, fmax((i + 1.0) / n - f, f - (double)i / n));
	}
	return d;
}

static void test_gsl_reference(void)
{
	CHECK_NUM(gsl_cdf_lognormal_P(100000, log(65536), 1.5), 0.6109184822922903, 1e-12,
		  "lognorm.cdf(100000, 1.5, scale=65536)");
	CHECK_NUM(gsl_cdf_chisq_Q(7.5, 3), 0.0575584519726364, 1e-12, "chi2.sf(7.5, 3)");
	CHECK_NUM(gsl_cdf_chisq_Q(43.82019596451753, 19), 0.001, 1e-9, "chi2.isf(0.001, 19)");
}

static void test_mix(void)
{
	struct wl_mix m;
	double obs[OP_COUNT] = {0}, exp_[4], o4[4];
	const enum wl_op ops[4] = {WL_GET, WL_HEAD, WL_PUT, WL_DELETE};
	const double w[4] = {45, 30, 15, 10};
	uint64_t st = rng_stream(7, 0);
	int others = 0;

	memset(&m, 0, sizeof(m));
	m.w[WL_GET] = 45, m.w[WL_HEAD] = 30, m.w[WL_PUT] = 15, m.w[WL_DELETE] = 10;
	for (int i = 0; i < N_DRAWS; i++) {
		enum wl_op op = wl_draw_op(&m, &st);
		if ((unsigned)op < OP_COUNT)
			obs[op]++;
	}
	for (int i = 0; i < OP_COUNT; i++)
		others += obs[i] > 0 && m.w[i] == 0;
	CHECK(others == 0, "no op outside the mix drawn");
	for (int i = 0; i < 4; i++) {
		double p = w[i] / 100, sd = sqrt(N_DRAWS * p * (1 - p));
		o4[i] = obs[ops[i]];
		exp_[i] = N_DRAWS * p;
		/* 4.5 binomial standard deviations: a false alarm about once in 150,000 */
		CHECK(fabs(o4[i] - exp_[i]) <= 4.5 * sd, "%s share %.4f, want %.2f +- %.4f",
		      workload_op_name(ops[i]), o4[i] / N_DRAWS, p, 4.5 * sd / N_DRAWS);
	}
	CHECK(chisq_p(o4, exp_, 4) > 0.001, "mix shares: p = %g", chisq_p(o4, exp_, 4));
	memset(&m, 0, sizeof(m));
	m.w[WL_PUT] = 1;
	CHECK(wl_draw_op(&m, &st) == WL_PUT, "a single-op mix");
	memset(&m, 0, sizeof(m));
	CHECK(wl_draw_op(&m, &st) == WL_GET, "an empty mix: get");
}

/* log_bins_p: the chi-square p-value of sizes drawn by draw() against log-uniform on
 * [min, max] in 16 bins of equal width in log space (each probability 1/16) */
static double log_bins_p(uint64_t (*draw)(const struct workload *, uint64_t *),
			 const struct workload *wl, uint64_t seed, int *outside)
{
	double obs[16] = {0}, exp_[16], lo = log((double)wl->sizes.min);
	double width = (log((double)wl->sizes.max) - lo) / 16;
	uint64_t st = rng_stream(seed, 0);

	*outside = 0;
	for (int i = 0; i < N_DRAWS; i++) {
		uint64_t s = draw(wl, &st);
		int b = (int)((log((double)s) - lo) / width);
		if (s < wl->sizes.min || s > wl->sizes.max) {
			(*outside)++;
			continue;
		}
		obs[b > 15 ? 15 : b]++;
	}
	for (int i = 0; i < 16; i++)
		exp_[i] = N_DRAWS / 16.0;
	return chisq_p(obs, exp_, 16);
}

/* draw_linear: a wrong distribution (uniform, not log-uniform), to show the test's power */
static uint64_t draw_linear(const struct workload *wl, uint64_t *st)
{
	return wl->sizes.min + rng_below(st, wl->sizes.max - wl->sizes.min + 1);
}

static void test_sizes(void)
{
	struct workload wl;
	uint64_t st = rng_stream(1, 0), a = rng_stream(3, 0), b = rng_stream(3, 0);
	double obs[3] = {0}, exp_[3];
	int outside, same = 1;
	double p;

	memset(&wl, 0, sizeof(wl));
	wl.size = 4096;
	CHECK(wl_draw_size(&wl, &st) == 4096, "fixed size");
	wl.sizes.kind = WL_SIZE_RANDOM;
	wl.sizes.min = 4096, wl.sizes.max = 1 << 20, wl.size = 1 << 20;
	p = log_bins_p(wl_draw_size, &wl, 11, &outside);
	CHECK(outside == 0, "random sizes within [min, max]: %d outside", outside);
	CHECK(p > 0.001, "random sizes log-uniform: p = %g", p);
	p = log_bins_p(draw_linear, &wl, 11, &outside);
	CHECK(p < 1e-9, "the test refuses linear-uniform sizes: p = %g", p);
	for (int i = 0; i < 1000; i++)
		same &= wl_draw_size(&wl, &a) == wl_draw_size(&wl, &b);
	CHECK(same, "a fixed seed gives the same sizes");
	wl.sizes.min = wl.sizes.max = 100;
	CHECK(wl_draw_size(&wl, &st) == 100, "random:100..100");

	wl.sizes.kind = WL_SIZE_DIST;
	wl.sizes.n = 3;
	wl.sizes.size[0] = 4096, wl.sizes.size[1] = 65536, wl.sizes.size[2] = 1 << 20;
	wl.sizes.weight[0] = 50, wl.sizes.weight[1] = 30, wl.sizes.weight[2] = 20;
	outside = 0;
	for (int i = 0; i < N_DRAWS; i++) {
		uint64_t s = wl_draw_size(&wl, &st);
		int k = s == 4096 ? 0 : s == 65536 ? 1 : s == (1 << 20) ? 2 : -1;
		if (k < 0)
			outside++;
		else
			obs[k]++;
	}
	for (int i = 0; i < 3; i++)
		exp_[i] = N_DRAWS * wl.sizes.weight[i] / 100.0;
	CHECK(outside == 0, "dist: only its sizes");
	CHECK(chisq_p(obs, exp_, 3) > 0.001, "dist shares: p = %g", chisq_p(obs, exp_, 3));
	exp_[0] = exp_[1] = exp_[2] = N_DRAWS / 3.0;
	CHECK(chisq_p(obs, exp_, 3) < 1e-9, "the test refuses equal weights");
}

/* test_lognormal: N_DRAWS sizes of lognormal:64KiB,1.5 (max 26439109, the default): each
 * in [1, max], the median of ln size within 4.5 standard errors (1.2533 sigma / sqrt(n)) of
 * ln 64KiB, their SD within 4.5 (sigma / sqrt(2n)) of 1.5, the KS distance under KS_CRIT,
 * and over it against sigma 1.3 or a median 10 % off; a max at the median bounds them. */
static void test_lognormal(void)
{
	static double x[N_DRAWS], l[N_DRAWS];
	struct workload wl;
	uint64_t st = rng_stream(20261205, 0);
	double mean = 0, ss = 0, med, sd, d;
	int outside = 0;

	memset(&wl, 0, sizeof(wl));
	wl.sizes.kind = WL_SIZE_LOGNORMAL;
	wl.sizes.median = 65536, wl.sizes.sigma = 1.5;
	wl.sizes.min = 1, wl.sizes.max = wl.size = 26439109;
	for (int i = 0; i < N_DRAWS; i++) {
		uint64_t s = wl_draw_size(&wl, &st);
		outside += s < 1 || s > wl.sizes.max;
		x[i] = (double)s;
	}
	qsort(x, N_DRAWS, sizeof(x[0]), cmp_double);
	for (int i = 0; i < N_DRAWS; i++) {
		l[i] = log(x[i]);
		mean += l[i] / N_DRAWS;
	}
	for (int i = 0; i < N_DRAWS; i++)
		ss += (l[i] - mean) * (l[i] - mean);
	med = (l[N_DRAWS / 2 - 1] + l[N_DRAWS / 2]) / 2;
	sd = sqrt(ss / (N_DRAWS - 1));
	CHECK(outside == 0, "lognormal sizes within [1, max]: %d outside", outside);
	CHECK(fabs(med - log(65536)) <= 4.5 * 1.2533 * 1.5 / sqrt(N_DRAWS),
	      "lognormal: median of ln size %.4f, want %.4f", med, log(65536));
	CHECK(fabs(sd - 1.5) <= 4.5 * 1.5 / sqrt(2.0 * N_DRAWS), "lognormal: SD of ln size %.4f",
	      sd);
	d = ks_lognormal(x, N_DRAWS, 65536, 1.5);
	CHECK(d < KS_CRIT, "lognormal: KS distance %.5f under %.6f", d, KS_CRIT);
	d = ks_lognormal(x, N_DRAWS, 65536, 1.3);
	CHECK(d > KS_CRIT, "the KS test refuses sigma 1.3: %.5f", d);
	d = ks_lognormal(x, N_DRAWS, 65536 * 1.1, 1.5);
	CHECK(d > KS_CRIT, "the KS test refuses a median 10 %% off: %.5f", d);
	wl.sizes.max = wl.size = 65536;
	outside = 0;
	for (int i = 0; i < 1000; i++)
		outside += wl_draw_size(&wl, &st) > 65536;
	CHECK(outside == 0, "lognormal truncated at max = the median: %d above", outside);
}

static void test_range(void)
{
	struct wl_range r;
	uint64_t st = rng_stream(5, 0), off = 9, len = 9;
	double obs[4] = {0}, exp_[4];
	int outside = 0;

	memset(&r, 0, sizeof(r));
	CHECK(wl_draw_range(&r, 4096, &st, &off, &len) == 0 && off == 0 && len == 4096,
	      "no range: the whole object");
	r.kind = WL_RANGE_FIXED, r.off = 100, r.len = 1000;
	CHECK(wl_draw_range(&r, 4096, &st, &off, &len) == 1 && off == 100 && len == 1000,
	      "fixed range");
	r.kind = WL_RANGE_RANDOM, r.off = 0, r.len = 4093;
	for (int i = 0; i < N_DRAWS; i++) {
		wl_draw_range(&r, 4096, &st, &off, &len);
		if (off > 3 || len != 4093)
			outside++;
		else
			obs[off]++;
	}
	for (int i = 0; i < 4; i++)
		exp_[i] = N_DRAWS / 4.0;
	CHECK(outside == 0, "random offsets within [0, size - len]");
	CHECK(chisq_p(obs, exp_, 4) > 0.001, "random offsets uniform: p = %g",
	      chisq_p(obs, exp_, 4));
	r.len = 8192;
	CHECK(wl_draw_range(&r, 4096, &st, &off, &len) == 1 && off == 0 && len == 8192,
	      "a random range longer than the object: offset 0");
}

int main(void)
{
	test_gsl_reference();
	test_mix();
	test_sizes();
	test_lognormal();
	test_range();
	return check_done();
}
