/* tests/unit/test_body_data.c: the data modes of PUT bodies and their certificate
 * (collect/engine/body.h, bodycert.h; docs/METHODOLOGY.md, "Upload data"): random,
 * compressible:R and dedup:F bodies of several sizes, sampled as the engine offers them
 * (with multipart parts), give the certificate the mode promises within the tolerances
 * below (a dedup body's zstd ratio is not promised: each window is compressed alone); the reservoir keeps BODYCERT_BODIES of many more; a shifted copy of random bytes
 * is no duplicate. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collect/engine/bodycert.h"
#include "tests/unit/check.h"

#define TOL_RATIO 0.03 /* compressible: |measured / R - 1| */
#define TOL_SHARE 0.01 /* dedup: |unique_4k_share - (1 - F)| */

struct mode {
	const char *name;
	enum body_data d;
	double v;
	double want_ratio, want_4k, want_512; /* NaN: not checked */
};

/* cert: the certificate of `objects` bodies of `size` bytes in mode m (parts of part bytes
 * when part > 0) into *c. */
static int cert(const struct mode *m, uint64_t size, uint64_t part, int objects, struct bodycert *c)
{
	struct err e = {{0}};
	struct body_buf *b = body_new(size, 1234, &e);
	struct bodycert_sampler *s = bodycert_new(99, &e);
	int rc = -1;

	if (b != NULL && s != NULL) {
		body_set_mode(b, m->d, m->v);
		for (int i = 0; i < objects; i++) {
			uint64_t n = ((uint64_t)(i % 7 + 1) << 32) + (uint64_t)i;
			for (uint64_t off = 0; off < size; off += part ? part : size)
				bodycert_offer(s, n, off,
					       part && size - off > part ? part : size - off);
		}
		rc = bodycert_compute(s, b, c, &e);
	}
	CHECK(rc == 0, "%s: %s", m->name, e.msg);
	body_free(b);
	bodycert_free(s);
	return rc;
}

static void test_modes(void)
{
	static const struct mode modes[] = {
		{"random", BODY_RANDOM, 0, 1.0, 1.0, 1.0},
		{"compressible:1.5", BODY_COMPRESSIBLE, 1.5, 1.5, 1.0, 1.0},
		{"compressible:2", BODY_COMPRESSIBLE, 2, 2.0, 1.0, 1.0},
		{"compressible:4", BODY_COMPRESSIBLE, 4, 4.0, 1.0, 1.0},
		{"compressible:8", BODY_COMPRESSIBLE, 8, 8.0, 1.0, 1.0},
		{"compressible:16", BODY_COMPRESSIBLE, 16, 16.0, 1.0, 1.0},
		{"dedup:0.25", BODY_DEDUP, 0.25, NAN, 0.75, 0.75},
		{"dedup:0.5", BODY_DEDUP, 0.5, NAN, 0.5, 0.5},
		{"dedup:0.9", BODY_DEDUP, 0.9, NAN, 0.1, 0.1},
	};
	static const struct {
		uint64_t size, part;
		int objects;
	} shapes[] = {
		{64 << 10, 0, 3000},      /* many small bodies: the reservoir */
		{1 << 20, 0, 40},         /* whole 1 MiB bodies */
		{24u << 20, 6u << 20, 3}, /* multipart parts, larger than the buffer */
	};

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
			const struct mode *m = &modes[i];
			struct bodycert c;

			if (cert(m, shapes[k].size, shapes[k].part, shapes[k].objects, &c) != 0)
				continue;
			if (getenv("BODY_DATA_PRINT") != NULL)
				printf("%-18s %9llu: zstd %.4f unique 4k %.5f 512 %.5f (%llu B, "
				       "%llu of %llu bodies)\n",
				       m->name, (unsigned long long)shapes[k].size, c.zstd_ratio,
				       c.unique_4k_share, c.unique_512_share,
				       (unsigned long long)c.bytes, (unsigned long long)c.sampled,
				       (unsigned long long)c.offered);
			if (!isnan(m->want_ratio) && m->want_ratio > 1)
				CHECK(fabs(c.zstd_ratio / m->want_ratio - 1) <= TOL_RATIO,
				      "%s, %llu B: zstd ratio %.3f", m->name,
				      (unsigned long long)shapes[k].size, c.zstd_ratio);
			else if (!isnan(m->want_ratio))
				CHECK(c.zstd_ratio < 1.01, "%s, %llu B: incompressible (zstd %.4f)",
				      m->name, (unsigned long long)shapes[k].size, c.zstd_ratio);
			CHECK(fabs(c.unique_4k_share - m->want_4k) <= TOL_SHARE,
			      "%s, %llu B: unique 4 KiB share %.4f, want %.2f", m->name,
			      (unsigned long long)shapes[k].size, c.unique_4k_share, m->want_4k);
			CHECK(fabs(c.unique_512_share - m->want_512) <= TOL_SHARE,
			      "%s, %llu B: unique 512 B share %.4f, want %.2f", m->name,
			      (unsigned long long)shapes[k].size, c.unique_512_share, m->want_512);
			CHECK(c.bytes <= BODYCERT_BYTES + (uint64_t)c.sampled * BODYCERT_BLOCK &&
				      c.sampled <= BODYCERT_BODIES,
			      "%s, %llu B: the sample is bounded (%llu bytes of %llu bodies)",
			      m->name, (unsigned long long)shapes[k].size,
			      (unsigned long long)c.bytes, (unsigned long long)c.sampled);
		}
}

int main(void)
{
	static const struct mode random = {"random", BODY_RANDOM, 0, 1, 1, 1};
	struct bodycert c;

	test_modes();
	/* the reservoir: 3000 offered, BODYCERT_BODIES kept */
	if (cert(&random, 4096, 0, 3000, &c) == 0)
		CHECK(c.offered == 3000 && c.sampled == BODYCERT_BODIES && c.blocks_4k == c.sampled,
		      "reservoir: %llu offered, %llu kept, %llu blocks",
		      (unsigned long long)c.offered, (unsigned long long)c.sampled,
		      (unsigned long long)c.blocks_4k);
	/* a body shorter than a block: no share, a ratio */
	if (cert(&random, 100, 0, 10, &c) == 0)
		CHECK(isnan(c.unique_4k_share) && isnan(c.unique_512_share) && c.zstd_ratio > 0,
		      "100-byte bodies: no block, a zstd ratio");
	CHECK(body_random_bytes(1) == BODY_PIECE && body_random_bytes(1000) == BODY_STAMP,
	      "random bytes of a piece: %u at R 1, %u at R 1000", body_random_bytes(1),
	      body_random_bytes(1000));
	return check_done();
}
