/* tests/unit/test_compare.c: analyze/compare's intervals and tests against
 * reference values from SciPy 1.10.1 and statsmodels 0.13.5 (Debian 12's
 * python3-scipy and python3-statsmodels, installed by hand only to compute them;
 * each value's command is written above it), and the leader rule on a small
 * aggregate built in memory (a tie group, an untested pair, the family), and the
 * adjusted intervals' agreement with the verdicts on synthetic campaigns. */
#include <math.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "tests/unit/check.h"

#define TOL 1e-9

/* rel: |got - want| within TOL relative to want. */
static int rel(double got, double want)
{
	return fabs(got - want) <= TOL * (fabs(want) > 1 ? fabs(want) : 1);
}

static void test_ci_mean(void)
{
	static const double v[] = {8.35, 9.06, 9.24, 8.71, 8.90}, two[] = {100, 120};
	struct compare_interval ci;

	/* /usr/bin/python3 -c "import numpy as np, scipy.stats as st;
	 *   v=[8.35,9.06,9.24,8.71,8.90];
	 *   print(st.t.interval(0.95, len(v)-1, loc=np.mean(v), scale=st.sem(v)))"
	 * -> (8.427158534576899, 9.276841465423102) */
	compare_ci_mean(v, 5, 0.95, &ci);
	CHECK(rel(ci.lo, 8.427158534576899) && rel(ci.hi, 9.276841465423102),
	      "t interval of 5 values: [%.15g, %.15g]", ci.lo, ci.hi);
	CHECK_STR(ci.method, "t", "t interval method");
	CHECK(ci.coverage == 0.95, "t interval coverage");
	/* same command with v2=[100,120], df 1 -> (-17.06204736432096, 237.06204736432096) */
	compare_ci_mean(two, 2, 0.95, &ci);
	CHECK(rel(ci.lo, -17.06204736432096) && rel(ci.hi, 237.06204736432096),
	      "t interval of 2 values: [%.15g, %.15g]", ci.lo, ci.hi);
	compare_ci_mean(two, 1, 0.95, &ci);
	CHECK(ci.method == NULL && isnan(ci.lo) && isnan(ci.coverage), "one value: no interval");
}

static void test_ci_median(void)
{
	/* coverage of [x_(k), x_(n+1-k)]:
	 * /usr/bin/python3 -c "import scipy.stats as st;
	 *   print(1-2*st.binom.cdf(k-1, n, 0.5))" for (n, k) below */
	static const struct {
		size_t n, k;
		double coverage;
	} cases[] = {
		{5, 1, 0.9375},              /* below 0.95 even at (min, max): said so */
		{7, 1, 0.984375},            /* k = 2 would give 0.875 */
		{10, 2, 0.978515625},        /* k = 3 would give 0.890625 */
		{20, 6, 0.9586105346679688}, /* k = 7 would give 0.8846817016601562 */
	};
	double v[20];
	struct compare_interval ci;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = cases[i].n, k = cases[i].k;

		for (size_t j = 0; j < n; j++)
			v[j] = (double)((j * 3) % n + 1); /* 1..n, shuffled */
		CHECK(compare_ci_median(v, n, 0.95, &ci) == 0, "median interval n=%zu", n);
		CHECK(ci.lo == (double)k && ci.hi == (double)(n + 1 - k),
		      "n=%zu: [x_(%zu), x_(%zu)], got [%g, %g]", n, k, n + 1 - k, ci.lo, ci.hi);
		CHECK(rel(ci.coverage, cases[i].coverage), "n=%zu: coverage %.17g", n, ci.coverage);
		CHECK_STR(ci.method, "order-statistics", "median interval method");
	}
	CHECK(compare_ci_median(v, 1, 0.95, &ci) == 0 && ci.method == NULL, "one value: none");
}

