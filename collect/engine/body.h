/* collect/engine/body.h: PUT bodies: one pre-generated random buffer and a stamp per object.
 *
 * Incompressible pseudo-random bytes (xoshiro256**, seeded per run), never zeros.
 * Object n's body is read with body_read (libcurl's read callback calls it in its own
 * buffer sizes), so nothing is allocated per request and a body is never held whole (a
 * 100 MiB PUT must not cost 100 MiB of memory):
 * - objects of up to BODY_INPLACE_MAX bytes are copied from a slice of the buffer (the
 *   buffer is BODY_SLACK bytes longer than the largest object; the slice starts at an
 *   offset derived from n);
 * - larger objects are assembled in BODY_CHUNK pieces, each from its own offset and
 *   XORed with its own 64-bit key, so no two chunks of the objects of a run are equal
 *   (the buffer is then BODY_INPLACE_MAX + BODY_SLACK bytes);
 * - the first BODY_STAMP bytes of every object are its stamp: distinct for
 *   distinct n within a run whatever the object count (the slice offsets alone have
 *   about a million choices, so 100,000 objects would share slices), random-looking,
 *   and run-specific through the seed. Nothing for a deduplicating server to find.
 * The copy costs about the memcpy libcurl's read callback does anyway. */
#ifndef COLLECT_BODY_H
#define COLLECT_BODY_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

#define BODY_SLACK (1u << 20)
#define BODY_INPLACE_MAX (8u << 20)
#define BODY_CHUNK (64u << 10)

struct body_buf;

/* body_new: a buffer for objects of up to max_size bytes, filled with random bytes from
 * seed (at most BODY_INPLACE_MAX + BODY_SLACK bytes whatever max_size). NULL with a
 * message when the memory is not there. Free with body_free. */
struct body_buf *body_new(uint64_t max_size, uint64_t seed, struct err *e);
void body_free(struct body_buf *b);

#define BODY_STAMP 16

/* body_read: copy bytes [off, off + len) of object n (size bytes, off + len <= size)
 * into dst: the same bytes whatever the pieces an object is read in. */
void body_read(const struct body_buf *b, uint64_t n, uint64_t size, uint64_t off, void *dst,
	       size_t len);

#endif
