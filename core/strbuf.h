/* core/strbuf.h: the growable NUL-terminated string every stage shares.
 *
 * Two ways to use it, mixed freely:
 * - check each append: every add returns 0, or -1 when memory runs out (collect's
 *   request building and SigV4 signing);
 * - check once at the end: a failure also sets the sticky `failed` flag, after which
 *   every add is a no-op returning -1 until strbuf_reset or strbuf_free, so a builder
 *   may append blindly and test `failed` (or strbuf_take's NULL) once (render).
 *
 * A zeroed struct strbuf ({0}) is a valid empty buffer. After a successful add the
 * text is NUL-terminated; a failed add leaves the text as it was. The buffer keeps
 * its memory across strbuf_reset, so a buffer reused between requests allocates only
 * when a text is longer than any before it. Not thread-safe: one owner at a time. */
#ifndef CORE_STRBUF_H
#define CORE_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *p;    /* owned; NULL until the first growth; p[len] == '\0' when p != NULL */
	size_t len; /* bytes used, not counting the NUL */
	size_t cap; /* bytes allocated */
	int failed; /* sticky: an add failed since the last reset/free; callers may set it
	                * to mark the text incomplete (strbuf_take then refuses it) */
};

/* strbuf_reserve: make room for `more` bytes beyond len plus the NUL, without changing
 * the text. Returns 0, or -1 (and sets failed) when memory runs out or the size would
 * overflow; -1 at once when failed is already set. */
int strbuf_reserve(struct strbuf *b, size_t more);

/* strbuf_add: append the n bytes at s (which may contain NULs; must not point into b).
 * Returns 0 or -1 as strbuf_reserve. */
int strbuf_add(struct strbuf *b, const char *s, size_t n);

/* strbuf_adds: append the C string s. Returns 0 or -1 as strbuf_reserve. */
int strbuf_adds(struct strbuf *b, const char *s);

/* strbuf_addc: append the byte c. Returns 0 or -1 as strbuf_reserve. */
int strbuf_addc(struct strbuf *b, char c);

/* strbuf_addu: append the decimal digits of v. Returns 0 or -1 as strbuf_reserve. */
int strbuf_addu(struct strbuf *b, unsigned long long v);

/* strbuf_addf: append printf(fmt, ...). Returns 0, or -1 (and sets failed) when
 * memory runs out or fmt cannot be formatted. */
int strbuf_addf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* strbuf_reset: empty the text and clear failed; the memory is kept for reuse. */
void strbuf_reset(struct strbuf *b);

/* strbuf_cstr: the text ("" when nothing was added); borrowed, valid until the next
 * change of b. Does not look at failed. */
const char *strbuf_cstr(const struct strbuf *b);

/* strbuf_take: hand the text over: a new string the caller frees ("" when nothing was
 * added), and b becomes an empty zeroed buffer. NULL when failed is set (the partial
 * text is freed) or when the "" cannot be allocated. */
char *strbuf_take(struct strbuf *b);

/* strbuf_free: release the memory; b becomes an empty zeroed buffer, ready for reuse. */
void strbuf_free(struct strbuf *b);

#endif
