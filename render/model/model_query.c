/* render/model/model_query.c: see model_query.h. */
#include "render/model/model_query.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

int model_load_size_labels(struct report_model *m, json_t *root, const char *file, struct err *e)
{
	json_t *a = json_object_get(json_object_get(root, "matrix"), "size_labels"), *v;
	size_t k;
	if (a == NULL || json_is_null(a))
		return 0;
	if (!json_is_array(a) || json_array_size(a) != m->nsizes)
		return err_set(e,
			       "%s: matrix.size_labels: expected an array as long as "
			       "matrix.sizes",
			       file);
	if ((m->size_labels = calloc(m->nsizes + 1, sizeof(*m->size_labels))) == NULL)
		return err_set(e, "%s: matrix.size_labels: out of memory", file);
	json_array_foreach(a, k, v) {
		if (json_is_null(v) || (json_is_string(v) && !*json_string_value(v)))
			continue;
		if (!json_is_string(v))
			return err_set(e, "%s: matrix.size_labels[%zu]: expected a string or null",
				       file, k);
		if ((m->size_labels[k] = strdup(json_string_value(v))) == NULL)
			return err_set(e, "%s: matrix.size_labels: out of memory", file);
	}
	return 0;
}

void model_free_size_labels(struct report_model *m)
{
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
	return c == NULL ? NAN : c->size == 0 ? c->obj_s.value : c->mib_s.value;
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

const struct rm_series *model_timeseries(const struct report_model *m, int subject, const char *op)
{
	for (size_t i = 0; i < m->ntimeseries; i++)
		if (m->timeseries[i].subject == subject && strcmp(m->timeseries[i].op, op) == 0)
			return &m->timeseries[i];
	return NULL;
}
