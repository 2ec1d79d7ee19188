/* core/results/results_stats.c: see results_stats.h. */
#include "core/results/results_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

static const char *const lead_names[] = {NULL, "clear", "tie", "untested", "unresolved"};
static const char *const test_names[] = {NULL, "paired-t", "welch"};
static const char *const tail_metrics[] = {NULL, "p50_ms", "p99_ms"};
const char *const results_pct_key[RESULTS_NP] = {"p50", "p90", "p99", "p999"};

const char *results_tail_metric(enum results_tail t)
{
	return tail_metrics[t];
}

enum results_tail results_tail_of(const char *metric)
{
	for (int i = 1; metric != NULL && i < 3; i++)
		if (strcmp(metric, tail_metrics[i]) == 0)
			return (enum results_tail)i;
	return RESULTS_TAIL_NONE;
}

const char *results_lead_name(enum results_lead s)
{
	return lead_names[s];
}

enum results_lead results_lead_of(const char *name)
{
	for (int i = 1; name != NULL && i < 5; i++)
		if (strcmp(name, lead_names[i]) == 0)
			return (enum results_lead)i;
	return RESULTS_LEAD_UNKNOWN;
}

enum results_ci results_ci_of(const char *name)
{
	return name == NULL                            ? RESULTS_CI_NONE
	       : strcmp(name, "t") == 0                ? RESULTS_CI_T
	       : strcmp(name, "order-statistics") == 0 ? RESULTS_CI_ORDER
						       : RESULTS_CI_NONE;
}

enum results_test results_test_of(const char *name)
{
	for (int i = 1; name != NULL && i < 3; i++)
		if (strcmp(name, test_names[i]) == 0)
			return (enum results_test)i;
	return RESULTS_TEST_NONE;
}

const char *results_test_name(enum results_test t)
{
	return test_names[t];
}

json_t *results_stat_to_json(const struct results_stat *s)
{
	static const char *const method[] = {NULL, "t", "order-statistics"};
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "value", jnum_new(s->value), &ok);
	jwrite_put(o, "mean", jnum_new(s->mean), &ok);
	jwrite_put(o, "median", jnum_new(s->median), &ok);
	jwrite_put(o, "min", jnum_new(s->min), &ok);
	jwrite_put(o, "max", jnum_new(s->max), &ok);
	jwrite_put(o, "stddev", jnum_new(s->stddev), &ok);
	jwrite_put(o, "cv", jnum_new(s->cv), &ok);
	jwrite_put(o, "ci95", jwrite_pair(s->ci_lo, s->ci_hi), &ok);
	jwrite_put(o, "ci_method", jwrite_str(method[s->ci_method]), &ok);
	jwrite_put(o, "ci_coverage", jnum_new(s->ci_coverage), &ok);
	return jwrite_done(o, ok);
}

int results_stat_from_json(struct jread *r, const json_t *o, const char *where, int required,
			   struct results_stat *s)
{
	char *m;

	s->value = s->mean = s->median = s->min = s->max = s->stddev = s->cv = NAN;
	s->ci_lo = s->ci_hi = s->ci_coverage = NAN;
	s->ci_method = RESULTS_CI_NONE;
	if (o == NULL && required)
		return jread_bad(r, where, "missing");
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, where, "expected an object or null");
	s->value = jread_num(r, o, where, "value", 1);
	s->mean = jread_num(r, o, where, "mean", 0);
	s->median = jread_num(r, o, where, "median", 0);
	s->min = jread_num(r, o, where, "min", 0);
	s->max = jread_num(r, o, where, "max", 0);
	s->stddev = jread_num(r, o, where, "stddev", 0);
	s->cv = jread_num(r, o, where, "cv", 0);
	jread_pair(r, o, where, "ci95", &s->ci_lo, &s->ci_hi);
	s->ci_coverage = jread_num(r, o, where, "ci_coverage", 0);
	if (json_object_get(o, "ci_method") != NULL &&
	    !json_is_null(json_object_get(o, "ci_method"))) {
		m = jread_str(r, o, where, "ci_method", 0);
		s->ci_method = results_ci_of(m);
		if (s->ci_method == RESULTS_CI_NONE)
			jread_bad_at(r, where, "ci_method",
				     "expected \"t\", \"order-statistics\" or null");
		free(m);
	}
	return r->failed ? -1 : 0;
}