static void test_paired(void)
{
	static const double a[] = {101.0, 98.5, 110.2, 95.0, 104.4, 99.9, 107.3};
	static const double b[] = {90.1, 88.0, 97.5, 86.2, 91.0, 92.3, 93.8};
	struct compare_test t;

	/* /usr/bin/python3 -c "import numpy as np, scipy.stats as st;
	 *   a=[101.0,98.5,110.2,95.0,104.4,99.9,107.3]; b=[90.1,88.0,97.5,86.2,91.0,92.3,93.8];
	 *   r=st.ttest_rel(np.log(a),np.log(b)); d=np.log(a)-np.log(b);
	 *   print(r.statistic, r.pvalue, np.exp(d.mean()),
	 *         np.exp(st.t.interval(0.95,len(d)-1,loc=d.mean(),scale=st.sem(d))), d.std(ddof=1))"
	 * -> 14.66183080753231 6.3209236374365676e-06 1.120677009034291
	 *    [1.0995694667667588 1.1421897356526451] 0.02055939139119378 */
	compare_paired_log(a, b, 7, 0.95, &t);
	CHECK_STR(t.test, "paired-t", "paired test name");
	CHECK(rel(t.t, 14.66183080753231), "paired t %.17g", t.t);
	CHECK(fabs(t.p - 6.3209236374365676e-06) <= 1e-15, "paired p %.17g", t.p);
	CHECK(rel(t.ratio, 1.120677009034291), "paired ratio %.17g", t.ratio);
	CHECK(rel(t.lo, 1.0995694667667588) && rel(t.hi, 1.1421897356526451),
	      "paired interval [%.17g, %.17g]", t.lo, t.hi);
	CHECK(rel(t.sd, 0.02055939139119378) && t.df == 6, "paired sd %.17g df %g", t.sd, t.df);
	compare_paired_log(a, a, 7, 0.95, &t);
	CHECK(t.p == 1 && t.ratio == 1 && t.lo == 1 && t.hi == 1, "identical: p 1, ratio 1");
	compare_paired_log(a, b, 1, 0.95, &t);
	CHECK(t.test == NULL && isnan(t.p), "one pair: no test");
}

static void test_welch(void)
{
	static const double x[] = {50.0, 61.0, 55.5}, y[] = {40.0, 47.0, 39.0, 52.0};
	struct compare_test t;

	/* /usr/bin/python3 -c "import numpy as np;
	 *   from statsmodels.stats.weightstats import ttest_ind, CompareMeans, DescrStatsW;
	 *   x=np.log([50.0,61.0,55.5]); y=np.log([40.0,47.0,39.0,52.0]);
	 *   print(ttest_ind(x,y,usevar='unequal'), np.exp(x.mean()-y.mean()),
	 *     list(np.exp(CompareMeans(DescrStatsW(x),DescrStatsW(y))
	 *                 .tconfint_diff(alpha=0.05,usevar='unequal'))))"
	 * -> (2.5194635711893962, 0.0532535822391324, 4.995410221172979) 1.2518659417317992
	 *    [0.9953896069297365, 1.5744270636921263]
	 * (scipy.stats.ttest_ind(x, y, equal_var=False) gives the same t and p.) */
	compare_welch_log(x, 3, y, 4, 0.95, &t);
	CHECK_STR(t.test, "welch", "welch test name");
	CHECK(rel(t.t, 2.5194635711893962), "welch t %.17g", t.t);
	CHECK(rel(t.p, 0.0532535822391324), "welch p %.17g", t.p);
	CHECK(rel(t.df, 4.995410221172979), "welch df %.17g", t.df);
	CHECK(rel(t.ratio, 1.2518659417317992), "welch ratio %.17g", t.ratio);
	CHECK(rel(t.lo, 0.9953896069297365) && rel(t.hi, 1.5744270636921263),
	      "welch interval [%.17g, %.17g]", t.lo, t.hi);
	compare_welch_log(x, 3, y, 1, 0.95, &t);
	CHECK(t.test == NULL, "one run on a side: no test");
	{
		static const double five[] = {5, 5}, four[] = {4, 4};

		compare_welch_log(five, 2, five, 2, 0.95, &t);
		CHECK(t.p == 1 && t.ratio == 1 && t.lo == 1 && t.hi == 1 && t.df == 2,
		      "no spread, same values: p 1, ratio 1 (df %g)", t.df);
		compare_welch_log(five, 2, four, 2, 0.95, &t);
		CHECK(t.p == 0 && rel(t.ratio, 1.25) && rel(t.lo, 1.25),
		      "no spread, different: p 0");
	}
}

