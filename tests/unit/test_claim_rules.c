/* tests/unit/test_claim_rules.c: analyze/claims' verdict rules at their edges, table-driven
 * (claim_rules.h): the lead's verdict from the leader status and a block, a rate step's
 * words, the time share's rule and the rank's Holm step; claims_build on synthetic runs is
 * test_claims.c's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "analyze/claims/claim_rules.h"
#include "tests/unit/check.h"

static void test_lead_rule(void)
{
	static const struct {
		int status, blocked;
		const char *want;
	} t[] = {
		{LEADER_CLEAR, 0, "clear"},
		{LEADER_CLEAR, 1, "blocked"},
		{LEADER_TIE, 0, "tie"},
		{LEADER_TIE, 1, "blocked"},
		{LEADER_UNRESOLVED, 0, "unresolved"},
		{LEADER_UNRESOLVED, 1, "blocked"},
		{LEADER_UNTESTED, 0, "untested"},
		{LEADER_UNTESTED, 1, "untested"},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		CHECK_STR(claim_rules_lead(t[i].status, t[i].blocked), t[i].want,
			  "lead status %d blocked %d", t[i].status, t[i].blocked);
	CHECK_STR(claim_rules_untested(1, 5), "one-subject", "one subject with a value");
	CHECK_STR(claim_rules_untested(0, 5), "one-subject", "no subject with a value");
	CHECK_STR(claim_rules_untested(2, 1), "one-cycle", "one cycle");
	CHECK_STR(claim_rules_untested(2, 2), "not-enough-runs", "two cycles, runs missing");
}

/* test_step_words: the words of the step verdicts analyze/cells/workload_cells.c judges
 * (its rule: tests/unit/test_workload_steps.c). */
static void test_step_words(void)
{
	static const struct {
		int by;
		unsigned reasons;
		const char *want;
	} t[] = {
		{STEP_NONE, 0, "not-judged"},
		{STEP_HELD, 0, "sustained"},
		{STEP_SERVER, 0, "not-sustained"},
		{STEP_CLIENT, CLIMIT_R_CPU, "client-limited"},
		{STEP_CLIENT, CLIMIT_R_WORKERS, "client-limited"},
		{STEP_CLIENT, CLIMIT_R_NIC | WL_R_LATE_SENDS, "client-limited"},
		{STEP_CLIENT, WL_R_LATE_SENDS, "not-judged"}, /* late sends alone: never judged */
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct agg_step s = {.by = t[i].by, .reasons = t[i].reasons};

		CHECK_STR(claim_rules_step_verdict(&s), t[i].want, "step row %zu", i);
	}
}

static void test_time_rule(void)
{
	static const struct {
		double ph[RPH_COUNT], rtt;
		int part;
		double share;
	} t[] = {
		{{0, 0, 0, 0, 10, 10}, 10, CLAIM_PART_RTT, 0.5}, /* rtt exactly half */
		{{0, 0, 0, 0, 10, 10.001}, 10, RPH_TRANSFER, 10.001 / 20.001}, /* rtt just under */
		{{0, 0, 0, 1, 5, 4}, NAN, RPH_WAIT, 0.5},     /* a part exactly half */
		{{0, 0, 0, 2, 4.9, 3.1}, NAN, -1, 0.49},      /* spread */
		{{NAN, 0, 0, 0, 3, 1}, 8, CLAIM_PART_RTT, 1}, /* rtt above the total: 1 */
		{{0, 0, 0, 0, 0, 0}, 1, -1, NAN},             /* nothing timed */
		{{1, 1, 1, 1, 1, 95}, NAN, RPH_TRANSFER, 0.95},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		double share;
		int part = claim_rules_time(t[i].ph, t[i].rtt, &share);

		CHECK(part == t[i].part, "time row %zu: part %d, want %d", i, part, t[i].part);
		CHECK(isnan(t[i].share) ? isnan(share) : fabs(share - t[i].share) < 1e-9,
		      "time row %zu: share %g", i, share);
	}
	CHECK_STR(claim_rules_part_name(CLAIM_PART_RTT), "rtt", "rtt's name");
	CHECK_STR(claim_rules_part_name(RPH_WAIT), "wait", "wait's name");
	CHECK(claim_rules_part_name(-1) == NULL, "spread has no part");
}

static void test_rank_rule(void)
{
	static const struct {
		double p[3];
		int right[3];
		size_t k;
		int want;
		double p_adj;
	} t[] = {
		{{0.01, 0.04}, {1, 1}, 2, 1, 0.04}, /* Holm: 0.01 < .025, 0.04 < .05 */
		{{0.01, 0.06}, {1, 1}, 2, 0, 0.06},
		{{0.03, 0.03}, {1, 1}, 2, 0, 0.06},    /* 0.03 is not under .025 */
		{{0.001, 0.002}, {1, 0}, 2, 0, 0.002}, /* one points the other way */
		{{0.01, NAN}, {1, 1}, 2, 0, NAN},      /* one without a test */
		{{0.049}, {1}, 1, 1, 0.049},
		{{0.05}, {1}, 1, 0, 0.05},
		{{0}, {1}, 0, 0, NAN},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		double p_adj;
		int r = claim_rules_rank(t[i].p, t[i].right, t[i].k, 0.05, &p_adj);

		CHECK(r == t[i].want, "rank row %zu: %d", i, r);
		CHECK(isnan(t[i].p_adj) ? isnan(p_adj) : fabs(p_adj - t[i].p_adj) < 1e-12,
		      "rank row %zu: p_adj %g", i, p_adj);
	}
}

int main(void)
{
	test_lead_rule();
	test_step_words();
	test_time_rule();
	test_rank_rule();
	return check_done();
}
