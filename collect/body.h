/* collect/body.h: the one pre-generated random buffer PUT bodies are taken from.
 *
 * Incompressible pseudo-random bytes (xoshiro256**, seeded per run), never zeros.
 * Objects of up to BODY_INPLACE_MAX bytes are slices of the buffer, read in place: the
 * buffer is BODY_SLACK bytes longer than the largest object, object n starts at an
 * offset derived from n, so objects differ from each other without any per-request
 * allocation or copy. Larger objects are not held whole (a 100 MiB PUT must not cost
 * 100 MiB of memory): the buffer is then BODY_INPLACE_MAX + BODY_SLACK bytes and
 * body_read assembles the object in BODY_CHUNK pieces, each from its own offset and
 * XORed with its own 64-bit key, so no two chunks of any objects of a run are equal
 * (nothing for a deduplicating server to find) and the copy costs about a memcpy, which
 * libcurl's read callback does anyway. */
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

/* body_slice: the first byte of object n's body (size bytes, size <= max_size and
 * size <= BODY_INPLACE_MAX); borrowed from b. NULL for a larger size (use body_read). */
const void *body_slice(const struct body_buf *b, uint64_t n, uint64_t size);

/* body_read: copy bytes [off, off + len) of object n (of any size) into dst. For
 * objects body_slice serves, the same bytes as the slice. */
void body_read(const struct body_buf *b, uint64_t n, uint64_t size, uint64_t off, void *dst,
	       size_t len);

#endif
