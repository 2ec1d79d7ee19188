/* analyze/out_json.c: results/aggregate.json (see out.h, docs/FORMATS.md). */
#include "analyze/out.h"

#include <math.h>
#include <stdio.h>

#include <jansson.h>

#include "analyze/baseline.h"
#include "analyze/out_json_lat.h"
#include "analyze/out_json_stats.h"
#include "core/fsutil.h"
#include "core/version.h"


/* Every json_* constructor below may return NULL when memory runs out; jansson's
 * json_object_set_new / json_array_append_new accept NULL and fail, and build
 * reports that through a single "ok" flag checked at the end. */

static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *jstr(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

static void put(json_t *o, const char *k, json_t *v, int *ok)
{
	if (json_object_set_new(o, k, v) != 0)
		*ok = 0;
}

static void add(json_t *arr, json_t *v, int *ok)
{
	if (json_array_append_new(arr, v) != 0)
		*ok = 0;
}

static json_t *stat_json(const struct agg_stat *s, int *ok)
{
	json_t *o = json_object();

	put(o, "value", jnum(s->value), ok);
	put(o, "mean", jnum(s->mean), ok);
	put(o, "median", jnum(s->median), ok);
	put(o, "min", jnum(s->min), ok);
	put(o, "max", jnum(s->max), ok);
	put(o, "stddev", jnum(s->stddev), ok);
	put(o, "cv", jnum(s->cv), ok);
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
	put(o, "avg", jnum(l->avg), ok);
	put(o, "p50", jnum(l->p50), ok);
	put(o, "p90", jnum(l->p90), ok);
	put(o, "p99", jnum(l->p99), ok);
	put(o, "min", jnum(l->min), ok);
	put(o, "max", jnum(l->max), ok);
	return o;
}

static json_t *jcycle(int cycle)
{
	return cycle > 0 ? json_integer(cycle) : json_null();
}

static json_t *head_json(const struct aggregate *a, const struct out_meta *m, int *ok)
{
	json_t *root = json_object(), *o;

	put(root, "format", json_string(S3BENCH_AGGREGATE_FORMAT), ok);
	put(root, "generated", jstr(m->generated), ok);
	o = json_object();
	put(o, "name", json_string("s3bench"), ok);
	put(o, "version", json_string(S3BENCH_VERSION), ok);
	put(root, "tool", o, ok);
	put(root, "source", json_string(m->source ? m->source : "s3bench"), ok);
	o = json_object();
	put(o, "name", jstr(a->campaign_name), ok);
	put(o, "title", jstr(a->campaign_title), ok);
	put(o, "client", jstr(a->campaign_client), ok);
	put(o, "cycles", json_integer(a->cycles), ok);
	put(o, "order", jstr(m->order ? m->order : a->campaign_order), ok);
	put(root, "campaign", o, ok);
	o = json_object();
	put(o, "name", json_string(policy_name(a->policy)), ok);
	put(o, "min_samples", json_integer((json_int_t)a->min_samples), ok);
	put(o, "rule", json_string(inclusion_rule_text()), ok);
	put(root, "policy", o, ok);
	outj_statistics(root, a, ok);
	return root;
}

static void subjects_matrix(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *arr = json_array(), *o, *ops, *sizes, *concs;

	for (size_t i = 0; i < a->n_subjects; i++) {
		const struct agg_subject *s = &a->subjects[i];

		o = json_object();
		put(o, "id", json_string(s->id), ok);
		put(o, "label", jstr(s->label), ok);
		put(o, "color", jstr(s->color), ok);
		put(o, "endpoint", jstr(s->endpoint), ok);
		put(o, "region", jstr(s->region), ok);
		add(arr, o, ok);
	}
	put(root, "subjects", arr, ok);
	ops = json_array();
	sizes = json_array();
	concs = json_array();
	for (size_t i = 0; i < a->n_m_ops; i++)
		add(ops, json_string(a->m_ops[i]), ok);
	for (size_t i = 0; i < a->n_m_sizes; i++)
		add(sizes, json_integer((json_int_t)a->m_sizes[i]), ok);
	for (size_t i = 0; i < a->n_m_concs; i++)
		add(concs, json_integer(a->m_concs[i]), ok);
	o = json_object();
	put(o, "ops", ops, ok);
	put(o, "sizes", sizes, ok);
	put(o, "concurrency", concs, ok);
	put(root, "matrix", o, ok);
}

static json_t *cell_json(const struct aggregate *a, const struct agg_cell *c, int *ok)
{
	json_t *o = json_object(), *runs = json_array();

	put(o, "subject", json_string(a->subjects[c->subject].id), ok);
	put(o, "op", json_string(c->op), ok);
	put(o, "size", json_integer((json_int_t)c->size), ok);
	put(o, "concurrency", json_integer(c->concurrency), ok);
	put(o, "n", json_integer((json_int_t)c->n), ok);
	put(o, "expected", json_integer((json_int_t)c->expected), ok);
	put(o, "below_min_samples", json_boolean(c->below_min), ok);
	put(o, "mib_s", stat_json(&c->mib, ok), ok);
	put(o, "obj_s", stat_json(&c->obj, ok), ok);
	put(o, "latency_ms", lat_json(&c->lat, ok), ok);
	put(o, "ttfb_ms", lat_json(&c->ttfb, ok), ok);
	out_json_put_pooled(json_object_get(o, "latency_ms"), &c->lat_pool, ok);
	out_json_put_pooled(json_object_get(o, "ttfb_ms"), &c->ttfb_pool, ok);
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		int inc = r->v.included;
		json_t *ro = json_object();

		put(ro, "cycle", jcycle(r->log->cycle), ok);
		put(ro, "included", json_boolean(inc), ok);
		put(ro, "mib_s", inc ? jnum(r->log->summary.mib_s) : json_null(), ok);
		put(ro, "obj_s", inc ? jnum(r->log->summary.obj_s) : json_null(), ok);
		add(runs, ro, ok);
	}
	put(o, "runs", runs, ok);
	return o;
}

