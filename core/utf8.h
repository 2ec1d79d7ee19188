/* core/utf8.h: UTF-8 as JSON needs it (RFC 3629, as jansson checks it: no overlong form,
 * no surrogate, nothing above U+10FFFF). Every text collect writes into JSON is UTF-8:
 * what the user typed (a campaign file, a flag) is refused when it is not, naming where;
 * what came from outside (a server's error text, a message cut at a buffer's size) is
 * scrubbed, never dropped. */
#ifndef CORE_UTF8_H
#define CORE_UTF8_H

#include <stddef.h>

/* utf8_valid: 1 when the n bytes at s are valid UTF-8 (a NUL byte is not), else 0 with
 * the offset of the first byte of the first bad sequence in *bad (when bad is not NULL). */
int utf8_valid(const char *s, size_t n, size_t *bad);

/* utf8_scrub: replace each byte of s (NUL-terminated) that is not part of a valid
 * sequence with '?', in place (the length stays); returns s. */
char *utf8_scrub(char *s);

/* utf8_describe: "byte 0xE9 at position 12" for the first bad byte of s (from 1)
 * into buf (n bytes), for messages; returns buf ("" when s is valid). */
const char *utf8_describe(const char *s, char *buf, size_t n);

#endif
