/* render/model/model_stats.c: the 1.1 parts of aggregate.json (docs/FORMATS.md, "Statistics
 * and pooled latency"): intervals, pooled latency, leaders with ties, comparisons,
 * statistics{} and time series. Absent parts stay "not available" (model.h). */
#include "render/model/model_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void model_stats_ci(struct jread *l, json_t *o, const char *where, struct rm_stat *s, int *failed)
{
	s->ci_lo = s->ci_hi = s->ci_coverage = NAN;
	s->ci_method = RM_CI_NONE;
	if (o == NULL || !json_is_object(o))
		return;
	jread_get_pair(l, o, where, "ci95", &s->ci_lo, &s->ci_hi, failed);
	s->ci_coverage = jread_get_num(l, o, where, "ci_coverage", 0, failed);
	json_t *v = json_object_get(o, "ci_method");
	if (v == NULL || json_is_null(v))
		return;
	if (json_is_string(v) && strcmp(json_string_value(v), "t") == 0)
		s->ci_method = RM_CI_T;
	else if (json_is_string(v) && strcmp(json_string_value(v), "order-statistics") == 0)
		s->ci_method = RM_CI_ORDER;
	else {
		jread_bad_at(l, where, "ci_method", "expected \"t\", \"order-statistics\" or null");
		*failed = 1;
	}
}

/* quantiles: [[q, ms], ...] with q ascending in 0..1. */
static void load_quantiles(struct jread *l, json_t *a, const char *where, struct rm_pooled *p,
			   int *failed)
{
	char w[160];
	size_t i;
	json_t *v;
	snprintf(w, sizeof(w), "%s.quantiles", where);
	if (a == NULL || json_is_null(a))
		return;
	if (!json_is_array(a)) {
		jread_bad(l, w, "expected an array or null");
		*failed = 1;
		return;
	}
	p->quant_q = jread_alloc_at(l, w, json_array_size(a), sizeof(*p->quant_q), failed);
	p->quant_ms = jread_alloc_at(l, w, json_array_size(a), sizeof(*p->quant_ms), failed);
	if (*failed)
		return;
	json_array_foreach(a, i, v) {
		json_t *q = json_array_get(v, 0), *ms = json_array_get(v, 1);
		if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(q) ||
		    !json_is_number(ms) || json_number_value(q) < 0 || json_number_value(q) > 1 ||
		    (i && json_number_value(q) < p->quant_q[i - 1])) {
			snprintf(w, sizeof(w), "%s.quantiles[%zu]", where, i);
			jread_bad(l, w, "expected [q, ms] with q ascending in 0..1");
			*failed = 1;
			return;
		}
		p->quant_q[i] = json_number_value(q);
		p->quant_ms[i] = json_number_value(ms);
		p->nquant = i + 1;
	}
}

void model_stats_pooled(struct jread *l, json_t *lat, const char *where, struct rm_pooled *p,
			int *failed)
{
	char w[160];
	json_t *o = lat && json_is_object(lat) ? json_object_get(lat, "pooled") : NULL;
	memset(p, 0, sizeof(*p));
	if (o == NULL || json_is_null(o))
		return;
	snprintf(w, sizeof(w), "%s.pooled", where);
	if (!json_is_object(o)) {
		jread_bad(l, w, "expected an object or null");
		*failed = 1;
		return;
	}
	p->present = 1;
	p->p50 = jread_get_num(l, o, w, "p50", 0, failed);
	p->p90 = jread_get_num(l, o, w, "p90", 0, failed);
	p->p99 = jread_get_num(l, o, w, "p99", 0, failed);
	p->p999 = jread_get_num(l, o, w, "p999", 0, failed);
	p->max = jread_get_num(l, o, w, "max", 0, failed);
	p->requests = (uint64_t)jread_get_int(l, o, w, "requests", 0, 0, failed);
	char *src = jread_get_str(l, o, w, "source", 0, failed);
	p->source = src && strcmp(src, "runs") == 0 ? RM_POOL_RUNS : RM_POOL_HISTOGRAM;
	free(src);
	load_quantiles(l, json_object_get(o, "quantiles"), w, p, failed);
}

