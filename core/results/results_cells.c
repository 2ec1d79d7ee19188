/* core/results/results_cells.c: see results_cells.h. */
#include "core/results/results_cells.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

static json_t *errors_json(const struct results_errors *x)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "requests", json_integer((json_int_t)x->requests), &ok);
	jwrite_put(o, "failed", json_integer((json_int_t)x->failed), &ok);
	jwrite_put(o, "by", errstat_to_json(&x->by), &ok);
	return jwrite_done(o, ok);
}

static json_t *retries_json(const struct results_retries *x)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "max", json_integer(x->max), &ok);
	jwrite_put(o, "requests", json_integer((json_int_t)x->requests), &ok);
	jwrite_put(o, "retried", json_integer((json_int_t)x->retried), &ok);
	jwrite_put(o, "attempts", json_integer((json_int_t)x->attempts), &ok);
	jwrite_put(o, "share", jnum_new(x->share), &ok);
	jwrite_put(o, "per_request", jnum_new(x->per_request), &ok);
	jwrite_put(o, "first_attempt_ms", results_lat_to_json(&x->first_attempt_ms, 0), &ok);
	return jwrite_done(o, ok);
}

static json_t *runs_json(const struct results_cell *c)
{
	json_t *arr = json_array();
	int ok = 1;

	for (size_t i = 0; i < c->n_runs; i++) {
		const struct results_cell_run *r = &c->runs[i];
		json_t *o = json_object();

		jwrite_put(o, "cycle", r->cycle > 0 ? json_integer(r->cycle) : json_null(), &ok);
		jwrite_put(o, "included", json_boolean(r->included), &ok);
		jwrite_put(o, "mib_s", jnum_new(r->mib_s), &ok);
		jwrite_put(o, "obj_s", jnum_new(r->obj_s), &ok);
		jwrite_add(arr, o, &ok);
	}
	return jwrite_done(arr, ok);
}

/* groups_json: cells[].groups[] (best-of-means). */
static json_t *groups_json(const struct results_cell *c)
{
	json_t *arr = json_array();
	int ok = 1;

	for (size_t i = 0; i < c->n_groups; i++) {
		const struct results_cell_group *g = &c->groups[i];
		json_t *o = json_object();

		jwrite_put(o, "first_cycle", json_integer(g->first_cycle), &ok);
		jwrite_put(o, "last_cycle", json_integer(g->last_cycle), &ok);
		jwrite_put(o, "n", json_integer(g->n), &ok);
		jwrite_put(o, "mib_s", jnum_new(g->mib_s), &ok);
		jwrite_put(o, "obj_s", jnum_new(g->obj_s), &ok);
		jwrite_add(arr, o, &ok);
	}
	return jwrite_done(arr, ok);
}

/* put_count: o.key = n when n > 0 (an absent member reads as 0). */
static void put_count(json_t *o, const char *key, long long n, int *ok)
{
	if (n > 0)
		jwrite_put(o, key, json_integer(n), ok);
}

