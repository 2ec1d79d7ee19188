/* core/results/results_runs.c: see results_runs.h. */
#include "core/results/results_runs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

/* full_json: the members only runs[] has, after class and reason. */
static void full_json(json_t *o, const struct results_run *r, int *ok)
{
	jwrite_put(o, "mib_s", jnum_new(r->mib_s), ok);
	jwrite_put(o, "obj_s", jnum_new(r->obj_s), ok);
	jwrite_put(o, "lat_avg_ms", jnum_new(r->lat_avg_ms), ok);
	jwrite_put(o, "ttfb_avg_ms", jnum_new(r->ttfb_avg_ms), ok);
	if (isfinite(r->cpu_us_per_request))
		jwrite_put(o, "cpu_us_per_request", json_real(r->cpu_us_per_request), ok);
	jwrite_put(o, "cost", results_cost_to_json(&r->cost), ok);
	jwrite_put(o, "client_limit",
		   r->client_limit != NULL ? climit_to_json(r->client_limit) : json_null(), ok);
	jwrite_put(o, "client",
		   r->client != NULL ? results_run_client_to_json(r->client) : json_null(), ok);
	jwrite_put(o, "request_phases",
		   r->request_phases != NULL ? results_phases_to_json(r->request_phases)
					     : json_null(),
		   ok);
}

json_t *results_run_to_json(const struct results_run *r, int full, const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "path", jwrite_str(r->path), &ok);
	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, r->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(r->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)r->size), &ok);
	jwrite_put(o, "concurrency", json_integer(r->concurrency), &ok);
	jwrite_put(o, "size_spec", jwrite_str(r->size_spec), &ok);
	jwrite_put(o, "range", jwrite_str(r->range), &ok);
	jwrite_put(o, "mix", results_mix_to_json(&r->mix), &ok);
	jwrite_put(o, "rate", jnum_new(r->rate), &ok);
	jwrite_put(o, "cycle", r->cycle > 0 ? json_integer(r->cycle) : json_null(), &ok);
	if (full) {
		jwrite_put(o, "clients", json_integer(r->clients), &ok);
		jwrite_put(o, "workers_total", json_integer(r->workers_total), &ok);
		jwrite_put(o, "included", json_boolean(r->included), &ok);
	}
	jwrite_put(o, "class", jwrite_str(r->cls), &ok);
	jwrite_put(o, "reason", jwrite_str(r->reason), &ok);
	if (full)
		full_json(o, r, &ok);
	return jwrite_done(o, ok);
}

/* records_from: client_limit, client and request_phases (each null or absent: none). */
static int records_from(struct jread *r, const json_t *o, const char *where, struct results_run *x)
{
	char w[160];
	struct err e;
	json_t *v;

	snprintf(w, sizeof(w), "%s.client_limit", where);
	if ((v = jread_object(r, o, where, "client_limit", 0)) != NULL) {
		if ((x->client_limit = jread_alloc(r, w, 0, sizeof(*x->client_limit))) == NULL)
			return -1;
		if (climit_from_json(v, w, x->client_limit, &e) < 0)
			return jread_fail(r, e.msg);
	}
	snprintf(w, sizeof(w), "%s.client", where);
	if ((v = jread_object(r, o, where, "client", 0)) != NULL &&
	    ((x->client = jread_alloc(r, w, 0, sizeof(*x->client))) == NULL ||
	     results_run_client_from_json(r, v, w, x->client) < 0))
		return -1;
	snprintf(w, sizeof(w), "%s.request_phases", where);
	if ((v = jread_object(r, o, where, "request_phases", 0)) != NULL &&
	    ((x->request_phases = jread_alloc(r, w, 0, sizeof(*x->request_phases))) == NULL ||
	     results_phases_from_json(r, v, w, x->request_phases) < 0))
		return -1;
	return r->failed ? -1 : 0;
}

int results_run_from_json(struct jread *r, const json_t *o, const char *where,
			  struct results_run *x)
{
	char w[160];

	memset(x, 0, sizeof(*x));
	x->path = jread_str(r, o, where, "path", 0);
	x->subject = results_subject_ref(r, o, where, "subject");
	x->op = jread_str(r, o, where, "op", 1);
	x->cls = jread_str(r, o, where, "class", 0);
	x->reason = jread_str(r, o, where, "reason", 0);
	x->size = (uint64_t)jread_int(r, o, where, "size", 0, 0);
	x->concurrency = (int)jread_int(r, o, where, "concurrency", 0, 0);
	x->cycle = (int)jread_int(r, o, where, "cycle", 0, 0);
	x->size_spec = jread_str(r, o, where, "size_spec", 0);
	x->range = jread_str(r, o, where, "range", 0);
	results_mix_from_json(r, json_object_get(o, "mix"), where, &x->mix);
	x->rate = jread_num(r, o, where, "rate", 0);
	x->clients = jread_count(r, o, where, "clients");
	x->workers_total = (int)jread_int(r, o, where, "workers_total", 0,
					  (long long)x->concurrency * x->clients);
	x->included = jread_bool(r, o, where, "included", 0, 0);
	x->mib_s = jread_num(r, o, where, "mib_s", 0);
	x->obj_s = jread_num(r, o, where, "obj_s", 0);
	x->lat_avg_ms = jread_num(r, o, where, "lat_avg_ms", 0);
	x->ttfb_avg_ms = jread_num(r, o, where, "ttfb_avg_ms", 0);
	x->cpu_us_per_request = jread_num(r, o, where, "cpu_us_per_request", 0);
	snprintf(w, sizeof(w), "%s.cost", where);
	results_cost_from_json(r, json_object_get(o, "cost"), w, &x->cost);
	if (r->failed)
		return -1;
	return records_from(r, o, where, x);
}

void results_run_free(struct results_run *r)
{
	free(r->path);
	free(r->op);
	free(r->size_spec);
	free(r->range);
	results_mix_free(&r->mix);
	free(r->cls);
	free(r->reason);
	results_cost_free(&r->cost);
	free(r->client_limit);
	if (r->client != NULL)
		results_run_client_free(r->client);
	free(r->client);
	free(r->request_phases);
}
