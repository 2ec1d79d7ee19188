/* analyze/stats/squeeze.h: empirical Bayes moderation of sample variances (Smyth 2004,
 * "Linear models and empirical Bayes methods for assessing differential expression in
 * microarray experiments", Stat. Appl. Genet. Mol. Biol. 3(1) art. 3; the estimator of
 * limma's fitFDist and squeezeVar). Each of n sample variances s_i² on d_i degrees of
 * freedom is taken as drawn around a common prior s0² with prior degrees of freedom d0;
 * the prior is fitted by the method of moments on the logs of the variances, and each
 * variance's posterior is (d0 s0² + d_i s_i²) / (d0 + d_i) on d0 + d_i degrees of freedom.
 * Formulas, edge cases and the reference: docs/METHODOLOGY.md, "Moderated variances".
 * The special functions are GSL's (gsl_sf_psi, gsl_sf_psi_1, gsl_sf_psi_n); they are only
 * ever called with positive finite arguments. */
#ifndef ANALYZE_SQUEEZE_H
#define ANALYZE_SQUEEZE_H

#include <stddef.h>

/* The fitted prior. */
struct squeeze_prior {
	size_t n;         /* variances the fit used (finite, >= 0, on df > 0) */
	double df;        /* d0: > 0, INFINITY when the variances are alike beyond what their
			     sampling spread explains, 0 when only one variance was usable;
			     NaN when none was */
	double var;       /* s0²; NaN when no variance was usable */
	double df_pooled; /* the sum of the used variances' df: a posterior's df is at most this */
};

/* squeeze_fit: the prior of the sample variances var[0..n-1] on df[0..n-1] degrees of
 * freedom (only read; entries that are not finite, negative or on df <= 0 are left out).
 * With one usable entry: d0 = 0, s0² = that variance. Otherwise, after lifting every
 * variance to at least 1e-5 times their median (1e-5 when the median is 0), with
 * e_i = ln s_i² - psi(d_i/2) + ln(d_i/2), their mean ē and excess spread
 * v = sum (e_i - ē)² / (n - 1) - mean psi'(d_i/2): d0 = 2 squeeze_trigamma_inverse(v) and
 * s0² = exp(ē + psi(d0/2) - ln(d0/2)) when v > 0, else d0 = INFINITY and s0² = the mean of
 * the (lifted) variances. Returns 0, or -1 when memory runs out (*out then says no prior). */
int squeeze_fit(const double *var, const double *df, size_t n, struct squeeze_prior *out);

/* squeeze_var_post: the posterior of variance s2 on df degrees of freedom:
 * (d0 s0² + df s2) / (d0 + df); s0² when d0 is infinite; s2 itself when p has no prior
 * (d0 NaN) or d0 = 0. */
double squeeze_var_post(const struct squeeze_prior *p, double s2, double df);

/* squeeze_df_post: its degrees of freedom: min(df + d0, p->df_pooled); df itself when p
 * has no prior or d0 = 0. */
double squeeze_df_post(const struct squeeze_prior *p, double df);

/* squeeze_trigamma_inverse: the y > 0 with psi'(y) = x, for x > 0: 1/x when x < 1e-6,
 * 1/sqrt(x) when x > 1e7, else Newton's method on 1/psi' from y = 0.5 + 1/x (monotone,
 * Smyth 2004), to a relative step below 1e-8 or 50 steps. NaN when x < 0 or x is NaN. */
double squeeze_trigamma_inverse(double x);

#endif
