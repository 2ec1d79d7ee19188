/* analyze/out_json.c: results/aggregate.json (see out.h, docs/FORMATS.md). */
#include "analyze/out.h"

#include <math.h>
#include <stdio.h>

#include <jansson.h>

#include "analyze/baseline.h"
#include "analyze/out_json_clients.h"
#include "analyze/out_json_lat.h"
#include "analyze/out_json_stats.h"
#include "analyze/out_json_wl.h"
#include "core/fsutil.h"
#include "core/version.h"


/* Every json_* constructor below may return NULL when memory runs out; jansson's
 * json_object_set_new / json_array_append_new accept NULL and fail, and build
 * reports that through a single "ok" flag checked at the end. */

static json_t *jstr(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

static json_t *stat_json(const struct agg_stat *s, int *ok)
{
	json_t *o = json_object();

	outj_put(o, "value", outj_num(s->value), ok);
	outj_put(o, "mean", outj_num(s->mean), ok);
	outj_put(o, "median", outj_num(s->median), ok);
	outj_put(o, "min", outj_num(s->min), ok);
	outj_put(o, "max", outj_num(s->max), ok);
	outj_put(o, "stddev", outj_num(s->stddev), ok);
	outj_put(o, "cv", outj_num(s->cv), ok);
	outj_stat_ci(o, s, ok);
	return o;
}

/* lat_json: null when no run gave the figure (no valid run, or no TTFB for the op). */
static json_t *lat_json(const struct agg_lat *l, int *ok)
{
	json_t *o;

	if (!isfinite(l->avg))
		return json_null();
	o = json_object();
	outj_put(o, "avg", outj_num(l->avg), ok);
	outj_put(o, "p50", outj_num(l->p50), ok);
	outj_put(o, "p90", outj_num(l->p90), ok);
	outj_put(o, "p99", outj_num(l->p99), ok);
	outj_put(o, "min", outj_num(l->min), ok);
	outj_put(o, "max", outj_num(l->max), ok);
	return o;
}

static json_t *jcycle(int cycle)
{
	return cycle > 0 ? json_integer(cycle) : json_null();
}

static json_t *head_json(const struct aggregate *a, const struct out_meta *m, int *ok)
{
	json_t *root = json_object(), *o;

	outj_put(root, "format", json_string(S3BENCH_AGGREGATE_FORMAT), ok);
	outj_put(root, "generated", jstr(m->generated), ok);
	o = json_object();
	outj_put(o, "name", json_string("s3bench"), ok);
	outj_put(o, "version", json_string(S3BENCH_VERSION), ok);
	outj_put(root, "tool", o, ok);
	outj_put(root, "source", json_string(m->source ? m->source : "s3bench"), ok);
	if (m->warp_engine != NULL)
		outj_put(root, "warp_engine", json_string(m->warp_engine), ok);
	o = json_object();
	outj_put(o, "name", jstr(a->campaign_name), ok);
	outj_put(o, "title", jstr(a->campaign_title), ok);
	outj_put(o, "client", jstr(a->campaign_client), ok);
	outj_put(o, "cycles", json_integer(a->cycles), ok);
	outj_put(o, "order", jstr(m->order ? m->order : a->campaign_order), ok);
	outj_put(root, "campaign", o, ok);
	o = json_object();
	outj_put(o, "name", json_string(policy_name(a->policy)), ok);
	outj_put(o, "min_samples", json_integer((json_int_t)a->min_samples), ok);
	outj_put(o, "rule", json_string(inclusion_rule_text()), ok);
	outj_put(root, "policy", o, ok);
	outj_statistics(root, a, ok);
	return root;
}

/* The label a matrix run declared for `size` (the first run that has one), or NULL. */
static const char *size_label_of(const struct aggregate *a, uint64_t size)
{
	for (size_t i = 0; i < a->n_runs; i++)
		if (a->runs[i].log->cycle > 0 && a->runs[i].log->size == size &&
		    a->runs[i].log->size_label)
			return a->runs[i].log->size_label;
	return NULL;
}

static void subjects_matrix(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *arr = json_array(), *o, *ops, *sizes, *concs, *labels = json_array();

	for (size_t i = 0; i < a->n_subjects; i++) {
		const struct agg_subject *s = &a->subjects[i];

		o = json_object();
		outj_put(o, "id", json_string(s->id), ok);
		outj_put(o, "label", jstr(s->label), ok);
		outj_put(o, "color", jstr(s->color), ok);
		outj_put(o, "endpoint", jstr(s->endpoint), ok);
		outj_put(o, "region", jstr(s->region), ok);
		outj_add(arr, o, ok);
	}
	outj_put(root, "subjects", arr, ok);
	ops = json_array();
	sizes = json_array();
	concs = json_array();
	for (size_t i = 0; i < a->n_m_ops; i++)
		outj_add(ops, json_string(a->m_ops[i]), ok);
	for (size_t i = 0; i < a->n_m_sizes; i++) {
		outj_add(sizes, json_integer((json_int_t)a->m_sizes[i]), ok);
		outj_add(labels, jstr(size_label_of(a, a->m_sizes[i])), ok);
	}
	for (size_t i = 0; i < a->n_m_concs; i++)
		outj_add(concs, json_integer(a->m_concs[i]), ok);
	o = json_object();
	outj_put(o, "ops", ops, ok);
	outj_put(o, "sizes", sizes, ok);
	outj_put(o, "size_labels", labels, ok);
	outj_put(o, "concurrency", concs, ok);
	outj_put(root, "matrix", o, ok);
}

static json_t *cell_json(const struct aggregate *a, const struct agg_cell *c, int *ok)
{
	json_t *o = json_object(), *runs = json_array();

	outj_put(o, "subject", json_string(a->subjects[c->subject].id), ok);
	outj_put(o, "op", json_string(c->op), ok);
	outj_put(o, "size", json_integer((json_int_t)c->size), ok);
	outj_put(o, "size_label", jstr(size_label_of(a, c->size)), ok);
	outj_put(o, "concurrency", json_integer(c->concurrency), ok);
	outj_cell_clients(o, c, ok);
	out_json_wl_dims(o, c->size_spec, c->range, c->mix, c->rate, ok);
	outj_put(o, "n", json_integer((json_int_t)c->n), ok);
	outj_put(o, "expected", json_integer((json_int_t)c->expected), ok);
	outj_put(o, "below_min_samples", json_boolean(c->below_min), ok);
	outj_put(o, "mib_s", stat_json(&c->mib, ok), ok);
	outj_put(o, "obj_s", stat_json(&c->obj, ok), ok);
	outj_put(o, "latency_ms", lat_json(&c->lat, ok), ok);
	outj_put(o, "ttfb_ms", lat_json(&c->ttfb, ok), ok);
	out_json_put_pooled(json_object_get(o, "latency_ms"), &c->lat_pool, ok);
	out_json_put_pooled(json_object_get(o, "ttfb_ms"), &c->ttfb_pool, ok);
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		int inc = r->v.included;
		json_t *ro = json_object();

		outj_put(ro, "cycle", jcycle(r->log->cycle), ok);
		outj_put(ro, "included", json_boolean(inc), ok);
		outj_put(ro, "mib_s", inc ? outj_num(r->log->summary.mib_s) : json_null(), ok);
		outj_put(ro, "obj_s", inc ? outj_num(r->log->summary.obj_s) : json_null(), ok);
		outj_add(runs, ro, ok);
	}
	outj_put(o, "runs", runs, ok);
	return o;
}

