/* core/results/results_trend.c: see results_trend.h. */
#include "core/results/results_trend.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

json_t *results_trend_change_to_json(const struct results_trend_change *c)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "state", jwrite_str(c->state), &ok);
	jwrite_put(o, "points", json_integer((json_int_t)c->points), &ok);
	jwrite_put(o, "noise", jnum_new(c->noise), &ok);
	jwrite_put(o, "noise_df", jnum_new(c->noise_df), &ok);
	jwrite_put(o, "noise_basis", jwrite_str(c->noise_basis), &ok);
	jwrite_put(o, "alert", json_boolean(c->alert), &ok);
	jwrite_put(o, "significant", json_boolean(c->significant), &ok);
	jwrite_put(o, "change", jwrite_str(c->change), &ok);
	if (!c->shift)
		return jwrite_done(o, ok);
	jwrite_put(o, "since_build", json_integer((json_int_t)c->since_build), &ok);
	jwrite_put(o, "after", json_integer((json_int_t)c->after), &ok);
	jwrite_put(o, "before", json_integer((json_int_t)c->before), &ok);
	jwrite_put(o, "ratio", jnum_new(c->ratio), &ok);
	if (isfinite(c->ci_lo) && isfinite(c->ci_hi))
		jwrite_put(o, "ci95", jwrite_pair(c->ci_lo, c->ci_hi), &ok);
	jwrite_put(o, "p", jnum_new(c->p), &ok);
	jwrite_put(o, "p_adj", jnum_new(c->p_adj), &ok);
	jwrite_put(o, "fresh", json_boolean(c->fresh), &ok);
	return jwrite_done(o, ok);
}

int results_trend_change_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_trend_change *c)
{
	memset(c, 0, sizeof(*c));
	c->state = jread_str(r, o, where, "state", 0);
	c->points = jread_int(r, o, where, "points", 0, 0);
	c->noise = jread_num(r, o, where, "noise", 0);
	c->noise_df = jread_num(r, o, where, "noise_df", 0);
	c->noise_basis = jread_str(r, o, where, "noise_basis", 0);
	c->alert = jread_bool(r, o, where, "alert", 0, 0);
	c->significant = jread_bool(r, o, where, "significant", 0, 0);
	c->change = jread_str(r, o, where, "change", 0);
	c->shift = json_object_get(o, "since_build") != NULL;
	c->since_build = jread_int(r, o, where, "since_build", 0, 0);
	c->after = jread_int(r, o, where, "after", 0, 0);
	c->before = jread_int(r, o, where, "before", 0, 0);
	c->ratio = jread_num(r, o, where, "ratio", 0);
	jread_pair(r, o, where, "ci95", &c->ci_lo, &c->ci_hi);
	c->p = jread_num(r, o, where, "p", 0);
	c->p_adj = jread_num(r, o, where, "p_adj", 0);
	c->fresh = jread_bool(r, o, where, "fresh", 0, 0);
	return r->failed ? -1 : 0;
}

void results_trend_change_free(struct results_trend_change *c)
{
	free(c->state);
	free(c->noise_basis);
	free(c->change);
}

static json_t *point_json(const struct results_trend_point *p)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "build", json_integer((json_int_t)p->build), &ok);
	jwrite_put(o, "time", jwrite_str(p->time), &ok);
	jwrite_put(o, "cycles", json_integer((json_int_t)p->cycles), &ok);
	jwrite_put(o, "value", jnum_new(p->value), &ok);
	jwrite_put(o, "ci95", jwrite_pair(p->ci_lo, p->ci_hi), &ok);
	jwrite_put(o, "latest", jnum_new(p->latest), &ok);
	jwrite_put(o, "latest_cycle", jwrite_count(p->latest_cycle), &ok);
	return jwrite_done(o, ok);
}

