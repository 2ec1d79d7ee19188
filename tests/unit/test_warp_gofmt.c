/* tests/unit/test_warp_gofmt.c: Go's duration/number text and Go's sort.Slice as
 * reproduced for Warp's report. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "tests/unit/check.h"
#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_gosort.h"

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

/* Inputs with many ties (pattern, n, seed n * 31 + pattern; an LCG as below), sorted by
 * key with Go 1.19's sort.Slice (the go1.19.8 toolchain Debian 12 ships): FNV-1a 64
 * of the resulting order of the original positions. Produced once with a ten-line Go
 * program; they pin the order of ties, which is what Warp's printed segments depend
 * on, including the pattern-breaking and partial-insertion paths. */
static const struct {
	int pattern, n;
	uint64_t fnv;
} go119_vectors[] = {
	{0, 13, 0xb23a09c539b65f35ULL},   {1, 13, 0x3d5c5a78177a3ed9ULL},
	{2, 13, 0x3df30d23858bee2dULL},   {3, 13, 0x5763c2c1684347fdULL},
	{4, 13, 0xc8e2a11f31710efdULL},   {5, 13, 0x4a2a750e162a0d9fULL},
	{0, 20, 0xdcdd6a64817500edULL},   {1, 20, 0xde3e9d22b9d1447bULL},
	{2, 20, 0x57e1ef6836a1e9a5ULL},   {3, 20, 0xe5445c7ccb8dc4abULL},
	{4, 20, 0xc0180d953fce5f17ULL},   {5, 20, 0x0cf3fe2ce2a630c7ULL},
	{0, 49, 0x98acb22912d87b21ULL},   {1, 49, 0x558fb9f7514ddb9fULL},
	{2, 49, 0x0eb8afad1ea1a15dULL},   {3, 49, 0xdd2856b439350b67ULL},
	{4, 49, 0x863aeb7649690355ULL},   {5, 49, 0xc6d85ac2f1ed44b5ULL},
	{0, 50, 0x83b01c9e9d6ca1a2ULL},   {1, 50, 0x9343451b7a466e24ULL},
	{2, 50, 0x0fd924f6af5b2f70ULL},   {3, 50, 0xac8e6e3bf7060256ULL},
	{4, 50, 0x525afc6a7a2b24bcULL},   {5, 50, 0x24f40f80200d1e6eULL},
	{0, 51, 0x964c431a2fc2f1b6ULL},   {1, 51, 0x0a0893e29ba33556ULL},
	{2, 51, 0xb79ae5df49cf9eb6ULL},   {3, 51, 0x7d54a4fd311431a2ULL},
	{4, 51, 0xdcfde236e4725156ULL},   {5, 51, 0x83958a76083a7c00ULL},
	{0, 100, 0xdcab73ca37089031ULL},  {1, 100, 0xf982ab22ba269df5ULL},
	{2, 100, 0xfd0428fa24f7937dULL},  {3, 100, 0x1662af773a3d3ee7ULL},
	{4, 100, 0x3dfc2bc2e2235bf3ULL},  {5, 100, 0xd0df82d949ac43dbULL},
	{0, 257, 0x5144ac989f7075a9ULL},  {1, 257, 0x8d86f34ed1f0cb77ULL},
	{2, 257, 0x1a8b4051a9799a21ULL},  {3, 257, 0xa4c92d4abce1c921ULL},
	{4, 257, 0xf01c019a17d488b1ULL},  {5, 257, 0xb753b90cd3e4b531ULL},
	{0, 1000, 0x4ed4e4bac6e9834bULL}, {1, 1000, 0xe215947c472f2c91ULL},
	{2, 1000, 0x6126340265542b1bULL}, {3, 1000, 0x6396a6bbc19001e9ULL},
	{4, 1000, 0x214a724723ab8c7fULL}, {5, 1000, 0xc8ba66273a47192fULL},
	{0, 3001, 0x46785c1573f41ca7ULL}, {1, 3001, 0xa5fbd48aac572663ULL},
	{2, 3001, 0x2ab75fe8e745fcb3ULL}, {3, 3001, 0x03dcdfc5a52bff07ULL},
	{4, 3001, 0xf0dfe31a58f3f461ULL}, {5, 3001, 0x409d8d699ea4809dULL},
};

static void gen_keys(struct kv *v, int pattern, int n, uint32_t seed)
{
	int k;

	for (k = 0; k < n; k++) {
		int key;

		seed = seed * 1103515245u + 12345u;
		switch (pattern) {
		case 0:
			key = (int)(seed >> 16) % 7;
			break;
		case 1:
			key = (n - k) / 3;
			break;
		case 2:
			key = k < n / 2 ? k / 2 : (n - k) / 2;
			break;
		case 3:
			key = k % 10;
			break;
		case 4:
			key = k % 17 == 0 ? 100 : (int)(seed >> 16) % 3;
			break;
		default:
			key = (int)(seed >> 20) % 50;
			break;
		}
		v[k].key = key;
		v[k].tag = k;
	}
}

static void test_go119_vectors(void)
{
	size_t c;

	for (c = 0; c < sizeof(go119_vectors) / sizeof(go119_vectors[0]); c++) {
		int n = go119_vectors[c].n, p = go119_vectors[c].pattern, k;
		struct kv *v = malloc((size_t)n * sizeof(*v));
		uint64_t h = 14695981039346656037ULL;

		gen_keys(v, p, n, (uint32_t)(n * 31 + p));
		gosort_slice_go119((size_t)n, less_kv, swap_kv, v);
		for (k = 0; k < n; k++) {
			h ^= (uint64_t)v[k].tag;
			h *= 1099511628211ULL;
		}
		CHECK(h == go119_vectors[c].fnv, "Go 1.19 tie order, pattern %d, n %d", p, n);
		free(v);
	}
}

int main(void)
{
	char buf[64];
	size_t i;
	unsigned seed = 12345;
	int n, trial;

	for (i = 0; i < sizeof(durs) / sizeof(durs[0]); i++)
		CHECK_STR(go_dur_string(buf, sizeof(buf), durs[i].ns), durs[i].text,
			  "duration %lld", (long long)durs[i].ns);
	for (i = 0; i < sizeof(rounds) / sizeof(rounds[0]); i++)
		CHECK(go_dur_round(rounds[i].d, rounds[i].m) == rounds[i].want,
		      "round %lld by %lld", (long long)rounds[i].d, (long long)rounds[i].m);
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
			case 0:
				v[k].key = (int)(seed >> 16) % 7;
				break; /* many ties */
			case 1:
				v[k].key = len - k;
				break; /* reversed */
			case 2:
				v[k].key = k < len / 2 ? k : len - k;
				break; /* organ pipe */
			case 3:
				v[k].key = k % 50 == 0 ? (int)(seed >> 16) : k;
				break; /* nearly sorted */
			default:
				v[k].key = (int)(seed >> 8);
				break; /* random */
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
	test_go119_vectors();
	return check_done();
}
