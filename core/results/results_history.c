/* core/results/results_history.c: see results_history.h. */
#include "core/results/results_history.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"

json_t *results_cell_key_to_json(const struct results_cell_key *k)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(k->subject), &ok);
	jwrite_put(o, "op", jwrite_str(k->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)k->size), &ok);
	jwrite_put(o, "concurrency", json_integer(k->concurrency), &ok);
	return jwrite_done(o, ok);
}

int results_cell_key_from_json(struct jread *r, const json_t *o, const char *where,
			       struct results_cell_key *k)
{
	k->subject = jread_str(r, o, where, "subject", 0);
	k->op = jread_str(r, o, where, "op", 0);
	k->size = (uint64_t)jread_int(r, o, where, "size", 0, 0);
	k->concurrency = (int)jread_int(r, o, where, "concurrency", 0, 0);
	return r->failed ? -1 : 0;
}

void results_cell_key_free(struct results_cell_key *k)
{
	free(k->subject);
	free(k->op);
}

static json_t *latency_json(const struct results_change *c)
{
	const struct results_latency_change *v[] = {&c->p50, &c->p99};
	static const char *const names[] = {"p50", "p99"};
	json_t *j;
	int ok = 1;

	if (c->latency_basis == NULL)
		return json_null();
	j = json_object();
	jwrite_put(j, "basis", json_string(c->latency_basis), &ok);
	for (size_t k = 0; k < 2; k++) {
		json_t *f = json_object();

		jwrite_put(f, "old", jnum_new(v[k]->old), &ok);
		jwrite_put(f, "new", jnum_new(v[k]->new_), &ok);
		jwrite_put(f, "ratio", jnum_new(v[k]->ratio), &ok);
		jwrite_put(j, names[k], f, &ok);
	}
	return jwrite_done(j, ok);
}

json_t *results_change_to_json(const struct results_change *c)
{
	json_t *o = results_cell_key_to_json(&c->key);
	int ok = o != NULL;

	jwrite_put(o, "metric", json_string(c->by_obj ? "obj_s" : "mib_s"), &ok);
	jwrite_put(o, "old", jnum_new(c->old), &ok);
	jwrite_put(o, "new", jnum_new(c->new_), &ok);
	jwrite_put(o, "n_old", json_integer((json_int_t)c->n_old), &ok);
	jwrite_put(o, "n_new", json_integer((json_int_t)c->n_new), &ok);
	jwrite_put(o, "ratio", jnum_new(c->ratio), &ok);
	jwrite_put(o, "ci95", jwrite_pair(c->ci_lo, c->ci_hi), &ok);
	jwrite_put(o, "ci_adj", jwrite_pair(c->adj_lo, c->adj_hi), &ok);
	jwrite_put(o, "ci_adj_level", jnum_new(c->adj_level), &ok);
	jwrite_put(o, "p", jnum_new(c->p), &ok);
	jwrite_put(o, "p_adj", jnum_new(c->p_adj), &ok);
	jwrite_put(o, "test", jwrite_str(c->test), &ok);
	jwrite_put(o, "significant", json_boolean(c->significant), &ok);
	jwrite_put(o, "change", jwrite_str(c->change), &ok);
	jwrite_put(o, "note", jwrite_str(c->note), &ok);
	jwrite_put(o, "latency_ms", latency_json(c), &ok);
	return jwrite_done(o, ok);
}

static void latency_from(struct jread *r, const json_t *o, const char *where,
			 struct results_change *c)
{
	struct results_latency_change *v[] = {&c->p50, &c->p99};
	static const char *const names[] = {"p50", "p99"};
	char w[160], f[192];
	json_t *lat;

	c->p50.old = c->p50.new_ = c->p50.ratio = NAN;
	c->p99 = c->p50;
	if ((lat = jread_object(r, o, where, "latency_ms", 0)) == NULL)
		return;
	jread_path(where, "latency_ms", w, sizeof(w));
	c->latency_basis = jread_str(r, lat, w, "basis", 1);
	for (size_t k = 0; k < 2; k++) {
		json_t *x = jread_object(r, lat, w, names[k], 0);

		jread_path(w, names[k], f, sizeof(f));
		v[k]->old = jread_num(r, x, f, "old", 0);
		v[k]->new_ = jread_num(r, x, f, "new", 0);
		v[k]->ratio = jread_num(r, x, f, "ratio", 0);
	}
}

int results_change_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_change *c)
{
	char *m;

	memset(c, 0, sizeof(*c));
	results_cell_key_from_json(r, o, where, &c->key);
	m = jread_str(r, o, where, "metric", 0);
	c->by_obj = m != NULL && strcmp(m, "obj_s") == 0;
	free(m);
	c->old = jread_num(r, o, where, "old", 0);
	c->new_ = jread_num(r, o, where, "new", 0);
	c->n_old = jread_int(r, o, where, "n_old", 0, 0);
	c->n_new = jread_int(r, o, where, "n_new", 0, 0);
	c->ratio = jread_num(r, o, where, "ratio", 0);
	jread_pair(r, o, where, "ci95", &c->ci_lo, &c->ci_hi);
	jread_pair(r, o, where, "ci_adj", &c->adj_lo, &c->adj_hi);
	if (json_object_get(o, "ci_adj") == NULL) { /* written before ci_adj */
		c->adj_lo = c->ci_lo;
		c->adj_hi = c->ci_hi;
	}
	c->adj_level = jread_num(r, o, where, "ci_adj_level", 0);
	c->p = jread_num(r, o, where, "p", 0);
	c->p_adj = jread_num(r, o, where, "p_adj", 0);
	c->test = jread_str(r, o, where, "test", 0);
	c->significant = jread_bool(r, o, where, "significant", 0, 0);
	c->change = jread_str(r, o, where, "change", 0);
	c->note = jread_str(r, o, where, "note", 0);
	latency_from(r, o, where, c);
	return r->failed ? -1 : 0;
}

