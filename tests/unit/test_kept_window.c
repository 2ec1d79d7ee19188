/* tests/unit/test_kept_window.c: the short-kept-window caveat (analyze/cells/kept_window.c):
 * a run's kept window in median requests and its flag (at the threshold, below, without a
 * kept segment, without a successful request), a cell's count of flagged valid runs; and
 * the threshold against the measurement it was chosen from (8 MiB and 32 MiB PUTs through
 * a 300 Mbit/s tbf veth, docs/METHODOLOGY.md): every run whose kept figure came out more
 * than 1 % above the link's cap is flagged. */
#include <math.h>
#include <string.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/kept_window.h"
#include "tests/unit/check.h"

/* run: a complete PUT run of cycle c with `segs` kept seconds and a median of p50 ms. */
static void run(struct runlog *r, int c, int segs, double p50)
{
	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = "rgw";
	r->op = "put";
	r->size = 8u << 20;
	r->concurrency = 10;
	r->cycle = c;
	r->objects = -1;
	r->elapsed_s = NAN;
	r->status = "complete";
	r->has_summary = 1;
	r->summary.requests = r->summary.objects = 40;
	r->summary.bytes = 40u * (8u << 20);
	r->summary.seg_count = segs;
	r->summary.seconds = segs > 0 ? segs : 3.7;
	r->summary.mib_s = r->summary.obj_s = 34;
	r->summary.latency = (struct lat_stats){p50, p50, p50, p50, p50 / 2, p50 * 2, 1};
}

/* The measured runs (W kept seconds, D median ms, the kept MiB/s over the cap, %). */
static const struct {
	double w, d, over;
} measured[] = {
	{2, 2009, 8.4},   {4, 2238, 2.0},   {2, 2124, 4.5},   {5, 2184, 2.2},   {6, 2202, 0.5},
	{8, 2210, 0.2},   {12, 2179, 0.0},  {18, 2293, -0.6}, {2, 4013, -3.5},  {5, 3525, 1.4},
	{2, 2435, -0.8},  {4, 1981, 1.2},   {4, 2275, 1.2},   {6, 2126, 0.0},   {9, 2295, 1.9},
	{12, 2407, -0.2}, {18, 2325, 0.4},  {3, 3249, 8.0},   {4, 3359, 2.8},   {2, 2038, 0.5},
	{3, 1909, -1.1},  {4, 2225, 0.0},   {6, 2176, 0.0},   {8, 2241, -0.8},  {12, 2340, -1.7},
	{18, 1899, -0.6}, {4, 3327, 2.8},   {9, 2263, -0.6},  {10, 2317, -0.4}, {7, 2248, -0.7},
	{8, 1791, -1.3},  {11, 1815, -1.6}, {7, 1835, -1.8},  {8, 1979, -2.1},  {11, 2314, 1.0},
};

static void test_measured(void)
{
	for (size_t i = 0; i < sizeof(measured) / sizeof(measured[0]); i++) {
		struct runlog r;
		double k;

		run(&r, 1, (int)measured[i].w, measured[i].d);
		k = kept_window_requests(&r);
		if (measured[i].over > 1.0)
			CHECK(k < KEPT_WINDOW_REQUESTS,
			      "measured: %g s kept of %g ms requests came out %+.1f %% over the cap: "
			      "flagged (%.2f requests)",
			      measured[i].w, measured[i].d, measured[i].over, k);
	}
}

static void test_cells(void)
{
	struct runlog logs[5];
	struct agg_options o = {.policy = POLICY_MEAN, .min_samples = 1};
	struct aggregate *a;
	struct err e;

	run(&logs[0], 1, 2, 2200);  /* 0.91 requests: short */
	run(&logs[1], 2, 18, 2200); /* 8.2: not */
	run(&logs[2], 3, 0, 2200);  /* no kept segment: the whole run's figure, no caveat */
	run(&logs[3], 4, 2, 500);   /* exactly 4: not short */
	run(&logs[4], 5, 2, 2200);  /* short, but not a valid run */
	logs[4].has_summary = 0;
	logs[4].err_class = "timeout";
	a = aggregate_build(logs, 5, &o, &e);
	CHECK(a != NULL, "aggregate_build: %s", a == NULL ? e.msg : "");
	if (a == NULL)
		return;
	CHECK(a->runs[0].short_window && fabs(a->runs[0].window_requests - 2 / 2.2) < 1e-12,
	      "2 s over 2.2-s requests: short (%g)", a->runs[0].window_requests);
	CHECK(!a->runs[1].short_window, "18 s over 2.2-s requests: not short");
	CHECK(!a->runs[2].short_window && isnan(a->runs[2].window_requests),
	      "no kept segment: no caveat");
	CHECK(!a->runs[3].short_window && a->runs[3].window_requests == 4, "exactly 4: not short");
	CHECK(!a->runs[4].short_window, "no summary: no caveat");
	for (size_t i = 0; i < a->n_cells; i++)
		if (a->cells[i].n > 0)
			CHECK(a->cells[i].short_window_runs == 1 && a->cells[i].short_window,
			      "the cell: 1 valid run with a short window (%zu)",
			      a->cells[i].short_window_runs);
	aggregate_free(a);
}

int main(void)
{
	test_measured();
	test_cells();
	return check_done();
}