json_t *results_pooled_to_json(const struct results_pooled *p)
{
	json_t *o, *q;
	int ok = 1;

	if (p->source == RESULTS_POOL_NONE)
		return json_null();
	o = json_object();
	jwrite_put(o, "p50", jnum_new(p->p50), &ok);
	jwrite_put(o, "p90", jnum_new(p->p90), &ok);
	jwrite_put(o, "p99", jnum_new(p->p99), &ok);
	jwrite_put(o, "p999", jnum_new(p->p999), &ok);
	jwrite_put(o, "max", jnum_new(p->max), &ok);
	jwrite_put(o, "requests", json_integer((json_int_t)p->requests), &ok);
	for (int i = 0; p->has_pct && i < RESULTS_NP; i++) {
		char key[32];

		snprintf(key, sizeof(key), "%s_supported", results_pct_key[i]);
		jwrite_put(o, key, json_boolean(p->pct[i].supported), &ok);
		snprintf(key, sizeof(key), "%s_ci95", results_pct_key[i]);
		jwrite_put(o, key, jwrite_pair(p->pct[i].lo, p->pct[i].hi), &ok);
	}
	jwrite_put(o, "source",
		   json_string(p->source == RESULTS_POOL_HISTOGRAM ? "histogram" : "runs"), &ok);
	if (p->source != RESULTS_POOL_HISTOGRAM) {
		jwrite_put(o, "quantiles", json_null(), &ok);
		return jwrite_done(o, ok);
	}
	q = json_array();
	for (size_t i = 0; i < p->n_quant; i++)
		jwrite_add(q, json_pack("[f,f]", p->quant_q[i], p->quant_ms[i]), &ok);
	jwrite_put(o, "quantiles", q, &ok);
	return jwrite_done(o, ok);
}

/* quantiles: [[q, ms], ...] with q ascending in 0..1 (null: none). */
static int quantiles(struct jread *r, const json_t *a, const char *where, struct results_pooled *p)
{
	char w[160];
	size_t i;
	json_t *v;

	snprintf(w, sizeof(w), "%s.quantiles", where);
	if (a == NULL || json_is_null(a))
		return 0;
	if (!json_is_array(a))
		return jread_bad(r, w, "expected an array or null");
	p->quant_q = jread_alloc(r, w, json_array_size(a), sizeof(*p->quant_q));
	p->quant_ms = jread_alloc(r, w, json_array_size(a), sizeof(*p->quant_ms));
	if (r->failed)
		return -1;
	json_array_foreach(a, i, v) {
		json_t *q = json_array_get(v, 0), *ms = json_array_get(v, 1);

		if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(q) ||
		    !json_is_number(ms) || json_number_value(q) < 0 || json_number_value(q) > 1 ||
		    (i && json_number_value(q) < p->quant_q[i - 1])) {
			snprintf(w, sizeof(w), "%s.quantiles[%zu]", where, i);
			return jread_bad(r, w, "expected [q, ms] with q ascending in 0..1");
		}
		p->quant_q[i] = json_number_value(q);
		p->quant_ms[i] = json_number_value(ms);
		p->n_quant = i + 1;
	}
	return 0;
}

/* pcts: o's pN_supported and pN_ci95 (all absent: has_pct 0, an older file). */
static void pcts(struct jread *r, const json_t *o, const char *where, struct results_pooled *p)
{
	char key[32];

	for (int i = 0; i < RESULTS_NP; i++) {
		snprintf(key, sizeof(key), "%s_supported", results_pct_key[i]);
		p->has_pct |= json_object_get(o, key) != NULL;
		p->pct[i].supported = jread_bool(r, o, where, key, 0, 0);
		snprintf(key, sizeof(key), "%s_ci95", results_pct_key[i]);
		jread_pair(r, o, where, key, &p->pct[i].lo, &p->pct[i].hi);
	}
}

