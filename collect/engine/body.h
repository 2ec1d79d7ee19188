/* collect/engine/body.h: PUT bodies: one pre-generated random buffer, a stamp per object,
 * and the data they carry (docs/CAMPAIGN.md, "data"; docs/METHODOLOGY.md, "Upload data").
 *
 * Pseudo-random bytes (xoshiro256**, seeded per run). Object n's body is read with body_read
 * (libcurl's read callback calls it in its own buffer sizes), so nothing is allocated per
 * request and a body is never held whole (a 100 MiB PUT must not cost 100 MiB of memory):
 * - an object is assembled in BODY_CHUNK pieces, each copied from its own offset of the
 *   buffer and XORed with its own 64-bit key (both drawn from n and the piece's number), so
 *   no two pieces of the objects of a run are equal, nor shifted copies of each other (a
 *   store that cuts content-defined chunks finds nothing either); the buffer is
 *   min(max_size, BODY_INPLACE_MAX) + BODY_SLACK bytes;
 * - the first BODY_STAMP bytes of every object are its stamp: distinct for distinct n
 *   within a run whatever the object count, random-looking, and run-specific through the
 *   seed;
 * - the data mode (body_set_mode) then shapes the bytes: BODY_RANDOM leaves them
 *   (incompressible, every block unique); BODY_COMPRESSIBLE keeps the first
 *   body_random_bytes(R) bytes of every BODY_PIECE-byte piece of the object and zeroes the
 *   rest, so zstd compresses it about R times and every 512-byte block stays unique;
 *   BODY_DEDUP replaces 4 KiB block k of every object (k from 0 at the object's start) by
 *   one block shared by the whole run when floor((k + 1) F) > floor(k F): floor(B F) of an
 *   object's first B blocks, never block 0 (it holds the stamp), the run's others unique.
 * The copy costs about the memcpy libcurl's read callback does anyway. */
#ifndef COLLECT_BODY_H
#define COLLECT_BODY_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

#define BODY_SLACK (1u << 20)
#define BODY_INPLACE_MAX (8u << 20)
#define BODY_CHUNK (64u << 10)
#define BODY_PIECE 512u   /* compressible: the unit of random bytes then zeros */
#define BODY_BLOCK 4096u  /* dedup: the unit of duplication */
#define BODY_RATIO_MAX 16 /* compressible: the largest R */

enum body_data {
	BODY_RANDOM,
	BODY_COMPRESSIBLE,
	BODY_DEDUP
};

struct body_buf;

/* body_new: a buffer for objects of up to max_size bytes, filled with random bytes from
 * seed (at most BODY_INPLACE_MAX + BODY_SLACK bytes whatever max_size), data mode
 * BODY_RANDOM. NULL with a message when the memory is not there. Free with body_free. */
struct body_buf *body_new(uint64_t max_size, uint64_t seed, struct err *e);
void body_free(struct body_buf *b);

/* body_set_mode: the data b's objects carry from now on: BODY_RANDOM (value unused),
 * BODY_COMPRESSIBLE with a ratio R, 1 <= R <= BODY_RATIO_MAX, BODY_DEDUP with a duplicate
 * share F, 0 <= F < 1 (callers check the ranges: collect/workload_send.c). */
void body_set_mode(struct body_buf *b, enum body_data d, double value);

/* body_random_bytes: the random bytes a compressible piece of BODY_PIECE bytes keeps for
 * ratio R (the rest zeros): BODY_PIECE / R less what zstd spends on the zeros, at least
 * BODY_STAMP (docs/METHODOLOGY.md, "Upload data"). */
unsigned body_random_bytes(double ratio);

#define BODY_STAMP 16

/* body_read: copy bytes [off, off + len) of object n into dst: the same bytes whatever the
 * pieces an object is read in. */
void body_read(const struct body_buf *b, uint64_t n, uint64_t off, void *dst, size_t len);

#endif