static json_t *op_json(const struct aggregate *a, const struct agg_op *p, int *ok)
{
	json_t *o = json_object(), *seg = json_object();

	put(o, "subject", json_string(a->subjects[p->subject].id), ok);
	put(o, "op", json_string(p->op), ok);
	put(o, "size", json_integer((json_int_t)p->size), ok);
	put(o, "concurrency", json_integer(p->concurrency), ok);
	put(o, "objects", p->objects >= 0 ? json_integer(p->objects) : json_null(), ok);
	put(o, "n", json_integer((json_int_t)p->n), ok);
	put(o, "total", json_integer((json_int_t)p->total), ok);
	put(o, "obj_s", jnum(p->obj_s), ok);
	put(o, "latency_ms", lat_json(&p->lat, ok), ok);
	put(o, "ttfb_ms", lat_json(&p->ttfb, ok), ok);
	put(seg, "median_obj_s", jnum(p->seg_median), ok);
	put(seg, "fastest_obj_s", jnum(p->seg_fastest), ok);
	put(seg, "slowest_obj_s", jnum(p->seg_slowest), ok);
	put(o, "segments", seg, ok);
	put(o, "completion_s", jnum(p->completion_s), ok);
	return o;
}

static void findings(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *cons = json_array(), *lead = json_array(), *counts = json_array(), *o;

	for (size_t i = 0; i < a->n_subjects; i++) {
		const struct agg_consistency *k = &a->consistency[i];

		o = json_object();
		put(o, "subject", json_string(a->subjects[k->subject].id), ok);
		put(o, "cv_mean", jnum(k->cv_mean), ok);
		put(o, "cells", json_integer((json_int_t)k->cells), ok);
		add(cons, o, ok);
	}
	for (size_t i = 0; i < a->n_leaders; i++) {
		const struct agg_leader *l = &a->leaders[i];

		o = json_object();
		put(o, "op", json_string(l->op), ok);
		put(o, "size", json_integer((json_int_t)l->size), ok);
		put(o, "concurrency", json_integer(l->concurrency), ok);
		put(o, "subject", json_string(a->subjects[l->subject].id), ok);
		put(o, l->by_obj ? "obj_s" : "mib_s", jnum(l->value), ok);
		outj_leader(o, a, l, ok);
		add(lead, o, ok);
	}
	for (size_t i = 0; i < a->n_leader_counts; i++) {
		const struct agg_leader_count *c = &a->leader_counts[i];

		o = json_object();
		put(o, "op", json_string(c->op), ok);
		put(o, "subject", json_string(a->subjects[c->subject].id), ok);
		put(o, "led", json_integer((json_int_t)c->led), ok);
		put(o, "of", json_integer((json_int_t)c->of), ok);
		outj_leader_count(o, c, ok);
		add(counts, o, ok);
	}
	put(root, "consistency", cons, ok);
	put(root, "leaders", lead, ok);
	put(root, "leader_counts", counts, ok);
	outj_comparisons(root, a, ok);
}