void model_stats_leader(struct jread *l, const struct report_model *m, json_t *v, const char *where,
			struct rm_leader *d, int *failed)
{
	char w[160];
	size_t i;
	json_t *t;
	d->detectable_ratio = jread_get_num(l, v, where, "detectable_ratio", 0, failed);
	char *st = jread_get_str(l, v, where, "status", 0, failed);
	if (st == NULL)
		return;
	if (strcmp(st, "clear") == 0)
		d->status = RM_LEAD_CLEAR;
	else if (strcmp(st, "tie") == 0 || strcmp(st, "unresolved") == 0) /* shown as a tie */
		d->status = RM_LEAD_TIE;
	else if (strcmp(st, "untested") == 0)
		d->status = RM_LEAD_UNTESTED;
	else if (*st) {
		jread_bad_at(l, where, "status",
			     "expected \"clear\", \"tie\", \"unresolved\" or \"untested\"");
		*failed = 1;
	}
	free(st);
	d->clear = jread_get_bool(l, v, where, "clear", d->status == RM_LEAD_CLEAR, failed);
	if (d->status == RM_LEAD_UNKNOWN && json_object_get(v, "clear"))
		d->status = d->clear ? RM_LEAD_CLEAR : RM_LEAD_TIE;
	json_t *a = json_object_get(v, "tied_with");
	snprintf(w, sizeof(w), "%s.tied_with", where);
	if (a == NULL || json_is_null(a))
		return;
	if (!json_is_array(a)) {
		jread_bad(l, w, "expected an array of subject ids");
		*failed = 1;
		return;
	}
	if ((d->tied_with = jread_alloc_at(l, w, json_array_size(a), sizeof(*d->tied_with),
					   failed)) == NULL)
		return;
	json_array_foreach(a, i, t) {
		int s = json_is_string(t) ? jread_find_subject(m, json_string_value(t)) : -1;
		if (s < 0) {
			snprintf(w, sizeof(w), "%s.tied_with[%zu]", where, i);
			jread_bad(l, w, "expected a subject id of subjects[]");
			*failed = 1;
			return;
		}
		if (s != d->subject)
			d->tied_with[d->ntied++] = s;
	}
}

void model_stats_leader_count(struct jread *l, json_t *v, const char *where,
			      struct rm_leader_count *d, int *failed)
{
	d->clear = (int)jread_get_int(l, v, where, "clear", 0, -1, failed);
	d->tied = (int)jread_get_int(l, v, where, "tied", 0, -1, failed);
}

static int load_statistics(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	json_t *o = json_object_get(root, "statistics");
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(l, "statistics", "expected an object or null");
	m->has_stats = 1;
	m->stats.confidence = jread_get_num(l, o, "statistics", "confidence", 0, &failed);
	/* the level analyze used (analyze/cells/compare.h's default or --alpha): no default here */
	m->stats.alpha = jread_get_num(l, o, "statistics", "alpha", 1, &failed);
	m->stats.power = jread_get_num(l, o, "statistics", "power", 0, &failed);
	m->stats.family = (int)jread_get_int(l, o, "statistics", "family", 0, 0, &failed);
	m->stats.adjust = jread_get_str(l, o, "statistics", "adjust", 0, &failed);
	if (isnan(m->stats.confidence))
		m->stats.confidence = 0.95;
	if (isnan(m->stats.alpha) && !failed) {
		jread_bad_at(l, "statistics", "alpha",
			     "expected a number (the comparisons' level)");
		failed = 1;
	}
	return failed ? -1 : 0;
}

/* A subject id member (a, b) as an index. */
static int subject_at(struct jread *l, const struct report_model *m, json_t *o, const char *where,
		      const char *key, int *failed)
{
	json_t *v = jread_member(l, o, where, key, 1, failed);
	int s = v && json_is_string(v) ? jread_find_subject(m, json_string_value(v)) : -1;
	if (s < 0 && !*failed) {
		jread_bad_at(l, where, key, "expected a subject id of subjects[]");
		*failed = 1;
	}
	return s;
}