static void test_holm(void)
{
	/* /usr/bin/python3 -c "from statsmodels.stats.multitest import multipletests;
	 *   print(multipletests([0.01,0.04,0.03,0.005,0.2],method='holm')[1],
	 *         multipletests([0.3,0.3,0.001,0.6],method='holm')[1])"
	 * -> [0.04 0.09 0.09 0.025 0.2] [0.9 0.9 0.004 0.9] */
	double p1[] = {0.01, 0.04, 0.03, 0.005, 0.2}, w1[] = {0.04, 0.09, 0.09, 0.025, 0.2};
	double p2[] = {0.3, NAN, 0.3, 0.001, 0.6}, w2[] = {0.9, NAN, 0.9, 0.004, 0.9};
	double adj[5];

	CHECK(compare_holm(p1, 5, adj) == 5, "family of 5");
	for (size_t i = 0; i < 5; i++)
		CHECK(rel(adj[i], w1[i]), "holm [%zu] %.17g", i, adj[i]);
	CHECK(compare_holm(p2, 5, p2) == 4, "NaN is not in the family");
	for (size_t i = 0; i < 5; i++)
		CHECK(isnan(w2[i]) ? isnan(p2[i]) : rel(p2[i], w2[i]), "holm in place [%zu] %.17g",
		      i, p2[i]);
	CHECK(compare_holm(p1, 0, adj) == 0, "empty family");
}

static void test_holm_steps(void)
{
	/* Holm at 0.05 over 4 (the NaN is no part of it): 0.01 < 0.05/4 and 0.012 < 0.05/3
	 * are rejected at their own steps; 0.04 >= 0.05/2 stops it, so 0.04 and 0.3 are
	 * decided at step 3 (divisor 2) */
	static const double p1[] = {0.01, NAN, 0.04, 0.012, 0.3};
	static const size_t w1[] = {4, 0, 2, 3, 2};
	/* 0.04 would pass alone at 0.05 / 1 but comes after the stop at 0.03 >= 0.05/2 */
	static const double p2[] = {0.015, 0.03, 0.04};
	static const size_t w2[] = {3, 2, 2};
	size_t steps[5];

	CHECK(compare_holm_steps(p1, 5, 0.05, steps) == 4, "holm steps: family of 4");
	for (size_t i = 0; i < 5; i++)
		CHECK(steps[i] == w1[i], "holm step [%zu]: %zu, want %zu", i, steps[i], w1[i]);
	CHECK(compare_holm_steps(p2, 3, 0.05, steps) == 3, "holm steps: family of 3");
	for (size_t i = 0; i < 3; i++)
		CHECK(steps[i] == w2[i] && (p2[i] < 0.05 / (double)steps[i]) == (i == 0),
		      "after the stop [%zu]: step %zu", i, steps[i]);
	CHECK(compare_holm_steps(p2, 0, 0.05, steps) == 0, "holm steps: empty family");
}