static json_t *op_json(const struct aggregate *a, const struct agg_op *p, int *ok)
{
	json_t *o = json_object(), *seg = json_object();

	outj_put(o, "subject", json_string(a->subjects[p->subject].id), ok);
	outj_put(o, "op", json_string(p->op), ok);
	outj_put(o, "size", json_integer((json_int_t)p->size), ok);
	outj_put(o, "concurrency", json_integer(p->concurrency), ok);
	outj_put(o, "clients", json_integer(p->clients), ok);
	outj_put(o, "workers_total", json_integer((json_int_t)p->concurrency * p->clients), ok);
	outj_put(o, "objects", p->objects >= 0 ? json_integer(p->objects) : json_null(), ok);
	outj_put(o, "n", json_integer((json_int_t)p->n), ok);
	outj_put(o, "total", json_integer((json_int_t)p->total), ok);
	outj_put(o, "obj_s", outj_num(p->obj_s), ok);
	outj_put(o, "latency_ms", lat_json(&p->lat, ok), ok);
	outj_put(o, "ttfb_ms", lat_json(&p->ttfb, ok), ok);
	outj_put(seg, "median_obj_s", outj_num(p->seg_median), ok);
	outj_put(seg, "fastest_obj_s", outj_num(p->seg_fastest), ok);
	outj_put(seg, "slowest_obj_s", outj_num(p->seg_slowest), ok);
	outj_put(o, "segments", seg, ok);
	outj_put(o, "completion_s", outj_num(p->completion_s), ok);
	return o;
}

static void findings(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *cons = json_array(), *lead = json_array(), *counts = json_array(), *o;

	for (size_t i = 0; i < a->n_subjects; i++) {
		const struct agg_consistency *k = &a->consistency[i];

		o = json_object();
		outj_put(o, "subject", json_string(a->subjects[k->subject].id), ok);
		outj_put(o, "cv_mean", outj_num(k->cv_mean), ok);
		outj_put(o, "cells", json_integer((json_int_t)k->cells), ok);
		outj_add(cons, o, ok);
	}
	for (size_t i = 0; i < a->n_leaders; i++) {
		const struct agg_leader *l = &a->leaders[i];

		o = json_object();
		outj_put(o, "op", json_string(l->op), ok);
		outj_put(o, "size", json_integer((json_int_t)l->size), ok);
		outj_put(o, "concurrency", json_integer(l->concurrency), ok);
		outj_put(o, "subject", json_string(a->subjects[l->subject].id), ok);
		outj_put(o, l->by_obj ? "obj_s" : "mib_s", outj_num(l->value), ok);
		outj_leader(o, a, l, ok);
		outj_add(lead, o, ok);
	}
	for (size_t i = 0; i < a->n_leader_counts; i++) {
		const struct agg_leader_count *c = &a->leader_counts[i];

		o = json_object();
		outj_put(o, "op", json_string(c->op), ok);
		outj_put(o, "subject", json_string(a->subjects[c->subject].id), ok);
		outj_put(o, "led", json_integer((json_int_t)c->led), ok);
		outj_put(o, "of", json_integer((json_int_t)c->of), ok);
		outj_leader_count(o, c, ok);
		outj_add(counts, o, ok);
	}
	outj_put(root, "consistency", cons, ok);
	outj_put(root, "leaders", lead, ok);
	outj_put(root, "leader_counts", counts, ok);
	outj_comparisons(root, a, ok);
}

