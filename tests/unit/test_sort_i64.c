/* tests/unit/test_sort_i64.c: core/sort_i64.h against qsort, on values of every magnitude
 * and sign, durations in ns, and few distinct values, below and above the radix cut-off. */
#include <stdint.h>
#include <stdlib.h>

#include "core/sort_i64.h"
#include "tests/unit/check.h"

static int cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static void check_sort(size_t n, uint64_t seed, int64_t span, const char *what)
{
	int64_t *a = malloc((n ? n : 1) * sizeof(*a)), *b = malloc((n ? n : 1) * sizeof(*b));
	size_t bad = 0;

	for (size_t i = 0; i < n; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		a[i] = b[i] = span == 0 ? (int64_t)seed
					: (int64_t)(seed % (uint64_t)span) - span / 3;
	}
	sort_i64(a, n);
	qsort(b, n, sizeof(*b), cmp);
	for (size_t i = 0; i < n; i++)
		bad += a[i] != b[i];
	CHECK(bad == 0, "sort_i64 %s, n %zu: %zu values out of place", what, n, bad);
	free(a);
	free(b);
}

int main(void)
{
	static const size_t ns[] = {0, 1, 2, 7, 100, 1000};

	for (size_t k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
		check_sort(ns[k], 88172645463325252ULL + k, 0, "full range");
		check_sort(ns[k] * 50, 1234567 + k, 2000000000, "durations");
		check_sort(ns[k] * 50, 99 + k, 3, "few values");
	}
	return check_done();
}
