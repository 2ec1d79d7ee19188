/* tests/unit/test_tzone.c: a subject's time zone (core/tzone.c): names checked against the
 * system zoneinfo (a zone, an unknown one, a path outside it, an empty one), and the local
 * hour, ISO weekday and offset in New York across its daylight-saving change and in Seoul,
 * with the process's own TZ put back after each call. */
#include <stdlib.h>
#include <string.h>

#include "core/tzone.h"
#include "tests/unit/check.h"

static const struct {
	const char *zone;
	int64_t t;
	int hour, weekday, off;
} cases[] = {
	{"America/New_York", 1796472000, 7, 6, -300}, /* 2026-12-05T12:00:00Z: Saturday, EST */
	{"America/New_York", 1782907200, 8, 3, -240}, /* 2026-07-01T12:00:00Z: Wednesday, EDT */
	{"Asia/Seoul", 1796515199, 8, 7, 540},        /* 2026-12-05T23:59:59Z: Sunday 08:59 */
	{"UTC", 1796515200, 0, 7, 0},                 /* 2026-12-06T00:00:00Z: Sunday */
};

int main(void)
{
	struct err e;

	setenv("TZ", "Europe/Paris", 1);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int h = -1, d = -1, off = -1;
		int rc = tzone_local(cases[i].zone, cases[i].t, &h, &d, &off);
		CHECK(rc == 0 && h == cases[i].hour && d == cases[i].weekday && off == cases[i].off,
		      "%s at %lld: %02d h, weekday %d, offset %d (want %02d, %d, %d)",
		      cases[i].zone, (long long)cases[i].t, h, d, off, cases[i].hour,
		      cases[i].weekday, cases[i].off);
		CHECK_STR(getenv("TZ"), "Europe/Paris", "%s: the process's TZ put back",
			  cases[i].zone);
	}
	CHECK(tzone_check("America/New_York", &e) == 0, "America/New_York is a zone");
	CHECK(tzone_check("Mars/Olympus", &e) < 0 && strstr(e.msg, "not a time zone of") != NULL,
	      "Mars/Olympus is not: %s", e.msg);
	CHECK(tzone_check("../../etc/passwd", &e) < 0 && strstr(e.msg, "not a time zone name"),
	      "a path out of zoneinfo is not a name: %s", e.msg);
	CHECK(tzone_check("", &e) < 0 && tzone_check("America//New_York", &e) < 0 &&
		      tzone_check("America/", &e) < 0,
	      "empty names and parts refused");
	return check_done();
}
