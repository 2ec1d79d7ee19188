/* analyze/history/baseline.c: see baseline.h. */
#include "analyze/history/baseline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "analyze/out/out_json_stats.h"
#include "core/version.h"

/* Any aggregate.json of major version 1. */
#define AGG_1X S3BENCH_AGGREGATE_PREFIX "1."

/* One cell of either side, read from its aggregate.json. Strings point into the
 * document. */
struct side_cell {
	const char *subject, *op;
	json_int_t size, conc;
	double *v; /* the valid runs' figures (> 0), owned */
	size_t n;
	double value;     /* the cell's own figure (policy), NaN when null */
	double pooled[2]; /* latency_ms.pooled p50, p99 (histogram); NaN: none */
	double mean[2];   /* latency_ms p50, p99 (means of the runs'); NaN: none */
	int matched;
};

struct side {
	struct side_cell *c;
	size_t n;
};

static double num_or_nan(const json_t *v)
{
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* check_run: cells[i].runs[j] of the file has the fields the comparison reads. */
static int check_run(const json_t *r, const char *path, size_t i, size_t j, struct err *e)
{
	static const char *const nums[] = {"mib_s", "obj_s"};
	const json_t *c = json_object_get(r, "cycle");

	if (!json_is_object(r))
		return err_set(e, "%s: cells[%zu].runs[%zu]: not an object", path, i, j);
	if (!json_is_boolean(json_object_get(r, "included")))
		return err_set(e, "%s: cells[%zu].runs[%zu].included: missing or not true/false",
			       path, i, j);
	if (c != NULL && !json_is_null(c) && !json_is_integer(c))
		return err_set(e, "%s: cells[%zu].runs[%zu].cycle: not a whole number", path, i, j);
	for (size_t k = 0; k < 2; k++) {
		const json_t *v = json_object_get(r, nums[k]);

		if (v == NULL || !(json_is_null(v) || json_is_number(v)))
			return err_set(e, "%s: cells[%zu].runs[%zu].%s: missing or not a number",
				       path, i, j, nums[k]);
	}
	return 0;
}

/* check_cell: cells[i] of the file has the fields the comparison reads. */
static int check_cell(const json_t *c, const char *path, size_t i, struct err *e)
{
	const json_t *runs = json_object_get(c, "runs"), *lat;

	if (!json_is_object(c))
		return err_set(e, "%s: cells[%zu]: not an object", path, i);
	if (!json_is_string(json_object_get(c, "subject")))
		return err_set(e, "%s: cells[%zu].subject: missing or not a string", path, i);
	if (!json_is_string(json_object_get(c, "op")))
		return err_set(e, "%s: cells[%zu].op: missing or not a string", path, i);
	if (!json_is_integer(json_object_get(c, "size")))
		return err_set(e, "%s: cells[%zu].size: missing or not a whole number", path, i);
	if (!json_is_integer(json_object_get(c, "concurrency")))
		return err_set(e, "%s: cells[%zu].concurrency: missing or not a whole number", path,
			       i);
	if (!json_is_array(runs))
		return err_set(e,
			       "%s: cells[%zu].runs: missing or not an array (the per-cycle "
			       "figures a comparison needs)",
			       path, i);
	for (size_t j = 0; j < json_array_size(runs); j++)
		if (check_run(json_array_get(runs, j), path, i, j, e) < 0)
			return -1;
	lat = json_object_get(c, "latency_ms");
	if (lat != NULL && !json_is_null(lat) && !json_is_object(lat))
		return err_set(e, "%s: cells[%zu].latency_ms: not an object", path, i);
	return 0;
}

/* check_doc: an s3bench aggregate 1.x with well-formed cells. */
static int check_doc(const json_t *doc, const char *path, struct err *e)
{
	const json_t *f = json_object_get(doc, "format"), *cells;

	if (!json_is_object(doc))
		return err_set(e, "%s: not a JSON object", path);
	if (!json_is_string(f) || strncmp(json_string_value(f), AGG_1X, sizeof(AGG_1X) - 1) != 0)
		return err_set(e, "%s: format: not s3bench-aggregate/1.x", path);
	cells = json_object_get(doc, "cells");
	if (!json_is_array(cells))
		return err_set(e, "%s: cells: missing or not an array", path);
	for (size_t i = 0; i < json_array_size(cells); i++)
		if (check_cell(json_array_get(cells, i), path, i, e) < 0)
			return -1;
	return 0;
}

int baseline_load(const char *results_dir, const char *source, struct baseline *b, struct err *e)
{
	size_t len = strlen(results_dir) + sizeof("/aggregate.json");
	json_error_t je;

	memset(b, 0, sizeof(*b));
	b->path = malloc(len);
	if (b->path == NULL)
		return err_set(e, "out of memory");
	snprintf(b->path, len, "%s/aggregate.json", results_dir);
	if ((b->source = strdup(source ? source : b->path)) == NULL) {
		err_set(e, "out of memory");
		goto fail;
	}
	b->doc = json_load_file(b->path, 0, &je);
	if (b->doc == NULL) {
		err_set(e, "%s: line %d: %s", b->path, je.line, je.text);
		goto fail;
	}
	if (check_doc(b->doc, b->path, e) < 0)
		goto fail;
	return 0;
fail:
	baseline_clear(b);
	return -1;
}

void baseline_clear(struct baseline *b)
{
	free(b->path);
	free(b->source);
	json_decref(b->doc);
	memset(b, 0, sizeof(*b));
}

/* lat_of: the cell's latency p50/p99, pooled (histogram source) and run means. */
static void lat_of(const json_t *c, struct side_cell *s)
{
	const json_t *lat = json_object_get(c, "latency_ms");
	const json_t *pool = json_object_get(lat, "pooled");
	const json_t *src = json_object_get(pool, "source");
	int hist = json_is_string(src) && strcmp(json_string_value(src), "histogram") == 0;

	s->mean[0] = num_or_nan(json_object_get(lat, "p50"));
	s->mean[1] = num_or_nan(json_object_get(lat, "p99"));
	s->pooled[0] = hist ? num_or_nan(json_object_get(pool, "p50")) : NAN;
	s->pooled[1] = hist ? num_or_nan(json_object_get(pool, "p99")) : NAN;
}

/* side_read: the cells of a checked document (doc's strings borrowed). */
static int side_read(const json_t *doc, struct side *s, struct err *e)
{
	const json_t *cells = json_object_get(doc, "cells");
	size_t n = json_array_size(cells);

	s->c = calloc(n ? n : 1, sizeof(*s->c));
	if (s->c == NULL)
		return err_set(e, "baseline: out of memory");
	s->n = n;
	for (size_t i = 0; i < n; i++) {
		const json_t *c = json_array_get(cells, i), *runs = json_object_get(c, "runs");
		struct side_cell *d = &s->c[i];
		const char *metric;

		d->subject = json_string_value(json_object_get(c, "subject"));
		d->op = json_string_value(json_object_get(c, "op"));
		d->size = json_integer_value(json_object_get(c, "size"));
		d->conc = json_integer_value(json_object_get(c, "concurrency"));
		metric = d->size == 0 ? "obj_s" : "mib_s";
		d->value = num_or_nan(json_object_get(json_object_get(c, metric), "value"));
		lat_of(c, d);
		d->v = calloc(json_array_size(runs) + 1, sizeof(*d->v));
		if (d->v == NULL)
			return err_set(e, "baseline: out of memory");
		for (size_t j = 0; j < json_array_size(runs); j++) {
			const json_t *r = json_array_get(runs, j);
			double v = num_or_nan(json_object_get(r, metric));

			if (json_is_true(json_object_get(r, "included")) && isfinite(v) && v > 0)
				d->v[d->n++] = v;
		}
	}
	return 0;
}

static void side_free(struct side *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->c[i].v);
	free(s->c);
}

