/* analyze/out/out_results_runs.c: the runs of aggregate.json (runs[], excluded[]) assembled
 * from the analysis (see out_results.h): each run's figures, cost, client-limit verdict,
 * client resources and request phases. */
#include "analyze/out/out_results.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/runlog_clients.h"
#include "core/jnum.h"

/* figure: member m of window w as its codec writes it, a real (null when absent). */
static struct jnum_copy figure(const struct runrec_window *w, enum runrec_window_member m, double v)
{
	struct jnum_copy n = {runrec_window_has(w, m) ? v : NAN, 0};

	return n;
}

void out_run_client(const struct runlog *l, struct results_run_client *x, int *ok)
{
	const struct runrec_clientres *c = l->client;
	const struct runrec_window *w = runrec_clientres_window(c);
	int cores = runrec_clientres_has(c, RUNREC_CLIENTRES_CORES);
	struct jnum_copy n_cores = {cores ? (double)c->cores : NAN, 1},
			 speed = {c->nic.speed_mbit, c->nic.speed_integer},
			 tx = {w->nic_tx_mbit_s, 0}, rx = {w->nic_rx_mbit_s, 0};

	x->host = runrec_clientres_has(c, RUNREC_CLIENTRES_HOST) ? out_dup(c->host, ok) : NULL;
	x->cores = n_cores;
	x->cpu_busy_pct = figure(w, RUNREC_WINDOW_CPU, w->cpu_busy_pct);
	x->collector_cpu_pct = figure(w, RUNREC_WINDOW_COLLECTOR, w->collector_cpu_pct);
	x->other_cpu_pct = figure(w, RUNREC_WINDOW_OTHER, w->other_cpu_pct);
	x->nic = c->nic.name[0] ? out_dup(c->nic.name, ok) : NULL;
	x->nic_speed_mbit = speed;
	x->nic_tx_mbit_s = tx; /* NaN when null or absent */
	x->nic_rx_mbit_s = rx;
	x->tcp_retrans_pct = figure(w, RUNREC_WINDOW_RETRANS, w->tcp_retrans_pct);
	x->shares_cpu = c->shares_cpu;
}

/* phases: the run's request phases (its summary's means and medians). */
static void phases(const struct runlog *l, struct results_phases *x)
{
	const struct request_phases *p = &l->summary.phases;

	for (int i = 0; i < RPH_COUNT; i++)
		x->mean_ms[i] = p->ph[i].mean_all_ms;
	x->connect_p50 = p->ph[RPH_CONNECT].n ? p->ph[RPH_CONNECT].lat.p50 : NAN;
	x->tls_p50 = p->ph[RPH_TLS].n ? p->ph[RPH_TLS].lat.p50 : NAN;
	x->wait_p50 = p->ph[RPH_WAIT].n ? p->ph[RPH_WAIT].lat.p50 : NAN;
	x->rtt_ms = p->rtt_source ? p->rtt_ms : NAN;
	x->reused_share = l->summary.conn.reused_share;
}

/* records: client_limit, client and request_phases of a run with them. */
static void records(const struct agg_run *r, struct results_run *x, int *ok)
{
	const struct runlog *l = r->log;

	if (r->climit_measured) {
		x->client_limit = malloc(sizeof(*x->client_limit));
		x->client = calloc(1, sizeof(*x->client));
		if (x->client_limit == NULL || x->client == NULL) {
			*ok = 0;
			return;
		}
		*x->client_limit = r->climit;
		out_run_client(l, x->client, ok);
	}
	if (l->has_summary && l->summary.has_phases) {
		if ((x->request_phases = calloc(1, sizeof(*x->request_phases))) == NULL)
			*ok = 0;
		else
			phases(l, x->request_phases);
	}
}

/* run: one run; full: runs[]'s members too. */
static void run(const struct agg_run *r, int full, struct results_run *x, int *ok)
{
	const struct runlog *l = r->log;
	const struct run_summary *s = &l->summary;
	int n = runlog_clients_count(&l->clients);

	x->path = out_dup(l->path, ok);
	x->subject = (int)r->subject;
	x->op = out_dup(l->op, ok);
	x->size = l->size;
	x->concurrency = l->concurrency;
	x->size_spec = out_dup(l->workload.size_spec, ok);
	x->range = out_dup(l->workload.range, ok);
	out_mix(l->workload.mix, &x->mix, ok);
	x->rate = l->workload.rate > 0 ? l->workload.rate : NAN;
	x->cycle = l->cycle;
	x->cls = r->v.included ? NULL : out_dup(r->v.cls, ok);
	x->reason = r->v.included ? NULL : out_dup(r->v.reason, ok);
	x->mib_s = x->obj_s = x->lat_avg_ms = x->ttfb_avg_ms = x->cpu_us_per_request = NAN;
	if (!full)
		return;
	x->clients = n;
	x->workers_total = l->concurrency * n;
	x->included = r->v.included;
	if (l->has_summary) {
		x->mib_s = s->mib_s;
		x->obj_s = s->obj_s;
		x->lat_avg_ms = s->latency.avg;
		x->ttfb_avg_ms = s->has_ttfb ? s->ttfb.avg : NAN;
	}
	if (l->has_cpu)
		x->cpu_us_per_request = l->cpu_us_per_request;
	out_run_cost(r, &x->cost, ok);
	records(r, x, ok);
}

void out_runs(const struct aggregate *a, struct results *doc, int *ok)
{
	size_t n_excluded = 0;

	for (size_t i = 0; i < a->n_runs; i++)
		n_excluded += !a->runs[i].v.included;
	doc->runs = calloc(a->n_runs + 1, sizeof(*doc->runs));
	doc->excluded = calloc(n_excluded + 1, sizeof(*doc->excluded));
	if (doc->runs == NULL || doc->excluded == NULL) {
		*ok = 0;
		return;
	}
	for (size_t i = 0; i < a->n_runs; i++) {
		if (!a->runs[i].v.included)
			run(&a->runs[i], 0, &doc->excluded[doc->n_excluded++], ok);
		run(&a->runs[i], 1, &doc->runs[doc->n_runs++], ok);
	}
}
