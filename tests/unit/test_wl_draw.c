/* tests/unit/test_wl_draw.c: collect/engine/wl_draw.h (its generator: tests/unit/test_rng.c):
 * op shares of a mix within binomial tolerance, sizes of
 * random: and dist: distributions by a chi-square test at p > 0.001 (and the test's power:
 * a wrong distribution fails it), and ranged-get offsets.
 *
 * Reference values were computed once with Debian's python3-scipy 1.10.1, installed by
 * hand (`apt-get install -y python3-scipy`; not in scripts/setup):
 *   /usr/bin/python3 -c 'from scipy.stats import chi2; print(chi2.sf(7.5, 3),
 *                        chi2.isf(0.001, 19))'
 *   -> 0.0575584519726364 43.82019596451753 */
#include <gsl/gsl_cdf.h>
#include <math.h>
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

static void test_gsl_reference(void)
{
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
	test_range();
	return check_done();
}
