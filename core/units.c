/* core/units.c: see units.h. */
#include "core/units.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct unit {
	const char *name;
	uint64_t mult;
};

static const struct unit size_units[] = {
	{"", 1},
	{"b", 1},
	{"kib", 1ULL << 10},
	{"mib", 1ULL << 20},
	{"gib", 1ULL << 30},
	{"tib", 1ULL << 40},
	{"kb", 1000ULL},
	{"mb", 1000000ULL},
	{"gb", 1000000000ULL},
	{"tb", 1000000000000ULL},
};

/* parse_number: digits with an optional fraction at *pp; advances *pp. The integer
 * part goes to *ip, the fraction (up to 9 digits) to *frac / *frac_den. */
static int parse_number(const char **pp, uint64_t *ip, uint64_t *frac, uint64_t *frac_den)
{
	const char *p = *pp;
	uint64_t v = 0, f = 0, den = 1;
	int digits = 0;

	while (isdigit((unsigned char)*p)) {
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		int fd = 0;
		while (isdigit((unsigned char)*p)) {
			if (den < 1000000000ULL) {
				f = f * 10 + (uint64_t)(*p - '0');
				den *= 10;
			}
			p++;
			fd++;
		}
		if (fd == 0)
			return -1;
		digits += fd;
	}
	if (digits == 0)
		return -1;
	*pp = p;
	*ip = v;
	*frac = f;
	*frac_den = den;
	return 0;
}

int units_parse_size(const char *s, uint64_t *out, struct err *e)
{
	const char *p = s;
	uint64_t ip, frac, den, mult = 0, res;
	char unit[8];
	size_t n = 0;

	if (s == NULL)
		return err_set(e, "'' is not a size");
	while (isspace((unsigned char)*p))
		p++;
	if (parse_number(&p, &ip, &frac, &den) < 0)
		return err_set(e,
			       "'%s' is not a size (a number and a unit: 123, 123B, "
			       "4KiB, 5MiB, 1GiB, 1GB)",
			       s);
	while (isspace((unsigned char)*p))
		p++;
	while (isalpha((unsigned char)*p) && n < sizeof(unit) - 1)
		unit[n++] = *p++;
	unit[n] = '\0';
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '\0') {
		for (size_t i = 0; i < sizeof(size_units) / sizeof(size_units[0]); i++)
			if (strcasecmp(unit, size_units[i].name) == 0)
				mult = size_units[i].mult;
	}
	if (mult == 0)
		return err_set(e,
			       "'%s' is not a size (units: B, KiB, MiB, GiB, TiB, "
			       "KB, MB, GB, TB)",
			       s);
	if (ip > UINT64_MAX / mult)
		return err_set(e, "'%s' is not a size (too large)", s);
	res = ip * mult;
	if (frac != 0) {
		long double fb = (long double)frac * (long double)mult / (long double)den;
		if (fb != floorl(fb))
			return err_set(e, "'%s' is not a size (not a whole number of bytes)", s);
		if ((long double)(UINT64_MAX - res) < fb)
			return err_set(e, "'%s' is not a size (too large)", s);
		res += (uint64_t)fb;
	}
	*out = res;
	return 0;
}

int units_parse_bitrate(const char *s, double *mbit, struct err *e)
{
	static const struct {
		const char *name;
		double mbit;
	} u[] = {{"Tbit", 1e6}, {"Gbit", 1e3}, {"Mbit", 1}, {"kbit", 1e-3}};
	const char *p = s;
	uint64_t ip, frac, den;

	if (s == NULL || parse_number(&p, &ip, &frac, &den) < 0)
		return err_set(e, "'%s' is not a bit rate (like 10Gbit, 100Mbit)", s ? s : "");
	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		size_t l = strlen(u[i].name);
		if (strncmp(p, u[i].name, l) == 0 &&
		    (p[l] == '\0' || strcmp(p + l, "/s") == 0 || strcmp(p + l, "ps") == 0)) {
			*mbit = ((double)ip + (double)frac / (double)den) * u[i].mbit;
			if (*mbit <= 0)
				break;
			return 0;
		}
	}
	return err_set(e, "'%s' is not a bit rate (a positive number and kbit, Mbit, Gbit or Tbit)",
		       s);
}

