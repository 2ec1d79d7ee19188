/* collect/body.h: the one pre-generated random buffer PUT bodies are taken from.
 *
 * Incompressible pseudo-random bytes (xoshiro256**, seeded per run), never zeros. The
 * buffer is BODY_SLACK bytes longer than the largest object; object n starts at an
 * offset derived from n, so objects differ from each other without any per-request
 * allocation or copy (the S3 client reads the slice in place). */
#ifndef COLLECT_BODY_H
#define COLLECT_BODY_H

#include <stdint.h>

#include "core/err.h"

#define BODY_SLACK (1u << 20)

struct body_buf;

/* body_new: a buffer for objects of up to max_size bytes, filled with random bytes from
 * seed. NULL with a message when the memory is not there. Free with body_free. */
struct body_buf *body_new(uint64_t max_size, uint64_t seed, struct err *e);
void body_free(struct body_buf *b);

/* body_slice: the first byte of object n's body (size bytes, size <= max_size);
 * borrowed from b. */
const void *body_slice(const struct body_buf *b, uint64_t n, uint64_t size);

#endif