json_t *results_trend_series_to_json(const struct results_trend_series *s)
{
	json_t *o = json_object(), *pts = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(s->subject), &ok);
	jwrite_put(o, "op", jwrite_str(s->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)s->size), &ok);
	jwrite_put(o, "concurrency", json_integer(s->concurrency), &ok);
	jwrite_put(o, "metric", jwrite_str(s->metric), &ok);
	jwrite_put(o, "oneoff", json_boolean(s->oneoff), &ok);
	for (size_t i = 0; i < s->n_points; i++)
		jwrite_add(pts, point_json(&s->points[i]), &ok);
	jwrite_put(o, "points", pts, &ok);
	jwrite_put(o, "change",
		   s->change != NULL ? results_trend_change_to_json(s->change) : json_null(), &ok);
	return jwrite_done(o, ok);
}

static int point_from(struct jread *r, const json_t *o, const char *where,
		      struct results_trend_point *p)
{
	p->build = jread_int(r, o, where, "build", 0, 0);
	p->time = jread_str(r, o, where, "time", 0);
	p->cycles = jread_int(r, o, where, "cycles", 0, 0);
	p->value = jread_num(r, o, where, "value", 0);
	jread_pair(r, o, where, "ci95", &p->ci_lo, &p->ci_hi);
	p->latest = jread_num(r, o, where, "latest", 0);
	p->latest_cycle = jread_int(r, o, where, "latest_cycle", 0, -1);
	return r->failed ? -1 : 0;
}

int results_trend_series_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_trend_series *s)
{
	char at[160], w[192];
	json_t *a, *v;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->subject = jread_str(r, o, where, "subject", 0);
	s->op = jread_str(r, o, where, "op", 0);
	s->size = (uint64_t)jread_int(r, o, where, "size", 0, 0);
	s->concurrency = (int)jread_int(r, o, where, "concurrency", 0, 0);
	s->metric = jread_str(r, o, where, "metric", 0);
	s->oneoff = jread_bool(r, o, where, "oneoff", 0, 0);
	a = jread_array(r, o, where, "points", 0);
	jread_path(where, "points", at, sizeof(at));
	if (r->failed ||
	    (s->points = jread_alloc(r, at, json_array_size(a), sizeof(*s->points))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(r, at, i, v, w, sizeof(w)) < 0)
			return -1;
		s->n_points = i + 1;
		if (point_from(r, v, w, &s->points[i]) < 0)
			return -1;
	}
	jread_path(where, "change", at, sizeof(at));
	if ((v = jread_object(r, o, where, "change", 0)) == NULL)
		return r->failed ? -1 : 0;
	if ((s->change = jread_alloc(r, at, 0, sizeof(*s->change))) == NULL)
		return -1;
	return results_trend_change_from_json(r, v, at, s->change);
}

void results_trend_series_free(struct results_trend_series *s)
{
	free(s->subject);
	free(s->op);
	free(s->metric);
	for (size_t i = 0; i < s->n_points; i++)
		free(s->points[i].time);
	free(s->points);
	if (s->change != NULL)
		results_trend_change_free(s->change);
	free(s->change);
}

static json_t *test_json(const struct results_trend_test *t)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "name", jwrite_str(t->name), &ok);
	jwrite_put(o, "scale", jwrite_str(t->scale), &ok);
	jwrite_put(o, "figure", jwrite_str(t->figure), &ok);
	jwrite_put(o, "window", json_integer((json_int_t)t->window), &ok);
	jwrite_put(o, "min_points", json_integer((json_int_t)t->min_points), &ok);
	jwrite_put(o, "min_segment", json_integer((json_int_t)t->min_segment), &ok);
	jwrite_put(o, "tail_max", json_integer((json_int_t)t->tail_max), &ok);
	jwrite_put(o, "false_alarm_rate", jnum_new(t->false_alarm_rate), &ok);
	jwrite_put(o, "watch_rate", jnum_new(t->watch_rate), &ok);
	jwrite_put(o, "split_alpha", jnum_new(t->split_alpha), &ok);
	jwrite_put(o, "alpha", json_real(t->alpha), &ok);
	jwrite_put(o, "watch_alpha", json_real(t->watch_alpha), &ok);
	jwrite_put(o, "min_change", json_real(t->min_change), &ok);
	return jwrite_done(o, ok);
}

