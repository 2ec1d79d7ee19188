/* tests/unit/test_replaycmp.c: the replay claim's rule (analyze/cells/replaycmp.h,
 * replaycmp_verdict; docs/METHODOLOGY.md, "Replay: recorded and replayed"): the highest
 * percentile both sides bound, and slower / faster / alike by whether its intervals overlap;
 * the replay-lead claim's (replaycmp_lead; "Replay across subjects"): the highest percentile
 * every subject bounds, and the lowest subject leads when its interval lies below every
 * other's. */
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

/* Subjects' replayed sides for replaycmp_lead (up to 3; n of them). */
static const struct {
	const char *name;
	size_t n;
	struct side_spec s[3];
	const char *verdict;
	int pct;
	size_t first, next;
} leads[] = {
	{"two subjects, p99 apart: the lower leads",
	 2,
	 {{{1, 2, 40}, {1.2, 3, 48}}, {{1, 2, 50}, {1.3, 3, 70}}},
	 "leads",
	 2,
	 0,
	 1},
	{"the second lower, apart",
	 2,
	 {{{1, 2, 50}, {1.3, 3, 70}}, {{1, 2, 40}, {1.2, 3, 48}}},
	 "leads",
	 2,
	 1,
	 0},
	{"p99 intervals touch: alike",
	 2,
	 {{{1, 2, 40}, {1.2, 3, 48}}, {{1, 2, 48}, {1.3, 3, 70}}},
	 "alike",
	 2,
	 0,
	 1},
	{"p99 bound by one only: judged at p90, overlapping there",
	 2,
	 {{{1, 2, 40}, {1.2, 3, 48}}, {{1, 2.5, NAN}, {1.3, 4, NAN}}},
	 "alike",
	 1,
	 0,
	 1},
	{"three: apart from one, not from the wide third (the next by its p99)",
	 3,
	 {{{10, 20, 40}, {12, 30, 48}}, {{1, 2, 50}, {1.3, 3, 70}}, {{1, 2, 5}, {1.3, 3, 90}}},
	 "alike",
	 2,
	 0,
	 2},
	{"three: the third apart from both",
	 3,
	 {{{10, 20, 40}, {12, 30, 48}}, {{1, 2, 50}, {1.3, 3, 70}}, {{1, 2, 5}, {1.3, 3, 9}}},
	 "leads",
	 2,
	 2,
	 0},
	{"a subject without a p50: not judged",
	 2,
	 {{{1, 2, 40}, {1.2, 3, 48}}, {{NAN, NAN, NAN}, {NAN, NAN, NAN}}},
	 "not-judged",
	 -1,
	 0,
	 1},
};

static void test_lead(void)
{
	for (size_t i = 0; i < sizeof(leads) / sizeof(leads[0]); i++) {
		struct replaycmp_side v[3];
		const struct replaycmp_side *s[3] = {&v[0], &v[1], &v[2]};
		size_t first = 9, next = 9;
		int pct = 99;

		for (size_t k = 0; k < leads[i].n; k++)
			fill(&v[k], &leads[i].s[k]);
		CHECK_STR(replaycmp_lead(s, leads[i].n, &pct, &first, &next), leads[i].verdict,
			  "lead: %s: verdict", leads[i].name);
		CHECK(pct == leads[i].pct && first == leads[i].first && next == leads[i].next,
		      "lead: %s: at %d, first %zu, next %zu", leads[i].name, pct, first, next);
	}
}

int main(void)
{
	test_lead();
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