/* run_json: one run for "excluded" (full = 0) or "runs" (full = 1). */
static json_t *run_json(const struct agg_run *r, int full, int *ok)
{
	const struct runlog *l = r->log;
	const struct run_summary *s = &l->summary;
	json_t *o = json_object();

	outj_put(o, "path", json_string(l->path), ok);
	outj_put(o, "subject", json_string(l->subject), ok);
	outj_put(o, "op", json_string(l->op), ok);
	outj_put(o, "size", json_integer((json_int_t)l->size), ok);
	outj_put(o, "concurrency", json_integer(l->concurrency), ok);
	out_json_wl_dims(o, l->wl.size_spec, l->wl.range, l->wl.mix, l->wl.rate, ok);
	outj_put(o, "cycle", jcycle(l->cycle), ok);
	if (full) {
		outj_run_clients(o, l, ok);
		outj_put(o, "included", json_boolean(r->v.included), ok);
	}
	outj_put(o, "class", r->v.included ? json_null() : json_string(r->v.cls), ok);
	outj_put(o, "reason", r->v.included ? json_null() : json_string(r->v.reason), ok);
	if (full) {
		outj_put(o, "mib_s", l->has_summary ? outj_num(s->mib_s) : json_null(), ok);
		outj_put(o, "obj_s", l->has_summary ? outj_num(s->obj_s) : json_null(), ok);
		outj_put(o, "lat_avg_ms", l->has_summary ? outj_num(s->latency.avg) : json_null(),
			 ok);
		outj_put(o, "ttfb_avg_ms",
			 l->has_summary && s->has_ttfb ? outj_num(s->ttfb.avg) : json_null(), ok);
	}
	return o;
}

static json_t *build(const struct aggregate *a, const struct out_meta *m, int *ok)
{
	json_t *root = head_json(a, m, ok), *arr;

	subjects_matrix(root, a, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_cells; i++)
		outj_add(arr, cell_json(a, &a->cells[i], ok), ok);
	outj_put(root, "cells", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_wcells; i++) {
		json_t *o = cell_json(a, &a->wcells[i], ok);

		out_json_wl_cell(o, &a->wcells[i], ok);
		outj_add(arr, o, ok);
	}
	outj_put(root, "workload_cells", arr, ok);
	outj_put(root, "rate_sweeps", out_json_rate_sweeps(a, ok), ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_ops; i++)
		outj_add(arr, op_json(a, &a->ops[i], ok), ok);
	outj_put(root, "ops", arr, ok);
	findings(root, a, ok);
	outj_clients(root, a, ok);
	outj_put(root, "timeseries", out_json_timeseries(a, m->timeseries, ok), ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_runs; i++)
		if (!a->runs[i].v.included)
			outj_add(arr, run_json(&a->runs[i], 0, ok), ok);
	outj_put(root, "excluded", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_runs; i++)
		outj_add(arr, run_json(&a->runs[i], 1, ok), ok);
	outj_put(root, "runs", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < m->n_unreadable; i++) {
		json_t *o = json_object();

		outj_put(o, "path", json_string(m->unreadable[i].path), ok);
		outj_put(o, "error", json_string(m->unreadable[i].error), ok);
		outj_add(arr, o, ok);
	}
	outj_put(root, "unreadable", arr, ok);
	return root;
}

int out_json_write(const struct aggregate *a, struct out_meta *m, const char *path, struct err *e)
{
	int ok = 1, rc = -1;
	json_t *root = build(a, m, &ok);
	struct fs_atomic out;
	FILE *f;

	if (root == NULL || !ok) {
		err_set(e,
			"%s: could not build the JSON (out of memory, or text that is not UTF-8)",
			path);
		goto done;
	}
	if (m->baseline &&
	    baseline_add(root, m->baseline, a->alpha, &m->baseline_significant, e) < 0)
		goto done;
	f = fs_atomic_fopen(&out, path, e);
	if (f == NULL)
		goto done;
	ok = json_dumpf(root, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15)) ==
	     0;
	if (!ok) {
		err_set(e, "%s: write failed", out.tmp);
		fs_atomic_abort(&out);
		goto done;
	}
	if (fs_atomic_commit(&out, e) < 0)
		goto done;
	rc = 0;
done:
	json_decref(root);
	return rc;
}
