/* analyze/out_json_wl.c: see out_json_wl.h. */
#include "analyze/out_json_wl.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/cells_wl.h"
#include "analyze/out_json_stats.h"
#include "analyze/runlog_wl.h"

static json_t *jstr(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

/* mix_json: "get:45,put:15" as {"get": 45, "put": 15}. */
static json_t *mix_json(const char *mix, int *ok)
{
	json_t *o = json_object();
	const char *p = mix;

	while (p && *p) {
		const char *colon = strchr(p, ':'), *comma = strchr(p, ',');
		char k[16];

		if (colon == NULL || (size_t)(colon - p) >= sizeof(k))
			break;
		memcpy(k, p, (size_t)(colon - p));
		k[colon - p] = '\0';
		outj_put(o, k, json_integer(strtol(colon + 1, NULL, 10)), ok);
		p = comma ? comma + 1 : NULL;
	}
	return o;
}

void out_json_wl_dims(json_t *o, const char *size_spec, const char *range, const char *mix,
		      double rate, int *ok)
{
	outj_put(o, "size_spec", jstr(size_spec), ok);
	outj_put(o, "range", jstr(range), ok);
	outj_put(o, "mix", mix ? mix_json(mix, ok) : json_null(), ok);
	outj_put(o, "rate", rate > 0 ? outj_num(rate) : json_null(), ok);
}

static json_t *by_op_json(const struct agg_wl *w, int *ok)
{
	json_t *arr = json_array();

	for (int i = 0; i < w->n_by_op; i++) {
		const struct agg_wl_op *p = &w->by_op[i];
		json_t *o = json_object();

		outj_put(o, "op", json_string(p->op), ok);
		outj_put(o, "n", json_integer((json_int_t)p->n), ok);
		outj_put(o, "share", outj_num(p->share), ok);
		outj_put(o, "obj_s", outj_num(p->obj_s), ok);
		outj_put(o, "mib_s", outj_num(p->mib_s), ok);
		outj_put(o, "p50_ms", outj_num(p->p50), ok);
		outj_put(o, "p99_ms", outj_num(p->p99), ok);
		outj_put(o, "pooled", json_boolean(p->pooled), ok);
		outj_add(arr, o, ok);
	}
	return arr;
}

static json_t *rate_json(const struct agg_wl *w, int *ok)
{
	json_t *o = json_object();

	outj_put(o, "offered", outj_num(w->offered), ok);
	outj_put(o, "achieved", outj_num(w->achieved), ok);
	outj_put(o, "sustained", json_boolean(w->sustained), ok);
	outj_put(o, "p50_intended_ms", outj_num(w->p50_intended), ok);
	outj_put(o, "p99_intended_ms", outj_num(w->p99_intended), ok);
	outj_put(o, "intended_source", json_string(w->pooled_intended ? "histogram" : "runs"), ok);
	outj_put(o, "p50_ms", outj_num(w->p50), ok);
	outj_put(o, "p99_ms", outj_num(w->p99), ok);
	return o;
}

void out_json_wl_cell(json_t *o, const struct agg_cell *c, int *ok)
{
	char words[400];

	runlog_wl_plain(c->size_spec, c->range, words, sizeof(words));
	outj_put(o, "workload", json_string(words), ok);
	outj_put(o, "by_op", c->wl->n_by_op ? by_op_json(c->wl, ok) : json_null(), ok);
	outj_put(o, "rate_figures", c->wl->has_rate ? rate_json(c->wl, ok) : json_null(), ok);
}

json_t *out_json_rate_sweeps(const struct aggregate *a, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < a->n_sweeps; i++) {
		const struct agg_sweep *s = &a->sweeps[i];
		json_t *o = json_object(), *pts = json_array();
		int clients = s->n_points ? a->wcells[s->points[0]].clients : 1;

		outj_put(o, "subject", json_string(a->subjects[s->subject].id), ok);
		outj_put(o, "op", json_string(s->op), ok);
		outj_put(o, "size", json_integer((json_int_t)s->size), ok);
		outj_put(o, "size_spec", jstr(s->size_spec), ok);
		outj_put(o, "range", jstr(s->range), ok);
		outj_put(o, "mix", s->mix ? mix_json(s->mix, ok) : json_null(), ok);
		outj_put(o, "concurrency", json_integer(s->concurrency), ok);
		outj_put(o, "clients", json_integer(clients), ok);
		outj_put(o, "workers_total", json_integer((json_int_t)s->concurrency * clients),
			 ok);
		for (size_t k = 0; k < s->n_points; k++) {
			const struct agg_cell *c = &a->wcells[s->points[k]];
			json_t *p = json_object();

			outj_put(p, "offered", outj_num(c->rate), ok);
			outj_put(p, "n", json_integer((json_int_t)c->n), ok);
			outj_put(p, "achieved", outj_num(c->wl->achieved), ok);
			outj_put(p, "sustained", json_boolean(c->wl->sustained), ok);
			outj_put(p, "p50_intended_ms", outj_num(c->wl->p50_intended), ok);
			outj_put(p, "p99_intended_ms", outj_num(c->wl->p99_intended), ok);
			outj_put(p, "p50_ms", outj_num(c->wl->p50), ok);
			outj_put(p, "p99_ms", outj_num(c->wl->p99), ok);
			outj_add(pts, p, ok);
		}
		outj_put(o, "points", pts, ok);
		outj_put(o, "p99_limit_ms", outj_num(s->p99_limit_ms), ok);
		outj_put(o, "max_sustained", outj_num(s->max_sustained), ok);
		outj_add(arr, o, ok);
	}
	return arr;
}
