/* analyze/out/out_fields.c: the small pieces every part of aggregate.json's assembly uses
 * (see out_results.h): copies of strings, a size's label, a figure's statistics, a latency,
 * a mix of ops. */
#include "analyze/out/out_results.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

char *out_dup(const char *s, int *ok)
{
	char *c;

	if (s == NULL)
		return NULL;
	if ((c = strdup(s)) == NULL)
		*ok = 0;
	return c;
}

const char *out_size_label(const struct aggregate *a, uint64_t size)
{
	for (size_t i = 0; i < a->n_runs; i++)
		if (a->runs[i].log->cycle > 0 && a->runs[i].log->size == size &&
		    a->runs[i].log->size_label)
			return a->runs[i].log->size_label;
	return NULL;
}

void out_lat(const struct agg_lat *l, struct results_lat *x)
{
	x->present = isfinite(l->avg);
	x->avg = l->avg;
	x->p50 = l->p50;
	x->p90 = l->p90;
	x->p99 = l->p99;
	x->min = l->min;
	x->max = l->max;
}

void out_stat(const struct agg_stat *s, struct results_stat *x)
{
	x->value = s->value;
	x->mean = s->mean;
	x->median = s->median;
	x->min = s->min;
	x->max = s->max;
	x->stddev = s->stddev;
	x->cv = s->cv;
	x->ci_lo = s->ci_lo;
	x->ci_hi = s->ci_hi;
	x->ci_method = results_ci_of(s->ci_method);
	x->ci_coverage = s->ci_coverage;
}

void out_mix(const char *mix, struct results_mix *x, int *ok)
{
	const char *p = mix;

	memset(x, 0, sizeof(*x));
	if (mix == NULL)
		return;
	x->present = 1;
	if ((x->parts = calloc(strlen(mix) / 2 + 1, sizeof(*x->parts))) == NULL) {
		*ok = 0;
		return;
	}
	while (p && *p) {
		const char *colon = strchr(p, ':'), *comma = strchr(p, ',');
		char k[16];

		if (colon == NULL || (size_t)(colon - p) >= sizeof(k))
			break;
		memcpy(k, p, (size_t)(colon - p));
		k[colon - p] = '\0';
		x->parts[x->n].weight = strtol(colon + 1, NULL, 10);
		x->parts[x->n++].op = out_dup(k, ok);
		p = comma ? comma + 1 : NULL;
	}
}
