/* core/strbuf.c: see strbuf.h. */
#include "core/strbuf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* grow: the slow half of strbuf_reserve (fast path: failed clear and room left). */
static int grow(struct strbuf *b, size_t more)
{
	size_t cap, need;
	char *p;

	if (b->failed)
		return -1;
	if (more > SIZE_MAX / 2 - b->len - 1) {
		b->failed = 1;
		return -1;
	}
	need = b->len + more + 1;
	cap = b->cap ? b->cap : 256;
	while (cap < need)
		cap *= 2;
	p = realloc(b->p, cap);
	if (p == NULL) {
		b->failed = 1;
		return -1;
	}
	b->p = p;
	b->cap = cap;
	b->p[b->len] = '\0';
	return 0;
}

int strbuf_reserve(struct strbuf *b, size_t more)
{
	/* cap > len whenever cap != 0, so this needs no overflow check; failed implies
	 * nothing is appended any more */
	if (!b->failed && more < b->cap - b->len)
		return 0;
	return grow(b, more);
}

int strbuf_add(struct strbuf *b, const char *s, size_t n)
{
	if (strbuf_reserve(b, n) != 0)
		return -1;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

int strbuf_adds(struct strbuf *b, const char *s)
{
	return strbuf_add(b, s, strlen(s));
}

int strbuf_addc(struct strbuf *b, char c)
{
	return strbuf_add(b, &c, 1);
}

int strbuf_addu(struct strbuf *b, unsigned long long v)
{
	char tmp[24];
	size_t i = sizeof(tmp);

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	return strbuf_add(b, tmp + i, sizeof(tmp) - i);
}

int strbuf_addf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = 1;
		return -1;
	}
	if (strbuf_reserve(b, (size_t)n) != 0)
		return -1;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

void strbuf_reset(struct strbuf *b)
{
	b->len = 0;
	b->failed = 0;
	if (b->p != NULL)
		b->p[0] = '\0';
}

const char *strbuf_cstr(const struct strbuf *b)
{
	return b->p != NULL ? b->p : "";
}

char *strbuf_take(struct strbuf *b)
{
	char *s = b->p;

	if (b->failed) {
		strbuf_free(b);
		return NULL;
	}
	if (s == NULL)
		s = strdup("");
	b->p = NULL;
	b->len = 0;
	b->cap = 0;
	return s;
}

void strbuf_free(struct strbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = 0;
	b->cap = 0;
	b->failed = 0;
}