json_t *results_cell_to_json(const struct results_cell *c, const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, c->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(c->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)c->size), &ok);
	jwrite_put(o, "size_label", jwrite_str(c->size_label), &ok);
	jwrite_put(o, "concurrency", json_integer(c->concurrency), &ok);
	jwrite_put(o, "clients", json_integer(c->clients), &ok);
	jwrite_put(o, "workers_total", json_integer(c->workers_total), &ok);
	jwrite_put(o, "client_hosts", json_integer(c->client_hosts), &ok);
	jwrite_put(o, "size_spec", jwrite_str(c->size_spec), &ok);
	jwrite_put(o, "range", jwrite_str(c->range), &ok);
	if (c->hedge != NULL)
		jwrite_put(o, "hedge", json_string(c->hedge), &ok);
	if (c->trace != NULL)
		jwrite_put(o, "trace", json_string(c->trace), &ok);
	if (c->trace_name != NULL)
		jwrite_put(o, "trace_name", json_string(c->trace_name), &ok);
	if (c->replay != NULL)
		jwrite_put(o, "replay", json_incref(c->replay), &ok);
	jwrite_put(o, "mix", results_mix_to_json(&c->mix), &ok);
	jwrite_put(o, "rate", jnum_new(c->rate), &ok);
	jwrite_put(o, "n", json_integer(c->n), &ok);
	jwrite_put(o, "expected", json_integer(c->expected), &ok);
	jwrite_put(o, "below_min_samples", json_boolean(c->below_min_samples), &ok);
	jwrite_put(o, "mib_s", results_stat_to_json(&c->mib_s), &ok);
	jwrite_put(o, "obj_s", results_stat_to_json(&c->obj_s), &ok);
	if (c->workload == NULL) {
		results_need_put(o, &c->need, &ok);
		results_varcomp_put(o, &c->variance, &ok);
	}
	jwrite_put(o, "latency_ms", results_lat_to_json(&c->latency_ms, 1), &ok);
	jwrite_put(o, "ttfb_ms", results_lat_to_json(&c->ttfb_ms, 1), &ok);
	jwrite_put(o, "client_limit", results_cell_climit_to_json(&c->client_limit), &ok);
	if (!isnan(c->throttled_share)) /* NAN: a file written before them */
		jwrite_put(o, "throttled_share", jnum_new(c->throttled_share), &ok);
	if (!isnan(c->throttled_attempt_share))
		jwrite_put(o, "throttled_attempt_share", jnum_new(c->throttled_attempt_share), &ok);
	put_count(o, "exhausted_runs", c->exhausted_runs, &ok);
	if (c->checksums_verified > 0 || c->checksums_absent > 0) {
		jwrite_put(o, "checksums_verified", json_integer(c->checksums_verified), &ok);
		jwrite_put(o, "checksums_absent", json_integer(c->checksums_absent), &ok);
	}
	put_count(o, "delete_markers", c->delete_markers, &ok);
	if (c->errors != NULL)
		jwrite_put(o, "errors", errors_json(c->errors), &ok);
	if (c->retries != NULL)
		jwrite_put(o, "retries", retries_json(c->retries), &ok);
	jwrite_put(o, "runs", runs_json(c), &ok);
	if (c->groups != NULL)
		jwrite_put(o, "groups", groups_json(c), &ok);
	jwrite_put(o, "cost", results_cost_to_json(&c->cost), &ok);
	if (isfinite(c->cpu_us_per_request))
		jwrite_put(o, "cpu_us_per_request", json_real(c->cpu_us_per_request), &ok);
	if (c->workload != NULL)
		results_wcell_put(o, c->workload, &ok);
	return jwrite_done(o, ok);
}

/* errors_from: cells[i].errors (absent or null: none failed). */
static int errors_from(struct jread *r, const json_t *o, const char *where, struct results_cell *c)
{
	json_t *eo = json_object_get(o, "errors"), *rq, *fl;
	struct err pe = {{0}};
	char at[160], by[192];

	if (eo == NULL || json_is_null(eo))
		return 0;
	jread_path(where, "errors", at, sizeof(at));
	rq = json_object_get(eo, "requests");
	fl = json_object_get(eo, "failed");
	if (!json_is_object(eo) || !json_is_integer(rq) || !json_is_integer(fl) ||
	    json_integer_value(fl) > json_integer_value(rq) || json_integer_value(fl) < 0)
		return jread_bad(r, at, "expected {requests, failed <= requests, by}");
	if ((c->errors = jread_alloc(r, at, 0, sizeof(*c->errors))) == NULL)
		return -1;
	c->errors->requests = (uint64_t)json_integer_value(rq);
	c->errors->failed = (uint64_t)json_integer_value(fl);
	jread_path(at, "by", by, sizeof(by));
	if (errstat_from_json(json_object_get(eo, "by"), by, &c->errors->by, &pe) < 0)
		return jread_fail(r, pe.msg);
	return 0;
}