static void test_moderate(void)
{
	static const double a[] = {101.0, 98.5, 110.2}, b[] = {90.1, 88.0, 97.5};
	struct compare_test t;

	/* a posterior variance 0.004 of the log differences on 30 degrees of freedom:
	 * /usr/bin/python3 -c "import numpy as np, scipy.stats as st;
	 *   a=[101.0,98.5,110.2]; b=[90.1,88.0,97.5]; d=np.log(a)-np.log(b);
	 *   se=np.sqrt(0.004/3); t=d.mean()/se; q=st.t.ppf(0.975,30);
	 *   print(t, 2*st.t.sf(abs(t),30), np.exp(d.mean()-q*se), np.exp(d.mean()+q*se),
	 *         np.exp(d.mean()), d.std(ddof=1))"
	 * -> 3.189247912603296 0.003329542881239031 1.042771030317437 1.2104934839087176
	 *    1.1235068034542723 0.005239751201104814 (scipy 1.10.1) */
	compare_paired_log(a, b, 3, 0.95, &t);
	compare_moderate(&t, 3, 0.004, 30, 0.95);
	CHECK(t.moderated && t.df == 30 && rel(t.t, 3.189247912603296) &&
		      rel(t.p, 0.003329542881239031),
	      "moderated t %.17g p %.17g", t.t, t.p);
	CHECK(rel(t.lo, 1.042771030317437) && rel(t.hi, 1.2104934839087176) &&
		      rel(t.ratio, 1.1235068034542723) && rel(t.sd, 0.005239751201104814),
	      "moderated interval [%.17g, %.17g], ratio and own sd kept", t.lo, t.hi);
	compare_welch_log(a, 3, b, 3, 0.95, &t);
	compare_moderate(&t, 3, 0.004, 30, 0.95);
	CHECK(!t.moderated && t.df < 30, "Welch's test is not moderated");
	compare_paired_log(a, b, 3, 0.95, &t);
	compare_moderate(&t, 3, NAN, 30, 0.95);
	CHECK(!t.moderated && t.df == 2, "no posterior: the plain test");
}

static void test_detectable(void)
{
	/* /usr/bin/python3 -c "import numpy as np, scipy.stats as st;
	 *   print(np.exp((st.t.ppf(1-0.05/2,6)+st.t.ppf(0.8,6))*0.1/np.sqrt(7)))"
	 * -> 1.135095673520418 (sd 0.1 of the log differences, 7 pairs) */
	CHECK(rel(compare_detectable_ratio(0.1, 7, 6, 0.05, 0.8), 1.135095673520418),
	      "detectable ratio %.17g", compare_detectable_ratio(0.1, 7, 6, 0.05, 0.8));
	/* the same on 40 degrees of freedom (a moderated variance): st.t.ppf(..., 40)
	 * -> 1.114652725212308 */
	CHECK(rel(compare_detectable_ratio(0.1, 7, 40, 0.05, 0.8), 1.114652725212308),
	      "detectable ratio on 40 df %.17g", compare_detectable_ratio(0.1, 7, 40, 0.05, 0.8));
	CHECK(isnan(compare_detectable_ratio(0.1, 1, 0, 0.05, 0.8)), "one pair: none");
	CHECK(isnan(compare_detectable_ratio(NAN, 7, 6, 0.05, 0.8)), "no sd: none");
}

/* The leader rule on an aggregate: three subjects, put 1MiB over 5 cycles.
 *   a ~100 and b ~100 (b noisy): not told apart; c ~50: clearly below a.
 *   get 1MiB: a ~200, b ~100 (5 cycles), c one run: a vs c untested.
 *   put 0 B: a and b one run each: nothing tested. */
#define NRUNS 32
struct fixture {
	struct runlog v[NRUNS];
	size_t n;
};

static void add(struct fixture *f, const char *subj, const char *op, uint64_t size, int cycle,
		double x)
{
	struct runlog *r = &f->v[f->n++];

	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = (char *)subj;
	r->op = (char *)op;
	r->size = size;
	r->concurrency = 1;
	r->cycle = cycle;
	r->objects = -1;
	r->has_summary = 1;
	r->summary.bytes = size ? 1000 : 0;
	r->summary.mib_s = size ? x : 0;
	r->summary.obj_s = x;
}

static const struct agg_leader *leader_of(const struct aggregate *a, const char *op, uint64_t size)
{
	for (size_t i = 0; i < a->n_leaders; i++)
		if (!strcmp(a->leaders[i].op, op) && a->leaders[i].size == size)
			return &a->leaders[i];
	return NULL;
}

