/* render/model_ext.c: see model_ext.h. */
#include "render/model_ext.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

/* A number or null (NAN) at field; -1 with e set for anything else. */
static int num_at(json_t *v, double *out, const char *file, const char *field, struct err *e)
{
	if (json_is_null(v)) {
		*out = NAN;
		return 0;
	}
	if (!json_is_number(v))
		return err_set(e, "%s: %s: expected a number or null", file, field);
	*out = json_number_value(v);
	return 0;
}

/* cells[i].latency_ms.pooled.quantiles: [[q, ms], ...] with 0 <= q <= 1. */
static int load_quantiles(struct rm_cell *c, json_t *cell, size_t i, const char *file,
			  struct err *e)
{
	json_t *lat = json_object_get(cell, "latency_ms"), *pooled, *qs, *v;
	char w[96];
	size_t k;
	if (!json_is_object(lat) || !json_is_object(pooled = json_object_get(lat, "pooled")))
		return 0;
	qs = json_object_get(pooled, "quantiles");
	snprintf(w, sizeof(w), "cells[%zu].latency_ms.pooled.quantiles", i);
	if (!qs || json_is_null(qs))
		return 0;
	if (!json_is_array(qs))
		return err_set(e, "%s: %s: expected an array or null", file, w);
	c->lat_quantiles = calloc(json_array_size(qs) + 1, sizeof(*c->lat_quantiles));
	if (!c->lat_quantiles)
		return err_set(e, "%s: %s: out of memory", file, w);
	json_array_foreach(qs, k, v) {
		struct rm_quantile *q = &c->lat_quantiles[k];
		char wk[128];
		snprintf(wk, sizeof(wk), "%s[%zu]", w, k);
		if (!json_is_array(v) || json_array_size(v) != 2)
			return err_set(e, "%s: %s: expected [q, ms]", file, wk);
		if (num_at(json_array_get(v, 0), &q->q, file, wk, e) ||
		    num_at(json_array_get(v, 1), &q->ms, file, wk, e))
			return -1;
		if (!(q->q >= 0 && q->q <= 1))
			return err_set(e, "%s: %s: q must be between 0 and 1", file, wk);
		c->nlat_quantiles = k + 1;
	}
	return 0;
}

/* An array of numbers or nulls at o.key into a new array (*n values). */
static int load_values(json_t *o, const char *key, const char *where, double **out, size_t *n,
		       const char *file, struct err *e)
{
	json_t *a = json_object_get(o, key), *v;
	char w[128];
	size_t k;
	snprintf(w, sizeof(w), "%s.%s", where, key);
	if (!json_is_array(a))
		return err_set(e, "%s: %s: expected an array", file, w);
	if (!(*out = calloc(json_array_size(a) + 1, sizeof(**out))))
		return err_set(e, "%s: %s: out of memory", file, w);
	*n = json_array_size(a);
	json_array_foreach(a, k, v)
		if (num_at(v, &(*out)[k], file, w, e))
			return -1;
	return 0;
}

static int find_subject(const struct report_model *m, const char *id)
{
	for (size_t i = 0; id && i < m->nsubjects; i++)
		if (strcmp(m->subjects[i].id, id) == 0)
			return (int)i;
	return -1;
}

/* One timeseries[] entry. */
static int load_series(const struct report_model *m, struct rm_series *t, json_t *v,
		       const char *w, const char *file, struct err *e)
{
	json_t *subj = json_object_get(v, "subject"), *op = json_object_get(v, "op"),
	       *kept = json_object_get(v, "kept");
	size_t nobj = 0;
	t->kept_first = t->kept_last = -1;
	if (!json_is_object(v))
		return err_set(e, "%s: %s: expected an object", file, w);
	if ((t->subject = find_subject(m, json_string_value(subj))) < 0)
		return err_set(e, "%s: %s.subject: expected an id of subjects[]", file, w);
	if (!json_is_string(op))
		return err_set(e, "%s: %s.op: expected a string", file, w);
	if (!(t->op = strdup(json_string_value(op))))
		return err_set(e, "%s: %s: out of memory", file, w);
	t->size = (uint64_t)json_integer_value(json_object_get(v, "size"));
	t->concurrency = (int)json_integer_value(json_object_get(v, "concurrency"));
	t->cycle = (int)json_integer_value(json_object_get(v, "cycle"));
	if (load_values(v, "mib_s", w, &t->mib_s, &t->n, file, e) ||
	    load_values(v, "obj_s", w, &t->obj_s, &nobj, file, e))
		return -1;
	if (nobj != t->n)
		return err_set(e, "%s: %s.obj_s: %zu values, mib_s has %zu", file, w, nobj, t->n);
	if (kept && !json_is_null(kept)) {
		json_t *a = json_array_get(kept, 0), *b = json_array_get(kept, 1);
		if (!json_is_array(kept) || json_array_size(kept) != 2 || !json_is_integer(a) ||
		    !json_is_integer(b) || json_integer_value(a) < 0 ||
		    json_integer_value(b) < json_integer_value(a))
			return err_set(e, "%s: %s.kept: expected [first, last]", file, w);
		t->kept_first = (int)json_integer_value(a);
		t->kept_last = (int)json_integer_value(b);
	}
	return 0;
}

