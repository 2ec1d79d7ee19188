/* core/results/results_cost.c: see results_cost.h. */
#include "core/results/results_cost.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jwrite.h"
#include "core/results/results.h"

json_t *results_cost_to_json(const struct results_cost *c)
{
	return c->present ? cost_to_json(&c->parts, c->currency) : json_null();
}

int results_cost_from_json(struct jread *r, const json_t *o, const char *where,
			   struct results_cost *c)
{
	memset(c, 0, sizeof(*c));
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, where, "expected an object or null");
	c->present = 1;
	return cost_from_json(r, o, where, &c->parts, &c->currency);
}

void results_cost_free(struct results_cost *c)
{
	free(c->currency);
}

/* allowance_json: free_allowance (every figure a real: a missing one fails the file). */
static json_t *allowance_json(const struct results_free_allowance *f)
{
	json_t *o, *months = json_array();
	int ok = 1;

	for (size_t i = 0; i < f->n_months; i++) {
		const struct results_free_month *m = &f->months[i];

		jwrite_add(months,
			   json_pack("{s:s?, s:f, s:f, s:f}", "month", m->month, "egress_gb",
				     m->egress_gb, "free_gb", m->free_gb, "saved", m->saved),
			   &ok);
	}
	o = json_pack("{s:f, s:f, s:f, s:f, s:f}", "total", f->total, "requests", f->requests,
		      "egress", f->egress, "storage", f->storage, "saved", f->saved);
	jwrite_put(o, "months", months, &ok);
	return jwrite_done(o, ok);
}

json_t *results_subject_cost_to_json(const struct results_subject_cost *c,
				     const struct results *doc)
{
	json_t *o = results_cost_to_json(&c->bill), *sizes = json_array(), *x;
	int ok = json_is_object(o);

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, c->subject)), &ok);
	jwrite_put(o, "runs_priced", json_integer((json_int_t)c->runs_priced), &ok);
	jwrite_put(o, "runs_unpriced", json_integer((json_int_t)c->runs_unpriced), &ok);
	jwrite_put(o, "billed", json_string(c->logged_only ? "logged_requests" : "all_phases"),
		   &ok);
	jwrite_put(o, "billing", bill_to_json(&c->billing), &ok);
	jwrite_put(o, "free_allowance",
		   c->free_allowance != NULL ? allowance_json(c->free_allowance) : json_null(),
		   &ok);
	jwrite_put(o, "prices", price_to_json(&c->prices), &ok);
	jwrite_put(o, "price_date", jwrite_str(c->price_date), &ok);
	for (size_t i = 0; i < c->n_read_1tb; i++)
		jwrite_add(sizes,
			   json_pack("{s:I, s:f}", "size", (json_int_t)c->read_1tb[i].size, "cost",
				     c->read_1tb[i].cost),
			   &ok);
	jwrite_put(o, "read_1tb", sizes, &ok);
	jwrite_put(o, "million_requests", json_real(c->million_requests), &ok);
	x = c->example != NULL ? results_cost_to_json(c->example) : json_null();
	if (c->example != NULL)
		jwrite_put(x, "spec", jwrite_str(c->example_spec), &ok);
	jwrite_put(o, "example", x, &ok);
	return jwrite_done(o, ok);
}

/* optional: o.key when a number, else 0 (files older than the member). */
static double optional(struct jread *r, const json_t *o, const char *where, const char *key)
{
	double x = jread_num(r, o, where, key, 0);

	return isnan(x) ? 0 : x;
}

/* allowance_from: cost[].free_allowance (null: none). */
static int allowance_from(struct jread *r, const json_t *o, const char *where,
			  struct results_subject_cost *c)
{
	struct results_free_allowance *f;
	char w[160], at[176], wm[192];
	json_t *a, *m;
	size_t i;