int results_pooled_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_pooled *p)
{
	char *src;

	memset(p, 0, sizeof(*p));
	p->p50 = p->p90 = p->p99 = p->p999 = p->max = NAN;
	for (int i = 0; i < RESULTS_NP; i++)
		p->pct[i].lo = p->pct[i].hi = NAN;
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, where, "expected an object or null");
	p->p50 = jread_num(r, o, where, "p50", 0);
	p->p90 = jread_num(r, o, where, "p90", 0);
	p->p99 = jread_num(r, o, where, "p99", 0);
	p->p999 = jread_num(r, o, where, "p999", 0);
	p->max = jread_num(r, o, where, "max", 0);
	p->requests = (uint64_t)jread_int(r, o, where, "requests", 0, 0);
	pcts(r, o, where, p);
	src = jread_str(r, o, where, "source", 0);
	p->source = src != NULL && strcmp(src, "runs") == 0 ? RESULTS_POOL_RUNS
							    : RESULTS_POOL_HISTOGRAM;
	free(src);
	quantiles(r, json_object_get(o, "quantiles"), where, p);
	return r->failed ? -1 : 0;
}

void results_pooled_free(struct results_pooled *p)
{
	free(p->quant_q);
	free(p->quant_ms);
}

json_t *results_lat_to_json(const struct results_lat *l, int with_pooled)
{
	json_t *o;
	int ok = 1;

	if (!l->present)
		return json_null();
	o = json_object();
	jwrite_put(o, "avg", jnum_new(l->avg), &ok);
	jwrite_put(o, "p50", jnum_new(l->p50), &ok);
	jwrite_put(o, "p90", jnum_new(l->p90), &ok);
	jwrite_put(o, "p99", jnum_new(l->p99), &ok);
	jwrite_put(o, "min", jnum_new(l->min), &ok);
	jwrite_put(o, "max", jnum_new(l->max), &ok);
	if (with_pooled)
		jwrite_put(o, "pooled", results_pooled_to_json(&l->pooled), &ok);
	return jwrite_done(o, ok);
}

int results_lat_from_json(struct jread *r, const json_t *o, const char *where, int with_pooled,
			  struct results_lat *l)
{
	char w[160];

	memset(l, 0, sizeof(*l));
	l->avg = l->p50 = l->p90 = l->p99 = l->min = l->max = NAN;
	l->pooled.p50 = l->pooled.p90 = l->pooled.p99 = l->pooled.p999 = l->pooled.max = NAN;
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, where, "expected an object or null");
	l->present = 1;
	l->avg = jread_num(r, o, where, "avg", 0);
	l->p50 = jread_num(r, o, where, "p50", 0);
	l->p90 = jread_num(r, o, where, "p90", 0);
	l->p99 = jread_num(r, o, where, "p99", 0);
	l->min = jread_num(r, o, where, "min", 0);
	l->max = jread_num(r, o, where, "max", 0);
	if (with_pooled && !r->failed) {
		snprintf(w, sizeof(w), "%s.pooled", where);
		results_pooled_from_json(r, json_object_get(o, "pooled"), w, &l->pooled);
	}
	return r->failed ? -1 : 0;
}

void results_lat_free(struct results_lat *l)
{
	results_pooled_free(&l->pooled);
}

json_t *results_consistency_to_json(const struct results_consistency *c, const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, c->subject)), &ok);
	jwrite_put(o, "cv_mean", jnum_new(c->cv_mean), &ok);
	jwrite_put(o, "cells", json_integer((json_int_t)c->cells), &ok);
	return jwrite_done(o, ok);
}

int results_consistency_from_json(struct jread *r, const json_t *o, const char *where,
				  struct results_consistency *c)
{
	c->subject = results_subject_ref(r, o, where, "subject");
	c->cv_mean = jread_num(r, o, where, "cv_mean", 1);
	c->cells = jread_int(r, o, where, "cells", 0, 0);
	return r->failed ? -1 : 0;
}