static int load_comparisons(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	json_t *a, *v;
	size_t i;
	char w[64];
	if ((m->comparisons = jread_get_items(l, root, "comparisons", 0, sizeof(*m->comparisons),
					      &a, &failed)) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_comparison *c = &m->comparisons[i];
		m->ncomparisons = i + 1;
		if (jread_element(l, "comparisons", i, v, w, sizeof(w)))
			return -1;
		c->op = jread_get_str(l, v, w, "op", 1, &failed);
		c->note = jread_get_str(l, v, w, "note", 0, &failed);
		c->size = (uint64_t)jread_get_int(l, v, w, "size", 1, 0, &failed);
		c->concurrency = (int)jread_get_int(l, v, w, "concurrency", 1, 0, &failed);
		c->a = subject_at(l, m, v, w, "a", &failed);
		c->b = subject_at(l, m, v, w, "b", &failed);
		char *metric = jread_get_str(l, v, w, "metric", 0, &failed);
		c->obj_s = metric && strcmp(metric, "obj_s") == 0;
		free(metric);
		c->ratio = jread_get_num(l, v, w, "ratio", 0, &failed);
		jread_get_pair(l, v, w, "ci95", &c->ci_lo, &c->ci_hi, &failed);
		jread_get_pair(l, v, w, "ci_adj", &c->adj_lo, &c->adj_hi, &failed);
		c->adj_level = jread_get_num(l, v, w, "ci_adj_level", 0, &failed);
		if (json_object_get(v, "ci_adj") == NULL) { /* written before ci_adj */
			c->adj_lo = c->ci_lo;
			c->adj_hi = c->ci_hi;
		}
		c->p = jread_get_num(l, v, w, "p", 0, &failed);
		c->p_adj = jread_get_num(l, v, w, "p_adj", 0, &failed);
		char *test = jread_get_str(l, v, w, "test", 0, &failed);
		c->test = test == NULL                    ? RM_TEST_NONE
			  : strcmp(test, "paired-t") == 0 ? RM_TEST_PAIRED
			  : strcmp(test, "welch") == 0    ? RM_TEST_WELCH
							  : RM_TEST_NONE;
		free(test);
		c->pairs = (int)jread_get_int(l, v, w, "pairs", 0, 0, &failed);
		c->n_a = (int)jread_get_int(l, v, w, "n_a", 0, 0, &failed);
		c->n_b = (int)jread_get_int(l, v, w, "n_b", 0, 0, &failed);
		c->significant = jread_get_bool(l, v, w, "significant", 0, &failed);
		if (failed)
			return -1;
	}
	return 0;
}

/* The numbers of the array o.key into a new array (caller frees) of *n values. */
static double *num_array(struct jread *l, json_t *o, const char *where, const char *key, size_t *n,
			 int *failed)
{
	char w[160];
	size_t i;
	json_t *v, *a = json_object_get(o, key);
	double *r;
	snprintf(w, sizeof(w), "%s.%s", where, key);
	*n = 0;
	if (a && !json_is_null(a) && !json_is_array(a)) {
		jread_bad(l, w, "expected an array of numbers");
		*failed = 1;
		return NULL;
	}
	if ((r = jread_alloc_at(l, w, json_array_size(a), sizeof(*r), failed)) == NULL)
		return NULL;
	json_array_foreach(a, i, v) {
		if (!json_is_number(v) && !json_is_null(v)) {
			snprintf(w, sizeof(w), "%s.%s[%zu]", where, key, i);
			jread_bad(l, w, "expected a number or null");
			*failed = 1;
			break;
		}
		r[i] = json_is_null(v) ? NAN : json_number_value(v);
		*n = i + 1;
	}
	return r;
}