void results_change_free(struct results_change *c)
{
	results_cell_key_free(&c->key);
	free(c->test);
	free(c->change);
	free(c->note);
	free(c->latency_basis);
}

static json_t *keys_json(const struct results_cell_key *k, size_t n)
{
	json_t *a = json_array();
	int ok = 1;

	for (size_t i = 0; i < n; i++)
		jwrite_add(a, results_cell_key_to_json(&k[i]), &ok);
	return jwrite_done(a, ok);
}

json_t *results_baseline_to_json(const struct results_baseline *b)
{
	json_t *o = json_object(), *cells = json_array();
	int ok = 1;

	jwrite_put(o, "source", jwrite_str(b->source), &ok);
	jwrite_put(o, "generated", jwrite_str(b->generated), &ok);
	jwrite_put(o, "campaign", jwrite_str(b->campaign), &ok);
	jwrite_put(o, "test", jwrite_str(b->test), &ok);
	jwrite_put(o, "scale", jwrite_str(b->scale), &ok);
	jwrite_put(o, "confidence", jnum_new(b->confidence), &ok);
	jwrite_put(o, "alpha", jnum_new(b->alpha), &ok);
	jwrite_put(o, "adjust", jwrite_str(b->adjust), &ok);
	jwrite_put(o, "family", json_integer((json_int_t)b->family), &ok);
	for (size_t i = 0; i < b->n_cells; i++)
		jwrite_add(cells, results_change_to_json(&b->cells[i]), &ok);
	jwrite_put(o, "cells", cells, &ok);
	jwrite_put(o, "significant", json_integer((json_int_t)b->significant), &ok);
	jwrite_put(o, "only_new", keys_json(b->only_new, b->n_only_new), &ok);
	jwrite_put(o, "only_old", keys_json(b->only_old, b->n_only_old), &ok);
	return jwrite_done(o, ok);
}

/* keys_from: the array key of cell keys (absent: none). */
static int keys_from(struct jread *r, const json_t *o, const char *key, struct results_cell_key **k,
		     size_t *n)
{
	json_t *a = jread_array(r, o, "baseline", key, 0), *v;
	char at[64], w[96];
	size_t i;

	snprintf(at, sizeof(at), "baseline.%s", key);
	if (r->failed || (*k = jread_alloc(r, at, json_array_size(a), sizeof(**k))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(r, at, i, v, w, sizeof(w)) < 0)
			return -1;
		*n = i + 1;
		if (results_cell_key_from_json(r, v, w, &(*k)[i]) < 0)
			return -1;
	}
	return 0;
}

int results_baseline_from_json(struct jread *r, const json_t *o, struct results_baseline *b)
{
	static const char *const w = "baseline";
	json_t *a, *v;
	char e[64];
	size_t i;

	memset(b, 0, sizeof(*b));
	b->source = jread_str(r, o, w, "source", 0);
	b->generated = jread_str(r, o, w, "generated", 0);
	b->campaign = jread_str(r, o, w, "campaign", 0);
	b->test = jread_str(r, o, w, "test", 0);
	b->scale = jread_str(r, o, w, "scale", 0);
	b->confidence = jread_num(r, o, w, "confidence", 0);
	b->alpha = jread_num(r, o, w, "alpha", 0);
	b->adjust = jread_str(r, o, w, "adjust", 0);
	b->family = jread_int(r, o, w, "family", 0, 0);
	b->significant = jread_int(r, o, w, "significant", 0, 0);
	a = jread_array(r, o, w, "cells", 0);
	if (r->failed || (b->cells = jread_alloc(r, "baseline.cells", json_array_size(a),
						 sizeof(*b->cells))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(r, "baseline.cells", i, v, e, sizeof(e)) < 0)
			return -1;
		b->n_cells = i + 1;
		if (results_change_from_json(r, v, e, &b->cells[i]) < 0)
			return -1;
	}
	if (keys_from(r, o, "only_new", &b->only_new, &b->n_only_new) < 0)
		return -1;
	return keys_from(r, o, "only_old", &b->only_old, &b->n_only_old);
}

void results_baseline_free(struct results_baseline *b)
{
	for (size_t i = 0; i < b->n_cells; i++)
		results_change_free(&b->cells[i]);
	for (size_t i = 0; i < b->n_only_new; i++)
		results_cell_key_free(&b->only_new[i]);
	for (size_t i = 0; i < b->n_only_old; i++)
		results_cell_key_free(&b->only_old[i]);
	free(b->cells);
	free(b->only_new);
	free(b->only_old);
	free(b->source);
	free(b->generated);
	free(b->campaign);
	free(b->test);
	free(b->scale);
	free(b->adjust);
}
