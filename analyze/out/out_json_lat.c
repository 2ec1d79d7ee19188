/* analyze/out/out_json_lat.c: the pooled latency and time series parts of aggregate.json
 * (docs/FORMATS.md, format 1.1); out_json.c calls these. */
#include "analyze/out/out_json_lat.h"

#include <math.h>

#include "core/timefmt.h"

static json_t *num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static void set(json_t *o, const char *k, json_t *v, int *ok)
{
	if (json_object_set_new(o, k, v) != 0)
		*ok = 0;
}

static void append(json_t *arr, json_t *v, int *ok)
{
	if (json_array_append_new(arr, v) != 0)
		*ok = 0;
}

static json_t *pooled_json(const struct agg_pooled *p, int *ok)
{
	json_t *o = json_object(), *q;

	set(o, "p50", num(p->p50), ok);
	set(o, "p90", num(p->p90), ok);
	set(o, "p99", num(p->p99), ok);
	set(o, "p999", num(p->p999), ok);
	set(o, "max", num(p->max), ok);
	set(o, "requests", json_integer((json_int_t)p->requests), ok);
	set(o, "source", json_string(p->source == POOL_HIST ? "histogram" : "runs"), ok);
	if (p->source != POOL_HIST) {
		set(o, "quantiles", json_null(), ok);
		return o;
	}
	q = json_array();
	for (size_t i = 0; i < POOL_NQ; i++)
		append(q, json_pack("[f,f]", pool_q[i], p->q[i]), ok);
	set(o, "quantiles", q, ok);
	return o;
}

void out_json_put_pooled(json_t *lat, const struct agg_pooled *p, int *ok)
{
	if (!json_is_object(lat))
		return;
	set(lat, "pooled", p->source == POOL_NONE ? json_null() : pooled_json(p, ok), ok);
}

static json_t *series_json(const struct aggregate *a, const struct ts_series *s, int *ok)
{
	json_t *o = json_object(), *mib = json_array(), *obj = json_array();
	char start[RFC3339_MAX];

	rfc3339_format(start, sizeof(start), s->start_s * 1000000000LL);
	set(o, "subject", json_string(a->subjects[s->subject].id), ok);
	set(o, "op", json_string(s->op), ok);
	set(o, "size", json_integer((json_int_t)s->size), ok);
	set(o, "concurrency", json_integer(s->concurrency), ok);
	set(o, "cycle", json_integer(s->cycle), ok);
	set(o, "path", json_string(s->path), ok);
	set(o, "start", json_string(start), ok);
	for (size_t i = 0; i < s->n; i++) {
		append(mib, num(s->v[i].mib_s), ok);
		append(obj, num(s->v[i].obj_s), ok);
	}
	set(o, "mib_s", mib, ok);
	set(o, "obj_s", obj, ok);
	set(o, "kept",
	    s->kept_first < 0 ? json_null() : json_pack("[i,i]", s->kept_first, s->kept_last), ok);
	return o;
}

json_t *out_json_timeseries(const struct aggregate *a, const struct ts_list *l, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; l != NULL && i < l->n; i++)
		append(arr, series_json(a, &l->v[i], ok), ok);
	return arr;
}
