/* analyze/out/out_json.c: results/aggregate.json (see out.h, docs/FORMATS.md). */
#include "analyze/out/out.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "analyze/history/baseline.h"
#include "analyze/out/out_json_clients.h"
#include "analyze/out/out_json_lat.h"
#include "analyze/out/out_json_cost.h"
#include "analyze/out/out_json_climit.h"
#include "analyze/out/out_json_stats.h"
#include "analyze/out/out_json_workload.h"
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

	out_json_put(o, "value", out_json_num(s->value), ok);
	out_json_put(o, "mean", out_json_num(s->mean), ok);
	out_json_put(o, "median", out_json_num(s->median), ok);
	out_json_put(o, "min", out_json_num(s->min), ok);
	out_json_put(o, "max", out_json_num(s->max), ok);
	out_json_put(o, "stddev", out_json_num(s->stddev), ok);
	out_json_put(o, "cv", out_json_num(s->cv), ok);
	out_json_stat_ci(o, s, ok);
	return o;
}

/* lat_json: null when no run gave the figure (no valid run, or no TTFB for the op). */
static json_t *lat_json(const struct agg_lat *l, int *ok)
{
	json_t *o;

	if (!isfinite(l->avg))
		return json_null();
	o = json_object();
	out_json_put(o, "avg", out_json_num(l->avg), ok);
	out_json_put(o, "p50", out_json_num(l->p50), ok);
	out_json_put(o, "p90", out_json_num(l->p90), ok);
	out_json_put(o, "p99", out_json_num(l->p99), ok);
	out_json_put(o, "min", out_json_num(l->min), ok);
	out_json_put(o, "max", out_json_num(l->max), ok);
	return o;
}

static json_t *jcycle(int cycle)
{
	return cycle > 0 ? json_integer(cycle) : json_null();
}

static json_t *head_json(const struct aggregate *a, const struct out_meta *m, int *ok)
{
	json_t *root = json_object(), *o;

	out_json_put(root, "format", json_string(S3BENCH_AGGREGATE_FORMAT), ok);
	out_json_put(root, "generated", jstr(m->generated), ok);
	o = json_object();
	out_json_put(o, "name", json_string("s3bench"), ok);
	out_json_put(o, "version", json_string(S3BENCH_VERSION), ok);
	out_json_put(root, "tool", o, ok);
	out_json_put(root, "source", json_string(m->source ? m->source : "s3bench"), ok);
	if (m->warp_engine != NULL)
		out_json_put(root, "warp_engine", json_string(m->warp_engine), ok);
	o = json_object();
	out_json_put(o, "name", jstr(a->campaign_name), ok);
	out_json_put(o, "title", jstr(a->campaign_title), ok);
	out_json_put(o, "client", jstr(a->campaign_client), ok);
	out_json_put(o, "cycles", json_integer(a->cycles), ok);
	out_json_put(o, "order", jstr(m->order ? m->order : a->campaign_order), ok);
	out_json_put(root, "campaign", o, ok);
	o = json_object();
	out_json_put(o, "name", json_string(inclusion_policy_name(a->policy)), ok);
	out_json_put(o, "min_samples", json_integer((json_int_t)a->min_samples), ok);
	out_json_put(o, "rule", json_string(inclusion_rule_text()), ok);
	out_json_put(root, "policy", o, ok);
	out_json_statistics(root, a, ok);
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
		out_json_put(o, "id", json_string(s->id), ok);
		out_json_put(o, "label", jstr(s->label), ok);
		out_json_put(o, "color", jstr(s->color), ok);
		out_json_put(o, "endpoint", jstr(s->endpoint), ok);
		out_json_put(o, "region", jstr(s->region), ok);
		out_json_put(o, "send", jstr(s->send), ok);
		out_json_put(o, "path_style_dotted", jstr(s->dotted_bucket), ok);
		out_json_add(arr, o, ok);
	}
	out_json_put(root, "subjects", arr, ok);
	ops = json_array();
	sizes = json_array();
	concs = json_array();
	for (size_t i = 0; i < a->n_m_ops; i++)
		out_json_add(ops, json_string(a->m_ops[i]), ok);
	for (size_t i = 0; i < a->n_m_sizes; i++) {
		out_json_add(sizes, json_integer((json_int_t)a->m_sizes[i]), ok);
		out_json_add(labels, jstr(size_label_of(a, a->m_sizes[i])), ok);
	}
	for (size_t i = 0; i < a->n_m_concs; i++)
		out_json_add(concs, json_integer(a->m_concs[i]), ok);
	o = json_object();
	out_json_put(o, "ops", ops, ok);
	out_json_put(o, "sizes", sizes, ok);
	out_json_put(o, "size_labels", labels, ok);
	out_json_put(o, "concurrency", concs, ok);
	out_json_put(root, "matrix", o, ok);
}

