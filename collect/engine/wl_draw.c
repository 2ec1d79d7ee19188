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
