/* analyze/stats/hedge.c: see hedge.h. */
#include "analyze/stats/hedge.h"

#include <math.h>
#include <stdlib.h>

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return (a > b) - (a < b);
}

void hedge_sort(struct hedge_sample *s)
{
	qsort(s->x, s->n, sizeof(*s->x), cmp_i64);
	if (s->k > 0)
		qsort(s->c, s->k, sizeof(*s->c), cmp_i64);
}

/* at_most: how many of the sorted v[0..n-1] are <= h. */
static size_t at_most(const int64_t *v, size_t n, int64_t h)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] <= h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* above: P(X > h). */
static double above(const struct hedge_sample *s, int64_t h)
{
	return (double)(s->n - at_most(s->x, s->n, h)) / (double)s->n;
}

/* dup_above: P(C + Y > u), the duplicate's own answer time past its send. */
static double dup_above(const struct hedge_sample *s, int64_t u)
{
	double sum = 0;

	if (s->k == 0)
		return above(s, u);
	for (size_t j = 0; j < s->k; j++)
		sum += above(s, u - s->c[j]);
	return sum / (double)s->k;
}

/* hedged_above: P(H > h) at threshold t. */
static double hedged_above(const struct hedge_sample *s, int64_t t, int64_t h)
{
	double p = above(s, h);

	return h < t || p == 0 ? p : p * dup_above(s, h - t);
}

int64_t hedge_plain(const struct hedge_sample *s, double q)
{
	double x = q * (double)s->n;
	size_t rank = (size_t)ceil(x - x * 1e-12);

	rank = rank < 1 ? 1 : rank > s->n ? s->n : rank;
	return s->x[rank - 1];
}

int64_t hedge_quantile(const struct hedge_sample *s, int64_t t, double q)
{
	int64_t lo = 0, hi = s->x[s->n - 1]; /* P(H <= max x) = 1 */

	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;

		if (1 - hedged_above(s, t, mid) >= q * (1 - 1e-12))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

double hedge_extra(const struct hedge_sample *s, int64_t t)
{
	return above(s, t);
}
