/* render/model/model_history.c: see model_history.h. */
#include "render/model/model_history.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

/* num: o's number k, NAN when absent or not a number. */
static double num(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* str: a copy of o's string k into *out (NULL when absent); -1 when out of memory. */
static int str(const json_t *o, const char *k, char **out)
{
	const char *s = json_string_value(json_object_get(o, k));

	*out = s ? strdup(s) : NULL;
	return s && *out == NULL ? -1 : 0;
}

/* ci: an interval [lo, hi] of o's array k (an end that is not a number: 0); returns 1
 * when k is an array. */
static int ci(const json_t *o, const char *k, double *lo, double *hi)
{
	const json_t *a = json_object_get(o, k);

	*lo = json_number_value(json_array_get(a, 0));
	*hi = json_number_value(json_array_get(a, 1));
	return json_is_array(a);
}

/* cell_key: the cell a JSON object names (subject, op, size, concurrency). */
static int cell_key(const json_t *c, char **subject, char **op, uint64_t *size, int *conc)
{
	*size = (uint64_t)json_integer_value(json_object_get(c, "size"));
	*conc = (int)json_integer_value(json_object_get(c, "concurrency"));
	return str(c, "subject", subject) || str(c, "op", op) ? -1 : 0;
}

/* load_change: one baseline.cells[] entry. */
static int load_change(struct rm_change *x, const json_t *c)
{
	const json_t *lat = json_object_get(c, "latency_ms");

	x->tested = json_is_string(json_object_get(c, "test"));
	x->significant = json_is_true(json_object_get(c, "significant"));
	x->old = num(c, "old");
	x->new_ = num(c, "new");
	x->ratio = num(c, "ratio");
	x->p_adj = num(c, "p_adj");
	x->has_ci = json_object_get(c, "ci_adj") ? ci(c, "ci_adj", &x->ci_lo, &x->ci_hi)
						 : ci(c, "ci95", &x->ci_lo, &x->ci_hi);
	x->has_latency = json_is_object(lat);
	x->p50_ratio = num(json_object_get(lat, "p50"), "ratio");
	if (cell_key(c, &x->subject, &x->op, &x->size, &x->concurrency) ||
	    str(c, "change", &x->change) || str(lat, "basis", &x->latency_basis))
		return -1;
	return 0;
}

/* load_baseline: root's baseline object, when there is one. */
static int load_baseline(struct report_model *m, const json_t *root, const char *file,
			 struct err *e)
{
	const json_t *b = json_object_get(root, "baseline"), *cells = json_object_get(b, "cells");
	struct rm_baseline *x;
	size_t n = json_array_size(cells);

	if (!json_is_object(b))
		return 0;
	if ((x = m->baseline = calloc(1, sizeof(*x))) == NULL ||
	    (n && (x->cells = calloc(n, sizeof(*x->cells))) == NULL))
		goto oom;
	x->alpha = num(b, "alpha");
	x->nonly_new = json_array_size(json_object_get(b, "only_new"));
	x->nonly_old = json_array_size(json_object_get(b, "only_old"));
	if (str(b, "campaign", &x->campaign) || str(b, "generated", &x->generated))
		goto oom;
	for (size_t i = 0; i < n; i++) {
		x->ncells = i + 1; /* counted first: a half-loaded cell is freed too */
		if (load_change(&x->cells[i], json_array_get(cells, i)))
			goto oom;
	}
	return 0;
oom:
	return err_set(e, "%s: baseline: out of memory", file);
}

/* load_series: one trend.json series[] entry. */
static int load_series(struct rm_trend_series *x, const json_t *s)
{
	const json_t *pts = json_object_get(s, "points"), *ch = json_object_get(s, "change");
	size_t n = json_array_size(pts);

	x->has_change = json_is_object(ch);
	x->ratio = num(ch, "ratio");
	ci(ch, "ci95", &x->ci_lo, &x->ci_hi);
	x->significant = json_is_true(json_object_get(ch, "significant"));
	x->since_build = (long long)json_integer_value(json_object_get(ch, "since_build"));
	x->alert = json_is_true(json_object_get(ch, "alert"));
	if (cell_key(s, &x->subject, &x->op, &x->size, &x->concurrency) ||
	    str(ch, "state", &x->state) ||
	    (n && (x->points = calloc(n, sizeof(*x->points))) == NULL))
		return -1;
	for (; x->npoints < n; x->npoints++) {
		const json_t *p = json_array_get(pts, x->npoints);
		struct rm_trend_point *q = &x->points[x->npoints];

		q->build = (long long)json_integer_value(json_object_get(p, "build"));
		q->value = num(p, "value");
		q->has_ci = ci(p, "ci95", &q->ci_lo, &q->ci_hi);
	}
	return 0;
}

/* load_lines: tr's array key (alerts[] or watch[]), which must be strings, into *out. */
static int load_lines(const json_t *tr, const char *key, char ***out, size_t *n, const char *path,
		      struct err *e)
{
	const json_t *a = json_object_get(tr, key), *v;
	size_t i;

	*out = json_array_size(a) ? calloc(json_array_size(a), sizeof(char *)) : NULL;
	json_array_foreach(a, i, v) {
		if (*out == NULL || !json_is_string(v) ||
		    ((*out)[i] = strdup(json_string_value(v))) == NULL)
			return *out == NULL || json_is_string(v)
				       ? err_set(e, "%s: out of memory", path)
				       : err_set(e, "%s: %s[%zu]: expected a string", path, key, i);
		*n = i + 1;
	}
	return 0;
}

/* load_alerts: tr's alerts[] and watch[], and whether it had enough history. */
static int load_alerts(struct report_model *m, const json_t *tr, const char *path, struct err *e)
{
	const json_t *enough = json_object_get(tr, "enough_history");

	m->trend_loaded = 1;
	m->trend_enough = !json_is_false(enough);
	if (load_lines(tr, "alerts", &m->alerts, &m->nalerts, path, e) < 0)
		return -1;
	return load_lines(tr, "watch", &m->watch, &m->nwatch, path, e);
}

/* load_trend: alerts[] and series[] of trend.json in the directory of file (analyze
 * --history writes it there), when that file exists. */
static int load_trend(struct report_model *m, const char *file, struct err *e)
{
	const char *slash = strrchr(file, '/');
	char path[PATH_MAX];
	json_error_t je;
	json_t *tr, *series;
	size_t n;
	int rc = -1, len = snprintf(path, sizeof(path), "%.*strend.json",
				    slash ? (int)(slash - file + 1) : 0, file);

	if (len < 0 || (size_t)len >= sizeof(path) || access(path, F_OK) != 0)
		return 0;
	tr = json_load_file(path, 0, &je);
	if (tr == NULL)
		return err_set(e, "%s: line %d: %s", path, je.line, je.text);
	if (load_alerts(m, tr, path, e) < 0)
		goto out;
	series = json_object_get(tr, "series");
	n = json_array_size(series);
	if (n && (m->trend = calloc(n, sizeof(*m->trend))) == NULL) {
		err_set(e, "%s: out of memory", path);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		m->ntrend = i + 1; /* counted first: a half-loaded series is freed too */
		if (load_series(&m->trend[i], json_array_get(series, i))) {
			err_set(e, "%s: out of memory", path);
			goto out;
		}
	}
	rc = 0;
out:
	json_decref(tr);
	return rc;
}

int model_load_history(struct report_model *m, json_t *root, const char *file, struct err *e)
{
	if (load_trend(m, file, e) < 0)
		return -1;
	return load_baseline(m, root, file, e);
}

void model_free_history(struct report_model *m)
{
	struct rm_baseline *b = m->baseline;

	for (size_t i = 0; i < m->nalerts; i++)
		free(m->alerts[i]);
	free(m->alerts);
	for (size_t i = 0; i < m->nwatch; i++)
		free(m->watch[i]);
	free(m->watch);
	for (size_t i = 0; b && i < b->ncells; i++) {
		free(b->cells[i].subject);
		free(b->cells[i].op);
		free(b->cells[i].change);
		free(b->cells[i].latency_basis);
	}
	if (b) {
		free(b->cells);
		free(b->campaign);
		free(b->generated);
		free(b);
	}
	for (size_t i = 0; i < m->ntrend; i++) {
		free(m->trend[i].subject);
		free(m->trend[i].op);
		free(m->trend[i].state);
		free(m->trend[i].points);
	}
	free(m->trend);
}