/* retries_from: cells[i].retries (absent or null: no retries). */
static int retries_from(struct jread *r, const json_t *o, const char *where, struct results_cell *c)
{
	json_t *ro = json_object_get(o, "retries");
	struct results_retries *x;
	char at[160], fa[192];

	if (ro == NULL || json_is_null(ro))
		return 0;
	jread_path(where, "retries", at, sizeof(at));
	if (!json_is_object(ro) || !json_is_integer(json_object_get(ro, "requests")) ||
	    !json_is_integer(json_object_get(ro, "retried")))
		return jread_bad(r, at, "expected {max, requests, retried, ...}");
	if ((x = c->retries = jread_alloc(r, at, 0, sizeof(*x))) == NULL)
		return -1;
	x->max = (int)jread_int(r, ro, at, "max", 0, 0);
	x->requests = (uint64_t)jread_int(r, ro, at, "requests", 0, 0);
	x->retried = (uint64_t)jread_int(r, ro, at, "retried", 0, 0);
	x->attempts = (uint64_t)jread_int(r, ro, at, "attempts", 0, 0);
	x->share = jread_num(r, ro, at, "share", 0);
	x->per_request = jread_num(r, ro, at, "per_request", 0);
	jread_path(at, "first_attempt_ms", fa, sizeof(fa));
	results_lat_from_json(r, json_object_get(ro, "first_attempt_ms"), fa, 0,
			      &x->first_attempt_ms);
	return r->failed ? -1 : 0;
}

/* runs_from: cells[i].runs[] (absent: none). */
static int runs_from(struct jread *r, const json_t *o, const char *where, struct results_cell *c)
{
	json_t *runs = json_object_get(o, "runs"), *x;
	char at[160], w[192];
	size_t j;

	jread_path(where, "runs", at, sizeof(at));
	if (runs != NULL && !json_is_array(runs))
		return jread_bad(r, at, "expected an array");
	if ((c->runs = jread_alloc(r, at, json_array_size(runs), sizeof(*c->runs))) == NULL)
		return -1;
	json_array_foreach(runs, j, x) {
		struct results_cell_run *rr = &c->runs[j];

		if (jread_element(r, at, j, x, w, sizeof(w)) < 0)
			return -1;
		c->n_runs = j + 1;
		rr->cycle = (int)jread_int(r, x, w, "cycle", 0, 0);
		rr->included = jread_bool(r, x, w, "included", 1, 0);
		rr->mib_s = jread_figure(r, x, w, "mib_s");
		rr->obj_s = jread_figure(r, x, w, "obj_s");
		if (r->failed)
			return -1;
	}
	return 0;
}

/* groups_from: cells[i].groups[] (absent: none). */
static int groups_from(struct jread *r, const json_t *o, const char *where, struct results_cell *c)
{
	json_t *groups = json_object_get(o, "groups"), *x;
	char at[160], w[192];
	size_t j;

	if (groups == NULL)
		return 0;
	jread_path(where, "groups", at, sizeof(at));
	if (!json_is_array(groups))
		return jread_bad(r, at, "expected an array");
	if ((c->groups = jread_alloc(r, at, json_array_size(groups) + 1, sizeof(*c->groups))) ==
	    NULL)
		return -1;
	json_array_foreach(groups, j, x) {
		struct results_cell_group *g = &c->groups[j];

		if (jread_element(r, at, j, x, w, sizeof(w)) < 0)
			return -1;
		c->n_groups = j + 1;
		g->first_cycle = (int)jread_int(r, x, w, "first_cycle", 1, 0);
		g->last_cycle = (int)jread_int(r, x, w, "last_cycle", 1, 0);
		g->n = (int)jread_int(r, x, w, "n", 1, 0);
		g->mib_s = jread_figure(r, x, w, "mib_s");
		g->obj_s = jread_figure(r, x, w, "obj_s");
		if (r->failed)
			return -1;
	}
	return 0;
}

/* figures_from: the cell's statistics, latency and client-limit verdict. */
static int figures_from(struct jread *r, const json_t *o, const char *where, struct results_cell *c)
{
	char w[160];

	snprintf(w, sizeof(w), "%s.mib_s", where);
	results_stat_from_json(r, jread_member(r, o, where, "mib_s", 1), w, 1, &c->mib_s);
	snprintf(w, sizeof(w), "%s.obj_s", where);
	results_stat_from_json(r, json_object_get(o, "obj_s"), w, 0, &c->obj_s);
	snprintf(w, sizeof(w), "%s.latency_ms", where);
	results_lat_from_json(r, json_object_get(o, "latency_ms"), w, 1, &c->latency_ms);
	snprintf(w, sizeof(w), "%s.ttfb_ms", where);
	results_lat_from_json(r, json_object_get(o, "ttfb_ms"), w, 1, &c->ttfb_ms);
	snprintf(w, sizeof(w), "%s.client_limit", where);
	results_cell_climit_from_json(r, json_object_get(o, "client_limit"), w, &c->client_limit);
	return r->failed ? -1 : 0;
}

