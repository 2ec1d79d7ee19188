/* collect/engine/wl_draw.h: the random draws of a workload: each request's op (mixed), each
 * object's size (size distributions) and each ranged get's offset, from a small seeded
 * generator. Pure functions of their arguments and the generator state: a fixed seed
 * gives the same sequence on every machine, so a run can be repeated draw for draw.
 *
 * The generator is core/rng.h's stream. Each worker draws from its own state,
 * rng_stream(seed, worker): the streams of two workers never share a state value within
 * 2^64 draws. The formulas (log-uniform sizes, weighted choices, offsets)
 * are written down in docs/METHODOLOGY.md. */
#ifndef COLLECT_WL_DRAW_H
#define COLLECT_WL_DRAW_H

#include <stdint.h>

#include "collect/workload.h"
#include "core/rng.h"

/* wl_draw_size: the size of the next object of wl: wl->size (WL_SIZE_FIXED, no draw);
 * round(exp(U(ln min, ln max))) clamped to [min, max] (WL_SIZE_RANDOM, log-uniform: the
 * share of sizes in [a, b] is ln(b/a) / ln(max/min)); size[i] with probability weight[i]
 * / sum (WL_SIZE_DIST); round(median e^(sigma z)), z standard normal, drawn again while
 * outside [min, max] (WL_SIZE_LOGNORMAL: lognormal, truncated). */
uint64_t wl_draw_size(const struct workload *wl, uint64_t *state);

/* wl_draw_op: the op of the next request of a mixed workload: op with probability
 * mix->w[op] / sum(w); WL_GET when every weight is 0 (workload_check refuses that). */
enum wl_op wl_draw_op(const struct wl_mix *mix, uint64_t *state);

/* wl_draw_range: the byte range of the next get of an object of `size` bytes under r.
 * Returns 0 and sets *off = 0, *len = size for WL_RANGE_NONE (the whole object); else 1
 * with *off, *len: FIXED r->off, r->len; RANDOM length r->len at an offset uniform in
 * [0, size - r->len] (offset 0 when r->len >= size). The range is not clipped to the
 * object: workload_check keeps it inside; a range past the end gets the server's 416. */
int wl_draw_range(const struct wl_range *r, uint64_t size, uint64_t *state, uint64_t *off,
		  uint64_t *len);

#endif
