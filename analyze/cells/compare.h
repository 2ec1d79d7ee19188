/* analyze/cells/compare.h: intervals and tests behind the report's claims.
 *
 * The distribution functions are GSL's (gsl_cdf_tdist_*, gsl_cdf_binomial_P);
 * what is built on them here is stated with its formula in docs/METHODOLOGY.md
 * ("Intervals and comparisons"). "No value" is NaN throughout. The functions
 * never pass GSL an argument it would reject (GSL's default error handler
 * aborts), so they have no error path but running out of memory. */
#ifndef ANALYZE_COMPARE_H
#define ANALYZE_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells/aggregate.h"
#include "core/err.h"

#define COMPARE_CONFIDENCE 0.95 /* every interval: cells' ci95 and comparisons' ci95 */
#define COMPARE_POWER 0.8       /* the detectable ratio's power */
#define COMPARE_ALPHA_DEFAULT \
	0.05 /* --alpha: the one default (render reads the level used
				   * from aggregate.json statistics.alpha) */

/* A confidence interval; method NULL (and the rest NaN) when there is none. */
struct compare_interval {
	double lo, hi;
	double coverage;    /* the interval's actual coverage */
	const char *method; /* "t" or "order-statistics" (static) */
};

/* The result of comparing two sets of throughput figures on the log scale. */
struct compare_test {
	const char *test; /* "paired-t", "welch" or NULL (no test) */
	double ratio;     /* A/B: exp of the mean log difference */
	double lo, hi;    /* its COMPARE_CONFIDENCE interval */
	double p;         /* two-sided p-value of "no difference" */
	double t, df;     /* the statistic and its degrees of freedom */
	double sd;        /* paired-t: SD of the log differences (the pairs' own); else NaN */
	double se;        /* standard error of the log ratio */
	int moderated;    /* 1: se and df are from the moderated variance (compare_moderate) */
};

/* One comparison's family-wise adjusted verdict and interval (single-step Bonferroni, or
 * one step of Holm's; docs/METHODOLOGY.md "Adjusted intervals"). */
struct compare_adjusted {
	double p_adj;    /* min(1, family * p); NaN without a test */
	double lo, hi;   /* exp(d +- t_{1 - alpha/(2 family), df} se); NaN without a test */
	double level;    /* 1 - alpha: the family's simultaneous coverage */
	int significant; /* 1 exactly when [lo, hi] excludes 1 */
};

/* compare_ci_mean: the Student-t interval of the mean of v[0..n-1] at confidence
 * conf (0 < conf < 1): mean +- t_{(1+conf)/2, n-1} * s / sqrt(n). None when
 * n < 2. v is only read. */
void compare_ci_mean(const double *v, size_t n, double conf, struct compare_interval *out);

/* compare_ci_median: the distribution-free interval of the median of v[0..n-1] from
 * order statistics [x_(k), x_(n+1-k)], k the largest rank whose exact binomial
 * coverage 1 - 2 P(B <= k-1), B ~ Bin(n, 1/2), is at least conf; when even k = 1
 * (min, max) covers less, [min, max] with its smaller coverage. None when n < 2.
 * v is only read. Returns -1 only when memory runs out. */
int compare_ci_median(const double *v, size_t n, double conf, struct compare_interval *out);

/* compare_median_rank: the rank k of compare_ci_median's interval [x_(k), x_(n+1-k)] for
 * n >= 2 runs: the largest k (2k <= n + 1) whose exact coverage 1 - 2 P(B <= k-1),
 * B ~ Bin(n, 1/2), is at least conf, else 1; *coverage gets that coverage. */
size_t compare_median_rank(size_t n, double conf, double *coverage);

/* compare_paired_log: paired t-test on ln a[i] - ln b[i], i < n (all values > 0):
 * ratio exp(mean d), interval exp(mean d +- t_{(1+conf)/2, n-1} s_d / sqrt(n)).
 * test NULL when n < 2. */
void compare_paired_log(const double *a, const double *b, size_t n, double conf,
			struct compare_test *out);

/* compare_welch_log: Welch's t-test on ln a[0..na-1] against ln b[0..nb-1] (values > 0),
 * Welch-Satterthwaite degrees of freedom; ratio exp(mean ln a - mean ln b).
 * test NULL when na < 2 or nb < 2. */
void compare_welch_log(const double *a, size_t na, const double *b, size_t nb, double conf,
		       struct compare_test *out);

/* compare_moderate: the paired test *t of n pairs (compare_paired_log) redone with the
 * moderated variance s2 of its log differences on df degrees of freedom (analyze/stats/
 * squeeze.h): se = sqrt(s2 / n), t = ln(ratio) / se on df degrees of freedom, p and the
 * conf interval from them, moderated = 1; ratio and sd (the pairs' own SD) are kept.
 * Nothing changes unless t is a paired test and s2 > 0, df > 0 are finite. */
void compare_moderate(struct compare_test *t, size_t n, double s2, double df, double conf);

/* compare_holm: Holm's step-down adjustment of the m p-values p[] into adj[] (may be
 * the same array): sorted ascending, adj_(i) = max over j <= i of
 * min(1, (m - j + 1) p_(j)). NaN entries are not part of the family and stay NaN.
 * Returns the family size (finite p-values), or -1 when memory runs out. */
long compare_holm(const double *p, size_t m, double *adj);

