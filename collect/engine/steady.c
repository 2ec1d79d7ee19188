/* collect/engine/steady.c: see steady.h. */
#include "collect/engine/steady.h"

#include <math.h>

int steady_met(const double *v, size_t n)
{
	const double *w;
	double mean = 0, xm = (STEADY_WINDOW - 1) / 2.0, sxx = 0, sxy = 0, ssr = 0, b, a, se;

	if (n < STEADY_WINDOW)
		return 0;
	w = v + n - STEADY_WINDOW;
	for (int i = 0; i < STEADY_WINDOW; i++)
		mean += w[i];
	mean /= STEADY_WINDOW;
	if (!(mean > 0))
		return 0;
	for (int i = 0; i < STEADY_WINDOW; i++) {
		if (fabs(w[i] - mean) > STEADY_BAND * mean)
			return 0;
		sxx += (i - xm) * (i - xm);
		sxy += (i - xm) * (w[i] - mean);
	}
	b = sxy / sxx;
	a = mean - b * xm;
	for (int i = 0; i < STEADY_WINDOW; i++) {
		double r = w[i] - (a + b * i);
		ssr += r * r;
	}
	se = sqrt(ssr / (STEADY_WINDOW - 2) / sxx);
	return fabs(b) <= STEADY_T95 * se;
}