static json_t *cell_json(const struct aggregate *a, const struct agg_cell *c, int *ok)
{
	json_t *o = json_object(), *runs = json_array();

	out_json_put(o, "subject", json_string(a->subjects[c->subject].id), ok);
	out_json_put(o, "op", json_string(c->op), ok);
	out_json_put(o, "size", json_integer((json_int_t)c->size), ok);
	out_json_put(o, "size_label", jstr(size_label_of(a, c->size)), ok);
	out_json_put(o, "concurrency", json_integer(c->concurrency), ok);
	out_json_cell_clients(o, c, ok);
	out_json_workload_dims(o, c->size_spec, c->range, c->mix, c->rate, ok);
	out_json_put(o, "n", json_integer((json_int_t)c->n), ok);
	out_json_put(o, "expected", json_integer((json_int_t)c->expected), ok);
	out_json_put(o, "below_min_samples", json_boolean(c->below_min), ok);
	out_json_put(o, "mib_s", stat_json(&c->mib, ok), ok);
	out_json_put(o, "obj_s", stat_json(&c->obj, ok), ok);
	out_json_put(o, "latency_ms", lat_json(&c->lat, ok), ok);
	out_json_put(o, "ttfb_ms", lat_json(&c->ttfb, ok), ok);
	out_json_put_pooled(json_object_get(o, "latency_ms"), &c->lat_pool, ok);
	out_json_put_pooled(json_object_get(o, "ttfb_ms"), &c->ttfb_pool, ok);
	out_json_cell_climit(o, c, ok);
	if (c->errs.n > 0) {
		json_t *eo = json_object();

		out_json_put(eo, "requests", json_integer((json_int_t)c->requests), ok);
		out_json_put(eo, "failed", json_integer((json_int_t)errstat_total(&c->errs)), ok);
		out_json_put(eo, "by", errstat_to_json(&c->errs), ok);
		out_json_put(o, "errors", eo, ok);
	}
	if (c->retry_runs > 0) {
		json_t *ro = json_object();
		double rq = (double)c->r_requests;

		out_json_put(ro, "max", json_integer(c->retry_max), ok);
		out_json_put(ro, "requests", json_integer((json_int_t)c->r_requests), ok);
		out_json_put(ro, "retried", json_integer((json_int_t)c->r_retried), ok);
		out_json_put(ro, "attempts", json_integer((json_int_t)c->r_attempts), ok);
		out_json_put(ro, "share", out_json_num(rq > 0 ? (double)c->r_retried / rq : NAN),
			     ok);
		out_json_put(ro, "per_request",
			     out_json_num(rq > 0 ? (double)c->r_attempts / rq : NAN), ok);
		out_json_put(ro, "first_attempt_ms", lat_json(&c->first_attempt, ok), ok);
		out_json_put(o, "retries", ro, ok);
	}
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		int inc = r->v.included;
		json_t *ro = json_object();

		out_json_put(ro, "cycle", jcycle(r->log->cycle), ok);
		out_json_put(ro, "included", json_boolean(inc), ok);
		out_json_put(ro, "mib_s", inc ? out_json_num(r->log->summary.mib_s) : json_null(),
			     ok);
		out_json_put(ro, "obj_s", inc ? out_json_num(r->log->summary.obj_s) : json_null(),
			     ok);
		out_json_add(runs, ro, ok);
	}
	out_json_put(o, "runs", runs, ok);
	out_json_put(o, "cost", out_json_cell_cost(a, c), ok);
	return o;
}