static int load_timeseries(struct jread *l, struct report_model *m, json_t *root)
{
	int failed = 0;
	json_t *a, *v;
	size_t i, nm, no;
	char w[64];
	if ((m->timeseries = jread_get_items(l, root, "timeseries", 0, sizeof(*m->timeseries), &a,
					     &failed)) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_series *t = &m->timeseries[i];
		m->ntimeseries = i + 1;
		if (jread_element(l, "timeseries", i, v, w, sizeof(w)))
			return -1;
		t->subject = jread_get_subject(l, m, v, w, &failed);
		t->op = jread_get_str(l, v, w, "op", 1, &failed);
		t->path = jread_get_str(l, v, w, "path", 0, &failed);
		t->start = jread_get_str(l, v, w, "start", 0, &failed);
		t->size = (uint64_t)jread_get_int(l, v, w, "size", 1, 0, &failed);
		t->concurrency = (int)jread_get_int(l, v, w, "concurrency", 1, 0, &failed);
		t->cycle = (int)jread_get_int(l, v, w, "cycle", 0, 0, &failed);
		t->mib_s = num_array(l, v, w, "mib_s", &nm, &failed);
		t->obj_s = num_array(l, v, w, "obj_s", &no, &failed);
		if (failed)
			return -1;
		if (nm != no)
			return jread_bad_at(l, w, "obj_s", "not as long as mib_s");
		t->n = nm;
		double f, k;
		jread_get_pair(l, v, w, "kept", &f, &k, &failed);
		if (!failed && !isnan(f) && !(f >= 0 && k >= f))
			return jread_bad_at(l, w, "kept",
					    "expected [first, last] with 0 <= first <= last");
		t->kept_first = isnan(f) ? -1 : (int)f;
		t->kept_last = isnan(k) ? -1 : (int)k;
		if (failed)
			return -1;
	}
	return 0;
}

int model_stats_top(struct jread *l, struct report_model *m, json_t *root)
{
	return load_statistics(l, m, root) || load_comparisons(l, m, root) ||
			       load_timeseries(l, m, root)
		       ? -1
		       : 0;
}

void model_stats_free(struct report_model *m)
{
	size_t i;
	free(m->stats.adjust);
	for (i = 0; i < m->ncells; i++) {
		free(m->cells[i].latency.pooled.quant_q);
		free(m->cells[i].latency.pooled.quant_ms);
		free(m->cells[i].ttfb.pooled.quant_q);
		free(m->cells[i].ttfb.pooled.quant_ms);
	}
	for (i = 0; i < m->nleaders; i++)
		free(m->leaders[i].tied_with);
	for (i = 0; i < m->ncomparisons; i++) {
		free(m->comparisons[i].op);
		free(m->comparisons[i].note);
	}
	free(m->comparisons);
	for (i = 0; i < m->ntimeseries; i++) {
		free(m->timeseries[i].op);
		free(m->timeseries[i].path);
		free(m->timeseries[i].start);
		free(m->timeseries[i].mib_s);
		free(m->timeseries[i].obj_s);
	}
	free(m->timeseries);
}

const struct rm_leader *model_leader(const struct report_model *m, const char *op, uint64_t size,
				     int concurrency)
{
	for (size_t i = 0; i < m->nleaders; i++) {
		const struct rm_leader *d = &m->leaders[i];
		if (d->size == size && d->concurrency == concurrency && strcmp(d->op, op) == 0)
			return d;
	}
	return NULL;
}

const struct rm_comparison *model_comparison(const struct report_model *m, const char *op,
					     uint64_t size, int concurrency, int a, int b,
					     int *swapped)
{
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct rm_comparison *c = &m->comparisons[i];
		if (c->size != size || c->concurrency != concurrency || strcmp(c->op, op) != 0)
			continue;
		if ((c->a == a && c->b == b) || (c->a == b && c->b == a)) {
			*swapped = c->a != a;
			return c;
		}
	}
	return NULL;
}

int model_in_tie(const struct rm_leader *d, int s)
{
	if (d == NULL || d->status != RM_LEAD_TIE)
		return 0;
	if (d->subject == s)
		return 1;
	for (size_t i = 0; i < d->ntied; i++)
		if (d->tied_with[i] == s)
			return 1;
	return 0;
}
