/* tests/unit/test_workload_steps.c: a rate sweep's steps and who set its limit
 * (analyze/cells/workload_cells.c, docs/METHODOLOGY.md "Workload cells and rate sweeps"),
 * on rate runs built in memory: held; the client sent late (579 of 600 on time, no error,
 * no worker shortage, a short service p99): the client's, late-sends, never the server's;
 * more than 1 % failed: the server's; the service p99 over the limit: the server's; slots
 * waiting for a worker at the cap: the client's, workers; and the sweep's limit from the
 * first step above the sustained rate; the throttling knee from the attempts: retries that
 * answered every 503 leave the requests unthrottled, yet the step whose attempts were
 * throttled above 1 % is the knee, and the knee claim says so (basis attempts). */
#include <math.h>
#include <string.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/workload_cells.h"
#include "analyze/claims/claims.h"
#include "core/runrec/runrec.h"
#include "tests/unit/check.h"

/* One step of the sweep: a run at `rate` for 6 s. */
struct stepcase {
	double rate;
	uint64_t on_time, failed; /* of rate x 6 slots, every one sent */
	double p99, p99_intended; /* service, from the intended start (ms) */
	int64_t late_no_worker;   /* slots that waited for a worker with every worker busy */
	int want_by;
	unsigned want_reasons;
	uint64_t throttled; /* attempts answered 503 and retried: every request succeeded */
};

static const struct stepcase steps[] = {
	{100, 600, 0, 5, 6, 0, STEP_HELD, 0, 6},
	{200, 1160, 0, 7, 10, 0, STEP_CLIENT, WL_R_LATE_SENDS, 40},
	{300, 1800, 40, 8, 9, 0, STEP_SERVER, 0, 90},
	{400, 2400, 0, 80, 90, 0, STEP_SERVER, 0, 0},
	{800, 4000, 0, 9, 400, 700, STEP_CLIENT, CLIMIT_R_WORKERS, 0},
};
#define NSTEPS (sizeof(steps) / sizeof(steps[0]))

static struct runrec_clientres idle_client(void)
{
	struct runrec_clientres c;
	json_t *j = json_pack("{s:s,s:{s:{s:f},s:n}}", "host", "h", "window", "benchmark",
			      "cpu_busy_pct", 20.0, "kept");
	struct err e;

	if (runrec_clientres_from_json(j, "client", &c, &e) < 0)
		CHECK(0, "a client record: %s", e.msg);
	json_decref(j);
	return c;
}

static void rate_run(struct runlog *r, const struct stepcase *k, struct runrec_clientres *cl)
{
	struct rate_summary *rt = &r->summary.rate;

	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = "rgw";
	r->op = "get";
	r->size = 4096;
	r->concurrency = 64;
	r->cycle = 0;
	r->objects = -1;
	r->elapsed_s = NAN;
	r->status = "complete";
	r->has_summary = 1;
	r->workload.rate = k->rate;
	r->workload.duration_s = 6;
	r->workload.workers = 64;
	r->workload.p99_limit_ms = 50;
	r->summary.requests = r->summary.objects = (uint64_t)(k->rate * 6);
	r->summary.errors = k->failed;
	r->summary.has_attempt_counts = 1;
	r->summary.attempts = r->summary.requests + k->throttled;
	r->summary.throttled_attempts = k->throttled;
	r->summary.bytes = r->summary.requests * 4096;
	r->summary.mib_s = 1;
	r->summary.obj_s = k->rate;
	r->summary.latency = (struct lat_stats){k->p99 / 2, k->p99 / 2, k->p99, k->p99,
						1,          k->p99,     1};
	r->summary.has_rate = 1;
	rt->offered = k->rate;
	rt->span_s = 6;
	rt->slots = rt->sent = (uint64_t)(k->rate * 6);
	rt->on_time = k->on_time;
	rt->failed = k->failed;
	rt->achieved = k->rate;
	rt->sustained = (double)k->on_time >= 0.99 * (double)rt->slots &&
			(double)(rt->sent - k->failed) >= 0.99 * (double)rt->slots;
	rt->intended = (struct lat_stats){k->p99_intended / 2,
					  k->p99_intended / 2,
					  k->p99_intended,
					  k->p99_intended,
					  1,
					  k->p99_intended,
					  1};
	rt->peak_workers = k->late_no_worker > 0 ? 64 : 8;
	rt->late_no_worker = k->late_no_worker;
	r->client = cl;
}

