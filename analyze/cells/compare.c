/* analyze/cells/compare.c: intervals and tests (see compare.h; formulas in
 * docs/METHODOLOGY.md). The aggregate-level part is in compare_build.c. */
#include "analyze/cells/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

static void interval_none(struct compare_interval *out)
{
	out->lo = out->hi = out->coverage = NAN;
	out->method = NULL;
}

static void test_none(struct compare_test *out)
{
	out->test = NULL;
	out->ratio = out->lo = out->hi = out->p = out->t = out->df = out->sd = out->se = NAN;
	out->moderated = 0;
}

/* mean_sd: mean and sample SD (divisor n - 1) of v[0..n-1], n >= 2. */
static void mean_sd(const double *v, size_t n, double *mean, double *sd)
{
	double sum = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	*mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	*sd = sqrt(ss / (double)(n - 1));
}

/* t_quantile: the q-quantile of Student's t with df > 0 degrees of freedom. */
static double t_quantile(double q, double df)
{
	return gsl_cdf_tdist_Pinv(q, df);
}

/* t_two_sided_p: P(|T| >= |t|) for T ~ t(df). A zero standard error gives an
 * infinite t (p = 0) or 0/0 (no difference at all: p = 1). */
static double t_two_sided_p(double t, double df)
{
	if (isnan(t))
		return 1;
	if (isinf(t))
		return 0;
	return 2 * gsl_cdf_tdist_Q(fabs(t), df);
}