static json_t *op_json(const struct aggregate *a, const struct agg_op *p, int *ok)
{
	json_t *o = json_object(), *seg = json_object();

	out_json_put(o, "subject", json_string(a->subjects[p->subject].id), ok);
	out_json_put(o, "op", json_string(p->op), ok);
	out_json_put(o, "size", json_integer((json_int_t)p->size), ok);
	out_json_put(o, "concurrency", json_integer(p->concurrency), ok);
	out_json_put(o, "clients", json_integer(p->clients), ok);
	out_json_put(o, "workers_total", json_integer((json_int_t)p->concurrency * p->clients), ok);
	out_json_put(o, "objects", p->objects >= 0 ? json_integer(p->objects) : json_null(), ok);
	out_json_put(o, "n", json_integer((json_int_t)p->n), ok);
	out_json_put(o, "total", json_integer((json_int_t)p->total), ok);
	out_json_put(o, "obj_s", out_json_num(p->obj_s), ok);
	out_json_put(o, "latency_ms", lat_json(&p->lat, ok), ok);
	out_json_put(o, "ttfb_ms", lat_json(&p->ttfb, ok), ok);
	out_json_put(seg, "median_obj_s", out_json_num(p->seg_median), ok);
	out_json_put(seg, "fastest_obj_s", out_json_num(p->seg_fastest), ok);
	out_json_put(seg, "slowest_obj_s", out_json_num(p->seg_slowest), ok);
	out_json_put(o, "segments", seg, ok);
	out_json_put(o, "completion_s", out_json_num(p->completion_s), ok);
	return o;
}

static void findings(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *cons = json_array(), *lead = json_array(), *counts = json_array(), *o;

	for (size_t i = 0; i < a->n_subjects; i++) {
		const struct agg_consistency *k = &a->consistency[i];

		o = json_object();
		out_json_put(o, "subject", json_string(a->subjects[k->subject].id), ok);
		out_json_put(o, "cv_mean", out_json_num(k->cv_mean), ok);
		out_json_put(o, "cells", json_integer((json_int_t)k->cells), ok);
		out_json_add(cons, o, ok);
	}
	for (size_t i = 0; i < a->n_leaders; i++) {
		const struct agg_leader *l = &a->leaders[i];

		o = json_object();
		out_json_put(o, "op", json_string(l->op), ok);
		out_json_put(o, "size", json_integer((json_int_t)l->size), ok);
		out_json_put(o, "concurrency", json_integer(l->concurrency), ok);
		out_json_put(o, "subject", json_string(a->subjects[l->subject].id), ok);
		out_json_put(o, l->by_obj ? "obj_s" : "mib_s", out_json_num(l->value), ok);
		out_json_leader(o, a, l, ok);
		out_json_leader_climit(o, a, l, ok);
		out_json_add(lead, o, ok);
	}
	for (size_t i = 0; i < a->n_leader_counts; i++) {
		const struct agg_leader_count *c = &a->leader_counts[i];

		o = json_object();
		out_json_put(o, "op", json_string(c->op), ok);
		out_json_put(o, "subject", json_string(a->subjects[c->subject].id), ok);
		out_json_put(o, "led", json_integer((json_int_t)c->led), ok);
		out_json_put(o, "of", json_integer((json_int_t)c->of), ok);
		out_json_leader_count(o, c, ok);
		out_json_add(counts, o, ok);
	}
	out_json_put(root, "consistency", cons, ok);
	out_json_put(root, "leaders", lead, ok);
	out_json_put(root, "leader_counts", counts, ok);
	out_json_comparisons(root, a, ok);
}