int results_cell_from_json(struct jread *r, const json_t *o, const char *where, int wcell,
			   struct results_cell *c)
{
	char w[160];

	memset(c, 0, sizeof(*c));
	c->subject = results_subject_ref(r, o, where, "subject");
	c->op = jread_str(r, o, where, "op", 1);
	c->size = (uint64_t)jread_int(r, o, where, "size", 1, 0);
	c->size_label = jread_str(r, o, where, "size_label", 0);
	c->concurrency = (int)jread_int(r, o, where, "concurrency", 1, 0);
	c->n = (int)jread_int(r, o, where, "n", 1, 0);
	c->expected = (int)jread_int(r, o, where, "expected", 0, -1);
	c->below_min_samples = jread_bool(r, o, where, "below_min_samples", 0, 0);
	c->size_spec = jread_str(r, o, where, "size_spec", 0);
	c->range = jread_str(r, o, where, "range", 0);
	c->hedge = jread_str(r, o, where, "hedge", 0);
	c->trace = jread_str(r, o, where, "trace", 0);
	c->trace_name = jread_str(r, o, where, "trace_name", 0);
	if (json_is_object(json_object_get(o, "replay")))
		c->replay = json_incref(json_object_get(o, "replay"));
	results_mix_from_json(r, json_object_get(o, "mix"), where, &c->mix);
	c->rate = jread_num(r, o, where, "rate", 0);
	if (r->failed || figures_from(r, o, where, c) < 0 || runs_from(r, o, where, c) < 0 ||
	    groups_from(r, o, where, c) < 0)
		return -1;
	c->clients = jread_count(r, o, where, "clients");
	c->client_hosts = jread_count(r, o, where, "client_hosts");
	c->workers_total = (int)jread_int(r, o, where, "workers_total", 0,
					  (long long)c->concurrency * c->clients);
	c->throttled_share = jread_num(r, o, where, "throttled_share", 0);
	c->throttled_attempt_share = jread_num(r, o, where, "throttled_attempt_share", 0);
	c->exhausted_runs = jread_int(r, o, where, "exhausted_runs", 0, 0);
	c->checksums_verified = jread_int(r, o, where, "checksums_verified", 0, 0);
	c->checksums_absent = jread_int(r, o, where, "checksums_absent", 0, 0);
	c->delete_markers = jread_int(r, o, where, "delete_markers", 0, 0);
	snprintf(w, sizeof(w), "%s.cost", where);
	results_cost_from_json(r, json_object_get(o, "cost"), w, &c->cost);
	c->cpu_us_per_request = jread_num(r, o, where, "cpu_us_per_request", 0);
	if (r->failed || errors_from(r, o, where, c) < 0 || retries_from(r, o, where, c) < 0)
		return -1;
	c->need.cycles = -1;
	if (!wcell) {
		results_need_from(r, o, where, &c->need);
		results_varcomp_from(r, o, where, &c->variance);
		return r->failed ? -1 : 0;
	}
	if ((c->workload = jread_alloc(r, where, 0, sizeof(*c->workload))) == NULL)
		return -1;
	return results_wcell_from_json(r, o, where, c->workload);
}

void results_cell_free(struct results_cell *c)
{
	free(c->op);
	free(c->need.note);
	free(c->size_label);
	free(c->size_spec);
	free(c->range);
	free(c->hedge);
	free(c->trace);
	free(c->trace_name);
	json_decref(c->replay);
	results_mix_free(&c->mix);
	results_lat_free(&c->latency_ms);
	results_lat_free(&c->ttfb_ms);
	free(c->errors);
	if (c->retries != NULL)
		results_lat_free(&c->retries->first_attempt_ms);
	free(c->retries);
	free(c->runs);
	free(c->groups);
	results_cost_free(&c->cost);
	if (c->workload != NULL)
		results_wcell_free(c->workload);
	free(c->workload);
}

