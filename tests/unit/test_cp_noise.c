/* tests/unit/test_cp_noise.c: analyze/history/cp_noise, the noise of each series of
 * scheduled builds (docs/METHODOLOGY.md "Shifts over the builds", "Noise"):
 * - the differences inside segments, by hand: y = 0, 1, 3, 6 gives half squares 0.5, 2,
 *   4.5 (sum 7 over 3 differences) and Satterthwaite's df 2 * 3^2 / (3 * 3 - 1) = 2.25; cut
 *   at 2 it keeps 0.5 and 4.5 (2 differences, df 2 * 2^2 / (2 + 2) = 2);
 * - those df by simulation: over 20000 series of 30 standard normal points, the variance of
 *   the estimate is 2 / df within 5 % (so a t with df is the right reference), and its mean
 *   is 1 within 1 %;
 * - the empirical-Bayes prior against SciPy (the command below, run once with Debian's
 *   python3-scipy 1.10; it printed the three lines quoted at each case);
 * - the moderated estimate, and a series significantly noisier than the prior (F test at
 *   20 %: scipy.stats.f.sf(1.5, 10, 8) = 0.29, f.sf(4, 10, 8) = 0.031) judged on its own;
 * - cp_noise_all on one noisy cell among quiet ones: the noisy one on its own noise (not
 *   borrowed from its quiet neighbours); the quiet ones near theirs.
 *   /usr/bin/python3 -c 'from scipy import special, optimize; import math
 *   def ref(v):
 *     e=[math.log(ss/df)-special.digamma(df/2)+math.log(df/2) for ss,df in v]
 *     n=len(e); m=sum(e)/n
 *     sp=sum((x-m)**2 for x in e)/(n-1)-sum(special.polygamma(1,df/2) for ss,df in v)/n
 *     tot=sum(df for ss,df in v)
 *     d0=min(2*optimize.brentq(lambda y: special.polygamma(1,y)-sp, 1e-8, 1e8,
 *       xtol=1e-15, rtol=1e-15), tot) if sp>0 else tot
 *     print(repr(sp), repr(d0), repr(math.exp(m+special.digamma(d0/2)-math.log(d0/2))))
 *   ref([(0.02,5.0),(0.5,7.5),(0.011,3.2),(2.0,12.0),(0.04,9.0)])
 *   ref([(0.10,10.0),(0.11,10.0),(0.09,10.0),(0.10,10.0)])
 *   ref([(0.2,10.0),(0.1,10.0),(0.05,10.0),(0.4,10.0),(0.1,10.0),(0.15,10.0)])'
 */
#include <math.h>
#include <stdio.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/history/cp_noise.h"
#include "tests/unit/check.h"

static void diffs(void)
{
	static const double y[] = {0, 1, 3, 6};
	static const size_t cut[] = {2};
	struct cp_noise nz = cp_noise_diffs(y, 4, NULL, 0);

	CHECK_NUM(nz.df, 2.25, 1e-12, "3 differences: df 2 * 9 / 8");
	CHECK_NUM(nz.ss / nz.df, 7.0 / 3, 1e-12, "variance: the half squares' mean, 7 / 3");
	nz = cp_noise_diffs(y, 4, cut, 1);
	CHECK_NUM(nz.df, 2, 1e-12, "cut at 2: df 2 * 4 / 4");
	CHECK_NUM(nz.ss / nz.df, 2.5, 1e-12, "cut at 2: the difference across the cut left out");
	nz = cp_noise_diffs(y, 1, NULL, 0);
	CHECK(nz.df == 0 && nz.ss == 0, "one point: no noise (%g %g)", nz.ss, nz.df);
}

/* satterthwaite: the estimate's mean and variance over many series of iid N(0, 1). */
static void satterthwaite(gsl_rng *r)
{
	double y[30], s = 0, s2 = 0, df = 0;
	const int n = 20000;

	for (int k = 0; k < n; k++) {
		struct cp_noise nz;
		double v;

		for (int i = 0; i < 30; i++)
			y[i] = gsl_ran_gaussian(r, 1);
		nz = cp_noise_diffs(y, 30, NULL, 0);
		v = nz.ss / nz.df;
		df = nz.df;
		s += v;
		s2 += v * v;
	}
	s /= n;
	s2 = s2 / n - s * s;
	printf("30 points, 20000 series: mean %.4f, variance %.4f against 2 / df = %.4f "
	       "(df %.2f)\n",
	       s, s2, 2 / df, df);
	CHECK(fabs(s - 1) < 0.01, "unbiased: mean %.4f", s);
	CHECK(fabs(s2 / (2 / df) - 1) < 0.05, "variance %.4f = 2 / df %.4f within 5 %%", s2,
	      2 / df);
}

static struct cp_noise nz_of(double ss, double df)
{
	struct cp_noise nz = {ss, df};

