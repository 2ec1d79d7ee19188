/* core/results/results_vantage.c: see results_vantage.h. */
#include "core/results/results_vantage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

static json_t *cell_json(const struct results_vcell *c, const struct results_vantages *v,
			 const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, c->subject)), &ok);
	jwrite_put(o, "vantage", jwrite_str(v->names[c->vantage].name), &ok);
	jwrite_put(o, "op", jwrite_str(c->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)c->size), &ok);
	jwrite_put(o, "concurrency", json_integer(c->concurrency), &ok);
	jwrite_put(o, "n", json_integer((json_int_t)c->n), &ok);
	jwrite_put(o, "value", jnum_new(c->value), &ok);
	jwrite_put(o, "ci95", jwrite_pair(c->ci_lo, c->ci_hi), &ok);
	jwrite_put(o, "gmean", jnum_new(c->gmean), &ok);
	jwrite_put(o, "rank", c->rank > 0 ? json_integer(c->rank) : json_null(), &ok);
	return jwrite_done(o, ok);
}

static json_t *test_json(const struct results_vtest *t, const struct results *doc)
{
	json_t *o = json_object(), *fl = json_array();
	int ok = 1;

	jwrite_put(o, "op", jwrite_str(t->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)t->size), &ok);
	jwrite_put(o, "concurrency", json_integer(t->concurrency), &ok);
	jwrite_put(o, "headline", json_boolean(t->headline), &ok);
	jwrite_put(o, "subjects", json_integer((json_int_t)t->subjects), &ok);
	jwrite_put(o, "left_out", json_integer((json_int_t)t->left_out), &ok);
	jwrite_put(o, "runs", json_integer((json_int_t)t->runs), &ok);
	jwrite_put(o, "f", jnum_new(t->f), &ok);
	jwrite_put(o, "df1", jnum_new(t->df1), &ok);
	jwrite_put(o, "df2", jnum_new(t->df2), &ok);
	jwrite_put(o, "p", jnum_new(t->p), &ok);
	jwrite_put(o, "alpha", jnum_new(t->alpha), &ok);
	jwrite_put(o, "verdict", jwrite_str(t->verdict), &ok);
	jwrite_put(o, "pairs_reversed", json_integer((json_int_t)t->pairs_reversed), &ok);
	for (size_t i = 0; i < t->n_flagged; i++)
		jwrite_add(fl, jwrite_str(results_subject_id(doc, t->flagged[i])), &ok);
	jwrite_put(o, "flagged", fl, &ok);
	return jwrite_done(o, ok);
}

static json_t *lead_json(const struct results_vlead *l, const struct results_vantages *v,
			 const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "vantage", jwrite_str(v->names[l->vantage].name), &ok);
	jwrite_put(o, "op", jwrite_str(l->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)l->size), &ok);
	jwrite_put(o, "concurrency", json_integer(l->concurrency), &ok);
	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, l->subject)), &ok);
	jwrite_put(o, "status", jwrite_str(l->status), &ok);
	return jwrite_done(o, ok);
}

json_t *results_vantages_to_json(const struct results_vantages *v, const struct results *doc)
{
	json_t *o = json_object(), *names = json_array(), *cells = json_array(),
	       *tests = json_array(), *leads = json_array();
	int ok = 1;

	for (size_t i = 0; i < v->n; i++) {
		json_t *x = json_object();
		int xok = 1;

		jwrite_put(x, "name", jwrite_str(v->names[i].name), &xok);
		jwrite_put(x, "from", jwrite_str(v->names[i].from), &xok);
		jwrite_put(x, "dir", jwrite_str(v->names[i].dir), &xok);
		jwrite_add(names, jwrite_done(x, xok), &ok);
	}
	for (size_t i = 0; i < v->n_cells; i++)
		jwrite_add(cells, cell_json(&v->cells[i], v, doc), &ok);
	for (size_t i = 0; i < v->n_tests; i++)
		jwrite_add(tests, test_json(&v->tests[i], doc), &ok);
	jwrite_put(o, "names", names, &ok);
	jwrite_put(o, "cells", cells, &ok);
	jwrite_put(o, "interaction", tests, &ok);
	for (size_t i = 0; i < v->n_leads; i++)
		jwrite_add(leads, lead_json(&v->leads[i], v, doc), &ok);
	jwrite_put(o, "leads", leads, &ok);
	return jwrite_done(o, ok);
}