/* versus_json: a leader's versus, null when not present. */
static json_t *versus_json(const struct results_versus *v, const struct results *doc)
{
	json_t *o;
	int ok = 1;

	if (!v->present)
		return json_null();
	o = json_object();
	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, v->subject)), &ok);
	jwrite_put(o, "pairs", json_integer((json_int_t)v->pairs), &ok);
	jwrite_put(o, "test", jwrite_str(results_test_name(v->test)), &ok);
	jwrite_put(o, "ratio", jnum_new(v->ratio), &ok);
	jwrite_put(o, "ci95", jwrite_pair(v->ci_lo, v->ci_hi), &ok);
	jwrite_put(o, "ci_adj", jwrite_pair(v->adj_lo, v->adj_hi), &ok);
	jwrite_put(o, "ci_adj_level", jnum_new(v->adj_level), &ok);
	return jwrite_done(o, ok);
}

/* versus_from: o.versus (absent or null: not present). */
static void versus_from(struct jread *r, const json_t *o, const char *where,
			struct results_versus *v)
{
	char w[160], *t;

	v->ratio = v->ci_lo = v->ci_hi = v->adj_lo = v->adj_hi = v->adj_level = NAN;
	if ((o = jread_object(r, o, where, "versus", 0)) == NULL)
		return;
	jread_path(where, "versus", w, sizeof(w));
	v->present = 1;
	v->subject = results_subject_ref(r, o, w, "subject");
	v->pairs = jread_int(r, o, w, "pairs", 0, 0);
	t = jread_str(r, o, w, "test", 0);
	v->test = results_test_of(t);
	free(t);
	v->ratio = jread_num(r, o, w, "ratio", 0);
	jread_pair(r, o, w, "ci95", &v->ci_lo, &v->ci_hi);
	jread_pair(r, o, w, "ci_adj", &v->adj_lo, &v->adj_hi);
	v->adj_level = jread_num(r, o, w, "ci_adj_level", 0);
}

/* leader_key: the member of a leader's figure. */
static const char *leader_key(const struct results_leader *l)
{
	return l->tail != RESULTS_TAIL_NONE ? results_tail_metric(l->tail)
	       : l->by_obj                  ? "obj_s"
					    : "mib_s";
}

json_t *results_leader_to_json(const struct results_leader *l, const struct results *doc)
{
	json_t *o = json_object(), *tied = json_array();
	int ok = 1;

	for (size_t i = 0; i < l->n_tied; i++)
		jwrite_add(tied, jwrite_str(results_subject_id(doc, l->tied_with[i])), &ok);
	jwrite_put(o, "op", jwrite_str(l->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)l->size), &ok);
	jwrite_put(o, "concurrency", json_integer(l->concurrency), &ok);
	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, l->subject)), &ok);
	if (l->tail != RESULTS_TAIL_NONE)
		jwrite_put(o, "metric", json_string(results_tail_metric(l->tail)), &ok);
	jwrite_put(o, leader_key(l), jnum_new(l->value), &ok);
	jwrite_put(o, "status", jwrite_str(results_lead_name(l->status)), &ok);
	if (l->status != RESULTS_LEAD_UNKNOWN) /* a 1.0 file had neither */
		jwrite_put(o, "clear", json_boolean(l->clear), &ok);
	jwrite_put(o, "tied_with", tied, &ok);
	jwrite_put(o, "family", jwrite_count(l->family), &ok);
	jwrite_put(o, "detectable_ratio", jnum_new(l->detectable_ratio), &ok);
	jwrite_put(o, "versus", versus_json(&l->versus, doc), &ok);
	jwrite_put(o, "client_limit", results_leader_climit_to_json(&l->client_limit, doc), &ok);
	return jwrite_done(o, ok);
}

/* leader_status: status and clear (a file with clear but no status: clear or tie). */
static void leader_status(struct jread *r, const json_t *v, const char *where,
			  struct results_leader *d)
{
	char *st = jread_str(r, v, where, "status", 0);

