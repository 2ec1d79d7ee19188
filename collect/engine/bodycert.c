/* collect/engine/bodycert.c: see bodycert.h. */
#include "collect/engine/bodycert.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "core/rng.h"
#include "core/sort_i64.h"

struct pick {
	uint64_t n, off, len;
};

struct bodycert_sampler {
	pthread_mutex_t lock;
	uint64_t rng, offered;
	size_t kept;
	struct pick r[BODYCERT_BODIES];
};

struct bodycert_sampler *bodycert_new(uint64_t seed, struct err *e)
{
	struct bodycert_sampler *s = calloc(1, sizeof(*s));

	if (s == NULL || pthread_mutex_init(&s->lock, NULL) != 0) {
		free(s);
		err_set(e, "payload certificate: out of memory");
		return NULL;
	}
	s->rng = seed;
	return s;
}

void bodycert_free(struct bodycert_sampler *s)
{
	if (s == NULL)
		return;
	pthread_mutex_destroy(&s->lock);
	free(s);
}

void bodycert_offer(struct bodycert_sampler *s, uint64_t n, uint64_t off, uint64_t len)
{
	struct pick p = {n, off, len};

	if (s == NULL || len == 0)
		return;
	pthread_mutex_lock(&s->lock);
	s->offered++;
	if (s->kept < BODYCERT_BODIES) {
		s->r[s->kept++] = p;
	} else {
		uint64_t j = rng_below(&s->rng, s->offered);
		if (j < BODYCERT_BODIES)
			s->r[j] = p;
	}
	pthread_mutex_unlock(&s->lock);
}

/* hash_words: a 64-bit hash of n bytes (n a multiple of 8) chained from h. */
static uint64_t hash_words(uint64_t h, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i += 8) {
		uint64_t v;
		memcpy(&v, p + i, 8);
		h = rng_mix(h ^ v);
	}
	return h;
}

/* distinct_share: the share of distinct values among v[0..n) (sorted here); NaN for n 0. */
static double distinct_share(int64_t *v, size_t n)
{
	size_t d = n > 0;

	if (n == 0)
		return NAN;
	sort_i64(v, n);
	for (size_t i = 1; i < n; i++)
		d += v[i] != v[i - 1];
	return (double)d / (double)n;
}

/* Where the figures are gathered. */
struct tally {
	int64_t *h4, *h512;
	size_t n4, n512;
	uint64_t in, out;
};

/* window: the sampled bytes of body p (the window [a, a + len) of its object) into t. */
static int window(const struct body_buf *b, const struct pick *p, uint64_t a, size_t len,
		  unsigned char *buf, void *z, size_t zcap, ZSTD_CCtx *cc, struct tally *t,
		  struct err *e)
{
	uint64_t first = (a + BODYCERT_SMALL - 1) / BODYCERT_SMALL * BODYCERT_SMALL;
	uint64_t h4 = 0;
	int in4 = 0;
	size_t zn;

	body_read(b, p->n, a, buf, len);
	for (uint64_t o = first; o + BODYCERT_SMALL <= a + len; o += BODYCERT_SMALL) {
		uint64_t h = hash_words(0x9e3779b97f4a7c15ULL, buf + (o - a), BODYCERT_SMALL);

		t->h512[t->n512++] = (int64_t)h;
		if (o % BODYCERT_BLOCK == 0) {
			h4 = 0x7f4a7c159e3779b9ULL;
			in4 = 0;
		}
		h4 = rng_mix(h4 ^ h);
		in4++;
		/* a whole 4 KiB block: all eight of its pieces seen from its start */
		if (in4 == BODYCERT_BLOCK / BODYCERT_SMALL &&
		    (o + BODYCERT_SMALL) % BODYCERT_BLOCK == 0)
			t->h4[t->n4++] = (int64_t)h4;
	}
	zn = ZSTD_compressCCtx(cc, z, zcap, buf, len, BODYCERT_ZSTD_LEVEL);
	if (ZSTD_isError(zn))
		return err_set(e, "payload certificate: zstd: %s", ZSTD_getErrorName(zn));
	t->in += len;
	t->out += zn;
	return 0;
}

int bodycert_compute(struct bodycert_sampler *s, const struct body_buf *b, struct bodycert *out,
		     struct err *e)
{
	uint64_t w = s->kept > 0 ? BODYCERT_BYTES / s->kept / BODYCERT_BLOCK * BODYCERT_BLOCK : 0;
	size_t cap = 0, zcap;
	struct tally t = {0};
	unsigned char *buf = NULL;
	void *z = NULL;
	ZSTD_CCtx *cc = ZSTD_createCCtx();
	int rc = -1;

	if (w < BODYCERT_BLOCK)
		w = BODYCERT_BLOCK;
	memset(out, 0, sizeof(*out));
	out->offered = s->offered;
	out->sampled = s->kept;
	for (size_t i = 0; i < s->kept; i++)
		cap += (size_t)((s->r[i].len < w ? s->r[i].len : w) / BODYCERT_SMALL + 1);
	zcap = ZSTD_compressBound((size_t)w);
	buf = malloc((size_t)w);
	z = malloc(zcap);
	t.h512 = malloc((cap + 1) * sizeof(int64_t));
	t.h4 = malloc((cap / 8 + 1) * sizeof(int64_t));
	if (cc == NULL || buf == NULL || z == NULL || t.h512 == NULL || t.h4 == NULL) {
		err_set(e, "payload certificate: out of memory");
		goto done;
	}
	for (size_t i = 0; i < s->kept; i++) {
		const struct pick *p = &s->r[i];
		uint64_t len = p->len < w ? p->len : w, start = 0;

		if (p->len > w)
			start = rng_below(&s->rng, (p->len - w) / BODYCERT_BLOCK + 1) *
				BODYCERT_BLOCK;
		if (window(b, p, p->off + start, (size_t)len, buf, z, zcap, cc, &t, e) != 0)
			goto done;
	}
	out->bytes = t.in;
	out->blocks_4k = t.n4;
	out->blocks_512 = t.n512;
	out->unique_4k_share = distinct_share(t.h4, t.n4);
	out->unique_512_share = distinct_share(t.h512, t.n512);
	out->zstd_ratio = t.out > 0 ? (double)t.in / (double)t.out : NAN;
	rc = 0;
done:
	ZSTD_freeCCtx(cc);
	free(buf);
	free(z);
	free(t.h512);
	free(t.h4);
	return rc;
}
