/* tests/tools/gen_truth/sim.c: see sim.h. */
#include "tests/tools/gen_truth/sim.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/climit.h"
#include "core/fsutil.h"
#include "core/opslog.h"
#include "core/runrec/runrec.h"
#include "core/summary.h"

#define NS 1000000000LL
#define BASE_NS (1796169600LL * NS) /* 2026-12-02T00:00:00Z */
#define MAXW 256
#define LIST_OBJECTS 100

double sim_uniform(struct sim_gen *g)
{
	g->rng ^= g->rng << 13;
	g->rng ^= g->rng >> 7;
	g->rng ^= g->rng << 17;
	return (double)(g->rng >> 11) / 9007199254740992.0;
}

double sim_lognormal(struct sim_gen *g, double cv)
{
	double sd = sqrt(log(1 + cv * cv)), u1 = sim_uniform(g), u2 = sim_uniform(g);

	return exp(sd * sqrt(-2 * log(1 - u1)) * cos(2 * M_PI * u2));
}

/* The rows of a run as they are made: fed to the summary, with the engine's figures. */
struct rows {
	struct summary_acc *acc;
	char op[16];
	int64_t t0;
	int peak_workers;
	int64_t late_no_worker;
};

/* row: one request of d ns from start (intended: its slot, 0 none) into the summary; a
 * failure when err (503); attempt K of a run with retries (0: none), retried when it was
 * sent again. */
static int row(struct rows *k, const struct sim_run *r, int thread, int64_t start, int64_t d,
	       int64_t intended, int err, int attempt, int retried, struct err *e)
{
	double wait = r->wait_frac > 0 ? r->wait_frac : 0.3;
	double rtt = r->rtt_frac > 0 ? r->rtt_frac : 0.1;
	int64_t send = d / 50, w = (int64_t)(wait * (double)d);
	struct op_row x = {
		.thread = thread,
		.op = k->op,
		.client_id = "gen",
		.n_objects = r->size == 0 ? LIST_OBJECTS : 1,
		.bytes = err ? 0 : r->size,
		.endpoint = "http://127.0.0.1:1",
		.file = "obj",
		.error = err ? "HTTP 503 SlowDown: Please reduce your request rate." : "",
		.cat = "",
		.start_ns = start,
		.first_byte_ns = start + send + w,
		.end_ns = start + d,
		.duration_ns = d,
		.intended_ns = intended,
		.has_phases = 1,
		.send_ns = send,
		.wait_ns = w,
		.transfer_ns = d - send - w,
		.conn = OPS_CONN_REUSED,
		.rtt_ns = (int64_t)(rtt * (double)d),
		.attempt = attempt,
		.retried = retried,
	};

	return summary_acc_add(k->acc, &x, e);
}

/* closed: a closed-loop run's rows. */
static int closed(struct sim_gen *g, const struct sim_run *r, struct rows *k, struct err *e)
{
	double per = r->size > 0 ? (double)r->size / (r->target * 1048576.0)
				 : LIST_OBJECTS / r->target;
	int64_t end = k->t0 + (int64_t)(g->seconds * NS);

	for (int w = 0; w < r->conc; w++)
		for (int64_t t = k->t0; t < end;) {
			int err = sim_uniform(g) < r->err503;

			if (r->mix_put > 0)
				snprintf(k->op, sizeof(k->op), "%s",
					 sim_uniform(g) * 100 < r->mix_put ? "PUT" : "GET");
			int64_t d = (int64_t)(per * r->conc * NS * (0.9 + 0.2 * sim_uniform(g)));

			if (err)
				d /= 10;
			if (row(k, r, w, t, d, 0, err, 0, 0, e) < 0)
				return -1;
			t += d;
		}
	k->peak_workers = -1;
	k->late_no_worker = -1;
	return 0;
}

/* attempts: the rows of the request of slot (intended) started at ready by worker w: a
 * throttled attempt (503 above capacity) 1 ms long, retried at once up to r->retries times;
 * the request's end-to-end span into *d. */
