/* core/results/results_plan.c: see results_plan.h. */
#include "core/results/results_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results_head.h"

void results_need_put(json_t *o, const struct results_need *n, int *ok)
{
	if (n->cycles < 0 && n->note == NULL)
		return; /* not in the file it was read from */
	jwrite_put(o, "cycles_needed", jwrite_count(n->cycles), ok);
	jwrite_put(o, "plan_note", jwrite_str(n->note), ok);
}

void results_need_from(struct jread *r, const json_t *o, const char *where, struct results_need *n)
{
	n->cycles = jread_int(r, o, where, "cycles_needed", 0, -1);
	n->note = jread_str(r, o, where, "plan_note", 0);
}

void results_varcomp_put(json_t *o, const struct results_varcomp *v, int *ok)
{
	json_t *x;
	int xok = 1;

	if (!v->on)
		return;
	x = json_object();
	jwrite_put(x, "cycles", json_integer((json_int_t)v->cycles), &xok);
	jwrite_put(x, "runs_within", json_integer((json_int_t)v->runs_within), &xok);
	jwrite_put(x, "var_cycles", jnum_new(v->var_cycles), &xok);
	jwrite_put(x, "var_within", jnum_new(v->var_within), &xok);
	jwrite_put(x, "seconds", jnum_new(v->seconds), &xok);
	jwrite_put(x, "var_between", jnum_new(v->var_between), &xok);
	jwrite_put(x, "within_share", jnum_new(v->within_share), &xok);
	if (v->vantages >= 2) {
		jwrite_put(x, "vantages", json_integer((json_int_t)v->vantages), &xok);
		jwrite_put(x, "var_vantage", jnum_new(v->var_vantage), &xok);
	}
	jwrite_put(o, "variance", jwrite_done(x, xok), ok);
}

void results_varcomp_from(struct jread *r, const json_t *o, const char *where,
			  struct results_varcomp *v)
{
	char w[160];
	json_t *x = jread_object(r, o, where, "variance", 0);

	memset(v, 0, sizeof(*v));
	if (x == NULL)
		return;
	snprintf(w, sizeof(w), "%s.variance", where);
	v->on = 1;
	v->cycles = jread_int(r, x, w, "cycles", 1, 0);
	v->runs_within = jread_int(r, x, w, "runs_within", 1, 0);
	v->var_cycles = jread_num(r, x, w, "var_cycles", 1);
	v->var_within = jread_num(r, x, w, "var_within", 1);
	v->seconds = jread_num(r, x, w, "seconds", 1);
	v->var_between = jread_num(r, x, w, "var_between", 1);
	v->within_share = jread_num(r, x, w, "within_share", 0);
	v->vantages = jread_int(r, x, w, "vantages", 0, 0);
	v->var_vantage = jread_num(r, x, w, "var_vantage", 0);
}

static json_t *driver_json(const struct results_plan_driver *d, const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	if (d->other < 0) {
		jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, d->subject)), &ok);
	} else {
		jwrite_put(o, "a", jwrite_str(results_subject_id(doc, d->subject)), &ok);
		jwrite_put(o, "b", jwrite_str(results_subject_id(doc, d->other)), &ok);
	}
	jwrite_put(o, "size", json_integer((json_int_t)d->size), &ok);
	jwrite_put(o, "concurrency", json_integer(d->concurrency), &ok);
	jwrite_put(o, "cycles_needed", jwrite_count(d->cycles), &ok);
	return jwrite_done(o, ok);
}

static json_t *part_json(const struct results_plan_part *p, const struct results *doc)
{
	json_t *o = json_object(), *drivers = json_array();
	int ok = 1;

	jwrite_put(o, "cycles_needed", jwrite_count(p->cycles_needed), &ok);
	jwrite_put(o, "more_cycles", jwrite_count(p->more_cycles), &ok);
	jwrite_put(o, "hours", jnum_new(p->hours), &ok);
	jwrite_put(o, "cost", jnum_new(p->cost), &ok);
	jwrite_put(o, "planned", json_integer((json_int_t)p->planned), &ok);
	jwrite_put(o, "unplanned", json_integer((json_int_t)p->unplanned), &ok);
	jwrite_put(o, "beyond", json_integer((json_int_t)p->beyond), &ok);
	for (size_t i = 0; i < p->n_drivers; i++)
		jwrite_add(drivers, driver_json(&p->drivers[i], doc), &ok);
	jwrite_put(o, "drivers", drivers, &ok);
	return jwrite_done(o, ok);
}

