/* core/utf8.c: see utf8.h. */
#include "core/utf8.h"

#include <stdio.h>
#include <string.h>

/* seq_len: the length of the valid sequence at s (n bytes left), 0 when it is not one. */
static size_t seq_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0], cp;
	size_t len;

	if (c >= 0x01 && c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2, cp = c & 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3, cp = c & 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4, cp = c & 0x07;
	else
		return 0; /* NUL, a continuation byte, C0, C1, F5..FF */
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
	    (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

int utf8_valid(const char *s, size_t n, size_t *bad)
{
	const unsigned char *u = (const unsigned char *)s;

	for (size_t i = 0; i < n;) {
		size_t k = seq_len(u + i, n - i);
		if (k == 0) {
			if (bad != NULL)
				*bad = i;
			return 0;
		}
		i += k;
	}
	return 1;
}

char *utf8_scrub(char *s)
{
	unsigned char *u = (unsigned char *)s;
	size_t n = strlen(s);

	for (size_t i = 0; i < n;) {
		size_t k = seq_len(u + i, n - i);
		if (k == 0) {
			u[i++] = '?';
			continue;
		}
		i += k;
	}
	return s;
}

const char *utf8_describe(const char *s, char *buf, size_t n)
{
	size_t bad;

	if (n > 0)
		buf[0] = '\0';
	if (!utf8_valid(s, strlen(s), &bad))
		snprintf(buf, n, "byte 0x%02X at position %zu", (unsigned char)s[bad], bad + 1);
	return buf;
}
