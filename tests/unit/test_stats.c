/* tests/unit/test_stats.c: analyze/stats against hand-computed values. */
#include <math.h>

#include "analyze/cells/stats.h"
#include "tests/unit/check.h"

#define TOL 1e-9
#define NA NAN

/* same: equal within TOL, or both NaN (no value). */
static int same(double got, double want)
{
	if (isnan(want))
		return isnan(got);
	return fabs(got - want) <= TOL * (fabs(want) > 1 ? fabs(want) : 1);
}

struct stats_case {
	const char *name;
	double v[12];
	size_t n;
	double mean, median, min, max, stddev, cv;
};

static const struct stats_case stats_cases[] = {
	/* mean 5; squares of deviations 9+1+1+1+0+0+4+16 = 32; s = sqrt(32/7) */
	{"even n, textbook",
	 {2, 4, 4, 4, 5, 5, 7, 9},
	 8,
	 5,
	 4.5,
	 2,
	 9,
	 2.1380899352993950,
	 2.1380899352993950 / 5},
	{"odd n", {1, 2, 3}, 3, 2, 2, 1, 3, 1, 0.5},
	{"odd n, unsorted input", {30, 10, 20}, 3, 20, 20, 10, 30, 10, 0.5},
	{"even n, unsorted input",
	 {4, 1, 3, 2},
	 4,
	 2.5,
	 2.5,
	 1,
	 4,
	 1.2909944487358056,
	 1.2909944487358056 / 2.5},
	{"one sample: no stddev, no CV", {10}, 1, 10, 10, 10, 10, NA, NA},
	{"no sample: nothing", {0}, 0, NA, NA, NA, NA, NA, NA},
	{"zero mean: no CV", {0, 0}, 2, 0, 0, 0, 0, 0, NA},
	{"two samples",
	 {100, 120},
	 2,
	 110,
	 110,
	 100,
	 120,
	 14.142135623730951,
	 14.142135623730951 / 110},
};

struct pct_case {
	double v[12];
	size_t n;
	double p, want;
};

/* Nearest rank: the value at rank ceil(p/100 * n) of the ascending order. */
static const struct pct_case pct_cases[] = {
	{{15, 20, 35, 40, 50}, 5, 0, 15},
	{{15, 20, 35, 40, 50}, 5, 5, 15},
	{{15, 20, 35, 40, 50}, 5, 30, 20},
	{{15, 20, 35, 40, 50}, 5, 40, 20},
	{{15, 20, 35, 40, 50}, 5, 50, 35},
	{{50, 40, 35, 20, 15}, 5, 100, 50},
	{{3, 6, 7, 8, 8, 10, 13, 15, 16, 20}, 10, 25, 7},
	{{3, 6, 7, 8, 8, 10, 13, 15, 16, 20}, 10, 50, 8},
	{{3, 6, 7, 8, 8, 10, 13, 15, 16, 20}, 10, 75, 15},
	{{3, 6, 7, 8, 8, 10, 13, 15, 16, 20}, 10, 90, 16},
	{{3, 6, 7, 8, 8, 10, 13, 15, 16, 20}, 10, 99, 20},
	{{7}, 1, 99, 7},
	{{1, 2}, 2, 101, NA},
	{{1, 2}, 2, -1, NA},
	{{0}, 0, 50, NA},
};

int main(void)
{
	for (size_t i = 0; i < sizeof(stats_cases) / sizeof(stats_cases[0]); i++) {
		const struct stats_case *c = &stats_cases[i];
		struct stats st;

		CHECK(stats_compute(c->n ? c->v : NULL, c->n, &st) == 0, "%s: returns 0", c->name);
		CHECK(st.n == c->n, "%s: n", c->name);
		CHECK(same(st.mean, c->mean), "%s: mean %g, want %g", c->name, st.mean, c->mean);
		CHECK(same(st.median, c->median), "%s: median %g, want %g", c->name, st.median,
		      c->median);
		CHECK(same(st.min, c->min), "%s: min %g", c->name, st.min);
		CHECK(same(st.max, c->max), "%s: max %g", c->name, st.max);
		CHECK(same(st.stddev, c->stddev), "%s: stddev %.17g, want %.17g", c->name,
		      st.stddev, c->stddev);
		CHECK(same(st.cv, c->cv), "%s: cv %.17g, want %.17g", c->name, st.cv, c->cv);
	}
	for (size_t i = 0; i < sizeof(pct_cases) / sizeof(pct_cases[0]); i++) {
		const struct pct_case *c = &pct_cases[i];
		double got = stats_percentile(c->v, c->n, c->p);

		CHECK(same(got, c->want), "percentile case %zu: p%g = %g, want %g", i, c->p, got,
		      c->want);
	}
	{
		double bad[] = {1, NAN, 3};
		double inf[] = {1, INFINITY};
		double some[] = {NAN, 5, 2, NAN};
		double none[] = {NAN, NAN};
		struct stats st;

		CHECK(stats_compute(bad, 3, &st) < 0, "a NaN sample is refused");
		CHECK(stats_compute(inf, 2, &st) < 0, "an infinite sample is refused");
		CHECK(same(stats_mean_of(bad, 3), 2), "mean_of skips NaN (not a zero)");
		CHECK(same(stats_min_of(some, 4), 2), "min_of skips NaN");
		CHECK(same(stats_max_of(some, 4), 5), "max_of skips NaN");
		CHECK(isnan(stats_mean_of(none, 2)), "mean_of nothing is NaN");
		CHECK(isnan(stats_min_of(none, 2)) && isnan(stats_max_of(none, 0)),
		      "min_of/max_of nothing is NaN");
	}
	return check_done();
}
