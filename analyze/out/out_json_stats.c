/* analyze/out/out_json_stats.c: see out_json_stats.h. */
#include "analyze/out/out_json_stats.h"

#include <math.h>

#include "analyze/cells/compare.h"

json_t *out_json_num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

void out_json_put(json_t *o, const char *k, json_t *v, int *ok)
{
	if (json_object_set_new(o, k, v) != 0)
		*ok = 0;
}

void out_json_add(json_t *arr, json_t *v, int *ok)
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
	out_json_add(arr, json_real(lo), ok);
	out_json_add(arr, json_real(hi), ok);
	return arr;
}

/* moderation: the prior of the moderated variances; null when there is none (d0 NaN
 * or 0). An infinite d0 is written null. */
static json_t *moderation(const struct squeeze_prior *p, int *ok)
{
	json_t *o;

	if (!(p->df > 0))
		return json_null();
	o = json_object();
	out_json_put(o, "method", json_string("smyth-2004"), ok);
	out_json_put(o, "variances", json_integer((json_int_t)p->n), ok);
	out_json_put(o, "df_prior", out_json_num(p->df), ok);
	out_json_put(o, "var_prior", out_json_num(p->var), ok);
	out_json_put(o, "df_pooled", out_json_num(p->df_pooled), ok);
	return o;
}

void out_json_statistics(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *o = json_object();

	out_json_put(o, "confidence", json_real(COMPARE_CONFIDENCE), ok);
	out_json_put(o, "alpha", json_real(a->alpha), ok);
	out_json_put(o, "adjust", json_string("bonferroni"), ok);
	out_json_put(o, "family", json_integer((json_int_t)a->family), ok);
	out_json_put(o, "family_scope", json_string("category"), ok);
	out_json_put(o, "leader_adjust", json_string("holm"), ok);
	out_json_put(o, "power", json_real(COMPARE_POWER), ok);
	out_json_put(o, "moderation", moderation(&a->prior, ok), ok);
	out_json_put(root, "statistics", o, ok);
}

void out_json_stat_ci(json_t *o, const struct agg_stat *s, int *ok)
{
	out_json_put(o, "ci95", interval(s->ci_lo, s->ci_hi, ok), ok);
	out_json_put(o, "ci_method", s->ci_method ? json_string(s->ci_method) : json_null(), ok);
	out_json_put(o, "ci_coverage", out_json_num(s->ci_coverage), ok);
}

/* versus: the subject a tie or an unresolved lead is worded against; null when none. */
static json_t *versus(const struct aggregate *a, const struct agg_versus *v, int *ok)
{
	json_t *o;

	if (!v->present)
		return json_null();
	o = json_object();
	out_json_put(o, "subject", json_string(a->subjects[v->subject].id), ok);
	out_json_put(o, "pairs", json_integer((json_int_t)v->pairs), ok);
	out_json_put(o, "test", v->test ? json_string(v->test) : json_null(), ok);
	out_json_put(o, "ratio", out_json_num(v->ratio), ok);
	out_json_put(o, "ci95", interval(v->lo, v->hi, ok), ok);
	out_json_put(o, "ci_adj", interval(v->adj_lo, v->adj_hi, ok), ok);
	out_json_put(o, "ci_adj_level", out_json_num(v->adj_level), ok);
	return o;
}

void out_json_leader(json_t *o, const struct aggregate *a, const struct agg_leader *l, int *ok)
{
	json_t *tied = json_array();

	for (size_t i = 0; i < l->n_tied; i++)
		out_json_add(tied, json_string(a->subjects[l->tied_with[i]].id), ok);
	out_json_put(o, "status", json_string(compare_leader_name(l->status)), ok);
	out_json_put(o, "clear", json_boolean(l->status == LEADER_CLEAR), ok);
	out_json_put(o, "tied_with", tied, ok);
	out_json_put(o, "family", json_integer((json_int_t)l->family), ok);
	out_json_put(o, "detectable_ratio", out_json_num(l->detectable_ratio), ok);
	out_json_put(o, "versus", versus(a, &l->versus, ok), ok);
}

void out_json_leader_count(json_t *o, const struct agg_leader_count *c, int *ok)
{
	out_json_put(o, "clear", json_integer((json_int_t)c->clear), ok);
	out_json_put(o, "tied", json_integer((json_int_t)c->tied), ok);
	out_json_put(o, "unresolved", json_integer((json_int_t)c->unresolved), ok);
}

/* lead: c's verdict in its leader's family; null when it is not in it. */
static json_t *lead(const struct agg_comparison *c, double alpha, int *ok)
{
	json_t *o;

	if (!c->in_lead)
		return json_null();
	o = json_object();
	out_json_put(o, "p_adj", out_json_num(c->lead_p_adj), ok);
	out_json_put(o, "ci_adj", interval(c->lead_lo, c->lead_hi, ok), ok);
	out_json_put(o, "ci_adj_level", json_real(1 - alpha / (double)c->lead_step), ok);
	out_json_put(o, "step", json_integer((json_int_t)c->lead_step), ok);
	out_json_put(o, "significant", json_boolean(c->lead_significant), ok);
	return o;
}

static json_t *comparison(const struct aggregate *a, const struct agg_comparison *c, int *ok)
{
	json_t *o = json_object();
	const struct compare_test *t = &c->t;

	out_json_put(o, "op", json_string(c->op), ok);
	out_json_put(o, "size", json_integer((json_int_t)c->size), ok);
	out_json_put(o, "concurrency", json_integer(c->concurrency), ok);
	out_json_put(o, "a", json_string(a->subjects[c->a].id), ok);
	out_json_put(o, "b", json_string(a->subjects[c->b].id), ok);
	out_json_put(o, "metric", json_string(c->by_obj ? "obj_s" : "mib_s"), ok);
	out_json_put(o, "ratio", out_json_num(t->ratio), ok);
	out_json_put(o, "ci95", interval(t->lo, t->hi, ok), ok);
	out_json_put(o, "p", out_json_num(t->p), ok);
	out_json_put(o, "ci_adj", interval(c->adj_lo, c->adj_hi, ok), ok);
	out_json_put(o, "ci_adj_level", json_real(1 - a->alpha), ok);
	out_json_put(o, "p_adj", out_json_num(c->p_adj), ok);
	out_json_put(o, "family", json_integer((json_int_t)c->family), ok);
	out_json_put(o, "test", t->test ? json_string(t->test) : json_null(), ok);
	out_json_put(o, "df", out_json_num(t->df), ok);
	out_json_put(o, "moderated", json_boolean(t->moderated), ok);
	out_json_put(o, "lead", lead(c, a->alpha, ok), ok);
	out_json_put(o, "pairs", json_integer((json_int_t)c->pairs), ok);
	out_json_put(o, "n_a", json_integer((json_int_t)c->n_a), ok);
	out_json_put(o, "n_b", json_integer((json_int_t)c->n_b), ok);
	out_json_put(o, "significant", json_boolean(c->significant), ok);
	out_json_put(o, "note", t->test ? json_null() : json_string("not enough runs"), ok);
	return o;
}

void out_json_comparisons(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < a->n_comparisons; i++)
		out_json_add(arr, comparison(a, &a->comparisons[i], ok), ok);
	out_json_put(root, "comparisons", arr, ok);
}