static int attempts(struct sim_gen *g, const struct sim_run *r, struct rows *k, int w,
		    int64_t ready, int64_t slot, int64_t *d, struct err *e)
{
	double p = r->capacity > 0 && r->rate > r->capacity ? (r->rate - r->capacity) / r->rate : 0;
	int64_t at = ready;

	for (int n = 1;; n++) {
		int err = sim_uniform(g) < p;
		int64_t x = err ? 1000000
				: (int64_t)(r->service_ms * 1e6 * (0.7 + 0.6 * sim_uniform(g)));
		int retried = err && n <= r->retries, attempt = r->retries > 0 ? n : 0;

		if (retried) {
			if (row(k, r, w, at, x, slot, err, attempt, 1, e) < 0)
				return -1;
			at += x;
			continue;
		}
		*d = at + x - ready;
		return row(k, r, w, ready, *d, slot, err, attempt, 0, e);
	}
}

/* open_loop: a rate run's rows: each slot started by the first free worker. */
static int open_loop(struct sim_gen *g, const struct sim_run *r, struct rows *k, struct err *e)
{
	int64_t free_at[MAXW] = {0}, tol = summary_rate_tolerance_ns(r->rate);
	int nw = r->workers < MAXW ? r->workers : MAXW;

	for (uint64_t i = 0; summary_rate_slot_ns(r->rate, i) < (int64_t)(g->seconds * NS); i++) {
		int64_t slot = k->t0 + summary_rate_slot_ns(r->rate, i), ready = slot, d;
		int w = -1;

		if (sim_uniform(g) < r->late_share)
			ready += (int64_t)(r->late_ms * 1e6);
		for (int j = 0; j < nw && w < 0; j++)
			if (free_at[j] <= ready)
				w = j;
		if (w < 0) {
			w = 0;
			for (int j = 1; j < nw; j++)
				if (free_at[j] < free_at[w])
					w = j;
			if (free_at[w] > slot + tol)
				k->late_no_worker++;
			ready = free_at[w];
		}
		if (w + 1 > k->peak_workers)
			k->peak_workers = w + 1;
		if (attempts(g, r, k, w, ready, slot, &d, e) < 0)
			return -1;
		free_at[w] = ready + d;
	}
	return 0;
}

/* client_record: the client machine's record of a run of summary s into c. */
static void client_record(const struct sim_gen *g, const struct sim_run *r,
			  const struct run_summary *s, struct runrec_clientres *c)
{
	double cpu = r->cpu_pct > 0 ? r->cpu_pct : 20;
	double mbit = s->mib_s * 1.048576 * 8, share = r->nic_share > 0 ? r->nic_share : 0.1;
	int put = strcmp(r->op, "put") == 0;
	struct runrec_window *w = &c->benchmark;

	memset(c, 0, sizeof(*c));
	snprintf(c->host, sizeof(c->host), "gen-truth");
	c->cores = 2;
	w->seconds = g->seconds;
	w->cpu_busy_pct = cpu;
	w->n_cores = 2;
	w->core_busy_pct[0] = w->core_busy_pct[1] = cpu;
	w->collector_cpu_pct = cpu * 0.8;
	w->other_cpu_pct = cpu * 0.2;
	w->nic_tx_mbit_s = put ? mbit : mbit / 100;
	w->nic_rx_mbit_s = put ? mbit / 100 : mbit;
	w->nic_tx_bytes = (int64_t)(w->nic_tx_mbit_s * 1e6 / 8 * g->seconds);
	w->nic_rx_bytes = (int64_t)(w->nic_rx_mbit_s * 1e6 / 8 * g->seconds);
	w->tcp_out_segs = 1000;
	snprintf(c->nic.name, sizeof(c->nic.name), "eth0");
	c->nic.speed_mbit = mbit > 0 ? ceil(mbit / share) : 10000;
	c->nic.speed_integer = 1;
	snprintf(c->nic.speed_source, sizeof(c->nic.speed_source), "campaign");
	c->samples = (int64_t)(g->seconds * 10);
	c->realtime_priority = r->rate > 0 ? 0 : RUNREC_NULL_INT;
}

