/* tests/unit/test_timefmt.c: RFC 3339 formatting and parsing (Go's RFC3339Nano). */
#include <stdint.h>

#include "tests/unit/check.h"
#include "core/timefmt.h"

static const struct {
	int64_t ns;
	const char *text;
} fmt_cases[] = {
	{0, "1970-01-01T00:00:00Z"},
	{1, "1970-01-01T00:00:00.000000001Z"},
	{1754429676500000000LL, "2025-08-05T21:34:36.5Z"},
	{1754429676123456789LL, "2025-08-05T21:34:36.123456789Z"},
	{1754429676120000000LL, "2025-08-05T21:34:36.12Z"},
	{1754429676000001000LL, "2025-08-05T21:34:36.000001Z"},
	{951782400000000000LL, "2000-02-29T00:00:00Z"},
	{4107542399999999999LL, "2100-02-28T23:59:59.999999999Z"},
	{-1, "1969-12-31T23:59:59.999999999Z"},
	{-86400000000000LL, "1969-12-31T00:00:00Z"},
};

static const struct {
	const char *text;
	int ok;
	int64_t ns;
} parse_cases[] = {
	{"2025-08-05T21:34:36.5Z", 1, 1754429676500000000LL},
	{"2025-08-05T21:34:36Z", 1, 1754429676000000000LL},
	{"2025-08-05T23:34:36.5+02:00", 1, 1754429676500000000LL},
	{"2025-08-05T16:04:36.123456789-05:30", 1, 1754429676123456789LL},
	{"2025-08-05t21:34:36z", 1, 1754429676000000000LL},
	{"2024-02-29T00:00:00Z", 1, 1709164800000000000LL},
	{"2023-02-29T00:00:00Z", 0, 0},
	{"2025-08-05T21:34:36.Z", 0, 0},
	{"2025-08-05T21:34:36.1234567891Z", 0, 0},
	{"2025-08-05T21:34:36", 0, 0},
	{"2025-08-05 21:34:36Z", 0, 0},
	{"2025-13-05T21:34:36Z", 0, 0},
	{"2025-08-05T24:00:00Z", 0, 0},
	{"2025-08-05T21:34:36+0200", 0, 0},
	{"2025-08-05T21:34:36Zjunk", 0, 0},
	{"", 0, 0},
	{"abc", 0, 0},
	/* nine fraction digits (read eight at a time): a non-digit among them, the bounds of
	 * int64 nanoseconds */
	{"2025-08-05T21:34:36.000000009+01:00", 1, 1754426076000000009LL},
	{"2025-08-05T21:34:36.12345a789Z", 0, 0},
	{"2025-08-05T21:34:36.123456789", 0, 0},
	{"2262-04-11T23:47:16.854775807Z", 1, INT64_MAX},
	{"2262-04-11T23:47:16.854775808Z", 0, 0},
	{"1677-09-21T00:12:44Z", 1, -9223372036000000000LL},
};

int main(void)
{
	char buf[RFC3339_MAX];
	size_t i;
	int64_t a, b, ns;

	for (i = 0; i < sizeof(fmt_cases) / sizeof(fmt_cases[0]); i++) {
		size_t n = rfc3339_format(buf, sizeof(buf), fmt_cases[i].ns);

		CHECK_STR(buf, fmt_cases[i].text, "format %lld", (long long)fmt_cases[i].ns);
		CHECK(n == strlen(fmt_cases[i].text), "format length %zu", i);
		ns = 12345;
		CHECK(rfc3339_parse(fmt_cases[i].text, &ns) == 0 && ns == fmt_cases[i].ns,
		      "round trip %s -> %lld", fmt_cases[i].text, (long long)ns);
	}
	for (i = 0; i < sizeof(parse_cases) / sizeof(parse_cases[0]); i++) {
		int rc = rfc3339_parse(parse_cases[i].text, &ns);

		CHECK((rc == 0) == parse_cases[i].ok, "parse '%s' rc %d", parse_cases[i].text, rc);
		if (parse_cases[i].ok)
			CHECK(ns == parse_cases[i].ns, "parse '%s' = %lld", parse_cases[i].text,
			      (long long)ns);
	}
	/* time_days_from_civil: the epoch, a leap day, before 1970, year 1 (python3's
	 * datetime.date(y, m, d).toordinal() - 719163) */
	CHECK(time_days_from_civil(1970, 1, 1) == 0, "days 1970-01-01");
	CHECK(time_days_from_civil(2024, 2, 29) == 19782, "days 2024-02-29");
	CHECK(time_days_from_civil(1969, 12, 31) == -1, "days 1969-12-31");
	CHECK(time_days_from_civil(1, 1, 1) == -719162, "days 0001-01-01");
	/* rfc3339_parse_n with a cache carried from case to case (hits, misses, a hit
	 * followed by a bad suffix), forwards then backwards: what rfc3339_parse says */
	struct rfc3339_cache c;
	size_t np = sizeof(parse_cases) / sizeof(parse_cases[0]);

	memset(&c, 0, sizeof(c));

	for (i = 0; i < 2 * np; i++) {
		const char *t = parse_cases[i < np ? i : 2 * np - 1 - i].text;
		int64_t want = 0, got = 0;
		int rw = rfc3339_parse(t, &want), rg = rfc3339_parse_n(t, strlen(t), &c, &got);

		CHECK(rw == rg && (rw < 0 || want == got), "parse_n '%s': %d %lld, want %d %lld", t,
		      rg, (long long)got, rw, (long long)want);
		rg = rfc3339_parse_n(t, strlen(t), &c, &got); /* the same again: a hit */
		CHECK(rw == rg && (rw < 0 || want == got), "parse_n again '%s'", t);
	}
	CHECK(rfc3339_parse_n("2025-08-05T21:34:36Z", 20, &c, &ns) == 0 &&
		      rfc3339_parse_n("2025-08-05T21:34:36.5Zx", 23, &c, &ns) == -1 &&
		      rfc3339_parse_n("2025-08-05T21:34:36Z\0", 21, &c, &ns) == -1 &&
		      rfc3339_parse_n("2025-08-05T21:34:36.5+01:00", 26, &c, &ns) == -1 &&
		      rfc3339_parse_n("2025-08-05T21:34:36.5+01:00", 27, &c, &ns) == 0 &&
		      ns == 1754429676500000000LL - 3600000000000LL,
	      "parse_n: length bounds the text; a cached second with other suffixes");
	a = time_now_ns();
	CHECK(a > 1700000000000000000LL, "time_now_ns is wall clock: %lld", (long long)a);
	a = time_mono_ns();
	b = time_mono_ns();
	CHECK(b >= a, "monotonic clock does not go back");
	CHECK(rfc3339_format(buf, 8, 0) == 7, "truncated format returns the stored length");
	return check_done();
}
