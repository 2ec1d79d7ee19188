/* collect/engine/wl_draw.h: the random draws of a workload: each request's op (mixed), each
 * object's size (size distributions) and each ranged get's offset, from a small seeded
 * generator. Pure functions of their arguments and the generator state: a fixed seed
 * gives the same sequence on every machine, so a run can be repeated draw for draw.
 *
 * The generator is splitmix64 (Steele, Lea, Flood 2014: a 64-bit state advanced by the
 * golden-ratio increment, each output a bijective mix of it). Each worker draws from its
 * own state, wl_rng_init(seed, worker): the streams of two workers never share a state
 * value within 2^64 draws. The formulas (log-uniform sizes, weighted choices, offsets)
 * are written down in docs/METHODOLOGY.md. */
#ifndef COLLECT_WL_DRAW_H
#define COLLECT_WL_DRAW_H

#include <stdint.h>

#include "collect/workload.h"

/* wl_rng_init: the generator state of worker `worker` (0, 1, ...) of a run with this
 * seed: seed + worker x 2^32 x golden ratio, mixed once. seed 0 is a valid seed here (the
 * caller turns workload.seed 0 into a time-based one first, wl_rng_time_seed). */
uint64_t wl_rng_init(uint64_t seed, unsigned worker);

/* wl_rng_time_seed: a non-zero seed from the clock and the process id, for seed 0. */
uint64_t wl_rng_time_seed(void);

/* wl_rng_next: the next 64 random bits; advances *state. */
uint64_t wl_rng_next(uint64_t *state);

/* wl_rng_uniform: a double uniform in [0, 1) (53 random bits); advances *state. */
double wl_rng_uniform(uint64_t *state);

/* wl_rng_below: a whole number uniform in [0, n) without modulo bias (draws below
 * 2^64 mod n are rejected, then the remainder by n); 0 when n is 0. Advances *state. */
uint64_t wl_rng_below(uint64_t *state, uint64_t n);

/* wl_draw_size: the size of the next object of wl: wl->size (WL_SIZE_FIXED, no draw);
 * round(exp(U(ln min, ln max))) clamped to [min, max] (WL_SIZE_RANDOM, log-uniform: the
 * share of sizes in [a, b] is ln(b/a) / ln(max/min)); size[i] with probability weight[i]
 * / sum (WL_SIZE_DIST). */
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