static json_t *op_json(const struct results_plan_op *p, const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "op", jwrite_str(p->op), &ok);
	jwrite_put(o, "cycle_hours", jnum_new(p->cycle_hours), &ok);
	jwrite_put(o, "cycle_cost", jnum_new(p->cycle_cost), &ok);
	jwrite_put(o, "currency", jwrite_str(p->currency), &ok);
	jwrite_put(o, "cells", part_json(&p->cells, doc), &ok);
	jwrite_put(o, "comparisons", part_json(&p->comparisons, doc), &ok);
	return jwrite_done(o, ok);
}

static json_t *seq_json(const struct results_sequential *q)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "target_ci", jnum_new(q->target_ci), &ok);
	jwrite_put(o, "min_cycles", json_integer((json_int_t)q->min_cycles), &ok);
	jwrite_put(o, "max_cycles", json_integer((json_int_t)q->max_cycles), &ok);
	jwrite_put(o, "reason", jwrite_str(q->reason), &ok);
	jwrite_put(o, "stopped", jwrite_str(q->stopped), &ok);
	jwrite_put(o, "wide_q", jnum_new(q->wide_q), &ok);
	return jwrite_done(o, ok);
}

static json_t *tod_json(const struct results_tod *t, const struct results *doc)
{
	json_t *o = json_object(), *bands = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, t->subject)), &ok);
	jwrite_put(o, "runs", json_integer((json_int_t)t->runs), &ok);
	jwrite_put(o, "cells", json_integer((json_int_t)t->cells), &ok);
	jwrite_put(o, "clock", jwrite_str(t->clock != NULL ? t->clock : "UTC"), &ok);
	for (int b = 0; b < RESULTS_TOD_BANDS; b++) {
		json_t *x = json_object();
		int xok = 1;

		jwrite_put(x, "from_hour", json_integer(3 * b), &xok);
		jwrite_put(x, "runs", json_integer((json_int_t)t->n[b]), &xok);
		jwrite_put(x, "mean", jnum_new(t->mean[b]), &xok);
		jwrite_add(bands, jwrite_done(x, xok), &ok);
	}
	jwrite_put(o, "bands", bands, &ok);
	jwrite_put(o, "f", jnum_new(t->f), &ok);
	jwrite_put(o, "p", jnum_new(t->p), &ok);
	jwrite_put(o, "df1", jnum_new(t->df1), &ok);
	jwrite_put(o, "df2", jnum_new(t->df2), &ok);
	jwrite_put(o, "alpha", jnum_new(t->alpha), &ok);
	jwrite_put(o, "detected", json_boolean(t->detected), &ok);
	jwrite_put(o, "low_from_hour", json_integer(3 * t->low_band), &ok);
	jwrite_put(o, "effect", jnum_new(t->effect), &ok);
	jwrite_put(o, "effect_ci95", jwrite_pair(t->lo, t->hi), &ok);
	jwrite_put(o, "detectable", jnum_new(t->detectable), &ok);
	return jwrite_done(o, ok);
}

json_t *results_planner_to_json(const struct results_planner *p, const struct results *doc)
{
	json_t *o = json_object(), *ops = json_array();
	int ok = 1;

	jwrite_put(o, "target_ci", jnum_new(p->target_ci), &ok);
	jwrite_put(o, "confidence", jnum_new(p->confidence), &ok);
	jwrite_put(o, "power", jnum_new(p->power), &ok);
	jwrite_put(o, "max_cycles", json_integer((json_int_t)p->max_cycles), &ok);
	jwrite_put(o, "cycles", json_integer((json_int_t)p->cycles), &ok);
	if (p->seq.on)
		jwrite_put(o, "sequential", seq_json(&p->seq), &ok);
	if (p->n_tod > 0) {
		json_t *tod = json_array();
		for (size_t i = 0; i < p->n_tod; i++)
			jwrite_add(tod, tod_json(&p->tod[i], doc), &ok);
		jwrite_put(o, "time_of_day", tod, &ok);
	}
	for (size_t i = 0; i < p->n_ops; i++)
		jwrite_add(ops, op_json(&p->ops[i], doc), &ok);
	jwrite_put(o, "ops", ops, &ok);
	return jwrite_done(o, ok);
}

