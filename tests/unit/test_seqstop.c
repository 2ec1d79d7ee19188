/* tests/unit/test_seqstop.c: core/seqstop.h, the stopping rule of cycles = auto, against
 * SciPy (scipy.stats.t.ppf, the same formulas: t_{0.975, n-1} s / (sqrt(n) mean) and
 * t_{0.99, n-1} / t_{0.975, n-1}; within 1e-8, GSL's quantiles' precision), and its edges: fewer than two values, a value not
 * finite, a mean not above 0, the target met exactly at the half-width. */
#include <math.h>
#include <stddef.h>

#include "core/seqstop.h"
#include "tests/unit/check.h"

static const struct {
	double v[8];
	size_t n;
	double hw; /* SciPy */
} cases[] = {
	{{100, 104, 98}, 3, 0.07538906689548605},
	{{50, 50.5}, 2, 0.0632149489374731},
	{{10, 12, 9, 11, 10.5, 9.8}, 6, 0.10511525211685299},
};

static const struct {
	size_t n;
	double f; /* SciPy: t.ppf(0.99, n-1) / t.ppf(0.975, n-1) */
} widen[] = {{2, 2.504328917549993},
	     {3, 1.6186657757293537},
	     {6, 1.3090149284407266},
	     {30, 1.203787246884933}};

int main(void)
{
	double mean, one = 5, bad[] = {1, NAN, 2}, neg[] = {-1, -2, -3};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		double hw = seqstop_halfwidth(cases[i].v, cases[i].n, &mean);
		CHECK_NUM(hw, cases[i].hw, 1e-8 * cases[i].hw, "case %zu half-width", i);
		CHECK(seqstop_met(cases[i].v, cases[i].n, hw) &&
			      !seqstop_met(cases[i].v, cases[i].n, hw * (1 - 1e-12)),
		      "case %zu: met at its half-width, not below", i);
	}
	CHECK_NUM(mean, (10 + 12 + 9 + 11 + 10.5 + 9.8) / 6, 1e-12, "mean");
	for (size_t i = 0; i < sizeof(widen) / sizeof(widen[0]); i++)
		CHECK_NUM(seqstop_widen(widen[i].n), widen[i].f, 1e-8 * widen[i].f, "widen(%zu)",
			  widen[i].n);
	CHECK(seqstop_widen(1) == 1 && seqstop_widen(0) == 1, "widen below 2 values: 1");
	CHECK(isnan(seqstop_halfwidth(&one, 1, &mean)) && isnan(mean) &&
		      !seqstop_met(&one, 1, SEQSTOP_TARGET_MAX),
	      "one value: no interval, not met");
	CHECK(isnan(seqstop_halfwidth(bad, 3, NULL)), "a value not finite: NaN");
	CHECK(isnan(seqstop_halfwidth(neg, 3, &mean)) && mean == -2, "mean not above 0: NaN");
	return check_done();
}
