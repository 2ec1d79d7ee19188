/* collect/sbuf.c: see sbuf.h. */
#include "collect/sbuf.h"

#include <stdlib.h>
#include <string.h>

int sbuf_reserve(struct sbuf *b, size_t more)
{
	size_t need = b->len + more + 1;
	size_t cap;
	char *p;

	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap < need)
		cap *= 2;
	p = realloc(b->p, cap);
	if (p == NULL)
		return -1;
	b->p = p;
	b->cap = cap;
	b->p[b->len] = '\0';
	return 0;
}

int sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	if (sbuf_reserve(b, n) != 0)
		return -1;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

int sbuf_adds(struct sbuf *b, const char *s)
{
	return sbuf_add(b, s, strlen(s));
}

int sbuf_addc(struct sbuf *b, char c)
{
	return sbuf_add(b, &c, 1);
}

int sbuf_addu(struct sbuf *b, unsigned long long v)
{
	char tmp[24];
	size_t i = sizeof(tmp);

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	return sbuf_add(b, tmp + i, sizeof(tmp) - i);
}

void sbuf_reset(struct sbuf *b)
{
	b->len = 0;
	if (b->p != NULL)
		b->p[0] = '\0';
}

const char *sbuf_cstr(const struct sbuf *b)
{
	return b->p != NULL ? b->p : "";
}

void sbuf_free(struct sbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = 0;
	b->cap = 0;
}