static void test_leaders(void)
{
	static const double pa[] = {100, 102, 98, 101, 99}, pb[] = {99, 104, 95, 100, 101};
	static const double pc[] = {50, 51, 49, 50, 52}, ga[] = {200, 210, 205, 198, 202};
	static const double gb[] = {100, 104, 99, 103, 101};
	static const char *const order[] = {"a", "b", "c"};
	struct fixture f = {.n = 0};
	struct agg_options o = {.policy = POLICY_MEAN,
				.min_samples = 1,
				.cycles = 5,
				.subject_order = order,
				.n_subject_order = 3};
	struct err e = {{0}};
	struct aggregate *a;
	const struct agg_leader *l;

	for (int c = 1; c <= 5; c++) {
		add(&f, "a", "put", 1 << 20, c, pa[c - 1]);
		add(&f, "b", "put", 1 << 20, c, pb[c - 1]);
		add(&f, "c", "put", 1 << 20, c, pc[c - 1]);
		add(&f, "a", "get", 1 << 20, c, ga[c - 1]);
		add(&f, "b", "get", 1 << 20, c, gb[c - 1]);
	}
	add(&f, "c", "get", 1 << 20, 3, 150);
	add(&f, "a", "put", 0, 1, 500);
	add(&f, "b", "put", 0, 1, 400);
	a = aggregate_build(f.v, f.n, &o, &e);
	CHECK(a != NULL, "aggregate_build: %s", e.msg);
	if (a == NULL)
		return;
	CHECK(a->alpha == COMPARE_ALPHA_DEFAULT && a->family == 4,
	      "family: 3 put + 1 get comparisons with a p-value, got %zu", a->family);
	CHECK(a->n_comparisons == 3 + 3 + 1, "every pair with a value: %zu", a->n_comparisons);
	l = leader_of(a, "put", 1 << 20);
	CHECK(l && l->status == LEADER_TIE && l->subject == 0 && l->n_tied == 1 &&
		      l->tied_with[0] == 1,
	      "put: a ties with b only (c is clearly below)");
	CHECK(l && isfinite(l->detectable_ratio) && l->detectable_ratio > 1,
	      "put: detectable ratio");
	l = leader_of(a, "get", 1 << 20);
	CHECK(l && l->status == LEADER_UNRESOLVED && l->n_tied == 1 && l->tied_with[0] == 2 &&
		      l->family == 1 && l->versus.present && l->versus.subject == 2 &&
		      l->versus.test == NULL,
	      "get: a above b, untested against c's single run: not shown alike, unresolved");
	l = leader_of(a, "put", 0);
	CHECK(l && l->status == LEADER_UNTESTED && l->n_tied == 1 && isnan(l->detectable_ratio),
	      "put 0 B: one run each: untested");
	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct agg_comparison *c = &a->comparisons[i];

		if (c->size == 1 << 20 && !strcmp(c->op, "get") && c->b == 2)
			CHECK(c->t.test == NULL && c->n_b == 1 && !c->significant,
			      "get vs c: not enough runs");
		if (c->size == 0)
			CHECK(c->by_obj && c->t.test == NULL, "put 0 B: obj/s, no test");
		if (c->size == 1 << 20 && !strcmp(c->op, "put") && c->b == 2)
			CHECK(c->significant && c->pairs == 5 && !strcmp(c->t.test, "paired-t"),
			      "put vs c: significant paired-t over 5 cycles");
	}
	for (size_t i = 0; i < a->n_leader_counts; i++) {
		const struct agg_leader_count *c = &a->leader_counts[i];
		int put = !strcmp(c->op, "put");
		size_t tied = put && c->subject < 2, open = !put && c->subject != 1;

		CHECK(c->clear == 0 && c->tied == tied && c->unresolved == open,
		      "leader_counts %s %zu: tied %zu, unresolved %zu", c->op, c->subject, c->tied,
		      c->unresolved);
	}
	/* cells[3]: put 1MiB of a (cells go op, concurrency, size, subject) */
	CHECK(a->cells[3].mib.ci_method && !strcmp(a->cells[3].mib.ci_method, "t"),
	      "cell interval of the mean");
	aggregate_free(a);
	o.policy = POLICY_BEST;
	a = aggregate_build(f.v, f.n, &o, &e);
	CHECK(a && a->cells[3].mib.ci_method == NULL && isnan(a->cells[3].mib.ci_lo),
	      "best-of: no interval");
	aggregate_free(a);
	o.policy = POLICY_MEDIAN;
	a = aggregate_build(f.v, f.n, &o, &e);
	CHECK(a && a->cells[3].mib.ci_method &&
		      !strcmp(a->cells[3].mib.ci_method, "order-statistics") &&
		      rel(a->cells[3].mib.ci_coverage, 0.9375),
	      "median: order statistics of 5 runs");
	aggregate_free(a);
}