json_t *results_oneoff_to_json(const struct results_oneoff *x, const struct results *doc)
{
	json_t *o = json_object(), *seg = json_object();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, x->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(x->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)x->size), &ok);
	jwrite_put(o, "concurrency", json_integer(x->concurrency), &ok);
	jwrite_put(o, "clients", json_integer(x->clients), &ok);
	jwrite_put(o, "workers_total", json_integer(x->workers_total), &ok);
	jwrite_put(o, "objects", jwrite_count(x->objects), &ok);
	jwrite_put(o, "n", json_integer(x->n), &ok);
	jwrite_put(o, "total", json_integer(x->total), &ok);
	jwrite_put(o, "obj_s", jnum_new(x->obj_s), &ok);
	jwrite_put(o, "latency_ms", results_lat_to_json(&x->latency_ms, 0), &ok);
	jwrite_put(o, "ttfb_ms", results_lat_to_json(&x->ttfb_ms, 0), &ok);
	jwrite_put(seg, "median_obj_s", jnum_new(x->seg_median), &ok);
	jwrite_put(seg, "fastest_obj_s", jnum_new(x->seg_fastest), &ok);
	jwrite_put(seg, "slowest_obj_s", jnum_new(x->seg_slowest), &ok);
	jwrite_put(o, "segments", seg, &ok);
	jwrite_put(o, "completion_s", jnum_new(x->completion_s), &ok);
	put_count(o, "delete_markers", x->delete_markers, &ok);
	if (x->dataset != NULL) /* left out for objects of their own */
		jwrite_put(o, "dataset", jwrite_str(x->dataset), &ok);
	return jwrite_done(o, ok);
}

int results_oneoff_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_oneoff *x)
{
	char w[160];
	json_t *seg;

	memset(x, 0, sizeof(*x));
	x->seg_median = x->seg_fastest = x->seg_slowest = NAN;
	x->subject = results_subject_ref(r, o, where, "subject");
	x->op = jread_str(r, o, where, "op", 1);
	x->size = (uint64_t)jread_int(r, o, where, "size", 0, 0);
	x->objects = jread_int(r, o, where, "objects", 0, -1);
	x->concurrency = (int)jread_int(r, o, where, "concurrency", 0, 0);
	x->n = (int)jread_int(r, o, where, "n", 0, 1);
	x->total = (int)jread_int(r, o, where, "total", 0, x->n);
	x->obj_s = jread_num(r, o, where, "obj_s", 1);
	x->completion_s = jread_num(r, o, where, "completion_s", 0);
	x->delete_markers = jread_int(r, o, where, "delete_markers", 0, 0);
	x->dataset = jread_str(r, o, where, "dataset", 0);
	snprintf(w, sizeof(w), "%s.latency_ms", where);
	results_lat_from_json(r, json_object_get(o, "latency_ms"), w, 0, &x->latency_ms);
	snprintf(w, sizeof(w), "%s.ttfb_ms", where);
	results_lat_from_json(r, json_object_get(o, "ttfb_ms"), w, 0, &x->ttfb_ms);
	snprintf(w, sizeof(w), "%s.segments", where);
	seg = json_object_get(o, "segments");
	if (json_is_object(seg)) {
		x->seg_median = jread_num(r, seg, w, "median_obj_s", 0);
		x->seg_fastest = jread_num(r, seg, w, "fastest_obj_s", 0);
		x->seg_slowest = jread_num(r, seg, w, "slowest_obj_s", 0);
	} else if (seg != NULL && !json_is_null(seg)) {
		return jread_bad(r, w, "expected an object or null");
	}
	if (r->failed)
		return -1;
	x->clients = jread_count(r, o, where, "clients");
	x->workers_total = (int)jread_int(r, o, where, "workers_total", 0,
					  (long long)x->concurrency * x->clients);
	return r->failed ? -1 : 0;
}

void results_oneoff_free(struct results_oneoff *o)
{
	free(o->op);
	free(o->dataset);
	results_lat_free(&o->latency_ms);
	results_lat_free(&o->ttfb_ms);
}
