/* analyze/read/sizelabel.c: see sizelabel.h. */
#include "analyze/read/sizelabel.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int sizelabel_format(const char *declared, char *buf, size_t n)
{
	static const struct {
		const char *in, *out;
	} units[] = {
		{"", "B"},      {"b", "B"},    {"k", "kB"},    {"kb", "kB"},   {"ki", "KiB"},
		{"kib", "KiB"}, {"m", "MB"},   {"mb", "MB"},   {"mi", "MiB"},  {"mib", "MiB"},
		{"g", "GB"},    {"gb", "GB"},  {"gi", "GiB"},  {"gib", "GiB"}, {"t", "TB"},
		{"tb", "TB"},   {"ti", "TiB"}, {"tib", "TiB"},
	};
	const char *p = declared, *num, *unit;
	size_t nlen, ulen;
	int dot = 0;

	if (n)
		buf[0] = '\0';
	if (declared == NULL)
		return -1;
	while (isspace((unsigned char)*p))
		p++;
	for (num = p; isdigit((unsigned char)*p) || (*p == '.' && !dot++); p++)
		;
	nlen = (size_t)(p - num);
	if (nlen == 0 || !isdigit((unsigned char)num[0]) || !isdigit((unsigned char)p[-1]) ||
	    nlen > 24)
		return -1;
	while (isspace((unsigned char)*p))
		p++;
	for (unit = p; isalpha((unsigned char)*p); p++)
		;
	ulen = (size_t)(p - unit);
	while (isspace((unsigned char)*p))
		p++;
	if (*p)
		return -1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i].in) == ulen && strncasecmp(unit, units[i].in, ulen) == 0) {
			snprintf(buf, n, "%.*s %s", (int)nlen, num, units[i].out);
			return 0;
		}
	return -1;
}
