/* tests/unit/test_squeeze.c: analyze/stats/squeeze (the moderated variances of
 * docs/METHODOLOGY.md, "Moderated variances") against the same formulas computed
 * independently in Python with NumPy and scipy.special (tests/unit/squeeze_ref.py, its
 * trigamma inverse by Brent's method): the prior's d0 and s0², the pooled df and every
 * posterior of sets with a finite d0, an infinite one, spread variances (d0 near 0), zeros
 * lifted, a majority of zeros, one usable variance and none; and the trigamma inverse
 * over its three ranges. Tables: the output of
 *   /usr/bin/python3 tests/unit/squeeze_ref.py
 */
#include <math.h>
#include <stddef.h>

#include "analyze/stats/squeeze.h"
#include "tests/unit/check.h"

#define MAXV 12

/* same: within tol relative to want (at least 1), or both NaN, or the same infinity. */
static int same(double got, double want, double tol)
{
	if (isnan(want))
		return isnan(got);
	if (isinf(want))
		return got == want;
	return fabs(got - want) <= tol * (fabs(want) > 1 ? fabs(want) : 1);
}

static const struct {
	const char *name;
	size_t k;
	double var[MAXV], df[MAXV];
	size_t n;
	double d0, s0, pooled;
	double post[MAXV], df_post[MAXV];
} sets[] = {
	/* /usr/bin/python3 tests/unit/squeeze_ref.py (NumPy 1.24.2, SciPy 1.10.1) */
	{"log spread 0.7 on df 6: d0 about 26",
	 10,
	 {0.00151, 0.00248, 0.0037, 0.005, 0.00611, 0.00824, 0.01113, 0.01502, 0.00452, 0.00746},
	 {6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0},
	 10,
	 25.890381823586985,
	 0.006147974109199684,
	 60.0,
	 {0.005275364781122719, 0.005457864947856231, 0.005687401240036524, 0.005931989092359789,
	  0.006140829489343499, 0.006541577278150078, 0.007085314888314873, 0.007817197000266795,
	  0.005841679731501969, 0.00639482456675612},
	 {31.890381823586985, 31.890381823586985, 31.890381823586985, 31.890381823586985,
	  31.890381823586985, 31.890381823586985, 31.890381823586985, 31.890381823586985,
	  31.890381823586985, 31.890381823586985}},
	{"mixed df 2, 4, 6: d0 about 3",
	 8,
	 {0.00061, 0.00604, 0.00201, 0.00996, 0.02006, 0.00122, 0.00366, 0.00041},
	 {2.0, 4.0, 6.0, 2.0, 4.0, 6.0, 2.0, 4.0},
	 8,
	 2.924476027765268,
	 0.0026391312623738694,
	 30.0,
	 {0.0018150308907066363, 0.004603680622637127, 0.0022161610440104233, 0.005612389207523558,
	  0.012702488355544925, 0.0016850374256317969, 0.0030537413576896964,
	  0.0013514489866691616},
	 {4.924476027765268, 6.924476027765268, 8.924476027765268, 4.924476027765268,
	  6.924476027765268, 8.924476027765268, 4.924476027765268, 6.924476027765268}},
	{"spread over 6 decades",
	 6,
	 {0.0001, 0.02, 0.003, 0.5, 2e-05, 0.08},
	 {2.0, 2.0, 4.0, 4.0, 6.0, 6.0},
	 6,
	 0.5519253461206642,
	 0.0004588040838480261,
	 24.0,
	 {0.00017760143472393173, 0.01577366895311838, 0.0026918775399561623, 0.4394301473567611,
	  5.69642636420422e-05, 0.07329955703587694},
	 {2.5519253461206644, 2.5519253461206644, 4.551925346120664, 4.551925346120664,
	  6.551925346120664, 6.551925346120664}},
	{"alike: infinite d0",
	 4,
	 {0.01, 0.0102, 0.0098, 0.0101},
	 {2.0, 2.0, 2.0, 2.0},
	 4,
	 INFINITY,
	 0.010025000000000001,
	 8.0,
	 {0.010025000000000001, 0.010025000000000001, 0.010025000000000001, 0.010025000000000001},
	 {8.0, 8.0, 8.0, 8.0}},
	{"zeros lifted to 1e-5 x median",
	 5,
	 {0.0, 0.004, 0.006, 0.01, 0.0},
	 {2.0, 2.0, 2.0, 2.0, 2.0},
	 5,
	 0.31625086131731717,
	 7.462249706503103e-07,
	 10.0,
	 {1.0188632571967345e-07, 0.0034539592096426656, 0.005180887871301138, 0.008634745194618085,
	  1.0188632571967345e-07},
	 {2.316250861317317, 2.316250861317317, 2.316250861317317, 2.316250861317317,
	  2.316250861317317}},
	{"more than half zero",
	 5,
	 {0.0, 0.0, 0.0, 0.01, 0.02},
	 {2.0, 2.0, 2.0, 2.0, 2.0},
	 5,
	 0.5538457091048214,
	 2.601684634892944e-05,
	 10.0,
	 {5.642204093780117e-06, 5.642204093780117e-06, 5.642204093780117e-06, 0.007836968869090483,
	  0.015668295534087183},
	 {2.5538457091048214, 2.5538457091048214, 2.5538457091048214, 2.5538457091048214,
	  2.5538457091048214}},
	{"one usable",
	 4,
	 {NAN, 0.02, -1.0, 0.03},
	 {2.0, 2.0, 2.0, 0.0},
	 1,
	 0.0,
	 0.02,
	 2.0,
	 {NAN, 0.02, -1.0, 0.03},
	 {2.0, 2.0, 2.0, 0.0}},
	{"none usable", 2, {NAN, 0.01}, {2.0, 0.0}, 0, NAN, NAN, 0.0, {NAN, 0.01}, {2.0, 0.0}},
};