static int same_cell(const struct side_cell *a, const struct side_cell *b)
{
	return strcmp(a->subject, b->subject) == 0 && strcmp(a->op, b->op) == 0 &&
	       a->size == b->size && a->conc == b->conc;
}

static json_t *key_json(const struct side_cell *c, int *ok)
{
	json_t *o = json_object();

	out_json_put(o, "subject", json_string(c->subject), ok);
	out_json_put(o, "op", json_string(c->op), ok);
	out_json_put(o, "size", json_integer(c->size), ok);
	out_json_put(o, "concurrency", json_integer(c->conc), ok);
	return o;
}

/* lat_change: latency p50/p99 old, new and new/old; pooled percentiles when both
 * sides have them, else the means of the runs' own percentiles (basis says which). */
static json_t *lat_change(const struct side_cell *n, const struct side_cell *o, int *ok)
{
	int pooled = isfinite(n->pooled[0]) && isfinite(o->pooled[0]);
	const double *nv = pooled ? n->pooled : n->mean, *ov = pooled ? o->pooled : o->mean;
	static const char *const names[] = {"p50", "p99"};
	json_t *j = json_object();

	if (!isfinite(nv[0]) || !isfinite(ov[0])) {
		json_decref(j);
		return json_null();
	}
	out_json_put(j, "basis", json_string(pooled ? "pooled" : "run-mean"), ok);
	for (size_t k = 0; k < 2; k++) {
		json_t *f = json_object();

		out_json_put(f, "old", out_json_num(ov[k]), ok);
		out_json_put(f, "new", out_json_num(nv[k]), ok);
		out_json_put(f, "ratio", out_json_num(ov[k] > 0 ? nv[k] / ov[k] : NAN), ok);
		out_json_put(j, names[k], f, ok);
	}
	return j;
}

