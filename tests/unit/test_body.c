/* tests/unit/test_body.c: the random PUT buffer: no zeros, incompressible, objects differ. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "collect/body.h"
#include "tests/unit/check.h"

int main(void)
{
	static const uint64_t sizes[] = {0, 1, 4096, 256 << 10, 5 << 20};
	struct err e = {{0}};

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		uint64_t size = sizes[s];
		struct body_buf *b = body_new(size, 42 + s, &e);
		CHECK(b != NULL, "size %llu: %s", (unsigned long long)size, e.msg);
		if (b == NULL)
			continue;
		const unsigned char *prev = NULL;
		int same = 0;
		for (uint64_t n = 0; n < 64; n++) {
			const unsigned char *p = body_slice(b, n, size);
			if (prev != NULL && size > 0 && memcmp(prev, p, size < 4096 ? size : 4096) == 0)
				same++;
			prev = p;
		}
		CHECK(same <= 1, "size %llu: consecutive objects differ (%d equal)",
		      (unsigned long long)size, same);
		if (size >= 4096) {
			const unsigned char *p = body_slice(b, 7, size);
			size_t zeros = 0;
			for (uint64_t i = 0; i < size; i++)
				zeros += p[i] == 0;
			/* random bytes: about size/256 zero bytes, never a zero-filled body */
			CHECK(zeros < size / 128, "size %llu: %zu zero bytes", (unsigned long long)size,
			      zeros);
			size_t cap = ZSTD_compressBound(size);
			void *z = malloc(cap);
			size_t zn = z ? ZSTD_compress(z, cap, p, size, 3) : 0;
			CHECK(z && !ZSTD_isError(zn) && zn > size - size / 100,
			      "size %llu: incompressible (%zu -> %zu)", (unsigned long long)size,
			      (size_t)size, zn);
			free(z);
		}
		body_free(b);
	}
	/* two seeds give different data */
	struct body_buf *a = body_new(4096, 1, &e), *b = body_new(4096, 2, &e);
	CHECK(a && b && memcmp(body_slice(a, 0, 4096), body_slice(b, 0, 4096), 4096) != 0,
	      "seeds differ");
	body_free(a);
	body_free(b);
	return check_done();
}
