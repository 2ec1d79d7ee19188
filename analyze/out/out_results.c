/* analyze/out/out_results.c: results/aggregate.json from the analysis (see out.h): the
 * document's head, subjects, matrix and arrays assembled into core/results' records, then
 * written by its codec. */
#include "analyze/out/out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/clients.h"
#include "analyze/cells/compare.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/history/baseline.h"
#include "analyze/out/out_results.h"
#include "core/version.h"

/* alloc: zeroed room for n records of size (one spare); *ok = 0 when out of memory. */
static void *alloc(size_t n, size_t size, int *ok)
{
	void *p = calloc(n + 1, size);

	if (p == NULL)
		*ok = 0;
	return p;
}

static void head(const struct aggregate *a, const struct out_meta *m, struct results *doc, int *ok)
{
	doc->format = out_dup(S3BENCH_AGGREGATE_FORMAT, ok);
	doc->generated = out_dup(m->generated, ok);
	doc->tool_name = out_dup("s3bench", ok);
	doc->tool_version = out_dup(S3BENCH_VERSION, ok);
	doc->source = out_dup(m->source ? m->source : "s3bench", ok);
	doc->warp_engine = out_dup(m->warp_engine, ok);
	doc->campaign.name = out_dup(a->campaign_name, ok);
	doc->campaign.title = out_dup(a->campaign_title, ok);
	doc->campaign.client = out_dup(a->campaign_client, ok);
	doc->campaign.cycles = a->cycles;
	doc->campaign.order = out_dup(m->order ? m->order : a->campaign_order, ok);
	doc->policy.name = out_dup(inclusion_policy_name(a->policy), ok);
	doc->policy.min_samples = (long long)a->min_samples;
	doc->policy.repeat = a->repeat;
	doc->policy.rule = out_dup(inclusion_rule_text(), ok);
	doc->has_statistics = 1;
	doc->statistics.confidence = COMPARE_CONFIDENCE;
	doc->statistics.alpha = a->alpha;
	doc->statistics.adjust = out_dup("bonferroni", ok);
	doc->statistics.family = (long long)a->family;
	doc->statistics.family_scope = out_dup("category", ok);
	doc->statistics.leader_adjust = out_dup("holm", ok);
	doc->statistics.power = COMPARE_POWER;
	if ((doc->statistics.moderation.present = a->prior.df > 0)) {
		struct results_moderation *mo = &doc->statistics.moderation;

		mo->method = out_dup("smyth-2004", ok);
		mo->variances = (long long)a->prior.n;
		mo->df_prior = a->prior.df;
		mo->var_prior = a->prior.var;
		mo->df_pooled = a->prior.df_pooled;
	}
}

static void subjects_matrix(const struct aggregate *a, struct results *doc, int *ok)
{
	struct results_matrix *x = &doc->matrix;

	if ((doc->subjects = alloc(a->n_subjects, sizeof(*doc->subjects), ok)) != NULL)
		doc->n_subjects = a->n_subjects;
	for (size_t i = 0; i < doc->n_subjects; i++) {
		const struct agg_subject *s = &a->subjects[i];
		struct results_subject *d = &doc->subjects[i];

		d->id = out_dup(s->id, ok);
		d->label = out_dup(s->label, ok);
		d->color = out_dup(s->color, ok);
		d->endpoint = out_dup(s->endpoint, ok);
		d->region = out_dup(s->region, ok);
		d->send = out_dup(s->send, ok);
		d->dotted_bucket = out_dup(s->dotted_bucket, ok);
	}
	x->ops = alloc(a->n_m_ops, sizeof(*x->ops), ok);
	x->sizes = alloc(a->n_m_sizes, sizeof(*x->sizes), ok);
	x->size_labels = alloc(a->n_m_sizes, sizeof(*x->size_labels), ok);
	x->concurrency = alloc(a->n_m_concs, sizeof(*x->concurrency), ok);
	if (!*ok)
		return;
	x->n_ops = a->n_m_ops;
	x->n_sizes = a->n_m_sizes;
	x->n_concurrency = a->n_m_concs;
	for (size_t i = 0; i < a->n_m_ops; i++)
		x->ops[i] = out_dup(a->m_ops[i], ok);
	for (size_t i = 0; i < a->n_m_sizes; i++) {
		x->sizes[i] = a->m_sizes[i];
		x->size_labels[i] = out_dup(out_size_label(a, a->m_sizes[i]), ok);
	}
	memcpy(x->concurrency, a->m_concs, a->n_m_concs * sizeof(*x->concurrency));
}

static void cells(const struct aggregate *a, struct results *doc, int *ok)
{
	if ((doc->cells = alloc(a->n_cells, sizeof(*doc->cells), ok)) != NULL)
		doc->n_cells = a->n_cells;
	for (size_t i = 0; i < doc->n_cells; i++)
		out_cell(a, &a->cells[i], &doc->cells[i], ok);
	if ((doc->workload_cells = alloc(a->n_wcells, sizeof(*doc->workload_cells), ok)) != NULL)
		doc->n_workload_cells = a->n_wcells;
	for (size_t i = 0; i < doc->n_workload_cells; i++)
		out_cell(a, &a->wcells[i], &doc->workload_cells[i], ok);
}

