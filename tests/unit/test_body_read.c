/* tests/unit/test_body_read.c: objects larger than the random buffer (body_read): the
 * buffer stays small, reads are deterministic whatever the piece sizes, chunks of one
 * object and of different objects differ, the body is incompressible; a small object read at
 * two offsets gives the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "collect/engine/body.h"
#include "tests/unit/check.h"

int main(void)
{
	struct err e = {{0}};
	const uint64_t size = 24u << 20; /* larger than BODY_INPLACE_MAX */
	const size_t span = 4u << 20;
	struct body_buf *b = body_new(size, 99, &e);
	unsigned char *x = malloc(span), *y = malloc(span), *z = malloc(span);

	CHECK(b != NULL && x && y && z, "allocation: %s", e.msg);
	if (b == NULL || x == NULL || !y || !z)
		return check_done();
	/* one read, then odd-sized pieces from an odd offset: same bytes */
	body_read(b, 3, 12345, x, span);
	for (size_t done = 0, piece = 1; done < span; piece = piece * 3 + 7) {
		size_t m = piece < span - done ? piece : span - done;
		body_read(b, 3, 12345 + done, y + done, m);
		done += m;
	}
	CHECK(memcmp(x, y, span) == 0, "pieces give the same bytes as one read");
	/* chunks within the object and across objects differ */
	int same = 0;
	for (size_t i = BODY_CHUNK; i + BODY_CHUNK <= span; i += BODY_CHUNK)
		same += memcmp(x, x + i, 4096) == 0;
	CHECK(same == 0, "chunks of one object differ (%d equal)", same);
	body_read(b, 4, 12345, z, span);
	CHECK(memcmp(x, z, 4096) != 0, "objects differ");
	body_read(b, 3, size - span, z, span);
	CHECK(memcmp(x, z, 4096) != 0, "the end of an object differs from its start");
	size_t cap = ZSTD_compressBound(span);
	void *c = malloc(cap);
	size_t cn = c ? ZSTD_compress(c, cap, x, span, 3) : 0;
	CHECK(c && !ZSTD_isError(cn) && cn > span - span / 100, "incompressible (%zu -> %zu)", span,
	      cn);
	free(c);
	body_free(b);
	/* small objects: a read past the stamp sees the bytes of one longer read */
	b = body_new(65536, 5, &e);
	CHECK(b != NULL, "small: %s", e.msg);
	if (b != NULL) {
		body_read(b, 9, 0, x, 2000);
		body_read(b, 9, 100, y, 1000);
		CHECK(memcmp(x + 100, y, 1000) == 0, "small objects: pieces = one read");
		body_free(b);
	}
	free(x);
	free(y);
	free(z);
	return check_done();
}
