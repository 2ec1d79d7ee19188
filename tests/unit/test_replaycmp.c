/* tests/unit/test_replaycmp.c: the replay claim's rule (analyze/cells/replaycmp.h,
 * replaycmp_verdict; docs/METHODOLOGY.md, "Replay: recorded and replayed"): the highest
 * percentile both sides bound, and slower / faster / alike by whether its intervals overlap. */
#include <math.h>

#include "analyze/cells/replaycmp.h"
#include "tests/unit/check.h"

/* One side: the three percentiles' intervals ([lo, hi], NaN: not bounded). */
struct side_spec {
	double lo[REPLAYCMP_PCTS], hi[REPLAYCMP_PCTS];
};

static const struct {
	const char *name;
	struct side_spec rec, rep;
	const char *verdict;
	int pct; /* -1: none */
} cases[] = {
	{"p99 bounded on both: replayed wholly above",
	 {{1, 2, 40}, {1.2, 3, 48}},
	 {{1, 2, 50}, {1.3, 3, 70}},
	 "slower",
	 2},
	{"p99 bounded on both: replayed wholly below",
	 {{1, 2, 40}, {1.2, 3, 48}},
	 {{1, 2, 20}, {1.3, 3, 39.9}},
	 "faster",
	 2},
	{"p99 intervals touch: alike",
	 {{1, 2, 40}, {1.2, 3, 48}},
	 {{1, 2, 48}, {1.3, 3, 70}},
	 "alike",
	 2},
	{"p99 only on one side: judged at p90 (the p50 apart does not count)",
	 {{1, 2, NAN}, {1.2, 3, NAN}},
	 {{5, 2.5, 50}, {6, 4, 70}},
	 "alike",
	 1},
	{"only p50 on the recorded side: judged at p50",
	 {{1, NAN, NAN}, {1.2, NAN, NAN}},
	 {{5, 2.5, 50}, {6, 4, 70}},
	 "slower",
	 0},
	{"no recorded latency: not judged",
	 {{NAN, NAN, NAN}, {NAN, NAN, NAN}},
	 {{5, 2.5, 50}, {6, 4, 70}},
	 "not-judged",
	 -1},
	{"too few replayed requests: not judged",
	 {{1, 2, 40}, {1.2, 3, 48}},
	 {{NAN, NAN, NAN}, {NAN, NAN, NAN}},
	 "not-judged",
	 -1},
};

static void fill(struct replaycmp_side *s, const struct side_spec *x)
{
	for (int k = 0; k < REPLAYCMP_PCTS; k++) {
		s->lo[k] = x->lo[k];
		s->hi[k] = x->hi[k];
		s->ms[k] = isnan(x->lo[k]) ? NAN : (x->lo[k] + x->hi[k]) / 2;
	}
}

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct replaycmp_op o = {.op = "GET"};
		int pct = 99;

		fill(&o.rec, &cases[i].rec);
		fill(&o.rep, &cases[i].rep);
		CHECK_STR(replaycmp_verdict(&o, &pct), cases[i].verdict, "%s: verdict",
			  cases[i].name);
		CHECK(pct == cases[i].pct, "%s: at %d, want %d", cases[i].name, pct, cases[i].pct);
	}
	CHECK(replaycmp_pct[0] == 0.5 && replaycmp_pct[1] == 0.9 && replaycmp_pct[2] == 0.99,
	      "the percentiles p50, p90, p99");
	return check_done();
}
