/* collect/workload_hedge.c: a get's hedge as written (collect/workload.h; docs/CAMPAIGN.md,
 * "Hedged GETs"); workload_check (collect/workload.c) checks it with the rest. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "collect/workload.h"
#include "core/units.h"

int workload_parse_hedge(const char *s, struct wl_hedge *h, struct err *e)
{
	char t[sizeof(h->spec)];
	size_t n = 0;
	double sec;
	struct err ue = {{0}};

	memset(h, 0, sizeof(*h));
	for (; *s != '\0'; s++)
		if (*s != ' ' && *s != '\t') {
			if (n + 1 >= sizeof(t))
				return err_set(e,
					       "'%.20s...' is not a hedge (p95, p99 or a time like "
					       "200ms)",
					       s);
			t[n++] = *s;
		}
	t[n] = '\0';
	if (strcasecmp(t, "none") == 0)
		return 0;
	if (strcasecmp(t, "p95") == 0 || strcasecmp(t, "p99") == 0) {
		h->kind = strcasecmp(t, "p95") == 0 ? WL_HEDGE_P95 : WL_HEDGE_P99;
	} else if (units_parse_duration(t, &sec, &ue) < 0 || !(sec > 0) || sec > 3600) {
		return err_set(e,
			       "'%s' is not a hedge (p95, p99 or a time above 0 and at most 1h, "
			       "like 200ms)",
			       t);
	} else {
		h->kind = WL_HEDGE_FIXED;
		h->ms = sec * 1000;
	}
	snprintf(h->spec, sizeof(h->spec), "%s", t);
	return 0;
}
