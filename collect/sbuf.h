/* collect/sbuf.h: a growable byte buffer that is reused between requests, so the hot
 * path allocates only when a request is larger than any before it.
 *
 * A zeroed struct sbuf is a valid empty buffer. The text is always NUL-terminated
 * (after the first successful add). On allocation failure the add functions return -1
 * and leave the buffer as it was. */
#ifndef COLLECT_SBUF_H
#define COLLECT_SBUF_H

#include <stddef.h>

struct sbuf {
	char *p;       /* owned; NULL until the first add */
	size_t len;    /* bytes used, not counting the NUL */
	size_t cap;    /* bytes allocated */
};

/* sbuf_reserve: make room for `more` bytes beyond len (plus the NUL). */
int sbuf_reserve(struct sbuf *b, size_t more);
/* sbuf_add: append n bytes of s. */
int sbuf_add(struct sbuf *b, const char *s, size_t n);
/* sbuf_adds: append the C string s. */
int sbuf_adds(struct sbuf *b, const char *s);
/* sbuf_addc: append one byte. */
int sbuf_addc(struct sbuf *b, char c);
/* sbuf_addu: append the decimal form of v. */
int sbuf_addu(struct sbuf *b, unsigned long long v);
/* sbuf_reset: empty the text, keep the memory. */
void sbuf_reset(struct sbuf *b);
/* sbuf_cstr: the text ("" for an empty buffer); borrowed until the next change. */
const char *sbuf_cstr(const struct sbuf *b);
/* sbuf_free: release the memory; the buffer is empty and reusable afterwards. */
void sbuf_free(struct sbuf *b);

#endif
