/* analyze/out_json_stats.c: see out_json_stats.h. */
#include "analyze/out_json_stats.h"

#include <math.h>

#include "analyze/compare.h"

static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static void put(json_t *o, const char *k, json_t *v, int *ok)
{
	if (json_object_set_new(o, k, v) != 0)
		*ok = 0;
}

static void add(json_t *arr, json_t *v, int *ok)
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
	add(arr, json_real(lo), ok);
	add(arr, json_real(hi), ok);
	return arr;
}

void outj_statistics(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *o = json_object();

	put(o, "confidence", json_real(CMP_CONFIDENCE), ok);
	put(o, "alpha", json_real(a->alpha), ok);
	put(o, "adjust", json_string("holm"), ok);
	put(o, "family", json_integer((json_int_t)a->family), ok);
	put(o, "power", json_real(CMP_POWER), ok);
	put(root, "statistics", o, ok);
}

void outj_stat_ci(json_t *o, const struct agg_stat *s, int *ok)
{
	put(o, "ci95", interval(s->ci_lo, s->ci_hi, ok), ok);
	put(o, "ci_method", s->ci_method ? json_string(s->ci_method) : json_null(), ok);
	put(o, "ci_coverage", jnum(s->ci_coverage), ok);
}

void outj_leader(json_t *o, const struct aggregate *a, const struct agg_leader *l, int *ok)
{
	json_t *tied = json_array();

	for (size_t i = 0; i < l->n_tied; i++)
		add(tied, json_string(a->subjects[l->tied_with[i]].id), ok);
	put(o, "status", json_string(leader_status_name(l->status)), ok);
	put(o, "clear", json_boolean(l->status == LEADER_CLEAR), ok);
	put(o, "tied_with", tied, ok);
	put(o, "detectable_ratio", jnum(l->detectable_ratio), ok);
}

void outj_leader_count(json_t *o, const struct agg_leader_count *c, int *ok)
{
	put(o, "clear", json_integer((json_int_t)c->clear), ok);
	put(o, "tied", json_integer((json_int_t)c->tied), ok);
}

static json_t *comparison(const struct aggregate *a, const struct agg_comparison *c, int *ok)
{
	json_t *o = json_object();
	const struct cmp_test *t = &c->t;

	put(o, "op", json_string(c->op), ok);
	put(o, "size", json_integer((json_int_t)c->size), ok);
	put(o, "concurrency", json_integer(c->concurrency), ok);
	put(o, "a", json_string(a->subjects[c->a].id), ok);
	put(o, "b", json_string(a->subjects[c->b].id), ok);
	put(o, "metric", json_string(c->by_obj ? "obj_s" : "mib_s"), ok);
	put(o, "ratio", jnum(t->ratio), ok);
	put(o, "ci95", interval(t->lo, t->hi, ok), ok);
	put(o, "p", jnum(t->p), ok);
	put(o, "p_adj", jnum(c->p_adj), ok);
	put(o, "test", t->test ? json_string(t->test) : json_null(), ok);
	put(o, "pairs", json_integer((json_int_t)c->pairs), ok);
	put(o, "n_a", json_integer((json_int_t)c->n_a), ok);
	put(o, "n_b", json_integer((json_int_t)c->n_b), ok);
	put(o, "significant", json_boolean(c->significant), ok);
	put(o, "note", t->test ? json_null() : json_string("not enough runs"), ok);
	return o;
}

void outj_comparisons(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < a->n_comparisons; i++)
		add(arr, comparison(a, &a->comparisons[i], ok), ok);
	put(root, "comparisons", arr, ok);
}