/* bill: the benchmark's billable counts of summary s. */
static void bill(const struct sim_run *r, const struct run_summary *s, struct bill_counts *b)
{
	memset(b, 0, sizeof(*b));
	if (strcmp(r->op, "put") == 0) {
		bill_count_op(b, BOP_PUT_OBJECT, s->requests, 0, 0);
		b->bytes_in = s->bytes;
		b->objects = s->objects;
		b->object_bytes = s->bytes;
	} else {
		bill_count_op(b, BOP_GET_OBJECT, s->requests, 0, 0);
		b->bytes_out = s->bytes;
	}
}

/* clients_record: r's clients (r->clients > 1: ranks on hosts node-a, node-a, node-b, ...,
 * each with its share of s's throughput and requests) into c. */
static int clients_record(const struct sim_run *r, const struct run_summary *s,
			  struct runrec_clients *c, struct err *e)
{
	static const char *const hosts[] = {"node-a", "node-a", "node-b", "node-b"};
	static const char *const ids[] = {"c0", "c1", "c2", "c3"};
	int n = r->clients > 4 ? 4 : r->clients;

	if (runrec_clients_alloc(c, (size_t)n, e) < 0)
		return -1;
	c->count = n;
	c->concurrency_total = (int64_t)n * r->conc;
	for (int k = 0; k < n; k++) {
		struct runrec_client *x = &c->list[k];

		c->hosts[k] = hosts[k];
		*x = (struct runrec_client){.rank = k,
					    .host = hosts[k],
					    .client_id = ids[k],
					    .rtt_ms = 0.1,
					    .status = "complete",
					    .has_summary = 1};
		x->summary.requests = (int64_t)((double)s->requests * r->client_share[k]);
		x->summary.bytes = (int64_t)((double)s->bytes * r->client_share[k]);
		x->summary.mib_s = s->mib_s * r->client_share[k];
		x->summary.obj_s = s->obj_s * r->client_share[k];
		x->summary.has_latency = 1;
		x->summary.latency = s->latency;
	}
	return 0;
}

/* write_run: run.json of r with summary s into dir. */
static int write_run(const struct sim_gen *g, const struct sim_run *r, struct run_summary *s,
		     const char *dir, struct err *e)
{
	struct runrec *rec = calloc(1, sizeof(*rec));
	int rc = -1;

	if (rec == NULL)
		return err_set(e, "%s: out of memory", dir);
	runrec_init(rec);
	rec->absent = RUNREC_BIT(RUNREC_TOOL) | RUNREC_BIT(RUNREC_HOST) | RUNREC_BIT(RUNREC_CPU) |
		      RUNREC_BIT(RUNREC_STOP) | RUNREC_BIT(RUNREC_READS_EXHAUSTED) |
		      RUNREC_BIT(RUNREC_TRANSPORT) | RUNREC_BIT(RUNREC_CLIENTS) |
		      RUNREC_BIT(RUNREC_PHASE_RETRIES);
	if (r->subj->prices == NULL)
		rec->absent |= RUNREC_BIT(RUNREC_BILLING) | RUNREC_BIT(RUNREC_PRICES);
	rec->has_campaign = 1;
	rec->campaign = (struct runrec_campaign){.name = g->name,
						 .title = "Synthetic truth scenario",
						 .client = "gen_truth",
						 .order = "interleave",
						 .cycles = g->cycles,
						 .p99_limit_ms = g->p99_limit_ms,
						 .cost_example = g->cost_example};
	rec->cycle = r->cycle;
	rec->subject = (struct runrec_subject){.id = r->subj->id,
					       .label = r->subj->id,
					       .endpoint = "http://127.0.0.1:1",
					       .region = "us-east-1",
					       .bucket = "bench",
					       .addressing = "path",
					       .addressing_used = "path",
					       .credentials = "environment"};
	rec->workload = (struct runrec_workload){.op = r->op,
						 .size = (int64_t)r->size,
						 .concurrency = r->conc,
						 .bound = "duration",
						 .duration_s = g->seconds,
						 .objects = 64,
						 .timeout_s = 60.0,
						 .size_spec = r->size_spec,
						 .rate = r->rate,
						 .workers = r->rate > 0 ? r->workers : r->conc,
						 .retries = r->retries,
						 .seed = 7,
						 .buckets = 1,
						 .prefixes = 1};
	if (r->mix_put > 0) {
		rec->workload.has_mix = 1;
		rec->workload.mix[RUNREC_MIX_GET] = 100 - r->mix_put;
		rec->workload.mix[RUNREC_MIX_PUT] = r->mix_put;
	}
	if (r->subj->payload != NULL) {
		rec->workload.has_send = 1;
		rec->workload.send.v[RUNREC_SEND_PAYLOAD] = r->subj->payload;
	}
	if (r->subj->sse != NULL) {
		rec->workload.has_send = 1;
		rec->workload.send.v[RUNREC_SEND_SSE] = r->subj->sse;
	}
	for (int p = 0; p < PHASE_COUNT; p++)
		rec->phase[p] = PH_DONE;
	rec->wrapper = (struct runrec_wrapper){.exit_code = 0, .elapsed_s = g->seconds + 1};
	rec->errors.count = (int64_t)s->errors;
	rec->status = RUNREC_COMPLETE;
	if (r->subj->prices != NULL) {
		rec->has_prices = 1;
		rec->prices = *r->subj->prices;
		rec->billing.phases = 1u << PHASE_BENCHMARK;
		bill(r, s, &rec->billing.bill[PHASE_BENCHMARK]);
	}
	rec->has_client = 1;
	client_record(g, r, s, &rec->client);
	if (r->clients > 1) {
		rec->has_clients = 1;
		rec->absent &= ~RUNREC_BIT(RUNREC_CLIENTS);
		if (clients_record(r, s, &rec->clients, e) < 0)
			goto done;
	}
	rec->has_client_limit = 1;
	if (climit_judge(&rec->client, s->has_rate ? &s->rate : NULL, rec->workload.workers, NULL,
			 &rec->client_limit, e) < 0)
		goto done;
	rec->summary = summary_to_json(s);
	if (rec->summary == NULL) {
		err_set(e, "%s: out of memory", dir);
		goto done;
	}
	rc = runrec_write(rec, dir, "run.json", 0, e);
	json_decref((json_t *)rec->summary);
done:
	runrec_clients_clear(&rec->clients);
	free(rec);
	return rc;
}