/* matrix.size_labels: strings or nulls, one per matrix.sizes entry. */
static int load_size_labels(struct report_model *m, json_t *root, const char *file,
			    struct err *e)
{
	json_t *a = json_object_get(json_object_get(root, "matrix"), "size_labels"), *v;
	size_t k;
	if (!a || json_is_null(a))
		return 0;
	if (!json_is_array(a) || json_array_size(a) != m->nsizes)
		return err_set(e, "%s: matrix.size_labels: expected an array as long as "
			       "matrix.sizes", file);
	if (!(m->size_labels = calloc(m->nsizes + 1, sizeof(*m->size_labels))))
		return err_set(e, "%s: matrix.size_labels: out of memory", file);
	json_array_foreach(a, k, v) {
		if (json_is_null(v) || (json_is_string(v) && !*json_string_value(v)))
			continue;
		if (!json_is_string(v))
			return err_set(e, "%s: matrix.size_labels[%zu]: expected a string or null",
				       file, k);
		if (!(m->size_labels[k] = strdup(json_string_value(v))))
			return err_set(e, "%s: matrix.size_labels: out of memory", file);
	}
	return 0;
}

int model_load_ext(struct report_model *m, json_t *root, const char *file, struct err *e)
{
	json_t *cells = json_object_get(root, "cells"), *ts = json_object_get(root, "timeseries");
	json_t *v;
	size_t i;
	char w[64];
	for (i = 0; i < m->ncells && i < json_array_size(cells); i++)
		if (load_quantiles(&m->cells[i], json_array_get(cells, i), i, file, e))
			return -1;
	if (load_size_labels(m, root, file, e))
		return -1;
	if (!ts || json_is_null(ts))
		return 0;
	if (!json_is_array(ts))
		return err_set(e, "%s: timeseries: expected an array", file);
	if (!(m->timeseries = calloc(json_array_size(ts) + 1, sizeof(*m->timeseries))))
		return err_set(e, "%s: timeseries: out of memory", file);
	json_array_foreach(ts, i, v) {
		m->ntimeseries = i + 1;
		snprintf(w, sizeof(w), "timeseries[%zu]", i);
		if (load_series(m, &m->timeseries[i], v, w, file, e))
			return -1;
	}
	return 0;
}

void model_free_ext(struct report_model *m)
{
	for (size_t i = 0; i < m->ncells; i++)
		free(m->cells[i].lat_quantiles);
	for (size_t i = 0; i < m->ntimeseries; i++) {
		free(m->timeseries[i].op);
		free(m->timeseries[i].mib_s);
		free(m->timeseries[i].obj_s);
	}
	free(m->timeseries);
	for (size_t i = 0; m->size_labels && i < m->nsizes; i++)
		free(m->size_labels[i]);
	free(m->size_labels);
}

const char *model_size_label(const struct report_model *m, uint64_t size)
{
	for (size_t i = 0; m->size_labels && i < m->nsizes; i++)
		if (m->sizes[i] == size)
			return m->size_labels[i];
	return NULL;
}

int model_measured(const struct report_model *m, const char *op, uint64_t size, int conc)
{
	for (size_t s = 0; s < m->nsubjects; s++) {
		const struct rm_cell *c = model_cell(m, (int)s, op, size, conc);
		if (c && (c->nruns || c->n))
			return 1;
	}
	return 0;
}

int model_measured_conc(const struct report_model *m, const char *op, int conc)
{
	for (size_t k = 0; k < m->nsizes; k++)
		if (model_measured(m, op, m->sizes[k], conc))
			return 1;
	return 0;
}

double model_figure(const struct rm_cell *c)
{
	return !c ? NAN : c->size == 0 ? c->obj_s.value : c->mib_s.value;
}

char *model_size_text(const struct report_model *m, const struct numfmt *nf, uint64_t size,
		      char *buf, size_t n)
{
	const char *label = model_size_label(m, size);
	if (label)
		snprintf(buf, n, "%s", label);
	else
		text_size(nf, size, buf, n);
	return buf;
}

const struct rm_series *model_timeseries(const struct report_model *m, int subject,
					 const char *op)
{
	for (size_t i = 0; i < m->ntimeseries; i++)
		if (m->timeseries[i].subject == subject && strcmp(m->timeseries[i].op, op) == 0)
			return &m->timeseries[i];
	return NULL;
}
