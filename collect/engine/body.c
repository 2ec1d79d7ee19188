/* collect/engine/body.c: see body.h. */
#include "collect/engine/body.h"

#include <stdlib.h>
#include <string.h>

struct body_buf {
	unsigned char *p;
	uint64_t len;      /* min(max_size, BODY_INPLACE_MAX) + BODY_SLACK */
	uint64_t max_size; /* the largest object served in place */
	uint64_t key[2];   /* of the stamps: from the seed */
};

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* splitmix64: spreads a seed over the generator state. */
static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

struct body_buf *body_new(uint64_t max_size, uint64_t seed, struct err *e)
{
	struct body_buf *b = calloc(1, sizeof(*b));
	uint64_t s[4], x = seed;

	if (b == NULL)
		goto nomem;
	b->max_size = max_size < BODY_INPLACE_MAX ? max_size : BODY_INPLACE_MAX;
	b->len = b->max_size + BODY_SLACK;
	b->p = malloc((size_t)b->len + 8);
	if (b->p == NULL)
		goto nomem;
	for (int i = 0; i < 4; i++)
		s[i] = splitmix(&x);
	b->key[0] = splitmix(&x);
	b->key[1] = splitmix(&x);
	for (uint64_t i = 0; i < b->len; i += 8) {
		/* xoshiro256** */
		uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
		s[2] ^= s[0];
		s[3] ^= s[1];
		s[1] ^= s[2];
		s[0] ^= s[3];
		s[2] ^= t;
		s[3] = rotl(s[3], 45);
		memcpy(b->p + i, &r, 8);
	}
	return b;
nomem:
	body_free(b);
	err_set(e, "body: cannot allocate %llu bytes for the random PUT buffer",
		(unsigned long long)((max_size < BODY_INPLACE_MAX ? max_size : BODY_INPLACE_MAX) +
				     BODY_SLACK));
	return NULL;
}

void body_free(struct body_buf *b)
{
	if (b == NULL)
		return;
	free(b->p);
	free(b);
}

/* slice: where object n's bytes start in the buffer (objects up to BODY_INPLACE_MAX). */
static const unsigned char *slice(const struct body_buf *b, uint64_t n, uint64_t size)
{
	uint64_t x = n, room = b->len - (size <= b->max_size ? size : b->max_size);

	return b->p + splitmix(&x) % (room + 1);
}

void body_stamp(const struct body_buf *b, uint64_t n, unsigned char out[BODY_STAMP])
{
	/* splitmix64 is a bijection of its 64-bit input: distinct n, distinct first word */
	uint64_t x = n ^ b->key[0], y = n + b->key[1], w0 = splitmix(&x), w1 = splitmix(&y);

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

void body_read(const struct body_buf *b, uint64_t n, uint64_t size, uint64_t off, void *dst,
	       size_t len)
{
	unsigned char *d = dst, st[BODY_STAMP];
	uint64_t o = off;
	size_t l = len;

	if (size <= BODY_INPLACE_MAX) {
		memcpy(d, slice(b, n, size) + off, len);
	} else {
		while (l > 0) {
			uint64_t k = o / BODY_CHUNK, in = o % BODY_CHUNK;
			uint64_t x = splitmix(&(uint64_t){n}) ^ (k * 0xd1b54a32d192ed03ULL);
			uint64_t src = splitmix(&x) % (b->len - BODY_CHUNK + 1);
			uint64_t key = splitmix(&x) | 1;
			size_t m = BODY_CHUNK - in < l ? (size_t)(BODY_CHUNK - in) : l;

			chunk_xor(d + (o - off), b->p + src + in, m, key, (size_t)in);
			o += m;
			l -= m;
		}
	}
	/* the object's stamp over its first BODY_STAMP bytes (those of [off, off + len)) */
	if (off < BODY_STAMP && len > 0) {
		uint64_t end = off + len < BODY_STAMP ? off + len : BODY_STAMP;
		body_stamp(b, n, st);
		memcpy(d, st + off, (size_t)(end - off));
	}
}
