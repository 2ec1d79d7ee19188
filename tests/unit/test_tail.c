/* tests/unit/test_tail.c: analyze/cells/tail (through aggregate_build): p50 and p99
 * compared between subjects, paired by cycle on the log scale, moderated, Bonferroni in
 * the category and Holm in the tail leader's family, against tests/unit/tail_ref.py
 * (SciPy); the tail leader; no verdict on a percentile too few requests bound (the
 * minimum-N rule at 298 and 299 pooled requests); a run's percentile from its histogram. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/tail.h"
#include "core/hist.h"
#include "tests/unit/check.h"

#define CYCLES 5

static const double P50[3][CYCLES] = {{20.0, 21.0, 19.0, 22.0, 20.0},
				      {20.5, 21.2, 19.3, 22.4, 20.1},
				      {25.0, 26.0, 24.0, 27.0, 25.0}};
static const double P99[3][CYCLES] = {{80.0, 95.0, 70.0, 110.0, 85.0},
				      {120.0, 150.0, 100.0, 170.0, 125.0},
				      {90.0, 121.0, 66.0, 125.0, 96.0}};
static const char *const subj[3] = {"a", "b", "c"};

/* /usr/bin/python3 tests/unit/tail_ref.py (NumPy 1.24.2, SciPy 1.10.1):
 * metric, A, B, ratio A/B, ci95, p (moderated), df, p_adj (Bonferroni, family 3) */
static const struct {
	const char *metric, *a, *b;
	double ratio, lo, hi, p, df, p_adj;
} REF[] = {
	{"p50_ms", "a", "b", 0.9855369060190189, 0.975120802392427, 0.9960642730034364,
	 0.011327455391845, 12.0, 0.033982366175534996},
	{"p50_ms", "a", "c", 0.8027964425675914, 0.7943117162364174, 0.8113718015552444,
	 9.346953206108292e-15, 12.0, 2.8040859618324875e-14},
	{"p50_ms", "b", "c", 0.8145777572251557, 0.8059685146089179, 0.823278962563363,
	 2.119496248462559e-14, 12.0, 6.358488745387677e-14},
	{"p99_ms", "a", "b", 0.664994970626542, 0.6258010649175536, 0.7066435897114617,
	 2.937918691654216e-08, 10.195395518585059, 8.813756074962647e-08},
	{"p99_ms", "a", "c", 0.8957648906898763, 0.8210699348632321, 0.9772550489579224,
	 0.018165755428139193, 10.195395518585059, 0.054497266284417575},
	{"p99_ms", "b", "c", 1.3470250607247578, 1.253113704529442, 1.4479743599180357,
	 3.069606095342523e-06, 10.195395518585059, 9.20881828602757e-06},
};

static void run(struct runlog *r, const char *s, int cycle, double p50, double p99,
		uint64_t requests)
{
	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = (char *)s;
	r->op = "get";
	r->size = 1 << 20;
	r->concurrency = 1;
	r->cycle = cycle;
	r->objects = -1;
	r->has_summary = 1;
	r->summary.requests = requests;
	r->summary.bytes = 1000;
	r->summary.mib_s = 100;
	r->summary.obj_s = 100;
	r->summary.latency = (struct lat_stats){p50 * 1.2, p50,     p99 * 0.8, p99,
						p50 / 2,   p99 * 2, 5};
}

static struct aggregate *build(struct runlog *v, size_t n, size_t ns)
{
	struct agg_options o = {.policy = POLICY_MEAN,
				.min_samples = 1,
				.cycles = CYCLES,
				.subject_order = subj,
				.n_subject_order = ns};
	struct err e = {{0}};
	struct aggregate *a = aggregate_build(v, n, &o, &e);

	CHECK(a != NULL, "aggregate_build: %s", e.msg);
	return a;
}

static const struct agg_comparison *find(const struct aggregate *a, const char *metric, size_t x,
					 size_t y)
{
	for (size_t i = 0; i < a->n_tail_comparisons; i++) {
		const struct agg_comparison *c = &a->tail_comparisons[i];

		if (!strcmp(c->metric, metric) && c->a == x && c->b == y)
			return c;
	}
	return NULL;
}

