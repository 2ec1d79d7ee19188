/* collect/body.c: see body.h. */
#include "collect/body.h"

#include <stdlib.h>
#include <string.h>

struct body_buf {
	unsigned char *p;
	uint64_t len;       /* max_size + BODY_SLACK */
	uint64_t max_size;
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
	b->max_size = max_size;
	b->len = max_size + BODY_SLACK;
	b->p = malloc((size_t)b->len + 8);
	if (b->p == NULL)
		goto nomem;
	for (int i = 0; i < 4; i++)
		s[i] = splitmix(&x);
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
		(unsigned long long)(max_size + BODY_SLACK));
	return NULL;
}

void body_free(struct body_buf *b)
{
	if (b == NULL)
		return;
	free(b->p);
	free(b);
}

const void *body_slice(const struct body_buf *b, uint64_t n, uint64_t size)
{
	uint64_t x = n, room = b->len - (size <= b->max_size ? size : b->max_size);
	uint64_t off = splitmix(&x) % (room + 1);

	return b->p + off;
}