void compare_ci_mean(const double *v, size_t n, double conf, struct compare_interval *out)
{
	double mean, sd, h;

	interval_none(out);
	if (n < 2 || !(conf > 0 && conf < 1))
		return;
	mean_sd(v, n, &mean, &sd);
	h = t_quantile((1 + conf) / 2, (double)(n - 1)) * sd / sqrt((double)n);
	out->lo = mean - h;
	out->hi = mean + h;
	out->coverage = conf;
	out->method = "t";
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* median_cover: the coverage 1 - 2 P(B <= k - 1), B ~ Bin(n, 1/2), of [x_(k), x_(n+1-k)]. */
static double median_cover(size_t k, size_t n)
{
	return 1 - 2 * gsl_cdf_binomial_P((unsigned)(k - 1), 0.5, (unsigned)n);
}

size_t compare_median_rank(size_t n, double conf, double *coverage)
{
	size_t lo = 1, hi = (n + 1) / 2; /* the coverage falls as k grows */

	if (median_cover(1, n) < conf) {
		*coverage = median_cover(1, n);
		return 1;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;

		if (median_cover(mid, n) >= conf)
			lo = mid;
		else
			hi = mid - 1;
	}
	*coverage = median_cover(lo, n);
	return lo;
}

int compare_ci_median(const double *v, size_t n, double conf, struct compare_interval *out)
{
	double *s, cov;
	size_t k;

	interval_none(out);
	if (n < 2 || !(conf > 0 && conf < 1))
		return 0;
	s = malloc(n * sizeof(*s));
	if (s == NULL)
		return -1;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	k = compare_median_rank(n, conf, &cov);
	out->lo = s[k - 1];
	out->hi = s[n - k];
	out->coverage = cov;
	out->method = "order-statistics";
	free(s);
	return 0;
}

void compare_paired_log(const double *a, const double *b, size_t n, double conf,
			struct compare_test *out)
{
	double sum = 0, ss = 0, mean, sd, se, h;

	test_none(out);
	if (n < 2 || !(conf > 0 && conf < 1))
		return;
	for (size_t i = 0; i < n; i++)
		sum += log(a[i]) - log(b[i]);
	mean = sum / (double)n;
	for (size_t i = 0; i < n; i++) {
		double d = log(a[i]) - log(b[i]) - mean;

		ss += d * d;
	}
	sd = sqrt(ss / (double)(n - 1));
	se = sd / sqrt((double)n);
	out->df = (double)(n - 1);
	out->t = mean / se;
	out->p = t_two_sided_p(out->t, out->df);
	h = t_quantile((1 + conf) / 2, out->df) * se;
	out->ratio = exp(mean);
	out->lo = exp(mean - h);
	out->hi = exp(mean + h);
	out->sd = sd;
	out->se = se;
	out->test = "paired-t";
}

/* log_mean_var: mean and sample variance of ln v[0..n-1], n >= 2. */
static void log_mean_var(const double *v, size_t n, double *mean, double *var)
{
	double sum = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		sum += log(v[i]);
	*mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (log(v[i]) - *mean) * (log(v[i]) - *mean);
	*var = ss / (double)(n - 1);
}

void compare_welch_log(const double *a, size_t na, const double *b, size_t nb, double conf,
		       struct compare_test *out)
{
	double ma, va, mb, vb, qa, qb, se, diff, h;

	test_none(out);
	if (na < 2 || nb < 2 || !(conf > 0 && conf < 1))
		return;
	log_mean_var(a, na, &ma, &va);
	log_mean_var(b, nb, &mb, &vb);
	qa = va / (double)na;
	qb = vb / (double)nb;
	se = sqrt(qa + qb);
	diff = ma - mb;
	/* Welch-Satterthwaite; with no spread at all (or one so small that its square
	 * underflows) any df gives h = 0: the pooled one keeps GSL's argument valid */
	out->df = (qa + qb) * (qa + qb) / (qa * qa / (double)(na - 1) + qb * qb / (double)(nb - 1));
	if (!isfinite(out->df) || !(out->df > 0))
		out->df = (double)(na + nb - 2);
	out->t = diff / se;
	out->p = t_two_sided_p(out->t, out->df);
	h = t_quantile((1 + conf) / 2, out->df) * se;
	out->ratio = exp(diff);
	out->lo = exp(diff - h);
	out->hi = exp(diff + h);
	out->se = se;
	out->test = "welch";
}

void compare_moderate(struct compare_test *t, size_t n, double s2, double df, double conf)
{
	double d, h;

	if (t->test == NULL || strcmp(t->test, "paired-t") != 0 || n < 2 || !isfinite(s2) ||
	    !(s2 > 0) || !isfinite(df) || !(df > 0) || !(conf > 0 && conf < 1))
		return;
	d = log(t->ratio);
	t->se = sqrt(s2 / (double)n);
	t->df = df;
	t->t = d / t->se;
	t->p = t_two_sided_p(t->t, df);
	h = t_quantile((1 + conf) / 2, df) * t->se;
	t->lo = exp(d - h);
	t->hi = exp(d + h);
	t->moderated = 1;
}

struct p_idx {
	double p;
	size_t i;
};

static int cmp_p_idx(const void *x, const void *y)
{
	const struct p_idx *a = x, *b = y;

	if (a->p != b->p)
		return (a->p > b->p) - (a->p < b->p);
	return (a->i > b->i) - (a->i < b->i);
}

long compare_holm(const double *p, size_t m, double *adj)
{
	struct p_idx *s = malloc((m ? m : 1) * sizeof(*s));
	size_t k = 0;
	double run = 0;

	if (s == NULL)
		return -1;
	for (size_t i = 0; i < m; i++)
		if (isfinite(p[i]))
			s[k++] = (struct p_idx){p[i], i};
	for (size_t i = 0; i < m; i++)
		if (!isfinite(p[i]))
			adj[i] = NAN;
	qsort(s, k, sizeof(*s), cmp_p_idx);
	for (size_t j = 0; j < k; j++) {
		double v = (double)(k - j) * s[j].p;

		if (v > 1)
			v = 1;
		if (v > run)
			run = v;
		adj[s[j].i] = run;
	}
	free(s);
	return (long)k;
}

long compare_holm_steps(const double *p, size_t m, double alpha, size_t *steps)
{
	struct p_idx *s = malloc((m ? m : 1) * sizeof(*s));
	size_t k = 0, stop;

	if (s == NULL)
		return -1;
	for (size_t i = 0; i < m; i++) {
		steps[i] = 0;
		if (isfinite(p[i]))
			s[k++] = (struct p_idx){p[i], i};
	}
	qsort(s, k, sizeof(*s), cmp_p_idx);
	for (stop = 0; stop < k && s[stop].p < alpha / (double)(k - stop); stop++)
		steps[s[stop].i] = k - stop;
	for (size_t j = stop; j < k; j++)
		steps[s[j].i] = k - stop;
	free(s);
	return (long)k;
}

long compare_bonferroni(const double *p, size_t m, double *adj)
{
	long k = 0;

	for (size_t i = 0; i < m; i++)
		k += isfinite(p[i]) != 0;
	for (size_t i = 0; i < m; i++)
		adj[i] = !isfinite(p[i]) ? NAN : fmin(1, (double)k * p[i]);
	return k;
}

void compare_adjust(double d, double se, double df, double p, size_t family, double alpha,
		    struct compare_adjusted *out)
{
	double h;

	out->p_adj = out->lo = out->hi = NAN;
	out->level = 1 - alpha;
	out->significant = 0;
	if (!isfinite(d) || !isfinite(se) || se < 0 || !isfinite(p) || family == 0 ||
	    !(alpha > 0 && alpha < 1) || !(df > 0))
		return;
	h = se > 0 ? t_quantile(1 - alpha / (2 * (double)family), df) * se : 0;
	out->p_adj = fmin(1, (double)family * p);
	out->lo = exp(d - h);
	out->hi = exp(d + h);
	out->significant = fabs(d) > h;
}

void compare_adjust_test(const struct compare_test *t, size_t family, double alpha,
			 struct compare_adjusted *out)
{
	compare_adjust(t->test ? log(t->ratio) : NAN, t->se, t->df, t->p, family, alpha, out);
}

double compare_detectable_ratio(double sd, size_t n, double df, double alpha, double power)
{
	if (n < 2 || !isfinite(sd) || sd < 0 || !(df > 0) || !(alpha > 0 && alpha < 1) ||
	    !(power > 0 && power < 1))
		return NAN;
	return exp((t_quantile(1 - alpha / 2, df) + t_quantile(power, df)) * sd / sqrt((double)n));
}

const char *compare_leader_name(int status)
{
	switch (status) {
	case LEADER_CLEAR:
		return "clear";
	case LEADER_TIE:
		return "tie";
	case LEADER_UNRESOLVED:
		return "unresolved";
	default:
		return "untested";
	}
}