int units_parse_duration(const char *s, double *out, struct err *e)
{
	static const struct {
		const char *name;
		double secs;
	} dur_units[] = {{"d", 86400}, {"h", 3600}, {"ms", 0.001}, {"m", 60}, {"s", 1}};
	/* rank: larger unit = smaller rank; groups must strictly increase in rank */
	static const int rank[] = {0, 1, 4, 2, 3};
	const char *p = s;
	double total = 0;
	int last_rank = -1, groups = 0;

	if (s == NULL)
		return err_set(e, "'' is not a duration");
	while (isspace((unsigned char)*p))
		p++;
	while (*p != '\0' && !isspace((unsigned char)*p)) {
		uint64_t ip, frac, den;
		int u = -1;

		if (parse_number(&p, &ip, &frac, &den) < 0)
			return err_set(e, "'%s' is not a duration (like 500ms, 30s, 5m, 1h30m)", s);
		for (int i = 0; i < (int)(sizeof(dur_units) / sizeof(dur_units[0])); i++) {
			size_t l = strlen(dur_units[i].name);
			if (strncmp(p, dur_units[i].name, l) == 0) {
				u = i;
				p += l;
				break;
			}
		}
		if (u < 0)
			return err_set(e,
				       "'%s' is not a duration (each number needs a unit: "
				       "ms, s, m, h, d)",
				       s);
		if (rank[u] <= last_rank)
			return err_set(e,
				       "'%s' is not a duration (units must go from the "
				       "largest to the smallest, once each)",
				       s);
		last_rank = rank[u];
		total += ((double)ip + (double)frac / (double)den) * dur_units[u].secs;
		groups++;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (groups == 0 || *p != '\0')
		return err_set(e, "'%s' is not a duration (like 500ms, 30s, 5m, 1h30m)", s);
	*out = total;
	return 0;
}

char *units_format_size(uint64_t bytes, char *buf, size_t n)
{
	static const char *names[] = {"TiB", "GiB", "MiB", "KiB"};
	static const int shifts[] = {40, 30, 20, 10};

	for (int i = 0; i < 4; i++) {
		uint64_t m = 1ULL << shifts[i];
		if (bytes != 0 && bytes % m == 0) {
			snprintf(buf, n, "%llu%s", (unsigned long long)(bytes / m), names[i]);
			return buf;
		}
	}
	snprintf(buf, n, "%lluB", (unsigned long long)bytes);
	return buf;
}

struct units_human units_human(uint64_t bytes)
{
	static const char *const names[] = {"B", "KiB", "MiB", "GiB", "TiB"};
	struct units_human h = {(double)bytes, names[0], 0};

	for (int i = 1; h.value >= 1024 && i < 5; i++) {
		h.value /= 1024;
		h.unit = names[i];
	}
	h.decimals = h.value == floor(h.value) ? 0 : h.value < 10 ? 2 : 1;
	return h;
}

char *units_format_size_human(uint64_t bytes, char *buf, size_t n)
{
	struct units_human h = units_human(bytes);

	snprintf(buf, n, "%.*f %s", h.decimals, h.value, h.unit);
	return buf;
}

char *units_format_duration(double seconds, char *buf, size_t n)
{
	if (!(seconds > 0) || !isfinite(seconds)) {
		snprintf(buf, n, "0s");
	} else if (seconds < 1.0 && llround(seconds * 1000.0) < 1000) {
		long long ms = llround(seconds * 1000.0);
		snprintf(buf, n, "%lldms", ms);
	} else if (seconds < 60.0 && fabs(seconds - round(seconds)) > 0.0005) {
		char tmp[32];
		size_t l;
		snprintf(tmp, sizeof(tmp), "%.3f", seconds);
		l = strlen(tmp);
		while (l > 0 && tmp[l - 1] == '0')
			tmp[--l] = '\0';
		snprintf(buf, n, "%ss", tmp);
	} else {
		long long t = llround(seconds), h = t / 3600, m = (t % 3600) / 60, s = t % 60;
		size_t off = 0;
		buf[0] = '\0';
		if (h > 0)
			off += (size_t)snprintf(buf + off, n - off, "%lldh", h);
		if (m > 0 && off < n)
			off += (size_t)snprintf(buf + off, n - off, "%lldm", m);
		if ((s > 0 || off == 0) && off < n)
			snprintf(buf + off, n - off, "%llds", s);
	}
	return buf;
}

int units_parse_percent(const char *s, double *out, struct err *e)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || isspace((unsigned char)s[0]))
		goto bad;
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end != '%' || end[1] != '\0' || !(v >= 0 && v <= 100))
		goto bad;
	*out = v / 100;
	return 0;
bad:
	return err_set(e, "'%s' is not a percentage from 0%% to 100%% (10%%)", s);
}
