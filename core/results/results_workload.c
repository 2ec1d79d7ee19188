/* core/results/results_workload.c: see results_workload.h. */
#include "core/results/results_workload.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/climit.h"
#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

json_t *results_mix_to_json(const struct results_mix *m)
{
	json_t *o;
	int ok = 1;

	if (!m->present)
		return json_null();
	o = json_object();
	for (size_t i = 0; i < m->n; i++)
		jwrite_put(o, m->parts[i].op, json_integer((json_int_t)m->parts[i].weight), &ok);
	return jwrite_done(o, ok);
}

int results_mix_from_json(struct jread *r, const json_t *o, const char *where,
			  struct results_mix *m)
{
	char at[160];
	const char *k;
	json_t *v;

	memset(m, 0, sizeof(*m));
	jread_path(where, "mix", at, sizeof(at));
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, at, "expected an object or null");
	m->present = 1;
	if ((m->parts = jread_alloc(r, at, json_object_size(o), sizeof(*m->parts))) == NULL)
		return -1;
	json_object_foreach((json_t *)o, k, v) {
		if (!json_is_integer(v))
			return jread_bad_at(r, at, k, "expected an integer weight");
		m->parts[m->n].weight = json_integer_value(v);
		if ((m->parts[m->n++].op = jread_dup(r, at, k, k)) == NULL)
			return -1;
	}
	return 0;
}

void results_mix_free(struct results_mix *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->parts[i].op);
	free(m->parts);
}

static json_t *by_op_json(const struct results_wcell *w)
{
	json_t *arr = json_array();
	int ok = 1;

	for (size_t i = 0; i < w->n_by_op; i++) {
		const struct results_by_op *p = &w->by_op[i];
		json_t *o = json_object();

		jwrite_put(o, "op", jwrite_str(p->op), &ok);
		jwrite_put(o, "n", json_integer((json_int_t)p->n), &ok);
		jwrite_put(o, "share", jnum_new(p->share), &ok);
		jwrite_put(o, "obj_s", jnum_new(p->obj_s), &ok);
		jwrite_put(o, "mib_s", jnum_new(p->mib_s), &ok);
		jwrite_put(o, "p50_ms", jnum_new(p->p50_ms), &ok);
		jwrite_put(o, "p99_ms", jnum_new(p->p99_ms), &ok);
		jwrite_put(o, "pooled", json_boolean(p->pooled), &ok);
		jwrite_add(arr, o, &ok);
	}
	return jwrite_done(arr, ok);
}

static json_t *rate_json(const struct results_rate_figures *f)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "offered", jnum_new(f->offered), &ok);
	jwrite_put(o, "achieved", jnum_new(f->achieved), &ok);
	jwrite_put(o, "sustained", json_boolean(f->sustained), &ok);
	jwrite_put(o, "p50_intended_ms", jnum_new(f->p50_intended_ms), &ok);
	jwrite_put(o, "p99_intended_ms", jnum_new(f->p99_intended_ms), &ok);
	jwrite_put(o, "intended_source", json_string(f->intended_runs ? "runs" : "histogram"), &ok);
	jwrite_put(o, "p50_ms", jnum_new(f->p50_ms), &ok);
	jwrite_put(o, "p99_ms", jnum_new(f->p99_ms), &ok);
	jwrite_put(o, "late_no_worker", jwrite_count(f->late_no_worker), &ok);
	jwrite_put(o, "peak_workers", jwrite_count(f->peak_workers), &ok);
	return jwrite_done(o, ok);
}

void results_wcell_put(json_t *o, const struct results_wcell *w, int *ok)
{
	jwrite_put(o, "workload", jwrite_str(w->workload), ok);
	jwrite_put(o, "by_op", w->n_by_op ? by_op_json(w) : json_null(), ok);
	jwrite_put(o, "rate_figures",
		   w->rate_figures != NULL ? rate_json(w->rate_figures) : json_null(), ok);
}

static int by_op_from(struct jread *r, const json_t *o, const char *where, struct results_wcell *w)
{
	char at[160], e[192];
	json_t *a = jread_array(r, o, where, "by_op", 0), *x;
	size_t i;

	if (a == NULL || json_array_size(a) == 0)
		return r->failed ? -1 : 0;
	jread_path(where, "by_op", at, sizeof(at));
	if ((w->by_op = jread_alloc(r, at, json_array_size(a), sizeof(*w->by_op))) == NULL)
		return -1;
	json_array_foreach(a, i, x) {
		struct results_by_op *p = &w->by_op[i];

		if (jread_element(r, at, i, x, e, sizeof(e)) < 0)
			return -1;
		w->n_by_op = i + 1;
		p->op = jread_str(r, x, e, "op", 0);
		p->n = jread_int(r, x, e, "n", 0, 0);
		p->share = jread_num(r, x, e, "share", 0);
		p->obj_s = jread_num(r, x, e, "obj_s", 0);
		p->mib_s = jread_num(r, x, e, "mib_s", 0);
		p->p50_ms = jread_num(r, x, e, "p50_ms", 0);
		p->p99_ms = jread_num(r, x, e, "p99_ms", 0);
		p->pooled = jread_bool(r, x, e, "pooled", 0, 0);
	}
	return r->failed ? -1 : 0;
}