/* knee: the first step whose attempts were throttled above 1 % (200/s: 40 of 1240; 100/s: 6
 * of 606 is below), though no request was (the requests' share would find none); the knee
 * claim's figures. */
static void knee(const struct aggregate *a)
{
	struct claim_list l = {0};
	const struct results_claim *k = NULL;
	struct err e = {0};

	CHECK(a->sweeps[0].throttle_knee == 200, "the knee from the attempts: 200/s (%g)",
	      a->sweeps[0].throttle_knee);
	CHECK(workload_cells_throttled_share(&a->wcells[a->sweeps[0].points[1]]) == 0,
	      "no request throttled at the knee: the retries hid it");
	CHECK(claims_build(a, NULL, &l, &e) == 0, "claims_build: %s", e.msg);
	for (size_t i = 0; i < l.n; i++)
		if (strcmp(l.v[i].kind, "knee") == 0)
			k = &l.v[i];
	CHECK(k != NULL && strcmp(k->verdict, "found") == 0, "a knee claim, found");
	for (size_t i = 0; k != NULL && i < k->n_figures; i++) {
		const struct results_claim_figure *f = &k->figures[i];

		if (strcmp(f->name, "rate") == 0)
			CHECK(f->num == 200, "the claim's rate 200 (%g)", f->num);
		else if (strcmp(f->name, "share") == 0)
			CHECK(fabs(f->num - 40.0 / 1240) < 1e-12, "its share 40 / 1240 (%g)",
			      f->num);
		else if (strcmp(f->name, "basis") == 0)
			CHECK_STR(f->text, "attempts", "its basis");
	}
	claims_free(&l);
}

int main(void)
{
	struct runlog logs[NSTEPS];
	struct runrec_clientres cl = idle_client();
	struct agg_options o = {.policy = POLICY_MEAN, .min_samples = 1};
	struct agg_sweep_limit lim;
	struct aggregate *a;
	struct err e;

	for (size_t i = 0; i < NSTEPS; i++)
		rate_run(&logs[i], &steps[i], &cl);
	a = aggregate_build(logs, NSTEPS, &o, &e);
	CHECK(a != NULL, "aggregate_build: %s", a == NULL ? e.msg : "");
	if (a == NULL)
		return check_done();
	CHECK(a->n_sweeps == 1 && a->sweeps[0].n_points == NSTEPS, "one sweep of %zu points",
	      NSTEPS);
	for (size_t k = 0; a->n_sweeps == 1 && k < a->sweeps[0].n_points; k++) {
		const struct agg_cell *c = &a->wcells[a->sweeps[0].points[k]];
		const struct agg_step *st = &c->workload->step;

		CHECK(st->by == steps[k].want_by && st->reasons == steps[k].want_reasons,
		      "%g/s: step %d reasons %#x, want %d %#x", c->rate, st->by, st->reasons,
		      steps[k].want_by, steps[k].want_reasons);
		CHECK(st->slots == (uint64_t)(steps[k].rate * 6) &&
			      st->on_time == steps[k].on_time && st->sent == st->slots &&
			      st->failed == steps[k].failed,
		      "%g/s: the on-time figures (%llu of %llu on time)", c->rate,
		      (unsigned long long)st->on_time, (unsigned long long)st->slots);
	}
	workload_cells_sweep_limit(a, &a->sweeps[0], &lim);
	CHECK(a->sweeps[0].max_sustained == 100 && lim.by == SWEEP_LIMIT_CLIENT && lim.at == 200 &&
		      lim.reasons == WL_R_LATE_SENDS && lim.point == 1,
	      "the sweep's limit: the client's at 200/s, late-sends (by %d at %g, %#x)", lim.by,
	      lim.at, lim.reasons);
	knee(a);
	CHECK_STR(workload_cells_reason_name(WL_R_LATE_SENDS), "late-sends", "the reason's name");
	CHECK_STR(workload_cells_reason_name(CLIMIT_R_WORKERS), "workers", "a client-limit name");
	aggregate_free(a);
	return check_done();
}
