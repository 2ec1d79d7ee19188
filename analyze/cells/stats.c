/* analyze/cells/stats.c: see stats.h. */
#include "analyze/cells/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* sorted_copy: a new ascending copy of v (caller frees); NULL when out of memory. */
static double *sorted_copy(const double *v, size_t n)
{
	double *s = malloc((n ? n : 1) * sizeof(*s));

	if (s == NULL)
		return NULL;
	if (n)
		memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	return s;
}

int stats_compute(const double *v, size_t n, struct stats *out)
{
	double *s = NULL, sum = 0, ss = 0;
	int rc = -1;

	out->n = n;
	out->mean = out->median = out->min = out->max = NAN;
	out->stddev = out->cv = NAN;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(v[i]))
			goto done;
	if (n == 0) {
		rc = 0;
		goto done;
	}
	s = sorted_copy(v, n);
	if (s == NULL)
		goto done;
	for (size_t i = 0; i < n; i++)
		sum += s[i];
	out->mean = sum / (double)n;
	out->min = s[0];
	out->max = s[n - 1];
	out->median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	if (n >= 2) {
		for (size_t i = 0; i < n; i++)
			ss += (s[i] - out->mean) * (s[i] - out->mean);
		out->stddev = sqrt(ss / (double)(n - 1));
		if (out->mean > 0)
			out->cv = out->stddev / out->mean;
	}
	rc = 0;
done:
	free(s);
	return rc;
}

double stats_percentile(const double *v, size_t n, double p)
{
	double *s, r;
	size_t rank;

	if (n == 0 || !(p >= 0 && p <= 100))
		return NAN;
	s = sorted_copy(v, n);
	if (s == NULL)
		return NAN;
	rank = (size_t)ceil(p * (double)n / 100.0);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	r = s[rank - 1];
	free(s);
	return r;
}

double stats_mean_of(const double *v, size_t n)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			sum += v[i];
			k++;
		}
	return k ? sum / (double)k : NAN;
}

double stats_min_of(const double *v, size_t n)
{
	double m = NAN;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && (isnan(m) || v[i] < m))
			m = v[i];
	return m;
}

double stats_max_of(const double *v, size_t n)
{
	double m = NAN;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && (isnan(m) || v[i] > m))
			m = v[i];
	return m;
}
