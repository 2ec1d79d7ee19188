/* analyze/out/out_vantage.c: aggregate.json vantages{} (core/results/results_vantage.h) from
 * analyze/cells/vantage.h's cells and tests (see out_results.h). */
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/vantage.h"
#include "analyze/out/out_results.h"

static void cells(const struct vantage_set *v, struct results_vantages *x, int *ok)
{
	if ((x->cells = calloc(v->n_cells + 1, sizeof(*x->cells))) == NULL) {
		*ok = 0;
		return;
	}
	for (size_t i = 0; i < v->n_cells; i++) {
		const struct vantage_cell *c = &v->cells[i];
		struct results_vcell *y = &x->cells[i];

		x->n_cells = i + 1;
		y->subject = (int)c->subject;
		y->vantage = (int)c->vantage;
		y->op = out_dup(c->op, ok);
		y->size = c->size;
		y->concurrency = c->concurrency;
		y->n = (long long)c->n;
		y->value = c->value;
		y->ci_lo = c->ci_lo;
		y->ci_hi = c->ci_hi;
		y->gmean = c->gmean;
		y->rank = c->rank;
	}
}

static void tests(const struct vantage_set *v, struct results_vantages *x, int *ok)
{
	if ((x->tests = calloc(v->n_tests + 1, sizeof(*x->tests))) == NULL) {
		*ok = 0;
		return;
	}
	for (size_t i = 0; i < v->n_tests; i++) {
		const struct vantage_test *t = &v->tests[i];
		struct results_vtest *y = &x->tests[i];

		x->n_tests = i + 1;
		y->op = out_dup(t->op, ok);
		y->size = t->size;
		y->concurrency = t->concurrency;
		y->headline = t->headline;
		y->subjects = (long long)t->subjects;
		y->left_out = (long long)t->left_out;
		y->runs = (long long)t->runs;
		y->pairs_reversed = (long long)t->pairs_reversed;
		y->f = t->f;
		y->df1 = t->df1;
		y->df2 = t->df2;
		y->p = t->p;
		y->alpha = t->alpha;
		y->verdict = out_dup(vantage_verdict_name(t->verdict), ok);
		if (t->n_flagged > 0 &&
		    (y->flagged = calloc(t->n_flagged, sizeof(*y->flagged))) == NULL)
			*ok = 0;
		for (size_t k = 0; y->flagged != NULL && k < t->n_flagged; k++)
			y->flagged[y->n_flagged++] = (int)t->flagged[k];
	}
}

static void leads(const struct vantage_set *v, struct results_vantages *x, int *ok)
{
	if ((x->leads = calloc(v->n_leads + 1, sizeof(*x->leads))) == NULL) {
		*ok = 0;
		return;
	}
	for (size_t i = 0; i < v->n_leads; i++) {
		const struct vantage_lead *l = &v->leads[i];
		struct results_vlead *y = &x->leads[i];

		x->n_leads = i + 1;
		y->vantage = (int)l->vantage;
		y->subject = (int)l->subject;
		y->op = out_dup(l->op, ok);
		y->size = l->size;
		y->concurrency = l->concurrency;
		y->status = out_dup(l->status, ok);
	}
}

void out_vantages(const struct vantage_set *v, struct results *doc, int *ok)
{
	struct results_vantages *x;

	if (v == NULL || v->n < 2)
		return;
	if ((x = calloc(1, sizeof(*x))) == NULL ||
	    (x->names = calloc(v->n, sizeof(*x->names))) == NULL) {
		free(x);
		*ok = 0;
		return;
	}
	doc->vantages = x;
	for (size_t k = 0; k < v->n; k++) {
		x->n = k + 1;
		x->names[k].name = out_dup(v->names[k], ok);
		x->names[k].from = out_dup(v->from[k], ok);
		x->names[k].dir = out_dup(v->dirs[k], ok);
	}
	cells(v, x, ok);
	tests(v, x, ok);
	leads(v, x, ok);
}
