/* core/timefmt.c: see timefmt.h. Calendar arithmetic uses the proleptic Gregorian
 * calendar (days from civil / civil from days), so no dependence on the C library's
 * time zone state. */
#include "core/timefmt.h"

#include "core/digits.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NS_PER_S 1000000000LL

int64_t time_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

int64_t time_build_s(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long t;

	if (sde != NULL && *sde) {
		errno = 0;
		t = strtoll(sde, &end, 10);
		if (errno == 0 && *end == '\0' && t >= 0)
			return (int64_t)t;
	}
	return (int64_t)time(NULL);
}

int64_t time_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

int64_t time_days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

size_t rfc3339_format(char *buf, size_t n, int64_t ns)
{
	int64_t secs = ns / NS_PER_S, frac = ns % NS_PER_S, days, sod, y;
	int m, d, len, digits = 9;
	char fbuf[16];

	if (frac < 0) {
		frac += NS_PER_S;
		secs--;
	}
	days = secs / 86400;
	sod = secs % 86400;
	if (sod < 0) {
		sod += 86400;
		days--;
	}
	civil_from_days(days, &y, &m, &d);
	fbuf[0] = '\0';
	if (frac != 0) {
		int64_t f = frac;

		while (f % 10 == 0) {
			f /= 10;
			digits--;
		}
		snprintf(fbuf, sizeof(fbuf), ".%0*lld", digits, (long long)f);
	}
	len = snprintf(buf, n, "%04lld-%02d-%02dT%02d:%02d:%02d%sZ", (long long)y, m, d,
		       (int)(sod / 3600), (int)(sod / 60 % 60), (int)(sod % 60), fbuf);
	if (len < 0)
		return 0;
	if ((size_t)len >= n)
		return n ? n - 1 : 0;
	return (size_t)len;
}

/* Parse exactly `w` decimal digits at s into *v; -1 when one is not a digit. */
static int digits_n(const char *s, int w, int *v)
{
	int i, x = 0;

	for (i = 0; i < w; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		x = x * 10 + (s[i] - '0');
	}
	*v = x;
	return 0;
}

static int days_in_month(int64_t y, int m)
{
	static const int dm[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 ? 28 + leap : dm[m - 1];
}

/* The date and time of day (the first 19 characters) as seconds since 1970-01-01
 * of that wall clock. */
static int parse_datetime(const char *s, int64_t *local)
{
	int y, mo, d, h, mi, se;

	if (digits_n(s, 4, &y) || s[4] != '-' || digits_n(s + 5, 2, &mo) || s[7] != '-' ||
	    digits_n(s + 8, 2, &d) || (s[10] != 'T' && s[10] != 't') || digits_n(s + 11, 2, &h) ||
	    s[13] != ':' || digits_n(s + 14, 2, &mi) || s[16] != ':' || digits_n(s + 17, 2, &se))
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > days_in_month(y, mo) || h > 23 || mi > 59 || se > 59)
		return -1;
	*local = time_days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
	return 0;
}

/* What follows the seconds, from p to end: [.fraction] then Z or +hh:mm / -hh:mm. */
static int parse_rest(const char *p, const char *end, int64_t *frac, int64_t *off)
{
	int oh = 0, om = 0;

	uint32_t d8;

	*frac = 0;
	*off = 0;
	/* nine digits, as the ops logs write them: eight in one go, then the ninth */
	if (end - p >= 10 && *p == '.' && p[9] >= '0' && p[9] <= '9' && digits8(p + 1, &d8) == 0) {
		*frac = (int64_t)d8 * 10 + (p[9] - '0');
		p += 10;
		if (p < end && *p >= '0' && *p <= '9')
			return -1; /* more than nanosecond precision */
	} else if (p < end && *p == '.') {
		int nd = 0;

		p++;
		while (p < end && *p >= '0' && *p <= '9') {
			if (nd == 9)
				return -1; /* more than nanosecond precision */
			*frac = *frac * 10 + (*p - '0');
			nd++;
			p++;
		}
		if (nd == 0)
			return -1;
		for (; nd < 9; nd++)
			*frac *= 10;
	}
	if (p < end && (*p == 'Z' || *p == 'z'))
		return p + 1 == end ? 0 : -1;
	if (end - p != 6 || (*p != '+' && *p != '-') || digits_n(p + 1, 2, &oh) || p[3] != ':' ||
	    digits_n(p + 4, 2, &om) || oh > 23 || om > 59)
		return -1;
	*off = (*p == '+' ? 1 : -1) * (oh * 3600 + om * 60);
	return 0;
}

int rfc3339_parse_n(const char *s, size_t n, struct rfc3339_cache *c, int64_t *ns)
{
	int64_t local, secs, frac, off;

	if (s == NULL || n < 20)
		return -1;
	if (c != NULL && c->valid && memcmp(s, c->text, 19) == 0) {
		local = c->local;
	} else {
		if (parse_datetime(s, &local) < 0)
			return -1;
		if (c != NULL) {
			memcpy(c->text, s, 19);
			c->local = local;
			c->valid = 1;
		}
	}
	if (parse_rest(s + 19, s + n, &frac, &off) < 0)
		return -1;
	secs = local - off;
	/* int64 nanoseconds reach from 1677-09-21 to 2262-04-11 (bounds folded at compile
	 * time: no division per call) */
	if (secs < INT64_MIN / NS_PER_S || secs > INT64_MAX / NS_PER_S ||
	    (secs == INT64_MAX / NS_PER_S && frac > INT64_MAX % NS_PER_S))
		return -1;
	*ns = secs * NS_PER_S + frac;
	return 0;
}

int rfc3339_parse(const char *s, int64_t *ns)
{
	return s == NULL ? -1 : rfc3339_parse_n(s, strlen(s), NULL, ns);
}
