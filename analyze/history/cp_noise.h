/* analyze/history/cp_noise.h: the noise of each series of scheduled builds, for the shift
 * tests of changepoint.h (docs/METHODOLOGY.md "Shifts over the builds", "Noise").
 *
 * Each series y[0..n-1] (ln of one cell's latest-cycle figure per cycle, oldest first) has a
 * noise of its own: the successive differences inside its levels, half their squares summed
 * (von Neumann's estimate: a level shift not yet found adds one difference, not a whole
 * segment's worth), with Satterthwaite's degrees of freedom. The series of one subject lend
 * each other strength through an empirical-Bayes prior (Smyth 2004, limma's moderated
 * variances): the prior's scale s0^2 and weight d0 come from the spread of the series' log
 * variances, so cells alike pool much and cells unlike pool little. A series is judged on
 * the moderated variance (d0 s0^2 + nu s^2) / (d0 + nu) with d0 + nu degrees of freedom,
 * except one significantly noisier than the prior (F = s^2 / s0^2 beyond the upper
 * CP_NOISE_OWN_LEVEL point of F(nu, d0)): that one is judged on its own (nu), so a noisy
 * cell does not borrow its quieter neighbours' noise. All functions are pure: no I/O, no
 * allocation beyond the stack. */
#ifndef ANALYZE_CP_NOISE_H
#define ANALYZE_CP_NOISE_H

#include <stddef.h>

#include "analyze/history/changepoint.h"

#define CP_NOISE_SERIES_MAX 256 /* series of one subject estimated together at most */
#define CP_NOISE_OWN_LEVEL \
	0.2 /* a series this significantly noisier than the prior is
				  judged on its own noise (one in five when all are alike) */

/* The empirical-Bayes prior of a subject's series: scale s2 (log-scale variance) and
 * weight df (0: no prior, every series on its own). */
struct cp_prior {
	double s2, df;
};

/* cp_noise_diffs: the successive differences of y[0..n-1] inside the segments cut at the
 * ascending change points cps[0..ncp-1]: ss = sum of d^2 / 2 (its expectation is the
 * number of differences times sigma^2) and df = Satterthwaite's 2 M^2 / sum(3 m_j - 1) over
 * the segments' m_j differences (M their sum; 0 when no segment has two points). */
struct cp_noise cp_noise_diffs(const double *y, size_t n, const size_t *cps, size_t ncp);

/* cp_noise_prior: the prior of the k estimates v[0..k-1] (ss and df each; those with df or
 * ss 0 are left out): Smyth's moment estimates on the log variances, d0 capped at the sum
 * of the estimates' df (a prior never weighs more than the data it came from; also when the
 * spread says the variances are equal). df 0 when fewer than 2 estimates remain. */
struct cp_prior cp_noise_prior(const struct cp_noise *v, size_t k);

/* cp_noise_moderate: own's noise under prior p: moderated (*moderated = 1), unless own's
 * variance is significantly above the prior's (one-sided F test at CP_NOISE_OWN_LEVEL) or
 * there is no prior: then own itself (*moderated = 0); moderated may be NULL. */
struct cp_noise cp_noise_moderate(const struct cp_noise *own, const struct cp_prior *p,
				  int *moderated);

/* cp_noise_all: the noise of every series ys[i][0..ns[i]-1] (i < k <= CP_NOISE_SERIES_MAX,
 * the matrix cells of one subject) into out[i], and in moderated[i] (may be NULL) whether it
 * is moderated: first the differences of each whole series moderated over the k, with which
 * each series is segmented (cp_segment); then the differences inside its segments,
 * moderated again. *prior (may be NULL) receives the second prior. */
void cp_noise_all(const double *const *ys, const size_t *ns, size_t k, struct cp_noise *out,
		  int *moderated, struct cp_prior *prior);

/* cp_noise_past: cp_noise_all as of this build and as of each of the CP_PAST builds
 * before it: out[i][j] is series i's noise with the newest j points of every series left
 * out (j = 0: this build), what cp_judge's nz takes, and moderated[i][j] (may be NULL)
 * whether it is moderated. */
void cp_noise_past(const double *const *ys, const size_t *ns, size_t k,
		   struct cp_noise (*out)[CP_PAST + 1], int (*moderated)[CP_PAST + 1]);

#endif