/* subject_at: the subject id member key of o as an index ("expected a subject id"). */
static int subject_at(struct jread *r, const json_t *o, const char *where, const char *key)
{
	json_t *v = jread_member(r, o, where, key, 1);
	int s = v != NULL && json_is_string(v) ? results_subject_find(r, json_string_value(v)) : -1;

	if (s < 0 && v != NULL)
		jread_bad_at(r, where, key, "expected a subject id of subjects[]");
	return s;
}

/* part_from: o's part key (required) into p; comparisons: its drivers name a and b. */
static int part_from(struct jread *r, const json_t *o, const char *where, const char *key,
		     int comparisons, struct results_plan_part *p)
{
	char w[128], dw[160];
	json_t *po, *arr, *v;
	size_t i;

	snprintf(w, sizeof(w), "%s.%s", where, key);
	if ((po = jread_object(r, o, where, key, 1)) == NULL)
		return -1;
	p->cycles_needed = jread_int(r, po, w, "cycles_needed", 0, -1);
	p->more_cycles = jread_int(r, po, w, "more_cycles", 0, -1);
	p->hours = jread_num(r, po, w, "hours", 0);
	p->cost = jread_num(r, po, w, "cost", 0);
	p->planned = jread_int(r, po, w, "planned", 0, 0);
	p->unplanned = jread_int(r, po, w, "unplanned", 0, 0);
	p->beyond = jread_int(r, po, w, "beyond", 0, 0);
	arr = jread_array(r, po, w, "drivers", 0);
	snprintf(dw, sizeof(dw), "%s.drivers", w);
	if (r->failed ||
	    (p->drivers = jread_alloc(r, dw, json_array_size(arr), sizeof(*p->drivers))) == NULL)
		return -1;
	json_array_foreach(arr, i, v) {
		struct results_plan_driver *d = &p->drivers[i];
		char ew[192];

		if (jread_element(r, dw, i, v, ew, sizeof(ew)) < 0)
			return -1;
		p->n_drivers = i + 1;
		d->subject = subject_at(r, v, ew, comparisons ? "a" : "subject");
		d->other = comparisons ? subject_at(r, v, ew, "b") : -1;
		d->size = (uint64_t)jread_int(r, v, ew, "size", 1, 0);
		d->concurrency = (int)jread_int(r, v, ew, "concurrency", 1, 0);
		d->cycles = jread_int(r, v, ew, "cycles_needed", 0, -1);
	}
	return r->failed ? -1 : 0;
}

/* seq_from: planner.sequential (absent or null: on 0) into q. */
static void seq_from(struct jread *r, const json_t *o, struct results_sequential *q)
{
	const char *w = "planner.sequential";
	json_t *s = jread_object(r, o, "planner", "sequential", 0);

	if (s == NULL || r->failed)
		return;
	q->on = 1;
	q->target_ci = jread_num(r, s, w, "target_ci", 1);
	q->min_cycles = jread_int(r, s, w, "min_cycles", 1, 0);
	q->max_cycles = jread_int(r, s, w, "max_cycles", 1, 0);
	q->reason = jread_str(r, s, w, "reason", 0);
	q->stopped = jread_str(r, s, w, "stopped", 0);
	q->wide_q = jread_num(r, s, w, "wide_q", 0);
}