static int rate_from(struct jread *r, const json_t *o, const char *where, struct results_wcell *w)
{
	struct results_rate_figures *f;
	char at[160], *s;
	json_t *x;

	if ((x = jread_object(r, o, where, "rate_figures", 0)) == NULL)
		return r->failed ? -1 : 0;
	jread_path(where, "rate_figures", at, sizeof(at));
	if ((f = w->rate_figures = jread_alloc(r, at, 0, sizeof(*f))) == NULL)
		return -1;
	f->offered = jread_num(r, x, at, "offered", 0);
	f->achieved = jread_num(r, x, at, "achieved", 0);
	f->sustained = jread_bool(r, x, at, "sustained", 0, 0);
	f->p50_intended_ms = jread_num(r, x, at, "p50_intended_ms", 0);
	f->p99_intended_ms = jread_num(r, x, at, "p99_intended_ms", 0);
	s = jread_str(r, x, at, "intended_source", 0);
	f->intended_runs = s != NULL && strcmp(s, "runs") == 0;
	free(s);
	f->p50_ms = jread_num(r, x, at, "p50_ms", 0);
	f->p99_ms = jread_num(r, x, at, "p99_ms", 0);
	f->late_no_worker = jread_int(r, x, at, "late_no_worker", 0, -1);
	f->peak_workers = jread_int(r, x, at, "peak_workers", 0, -1);
	return r->failed ? -1 : 0;
}

int results_wcell_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_wcell *w)
{
	memset(w, 0, sizeof(*w));
	w->workload = jread_str(r, o, where, "workload", 0);
	if (r->failed || by_op_from(r, o, where, w) < 0)
		return -1;
	return rate_from(r, o, where, w);
}

void results_wcell_free(struct results_wcell *w)
{
	for (size_t i = 0; i < w->n_by_op; i++)
		free(w->by_op[i].op);
	free(w->by_op);
	free(w->workload);
	free(w->rate_figures);
}

static json_t *point_json(const struct results_sweep_point *p)
{
	json_t *o = json_object(), *cl = json_object();
	int ok = 1;

	jwrite_put(o, "offered", jnum_new(p->offered), &ok);
	jwrite_put(o, "n", json_integer((json_int_t)p->n), &ok);
	jwrite_put(o, "achieved", jnum_new(p->achieved), &ok);
	jwrite_put(o, "sustained", json_boolean(p->sustained), &ok);
	jwrite_put(o, "p50_intended_ms", jnum_new(p->p50_intended_ms), &ok);
	jwrite_put(o, "p99_intended_ms", jnum_new(p->p99_intended_ms), &ok);
	jwrite_put(o, "p50_ms", jnum_new(p->p50_ms), &ok);
	jwrite_put(o, "p99_ms", jnum_new(p->p99_ms), &ok);
	jwrite_put(o, "throttled_share", jnum_new(p->throttled_share), &ok);
	if (!isnan(p->throttled_attempt_share)) /* NAN: a file written before it */
		jwrite_put(o, "throttled_attempt_share", jnum_new(p->throttled_attempt_share), &ok);
	jwrite_put(o, "late_no_worker", jwrite_count(p->late_no_worker), &ok);
	jwrite_put(o, "peak_workers", jwrite_count(p->peak_workers), &ok);
	jwrite_put(cl, "verdict", json_string(results_verdict_name(p->verdict)), &ok);
	jwrite_put(cl, "reasons", climit_reasons_json(p->reasons), &ok);
	jwrite_put(cl, "blocking", climit_reasons_json(p->blocking), &ok);
	jwrite_put(o, "client_limit", cl, &ok);
	return jwrite_done(o, ok);
}

json_t *results_sweep_to_json(const struct results_sweep *s, const struct results *doc)
{
	static const char *const by[] = {NULL, "none", "server", "client"};
	json_t *o = json_object(), *pts = json_array(), *lim = json_object();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, s->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(s->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)s->size), &ok);
	jwrite_put(o, "size_spec", jwrite_str(s->size_spec), &ok);
	jwrite_put(o, "range", jwrite_str(s->range), &ok);
	jwrite_put(o, "mix", results_mix_to_json(&s->mix), &ok);
	jwrite_put(o, "concurrency", json_integer(s->concurrency), &ok);
	jwrite_put(o, "clients", json_integer(s->clients), &ok);
	jwrite_put(o, "workers_total", json_integer(s->workers_total), &ok);
	for (size_t k = 0; k < s->n_points; k++)
		jwrite_add(pts, point_json(&s->points[k]), &ok);
	jwrite_put(o, "points", pts, &ok);
	jwrite_put(o, "p99_limit_ms", jnum_new(s->p99_limit_ms), &ok);
	jwrite_put(o, "max_sustained", jnum_new(s->max_sustained), &ok);
	jwrite_put(o, "throttle_knee", jnum_new(s->throttle_knee), &ok);
	jwrite_put(lim, "by", jwrite_str(by[s->limit_by]), &ok);
	jwrite_put(lim, "at", jnum_new(s->limit_at), &ok);
	jwrite_put(lim, "reasons", climit_reasons_json(s->limit_reasons), &ok);
	jwrite_put(o, "limit", s->limit_by != RESULTS_LIMIT_UNKNOWN ? lim : json_null(), &ok);
	if (s->limit_by == RESULTS_LIMIT_UNKNOWN)
		json_decref(lim);
	return jwrite_done(o, ok);
}