static void oneoffs(const struct aggregate *a, struct results *doc, int *ok)
{
	if ((doc->ops = alloc(a->n_ops, sizeof(*doc->ops), ok)) != NULL)
		doc->n_ops = a->n_ops;
	for (size_t i = 0; i < doc->n_ops; i++) {
		const struct agg_op *p = &a->ops[i];
		struct results_oneoff *x = &doc->ops[i];

		x->subject = (int)p->subject;
		x->op = out_dup(p->op, ok);
		x->size = p->size;
		x->concurrency = p->concurrency;
		x->clients = p->clients;
		x->workers_total = p->concurrency * p->clients;
		x->objects = p->objects >= 0 ? p->objects : -1;
		x->n = (int)p->n;
		x->total = (int)p->total;
		x->obj_s = p->obj_s;
		out_lat(&p->lat, &x->latency_ms);
		out_lat(&p->ttfb, &x->ttfb_ms);
		x->seg_median = p->seg_median;
		x->seg_fastest = p->seg_fastest;
		x->seg_slowest = p->seg_slowest;
		x->completion_s = p->completion_s;
		x->delete_markers = p->delete_markers;
		x->dataset = p->dataset != NULL ? out_dup(p->dataset, ok) : NULL;
	}
}

static void clients(const struct aggregate *a, struct results *doc, int *ok)
{
	if ((doc->client_hosts = alloc(a->n_client_hosts, sizeof(*doc->client_hosts), ok)) != NULL)
		doc->n_client_hosts = a->n_client_hosts;
	for (size_t i = 0; i < doc->n_client_hosts; i++) {
		doc->client_hosts[i].host = out_dup(a->client_hosts[i].host, ok);
		doc->client_hosts[i].ranks = a->client_hosts[i].ranks;
	}
	if ((doc->client_balance = alloc(a->n_balance, sizeof(*doc->client_balance), ok)) != NULL)
		doc->n_client_balance = a->n_balance;
	for (size_t i = 0; i < doc->n_client_balance; i++) {
		const struct agg_balance *b = &a->balance[i];
		struct results_balance *x = &doc->client_balance[i];

		x->subject = (int)b->subject;
		x->op = out_dup(b->op, ok);
		x->size = b->size;
		x->concurrency = b->concurrency;
		x->workers_total = b->concurrency * b->clients;
		x->n = (long long)b->n;
		x->ratio_max_min = b->ratio;
		if ((x->clients = alloc((size_t)b->clients, sizeof(*x->clients), ok)) == NULL)
			continue;
		x->n_clients = (size_t)b->clients;
		for (int k = 0; k < b->clients; k++) {
			x->clients[k].rank = b->list[k].rank;
			x->clients[k].host = out_dup(b->list[k].host, ok);
			x->clients[k].mib_s = b->list[k].mib_s;
			x->clients[k].obj_s = b->list[k].obj_s;
		}
	}
}

static void unreadable(const struct out_meta *m, struct results *doc, int *ok)
{
	if ((doc->unreadable = alloc(m->n_unreadable, sizeof(*doc->unreadable), ok)) != NULL)
		doc->n_unreadable = m->n_unreadable;
	for (size_t i = 0; i < doc->n_unreadable; i++) {
		const struct plantsv_row *p = m->unreadable[i].planned;

		doc->unreadable[i].path = out_dup(m->unreadable[i].path, ok);
		doc->unreadable[i].error = out_dup(m->unreadable[i].error, ok);
		if (p != NULL) {
			doc->unreadable[i].subject = out_dup(p->subject, ok);
			doc->unreadable[i].op = out_dup(p->op, ok);
			doc->unreadable[i].cycle = p->cycle;
			doc->unreadable[i].size = p->size;
			doc->unreadable[i].concurrency = p->concurrency;
		}
	}
}

static int build(const struct aggregate *a, const struct out_meta *m, struct results *doc,
		 struct err *e)
{
	int ok = 1;

	memset(doc, 0, sizeof(*doc));
	head(a, m, doc, &ok);
	subjects_matrix(a, doc, &ok);
	cells(a, doc, &ok);
	out_sweeps(a, doc, &ok);
	oneoffs(a, doc, &ok);
	if (out_findings(a, doc, &ok, e) < 0)
		return -1;
	clients(a, doc, &ok);
	out_timeseries(m->timeseries, doc, &ok);
	out_hedges(m->hedge, doc, &ok);
	out_slowest(m->slowest, m->server_joined, doc, &ok);
	out_runs(a, doc, &ok);
	unreadable(m, doc, &ok);
	out_costs(a, doc, &ok);
	out_planner(a, doc, &ok);
	out_vantages(m->vantages, doc, &ok);
	doc->has_claims = 1; /* borrowed from m: out_results_write gives them back */
	doc->claims = m->claims->v;
	doc->n_claims = m->claims->n;
	doc->support = m->support; /* borrowed too */
	doc->n_support = m->n_support;
	doc->staleness = m->staleness;
	doc->n_staleness = m->n_staleness;
	return ok ? 0 : err_set(e, "aggregate.json: out of memory");
}

int out_results_write(const struct aggregate *a, struct out_meta *m, const char *path,
		      struct err *e)
{
	struct results doc;
	int rc = -1;

	if (build(a, m, &doc, e) < 0)
		goto done;
	if (m->baseline != NULL && baseline_build(&doc, m->baseline, a->alpha, &doc.baseline,
						  &m->baseline_significant, e) < 0)
		goto done;
	if (claims_changes(m->claims, a, doc.baseline) < 0) {
		err_set(e, "claims: out of memory");
		goto done;
	}
	doc.claims = m->claims->v;
	doc.n_claims = m->claims->n;
	rc = results_write(&doc, path, e);
done:
	doc.claims = NULL; /* m's: not doc's to free */
	doc.n_claims = 0;
	doc.support = NULL;
	doc.n_support = 0;
	doc.staleness = NULL;
	doc.n_staleness = 0;
	results_free(&doc);
	return rc;
}