/* tod_from: planner.time_of_day[] (absent: none) into p. */
static int tod_from(struct jread *r, const json_t *o, struct results_planner *p)
{
	json_t *arr = jread_array(r, o, "planner", "time_of_day", 0), *v;
	size_t i;

	if (arr == NULL || r->failed)
		return r->failed ? -1 : 0;
	if ((p->tod = jread_alloc(r, "planner.time_of_day", json_array_size(arr),
				  sizeof(*p->tod))) == NULL)
		return -1;
	json_array_foreach(arr, i, v) {
		struct results_tod *t = &p->tod[i];
		json_t *bands, *b;
		char w[64], bw[96];
		size_t k;

		if (jread_element(r, "planner.time_of_day", i, v, w, sizeof(w)) < 0)
			return -1;
		p->n_tod = i + 1;
		t->subject = subject_at(r, v, w, "subject");
		t->runs = jread_int(r, v, w, "runs", 1, 0);
		t->cells = jread_int(r, v, w, "cells", 1, 0);
		t->clock = jread_str(r, v, w, "clock", 0); /* absent (a file before it): UTC */
		bands = jread_array(r, v, w, "bands", 1);
		if (r->failed || json_array_size(bands) != RESULTS_TOD_BANDS)
			return jread_bad(r, w, "bands: expected 8 three-hour bands");
		json_array_foreach(bands, k, b) {
			snprintf(bw, sizeof(bw), "%s.bands[%zu]", w, k);
			t->n[k] = jread_int(r, b, bw, "runs", 1, 0);
			t->mean[k] = jread_num(r, b, bw, "mean", 0);
		}
		t->f = jread_num(r, v, w, "f", 0);
		t->p = jread_num(r, v, w, "p", 0);
		t->df1 = jread_num(r, v, w, "df1", 0);
		t->df2 = jread_num(r, v, w, "df2", 0);
		t->alpha = jread_num(r, v, w, "alpha", 0);
		t->detected = jread_bool(r, v, w, "detected", 1, 0);
		t->low_band = (int)jread_int(r, v, w, "low_from_hour", 1, 0) / 3;
		t->effect = jread_num(r, v, w, "effect", 0);
		jread_pair(r, v, w, "effect_ci95", &t->lo, &t->hi);
		t->detectable = jread_num(r, v, w, "detectable", 0);
	}
	return r->failed ? -1 : 0;
}

int results_planner_from_json(struct jread *r, const json_t *o, struct results_planner *p)
{
	json_t *arr = jread_array(r, o, "planner", "ops", 1), *v;
	size_t i;

	memset(p, 0, sizeof(*p));
	seq_from(r, o, &p->seq);
	if (tod_from(r, o, p) < 0)
		return -1;
	p->target_ci = jread_num(r, o, "planner", "target_ci", 1);
	p->confidence = jread_num(r, o, "planner", "confidence", 0);
	p->power = jread_num(r, o, "planner", "power", 0);
	p->max_cycles = jread_int(r, o, "planner", "max_cycles", 0, -1);
	p->cycles = jread_int(r, o, "planner", "cycles", 0, 0);
	if (r->failed ||
	    (p->ops = jread_alloc(r, "planner.ops", json_array_size(arr), sizeof(*p->ops))) == NULL)
		return -1;
	json_array_foreach(arr, i, v) {
		struct results_plan_op *x = &p->ops[i];
		char w[64];

		if (jread_element(r, "planner.ops", i, v, w, sizeof(w)) < 0)
			return -1;
		p->n_ops = i + 1;
		x->op = jread_str(r, v, w, "op", 1);
		x->cycle_hours = jread_num(r, v, w, "cycle_hours", 0);
		x->cycle_cost = jread_num(r, v, w, "cycle_cost", 0);
		x->currency = jread_str(r, v, w, "currency", 0);
		if (part_from(r, v, w, "cells", 0, &x->cells) < 0 ||
		    part_from(r, v, w, "comparisons", 1, &x->comparisons) < 0)
			return -1;
	}
	return r->failed ? -1 : 0;
}

void results_planner_free(struct results_planner *p)
{
	for (size_t i = 0; p->ops != NULL && i < p->n_ops; i++) {
		free(p->ops[i].op);
		free(p->ops[i].currency);
		free(p->ops[i].cells.drivers);
		free(p->ops[i].comparisons.drivers);
	}
	free(p->ops);
	free(p->seq.reason);
	free(p->seq.stopped);
	for (size_t i = 0; p->tod != NULL && i < p->n_tod; i++)
		free(p->tod[i].clock);
	free(p->tod);
	memset(p, 0, sizeof(*p));
}
