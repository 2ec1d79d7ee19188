/* tests/unit/test_rng.c: core/rng.h, the one seeded random stream: reference values (the
 * splitmix64 sequence of seed 42 computed with the same formulas in Python: rng_mix(seed
 * + k * (golden << 32 | 1)), then state += golden, rng_mix(state); and rng_fill's first
 * words, those of the xoshiro256** fill collect's PUT bodies had before core/rng.h), a
 * fixed seed repeating, streams differing, below() without bias, uniform() in [0, 1),
 * and a partial last word of rng_fill. */
#include <stdint.h>
#include <string.h>

#include "core/rng.h"
#include "tests/unit/check.h"

#define N_DRAWS 20000

static void test_reference(void)
{
	uint64_t a = rng_stream(42, 0), c = rng_stream(42, 1), x = 42;

	CHECK(a == 0xa759ea27d4727622ULL && c == 0xdef064e662f5da3dULL, "stream reference");
	CHECK(rng_next(&a) == 0x989b3f130a063869ULL && rng_next(&a) == 0x290db4bf2570ded7ULL &&
		      rng_next(&a) == 0x2a990be63a01b2d5ULL,
	      "seed 42, stream 0: reference sequence");
	CHECK(rng_next(&c) == 0x33e3b0fccda80c41ULL, "seed 42, stream 1: reference");
	CHECK(rng_mix(0) == 0 && rng_next(&(uint64_t){0}) == rng_mix(RNG_GOLDEN),
	      "next = mix of the advanced state");

	uint64_t w[3];
	rng_fill(&x, w, sizeof(w));
	CHECK(w[0] == 0x15780b2e0c2ec716ULL && w[1] == 0x6104d9866d113a7eULL &&
		      w[2] == 0xae17533239e499a1ULL,
	      "fill of seed 42: reference words");
	CHECK(rng_next(&x) == 0x09bc585a244823f2ULL && rng_next(&x) == 0xde4431fa3c80db06ULL,
	      "fill advances the state by 4");
}

static void test_properties(void)
{
	uint64_t a = rng_stream(42, 0), b = rng_stream(42, 0), c = rng_stream(42, 1);
	int same = 1, differ = 0, in_range = 1, fair = 1;
	unsigned obs[10] = {0};

	for (int i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a), y = rng_next(&b);
		same &= x == y;
		differ += x != rng_next(&c);
	}
	CHECK(same, "a fixed seed gives the same sequence");
	CHECK(differ == 1000, "another stream draws another sequence");
	CHECK(rng_time_seed() != 0, "a time seed is never 0");
	CHECK(rng_below(&a, 0) == 0 && rng_below(&a, 1) == 0, "below 0 and 1");
	CHECK(rng_below(&a, 3) < 3 && rng_below(&a, UINT64_MAX) < UINT64_MAX, "below n < n");
	for (int i = 0; i < N_DRAWS; i++) {
		uint64_t v = rng_below(&a, 10);
		double u = rng_uniform(&b);
		if (v < 10)
			obs[v]++;
		in_range &= u >= 0 && u < 1;
	}
	/* each count is binomial(N, 0.1): sd = sqrt(N x 0.09) = 42.4; 5 sd either side */
	for (int i = 0; i < 10; i++)
		fair &= obs[i] > N_DRAWS / 10 - 212 && obs[i] < N_DRAWS / 10 + 212;
	CHECK(fair, "below(10): every value about a tenth of the draws");
	CHECK(in_range, "uniform in [0, 1)");
}

static void test_fill_partial(void)
{
	unsigned char whole[32], part[21 + 1];
	uint64_t s1 = 7, s2 = 7;

	memset(part, 0xee, sizeof(part));
	rng_fill(&s1, whole, sizeof(whole));
	rng_fill(&s2, part, 21);
	CHECK(memcmp(whole, part, 21) == 0, "a partial last word keeps the first bytes");
	CHECK(part[21] == 0xee, "nothing written past n");
	CHECK(s1 == s2, "the state advances the same for any n");
}

int main(void)
{
	test_reference();
	test_properties();
	test_fill_partial();
	return check_done();
}