	d->status = results_lead_of(st);
	if (st != NULL && *st && d->status == RESULTS_LEAD_UNKNOWN)
		jread_bad_at(r, where, "status",
			     "expected \"clear\", \"tie\", \"unresolved\" or \"untested\"");
	free(st);
	d->clear = jread_bool(r, v, where, "clear", 0, d->status == RESULTS_LEAD_CLEAR);
	if (d->status == RESULTS_LEAD_UNKNOWN && json_object_get(v, "clear") != NULL)
		d->status = d->clear ? RESULTS_LEAD_CLEAR : RESULTS_LEAD_TIE;
}

int results_leader_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_leader *l)
{
	char w[160], *m;

	memset(l, 0, sizeof(*l));
	l->op = jread_str(r, o, where, "op", 1);
	l->subject = results_subject_ref(r, o, where, "subject");
	l->size = (uint64_t)jread_int(r, o, where, "size", 1, 0);
	l->concurrency = (int)jread_int(r, o, where, "concurrency", 1, 0);
	if ((m = jread_str(r, o, where, "metric", 0)) != NULL &&
	    (l->tail = results_tail_of(m)) == RESULTS_TAIL_NONE)
		jread_bad_at(r, where, "metric", "expected \"p50_ms\" or \"p99_ms\"");
	free(m);
	l->by_obj = json_object_get(o, "mib_s") == NULL && json_object_get(o, "obj_s") != NULL;
	l->value = jread_num(r, o, where, leader_key(l), 0);
	if (r->failed)
		return -1;
	l->detectable_ratio = jread_num(r, o, where, "detectable_ratio", 0);
	l->family = jread_int(r, o, where, "family", 0, -1);
	leader_status(r, o, where, l);
	results_subject_refs(r, o, where, "tied_with", &l->tied_with, &l->n_tied);
	versus_from(r, o, where, &l->versus);
	snprintf(w, sizeof(w), "%s.client_limit", where);
	results_leader_climit_from_json(r, json_object_get(o, "client_limit"), w, &l->client_limit);
	return r->failed ? -1 : 0;
}

void results_leader_free(struct results_leader *l)
{
	free(l->op);
	free(l->tied_with);
	results_leader_climit_free(&l->client_limit);
}

json_t *results_leader_count_to_json(const struct results_leader_count *c,
				     const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "op", jwrite_str(c->op), &ok);
	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, c->subject)), &ok);
	jwrite_put(o, "led", json_integer((json_int_t)c->led), &ok);
	jwrite_put(o, "of", json_integer((json_int_t)c->of), &ok);
	jwrite_put(o, "clear", jwrite_count(c->clear), &ok);
	jwrite_put(o, "tied", jwrite_count(c->tied), &ok);
	jwrite_put(o, "unresolved", jwrite_count(c->unresolved), &ok);
	return jwrite_done(o, ok);
}

int results_leader_count_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_leader_count *c)
{
	c->op = jread_str(r, o, where, "op", 1);
	c->subject = results_subject_ref(r, o, where, "subject");
	c->led = jread_int(r, o, where, "led", 1, 0);
	c->of = jread_int(r, o, where, "of", 1, 0);
	c->clear = jread_int(r, o, where, "clear", 0, -1);
	c->tied = jread_int(r, o, where, "tied", 0, -1);
	c->unresolved = jread_int(r, o, where, "unresolved", 0, -1);
	return r->failed ? -1 : 0;
}

void results_leader_count_free(struct results_leader_count *c)
{
	free(c->op);
}

/* lead_json: a comparison's lead, null when not in its leader's family. */
static json_t *lead_json(const struct results_comparison *c)
{
	json_t *o;
	int ok = 1;

	if (!c->in_lead)
		return json_null();
	o = json_object();
	jwrite_put(o, "p_adj", jnum_new(c->lead_p_adj), &ok);
	jwrite_put(o, "ci_adj", jwrite_pair(c->lead_lo, c->lead_hi), &ok);
	jwrite_put(o, "ci_adj_level", jnum_new(c->lead_level), &ok);
	jwrite_put(o, "step", json_integer((json_int_t)c->lead_step), &ok);
	jwrite_put(o, "significant", json_boolean(c->lead_significant), &ok);
	return jwrite_done(o, ok);
}

