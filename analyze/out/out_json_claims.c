/* analyze/out/out_json_claims.c: see out_json_claims.h. */
#include "analyze/out/out_json_claims.h"

#include "analyze/out/out_json_stats.h"

static json_t *jstr(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

static json_t *claim_json(const struct aggregate *a, const struct claim *c, int *ok)
{
	json_t *o = json_object(), *subjects = json_array(), *reasons = json_array();
	json_t *figures = json_object();

	out_json_put(o, "id", json_string(c->id), ok);
	out_json_put(o, "kind", json_string(c->kind), ok);
	out_json_put(o, "verdict", json_string(c->verdict), ok);
	out_json_put(o, "op", jstr(c->op), ok);
	out_json_put(o, "size", c->size >= 0 ? json_integer(c->size) : json_null(), ok);
	out_json_put(o, "concurrency",
		     c->concurrency >= 0 ? json_integer(c->concurrency) : json_null(), ok);
	out_json_put(o, "subject",
		     c->subject >= 0 ? json_string(a->subjects[c->subject].id) : json_null(), ok);
	for (size_t i = 0; i < c->n_subjects; i++)
		out_json_add(subjects, json_string(a->subjects[c->subjects[i]].id), ok);
	out_json_put(o, "subjects", subjects, ok);
	for (size_t i = 0; i < c->n_reasons; i++)
		out_json_add(reasons, json_string(c->reasons[i]), ok);
	out_json_put(o, "reasons", reasons, ok);
	for (size_t i = 0; i < c->n_figures; i++) {
		const struct claim_figure *f = &c->figures[i];

		out_json_put(figures, f->name,
			     f->text ? json_string(f->text) : out_json_num(f->num), ok);
	}
	out_json_put(o, "figures", figures, ok);
	return o;
}

json_t *out_json_claims(const struct aggregate *a, const struct claim_list *l, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; l != NULL && i < l->n; i++)
		out_json_add(arr, claim_json(a, &l->v[i], ok), ok);
	return arr;
}