static int point_from(struct jread *r, const json_t *x, const char *w,
		      struct results_sweep_point *p)
{
	char at[224];
	json_t *cl;

	p->offered = jread_num(r, x, w, "offered", 0);
	p->n = jread_int(r, x, w, "n", 0, 0);
	p->achieved = jread_num(r, x, w, "achieved", 0);
	p->sustained = jread_bool(r, x, w, "sustained", 0, 0);
	p->p50_intended_ms = jread_num(r, x, w, "p50_intended_ms", 0);
	p->p99_intended_ms = jread_num(r, x, w, "p99_intended_ms", 0);
	p->p50_ms = jread_num(r, x, w, "p50_ms", 0);
	p->p99_ms = jread_num(r, x, w, "p99_ms", 0);
	p->throttled_share = jread_num(r, x, w, "throttled_share", 0);
	p->throttled_attempt_share = jread_num(r, x, w, "throttled_attempt_share", 0);
	p->late_no_worker = jread_int(r, x, w, "late_no_worker", 0, -1);
	p->peak_workers = jread_int(r, x, w, "peak_workers", 0, -1);
	if ((cl = jread_object(r, x, w, "client_limit", 0)) != NULL) {
		struct results_cell_climit c;

		jread_path(w, "client_limit", at, sizeof(at));
		results_cell_climit_from_json(r, cl, at, &c);
		p->verdict = c.verdict;
		p->reasons = c.reasons;
		results_reasons_from_json(r, cl, at, "blocking", &p->blocking);
	}
	return r->failed ? -1 : 0;
}

/* limit_from: rate_sweeps[].limit (absent in older files: RESULTS_LIMIT_UNKNOWN). */
static void limit_from(struct jread *r, const json_t *o, const char *where, struct results_sweep *s)
{
	static const char *const by[] = {"none", "server", "client"};
	char at[160], *b;
	json_t *x;

	s->limit_at = NAN;
	if ((x = jread_object(r, o, where, "limit", 0)) == NULL)
		return;
	jread_path(where, "limit", at, sizeof(at));
	b = jread_str(r, x, at, "by", 0);
	for (int i = 0; b != NULL && i < 3; i++)
		if (strcmp(b, by[i]) == 0)
			s->limit_by = (enum results_limit_by)(i + 1);
	if (b != NULL && s->limit_by == RESULTS_LIMIT_UNKNOWN)
		jread_bad_at(r, at, "by", "expected \"none\", \"server\" or \"client\"");
	free(b);
	s->limit_at = jread_num(r, x, at, "at", 0);
	results_reasons_from_json(r, x, at, "reasons", &s->limit_reasons);
}

int results_sweep_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_sweep *s)
{
	char at[160], e[192];
	json_t *a, *x;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->subject = results_subject_ref(r, o, where, "subject");
	s->op = jread_str(r, o, where, "op", 1);
	s->size = (uint64_t)jread_int(r, o, where, "size", 0, 0);
	s->size_spec = jread_str(r, o, where, "size_spec", 0);
	s->range = jread_str(r, o, where, "range", 0);
	results_mix_from_json(r, json_object_get(o, "mix"), where, &s->mix);
	s->concurrency = (int)jread_int(r, o, where, "concurrency", 0, 0);
	s->clients = (int)jread_int(r, o, where, "clients", 0, 1);
	s->workers_total = (int)jread_int(r, o, where, "workers_total", 0,
					  (long long)s->concurrency * s->clients);
	s->p99_limit_ms = jread_num(r, o, where, "p99_limit_ms", 0);
	s->max_sustained = jread_num(r, o, where, "max_sustained", 0);
	s->throttle_knee = jread_num(r, o, where, "throttle_knee", 0);
	limit_from(r, o, where, s);
	a = jread_array(r, o, where, "points", 0);
	jread_path(where, "points", at, sizeof(at));
	if (r->failed ||
	    (s->points = jread_alloc(r, at, json_array_size(a), sizeof(*s->points))) == NULL)
		return -1;
	json_array_foreach(a, i, x) {
		if (jread_element(r, at, i, x, e, sizeof(e)) < 0 ||
		    point_from(r, x, e, &s->points[i]) < 0)
			return -1;
		s->n_points = i + 1;
	}
	return 0;
}

void results_sweep_free(struct results_sweep *s)
{
	free(s->op);
	free(s->size_spec);
	free(s->range);
	results_mix_free(&s->mix);
	free(s->points);
}