json_t *results_trend_to_json(const struct results_trend *t)
{
	json_t *root = json_object(), *arr = json_array();
	int ok = 1;

	jwrite_put(root, "format", jwrite_str(t->format), &ok);
	jwrite_put(root, "build", json_integer((json_int_t)t->build), &ok);
	jwrite_put(root, "builds", json_integer((json_int_t)t->builds), &ok);
	jwrite_put(root, "test", test_json(&t->test), &ok);
	jwrite_put(root, "enough_history", json_boolean(t->enough_history), &ok);
	for (size_t i = 0; i < t->n_series; i++)
		jwrite_add(arr, results_trend_series_to_json(&t->series[i]), &ok);
	jwrite_put(root, "series", arr, &ok);
	jwrite_put(root, "alerts", jwrite_strings(t->alerts, t->n_alerts), &ok);
	jwrite_put(root, "watch", jwrite_strings(t->watch, t->n_watch), &ok);
	return jwrite_done(root, ok);
}

static void test_from(struct jread *r, const json_t *o, struct results_trend_test *t)
{
	static const char *const w = "test";

	if ((o = jread_object(r, o, "", w, 0)) == NULL)
		return;
	t->name = jread_str(r, o, w, "name", 0);
	t->scale = jread_str(r, o, w, "scale", 0);
	t->figure = jread_str(r, o, w, "figure", 0);
	t->window = jread_int(r, o, w, "window", 0, 0);
	t->min_points = jread_int(r, o, w, "min_points", 0, 0);
	t->min_segment = jread_int(r, o, w, "min_segment", 0, 0);
	t->tail_max = jread_int(r, o, w, "tail_max", 0, 0);
	t->false_alarm_rate = jread_num(r, o, w, "false_alarm_rate", 0);
	t->watch_rate = jread_num(r, o, w, "watch_rate", 0);
	t->split_alpha = jread_num(r, o, w, "split_alpha", 0);
	t->alpha = jread_num(r, o, w, "alpha", 0);
	t->watch_alpha = jread_num(r, o, w, "watch_alpha", 0);
	t->min_change = jread_num(r, o, w, "min_change", 0);
}

int results_trend_from_json(const json_t *root, const char *file, struct results_trend *t,
			    struct err *e)
{
	struct jread r = {file, e, 0, NULL, 0};
	json_t *a, *v;
	char w[64];
	size_t i;

	memset(t, 0, sizeof(*t));
	t->format = jread_str(&r, root, "", "format", 0);
	t->build = jread_int(&r, root, "", "build", 0, 0);
	t->builds = jread_int(&r, root, "", "builds", 0, 0);
	test_from(&r, root, &t->test);
	t->enough_history = jread_bool(&r, root, "", "enough_history", 0, 1);
	jread_strings(&r, root, "", "alerts", &t->alerts, &t->n_alerts);
	jread_strings(&r, root, "", "watch", &t->watch, &t->n_watch);
	a = jread_array(&r, root, "", "series", 0);
	if (r.failed ||
	    (t->series = jread_alloc(&r, "series", json_array_size(a), sizeof(*t->series))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(&r, "series", i, v, w, sizeof(w)) < 0)
			return -1;
		t->n_series = i + 1;
		if (results_trend_series_from_json(&r, v, w, &t->series[i]) < 0)
			return -1;
	}
	return 0;
}

int results_trend_read(const char *path, struct results_trend *t, struct err *e)
{
	json_t *root = jread_load(path, e);
	int rc;

	memset(t, 0, sizeof(*t));
	if (root == NULL)
		return -1;
	rc = results_trend_from_json(root, path, t, e);
	json_decref(root);
	return rc;
}

int results_trend_write(const struct results_trend *t, const char *path, struct err *e)
{
	json_t *root = results_trend_to_json(t);
	int rc;

	if (root == NULL)
		return err_set(e, "%s: out of memory", path);
	rc = results_dump(root, path, e);
	json_decref(root);
	return rc;
}

static void lines_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void results_trend_free(struct results_trend *t)
{
	free(t->format);
	free(t->test.name);
	free(t->test.scale);
	free(t->test.figure);
	for (size_t i = 0; i < t->n_series; i++)
		results_trend_series_free(&t->series[i]);
	free(t->series);
	lines_free(t->alerts, t->n_alerts);
	lines_free(t->watch, t->n_watch);
	memset(t, 0, sizeof(*t));
}
