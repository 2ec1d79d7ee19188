/* core/rng.c: see rng.h. */
#include "core/rng.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

uint64_t rng_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

uint64_t rng_next(uint64_t *state)
{
	return rng_mix(*state += RNG_GOLDEN);
}

uint64_t rng_stream(uint64_t seed, unsigned k)
{
	return rng_mix(seed + (uint64_t)k * (RNG_GOLDEN << 32 | 1));
}

uint64_t rng_time_seed(void)
{
	struct timespec ts;
	uint64_t s;

	clock_gettime(CLOCK_REALTIME, &ts);
	s = rng_mix((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec) ^
	    rng_mix((uint64_t)getpid());
	return s ? s : RNG_GOLDEN;
}

double rng_uniform(uint64_t *state)
{
	return (double)(rng_next(state) >> 11) * 0x1.0p-53;
}

uint64_t rng_below(uint64_t *state, uint64_t n)
{
	uint64_t t, r;

	if (n == 0)
		return 0;
	t = -n % n; /* 2^64 mod n: the values below it would favour the small results */
	do
		r = rng_next(state);
	while (r < t);
	return r % n;
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void rng_fill(uint64_t *state, void *buf, size_t n)
{
	unsigned char *p = buf;
	uint64_t s[4];

	for (int i = 0; i < 4; i++)
		s[i] = rng_next(state);
	for (size_t i = 0; i < n; i += 8) {
		uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

		s[2] ^= s[0];
		s[3] ^= s[1];
		s[1] ^= s[2];
		s[0] ^= s[3];
		s[2] ^= t;
		s[3] = rotl(s[3], 45);
		memcpy(p + i, &r, n - i < 8 ? n - i : 8);
	}
}