/* compare_holm_steps: Holm's step-down test at family-wise level alpha of the k finite
 * p-values among p[0..m-1] (ascending p_(1) <= ... <= p_(k); step j rejects when
 * p_(j) < alpha / (k - j + 1) and every earlier step rejected). steps[i] is the divisor
 * k - j + 1 of the step that decided p[i]: its own step when it was rejected, else the
 * first step that did not reject; 0 for a NaN entry. p[i] is rejected exactly when
 * p[i] < alpha / steps[i], and compare_adjust with family = steps[i] gives the interval
 * at that step's level, which excludes no difference exactly then. Returns k, or -1
 * when memory runs out. */
long compare_holm_steps(const double *p, size_t m, double alpha, size_t *steps);

/* compare_bonferroni: p_adj[i] = min(1, k p[i]) for the k finite entries of p[0..m-1]
 * (adj may be p); NaN entries are not part of the family and stay NaN. Returns k. */
long compare_bonferroni(const double *p, size_t m, double *adj);

/* compare_adjust: the adjusted verdict and interval of one comparison whose log
 * ratio d has standard error se on df degrees of freedom and unadjusted two-sided
 * p-value p, in a family of `family` comparisons at family-wise level alpha
 * (0 < alpha < 1). The interval's half-width on the log scale is
 * t_{1 - alpha/(2 family), df} se; significant is 1 exactly when |d| is larger
 * than it (the interval excludes 1), which is p < alpha / family. With se = 0 the
 * interval is the point exp(d) and significant is d != 0. Anything not finite or
 * family = 0 gives NaN with significant 0. */
void compare_adjust(double d, double se, double df, double p, size_t family, double alpha,
		    struct compare_adjusted *out);

/* compare_adjust_test: compare_adjust on a test made by compare_paired_log or
 * compare_welch_log (t->test NULL: no test, all NaN). */
void compare_adjust_test(const struct compare_test *t, size_t family, double alpha,
			 struct compare_adjusted *out);

/* compare_detectable_ratio: the smallest ratio a two-sided paired t-test at level alpha
 * on df degrees of freedom detects with probability `power`, for n pairs whose log
 * differences have SD sd: exp((t_{1-alpha/2, df} + t_{power, df}) * sd / sqrt(n)) (the
 * usual normal-shift approximation with t quantiles; df = n - 1 for the plain test). NaN
 * when n < 2, df <= 0 or sd is not finite. */
double compare_detectable_ratio(double sd, size_t n, double df, double alpha, double power);

/* A leader's status (docs/METHODOLOGY.md, "Leader rule"). */
enum leader_status {
	LEADER_UNTESTED = 0,
	LEADER_CLEAR,      /* significantly above every other subject (its family, Holm) */
	LEADER_TIE,        /* not above some, and each of those shown alike within [1/r, r] */
	LEADER_UNRESOLVED, /* not above some, and one of those not shown alike */
};

/* One pair of subjects in one matrix category (docs/FORMATS.md, comparisons[]). */
struct agg_comparison {
	const char *op;
	uint64_t size;
	int concurrency;
	size_t a, b; /* subject indexes, a < b */
	int by_obj;  /* 1: obj/s (size 0); 0: MiB/s */
	/* NULL: throughput (by_obj says which); "p50_ms" or "p99_ms": a tail comparison
	 * (analyze/cells/tail.h), whose figures are the reciprocals of the runs' percentiles
	 * while it is judged and the percentiles' own ratio A/B after tail_build */
	const char *metric;
	int unsupported; /* a tail comparison with a percentile too few requests bound: no test */
	size_t n_a, n_b, pairs; /* valid runs of each; cycles where both have one */
	struct compare_test t;  /* t.test NULL: not enough runs; paired: moderated when the
				   campaign's prior lends degrees of freedom (a->prior) */
	/* the pairwise family: the category's comparisons with a test (Bonferroni) */
	size_t family;         /* its size */
	double p_adj;          /* min(1, family p); NaN without a test */
	double adj_lo, adj_hi; /* the adjusted interval (compare_adjust); NaN without a test */
	int significant;       /* the adjusted interval excludes 1 (p_adj < alpha) */
	/* the leader's family: one side is its category's leader (Holm, step-down) */
	int in_lead;             /* 1: in it (with a test) */
	double lead_p_adj;       /* Holm's adjusted p; NaN: not in it */
	size_t lead_step;        /* the divisor of the step that decided it (compare_holm_steps) */
	double lead_lo, lead_hi; /* A/B's interval at that step's level 1 - alpha / lead_step */
	int lead_significant;    /* rejected by the step-down: lead_lo, lead_hi exclude 1 */
	struct agg_need need;    /* cycles to tell 1 +- target from 1 (planner.h) */
};

/* compare_build: the statistics part of the model (aggregate_build calls it after
 * the leaders): each cell's ci of the policy's figure, comparisons of every pair
 * of subjects with a value in each matrix category, their variances moderated toward the
 * campaign's prior (a->prior), Bonferroni within each category, and each leader's family,
 * status, tie group, detectable ratio and counterpart (leader_rule.h), the leader
 * counts, and the tail comparisons and tail leaders (tail.h). alpha: 0 < alpha < 1. Returns -1 with a message when memory runs out (what was
 * allocated is freed by compare_free). */
int compare_build(struct aggregate *a, double alpha, struct err *e);

/* compare_free: what compare_build allocated in a (a may be half built). */
void compare_free(struct aggregate *a);

/* compare_leader_name: "clear", "tie", "unresolved" or "untested" (static). */
const char *compare_leader_name(int status);

#endif