static const struct {
	double x, y;
} trigamma[] = {
	{1e-08, 100000000.0},
	{0.001, 1000.499916666682},
	{0.5, 2.459952948352307},
	{1.6449340668482264, 1.0},
	{10.0, 0.33508104437803565},
	{100000.0, 0.0031623035494822258},
	{20000000.0, 0.00022360679774997895},
};

static void test_sets(void)
{
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		struct squeeze_prior p;

		CHECK(squeeze_fit(sets[i].var, sets[i].df, sets[i].k, &p) == 0, "%s: fit",
		      sets[i].name);
		CHECK(p.n == sets[i].n && same(p.df, sets[i].d0, 1e-9) &&
			      same(p.var, sets[i].s0, 1e-9) &&
			      same(p.df_pooled, sets[i].pooled, 1e-12),
		      "%s: n %zu d0 %.17g s0^2 %.17g pooled %g", sets[i].name, p.n, p.df, p.var,
		      p.df_pooled);
		for (size_t j = 0; j < sets[i].k; j++) {
			double v = squeeze_var_post(&p, sets[i].var[j], sets[i].df[j]);
			double d = squeeze_df_post(&p, sets[i].df[j]);

			CHECK(same(v, sets[i].post[j], 1e-9) && same(d, sets[i].df_post[j], 1e-9),
			      "%s [%zu]: posterior %.17g on %.17g df", sets[i].name, j, v, d);
		}
	}
}

static void test_trigamma(void)
{
	for (size_t i = 0; i < sizeof(trigamma) / sizeof(trigamma[0]); i++) {
		double y = squeeze_trigamma_inverse(trigamma[i].x);

		CHECK(same(y, trigamma[i].y, 1e-10), "trigamma inverse of %g: %.17g", trigamma[i].x,
		      y);
	}
	CHECK(isnan(squeeze_trigamma_inverse(-1)) && isnan(squeeze_trigamma_inverse(NAN)),
	      "trigamma inverse of a negative or NaN: NaN");
	CHECK(isinf(squeeze_trigamma_inverse(0)), "trigamma inverse of 0: infinite");
}

int main(void)
{
	test_sets();
	test_trigamma();
	return check_done();
}