/* One compared cell. */
struct pair {
	const struct side_cell *n, *o;
	struct compare_test t;
};

static json_t *pair_json(const struct pair *p, const struct compare_adjusted *adj, double alpha,
			 int *ok)
{
	int sig = adj->significant;
	json_t *j = key_json(p->n, ok), *ci;
	const char *dir = NULL;

	out_json_put(j, "metric", json_string(p->n->size == 0 ? "obj_s" : "mib_s"), ok);
	out_json_put(j, "old", out_json_num(p->o->value), ok);
	out_json_put(j, "new", out_json_num(p->n->value), ok);
	out_json_put(j, "n_old", json_integer((json_int_t)p->o->n), ok);
	out_json_put(j, "n_new", json_integer((json_int_t)p->n->n), ok);
	out_json_put(j, "ratio", out_json_num(p->t.test ? p->t.ratio : NAN), ok);
	if (p->t.test && isfinite(p->t.lo) && isfinite(p->t.hi)) {
		ci = json_array();
		out_json_add(ci, json_real(p->t.lo), ok);
		out_json_add(ci, json_real(p->t.hi), ok);
	} else {
		ci = json_null();
	}
	out_json_put(j, "ci95", ci, ok);
	if (isfinite(adj->lo) && isfinite(adj->hi)) {
		ci = json_array();
		out_json_add(ci, json_real(adj->lo), ok);
		out_json_add(ci, json_real(adj->hi), ok);
	} else {
		ci = json_null();
	}
	out_json_put(j, "ci_adj", ci, ok);
	out_json_put(j, "ci_adj_level", json_real(1 - alpha), ok);
	out_json_put(j, "p", out_json_num(p->t.test ? p->t.p : NAN), ok);
	out_json_put(j, "p_adj", out_json_num(adj->p_adj), ok);
	out_json_put(j, "test", p->t.test ? json_string(p->t.test) : json_null(), ok);
	out_json_put(j, "significant", json_boolean(sig), ok);
	if (sig)
		dir = p->t.ratio < 1 ? "regression" : "improvement";
	out_json_put(j, "change", dir ? json_string(dir) : json_null(), ok);
	out_json_put(j, "note", p->t.test ? json_null() : json_string("not enough runs"), ok);
	out_json_put(j, "latency_ms", lat_change(p->n, p->o, ok), ok);
	return j;
}