/* lead_from: o.lead (absent or null: not in the leader's family). */
static void lead_from(struct jread *r, const json_t *o, const char *where,
		      struct results_comparison *c)
{
	char w[160];

	c->lead_p_adj = c->lead_lo = c->lead_hi = c->lead_level = NAN;
	if ((o = jread_object(r, o, where, "lead", 0)) == NULL)
		return;
	jread_path(where, "lead", w, sizeof(w));
	c->in_lead = 1;
	c->lead_p_adj = jread_num(r, o, w, "p_adj", 0);
	jread_pair(r, o, w, "ci_adj", &c->lead_lo, &c->lead_hi);
	c->lead_level = jread_num(r, o, w, "ci_adj_level", 0);
	c->lead_step = jread_int(r, o, w, "step", 0, 0);
	c->lead_significant = jread_bool(r, o, w, "significant", 0, 0);
}

json_t *results_comparison_to_json(const struct results_comparison *c, const struct results *doc)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "op", jwrite_str(c->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)c->size), &ok);
	jwrite_put(o, "concurrency", json_integer(c->concurrency), &ok);
	jwrite_put(o, "a", jwrite_str(results_subject_id(doc, c->a)), &ok);
	jwrite_put(o, "b", jwrite_str(results_subject_id(doc, c->b)), &ok);
	jwrite_put(o, "metric",
		   json_string(c->tail != RESULTS_TAIL_NONE ? results_tail_metric(c->tail)
			       : c->by_obj                  ? "obj_s"
							    : "mib_s"),
		   &ok);
	jwrite_put(o, "ratio", jnum_new(c->ratio), &ok);
	jwrite_put(o, "ci95", jwrite_pair(c->ci_lo, c->ci_hi), &ok);
	jwrite_put(o, "p", jnum_new(c->p), &ok);
	jwrite_put(o, "ci_adj", jwrite_pair(c->adj_lo, c->adj_hi), &ok);
	jwrite_put(o, "ci_adj_level", jnum_new(c->adj_level), &ok);
	jwrite_put(o, "p_adj", jnum_new(c->p_adj), &ok);
	jwrite_put(o, "family", jwrite_count(c->family), &ok);
	jwrite_put(o, "test", jwrite_str(results_test_name(c->test)), &ok);
	jwrite_put(o, "df", jnum_new(c->df), &ok);
	jwrite_put(o, "moderated", json_boolean(c->moderated), &ok);
	jwrite_put(o, "lead", lead_json(c), &ok);
	jwrite_put(o, "pairs", json_integer((json_int_t)c->pairs), &ok);
	jwrite_put(o, "n_a", json_integer((json_int_t)c->n_a), &ok);
	jwrite_put(o, "n_b", json_integer((json_int_t)c->n_b), &ok);
	jwrite_put(o, "significant", json_boolean(c->significant), &ok);
	if (c->verdict != NULL)
		jwrite_put(o, "verdict", json_string(c->verdict), &ok);
	jwrite_put(o, "note", jwrite_str(c->note), &ok);
	results_need_put(o, &c->need, &ok);
	return jwrite_done(o, ok);
}

/* side: a subject id member (a, b) as an index. */
static int side(struct jread *r, const json_t *o, const char *where, const char *key)
{
	json_t *v = jread_member(r, o, where, key, 1);
	int s = v != NULL && json_is_string(v) ? results_subject_find(r, json_string_value(v)) : -1;

	if (s < 0 && v != NULL)
		jread_bad_at(r, where, key, "expected a subject id of subjects[]");
	return s;
}

int results_comparison_from_json(struct jread *r, const json_t *o, const char *where,
				 struct results_comparison *c)
{
	char *s;

