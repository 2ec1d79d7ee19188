/* core/seqstop.c: the sequential stopping rule of `cycles = auto` (core/seqstop.h;
 * docs/METHODOLOGY.md, "Stopping on precision"). */
#include <gsl/gsl_cdf.h>
#include <math.h>

#include "core/seqstop.h"

double seqstop_halfwidth(const double *v, size_t n, double *mean)
{
	double m = 0, ss = 0;

	if (mean != NULL)
		*mean = NAN;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			return NAN;
		m += v[i];
	}
	m /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - m) * (v[i] - m);
	if (mean != NULL)
		*mean = m;
	if (!(m > 0))
		return NAN;
	return gsl_cdf_tdist_Pinv(SEQSTOP_Q, (double)(n - 1)) * sqrt(ss / (double)(n - 1)) /
	       sqrt((double)n) / m;
}

int seqstop_met(const double *v, size_t n, double target)
{
	return seqstop_halfwidth(v, n, NULL) <= target;
}

double seqstop_widen(size_t n)
{
	if (n < 2)
		return 1;
	return gsl_cdf_tdist_Pinv(SEQSTOP_WIDE_Q, (double)(n - 1)) /
	       gsl_cdf_tdist_Pinv(SEQSTOP_Q, (double)(n - 1));
}
