/* tests/unit/test_body.c: PUT bodies: no zeros, incompressible, and unique: the first 64
 * bytes of 200,000 objects (numbered as the engine numbers them: worker << 32 | sequence,
 * and 0..N for prepared objects) are all distinct, at small, slice-sized and large object
 * sizes, and so are whole 1 KiB bodies; a stamp is the same whatever the pieces it is
 * read in; two seeds give different bodies. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "collect/engine/body.h"
#include "tests/unit/check.h"

#define HEAD 64
#define WORKERS 100
#define PER_WORKER 2000 /* WORKERS * PER_WORKER objects */

static int cmp_head(const void *a, const void *b)
{
	return memcmp(a, b, HEAD);
}

/* object number k of the test: every other one a put key of worker 1.., the others
 * prepared objects 0.. (distinct numbers, as in the engine) */
static uint64_t obj_no(uint64_t k)
{
	return k % 2 ? ((k / 2 % WORKERS + 1) << 32) + k / 2 / WORKERS : k / 2;
}

/* duplicates: how many of n records of `rec` bytes equal their sorted neighbour */
static size_t duplicates(unsigned char *recs, size_t n, size_t rec,
			 int (*cmp)(const void *, const void *))
{
	size_t d = 0;

	qsort(recs, n, rec, cmp);
	for (size_t i = 1; i < n; i++)
		d += memcmp(recs + (i - 1) * rec, recs + i * rec, rec) == 0;
	return d;
}

static void test_unique(uint64_t size)
{
	const size_t n = (size_t)WORKERS * PER_WORKER;
	struct err e = {{0}};
	struct body_buf *b = body_new(size, 7, &e);
	unsigned char *heads = calloc(n, HEAD);
	size_t len = size < HEAD ? (size_t)size : HEAD;

	CHECK(b != NULL && heads != NULL, "size %llu: %s", (unsigned long long)size, e.msg);
	if (b != NULL && heads != NULL) {
		for (size_t k = 0; k < n; k++)
			body_read(b, obj_no(k), 0, heads + k * HEAD, len);
		CHECK(duplicates(heads, n, HEAD, cmp_head) == 0,
		      "size %llu: the first %zu bytes of %zu objects are distinct",
		      (unsigned long long)size, len, n);
	}
	free(heads);
	body_free(b);
}

/* fnv: a 64-bit FNV-1a hash of a whole body */
static uint64_t fnv(const unsigned char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void test_whole_bodies(void)
{
	const size_t n = 100000, size = 1024;
	struct err e = {{0}};
	struct body_buf *b = body_new(size, 11, &e);
	uint64_t *h = malloc(n * sizeof(*h));
	unsigned char obj[1024];

	CHECK(b != NULL && h != NULL, "whole bodies: %s", e.msg);
	if (b != NULL && h != NULL) {
		for (size_t k = 0; k < n; k++) {
			body_read(b, obj_no(k), 0, obj, size);
			h[k] = fnv(obj, size);
		}
		CHECK(duplicates((unsigned char *)h, n, sizeof(*h), cmp_u64) == 0,
		      "the hashes of %zu whole 1 KiB bodies are distinct", n);
	}
	free(h);
	body_free(b);
}

static void test_random(void)
{
	static const uint64_t sizes[] = {4096, 256 << 10, 5 << 20};
	struct err e = {{0}};

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		uint64_t size = sizes[s];
		struct body_buf *b = body_new(size, 42 + s, &e);
		unsigned char *p = malloc(size);
		size_t zeros = 0;

		CHECK(b != NULL && p != NULL, "size %llu: %s", (unsigned long long)size, e.msg);
		if (b == NULL || p == NULL) {
			free(p);
			body_free(b);
			continue;
		}
		body_read(b, 7, 0, p, size);
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
		free(p);
		body_free(b);
	}
}

int main(void)
{
	struct err e = {{0}};
	unsigned char x[64], y[64];

	test_unique(16);
	test_unique(4096);
	test_unique(BODY_INPLACE_MAX);
	test_unique(24u << 20);
	test_whole_bodies();
	test_random();
	/* the stamp byte by byte = in one read */
	struct body_buf *a = body_new(4096, 1, &e), *b = body_new(4096, 2, &e);
	CHECK(a && b, "two buffers: %s", e.msg);
	if (a && b) {
		body_read(a, 5, 0, x, sizeof(x));
		for (size_t i = 0; i < sizeof(y); i++)
			body_read(a, 5, i, y + i, 1);
		CHECK(memcmp(x, y, sizeof(x)) == 0, "read in pieces = read at once");
		body_read(b, 5, 0, y, sizeof(y));
		CHECK(memcmp(x, y, sizeof(x)) != 0, "seeds differ");
	}
	body_free(a);
	body_free(b);
	return check_done();
}
