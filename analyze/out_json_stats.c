/* analyze/out_json_stats.c: see out_json_stats.h. */
#include "analyze/out_json_stats.h"

#include <math.h>

#include "analyze/compare.h"

json_t *outj_num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

void outj_put(json_t *o, const char *k, json_t *v, int *ok)
{
	if (json_object_set_new(o, k, v) != 0)
		*ok = 0;
}

void outj_add(json_t *arr, json_t *v, int *ok)
{
	if (json_array_append_new(arr, v) != 0)
		*ok = 0;
}

/* interval: [lo, hi], or null when either end is missing. */
static json_t *interval(double lo, double hi, int *ok)
{
	json_t *arr;

	if (!isfinite(lo) || !isfinite(hi))
		return json_null();
	arr = json_array();
	outj_add(arr, json_real(lo), ok);
	outj_add(arr, json_real(hi), ok);
	return arr;
}

void outj_statistics(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *o = json_object();

	outj_put(o, "confidence", json_real(CMP_CONFIDENCE), ok);
	outj_put(o, "alpha", json_real(a->alpha), ok);
	outj_put(o, "adjust", json_string("holm"), ok);
	outj_put(o, "family", json_integer((json_int_t)a->family), ok);
	outj_put(o, "power", json_real(CMP_POWER), ok);
	outj_put(root, "statistics", o, ok);
}

void outj_stat_ci(json_t *o, const struct agg_stat *s, int *ok)
{
	outj_put(o, "ci95", interval(s->ci_lo, s->ci_hi, ok), ok);
	outj_put(o, "ci_method", s->ci_method ? json_string(s->ci_method) : json_null(), ok);
	outj_put(o, "ci_coverage", outj_num(s->ci_coverage), ok);
}

void outj_leader(json_t *o, const struct aggregate *a, const struct agg_leader *l, int *ok)
{
	json_t *tied = json_array();

	for (size_t i = 0; i < l->n_tied; i++)
		outj_add(tied, json_string(a->subjects[l->tied_with[i]].id), ok);
	outj_put(o, "status", json_string(leader_status_name(l->status)), ok);
	outj_put(o, "clear", json_boolean(l->status == LEADER_CLEAR), ok);
	outj_put(o, "tied_with", tied, ok);
	outj_put(o, "detectable_ratio", outj_num(l->detectable_ratio), ok);
}

void outj_leader_count(json_t *o, const struct agg_leader_count *c, int *ok)
{
	outj_put(o, "clear", json_integer((json_int_t)c->clear), ok);
	outj_put(o, "tied", json_integer((json_int_t)c->tied), ok);
}

static json_t *comparison(const struct aggregate *a, const struct agg_comparison *c, int *ok)
{
	json_t *o = json_object();
	const struct cmp_test *t = &c->t;

	outj_put(o, "op", json_string(c->op), ok);
	outj_put(o, "size", json_integer((json_int_t)c->size), ok);
	outj_put(o, "concurrency", json_integer(c->concurrency), ok);
	outj_put(o, "a", json_string(a->subjects[c->a].id), ok);
	outj_put(o, "b", json_string(a->subjects[c->b].id), ok);
	outj_put(o, "metric", json_string(c->by_obj ? "obj_s" : "mib_s"), ok);
	outj_put(o, "ratio", outj_num(t->ratio), ok);
	outj_put(o, "ci95", interval(t->lo, t->hi, ok), ok);
	outj_put(o, "p", outj_num(t->p), ok);
	outj_put(o, "p_adj", outj_num(c->p_adj), ok);
	outj_put(o, "test", t->test ? json_string(t->test) : json_null(), ok);
	outj_put(o, "pairs", json_integer((json_int_t)c->pairs), ok);
	outj_put(o, "n_a", json_integer((json_int_t)c->n_a), ok);
	outj_put(o, "n_b", json_integer((json_int_t)c->n_b), ok);
	outj_put(o, "significant", json_boolean(c->significant), ok);
	outj_put(o, "note", t->test ? json_null() : json_string("not enough runs"), ok);
	return o;
}

void outj_comparisons(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < a->n_comparisons; i++)
		outj_add(arr, comparison(a, &a->comparisons[i], ok), ok);
	outj_put(root, "comparisons", arr, ok);
}
