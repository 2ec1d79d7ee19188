/* core/rng.h: s3bench's one seeded random stream.
 *
 * The generator is splitmix64 (Steele, Lea, Flood 2014): a 64-bit state advanced by the
 * golden-ratio increment, each output a bijective mix of the new state. Plain integer
 * arithmetic, so a seed gives the same numbers on every machine: plan orders, PUT
 * bodies, object sizes, op and offset draws repeat exactly from their seed. Each caller
 * keeps its own state (a uint64_t): nothing here is shared or locked. Not for secrets.
 * The draws made with it are in docs/METHODOLOGY.md. */
#ifndef CORE_RNG_H
#define CORE_RNG_H

#include <stddef.h>
#include <stdint.h>

#define RNG_GOLDEN 0x9E3779B97F4A7C15ULL /* 2^64 / golden ratio, odd: the increment */

/* rng_mix: splitmix64's output function, a bijection of 64-bit values (distinct inputs
 * give distinct outputs). */
uint64_t rng_mix(uint64_t z);

/* rng_next: the next 64 random bits of the stream: rng_mix(*state += RNG_GOLDEN). Any
 * state is valid, 0 too. */
uint64_t rng_next(uint64_t *state);

/* rng_stream: the state of stream k (0, 1, ...: a worker, an object) of a seed:
 * rng_mix(seed + k x (RNG_GOLDEN << 32 | 1)). Streams of one seed never share a state
 * value within 2^64 draws. */
uint64_t rng_stream(uint64_t seed, unsigned k);

/* rng_time_seed: a non-zero seed from the real-time clock and the process id, for
 * callers asked for a time-based seed. */
uint64_t rng_time_seed(void);

/* rng_uniform: a double uniform in [0, 1) (53 random bits); advances *state once. */
double rng_uniform(uint64_t *state);

/* rng_below: a whole number uniform in [0, n) without modulo bias (draws below
 * 2^64 mod n are rejected, then the remainder by n); 0 when n is 0. Advances *state. */
uint64_t rng_below(uint64_t *state, uint64_t n);

/* rng_fill: n random bytes into buf, for bulk data (PUT bodies): xoshiro256** (Blackman,
 * Vigna 2018; several times faster per byte than rng_next) seeded with the next 4 numbers
 * of *state, each 64-bit output stored in machine byte order; a last partial word keeps
 * its first bytes. Advances *state by 4. */
void rng_fill(uint64_t *state, void *buf, size_t n);

#endif
