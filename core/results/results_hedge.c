/* core/results/results_hedge.c: see results_hedge.h. */
#include "core/results/results_hedge.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

static json_t *at_json(const struct results_hedge_at *a)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "threshold", jwrite_str(a->threshold), &ok);
	jwrite_put(o, "threshold_ms", jnum_new(a->t_ms), &ok);
	jwrite_put(o, "p99_ms", jnum_new(a->p99_ms), &ok);
	jwrite_put(o, "p999_ms", jnum_new(a->p999_ms), &ok);
	jwrite_put(o, "extra", jnum_new(a->extra), &ok);
	return jwrite_done(o, ok);
}

static void at_from(struct jread *r, const json_t *o, const char *where, struct results_hedge_at *a)
{
	a->threshold = jread_str(r, o, where, "threshold", 1);
	a->t_ms = jread_num(r, o, where, "threshold_ms", 1);
	a->p99_ms = jread_num(r, o, where, "p99_ms", 0);
	a->p999_ms = jread_num(r, o, where, "p999_ms", 0);
	a->extra = jread_num(r, o, where, "extra", 0);
}

static json_t *live_json(const struct results_hedge_live *l)
{
	json_t *o;
	int ok = 1;

	if (l == NULL)
		return json_null();
	o = json_object();
	jwrite_put(o, "threshold_ms", jnum_new(l->threshold_ms), &ok);
	jwrite_put(o, "hedged", json_integer((json_int_t)l->hedged), &ok);
	jwrite_put(o, "won_by_duplicate", json_integer((json_int_t)l->won_by_duplicate), &ok);
	jwrite_put(o, "extra", jnum_new(l->extra), &ok);
	jwrite_put(o, "whatif", l->whatif != NULL ? at_json(l->whatif) : json_null(), &ok);
	return jwrite_done(o, ok);
}

/* live_from: o.live (absent or null: NULL). */
static void live_from(struct jread *r, const json_t *o, const char *where, struct results_hedge *h)
{
	char w[160], ww[200];
	json_t *l = jread_object(r, o, where, "live", 0), *wi;

	jread_path(where, "live", w, sizeof(w));
	if (l == NULL || (h->live = jread_alloc(r, w, 1, sizeof(*h->live))) == NULL)
		return;
	h->live->threshold_ms = jread_num(r, l, w, "threshold_ms", 0);
	h->live->hedged = (uint64_t)jread_int(r, l, w, "hedged", 1, 0);
	h->live->won_by_duplicate = (uint64_t)jread_int(r, l, w, "won_by_duplicate", 1, 0);
	h->live->extra = jread_num(r, l, w, "extra", 0);
	jread_path(w, "whatif", ww, sizeof(ww));
	if ((wi = jread_object(r, l, w, "whatif", 0)) == NULL ||
	    (h->live->whatif = jread_alloc(r, ww, 1, sizeof(*h->live->whatif))) == NULL)
		return;
	at_from(r, wi, ww, h->live->whatif);
}

json_t *results_hedge_to_json(const struct results_hedge *h, const struct results *doc)
{
	json_t *o = json_object(), *at = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, h->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(h->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)h->size), &ok);
	jwrite_put(o, "concurrency", json_integer(h->concurrency), &ok);
	jwrite_put(o, "size_spec", jwrite_str(h->size_spec), &ok);
	jwrite_put(o, "range", jwrite_str(h->range), &ok);
	jwrite_put(o, "rate", jnum_new(h->rate), &ok);
	jwrite_put(o, "hedge", jwrite_str(h->hedge), &ok);
	jwrite_put(o, "requests", json_integer((json_int_t)h->requests), &ok);
	jwrite_put(o, "p99_supported", json_boolean(h->p99_supported), &ok);
	jwrite_put(o, "p999_supported", json_boolean(h->p999_supported), &ok);
	jwrite_put(o, "p50_ms", jnum_new(h->p50_ms), &ok);
	jwrite_put(o, "p95_ms", jnum_new(h->p95_ms), &ok);
	jwrite_put(o, "p99_ms", jnum_new(h->p99_ms), &ok);
	jwrite_put(o, "p999_ms", jnum_new(h->p999_ms), &ok);
	jwrite_put(o, "new_connections", json_integer((json_int_t)h->new_connections), &ok);
	jwrite_put(o, "new_connection_ms", jnum_new(h->new_connection_ms), &ok);
	for (size_t i = 0; i < h->n_at; i++)
		jwrite_add(at, at_json(&h->at[i]), &ok);
	jwrite_put(o, "at", at, &ok);
	jwrite_put(o, "live", live_json(h->live), &ok);
	return jwrite_done(o, ok);
}

int results_hedge_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_hedge *h)
{
	json_t *at, *v;
	char w[160], f[160];
	size_t i;

	memset(h, 0, sizeof(*h));
	h->subject = results_subject_ref(r, o, where, "subject");
	h->op = jread_str(r, o, where, "op", 1);
	h->size = (uint64_t)jread_int(r, o, where, "size", 1, 0);
	h->concurrency = (int)jread_int(r, o, where, "concurrency", 1, 0);
	h->size_spec = jread_str(r, o, where, "size_spec", 0);
	h->range = jread_str(r, o, where, "range", 0);
	h->rate = jread_num(r, o, where, "rate", 0);
	h->hedge = jread_str(r, o, where, "hedge", 0);
	h->requests = (uint64_t)jread_int(r, o, where, "requests", 1, 0);
	h->p99_supported = jread_bool(r, o, where, "p99_supported", 1, 0);
	h->p999_supported = jread_bool(r, o, where, "p999_supported", 1, 0);
	h->p50_ms = jread_num(r, o, where, "p50_ms", 0);
	h->p95_ms = jread_num(r, o, where, "p95_ms", 0);
	h->p99_ms = jread_num(r, o, where, "p99_ms", 0);
	h->p999_ms = jread_num(r, o, where, "p999_ms", 0);
	h->new_connections = jread_int(r, o, where, "new_connections", 0, 0);
	h->new_connection_ms = jread_num(r, o, where, "new_connection_ms", 0);
	if ((at = jread_array(r, o, where, "at", 1)) == NULL || r->failed)
		return -1;
	jread_path(where, "at", f, sizeof(f));
	if ((h->at = jread_alloc(r, f, json_array_size(at), sizeof(*h->at))) == NULL)
		return -1;
	json_array_foreach(at, i, v) {
		if (jread_element(r, f, i, v, w, sizeof(w)) < 0)
			return -1;
		h->n_at = i + 1;
		at_from(r, v, w, &h->at[i]);
	}
	live_from(r, o, where, h);
	return r->failed ? -1 : 0;
}

void results_hedge_free(struct results_hedge *h)
{
	free(h->op);
	free(h->size_spec);
	free(h->range);
	free(h->hedge);
	for (size_t i = 0; i < h->n_at; i++)
		free(h->at[i].threshold);
	free(h->at);
	if (h->live != NULL && h->live->whatif != NULL)
		free(h->live->whatif->threshold);
	if (h->live != NULL)
		free(h->live->whatif);
	free(h->live);
}
