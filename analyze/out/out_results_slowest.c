/* analyze/out/out_results_slowest.c: slowest[] of aggregate.json assembled from each
 * cell's slowest requests (analyze/cells/slowest.h; see out_results.h). */
#include "analyze/out/out_results.h"

#include <math.h>
#include <stdlib.h>

#include "core/opslog.h"
#include "core/timefmt.h"

static double ms(int64_t ns)
{
	return (double)ns / 1e6;
}

static void req(const struct slow_req *q, struct results_slow_req *x, int *ok)
{
	static const char *const conn[OPS_CONN_COUNT] = {
		[OPS_CONN_REUSED] = "reused",
		[OPS_CONN_NEW] = "new",
		[OPS_CONN_TLS_FULL] = "tls_full",
		[OPS_CONN_TLS_RESUMED] = "tls_resumed",
	};
	const int64_t ph[6] = {q->dns_ns,  q->connect_ns, q->tls_ns,
			       q->send_ns, q->wait_ns,    q->transfer_ns};
	char t[RFC3339_MAX];

	x->run = out_dup(q->run, ok);
	x->cycle = q->cycle;
	x->idx = q->idx;
	x->op = out_dup(q->op, ok);
	x->file = out_dup(q->file, ok);
	x->start = out_dup(rfc3339_format(t, sizeof(t), q->start_ns) ? t : NULL, ok);
	x->latency_ms = ms(q->duration_ns);
	for (int i = 0; i < 6; i++)
		x->phase_ms[i] = q->has_phases ? ms(ph[i]) : NAN;
	x->conn = q->has_phases && q->conn >= 0 && q->conn < OPS_CONN_COUNT
			  ? out_dup(conn[q->conn], ok)
			  : NULL;
	x->conn_id = q->conn_id;
	x->conn_req = q->conn_id ? q->conn_req : 0;
	x->conn_age_s = q->conn_id ? (double)q->conn_age_ns / 1e9 : NAN;
	x->attempt = q->attempt;
	x->remote = out_dup(q->remote, ok);
	x->request_id = out_dup(q->request_id, ok);
	x->host_id = out_dup(q->host_id, ok);
	x->error = out_dup(q->error, ok);
}

/* fronts: s's front ends into x. */
static void fronts(const struct slow_cell *s, struct results_slowest *x, int *ok)
{
	uint64_t all = s->front_others;

	if ((x->front_ends = calloc(s->n_front + 1, sizeof(*x->front_ends))) == NULL) {
		*ok = 0;
		return;
	}
	for (size_t i = 0; i < s->n_front; i++)
		all += s->front[i].requests;
	x->n_front_ends = s->n_front;
	x->front_others = s->front_others;
	for (size_t i = 0; i < s->n_front; i++) {
		const struct slow_front *f = &s->front[i];
		struct results_front_end *y = &x->front_ends[i];

		y->remote = out_dup(f->remote, ok);
		y->requests = f->requests;
		y->errors = f->errors;
		y->share = all ? (double)f->requests / (double)all : NAN;
		y->mib_s = s->span_ns > 0
				   ? (double)f->bytes / 1048576.0 / ((double)s->span_ns / 1e9)
				   : NAN;
		y->p50_ms = f->p50_ms;
		y->p99_ms = f->p99_ms;
	}
}

/* server: s's join with the servers' logs into x (with a server log only). */
static void server(const struct slow_cell *s, struct results_slowest *x, int *ok)
{
	const struct slow_join *j = &s->join;
	struct results_part *to[SLOW_NPART];
	struct results_server *y = calloc(1, sizeof(*y));

	if ((x->server = y) == NULL) {
		*ok = 0;
		return;
	}
	y->with_id = j->with_id;
	y->joined = j->joined;
	y->share = j->with_id ? (double)j->joined / (double)j->with_id : NAN;
	to[SLOW_TOTAL] = &y->total;
	to[SLOW_TURN] = &y->turnaround;
	to[SLOW_XFER] = &y->transfer;
	to[SLOW_REST] = &y->rest;
	for (int i = 0; i < SLOW_NPART; i++)
		*to[i] = (struct results_part){j->part[i].mean_ms, j->part[i].p99_ms};
}

static void one(const struct slow_cell *s, struct results_slowest *x, int *ok, int joined)
{
	const struct agg_cell *c = s->cell;

	x->subject = (int)c->subject;
	x->op = out_dup(c->op, ok);
	x->size = c->size;
	x->concurrency = c->concurrency;
	x->size_spec = out_dup(c->size_spec, ok);
	x->range = out_dup(c->range, ok);
	x->mix = out_dup(c->mix, ok);
	x->hedge = out_dup(c->hedge, ok);
	x->rate = c->rate > 0 ? c->rate : NAN;
	x->requests = s->requests;
	if ((x->slowest = calloc(s->n + 1, sizeof(*x->slowest))) == NULL) {
		*ok = 0;
		return;
	}
	x->n_slowest = s->n;
	for (size_t i = 0; i < s->n; i++)
		req(&s->req[i], &x->slowest[i], ok);
	fronts(s, x, ok);
	if (joined)
		server(s, x, ok);
}

void out_slowest(const struct slow_list *l, int joined, struct results *doc, int *ok)
{
	size_t n = l != NULL ? l->n : 0;

	if ((doc->slowest = calloc(n + 1, sizeof(*doc->slowest))) == NULL) {
		*ok = 0;
		return;
	}
	doc->n_slowest = n;
	for (size_t i = 0; i < n; i++)
		one(&l->v[i], &doc->slowest[i], ok, joined);
}
