/* collect/workload_parse.c: the spellings of the issue-13 workload fields (mix, size
 * distributions, ranges, rate, seed): see workload.h. Syntax only; the limits are
 * workload_check's (collect/workload.c). */
#include "collect/workload.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/units.h"

#define TEXT_MAX 512

/* squeeze: s without blanks into buf; -1 when it does not fit */
static int squeeze(const char *s, char *buf, size_t n)
{
	size_t k = 0;

	for (; *s; s++) {
		if (isspace((unsigned char)*s))
			continue;
		if (k + 1 >= n)
			return -1;
		buf[k++] = *s;
	}
	buf[k] = '\0';
	return 0;
}

/* parse_weight: digits only, 0..WL_WEIGHT_MAX */
static int parse_weight(const char *s, unsigned *out)
{
	unsigned long v;
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > WL_WEIGHT_MAX)
		return -1;
	*out = (unsigned)v;
	return 0;
}

int workload_parse_mix(const char *s, struct wl_mix *mix, struct err *e)
{
	static const struct {
		const char *name;
		enum wl_op op;
	} names[] = {
		{"get", WL_GET},   {"put", WL_PUT},       {"head", WL_HEAD},
		{"stat", WL_HEAD}, {"delete", WL_DELETE},
	};
	char buf[TEXT_MAX], *tok, *next, *colon;
	int seen[OP_COUNT] = {0};

	memset(mix, 0, sizeof(*mix));
	if (squeeze(s, buf, sizeof(buf)) < 0 || buf[0] == '\0')
		return err_set(e, "'%s' is not a mix (OP:WEIGHT, ...: get, put, head, delete)", s);
	for (tok = buf; tok; tok = next) {
		int k = -1;
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		colon = strchr(tok, ':');
		if (colon)
			*colon = '\0';
		for (size_t i = 0; colon && i < sizeof(names) / sizeof(names[0]); i++)
			if (strcasecmp(tok, names[i].name) == 0)
				k = (int)names[i].op;
		if (k < 0)
			return err_set(e,
				       "'%s': '%s' is not OP:WEIGHT of an op of a mix (get, put, "
				       "head, delete)",
				       s, tok);
		if (seen[k]++)
			return err_set(e, "'%s': %s is given twice", s, wl_op_name((enum wl_op)k));
		if (parse_weight(colon + 1, &mix->w[k]) < 0)
			return err_set(e, "'%s': '%s' is not a weight from 0 to %u", s, colon + 1,
				       WL_WEIGHT_MAX);
	}
	return 0;
}

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
		if (parse_weight(colon + 1, &sz->weight[sz->n]) < 0)
			return err_set(e, "'%s': '%s' is not a weight from 0 to %u", spec,
				       colon + 1, WL_WEIGHT_MAX);
		sz->n++;
	}
	return 0;
}

int workload_parse_sizes(const char *s, struct wl_sizes *sz, uint64_t *size, struct err *e)
{
	char buf[TEXT_MAX];
	int rc;

	memset(sz, 0, sizeof(*sz));
	if (strncasecmp(s, "random:", 7) != 0 && strncasecmp(s, "dist:", 5) != 0)
		return units_parse_size(s, size, e);
	if (squeeze(s, buf, sizeof(buf)) < 0 || strlen(buf) >= sizeof(sz->spec))
		return err_set(e, "'%.40s...' is longer than %zu characters", s,
			       sizeof(sz->spec) - 1);
	snprintf(sz->spec, sizeof(sz->spec), "%s", buf);
	if (tolower((unsigned char)buf[0]) == 'r')
		rc = parse_random(s, buf + 7, sz, e);
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

int workload_parse_range(const char *s, struct wl_range *r, struct err *e)
{
	char buf[TEXT_MAX], *dots;
	uint64_t end;
	struct err ue;

	memset(r, 0, sizeof(*r));
	if (squeeze(s, buf, sizeof(buf)) < 0 || strlen(buf) >= sizeof(r->spec))
		return err_set(e, "'%.40s' is not a range (A..B or random:LEN)", s);
	snprintf(r->spec, sizeof(r->spec), "%s", buf);
	if (strncasecmp(buf, "random:", 7) == 0) {
		if (units_parse_size(buf + 7, &r->len, &ue) < 0)
			return err_set(e, "'%s' is not random:LEN (%s)", s, ue.msg);
		r->kind = WL_RANGE_RANDOM;
		return 0;
	}
	dots = strstr(buf, "..");
	if (dots == NULL)
		return err_set(e, "'%s' is not a range (A..B or random:LEN)", s);
	*dots = '\0';
	if (units_parse_size(buf, &r->off, &ue) < 0 || units_parse_size(dots + 2, &end, &ue) < 0)
		return err_set(e, "'%s' is not a range A..B (%s)", s, ue.msg);
	if (end <= r->off)
		return err_set(e,
			       "'%s': the end is not after the start (A..B reads bytes A to "
			       "B - 1)",
			       s);
	r->kind = WL_RANGE_FIXED;
	r->len = end - r->off;
	return 0;
}

int workload_parse_rate(const char *s, double *rate, struct err *e)
{
	char buf[64], *end;
	size_t n;
	double v;

	if (squeeze(s, buf, sizeof(buf)) < 0)
		return err_set(e, "'%.40s' is not a rate (N/s)", s);
	n = strlen(buf);
	if (n > 2 && strcmp(buf + n - 2, "/s") == 0)
		buf[n - 2] = '\0';
	errno = 0;
	v = strtod(buf, &end);
	if (errno || end == buf || *end || !isdigit((unsigned char)buf[0]) || !isfinite(v) ||
	    !(v > 0) || v > WL_RATE_MAX)
		return err_set(e, "'%s' is not a rate from above 0 to %g/s (N/s)", s, WL_RATE_MAX);
	*rate = v;
	return 0;
}

int workload_parse_seed(const char *s, uint64_t *seed, struct err *e)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || !isdigit((unsigned char)s[0]) || v > INT64_MAX)
		return err_set(e, "'%s' is not a seed (a whole number from 0 to %lld)", s,
			       (long long)INT64_MAX);
	*seed = v;
	return 0;
}

char *workload_format_mix(const struct wl_mix *mix, char *buf, size_t n)
{
	static const enum wl_op order[] = {WL_GET, WL_PUT, WL_HEAD, WL_DELETE};
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]) && k < n; i++)
		if (mix->w[order[i]])
			k += (size_t)snprintf(buf + k, n - k, "%s%s:%u", k ? "," : "",
					      wl_op_name(order[i]), mix->w[order[i]]);
	return buf;
}

char *workload_format_rate(double rate, char *buf, size_t n)
{
	if (rate > 0)
		snprintf(buf, n, "%g/s", rate);
	else if (n)
		buf[0] = '\0';
	return buf;
}
