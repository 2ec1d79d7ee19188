/* analyze/out/out_json_workload.c: see out_json_workload.h. */
#include "analyze/out/out_json_workload.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/out/out_json_stats.h"
#include "analyze/read/runlog_workload.h"
#include "analyze/cells/workload_cells.h"

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
		out_json_put(o, k, json_integer(strtol(colon + 1, NULL, 10)), ok);
		p = comma ? comma + 1 : NULL;
	}
	return o;
}

void out_json_workload_dims(json_t *o, const char *size_spec, const char *range, const char *mix,
			    double rate, int *ok)
{
	out_json_put(o, "size_spec", jstr(size_spec), ok);
	out_json_put(o, "range", jstr(range), ok);
	out_json_put(o, "mix", mix ? mix_json(mix, ok) : json_null(), ok);
	out_json_put(o, "rate", rate > 0 ? out_json_num(rate) : json_null(), ok);
}

static json_t *by_op_json(const struct agg_workload *w, int *ok)
{
	json_t *arr = json_array();

	for (int i = 0; i < w->n_by_op; i++) {
		const struct agg_workload_op *p = &w->by_op[i];
		json_t *o = json_object();

		out_json_put(o, "op", json_string(p->op), ok);
		out_json_put(o, "n", json_integer((json_int_t)p->n), ok);
		out_json_put(o, "share", out_json_num(p->share), ok);
		out_json_put(o, "obj_s", out_json_num(p->obj_s), ok);
		out_json_put(o, "mib_s", out_json_num(p->mib_s), ok);
		out_json_put(o, "p50_ms", out_json_num(p->p50), ok);
		out_json_put(o, "p99_ms", out_json_num(p->p99), ok);
		out_json_put(o, "pooled", json_boolean(p->pooled), ok);
		out_json_add(arr, o, ok);
	}
	return arr;
}

static json_t *opt_count(int64_t n)
{
	return n >= 0 ? json_integer((json_int_t)n) : json_null();
}

static json_t *rate_json(const struct agg_workload *w, int *ok)
{
	json_t *o = json_object();

	out_json_put(o, "offered", out_json_num(w->offered), ok);
	out_json_put(o, "achieved", out_json_num(w->achieved), ok);
	out_json_put(o, "sustained", json_boolean(w->sustained), ok);
	out_json_put(o, "p50_intended_ms", out_json_num(w->p50_intended), ok);
	out_json_put(o, "p99_intended_ms", out_json_num(w->p99_intended), ok);
	out_json_put(o, "intended_source", json_string(w->pooled_intended ? "histogram" : "runs"),
		     ok);
	out_json_put(o, "p50_ms", out_json_num(w->p50), ok);
	out_json_put(o, "p99_ms", out_json_num(w->p99), ok);
	out_json_put(o, "late_no_worker", opt_count(w->late_no_worker), ok);
	out_json_put(o, "peak_workers", opt_count(w->peak_workers), ok);
	return o;
}

/* point_climit: a sweep point's client-limit verdict and reasons (its cell's), and those
 * of them that make the client the limit (CLIMIT_CELLS_BLOCKING). */
static json_t *point_climit(const struct agg_cell *c, int *ok)
{
	json_t *o = json_object();

	out_json_put(o, "verdict",
		     json_string(c->climit.measured == 0 ? "not measured"
				 : c->climit.is_limited  ? "limited"
							 : "not limited"),
		     ok);
	out_json_put(o, "reasons", climit_reasons_json(c->climit.reasons), ok);
	out_json_put(o, "blocking",
		     climit_reasons_json(
			     c->climit.is_limited ? c->climit.reasons & CLIMIT_CELLS_BLOCKING : 0),
		     ok);
	return o;
}

/* sweep_limit: who set the sweep's limit (workload_cells_sweep_limit). */
static json_t *sweep_limit(const struct aggregate *a, const struct agg_sweep *s, int *ok)
{
	static const char *by[] = {"none", "server", "client"};
	struct agg_sweep_limit l;
	json_t *o = json_object();

	workload_cells_sweep_limit(a, s, &l);
	out_json_put(o, "by", json_string(by[l.by]), ok);
	out_json_put(o, "at", out_json_num(l.at), ok);
	out_json_put(o, "reasons", climit_reasons_json(l.reasons), ok);
	return o;
}

void out_json_workload_cell(json_t *o, const struct agg_cell *c, int *ok)
{
	char words[400];

	runlog_workload_plain(c->size_spec, c->range, words, sizeof(words));
	out_json_put(o, "workload", json_string(words), ok);
	out_json_put(o, "by_op", c->workload->n_by_op ? by_op_json(c->workload, ok) : json_null(),
		     ok);
	out_json_put(o, "rate_figures",
		     c->workload->has_rate ? rate_json(c->workload, ok) : json_null(), ok);
}

json_t *out_json_rate_sweeps(const struct aggregate *a, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < a->n_sweeps; i++) {
		const struct agg_sweep *s = &a->sweeps[i];
		json_t *o = json_object(), *pts = json_array();
		int clients = s->n_points ? a->wcells[s->points[0]].clients : 1;

		out_json_put(o, "subject", json_string(a->subjects[s->subject].id), ok);
		out_json_put(o, "op", json_string(s->op), ok);
		out_json_put(o, "size", json_integer((json_int_t)s->size), ok);
		out_json_put(o, "size_spec", jstr(s->size_spec), ok);
		out_json_put(o, "range", jstr(s->range), ok);
		out_json_put(o, "mix", s->mix ? mix_json(s->mix, ok) : json_null(), ok);
		out_json_put(o, "concurrency", json_integer(s->concurrency), ok);
		out_json_put(o, "clients", json_integer(clients), ok);
		out_json_put(o, "workers_total", json_integer((json_int_t)s->concurrency * clients),
			     ok);
		for (size_t k = 0; k < s->n_points; k++) {
			const struct agg_cell *c = &a->wcells[s->points[k]];
			json_t *p = json_object();

			out_json_put(p, "offered", out_json_num(c->rate), ok);
			out_json_put(p, "n", json_integer((json_int_t)c->n), ok);
			out_json_put(p, "achieved", out_json_num(c->workload->achieved), ok);
			out_json_put(p, "sustained", json_boolean(c->workload->sustained), ok);
			out_json_put(p, "p50_intended_ms", out_json_num(c->workload->p50_intended),
				     ok);
			out_json_put(p, "p99_intended_ms", out_json_num(c->workload->p99_intended),
				     ok);
			out_json_put(p, "p50_ms", out_json_num(c->workload->p50), ok);
			out_json_put(p, "p99_ms", out_json_num(c->workload->p99), ok);
			out_json_put(p, "throttled_share",
				     out_json_num(workload_cells_throttled_share(c)), ok);
			out_json_put(p, "late_no_worker", opt_count(c->workload->late_no_worker),
				     ok);
			out_json_put(p, "peak_workers", opt_count(c->workload->peak_workers), ok);
			out_json_put(p, "client_limit", point_climit(c, ok), ok);
			out_json_add(pts, p, ok);
		}
		out_json_put(o, "points", pts, ok);
		out_json_put(o, "p99_limit_ms", out_json_num(s->p99_limit_ms), ok);
		out_json_put(o, "max_sustained", out_json_num(s->max_sustained), ok);
		out_json_put(o, "throttle_knee", out_json_num(s->throttle_knee), ok);
		out_json_put(o, "limit", sweep_limit(a, s, ok), ok);
		out_json_add(arr, o, ok);
	}
	return arr;
}
