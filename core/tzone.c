/* core/tzone.c: see tzone.h. */
#include "core/tzone.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* zone_dir: $TZDIR, else /usr/share/zoneinfo. */
static const char *zone_dir(void)
{
	const char *d = getenv("TZDIR");

	return d != NULL && *d ? d : "/usr/share/zoneinfo";
}

/* name_ok: parts of [A-Za-z0-9_+-] between single '/', none empty or starting with '.'. */
static int name_ok(const char *s)
{
	size_t part = 0;

	if (*s == '\0' || strlen(s) > 128)
		return 0;
	for (const char *c = s; *c; c++) {
		if (*c == '/') {
			if (part == 0)
				return 0;
			part = 0;
			continue;
		}
		if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
		      (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '+'))
			return 0;
		part++;
	}
	return part > 0;
}

int tzone_check(const char *name, struct err *e)
{
	char path[PATH_MAX], magic[4] = {0};
	FILE *f;
	int ok;

	if (!name_ok(name))
		return err_set(e, "'%s' is not a time zone name (an IANA name: America/New_York)",
			       name);
	snprintf(path, sizeof(path), "%s/%s", zone_dir(), name);
	f = fopen(path, "rb");
	ok = f != NULL && fread(magic, 1, 4, f) == 4 && memcmp(magic, "TZif", 4) == 0;
	if (f != NULL)
		fclose(f);
	if (!ok)
		return err_set(e, "'%s' is not a time zone of %s (an IANA name: America/New_York)",
			       name, zone_dir());
	return 0;
}

int tzone_local(const char *name, int64_t t, int *hour, int *weekday, int *utc_offset_min)
{
	const char *was = getenv("TZ");
	char *saved = was != NULL ? strdup(was) : NULL;
	time_t s = (time_t)t;
	struct tm tm;
	int rc = -1;

	if ((was != NULL && saved == NULL) || setenv("TZ", name, 1) < 0)
		goto done;
	tzset();
	if (localtime_r(&s, &tm) != NULL) {
		*hour = tm.tm_hour;
		*weekday = tm.tm_wday == 0 ? 7 : tm.tm_wday;
		*utc_offset_min = (int)(tm.tm_gmtoff / 60);
		rc = 0;
	}
	if (saved != NULL)
		setenv("TZ", saved, 1);
	else
		unsetenv("TZ");
	tzset();
done:
	free(saved);
	return rc;
}