static const struct agg_leader *leader(const struct aggregate *a, const char *metric)
{
	for (size_t i = 0; i < a->n_tail_leaders; i++)
		if (!strcmp(a->tail_leaders[i].metric, metric))
			return &a->tail_leaders[i];
	return NULL;
}

static void test_scipy(void)
{
	struct runlog v[3 * CYCLES];
	struct aggregate *a;
	const struct agg_leader *l;
	size_t n = 0;

	for (int c = 0; c < CYCLES; c++)
		for (int s = 0; s < 3; s++)
			run(&v[n++], subj[s], c + 1, P50[s][c], P99[s][c], 1000);
	if ((a = build(v, n, 3)) == NULL)
		return;
	CHECK(a->n_tail_comparisons == 6, "6 tail comparisons, got %zu", a->n_tail_comparisons);
	for (size_t i = 0; i < sizeof(REF) / sizeof(REF[0]); i++) {
		const struct agg_comparison *c = find(a, REF[i].metric, (size_t)(REF[i].a[0] - 'a'),
						      (size_t)(REF[i].b[0] - 'a'));

		CHECK(c != NULL && c->t.test != NULL && !strcmp(c->t.test, "paired-t") &&
			      c->t.moderated && c->pairs == CYCLES && !c->unsupported,
		      "%s %s/%s: a moderated paired test", REF[i].metric, REF[i].a, REF[i].b);
		if (c == NULL || c->t.test == NULL)
			continue;
		CHECK_NUM(c->t.ratio, REF[i].ratio, 1e-12, "%s %s/%s ratio", REF[i].metric,
			  REF[i].a, REF[i].b);
		CHECK_NUM(c->t.lo, REF[i].lo, 1e-9, "%s %s/%s ci lo", REF[i].metric, REF[i].a,
			  REF[i].b);
		CHECK_NUM(c->t.hi, REF[i].hi, 1e-9, "%s %s/%s ci hi", REF[i].metric, REF[i].a,
			  REF[i].b);
		CHECK_NUM(c->t.p / REF[i].p, 1, 1e-6, "%s %s/%s p", REF[i].metric, REF[i].a,
			  REF[i].b);
		CHECK_NUM(c->t.df, REF[i].df, 1e-9, "%s %s/%s df", REF[i].metric, REF[i].a,
			  REF[i].b);
		CHECK_NUM(c->p_adj / REF[i].p_adj, 1, 1e-6, "%s %s/%s p_adj", REF[i].metric,
			  REF[i].a, REF[i].b);
		CHECK(c->adj_lo < c->t.lo && c->adj_hi > c->t.hi,
		      "%s %s/%s: the adjusted interval is wider", REF[i].metric, REF[i].a,
		      REF[i].b);
	}
	/* p99 a/c: not significant pairwise (p_adj 0.054), rejected at Holm's second step */
	CHECK(!find(a, "p99_ms", 0, 2)->significant && find(a, "p99_ms", 0, 2)->lead_significant,
	      "p99 a/c: not shown in the category's family, shown in the leader's");
	CHECK_STR(tail_verdict(find(a, "p99_ms", 0, 2)), "no-difference", "p99 a/c verdict");
	CHECK_STR(tail_verdict(find(a, "p99_ms", 0, 1)), "a-lower", "p99 a/b verdict");
	CHECK_STR(tail_verdict(find(a, "p99_ms", 1, 2)), "b-lower", "p99 b/c verdict");
	l = leader(a, "p99_ms");
	CHECK(l != NULL && l->subject == 0 && fabs(l->value - 88) < 1e-9 && l->family == 2 &&
		      l->status == LEADER_CLEAR && l->n_tied == 0,
	      "p99: a leads clearly at 88 ms");
	l = leader(a, "p50_ms");
	CHECK(l != NULL && l->subject == 0 && l->status == LEADER_CLEAR, "p50: a leads clearly");
	aggregate_free(a);
}