int sim_run(struct sim_gen *g, const struct sim_run *r, struct err *e)
{
	struct rows k = {.acc = summary_acc_new()};
	struct run_summary s;
	char dir[4096], name[128];
	int rc = -1;

	if (k.acc == NULL)
		return err_set(e, "out of memory");
	for (size_t i = 0; r->op[i] && i + 1 < sizeof(k.op); i++)
		k.op[i] = (char)toupper((unsigned char)r->op[i]);
	k.t0 = BASE_NS + (int64_t)r->cycle * 86400 * NS + (int64_t)(sim_uniform(g) * 3600) * NS;
	snprintf(name, sizeof(name), "%s-%llu-c%d", r->op, (unsigned long long)r->size, r->conc);
	if (r->rate > 0)
		snprintf(name + strlen(name), sizeof(name) - strlen(name), "-r%g", r->rate);
	if (r->size_spec != NULL)
		snprintf(name + strlen(name), sizeof(name) - strlen(name), "-spec");
	if (r->cycle > 0)
		snprintf(dir, sizeof(dir), "%s/runs/cycle-%02d/%s/%s", g->out, r->cycle,
			 r->subj->id, name);
	else
		snprintf(dir, sizeof(dir), "%s/runs/once/%s/%s", g->out, r->subj->id, name);
	if (fs_mkdirs(dir, e) < 0 ||
	    (r->rate > 0 ? open_loop(g, r, &k, e) : closed(g, r, &k, e)) < 0 ||
	    summary_acc_finish(k.acc, &s, e) < 0)
		goto done;
	if (r->rate > 0) {
		if (summary_acc_rate(k.acc, r->rate, g->seconds, &s, e) < 0) {
			summary_clear(&s);
			goto done;
		}
		s.rate.peak_workers = k.peak_workers;
		s.rate.late_no_worker = k.late_no_worker;
	}
	s.retry.max = r->retries;
	rc = write_run(g, r, &s, dir, e);
	summary_clear(&s);
done:
	summary_acc_free(k.acc);
	return rc;
}