	snprintf(w, sizeof(w), "%s.free_allowance", where);
	if ((o = jread_object(r, o, where, "free_allowance", 0)) == NULL)
		return r->failed ? -1 : 0;
	if ((f = c->free_allowance = jread_alloc(r, w, 0, sizeof(*f))) == NULL)
		return -1;
	f->total = jread_num(r, o, w, "total", 1);
	f->requests = optional(r, o, w, "requests");
	f->egress = jread_num(r, o, w, "egress", 1);
	f->storage = optional(r, o, w, "storage");
	f->saved = jread_num(r, o, w, "saved", 1);
	a = jread_array(r, o, w, "months", 0);
	if ((f->months = jread_alloc(r, w, json_array_size(a), sizeof(*f->months))) == NULL)
		return -1;
	json_array_foreach(a, i, m) {
		struct results_free_month *x = &f->months[i];

		snprintf(at, sizeof(at), "%s.months", w);
		if (jread_element(r, at, i, m, wm, sizeof(wm)) < 0)
			return -1;
		f->n_months = i + 1;
		x->month = jread_str(r, m, wm, "month", 0);
		x->egress_gb = jread_num(r, m, wm, "egress_gb", 1);
		x->free_gb = jread_num(r, m, wm, "free_gb", 1);
		x->saved = jread_num(r, m, wm, "saved", 1);
	}
	return r->failed ? -1 : 0;
}

/* parts_from: price-performance: read_1tb[] and the example (null: none). */
static int parts_from(struct jread *r, const json_t *o, const char *where,
		      struct results_subject_cost *c)
{
	char w[160];
	json_t *a, *x;
	size_t i;

	a = jread_array(r, o, where, "read_1tb", 0);
	snprintf(w, sizeof(w), "%s.read_1tb", where);
	if ((c->read_1tb = jread_alloc(r, w, json_array_size(a), sizeof(*c->read_1tb))) == NULL)
		return -1;
	json_array_foreach(a, i, x) {
		char e[192];

		if (jread_element(r, w, i, x, e, sizeof(e)) < 0)
			return -1;
		c->n_read_1tb = i + 1;
		c->read_1tb[i].size = (uint64_t)jread_int(r, x, e, "size", 1, 0);
		c->read_1tb[i].cost = jread_num(r, x, e, "cost", 1);
	}
	c->million_requests = jread_num(r, o, where, "million_requests", 0);
	snprintf(w, sizeof(w), "%s.example", where);
	if ((x = jread_object(r, o, where, "example", 0)) == NULL)
		return r->failed ? -1 : 0;
	if ((c->example = jread_alloc(r, w, 0, sizeof(*c->example))) == NULL)
		return -1;
	results_cost_from_json(r, x, w, c->example);
	c->example_spec = jread_str(r, x, w, "spec", 0);
	return r->failed ? -1 : 0;
}

int results_subject_cost_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_subject_cost *c)
{
	struct err pe = {{0}};
	char *s;

	memset(c, 0, sizeof(*c));
	price_init(&c->prices);
	if (results_cost_from_json(r, o, where, &c->bill) < 0)
		return -1;
	c->subject = results_subject_ref(r, o, where, "subject");
	c->runs_priced = jread_int(r, o, where, "runs_priced", 0, 0);
	c->runs_unpriced = jread_int(r, o, where, "runs_unpriced", 0, 0);
	s = jread_str(r, o, where, "billed", 0);
	c->logged_only = s != NULL && strcmp(s, "logged_requests") == 0;
	free(s);
	if (r->failed)
		return -1;
	if (json_object_get(o, "billing") != NULL &&
	    bill_from_json(json_object_get(o, "billing"), &c->billing, &pe) < 0)
		return jread_bad(r, where, pe.msg);
	if (json_object_get(o, "prices") != NULL &&
	    price_from_json(json_object_get(o, "prices"), &c->prices, &pe) < 0)
		return jread_bad(r, where, pe.msg);
	c->price_date = jread_str(r, o, where, "price_date", 0);
	if (allowance_from(r, o, where, c) < 0)
		return -1;
	return parts_from(r, o, where, c);
}

void results_subject_cost_free(struct results_subject_cost *c)
{
	results_cost_free(&c->bill);
	if (c->free_allowance != NULL) {
		for (size_t i = 0; i < c->free_allowance->n_months; i++)
			free(c->free_allowance->months[i].month);
		free(c->free_allowance->months);
		free(c->free_allowance);
	}
	free(c->price_date);
	free(c->read_1tb);
	if (c->example != NULL)
		results_cost_free(c->example);
	free(c->example);
	free(c->example_spec);
}