	memset(c, 0, sizeof(*c));
	c->op = jread_str(r, o, where, "op", 1);
	c->note = jread_str(r, o, where, "note", 0);
	c->size = (uint64_t)jread_int(r, o, where, "size", 1, 0);
	c->concurrency = (int)jread_int(r, o, where, "concurrency", 1, 0);
	c->a = side(r, o, where, "a");
	c->b = side(r, o, where, "b");
	s = jread_str(r, o, where, "metric", 0);
	c->by_obj = s != NULL && strcmp(s, "obj_s") == 0;
	c->tail = results_tail_of(s);
	if (s != NULL && !c->by_obj && c->tail == RESULTS_TAIL_NONE && strcmp(s, "mib_s") != 0)
		jread_bad_at(r, where, "metric",
			     "expected \"mib_s\", \"obj_s\", \"p50_ms\" or \"p99_ms\"");
	free(s);
	c->verdict = jread_str(r, o, where, "verdict", 0);
	c->ratio = jread_num(r, o, where, "ratio", 0);
	jread_pair(r, o, where, "ci95", &c->ci_lo, &c->ci_hi);
	jread_pair(r, o, where, "ci_adj", &c->adj_lo, &c->adj_hi);
	c->adj_level = jread_num(r, o, where, "ci_adj_level", 0);
	if (json_object_get(o, "ci_adj") == NULL) { /* written before ci_adj */
		c->adj_lo = c->ci_lo;
		c->adj_hi = c->ci_hi;
	}
	c->p = jread_num(r, o, where, "p", 0);
	c->p_adj = jread_num(r, o, where, "p_adj", 0);
	c->family = jread_int(r, o, where, "family", 0, -1);
	s = jread_str(r, o, where, "test", 0);
	c->test = results_test_of(s);
	free(s);
	c->df = jread_num(r, o, where, "df", 0);
	c->moderated = jread_bool(r, o, where, "moderated", 0, 0);
	lead_from(r, o, where, c);
	c->pairs = jread_int(r, o, where, "pairs", 0, 0);
	c->n_a = jread_int(r, o, where, "n_a", 0, 0);
	c->n_b = jread_int(r, o, where, "n_b", 0, 0);
	c->significant = jread_bool(r, o, where, "significant", 0, 0);
	results_need_from(r, o, where, &c->need);
	return r->failed ? -1 : 0;
}

void results_comparison_free(struct results_comparison *c)
{
	free(c->op);
	free(c->verdict);
	free(c->note);
	free(c->need.note);
}

/* series_lat_json: s's latency[]. */
static json_t *series_lat_json(const struct results_series *s)
{
	json_t *a = json_array();
	int ok = 1;

	for (size_t i = 0; i < s->n; i++) {
		json_t *o = json_object();
		int eok = 1;

		jwrite_put(o, "requests", json_integer((json_int_t)s->lat[i].requests), &eok);
		jwrite_put(o, "max_ms", jnum_new(s->lat[i].max_ms), &eok);
		jwrite_put(o, "p99_ms", jnum_new(s->lat[i].p99_ms), &eok);
		jwrite_add(a, jwrite_done(o, eok), &ok);
	}
	return jwrite_done(a, ok);
}

/* series_lat: o.latency (absent or null: none) into s->lat, as long as mib_s. */
static void series_lat(struct jread *r, const json_t *o, const char *where,
		       struct results_series *s)
{
	json_t *a = jread_array(r, o, where, "latency", 0), *v;
	char w[160], f[160];
	size_t i;

	if (a == NULL || r->failed)
		return;
	jread_path(where, "latency", f, sizeof(f));
	if (json_array_size(a) != s->n) {
		jread_bad(r, f, "not as long as mib_s");
		return;
	}
	if ((s->lat = jread_alloc(r, f, s->n, sizeof(*s->lat))) == NULL)
		return;
	json_array_foreach(a, i, v) {
		if (jread_element(r, f, i, v, w, sizeof(w)) < 0)
			return;
		s->lat[i].requests = (uint64_t)jread_int(r, v, w, "requests", 1, 0);
		s->lat[i].max_ms = jread_num(r, v, w, "max_ms", 0);
		s->lat[i].p99_ms = jread_num(r, v, w, "p99_ms", 0);
	}
}