/* subject_of: member key of o, a subject id, as an index (-1 and the reader failed when it
 * is not one of subjects[]). */
static int subject_of(struct jread *r, const json_t *o, const char *where, const char *key)
{
	char *id = jread_str(r, o, where, key, 1);
	int s = id != NULL ? results_subject_find(r, id) : -1;

	if (id != NULL && s < 0)
		jread_bad_at(r, where, key, "expected a subject id of subjects[]");
	free(id);
	return s;
}

static int names_from(struct jread *r, const json_t *o, struct results_vantages *v)
{
	json_t *arr = jread_array(r, o, "vantages", "names", 1), *x;
	size_t i;

	if (arr == NULL || (v->names = jread_alloc(r, "vantages.names", json_array_size(arr),
						   sizeof(*v->names))) == NULL)
		return -1;
	json_array_foreach(arr, i, x) {
		char w[64];

		if (jread_element(r, "vantages.names", i, x, w, sizeof(w)) < 0)
			return -1;
		v->n = i + 1;
		v->names[i].name = jread_str(r, x, w, "name", 1);
		v->names[i].from = jread_str(r, x, w, "from", 1);
		v->names[i].dir = jread_str(r, x, w, "dir", 0);
	}
	return r->failed ? -1 : 0;
}

/* vantage_of: member "vantage" of o as an index of v's names. */
static int vantage_of(struct jread *r, const json_t *o, const char *where,
		      const struct results_vantages *v)
{
	char *name = jread_str(r, o, where, "vantage", 1);
	size_t k = 0;

	while (name != NULL && k < v->n && strcmp(v->names[k].name, name) != 0)
		k++;
	if (name != NULL && k == v->n)
		jread_bad_at(r, where, "vantage", "expected a name of vantages.names[]");
	free(name);
	return (int)k;
}

static int cells_from(struct jread *r, const json_t *o, struct results_vantages *v)
{
	json_t *arr = jread_array(r, o, "vantages", "cells", 1), *x;
	size_t i;

	if (arr == NULL || (v->cells = jread_alloc(r, "vantages.cells", json_array_size(arr),
						   sizeof(*v->cells))) == NULL)
		return -1;
	json_array_foreach(arr, i, x) {
		struct results_vcell *c = &v->cells[i];
		char w[64];

		if (jread_element(r, "vantages.cells", i, x, w, sizeof(w)) < 0)
			return -1;
		v->n_cells = i + 1;
		c->subject = subject_of(r, x, w, "subject");
		c->vantage = vantage_of(r, x, w, v);
		c->op = jread_str(r, x, w, "op", 1);
		c->size = (uint64_t)jread_int(r, x, w, "size", 1, 0);
		c->concurrency = (int)jread_int(r, x, w, "concurrency", 1, 0);
		c->n = jread_int(r, x, w, "n", 1, 0);
		c->value = jread_num(r, x, w, "value", 0);
		jread_pair(r, x, w, "ci95", &c->ci_lo, &c->ci_hi);
		c->gmean = jread_num(r, x, w, "gmean", 0);
		c->rank = (int)jread_int(r, x, w, "rank", 0, 0);
		if (r->failed)
			return -1;
	}
	return 0;
}

static int flagged_from(struct jread *r, const json_t *x, const char *w, struct results_vtest *t)
{
	json_t *arr = jread_array(r, x, w, "flagged", 1), *s;
	size_t i;

	if (arr == NULL ||
	    (t->flagged = jread_alloc(r, w, json_array_size(arr), sizeof(*t->flagged))) == NULL)
		return -1;
	json_array_foreach(arr, i, s) {
		int k = json_is_string(s) ? results_subject_find(r, json_string_value(s)) : -1;

		if (k < 0)
			return jread_bad_at(r, w, "flagged", "expected subject ids of subjects[]");
		t->flagged[t->n_flagged++] = k;
	}
	return 0;
}

