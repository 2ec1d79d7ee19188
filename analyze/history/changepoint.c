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

double cp_sigma(const struct cp_noise *nz)
{
	return nz->df > 0 ? sqrt(nz->ss / nz->df) : 0;
}

/* t_beyond: Student's upper tail P(T_df >= t) is below level. The normal's tail is
 * thinner for every df, so it settles most cases at once, cheaply. */
static int t_beyond(double t, double df, double level)
{
	return gsl_cdf_ugaussian_Q(t) < level && gsl_cdf_tdist_Q(t, df) < level;
}

/* loo_t: the split's t with the shorter side's most extreme point (in the direction of
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
 * |t| (t of y[k..b-1] against y[a..k-1] with noise sigma); 0 when the segment is too short
 * or that split is not significant: its two-sided p times the number of candidate splits
 * (Bonferroni) must be below CP_ALPHA, with and without the shorter side's most extreme
 * point (loo_t). */
static size_t best_split(const double *y, size_t a, size_t b, double sigma, double df)
{
	size_t best = 0, cand;
	double tmax = 0, t, total = 0, left = 0, level;

	if (b - a < 2 * CP_MIN_SEGMENT)
		return 0;
	for (size_t i = a; i < b; i++)
		total += y[i];
	for (size_t i = a; i < a + CP_MIN_SEGMENT - 1; i++)
		left += y[i];
	for (size_t k = a + CP_MIN_SEGMENT; k + CP_MIN_SEGMENT <= b; k++) {
		double nl = (double)(k - a), nr = (double)(b - k);

		left += y[k - 1];
		t = ((total - left) / nr - left / nl) / (sigma * sqrt(1.0 / nl + 1.0 / nr));
		if (fabs(t) > fabs(tmax)) {
			tmax = t;
			best = k;
		}
	}
	if (best == 0)
		return 0;
	cand = b - a - 2 * CP_MIN_SEGMENT + 1;
	level = CP_ALPHA / 2 / (double)cand;
	t = loo_t(y, a, best, b, sigma, tmax);
	if (!t_beyond(fabs(tmax), df, level) || !t_beyond(fabs(t), df, level) ||
	    (t > 0) != (tmax > 0))
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

void cp_levels_of(double rate, size_t m, struct cp_levels *lv)
{
	double w = fmin(0.5, CP_WATCH_FACTOR * rate), k = (double)(m ? m : 1);

	/* 1 - (1 - r)^(1/k) without cancelling to 0 when r / k is tiny */
	lv->alpha = -expm1(log1p(-rate) / k);
	lv->watch = -expm1(log1p(-w) / k);
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

/* The noise of the builds a judgement looks at: nz[j] as of j builds before the newest
 * (j <= past), each series' newest j points left out (cp_judge). */
struct noise_at {
	const struct cp_noise *nz;
	size_t past;
};

/* at: the noise as of j builds before the newest (the oldest known when j > past). */
static const struct cp_noise *at(const struct noise_at *na, size_t j)
{
	return &na->nz[j <= na->past ? j : na->past];
}

/* usable: noise with CP_MIN_DF degrees of freedom or more, not 0. */
static int usable(const struct cp_noise *nz)
{
	return nz->df >= CP_MIN_DF && cp_sigma(nz) > 0;
}

/* A confirmed new level: its first point, the start of the segment before it, the test's
 * one-sided p and the noise it was judged with. */
struct confirmed {
	size_t start, ref;
	double p, sigma, df;
};

/* confirm: the newest L points (L = 2 .. CP_TAIL_MAX) of y[0..n-1], the series as of off
 * builds before the newest, as a new level against the last segment of the points before
 * them (at least 2), with the noise of the points before them (at(na, off + L): so a new
 * level does not inflate the noise it is tested against): one-sided at alpha /
 * (CP_TAIL_MAX - 1) (Bonferroni over the L tried), their mean and each of the newest 2
 * beyond the floor in the same direction, and for L >= 3 also with the most extreme of them
 * left out (at CP_LOO_ALPHA). The first L that passes (shortest first) into *c. */
static int confirm(const double *y, size_t n, const struct noise_at *na, size_t off, double alpha,
		   double min_change, struct confirmed *c)
{
	for (size_t L = 2; L <= CP_TAIL_MAX && L + 2 <= n; L++) {
		const struct cp_noise *nz = at(na, off + L);
		double sigma = cp_sigma(nz), df = nz->df, d1, d2, t;
		size_t prev, r;

		if (!usable(nz))
			continue;
		r = last_cp(y, n - L, sigma, df, &prev);
		d1 = y[n - 2] - mean_of(y, r, n - L);
		d2 = y[n - 1] - mean_of(y, r, n - L);
		if (n - L - r < 2)
			continue;
		t = tail_t(y, n, L, r, sigma, 0);
		if (!t_beyond(fabs(t), df, alpha / (CP_TAIL_MAX - 1)) ||
		    !beyond(t * sigma * sqrt(1.0 / (double)L + 1.0 / (double)(n - L - r)),
			    min_change) ||
		    !beyond(d1, min_change) || !beyond(d2, min_change) || (d1 < 0) != (d2 < 0) ||
		    (d1 < 0) != (t < 0))
			continue;
		if (L >= 3) {
			double t2 = tail_t(y, n, L, r, sigma, 1);

			if (!t_beyond(fabs(t2), df, CP_LOO_ALPHA) || (t2 < 0) != (t < 0))
				continue;
		}
		c->start = n - L;
		c->ref = r;
		c->p = gsl_cdf_tdist_Q(fabs(t), df);
		c->sigma = sigma;
		c->df = df;
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

/* judge_shift: the shift state of y[0..n-1] (no watch), the series as of off builds
 * before the newest, at level alpha: the newest 2 or more points confirmed as a new level
 * against the segmentation of the points before them, else the last change point of the
 * whole series when its adjusted p is below alpha too. Insufficient when the series is
 * shorter than CP_MIN_POINTS, or when neither the noise before its newest point (the
 * watch's) nor the one before its newest two (the shortest confirmation's) has CP_MIN_DF
 * degrees of freedom. */
static void judge_shift(const double *y, size_t n, const struct noise_at *na, size_t off,
			double alpha, double min_change, struct cp_verdict *v)
{
	double sigma = cp_sigma(at(na, off)), df = at(na, off)->df;
	struct confirmed c;
	size_t last, prev;

	memset(v, 0, sizeof(*v));
	v->ratio = v->lo = v->hi = NAN;
	v->p = v->p_adj = NAN;
	if (n < CP_MIN_POINTS || !(usable(at(na, off + 1)) || usable(at(na, off + 2)))) {
		v->state = CP_INSUFFICIENT;
		v->noise_at = off + 1;
		return;
	}
	v->state = CP_STEADY;
	if (confirm(y, n, na, off, alpha, min_change, &c)) {
		describe(y, n, c.ref, c.start, c.sigma, c.df, min_change, v);
		v->p = v->p_adj = c.p;
		v->noise_at = off + (n - c.start);
		return;
	}
	if (!usable(at(na, off)))
		return;
	last = last_cp(y, n, sigma, df, &prev);
	if (last == 0)
		return;
	describe(y, n, prev, last, sigma, df, min_change, v);
	v->p = 2 * gsl_cdf_tdist_Q(fabs(log(v->ratio)) / (sigma * sqrt(1.0 / (double)v->after +
								       1.0 / (double)v->before)),
				   df);
	v->p_adj = fmin(1, v->p * (double)(n - prev - 2 * CP_MIN_SEGMENT + 1));
	if (!(v->p_adj < alpha))
		v->state = CP_STEADY;
}

/* watch: the newest point alone against the points of the current level before it (from
 * c, the start of a shift already reported, else of the last segment), one-sided low. */
static int watch(const double *y, size_t n, size_t c, double sigma, double df, double level,
		 double min_change, struct cp_verdict *v)
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
	if (!(d < 0) || !beyond(d, min_change) || !(p < level))
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
	v->noise_at = 1;
	return 1;
}

/* seen_before: a shift of v's direction in y[0..m-1] for some m from n - 1 down to
 * v's confirming build (at most CP_TAIL_MAX builds back), judged with the noise of that
 * build: the same new level (the points from v->start were part of it) was reported then,
 * so v is not fresh now. */
static int seen_before(const double *y, size_t n, const struct noise_at *na, double alpha,
		       double min_change, const struct cp_verdict *v)
{
	struct cp_verdict w;

	for (size_t m = n - 1; m >= v->start + 2 && m + CP_TAIL_MAX >= n && m > 0; m--) {
		judge_shift(y, m, na, n - m, alpha, min_change, &w);
		if (w.state == v->state)
			return 1;
	}
	return 0;
}

void cp_judge(const double *y, size_t n, const struct cp_noise *nz, size_t past,
	      const struct cp_levels *lv, double min_change, struct cp_verdict *v)
{
	struct noise_at na = {nz, past};
	const struct cp_noise *before = at(&na, 1); /* the newest point's own left out */
	int shift;

	judge_shift(y, n, &na, 0, lv->alpha, min_change, v);
	if (v->state == CP_INSUFFICIENT)
		return;
	shift = v->state == CP_REGRESSION || v->state == CP_IMPROVEMENT;
	if (shift)
		v->fresh = !seen_before(y, n, &na, lv->alpha, min_change, v);
	if (!(shift && v->fresh) && usable(before))
		watch(y, n, shift ? v->start : 0, cp_sigma(before), before->df, lv->watch,
		      min_change, v);
}

const char *cp_state_name(enum cp_state s)
{
	static const char *const names[] = {"insufficient", "steady", "watch", "regression",
					    "improvement"};

	return s <= CP_IMPROVEMENT ? names[s] : "?";
}