/* pairs_of: every cell of nw with its match in old (marked matched on both sides). */
static struct pair *pairs_of(struct side *nw, struct side *old, size_t *np)
{
	struct pair *v = calloc(nw->n ? nw->n : 1, sizeof(*v));

	*np = 0;
	if (v == NULL)
		return NULL;
	for (size_t i = 0; i < nw->n; i++)
		for (size_t j = 0; j < old->n; j++) {
			if (old->c[j].matched || !same_cell(&nw->c[i], &old->c[j]))
				continue;
			nw->c[i].matched = old->c[j].matched = 1;
			v[*np].n = &nw->c[i];
			v[*np].o = &old->c[j];
			compare_welch_log(nw->c[i].v, nw->c[i].n, old->c[j].v, old->c[j].n,
					  COMPARE_CONFIDENCE, &v[*np].t);
			(*np)++;
			break;
		}
	return v;
}

static json_t *unmatched(const struct side *s, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < s->n; i++)
		if (!s->c[i].matched)
			out_json_add(arr, key_json(&s->c[i], ok), ok);
	return arr;
}

/* head: what the comparison is against and how it is made. */
static json_t *head(const struct baseline *b, double alpha, long family, int *ok)
{
	json_t *j = json_object();
	const json_t *camp = json_object_get(b->doc, "campaign");
	const json_t *gen = json_object_get(b->doc, "generated");
	const json_t *name = json_object_get(camp, "name");

	out_json_put(j, "source", json_string(b->source), ok);
	out_json_put(j, "generated",
		     json_is_string(gen) ? json_string(json_string_value(gen)) : json_null(), ok);
	out_json_put(j, "campaign",
		     json_is_string(name) ? json_string(json_string_value(name)) : json_null(), ok);
	out_json_put(j, "test", json_string("welch"), ok);
	out_json_put(j, "scale", json_string("log"), ok);
	out_json_put(j, "confidence", json_real(COMPARE_CONFIDENCE), ok);
	out_json_put(j, "alpha", json_real(alpha), ok);
	out_json_put(j, "adjust", json_string("bonferroni"), ok);
	out_json_put(j, "family", json_integer(family), ok);
	return j;
}

int baseline_add(json_t *root, const struct baseline *b, double alpha, size_t *n_sig, struct err *e)
{
	struct side nw = {0}, old = {0};
	struct pair *pairs = NULL;
	size_t np = 0, sig = 0, family = 0;
	json_t *j = NULL, *arr;
	int ok = 1, rc = -1;

	if (side_read(root, &nw, e) < 0 || side_read(b->doc, &old, e) < 0)
		goto done;
	pairs = pairs_of(&nw, &old, &np);
	if (pairs == NULL) {
		err_set(e, "baseline: out of memory");
		goto done;
	}
	for (size_t i = 0; i < np; i++)
		family += pairs[i].t.test != NULL && isfinite(pairs[i].t.p);
	j = head(b, alpha, (long)family, &ok);
	arr = json_array();
	for (size_t i = 0; i < np; i++) {
		struct compare_adjusted adj;

		compare_adjust_test(&pairs[i].t, family, alpha, &adj);
		sig += adj.significant;
		out_json_add(arr, pair_json(&pairs[i], &adj, alpha, &ok), &ok);
	}
	out_json_put(j, "cells", arr, &ok);
	out_json_put(j, "significant", json_integer((json_int_t)sig), &ok);
	out_json_put(j, "only_new", unmatched(&nw, &ok), &ok);
	out_json_put(j, "only_old", unmatched(&old, &ok), &ok);
	if (!ok) {
		json_decref(j);
		err_set(e, "baseline: out of memory");
		goto done;
	}
	if (json_object_set_new(root, "baseline", j) != 0) { /* j freed by jansson */
		err_set(e, "baseline: out of memory");
		goto done;
	}
	if (n_sig)
		*n_sig = sig;
	rc = 0;
done:
	free(pairs);
	side_free(&nw);
	side_free(&old);
	return rc;
}
