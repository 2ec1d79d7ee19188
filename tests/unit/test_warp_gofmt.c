/* tests/unit/test_warp_gofmt.c: Go's duration/number text and Go's sort.Slice as
 * reproduced for Warp's report. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "analyze/warp_gofmt.h"
#include "analyze/warp_gosort.h"

static const struct {
	int64_t ns;
	const char *text;
} durs[] = {
	{0, "0s"},
	{1, "1ns"},
	{999, "999ns"},
	{1000, "1\xc2\xb5s"},
	{1500, "1.5\xc2\xb5s"},
	{97000000, "97ms"},
	{100500000, "100.5ms"},
	{1000000000, "1s"},
	{1044000000, "1.044s"},
	{3730000000, "3.73s"},
	{61000000000, "1m1s"},
	{62000000000, "1m2s"},
	{60000000000, "1m0s"},
	{3601500000000, "1h0m1.5s"},
	{-1500000000, "-1.5s"},
	{-2000, "-2\xc2\xb5s"},
};

static const struct {
	int64_t d, m, want;
} rounds[] = {
	{1044499999, 1000000, 1044000000},
	{1044500000, 1000000, 1045000000}, /* halves away from zero */
	{-1044500000, 1000000, -1045000000},
	{-1044499999, 1000000, -1044000000},
	{3729999999, 1000000, 3730000000},
	{5, 0, 5},
	{INT64_MAX - 10, 1000, INT64_MAX},
};

static const struct {
	double bps;
	const char *text;
} tputs[] = {
	{0, "0B/s"},
	{1000, "1000.0B/s"},
	{2047, "2047.0B/s"},
	{2048, "2.0KiB/s"},
	{1642291, "1603.8KiB/s"},
	{2097152, "2.0MiB/s"},
	{56098816, "53.5MiB/s"},
	{10737418240.0, "10.00GiB/s"},
	{10995116277760.0, "10.00TiB/s"},
};

/* sort fixtures */
struct kv {
	int key, tag;
};

static int less_kv(size_t i, size_t j, void *ctx)
{
	struct kv *v = ctx;

	return v[i].key < v[j].key;
}

static void swap_kv(size_t i, size_t j, void *ctx)
{
	struct kv *v = ctx, t = v[i];

	v[i] = v[j];
	v[j] = t;
}

int main(void)
{
	char buf[64];
	size_t i;
	unsigned seed = 12345;
	int n, trial;

	for (i = 0; i < sizeof(durs) / sizeof(durs[0]); i++)
		CHECK_STR(go_dur_string(buf, sizeof(buf), durs[i].ns), durs[i].text, "duration %lld",
			  (long long)durs[i].ns);
	for (i = 0; i < sizeof(rounds) / sizeof(rounds[0]); i++)
		CHECK(go_dur_round(rounds[i].d, rounds[i].m) == rounds[i].want, "round %lld by %lld",
		      (long long)rounds[i].d, (long long)rounds[i].m);
	for (i = 0; i < sizeof(tputs) / sizeof(tputs[0]); i++)
		CHECK_STR(go_throughput(buf, sizeof(buf), tputs[i].bps), tputs[i].text,
			  "throughput %.0f", tputs[i].bps);
	CHECK(go_f2i(INFINITY) == INT64_MIN, "int64(+Inf) is the indefinite value");
	CHECK(go_f2i(NAN) == INT64_MIN, "int64(NaN) is the indefinite value");
	CHECK(go_f2i(1.9) == 1 && go_f2i(-1.9) == -1, "truncation toward zero");
	/* Go's math.Log10 goes through Log2: Log10(1000) = 2.9999999999999996 */
	CHECK(go_log10(1000) == 2.9999999999999996 && (int)go_log10(1000) == 2, "Log10(1000)");
	CHECK((int)go_log10(100000) == 4 && go_log10(1024) > 3.0102 && go_log10(1024) < 3.0103,
	      "Log10 of 100000 and 1024");
	CHECK(go_log10(1) == 0, "Log10(1) = 0 (frexp fraction 0.5)");

	/* Up to 12 elements Go uses insertion sort: ties keep their order. */
	{
		struct kv v[6] = {{3, 0}, {1, 1}, {3, 2}, {2, 3}, {1, 4}, {3, 5}};
		static const int want_tags[6] = {1, 4, 3, 0, 2, 5};
		int ok = 1;

		gosort_slice(6, less_kv, swap_kv, v);
		for (n = 0; n < 6; n++)
			ok &= v[n].tag == want_tags[n];
		CHECK(ok, "short slice: stable insertion sort");
	}
	/* Larger inputs: sorted, a permutation, whatever the patterns (ties, runs,
	 * reversed, organ pipe) that drive pdqsort's pattern breaking and heapsort. */
	for (trial = 0; trial < 400; trial++) {
		int len = 1 + trial * 7 % 3000, k, sorted = 1, perm = 1;
		struct kv *v = malloc((size_t)len * sizeof(*v));
		int *seen = calloc((size_t)len, sizeof(int));

		for (k = 0; k < len; k++) {
			seed = seed * 1103515245u + 12345u;
			switch (trial % 5) {
			case 0: v[k].key = (int)(seed >> 16) % 7; break;            /* many ties */
			case 1: v[k].key = len - k; break;                          /* reversed */
			case 2: v[k].key = k < len / 2 ? k : len - k; break;        /* organ pipe */
			case 3: v[k].key = k % 50 == 0 ? (int)(seed >> 16) : k; break; /* nearly sorted */
			default: v[k].key = (int)(seed >> 8); break;                /* random */
			}
			v[k].tag = k;
		}
		gosort_slice((size_t)len, less_kv, swap_kv, v);
		for (k = 1; k < len; k++)
			sorted &= v[k - 1].key <= v[k].key;
		for (k = 0; k < len; k++) {
			if (v[k].tag < 0 || v[k].tag >= len || seen[v[k].tag]++)
				perm = 0;
		}
		CHECK(sorted && perm, "trial %d (n=%d, pattern %d) sorted and a permutation", trial,
		      len, trial % 5);
		free(v);
		free(seen);
	}
	return check_done();
}
