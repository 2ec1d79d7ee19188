/* core/jcs.h: the JSON Canonicalization Scheme (RFC 8785) of a jansson value: object
 * members sorted by the UTF-16 code units of their names, no white space, strings
 * with only the escapes RFC 8785 requires, numbers as ECMAScript writes them (the
 * shortest digits that read back to the same double). The manifest's digest is the
 * SHA-256 of this form (docs/FORMATS.md). */
#ifndef CORE_JCS_H
#define CORE_JCS_H

#include <jansson.h>

#include "core/err.h"
#include "core/strbuf.h"

/* jcs_dump: append the canonical form of v to out. skip, when not NULL, names a member
 * of the top-level object left out (the manifest's "digest"). Returns 0, or -1 with e
 * set: a number that is not finite, out of memory. */
int jcs_dump(const json_t *v, const char *skip, struct strbuf *out, struct err *e);

/* jcs_number: the ECMAScript form of x (Number::toString: "0.05", "1e+21", "1",
 * "-0" written "0") into buf (32 bytes are enough). -1 when x is not finite. */
int jcs_number(double x, char *buf, size_t n);

/* jcs_digest: SHA-256 of jcs_dump(v, skip) as 64 lower-case hex digits into hex
 * (65 bytes). 0, or -1 with e set. */
int jcs_digest(const json_t *v, const char *skip, char *hex, struct err *e);

#endif
