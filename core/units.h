/* core/units.h: sizes and durations as people write them, shared by every stage.
 *
 * Sizes: a non-negative integer with an optional unit, upper/lower case alike for the
 * unit letters, optional blanks between number and unit:
 *   "123" or "123B"                     bytes
 *   "4KiB" "5MiB" "1GiB" "1TiB"         binary (1024-based)
 *   "1KB" "1MB" "1GB" "1TB"             decimal (1000-based)
 * A fraction is allowed when the result is a whole number of bytes ("1.5KiB" = 1536).
 *
 * Durations: one or more number+unit groups, largest unit first, no blanks inside:
 *   "500ms" "30s" "5m" "1h" "1h30m" "2m30s" "1.5s" "1d"
 * A bare number has no unit and is refused (is "30" seconds or minutes?).
 *
 * Formatting: units_format_size gives the exact form run directory names use
 * ("4KiB", "5MiB", "123B": the largest binary unit that divides the size, else bytes);
 * units_format_duration a short human form ("1h30m", "45s", "500ms", "1.5s"). */
#ifndef CORE_UNITS_H
#define CORE_UNITS_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* units_parse_size: parse s into *out (bytes). On failure returns -1 and sets
 * "'5XB' is not a size" (with the reason), to which the caller prefixes file:line:key. */
int units_parse_size(const char *s, uint64_t *out, struct err *e);

/* units_parse_duration: parse s into *out (seconds, > 0 or 0 for "0s"). Same errors
 * as units_parse_size ("'5x' is not a duration"). */
int units_parse_duration(const char *s, double *out, struct err *e);

/* units_parse_bitrate: a link speed, "10Gbit", "2.5Gbit/s", "100Mbit", "800kbit"
 * (decimal: 1 Gbit = 1000 Mbit), into *mbit (> 0). Errors as units_parse_size
 * ("'10GB' is not a bit rate ..."). */
int units_parse_bitrate(const char *s, double *mbit, struct err *e);

/* units_parse_percent: parse "10%" (a number from 0 to 100 followed by %, blanks allowed
 * before the %) into *out as a fraction (0.10). Errors as units_parse_size ("'10' is not
 * a percentage from 0% to 100% (10%)"). */
int units_parse_percent(const char *s, double *out, struct err *e);

#define UNITS_SIZE_MAX 32

/* units_format_size: write bytes into buf (at least UNITS_SIZE_MAX bytes) as the
 * directory-name form; returns buf. Round-trips through units_parse_size. */
char *units_format_size(uint64_t bytes, char *buf, size_t n);

/* A size for people: bytes in the largest binary unit, up to TiB, that leaves a value of at
 * least 1 ("B" below 1 KiB), and the decimals it is written with: 0 when the value is
 * whole, 2 below 10, else 1 (1.50 KiB, 256 KiB, 12.5 MiB, 512 B). */
struct units_human {
	double value;
	const char *unit; /* "B", "KiB", "MiB", "GiB" or "TiB" (static storage) */
	int decimals;
};

/* units_human: bytes as a size for people (struct units_human). The one rule of the tree;
 * the report writes the value in its language's number format (render/text/text.h,
 * text_size). */
struct units_human units_human(uint64_t bytes);

/* units_format_size_human: units_human's size as a message says it, "56 KiB", "1.50 MiB",
 * "512 B", into buf (n bytes; 32 hold any); returns buf. */
char *units_format_size_human(uint64_t bytes, char *buf, size_t n);

#define UNITS_DURATION_MAX 40

/* units_format_duration: write seconds as "1h30m", "5m", "2m30s", "45s", "1.5s",
 * "500ms", "0s" into buf (at least UNITS_DURATION_MAX bytes); returns buf. Whole
 * seconds from one minute up; milliseconds below one second. Negative values print
 * as "0s". Whole-second and whole-millisecond values round-trip. */
char *units_format_duration(double seconds, char *buf, size_t n);

#endif
