/* core/digits.h: decimal digits read eight at a time, for the readers of large logs (the
 * ops log's integers, RFC 3339 fractions), where a digit at a time was a measured share of
 * analyze's time (bench/README.md, "study.sh"). */
#ifndef CORE_DIGITS_H
#define CORE_DIGITS_H

#include <stdint.h>

/* digits8: the value of the eight ASCII decimal digits s[0..7] (all eight readable) into *v
 * and 0; -1 when one of them is not a digit ('0' to '9'), *v untouched. */
int digits8(const char *s, uint32_t *v);

#endif