static void test_adjust(void)
{
	static const double a[] = {100, 102, 98, 101, 99}, b[] = {99, 104, 95, 100, 101};
	static const double c[] = {50, 51, 49, 50, 52};
	static const double x[] = {200, 210, 205}, y[] = {100, 104, 99, 103, 101};
	static const double p[] = {0.01, NAN, 0.4, 0.02};
	double adj[4];
	struct compare_test t;
	struct compare_adjusted r;

	/* /usr/bin/python3 -c "import numpy as np, scipy.stats as st;
	 *   a=[100,102,98,101,99]; c=[50,51,49,50,52]; d=np.log(a)-np.log(c);
	 *   se=st.sem(d); q=st.t.ppf(1-0.05/(2*4), len(d)-1);
	 *   print(np.exp(d.mean()-q*se), np.exp(d.mean()+q*se),
	 *         min(1, 4*st.ttest_rel(np.log(a), np.log(c)).pvalue))"
	 * -> 1.896199691598956 2.076563477311176 1.335625248263036e-06 */
	compare_paired_log(a, c, 5, 0.95, &t);
	compare_adjust_test(&t, 4, 0.05, &r);
	CHECK(rel(r.lo, 1.896199691598956) && rel(r.hi, 2.076563477311176) &&
		      rel(r.p_adj, 1.335625248263036e-06) && r.significant && r.level == 0.95,
	      "paired, family 4: [%.15g, %.15g] p_adj %.15g", r.lo, r.hi, r.p_adj);
	/* the same with b for c -> 0.960884007252661 1.0455787687881417 1 */
	compare_paired_log(a, b, 5, 0.95, &t);
	compare_adjust_test(&t, 4, 0.05, &r);
	CHECK(rel(r.lo, 0.960884007252661) && rel(r.hi, 1.0455787687881417) && r.p_adj == 1 &&
		      !r.significant,
	      "paired, not significant: [%.15g, %.15g]", r.lo, r.hi);
	/* Welch, family 7: x=[200,210,205]; y=[100,104,99,103,101]; va, vb = the
	 *   log variances / n; se=sqrt(va+vb); df=(va+vb)**2/(va**2/2+vb**2/4);
	 *   q=st.t.ppf(1-0.05/(2*7), df); exp(mean ln x - mean ln y -+ q*se),
	 *   min(1, 7*st.ttest_ind(np.log(x), np.log(y), equal_var=False).pvalue)
	 * -> 1.8470840310239496 2.212676521989512 2.957296088331876e-05 */
	compare_welch_log(x, 3, y, 5, 0.95, &t);
	compare_adjust_test(&t, 7, 0.05, &r);
	CHECK(rel(r.lo, 1.8470840310239496) && rel(r.hi, 2.212676521989512) &&
		      rel(r.p_adj, 2.957296088331876e-05) && r.significant,
	      "welch, family 7: [%.15g, %.15g] p_adj %.15g", r.lo, r.hi, r.p_adj);
	/* the family of one: the ordinary 95 % interval */
	compare_paired_log(a, c, 5, 0.95, &t);
	compare_adjust_test(&t, 1, 0.05, &r);
	CHECK(rel(r.lo, t.lo) && rel(r.hi, t.hi) && rel(r.p_adj, t.p), "family of 1 = ci95");
	compare_paired_log(a, a, 5, 0.95, &t); /* no spread, no difference */
	compare_adjust_test(&t, 3, 0.05, &r);
	CHECK(r.lo == 1 && r.hi == 1 && !r.significant, "identical: the point 1, not significant");
	compare_paired_log(a, c, 1, 0.95, &t);
	compare_adjust_test(&t, 3, 0.05, &r);
	CHECK(isnan(r.lo) && isnan(r.p_adj) && !r.significant, "no test: no interval");
	CHECK(compare_bonferroni(p, 4, adj) == 3 && rel(adj[0], 0.03) && isnan(adj[1]) &&
		      adj[2] == 1 && rel(adj[3], 0.06),
	      "bonferroni: family 3, capped at 1");
}

