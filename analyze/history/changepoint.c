/* analyze/history/changepoint.c: see changepoint.h; the formulas are docs/METHODOLOGY.md "Shifts
 * over the builds". Student's t from GSL. */
#include "analyze/history/changepoint.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

/* mean_of: the mean of y[a..b-1] (b > a). */
static double mean_of(const double *y, size_t a, size_t b)
{
	double s = 0;

	for (size_t i = a; i < b; i++)
		s += y[i];
	return s / (double)(b - a);
}

void cp_noise_mssd(const double *y, size_t n, struct cp_noise *nz)
{
	for (size_t i = 1; i < n; i++) {
		double d = y[i] - y[i - 1];

		nz->ss += d * d / 2;
		nz->df += 1;
	}
}

void cp_noise_segments(const double *y, size_t n, const size_t *cps, size_t ncp,
		       struct cp_noise *nz)
{
	size_t a = 0;

	for (size_t k = 0; k <= ncp; k++) {
		size_t b = k < ncp ? cps[k] : n;
		double m;

		if (b <= a)
			continue;
		m = mean_of(y, a, b);
		for (size_t i = a; i < b; i++)
			nz->ss += (y[i] - m) * (y[i] - m);
		nz->df += (double)(b - a - 1);
		a = b;
	}
}

double cp_sigma(const struct cp_noise *nz)
{
	return nz->df > 0 ? sqrt(nz->ss / nz->df) : 0;
}

/* two_sample: t of y[k..b-1] against y[a..k-1] with known-form noise sigma. */
static double two_sample(const double *y, size_t a, size_t k, size_t b, double sigma)
{
	double se = sigma * sqrt(1.0 / (double)(k - a) + 1.0 / (double)(b - k));

	return (mean_of(y, k, b) - mean_of(y, a, k)) / se;
}

/* loo_t: two_sample's t with the shorter side's most extreme point (in the direction of
 * the difference) left out, so that one outlier cannot make a change point. */
static double loo_t(const double *y, size_t a, size_t k, size_t b, double sigma, double t)
{
	size_t s0 = k - a <= b - k ? a : k, s1 = k - a <= b - k ? k : b, out = s0, len = s1 - s0;
	double rest = 0, other, se;
	int low = (s0 == a) == (t > 0); /* the shorter side is the lower one */

	for (size_t i = s0; i < s1; i++)
		if (low ? y[i] < y[out] : y[i] > y[out])
			out = i;
	for (size_t i = s0; i < s1; i++)
		rest += i == out ? 0 : y[i];
	rest /= (double)(len - 1);
	other = s0 == a ? mean_of(y, k, b) : mean_of(y, a, k);
	se = sigma * sqrt(1.0 / (double)(len - 1) + 1.0 / (double)(b - a - len));
	return (s0 == a ? other - rest : rest - other) / se;
}

/* best_split: the split of [a, b) (both sides >= CP_MIN_SEGMENT points) with the largest
 * |t|; 0 when the segment is too short or that split is not significant: its two-sided p
 * times the number of candidate splits (Bonferroni) must be below CP_ALPHA, with and
 * without the shorter side's most extreme point (loo_t). */
static size_t best_split(const double *y, size_t a, size_t b, double sigma, double df)
{
	size_t best = 0, cand;
	double tmax = 0, t, lim;

	if (b - a < 2 * CP_MIN_SEGMENT)
		return 0;
	for (size_t k = a + CP_MIN_SEGMENT; k + CP_MIN_SEGMENT <= b; k++) {
		t = two_sample(y, a, k, b, sigma);
		if (fabs(t) > fabs(tmax)) {
			tmax = t;
			best = k;
		}
	}
	if (best == 0)
		return 0;
	cand = b - a - 2 * CP_MIN_SEGMENT + 1;
	lim = gsl_cdf_tdist_Qinv(CP_ALPHA / 2 / (double)cand, df);
	t = loo_t(y, a, best, b, sigma, tmax);
	if (!(fabs(tmax) > lim) || !(fabs(t) > lim) || (t > 0) != (tmax > 0))
		return 0;
	return best;
}

