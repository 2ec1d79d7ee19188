/* tests/unit/test_climit_cells.c: analyze/cells/climit_cells.c on run logs built in memory:
 * a distributed run judged on every client's record (a NIC-bound client that is not the
 * busiest one limits the run and is named with its reasons; the recorded workers reason
 * carried; a malformed client record named), a run judged on its own record when its
 * clients carry none, and a cell's busiest-thread figure. */
#include <math.h>
#include <string.h>

#include "analyze/cells/aggregate.h"
#include "core/runrec/runrec.h"
#include "tests/unit/check.h"

/* record: a client record read by the codec (cpu and thread figures, NIC tx in Mbit/s of
 * a 1000 Mbit/s NIC; thread < 0: none). */
static struct runrec_clientres record(double cpu, double tx, double thread)
{
	struct runrec_clientres c;
	json_t *w = json_pack("{s:f,s:f,s:f,s:f}", "cpu_busy_pct", cpu, "nic_tx_mbit_s", tx,
			      "nic_rx_mbit_s", 0.0, "tcp_retrans_pct", 0.0);
	json_t *j;
	struct err e;

	if (thread >= 0)
		json_object_set_new(w, "busiest_thread_pct", json_real(thread));
	j = json_pack("{s:s,s:{s:o,s:n},s:{s:s,s:f}}", "host", "h", "window", "benchmark", w,
		      "kept", "nic", "name", "eth0", "speed_mbit", 1000.0);
	if (runrec_clientres_from_json(j, "client", &c, &e) < 0)
		CHECK(0, "a client record: %s", e.msg);
	json_decref(j);
	return c;
}

struct fixture {
	struct runlog log[3];
	struct runlog_client cl[3];
	char *hosts[3];
	struct runrec_clientres rec[4], top;
};

/* run: a complete GET run of subject s at cycle c. */
static void run(struct runlog *r, const char *s, int c)
{
	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = (char *)s;
	r->op = "get";
	r->size = 1048576;
	r->concurrency = 2;
	r->cycle = c;
	r->objects = -1;
	r->elapsed_s = NAN;
	r->status = "complete";
	r->has_summary = 1;
	r->summary.mib_s = r->summary.obj_s = 10;
	r->summary.bytes = r->summary.requests = r->summary.objects = 100;
}

/* build: log[0] a 3-client run of subject a (rank 0 the busiest CPU at 80 %, rank 1 its
 * NIC at 95 %, rank 2 idle but recorded late for want of a worker); log[1] subject b, one
 * client judged on its own record (a thread at 97 % of a core); log[2] subject b, another
 * cycle, not measured. */
static void build(struct fixture *f)
{
	static char *hosts[] = {"node-a", "node-b", "node-c"};

	memset(f, 0, sizeof(*f));
	run(&f->log[0], "a", 1);
	f->rec[0] = record(80, 10, 50);
	f->rec[1] = record(30, 950, 40);
	f->rec[2] = record(20, 10, 30);
	for (int k = 0; k < 3; k++) {
		f->hosts[k] = hosts[k];
		f->cl[k] = (struct runlog_client){.rank = k,
						  .host = hosts[k],
						  .has_summary = 1,
						  .mib_s = 3,
						  .obj_s = 3,
						  .client = &f->rec[k]};
	}
	f->cl[2].has_limit = 1;
	f->cl[2].limit = (struct climit_verdict){
		.limited = 1, .reasons = CLIMIT_R_WORKERS, .late_slots = 7};
	f->log[0].clients = (struct runlog_clients){3, 6, f->hosts, f->cl,
						    3}; /* count, total, hosts, list */
	f->top = f->rec[0];                             /* the busiest, as collect writes it */
	f->log[0].client = &f->top;
	run(&f->log[1], "b", 1);
	f->rec[3] = record(40, 10, 97);
	f->log[1].client = &f->rec[3];
	run(&f->log[2], "b", 2);
	/* another concurrency: a cell never mixes client counts (analyze/cells/clients.h) */
	f->log[1].concurrency = f->log[2].concurrency = 4;
}

static void test_distributed(void)
{
	struct fixture f;
	struct agg_options o = {.policy = POLICY_MEAN, .min_samples = 1};
	struct aggregate *a;
	struct err e;
	const struct agg_run *r;

	build(&f);
	a = aggregate_build(f.log, 3, &o, &e);
	CHECK(a != NULL, "aggregate_build: %s", a == NULL ? e.msg : "");
	if (a == NULL)
		return;
	r = &a->runs[0];
	CHECK(r->climit_measured && r->climit_clients_judged == 3, "3 clients judged (%zu)",
	      r->climit_clients_judged);
	CHECK(r->climit.limited && r->climit.reasons == (CLIMIT_R_NIC | CLIMIT_R_WORKERS),
	      "the run is limited by its NIC-bound client, not judged on the busiest one only "
	      "(reasons %#x)",
	      r->climit.reasons);
	CHECK(r->n_climit_clients == 2 && r->climit_clients[0].rank == 1 &&
		      strcmp(r->climit_clients[0].host, "node-b") == 0 &&
		      r->climit_clients[0].v.reasons == CLIMIT_R_NIC &&
		      r->climit_clients[1].rank == 2 &&
		      r->climit_clients[1].v.reasons == CLIMIT_R_WORKERS,
	      "named: rank 1 (node-b) nic, rank 2 workers (%zu named)", r->n_climit_clients);
	CHECK_NUM(r->climit.cpu_busy_pct, 80, 1e-9, "the run's CPU figure: the busiest client's");
	CHECK_NUM(r->climit.nic_pct, 95, 1e-9, "the run's NIC figure: the highest");
	CHECK(r->climit.late_slots == 7, "late slots: the clients' sum (%lld)",
	      (long long)r->climit.late_slots);
	r = &a->runs[1];
	CHECK(r->climit_measured && r->climit_clients_judged == 0 && r->n_climit_clients == 0 &&
		      r->climit.reasons == CLIMIT_R_CPU,
	      "one client: judged on its own record, cpu from its thread (%#x)", r->climit.reasons);
	CHECK(!a->runs[2].climit_measured, "no record: not measured");
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		if (c->n == 0)
			continue;
		if (strcmp(a->subjects[c->subject].id, "b") == 0)
			CHECK_NUM(c->climit.thread_pct_max, 97, 1e-9,
				  "cell b: the busiest thread of its measured runs");
		else
			CHECK_NUM(c->climit.thread_pct_max, 50, 1e-9,
				  "cell a: the busiest thread of its clients");
	}
	aggregate_free(a);
}

static void test_malformed(void)
{
	struct fixture f;
	struct agg_options o = {.policy = POLICY_MEAN, .min_samples = 1};
	struct aggregate *a;
	struct err e = {{0}};

	build(&f);
	f.rec[1].benchmark.absent = ~0ull; /* no cpu_busy_pct */
	a = aggregate_build(f.log, 3, &o, &e);
	CHECK(a == NULL && strstr(e.msg, "clients.list[1]") != NULL &&
		      strstr(e.msg, "cpu_busy_pct") != NULL,
	      "a malformed client record is named (%s)", e.msg);
	aggregate_free(a);
}

int main(void)
{
	test_distributed();
	test_malformed();
	return check_done();
}