	return nz;
}

static void prior(void)
{
	struct cp_noise a[] = {nz_of(0.02, 5), nz_of(0.5, 7.5), nz_of(0.011, 3.2), nz_of(2.0, 12),
			       nz_of(0.04, 9)};
	struct cp_noise b[] = {nz_of(0.10, 10), nz_of(0.11, 10), nz_of(0.09, 10), nz_of(0.10, 10)};
	struct cp_noise c[] = {nz_of(0.2, 10), nz_of(0.1, 10), nz_of(0.05, 10),
			       nz_of(0.4, 10), nz_of(0.1, 10), nz_of(0.15, 10)};
	struct cp_prior p = cp_noise_prior(a, 5);

	/* SciPy: 2.7010335101340397 1.443140019056493 0.007622375997471632 */
	CHECK_NUM(p.df, 1.443140019056493, 1e-9, "unlike variances: a light prior (d0)");
	CHECK_NUM(p.s2, 0.007622375997471632, 1e-12, "unlike variances: s0^2");
	/* SciPy: -0.21460308363000738 40.0 0.010785304053711805 */
	p = cp_noise_prior(b, 4);
	CHECK_NUM(p.df, 40, 1e-12, "alike variances: d0 capped at the data's 40 df");
	CHECK_NUM(p.s2, 0.010785304053711805, 1e-12, "alike variances: s0^2");
	/* SciPy: 0.281087651891079 8.069009663005243 0.013138041182079485 */
	p = cp_noise_prior(c, 6);
	CHECK_NUM(p.df, 8.069009663005243, 1e-9, "some spread: d0");
	CHECK_NUM(p.s2, 0.013138041182079485, 1e-12, "some spread: s0^2");
	p = cp_noise_prior(c, 1);
	CHECK(p.df == 0, "one series: no prior (%g)", p.df);
}

static void moderate(void)
{
	struct cp_prior p = {0.01, 8};
	struct cp_noise quiet = {0.05, 10}, near = {0.15, 10}, noisy = {0.4, 10}, nz;
	int mod = -1;

	nz = cp_noise_moderate(&quiet, &p, &mod);
	CHECK(mod == 1, "a series quieter than the prior is moderated");
	CHECK_NUM(nz.df, 18, 1e-12, "its df: d0 + its own");
	CHECK_NUM(nz.ss / nz.df, (8 * 0.01 + 0.05) / 18, 1e-15, "its variance: the weighted mean");
	/* F = 1.5 with (10, 8) df: P(F >= 1.5) = 0.29, not significant; F = 4: 0.031 */
	nz = cp_noise_moderate(&near, &p, &mod);
	CHECK(mod == 1 && nz.df == 18, "a series a little noisier than the prior is moderated");
	nz = cp_noise_moderate(&noisy, &p, &mod);
	CHECK(mod == 0 && nz.ss == 0.4 && nz.df == 10,
	      "a series significantly noisier than the prior keeps its own (%g %g)", nz.ss, nz.df);
	p.df = 0;
	nz = cp_noise_moderate(&quiet, &p, &mod);
	CHECK(mod == 0 && nz.df == 10, "no prior: its own");
}

/* all: 12 cells at 3 % noise and one at 15 %, 30 builds: the noisy one on its own. */
static void all(gsl_rng *r)
{
	static double y[13][30];
	const double *ys[13];
	size_t ns[13];
	struct cp_noise nz[13];
	int mod[13], quiet_mod = 0;
	double quiet = 0;

	for (int c = 0; c < 13; c++) {
		for (int i = 0; i < 30; i++)
			y[c][i] = gsl_ran_gaussian(r, c == 0 ? 0.15 : 0.03);
		ys[c] = y[c];
		ns[c] = 30;
	}
	cp_noise_all(ys, ns, 13, nz, mod, NULL);
	for (int c = 1; c < 13; c++) {
		quiet += cp_sigma(&nz[c]) / 12;
		quiet_mod += mod[c];
	}
	printf("12 cells at 3 %% noise, one at 15 %%: its sigma %.4f (%s, df %.1f); the quiet "
	       "ones' %.4f on average, %d of 12 moderated\n",
	       cp_sigma(&nz[0]), mod[0] ? "moderated" : "its own", nz[0].df, quiet, quiet_mod);
	CHECK(!mod[0] && cp_sigma(&nz[0]) > 3 * quiet,
	      "the noisy cell on its own noise, not its neighbours' (%.4f)", cp_sigma(&nz[0]));
	CHECK(fabs(quiet / 0.03 - 1) < 0.15, "the quiet ones near 3 %% (%.4f)", quiet);
}

int main(void)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	gsl_rng_set(r, 34);
	diffs();
	satterthwaite(r);
	prior();
	moderate();
	all(r);
	gsl_rng_free(r);
	return check_done();
}