static void sort_sizes(size_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			size_t t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

size_t cp_segment(const double *y, size_t n, double sigma, double df, size_t *cps, size_t max)
{
	size_t stack[2 * CP_MAX_SPLITS + 2][2], top = 0, ncp = 0;

	if (!(sigma > 0) || df < 1)
		return 0;
	stack[top][0] = 0;
	stack[top++][1] = n;
	while (top > 0 && ncp < max && ncp < CP_MAX_SPLITS) {
		size_t a = stack[top - 1][0], b = stack[top - 1][1], k;

		top--;
		k = best_split(y, a, b, sigma, df);
		if (k == 0)
			continue;
		cps[ncp++] = k;
		stack[top][0] = a;
		stack[top++][1] = k;
		stack[top][0] = k;
		stack[top++][1] = b;
	}
	sort_sizes(cps, ncp);
	return ncp;
}

struct cp_noise cp_noise_of(const double *const *ys, const size_t *ns, size_t k, size_t own,
			    int *alone)
{
	struct cp_noise first = {0, 0}, pool = {0, 0}, mine = {0, 0};
	size_t cps[CP_MAX_SPLITS];

	for (size_t i = 0; i < k; i++)
		cp_noise_mssd(ys[i], ns[i], &first);
	if (alone != NULL)
		*alone = 0;
	if (first.df < 1 || !(cp_sigma(&first) > 0))
		return first;
	for (size_t i = 0; i < k; i++) {
		struct cp_noise one = {0, 0};
		size_t ncp = cp_segment(ys[i], ns[i], cp_sigma(&first), first.df, cps,
					CP_MAX_SPLITS);

		cp_noise_segments(ys[i], ns[i], cps, ncp, &one);
		pool.ss += one.ss;
		pool.df += one.df;
		if (i == own)
			mine = one;
	}
	if (alone != NULL)
		*alone = mine.df >= CP_OWN_DF;
	return mine.df >= CP_OWN_DF ? mine : pool;
}

/* beyond: exp(d) is a change of at least the floor in d's direction. */
static int beyond(double d, double min_change)
{
	double f = -log(1 - min_change);

	return d <= -f || d >= f;
}

/* describe: the shift from segment [prev, start) to [start, n) into v. */
static void describe(const double *y, size_t n, size_t prev, size_t start, double sigma, double df,
		     double min_change, struct cp_verdict *v)
{
	double d = mean_of(y, start, n) - mean_of(y, prev, start);
	double se = sigma * sqrt(1.0 / (double)(n - start) + 1.0 / (double)(start - prev));
	double half = gsl_cdf_tdist_Pinv(0.975, df) * se;

	v->start = start;
	v->after = n - start;
	v->before = start - prev;
	v->ratio = exp(d);
	v->lo = exp(d - half);
	v->hi = exp(d + half);
	if (!beyond(d, min_change))
		v->state = CP_STEADY;
	else
		v->state = d < 0 ? CP_REGRESSION : CP_IMPROVEMENT;
}

/* tail_t: t of the newest L points of y[0..n-1] against y[ref..n-L-1], with the most
 * extreme of them (in the direction of the difference) left out when loo. */
static double tail_t(const double *y, size_t n, size_t L, size_t ref, double sigma, int loo)
{
	double base = mean_of(y, ref, n - L), sum = 0, ext = y[n - L], d;
	size_t k = L;

	for (size_t i = n - L; i < n; i++)
		sum += y[i];
	d = sum / (double)L - base;
	if (loo) {
		for (size_t i = n - L; i < n; i++)
			ext = (d < 0 ? y[i] < ext : y[i] > ext) ? y[i] : ext;
		sum -= ext;
		k--;
	}
	return (sum / (double)k - base) /
	       (sigma * sqrt(1.0 / (double)k + 1.0 / (double)(n - L - ref)));
}

static size_t last_cp(const double *y, size_t n, double sigma, double df, size_t *prev);

/* confirm: the newest L points (L = 2 .. CP_TAIL_MAX) as a new level against the last
 * segment of the points before them (at least 2): one-sided at CP_ALPHA / (CP_TAIL_MAX - 1)
 * (Bonferroni over the L tried), their mean and each of the newest 2 beyond the floor in
 * the same direction, and for
 * L >= 3 also with the most extreme of them left out. The first L that passes (shortest
 * first): *start = n - L, *ref the start of the segment before, *p the one-sided p. */
static int confirm(const double *y, size_t n, double sigma, double df, double min_change,
		   size_t *start, size_t *ref, double *p)
{
	double lim = gsl_cdf_tdist_Qinv(CP_ALPHA / (CP_TAIL_MAX - 1), df);

	for (size_t L = 2; L <= CP_TAIL_MAX && L + 2 <= n; L++) {
		size_t prev, r = last_cp(y, n - L, sigma, df, &prev);
		double d1 = y[n - 2] - mean_of(y, r, n - L), d2 = y[n - 1] - mean_of(y, r, n - L);
		double t;

		if (n - L - r < 2)
			continue;
		t = tail_t(y, n, L, r, sigma, 0);
		if (!(fabs(t) > lim) ||
		    !beyond(t * sigma * sqrt(1.0 / (double)L + 1.0 / (double)(n - L - r)),
			    min_change) ||
		    !beyond(d1, min_change) || !beyond(d2, min_change) || (d1 < 0) != (d2 < 0) ||
		    (d1 < 0) != (t < 0))
			continue;
		if (L >= 3) {
			double t2 = tail_t(y, n, L, r, sigma, 1);

			if (!(fabs(t2) > gsl_cdf_tdist_Qinv(CP_WATCH_ALPHA, df)) ||
			    (t2 < 0) != (t < 0))
				continue;
		}
		*start = n - L;
		*ref = r;
		*p = gsl_cdf_tdist_Q(fabs(t), df);
		return 1;
	}
	return 0;
}

/* last_cp: the start of the last segment of y[0..n-1] (0: one segment), and of the one
 * before it in *prev. */
static size_t last_cp(const double *y, size_t n, double sigma, double df, size_t *prev)
{
	size_t cps[CP_MAX_SPLITS], ncp = cp_segment(y, n, sigma, df, cps, CP_MAX_SPLITS);

	*prev = ncp > 1 ? cps[ncp - 2] : 0;
	return ncp ? cps[ncp - 1] : 0;
}

/* judge_shift: the shift state of y[0..n-1] (no watch): the newest 2 points confirmed
 * as a new level against the segmentation of the points before them, else the last
 * change point of the whole series. */
static void judge_shift(const double *y, size_t n, double sigma, double df, double min_change,
			struct cp_verdict *v)
{
	size_t last, prev;
	double p = 1;

	memset(v, 0, sizeof(*v));
	v->ratio = v->lo = v->hi = NAN;
	v->p = v->p_adj = NAN;
	if (n < CP_MIN_POINTS || df < CP_MIN_DF || !(sigma > 0)) {
		v->state = CP_INSUFFICIENT;
		return;
	}
	v->state = CP_STEADY;
	if (confirm(y, n, sigma, df, min_change, &last, &prev, &p)) {
		describe(y, n, prev, last, sigma, df, min_change, v);
		v->p = v->p_adj = p;
		return;
	}
	last = last_cp(y, n, sigma, df, &prev);
	if (last == 0)
		return;
	describe(y, n, prev, last, sigma, df, min_change, v);
	v->p = 2 * gsl_cdf_tdist_Q(fabs(log(v->ratio)) / (sigma * sqrt(1.0 / (double)v->after +
								       1.0 / (double)v->before)),
				   df);
	v->p_adj = fmin(1, v->p * (double)(n - prev - 2 * CP_MIN_SEGMENT + 1));
}

/* watch: the newest point alone against the points of the current level before it (from
 * c, the start of a shift already reported, else of the last segment), one-sided low. */
static int watch(const double *y, size_t n, size_t c, double sigma, double df, double min_change,
		 struct cp_verdict *v)
{
	size_t prev, m;
	double ref, d, se, half, p;

	if (c == 0)
		c = last_cp(y, n - 1, sigma, df, &prev);

	m = n - 1 - c;
	if (m < 2)
		return 0;
	ref = mean_of(y, c, n - 1);
	d = y[n - 1] - ref;
	se = sigma * sqrt(1 + 1.0 / (double)m);
	p = gsl_cdf_tdist_Q(-d / se, df);
	if (!(d < 0) || !beyond(d, min_change) || !(p < CP_WATCH_ALPHA))
		return 0;
	half = gsl_cdf_tdist_Pinv(0.975, df) * se;
	v->state = CP_WATCH;
	v->start = n - 1;
	v->after = 1;
	v->before = m;
	v->ratio = exp(d);
	v->lo = exp(d - half);
	v->hi = exp(d + half);
	v->p = v->p_adj = p;
	v->fresh = 1;
	return 1;
}

/* seen_before: a shift of v's direction in y[0..m-1] for some m from n - 1 down to
 * v's confirming build (at most CP_TAIL_MAX builds back): the same new level (the points
 * from v->start were part of it) was reported then, so v is not fresh now. */
static int seen_before(const double *y, size_t n, double sigma, double df, double min_change,
		       const struct cp_verdict *v)
{
	struct cp_verdict w;

	for (size_t m = n - 1; m >= v->start + 2 && m + CP_TAIL_MAX >= n && m > 0; m--) {
		judge_shift(y, m, sigma, df, min_change, &w);
		if (w.state == v->state)
			return 1;
	}
	return 0;
}

void cp_judge(const double *y, size_t n, double sigma, double df, double min_change,
	      struct cp_verdict *v)
{
	int shift;

	judge_shift(y, n, sigma, df, min_change, v);
	if (v->state == CP_INSUFFICIENT)
		return;
	shift = v->state == CP_REGRESSION || v->state == CP_IMPROVEMENT;
	if (shift)
		v->fresh = !seen_before(y, n, sigma, df, min_change, v);
	if (!(shift && v->fresh))
		watch(y, n, shift ? v->start : 0, sigma, df, min_change, v);
}

const char *cp_state_name(enum cp_state s)
{
	static const char *const names[] = {"insufficient", "steady", "watch", "regression",
					    "improvement"};

	return s <= CP_IMPROVEMENT ? names[s] : "?";
}