/* run_json: one run for "excluded" (full = 0) or "runs" (full = 1). */
static json_t *run_json(const struct agg_run *r, int full, int *ok)
{
	const struct runlog *l = r->log;
	const struct run_summary *s = &l->summary;
	json_t *o = json_object();

	out_json_put(o, "path", json_string(l->path), ok);
	out_json_put(o, "subject", json_string(l->subject), ok);
	out_json_put(o, "op", json_string(l->op), ok);
	out_json_put(o, "size", json_integer((json_int_t)l->size), ok);
	out_json_put(o, "concurrency", json_integer(l->concurrency), ok);
	out_json_workload_dims(o, l->workload.size_spec, l->workload.range, l->workload.mix,
			       l->workload.rate, ok);
	out_json_put(o, "cycle", jcycle(l->cycle), ok);
	if (full) {
		out_json_run_clients(o, l, ok);
		out_json_put(o, "included", json_boolean(r->v.included), ok);
	}
	out_json_put(o, "class", r->v.included ? json_null() : json_string(r->v.cls), ok);
	out_json_put(o, "reason", r->v.included ? json_null() : json_string(r->v.reason), ok);
	if (full) {
		out_json_put(o, "mib_s", l->has_summary ? out_json_num(s->mib_s) : json_null(), ok);
		out_json_put(o, "obj_s", l->has_summary ? out_json_num(s->obj_s) : json_null(), ok);
		out_json_put(o, "lat_avg_ms",
			     l->has_summary ? out_json_num(s->latency.avg) : json_null(), ok);
		out_json_put(o, "ttfb_avg_ms",
			     l->has_summary && s->has_ttfb ? out_json_num(s->ttfb.avg)
							   : json_null(),
			     ok);
		out_json_put(o, "cost", out_json_run_cost(l), ok);
		out_json_run_climit(o, r, ok);
	}
	return o;
}

static json_t *build(const struct aggregate *a, const struct out_meta *m, int *ok)
{
	json_t *root = head_json(a, m, ok), *arr;

	subjects_matrix(root, a, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_cells; i++)
		out_json_add(arr, cell_json(a, &a->cells[i], ok), ok);
	out_json_put(root, "cells", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_wcells; i++) {
		json_t *o = cell_json(a, &a->wcells[i], ok);

		out_json_workload_cell(o, &a->wcells[i], ok);
		out_json_add(arr, o, ok);
	}
	out_json_put(root, "workload_cells", arr, ok);
	out_json_put(root, "rate_sweeps", out_json_rate_sweeps(a, ok), ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_ops; i++)
		out_json_add(arr, op_json(a, &a->ops[i], ok), ok);
	out_json_put(root, "ops", arr, ok);
	findings(root, a, ok);
	out_json_clients(root, a, ok);
	out_json_put(root, "timeseries", out_json_timeseries(a, m->timeseries, ok), ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_runs; i++)
		if (!a->runs[i].v.included)
			out_json_add(arr, run_json(&a->runs[i], 0, ok), ok);
	out_json_put(root, "excluded", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < a->n_runs; i++)
		out_json_add(arr, run_json(&a->runs[i], 1, ok), ok);
	out_json_put(root, "runs", arr, ok);
	arr = json_array();
	for (size_t i = 0; i < m->n_unreadable; i++) {
		json_t *o = json_object();

		out_json_put(o, "path", json_string(m->unreadable[i].path), ok);
		out_json_put(o, "error", json_string(m->unreadable[i].error), ok);
		out_json_add(arr, o, ok);
	}
	out_json_put(root, "unreadable", arr, ok);
	out_json_put(root, "cost", out_json_costs(a, ok), ok);
	return root;
}

int out_json_dump(const json_t *root, const char *path, struct err *e)
{
	struct fs_atomic out;
	FILE *f = fs_atomic_fopen(&out, path, e);

	if (f == NULL)
		return -1;
	if (json_dumpf(root, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15)) !=
	    0) {
		err_set(e, "%s: cannot write: %s", out.tmp, strerror(errno));
		fs_atomic_abort(&out);
		return -1;
	}
	return fs_atomic_commit(&out, e);
}

int out_json_write(const struct aggregate *a, struct out_meta *m, const char *path, struct err *e)
{
	int ok = 1, rc = -1;
	json_t *root = build(a, m, &ok);

	if (root == NULL || !ok) {
		err_set(e,
			"%s: could not build the JSON (out of memory, or text that is not UTF-8)",
			path);
		goto done;
	}
	if (m->baseline &&
	    baseline_add(root, m->baseline, a->alpha, &m->baseline_significant, e) < 0)
		goto done;
	if (out_json_dump(root, path, e) < 0)
		goto done;
	rc = 0;
done:
	json_decref(root);
	return rc;
}