/* rng: a small LCG for the synthetic campaigns (a test's own stream). */
static double rng(unsigned long long *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*s >> 11) / 9007199254740992.0;
}

/* One synthetic campaign: 4 subjects, put and get at 3 sizes, `cycles` cycles,
 * subject k's true level 100 (1 + shift k) with noise sd, some runs missing. */
#define SYN_RUNS (4 * 2 * 3 * 7)
static size_t synthetic(struct runlog *v, unsigned long long *seed, int cycles, double shift,
			double sd)
{
	static const char *const subj[] = {"a", "b", "c", "d"}, *const ops[] = {"put", "get"};
	size_t n = 0;

	for (int c = 1; c <= cycles; c++)
		for (int o = 0; o < 2; o++)
			for (int z = 0; z < 3; z++)
				for (int k = 0; k < 4; k++) {
					double u = rng(seed) + rng(seed) + rng(seed) - 1.5;
					struct runlog *r = &v[n];

					if (rng(seed) < 0.08) /* a missing run */
						continue;
					memset(r, 0, sizeof(*r));
					r->path = "runs/x";
					r->subject = (char *)subj[k];
					r->op = (char *)ops[o];
					r->size = (uint64_t)1 << (16 + 4 * z);
					r->concurrency = 1;
					r->cycle = c;
					r->objects = -1;
					r->has_summary = 1;
					r->summary.bytes = 1000;
					r->summary.mib_s = 100 * (1 + shift * k * (z + 1)) *
							   exp(sd * 2 * u);
					r->summary.obj_s = r->summary.mib_s;
					n++;
				}
	return n;
}

static void test_agreement(void)
{
	static const char *const order[] = {"a", "b", "c", "d"};
	static struct runlog v[SYN_RUNS];
	unsigned long long seed = 26;
	struct agg_options o = {.policy = POLICY_MEAN,
				.min_samples = 1,
				.cycles = 5,
				.subject_order = order,
				.n_subject_order = 4};
	size_t total = 0, agree = 0, sig = 0, bad_p = 0;

	for (int camp = 0; camp < 200; camp++) {
		int cycles = 2 + camp % 6; /* 2 cycles: Welch; 3+: paired */
		size_t n = synthetic(v, &seed, cycles, 0.01 * (camp % 9), 0.02 + 0.01 * (camp % 4));
		struct err e = {{0}};
		struct aggregate *a = aggregate_build(v, n, &o, &e);

		if (a == NULL) {
			CHECK(0, "synthetic campaign %d: %s", camp, e.msg);
			continue;
		}
		for (size_t i = 0; i < a->n_comparisons; i++) {
			const struct agg_comparison *c = &a->comparisons[i];
			int excl = c->adj_lo > 1 || c->adj_hi < 1;

			if (c->t.test == NULL) {
				agree += !c->significant && isnan(c->adj_lo);
				total++;
				continue;
			}
			total++;
			sig += c->significant;
			/* a family of one is the 95 % interval itself, up to rounding */
			agree += excl == c->significant && c->adj_lo <= c->t.lo * (1 + 1e-12) &&
				 c->adj_hi * (1 + 1e-12) >= c->t.hi;
			bad_p += (c->p_adj < a->alpha) != c->significant;
		}
		aggregate_free(a);
	}
	CHECK(total > 5000 && agree == total,
	      "adjusted interval excludes 1 exactly when significant (and holds ci95): %zu of %zu",
	      agree, total);
	CHECK(sig > total / 10 && sig < total - total / 10, "both verdicts occur: %zu of %zu", sig,
	      total);
	CHECK(bad_p == 0, "p_adj < alpha agrees with the interval: %zu disagree", bad_p);
}

int main(void)
{
	test_ci_mean();
	test_ci_median();
	test_paired();
	test_welch();
	test_holm();
	test_holm_steps();
	test_moderate();
	test_detectable();
	test_leaders();
	test_adjust();
	test_agreement();
	return check_done();
}
