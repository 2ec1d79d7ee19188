/* core/sort_i64.c: see sort_i64.h. */
#include "core/sort_i64.h"

#include <stdlib.h>
#include <string.h>

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

void sort_i64(int64_t *v, size_t n)
{
	enum {
		BITS = 11,
		DIGITS = 6,
		B = 1 << BITS
	};
	uint64_t *a = (uint64_t *)v, *b, *buf;
	size_t(*cnt)[B], i;

	if (n < 512 || (buf = malloc(n * sizeof(*buf))) == NULL) {
		qsort(v, n, sizeof(*v), cmp_i64);
		return;
	}
	cnt = calloc(DIGITS, sizeof(*cnt));
	if (cnt == NULL) {
		free(buf);
		qsort(v, n, sizeof(*v), cmp_i64);
		return;
	}
	b = buf;
	for (i = 0; i < n; i++) {
		a[i] ^= UINT64_C(1) << 63;
		for (int d = 0; d < DIGITS; d++)
			cnt[d][(a[i] >> (d * BITS)) & (B - 1)]++;
	}
	for (int d = 0; d < DIGITS; d++) {
		size_t sum = 0;
		int shift = d * BITS;

		if (cnt[d][(a[0] >> shift) & (B - 1)] == n)
			continue;
		for (i = 0; i < B; i++) {
			size_t c = cnt[d][i];

			cnt[d][i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			b[cnt[d][(a[i] >> shift) & (B - 1)]++] = a[i];
		uint64_t *t = a;
		a = b;
		b = t;
	}
	if (a != (uint64_t *)v)
		memcpy(v, a, n * sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = (int64_t)((uint64_t)v[i] ^ (UINT64_C(1) << 63));
	free(cnt);
	free(buf);
}
