/* core/timefmt.h: wall-clock time and RFC 3339 text (Warp's encoding). */
#ifndef CORE_TIMEFMT_H
#define CORE_TIMEFMT_H

#include <stddef.h>
#include <stdint.h>

/* time_now_ns: CLOCK_REALTIME in Unix nanoseconds. */
int64_t time_now_ns(void);

/* time_mono_ns: CLOCK_MONOTONIC in nanoseconds (for measuring intervals). */
int64_t time_mono_ns(void);

/* time_build_s: the time of this build in Unix seconds: SOURCE_DATE_EPOCH when it is
 * set to a whole number >= 0 (reproducible output), else now. */
int64_t time_build_s(void);

/* time_days_from_civil: days since 1970-01-01 of a proleptic Gregorian date (m 1..12,
 * d 1..31; negative before 1970). No check of the date's validity. */
int64_t time_days_from_civil(int64_t y, int m, int d);

#define RFC3339_MAX 40

/* rfc3339_format: write ns as UTC RFC 3339 with up to 9 fractional digits, trailing
 * zeros (and a bare '.') dropped, into buf (at least RFC3339_MAX bytes).
 * Returns the length. Example: 2025-08-05T21:34:36.5Z */
size_t rfc3339_format(char *buf, size_t n, int64_t ns);

/* rfc3339_parse: parse RFC 3339 with 0-9 fractional digits and 'Z' or a +hh:mm /
 * -hh:mm offset into Unix ns. Returns 0, or -1 when s is not such a time or lies
 * outside what int64 nanoseconds hold (1677-09-21 to 2262-04-11). */
int rfc3339_parse(const char *s, int64_t *ns);

/* The last date and time of day (19 characters) rfc3339_parse_n read, with its value:
 * rows of a log share it. Zero it before the first use. */
struct rfc3339_cache {
	char text[19];
	int valid;
	int64_t local;
};

/* rfc3339_parse_n: rfc3339_parse of the n bytes at s (no NUL needed; a NUL inside is
 * an error). With c (may be NULL) the date and time of day are parsed only when they
 * differ from the previous call's; c is the caller's, one per stream. */
int rfc3339_parse_n(const char *s, size_t n, struct rfc3339_cache *c, int64_t *ns);

#endif