/* A runner-up too close to tell: an unresolved tail lead, its versus oriented leader /
 * other (below 1). */
static void test_unresolved(void)
{
	static const double b99[CYCLES] = {84, 90, 75, 104, 90};
	struct runlog v[2 * CYCLES];
	struct aggregate *a;
	const struct agg_leader *l;
	size_t n = 0;

	for (int c = 0; c < CYCLES; c++) {
		run(&v[n++], "a", c + 1, 20, P99[0][c], 1000);
		run(&v[n++], "b", c + 1, 20, b99[c], 1000);
	}
	if ((a = build(v, n, 2)) == NULL)
		return;
	l = leader(a, "p99_ms");
	CHECK(l != NULL && l->subject == 0 && l->status != LEADER_CLEAR && l->versus.present &&
		      l->versus.subject == 1 && l->versus.ratio < 1 && l->versus.lo < 1 &&
		      l->versus.hi > 1,
	      "p99: a is lower, not shown: the versus is a/b below 1 with an interval over 1");
	aggregate_free(a);
}

/* The minimum-N rule: two subjects whose p99 differ by a factor 2 in every cycle, with
 * 298 and then 299 requests pooled per subject. */
static void test_support(void)
{
	static const uint64_t reqs[2][CYCLES] = {{60, 60, 60, 60, 58}, {60, 60, 60, 60, 59}};

	for (int k = 0; k < 2; k++) {
		struct runlog v[2 * CYCLES];
		struct aggregate *a;
		const struct agg_comparison *c;
		size_t n = 0;

		for (int cy = 0; cy < CYCLES; cy++) {
			run(&v[n++], "a", cy + 1, 20, P99[0][cy], reqs[k][cy]);
			run(&v[n++], "b", cy + 1, 20, 2 * P99[0][cy], reqs[k][cy]);
		}
		if ((a = build(v, n, 2)) == NULL)
			continue;
		c = find(a, "p99_ms", 0, 1);
		CHECK(a->cells[0].lat_pool.requests == (k ? 299u : 298u), "pooled requests");
		if (k == 0)
			CHECK(c != NULL && c->unsupported && c->t.test == NULL &&
				      leader(a, "p99_ms") == NULL && leader(a, "p50_ms") != NULL,
			      "298 requests: the p99 comparison has no test, no p99 leader");
		if (k == 0 && c != NULL)
			CHECK_STR(tail_verdict(c), "unsupported", "298 requests: verdict");
		else
			CHECK(c != NULL && !c->unsupported && c->significant &&
				      fabs(c->t.ratio - 0.5) < 1e-12 &&
				      leader(a, "p99_ms") != NULL &&
				      leader(a, "p99_ms")->subject == 0,
			      "299 requests: a's p99 is half of b's, a leads");
		aggregate_free(a);
	}
}

/* tail_run_pct: from the histogram when the run has one. */
static void test_run_pct(void)
{
	struct runlog r;
	struct agg_run ar = {.log = &r};

	run(&r, "a", 1, 20, 80, 1000);
	CHECK(tail_run_pct(&ar, 0.99) == 80 && tail_run_pct(&ar, 0.5) == 20 &&
		      isnan(tail_run_pct(&ar, 0.9)),
	      "no histogram: the summary's p50 / p99");
	r.summary.lat_hist = hist_new();
	for (int i = 1; i <= 100; i++)
		hist_record(r.summary.lat_hist, (int64_t)i * 1000000);
	CHECK_NUM(tail_run_pct(&ar, 0.99), 99, 99.0 / 256, "histogram: its p99");
	CHECK_NUM(tail_run_pct(&ar, 0.9), 90, 90.0 / 256, "histogram: any quantile");
	hist_free(r.summary.lat_hist);
}

int main(void)
{
	test_scipy();
	test_unresolved();
	test_support();
	test_run_pct();
	return check_done();
}
