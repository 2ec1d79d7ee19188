/* analyze/out/out_results_stats.c: the statistics records of aggregate.json assembled from the
 * analysis (see out_results.h): figures, latency, consistency, leaders, comparisons, time
 * series. */
#include "analyze/out/out_results.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "core/timefmt.h"

/* indexes: the subjects v[0..n) as the record's int indexes (NULL when none). */
static int *indexes(const size_t *v, size_t n, int *ok)
{
	int *x;

	if (n == 0)
		return NULL;
	if ((x = calloc(n, sizeof(*x))) == NULL) {
		*ok = 0;
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		x[i] = (int)v[i];
	return x;
}

static int leader(const struct agg_leader *l, struct results_leader *x, int *ok, struct err *e)
{
	const char *status = compare_leader_name(l->status);

	x->op = out_dup(l->op, ok);
	x->size = l->size;
	x->concurrency = l->concurrency;
	x->subject = (int)l->subject;
	x->by_obj = l->by_obj;
	x->value = l->value;
	x->status = results_lead_of(status);
	if (x->status == RESULTS_LEAD_UNKNOWN)
		return err_set(e,
			       "aggregate.json: leader status '%s' is not one core/results writes",
			       status ? status : "(none)");
	x->clear = l->status == LEADER_CLEAR && !l->climit.blocked;
	x->tied_with = indexes(l->tied_with, l->n_tied, ok);
	x->n_tied = x->tied_with != NULL ? l->n_tied : 0;
	x->family = (long long)l->family;
	x->detectable_ratio = l->detectable_ratio;
	if ((x->versus.present = l->versus.present)) {
		x->versus.subject = (int)l->versus.subject;
		x->versus.pairs = (long long)l->versus.pairs;
		x->versus.test = results_test_of(l->versus.test);
		x->versus.ratio = l->versus.ratio;
		x->versus.ci_lo = l->versus.lo;
		x->versus.ci_hi = l->versus.hi;
		x->versus.adj_lo = l->versus.adj_lo;
		x->versus.adj_hi = l->versus.adj_hi;
		x->versus.adj_level = l->versus.adj_level;
	}
	x->client_limit.blocked = l->climit.blocked;
	x->client_limit.blocked_by = indexes(l->climit.by, l->climit.n_by, ok);
	x->client_limit.n_blocked_by = x->client_limit.blocked_by != NULL ? l->climit.n_by : 0;
	x->client_limit.reasons = l->climit.reasons;
	x->client_limit.shared_cpu = l->climit.shared_caveat;
	x->client_limit.leader_limited = l->climit.leader_limited;
	return 0;
}

static void comparison(const struct aggregate *a, const struct agg_comparison *c,
		       struct results_comparison *x, int *ok)
{
	x->op = out_dup(c->op, ok);
	x->size = c->size;
	x->concurrency = c->concurrency;
	x->a = (int)c->a;
	x->b = (int)c->b;
	x->by_obj = c->by_obj;
	x->ratio = c->t.ratio;
	x->ci_lo = c->t.lo;
	x->ci_hi = c->t.hi;
	x->p = c->t.p;
	x->adj_lo = c->adj_lo;
	x->adj_hi = c->adj_hi;
	x->adj_level = 1 - a->alpha;
	x->p_adj = c->p_adj;
	x->family = (long long)c->family;
	x->test = results_test_of(c->t.test);
	x->df = c->t.df;
	x->moderated = c->t.moderated;
	if ((x->in_lead = c->in_lead)) {
		x->lead_p_adj = c->lead_p_adj;
		x->lead_lo = c->lead_lo;
		x->lead_hi = c->lead_hi;
		x->lead_level = 1 - a->alpha / (double)c->lead_step;
		x->lead_step = (long long)c->lead_step;
		x->lead_significant = c->lead_significant;
	}
	x->pairs = (long long)c->pairs;
	x->n_a = (long long)c->n_a;
	x->n_b = (long long)c->n_b;
	x->significant = c->significant;
	x->note = c->t.test ? NULL : out_dup("not enough runs", ok);
}

int out_findings(const struct aggregate *a, struct results *doc, int *ok, struct err *e)
{
	doc->consistency = calloc(a->n_subjects + 1, sizeof(*doc->consistency));
	doc->leaders = calloc(a->n_leaders + 1, sizeof(*doc->leaders));
	doc->leader_counts = calloc(a->n_leader_counts + 1, sizeof(*doc->leader_counts));
	doc->comparisons = calloc(a->n_comparisons + 1, sizeof(*doc->comparisons));
	if (doc->consistency == NULL || doc->leaders == NULL || doc->leader_counts == NULL ||
	    doc->comparisons == NULL) {
		*ok = 0;
		return 0;
	}
	doc->n_consistency = a->n_subjects;
	for (size_t i = 0; i < a->n_subjects; i++) {
		doc->consistency[i].subject = (int)a->consistency[i].subject;
		doc->consistency[i].cv_mean = a->consistency[i].cv_mean;
		doc->consistency[i].cells = (long long)a->consistency[i].cells;
	}
	for (size_t i = 0; i < a->n_leaders; i++) {
		doc->n_leaders = i + 1;
		if (leader(&a->leaders[i], &doc->leaders[i], ok, e) < 0)
			return -1;
	}
	doc->n_leader_counts = a->n_leader_counts;
	for (size_t i = 0; i < a->n_leader_counts; i++) {
		const struct agg_leader_count *c = &a->leader_counts[i];
		struct results_leader_count *x = &doc->leader_counts[i];

		x->op = out_dup(c->op, ok);
		x->subject = (int)c->subject;
		x->led = (long long)c->led;
		x->of = (long long)c->of;
		x->clear = (long long)c->clear;
		x->tied = (long long)c->tied;
		x->unresolved = (long long)c->unresolved;
	}
	doc->n_comparisons = a->n_comparisons;
	for (size_t i = 0; i < a->n_comparisons; i++)
		comparison(a, &a->comparisons[i], &doc->comparisons[i], ok);
	return 0;
}

void out_timeseries(const struct ts_list *l, struct results *doc, int *ok)
{
	size_t n = l != NULL ? l->n : 0;

	if ((doc->timeseries = calloc(n + 1, sizeof(*doc->timeseries))) == NULL) {
		*ok = 0;
		return;
	}
	doc->n_timeseries = n;
	for (size_t i = 0; i < n; i++) {
		const struct ts_series *s = &l->v[i];
		struct results_series *x = &doc->timeseries[i];
		char start[RFC3339_MAX];

		rfc3339_format(start, sizeof(start), s->start_s * 1000000000LL);
		x->subject = (int)s->subject;
		x->op = out_dup(s->op, ok);
		x->size = s->size;
		x->concurrency = s->concurrency;
		x->cycle = s->cycle;
		x->path = out_dup(s->path, ok);
		x->start = out_dup(start, ok);
		x->mib_s = calloc(s->n + 1, sizeof(*x->mib_s));
		x->obj_s = calloc(s->n + 1, sizeof(*x->obj_s));
		if (x->mib_s == NULL || x->obj_s == NULL) {
			*ok = 0;
			continue;
		}
		x->n = s->n;
		for (size_t k = 0; k < s->n; k++) {
			x->mib_s[k] = s->v[k].mib_s;
			x->obj_s[k] = s->v[k].obj_s;
		}
		x->kept_first = s->kept_first;
		x->kept_last = s->kept_last;
	}
}