static int tests_from(struct jread *r, const json_t *o, struct results_vantages *v)
{
	json_t *arr = jread_array(r, o, "vantages", "interaction", 1), *x;
	size_t i;

	if (arr == NULL || (v->tests = jread_alloc(r, "vantages.interaction", json_array_size(arr),
						   sizeof(*v->tests))) == NULL)
		return -1;
	json_array_foreach(arr, i, x) {
		struct results_vtest *t = &v->tests[i];
		char w[64];

		if (jread_element(r, "vantages.interaction", i, x, w, sizeof(w)) < 0)
			return -1;
		v->n_tests = i + 1;
		t->op = jread_str(r, x, w, "op", 1);
		t->size = (uint64_t)jread_int(r, x, w, "size", 1, 0);
		t->concurrency = (int)jread_int(r, x, w, "concurrency", 1, 0);
		t->headline = jread_bool(r, x, w, "headline", 1, 0);
		t->subjects = jread_int(r, x, w, "subjects", 1, 0);
		t->left_out = jread_int(r, x, w, "left_out", 1, 0);
		t->runs = jread_int(r, x, w, "runs", 1, 0);
		t->f = jread_num(r, x, w, "f", 0);
		t->df1 = jread_num(r, x, w, "df1", 0);
		t->df2 = jread_num(r, x, w, "df2", 0);
		t->p = jread_num(r, x, w, "p", 0);
		t->alpha = jread_num(r, x, w, "alpha", 0);
		t->verdict = jread_str(r, x, w, "verdict", 1);
		t->pairs_reversed = jread_int(r, x, w, "pairs_reversed", 1, 0);
		if (r->failed || flagged_from(r, x, w, t) < 0)
			return -1;
	}
	return 0;
}

static int leads_from(struct jread *r, const json_t *o, struct results_vantages *v)
{
	json_t *arr = jread_array(r, o, "vantages", "leads", 0), *x;
	size_t i;

	if (arr == NULL)
		return r->failed ? -1 : 0;
	if ((v->leads = jread_alloc(r, "vantages.leads", json_array_size(arr),
				    sizeof(*v->leads))) == NULL)
		return -1;
	json_array_foreach(arr, i, x) {
		struct results_vlead *l = &v->leads[i];
		char w[64];

		if (jread_element(r, "vantages.leads", i, x, w, sizeof(w)) < 0)
			return -1;
		v->n_leads = i + 1;
		l->vantage = vantage_of(r, x, w, v);
		l->op = jread_str(r, x, w, "op", 1);
		l->size = (uint64_t)jread_int(r, x, w, "size", 1, 0);
		l->concurrency = (int)jread_int(r, x, w, "concurrency", 1, 0);
		l->subject = subject_of(r, x, w, "subject");
		l->status = jread_str(r, x, w, "status", 1);
		if (r->failed)
			return -1;
	}
	return 0;
}

int results_vantages_from_json(struct jread *r, const json_t *o, struct results_vantages *v)
{
	memset(v, 0, sizeof(*v));
	if (names_from(r, o, v) < 0 || cells_from(r, o, v) < 0 || tests_from(r, o, v) < 0 ||
	    leads_from(r, o, v) < 0)
		return -1;
	return 0;
}

void results_vantages_free(struct results_vantages *v)
{
	for (size_t i = 0; v->names != NULL && i < v->n; i++) {
		free(v->names[i].name);
		free(v->names[i].from);
		free(v->names[i].dir);
	}
	for (size_t i = 0; v->cells != NULL && i < v->n_cells; i++)
		free(v->cells[i].op);
	for (size_t i = 0; v->tests != NULL && i < v->n_tests; i++) {
		free(v->tests[i].op);
		free(v->tests[i].verdict);
		free(v->tests[i].flagged);
	}
	for (size_t i = 0; v->leads != NULL && i < v->n_leads; i++) {
		free(v->leads[i].op);
		free(v->leads[i].status);
	}
	free(v->names);
	free(v->cells);
	free(v->tests);
	free(v->leads);
	memset(v, 0, sizeof(*v));
}