json_t *results_series_to_json(const struct results_series *s, const struct results *doc)
{
	json_t *o = json_object(), *mib = json_array(), *obj = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, s->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(s->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)s->size), &ok);
	jwrite_put(o, "concurrency", json_integer(s->concurrency), &ok);
	jwrite_put(o, "cycle", json_integer(s->cycle), &ok);
	jwrite_put(o, "path", jwrite_str(s->path), &ok);
	jwrite_put(o, "start", jwrite_str(s->start), &ok);
	for (size_t i = 0; i < s->n; i++) {
		jwrite_add(mib, jnum_new(s->mib_s[i]), &ok);
		jwrite_add(obj, jnum_new(s->obj_s[i]), &ok);
	}
	jwrite_put(o, "mib_s", mib, &ok);
	jwrite_put(o, "obj_s", obj, &ok);
	jwrite_put(o, "kept",
		   s->kept_first < 0 ? json_null()
				     : json_pack("[i,i]", s->kept_first, s->kept_last),
		   &ok);
	if (s->lat != NULL)
		jwrite_put(o, "latency", series_lat_json(s), &ok);
	return jwrite_done(o, ok);
}

/* numbers: the array o.key of numbers or nulls (absent or null: none) into a new array
 * (caller frees) of *n values. */
static double *numbers(struct jread *r, const json_t *o, const char *where, const char *key,
		       size_t *n)
{
	char w[160];
	size_t i;
	json_t *v, *a = json_object_get(o, key);
	double *d;

	snprintf(w, sizeof(w), "%s.%s", where, key);
	*n = 0;
	if (a != NULL && !json_is_null(a) && !json_is_array(a)) {
		jread_bad(r, w, "expected an array of numbers");
		return NULL;
	}
	if ((d = jread_alloc(r, w, json_array_size(a), sizeof(*d))) == NULL)
		return NULL;
	json_array_foreach(a, i, v) {
		if (!json_is_number(v) && !json_is_null(v)) {
			snprintf(w, sizeof(w), "%s.%s[%zu]", where, key, i);
			jread_bad(r, w, "expected a number or null");
			break;
		}
		d[i] = jnum_get(v);
		*n = i + 1;
	}
	return d;
}

int results_series_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_series *s)
{
	size_t nm, no;
	double f, k;

	memset(s, 0, sizeof(*s));
	s->kept_first = s->kept_last = -1;
	s->subject = results_subject_ref(r, o, where, "subject");
	s->op = jread_str(r, o, where, "op", 1);
	s->path = jread_str(r, o, where, "path", 0);
	s->start = jread_str(r, o, where, "start", 0);
	s->size = (uint64_t)jread_int(r, o, where, "size", 1, 0);
	s->concurrency = (int)jread_int(r, o, where, "concurrency", 1, 0);
	s->cycle = (int)jread_int(r, o, where, "cycle", 0, 0);
	s->mib_s = numbers(r, o, where, "mib_s", &nm);
	s->obj_s = numbers(r, o, where, "obj_s", &no);
	if (r->failed)
		return -1;
	if (nm != no)
		return jread_bad_at(r, where, "obj_s", "not as long as mib_s");
	s->n = nm;
	jread_pair(r, o, where, "kept", &f, &k);
	if (!r->failed && !isnan(f) && !(f >= 0 && k >= f))
		return jread_bad_at(r, where, "kept",
				    "expected [first, last] with 0 <= first <= last");
	s->kept_first = isnan(f) ? -1 : (int)f;
	s->kept_last = isnan(k) ? -1 : (int)k;
	series_lat(r, o, where, s);
	return r->failed ? -1 : 0;
}

void results_series_free(struct results_series *s)
{
	free(s->op);
	free(s->path);
	free(s->start);
	free(s->mib_s);
	free(s->obj_s);
	free(s->lat);
}
