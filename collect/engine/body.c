/* collect/engine/body.c: see body.h. */
#include "collect/engine/body.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"

/* What zstd (level 3) spends on a piece's run of zeros, in bytes: 512 / measured - random
 * bytes, 1.8 to 2.3 over R = 1.5 .. 16 in 1 MiB bodies (BODY_DATA_PRINT=1
 * build/tests/test_body_data prints them; docs/METHODOLOGY.md, "Upload data"). */
#define ZERO_RUN_COST 2.2

struct body_buf {
	unsigned char *p;
	uint64_t len;    /* min(max_size, BODY_INPLACE_MAX) + BODY_SLACK */
	uint64_t key[2]; /* of the stamps: from the seed */
	enum body_data data;
	double value;  /* R or F */
	unsigned keep; /* compressible: the random bytes of a piece */
};

struct body_buf *body_new(uint64_t max_size, uint64_t seed, struct err *e)
{
	struct body_buf *b = calloc(1, sizeof(*b));
	uint64_t x = seed, in = max_size < BODY_INPLACE_MAX ? max_size : BODY_INPLACE_MAX;

	if (b == NULL)
		goto nomem;
	b->len = in + BODY_SLACK;
	b->p = malloc((size_t)b->len + 8);
	if (b->p == NULL)
		goto nomem;
	/* the buffer's generator takes the stream's first 4 numbers, the stamps' keys the
	 * next 2; whole 8-byte words (the buffer has room for the last one) */
	rng_fill(&x, b->p, (size_t)(b->len + 7) / 8 * 8);
	b->key[0] = rng_next(&x);
	b->key[1] = rng_next(&x);
	b->keep = BODY_PIECE;
	return b;
nomem:
	body_free(b);
	err_set(e, "body: cannot allocate %llu bytes for the random PUT buffer",
		(unsigned long long)(in + BODY_SLACK));
	return NULL;
}

void body_free(struct body_buf *b)
{
	if (b == NULL)
		return;
	free(b->p);
	free(b);
}

unsigned body_random_bytes(double ratio)
{
	double k = BODY_PIECE / ratio - ZERO_RUN_COST;

	if (ratio <= 1)
		return BODY_PIECE;
	return k > BODY_STAMP ? (unsigned)lround(k) : BODY_STAMP;
}

void body_set_mode(struct body_buf *b, enum body_data d, double value)
{
	b->data = d;
	b->value = value;
	b->keep = d == BODY_COMPRESSIBLE ? body_random_bytes(value) : BODY_PIECE;
}

/* body_stamp: object n's first BODY_STAMP bytes: a bijection of n keyed by the seed. */
static void body_stamp(const struct body_buf *b, uint64_t n, unsigned char out[BODY_STAMP])
{
	/* rng_mix is a bijection of its 64-bit input: distinct n, distinct first word */
	uint64_t x = n ^ b->key[0], y = n + b->key[1], w0 = rng_next(&x), w1 = rng_next(&y);

	memcpy(out, &w0, 8);
	memcpy(out + 8, &w1, 8);
}

/* chunk_xor: dst[0..len) = src[0..len) XOR the 8-byte key repeated from key offset k. */
static void chunk_xor(unsigned char *dst, const unsigned char *src, size_t len, uint64_t key,
		      size_t k)
{
	unsigned char kb[8];
	size_t i = 0;

	memcpy(kb, &key, 8);
	for (; i < len && (k + i) % 8 != 0; i++)
		dst[i] = src[i] ^ kb[(k + i) % 8];
	for (; i + 8 <= len; i += 8) {
		uint64_t v;
		memcpy(&v, src + i, 8);
		v ^= key;
		memcpy(dst + i, &v, 8);
	}
	for (; i < len; i++)
		dst[i] = src[i] ^ kb[(k + i) % 8];
}

/* random_read: the random bytes [off, off + len) of object n, chunk by chunk. */
static void random_read(const struct body_buf *b, uint64_t n, uint64_t off, unsigned char *d,
			size_t len)
{
	uint64_t o = off;
	size_t l = len;

	while (l > 0) {
		uint64_t k = o / BODY_CHUNK, in = o % BODY_CHUNK;
		uint64_t x = rng_next(&(uint64_t){n}) ^ (k * 0xd1b54a32d192ed03ULL);
		uint64_t src = rng_next(&x) % (b->len - BODY_CHUNK + 1);
		uint64_t key = rng_next(&x) | 1;
		size_t m = BODY_CHUNK - in < l ? (size_t)(BODY_CHUNK - in) : l;

		chunk_xor(d + (o - off), b->p + src + in, m, key, (size_t)in);
		o += m;
		l -= m;
	}
}

/* shape: the data mode over bytes [off, off + len) of an object, in d. */
static void shape(const struct body_buf *b, uint64_t off, unsigned char *d, size_t len)
{
	uint64_t end = off + len, unit = b->data == BODY_DEDUP ? BODY_BLOCK : BODY_PIECE;

	for (uint64_t u = off / unit * unit; u < end; u += unit) {
		uint64_t from = u > off ? u : off, to = u + unit < end ? u + unit : end;
		uint64_t k = u / unit;

		if (b->data == BODY_COMPRESSIBLE && to > u + b->keep) {
			uint64_t z = from > u + b->keep ? from : u + b->keep;
			memset(d + (z - off), 0, (size_t)(to - z));
		} else if (b->data == BODY_DEDUP &&
			   floor((double)(k + 1) * b->value) > floor((double)k * b->value)) {
			memcpy(d + (from - off), b->p + (from - u), (size_t)(to - from));
		}
	}
}

void body_read(const struct body_buf *b, uint64_t n, uint64_t off, void *dst, size_t len)
{
	unsigned char *d = dst, st[BODY_STAMP];

	random_read(b, n, off, d, len);
	if (b->data != BODY_RANDOM)
		shape(b, off, d, len);
	/* the object's stamp over its first BODY_STAMP bytes (those of [off, off + len)) */
	if (off < BODY_STAMP && len > 0) {
		uint64_t end = off + len < BODY_STAMP ? off + len : BODY_STAMP;
		body_stamp(b, n, st);
		memcpy(d, st + off, (size_t)(end - off));
	}
}