/* run_json: one run for "excluded" (full = 0) or "runs" (full = 1). */
static json_t *run_json(const struct agg_run *r, int full, int *ok)
{
	const struct runlog *l = r->log;
	const struct run_summary *s = &l->summary;
	json_t *o = json_object();

	put(o, "path", json_string(l->path), ok);
	put(o, "subject", json_string(l->subject), ok);
	put(o, "op", json_string(l->op), ok);
	put(o, "size", json_integer((json_int_t)l->size), ok);
	put(o, "concurrency", json_integer(l->concurrency), ok);
	put(o, "cycle", jcycle(l->cycle), ok);
	if (full)
		put(o, "included", json_boolean(r->v.included), ok);
	put(o, "class", r->v.included ? json_null() : json_string(r->v.cls), ok);
	put(o, "reason", r->v.included ? json_null() : json_string(r->v.reason), ok);
	if (full) {
		put(o, "mib_s", l->has_summary ? jnum(s->mib_s) : json_null(), ok);
		put(o, "obj_s", l->has_summary ? jnum(s->obj_s) : json_null(), ok);
		put(o, "lat_avg_ms", l->has_summary ? jnum(s->latency.avg) : json_null(), ok);
		put(o, "ttfb_avg_ms",
		    l->has_summary && s->has_ttfb ? jnum(s->ttfb.avg) : json_null(), ok);
	}
	return o;
}

static json_t *build(const struct aggregate *a, const struct out_meta *m, int *ok)
{
	json_t *root = head_json(a, m, ok), *arr;

	subjects_matrix(root, a, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_cells; i++)
		add(arr, cell_json(a, &a->cells[i], ok), ok);
	put(root, "cells", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_ops; i++)
		add(arr, op_json(a, &a->ops[i], ok), ok);
	put(root, "ops", arr, ok);
	findings(root, a, ok);
	put(root, "timeseries", out_json_timeseries(a, m->timeseries, ok), ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_runs; i++)
		if (!a->runs[i].v.included)
			add(arr, run_json(&a->runs[i], 0, ok), ok);
	put(root, "excluded", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_runs; i++)
		add(arr, run_json(&a->runs[i], 1, ok), ok);
	put(root, "runs", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < m->n_unreadable; i++) {
		json_t *o = json_object();

		put(o, "path", json_string(m->unreadable[i].path), ok);
		put(o, "error", json_string(m->unreadable[i].error), ok);
		add(arr, o, ok);
	}
	put(root, "unreadable", arr, ok);
	return root;
}

int out_json_write(const struct aggregate *a, struct out_meta *m, const char *path,
		   struct err *e)
{
	int ok = 1, rc = -1;
	json_t *root = build(a, m, &ok);
	struct fs_atomic out;
	FILE *f;

	if (root == NULL || !ok) {
		err_set(e, "%s: could not build the JSON (out of memory, or text that is not UTF-8)",
			path);
		goto done;
	}
	if (m->baseline && baseline_add(root, m->baseline, a->alpha,
					&m->baseline_significant, e) < 0)
		goto done;
	f = fs_atomic_fopen(&out, path, e);
	if (f == NULL)
		goto done;
	ok = json_dumpf(root, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
			JSON_REAL_PRECISION(15)) == 0;
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
