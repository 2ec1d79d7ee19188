/* render/model/model_query.c: see model_query.h. */
#include "render/model/model_query.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/climit.h"

const struct results_cell *model_cell(const struct report_model *m, int subject, const char *op,
				      uint64_t size, int concurrency)
{
	for (size_t i = 0; i < m->doc.n_cells; i++) {
		const struct results_cell *c = &m->doc.cells[i];
		if (c->subject == subject && c->size == size && c->concurrency == concurrency &&
		    strcmp(c->op, op) == 0)
			return c;
	}
	return NULL;
}

const struct results_oneoff *model_oneoff(const struct report_model *m, int subject, const char *op)
{
	for (size_t i = 0; i < m->doc.n_ops; i++)
		if (m->doc.ops[i].subject == subject && strcmp(m->doc.ops[i].op, op) == 0)
			return &m->doc.ops[i];
	return NULL;
}

int model_has_oneoff(const struct report_model *m, const char *op)
{
	for (size_t i = 0; i < m->doc.n_ops; i++)
		if (strcmp(m->doc.ops[i].op, op) == 0)
			return 1;
	return 0;
}

const struct results_comparison *model_comparison(const struct report_model *m, const char *op,
						  uint64_t size, int concurrency, int a, int b,
						  int *swapped)
{
	return model_tail_comparison(m, op, size, concurrency, a, b, RESULTS_TAIL_NONE, swapped);
}

const struct results_comparison *model_tail_comparison(const struct report_model *m, const char *op,
						       uint64_t size, int concurrency, int a, int b,
						       enum results_tail tail, int *swapped)
{
	for (size_t i = 0; i < m->doc.n_comparisons; i++) {
		const struct results_comparison *c = &m->doc.comparisons[i];
		if (c->tail != tail || c->size != size || c->concurrency != concurrency ||
		    strcmp(c->op, op) != 0)
			continue;
		if ((c->a == a && c->b == b) || (c->a == b && c->b == a)) {
			*swapped = c->a != a;
			return c;
		}
	}
	return NULL;
}

const struct results_plan_op *model_plan(const struct report_model *m, const char *op)
{
	for (size_t i = 0; m->doc.planner != NULL && i < m->doc.planner->n_ops; i++)
		if (strcmp(m->doc.planner->ops[i].op, op) == 0)
			return &m->doc.planner->ops[i];
	return NULL;
}

const char *model_size_label(const struct report_model *m, uint64_t size)
{
	const char *const *labels = (const char *const *)m->doc.matrix.size_labels;

	for (size_t i = 0; labels != NULL && i < m->nsizes; i++)
		if (m->sizes[i] == size)
			return labels[i] != NULL && *labels[i] ? labels[i] : NULL;
	return NULL;
}

int model_measured(const struct report_model *m, const char *op, uint64_t size, int conc)
{
	for (size_t s = 0; s < m->nsubjects; s++) {
		const struct results_cell *c = model_cell(m, (int)s, op, size, conc);
		if (c && (c->n_runs || c->n))
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

int model_no_run_read(const struct report_model *m, size_t s)
{
	for (size_t i = 0; i < m->doc.n_runs; i++)
		if (m->doc.runs[i].subject == (int)s)
			return 0;
	return 1;
}

size_t model_kept_as(const struct report_model *m)
{
	size_t n = 0;

	for (size_t i = 0; i < m->doc.n_runs; i++)
		n += m->doc.runs[i].kept_as != NULL;
	return n;
}

double model_figure(const struct results_cell *c)
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

const struct results_series *model_timeseries(const struct report_model *m, int subject,
					      const char *op)
{
	for (size_t i = 0; i < m->doc.n_timeseries; i++)
		if (m->doc.timeseries[i].subject == subject &&
		    strcmp(m->doc.timeseries[i].op, op) == 0)
			return &m->doc.timeseries[i];
	return NULL;
}

int model_pooled(const struct results_cell *c)
{
	return c->latency_ms.pooled.source != RESULTS_POOL_NONE;
}

const char *model_reasons(unsigned reasons, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < CLIMIT_R_COUNT; i++) {
		const char *s = climit_reason_name(1u << i);

		if ((reasons & (1u << i)) && len + strlen(s) + 2 < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "", s);
	}
	return buf;
}
