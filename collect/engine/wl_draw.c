/* collect/engine/wl_draw.c: see wl_draw.h. */
#include "collect/engine/wl_draw.h"

#include <math.h>
#include <time.h>
#include <unistd.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL

/* mix64: splitmix64's output function (a bijection of 64-bit values) */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

uint64_t wl_rng_init(uint64_t seed, unsigned worker)
{
	return mix64(seed + (uint64_t)worker * (GOLDEN << 32 | 1));
}

uint64_t wl_rng_time_seed(void)
{
	struct timespec ts;
	uint64_t s;

	clock_gettime(CLOCK_REALTIME, &ts);
	s = mix64((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec) ^
	    mix64((uint64_t)getpid());
	return s ? s : GOLDEN;
}

uint64_t wl_rng_next(uint64_t *state)
{
	return mix64(*state += GOLDEN);
}

double wl_rng_uniform(uint64_t *state)
{
	return (double)(wl_rng_next(state) >> 11) * 0x1.0p-53;
}

uint64_t wl_rng_below(uint64_t *state, uint64_t n)
{
	uint64_t t, r;

	if (n == 0)
		return 0;
	t = -n % n; /* 2^64 mod n: the values below it would favour the small results */
	do
		r = wl_rng_next(state);
	while (r < t);
	return r % n;
}

/* pick: index i < n with probability w[i] / sum(w); -1 when the sum is 0 */
static int pick(const unsigned *w, int n, uint64_t *state)
{
	uint64_t sum = 0, r;

	for (int i = 0; i < n; i++)
		sum += w[i];
	if (sum == 0)
		return -1;
	r = wl_rng_below(state, sum);
	for (int i = 0; i < n; i++) {
		if (r < w[i])
			return i;
		r -= w[i];
	}
	return n - 1; /* not reached */
}

uint64_t wl_draw_size(const struct workload *wl, uint64_t *state)
{
	const struct wl_sizes *s = &wl->sizes;
	double lo, hi, x;
	int i;

	switch (s->kind) {
	case WL_SIZE_RANDOM:
		if (s->min >= s->max || s->min == 0)
			return s->max;
		lo = log((double)s->min);
		hi = log((double)s->max);
		x = round(exp(lo + (hi - lo) * wl_rng_uniform(state)));
		if (x < (double)s->min)
			return s->min;
		return x > (double)s->max ? s->max : (uint64_t)x;
	case WL_SIZE_DIST:
		i = pick(s->weight, s->n, state);
		return i < 0 ? wl->size : s->size[i];
	default:
		return wl->size;
	}
}

enum wl_op wl_draw_op(const struct wl_mix *mix, uint64_t *state)
{
	int i = pick(mix->w, OP_COUNT, state);

	return i < 0 ? WL_GET : (enum wl_op)i;
}

int wl_draw_range(const struct wl_range *r, uint64_t size, uint64_t *state, uint64_t *off,
		  uint64_t *len)
{
	switch (r->kind) {
	case WL_RANGE_FIXED:
		*off = r->off;
		*len = r->len;
		return 1;
	case WL_RANGE_RANDOM:
		*len = r->len;
		*off = r->len >= size ? 0 : wl_rng_below(state, size - r->len + 1);
		return 1;
	default:
		*off = 0;
		*len = size;
		return 0;
	}
}
