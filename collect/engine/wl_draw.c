/* collect/engine/wl_draw.c: see wl_draw.h. */
#include "collect/engine/wl_draw.h"

#include <math.h>

#include "core/rng.h"

/* pick: index i < n with probability w[i] / sum(w); -1 when the sum is 0 */
static int pick(const unsigned *w, int n, uint64_t *state)
{
	uint64_t sum = 0, r;

	for (int i = 0; i < n; i++)
		sum += w[i];
	if (sum == 0)
		return -1;
	r = rng_below(state, sum);
	for (int i = 0; i < n; i++) {
		if (r < w[i])
			return i;
		r -= w[i];
	}
	return n - 1; /* not reached */
}

/* lognormal: round(median e^(sigma z)), z standard normal (Box-Muller: sqrt(-2 ln(1 - u1))
 * cos(2 pi u2), two uniforms a draw), drawn again while outside [min, max]; after
 * LOGNORMAL_TRIES draws outside the last is clamped there. With max at least the median
 * (workload_parse_sizes) a draw is inside with chance above 0.49 for a median of 1 KiB or
 * more, so that needs a degenerate spec (a median and max of a few bytes) */
#define LOGNORMAL_TRIES 64
static uint64_t lognormal(const struct wl_sizes *s, uint64_t *state)
{
	double x = (double)s->median;

	for (int k = 0; k < LOGNORMAL_TRIES; k++) {
		double u1 = rng_uniform(state), u2 = rng_uniform(state);
		double z = sqrt(-2 * log(1 - u1)) * cos(2 * M_PI * u2);

		x = round((double)s->median * exp(s->sigma * z));
		if (x >= (double)s->min && x <= (double)s->max)
			return (uint64_t)x;
	}
	return x < (double)s->min ? s->min : s->max;
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
		x = round(exp(lo + (hi - lo) * rng_uniform(state)));
		if (x < (double)s->min)
			return s->min;
		return x > (double)s->max ? s->max : (uint64_t)x;
	case WL_SIZE_DIST:
		i = pick(s->weight, s->n, state);
		return i < 0 ? wl->size : s->size[i];
	case WL_SIZE_LOGNORMAL:
		return lognormal(s, state);
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
		*off = r->len >= size ? 0 : rng_below(state, size - r->len + 1);
		return 1;
	default:
		*off = 0;
		*len = size;
		return 0;
	}
}
