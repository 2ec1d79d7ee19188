/* collect/workload_sizes.c: the size specs of a workload (collect/workload.h,
 * workload_parse_sizes; docs/CAMPAIGN.md, "Size distributions"): a plain size, random:MIN..MAX,
 * dist:SIZE:WEIGHT,... and lognormal:MEDIAN,SIGMA[,max=SIZE]. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collect/workload.h"
#include "core/units.h"

#define TEXT_MAX 512

/* parse_random: "MIN..MAX" (after "random:") */
static int parse_random(const char *spec, char *t, struct wl_sizes *sz, struct err *e)
{
	char *dots = strstr(t, "..");
	struct err ue;

	if (dots == NULL)
		return err_set(e, "'%s' is not random:MIN..MAX", spec);
	*dots = '\0';
	if (units_parse_size(t, &sz->min, &ue) < 0 || units_parse_size(dots + 2, &sz->max, &ue) < 0)
		return err_set(e, "'%s' is not random:MIN..MAX (%s)", spec, ue.msg);
	sz->kind = WL_SIZE_RANDOM;
	return 0;
}

/* parse_dist: "SIZE:WEIGHT,..." (after "dist:") */
static int parse_dist(const char *spec, char *t, struct wl_sizes *sz, struct err *e)
{
	char *tok, *next, *colon;
	struct err ue;

	sz->kind = WL_SIZE_DIST;
	for (tok = t; tok; tok = next) {
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		if (sz->n == WL_DIST_MAX)
			return err_set(e, "'%s' has more than %d sizes", spec, WL_DIST_MAX);
		colon = strchr(tok, ':');
		if (colon == NULL)
			return err_set(e, "'%s': '%s' is not SIZE:WEIGHT", spec, tok);
		*colon = '\0';
		if (units_parse_size(tok, &sz->size[sz->n], &ue) < 0)
			return err_set(e, "'%s': %s", spec, ue.msg);
		if (workload_parse_weight(colon + 1, &sz->weight[sz->n]) < 0)
			return err_set(e, "'%s': '%s' is not a weight from 0 to %u", spec,
				       colon + 1, WL_WEIGHT_MAX);
		sz->n++;
	}
	return 0;
}

/* parse_sigma: "SIGMA" of lognormal: into *sigma: a decimal number above 0, at most
 * WL_LOGNORMAL_SIGMA_MAX; -1 otherwise */
static int parse_sigma(const char *t, double *sigma)
{
	char *end;

	if (!isdigit((unsigned char)t[0]) && t[0] != '.')
		return -1;
	errno = 0;
	*sigma = strtod(t, &end);
	return errno || *end || !(*sigma > 0) || *sigma > WL_LOGNORMAL_SIGMA_MAX ? -1 : 0;
}

/* parse_lognormal: "MEDIAN,SIGMA[,max=SIZE]" (after "lognormal:"); the bounds [1, max] */
static int parse_lognormal(const char *spec, char *t, struct wl_sizes *sz, struct err *e)
{
	char *sig = strchr(t, ','), *mx = sig != NULL ? strchr(sig + 1, ',') : NULL;
	struct err ue;
	double dmax;

	if (sig == NULL)
		return err_set(e, "'%s' is not lognormal:MEDIAN,SIGMA[,max=SIZE]", spec);
	*sig++ = '\0';
	if (mx != NULL)
		*mx++ = '\0';
	if (units_parse_size(t, &sz->median, &ue) < 0 || sz->median == 0)
		return err_set(e, "'%s': the median '%s' is not a size above 0 (64KiB)", spec, t);
	if (parse_sigma(sig, &sz->sigma) < 0)
		return err_set(e, "'%s': sigma '%s' is not a number above 0 and at most %g", spec,
			       sig, WL_LOGNORMAL_SIGMA_MAX);
	dmax = round((double)sz->median * exp(WL_LOGNORMAL_TAIL * sz->sigma));
	sz->max = dmax < (double)WL_LOGNORMAL_MAX ? (uint64_t)dmax : WL_LOGNORMAL_MAX;
	if (mx != NULL &&
	    (strncasecmp(mx, "max=", 4) != 0 || units_parse_size(mx + 4, &sz->max, &ue) < 0))
		return err_set(e, "'%s': '%s' is not max=SIZE", spec, mx);
	if (sz->max < sz->median || sz->max > WL_LOGNORMAL_MAX)
		return err_set(e, "'%s': max must be at least the median and at most 5GiB", spec);
	sz->min = 1;
	sz->kind = WL_SIZE_LOGNORMAL;
	return 0;
}

int workload_parse_sizes(const char *s, struct wl_sizes *sz, uint64_t *size, struct err *e)
{
	char buf[TEXT_MAX];
	int rc;

	memset(sz, 0, sizeof(*sz));
	if (strncasecmp(s, "random:", 7) != 0 && strncasecmp(s, "dist:", 5) != 0 &&
	    strncasecmp(s, "lognormal:", 10) != 0)
		return units_parse_size(s, size, e);
	if (workload_squeeze(s, buf, sizeof(buf)) < 0 || strlen(buf) >= sizeof(sz->spec))
		return err_set(e, "'%.40s...' is longer than %zu characters", s,
			       sizeof(sz->spec) - 1);
	snprintf(sz->spec, sizeof(sz->spec), "%s", buf);
	if (tolower((unsigned char)buf[0]) == 'r')
		rc = parse_random(s, buf + 7, sz, e);
	else if (tolower((unsigned char)buf[0]) == 'l')
		rc = parse_lognormal(s, buf + 10, sz, e);
	else
		rc = parse_dist(s, buf + 5, sz, e);
	if (rc < 0)
		return -1;
	*size = sz->max;
	for (int i = 0; i < sz->n; i++)
		if (sz->size[i] > *size)
			*size = sz->size[i];
	return 0;
}
