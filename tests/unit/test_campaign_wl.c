/* tests/unit/test_campaign_wl.c: the mix, size-spec, range and rate keys of a campaign file:
 * ops = mixed with
 * mix, size specs among [matrix] sizes (a dist: spec's commas), size = SPEC, range for
 * the get cells, the rate dimension, p99_limit, the [rate] sweep section; the run ids,
 * plan order and plan.tsv columns they give; and the errors, each naming file, line,
 * section and key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/campaign_runs.h"
#include "collect/campaign/plan.h"
#include "collect/workload.h"
#include "tests/unit/check.h"

#define SUBJ "[subject a]\nendpoint = http://a\nbucket = b\n"

static struct campaign *parse(const char *text, struct err *e)
{
	return campaign_parse_string(text, "w.ini", e);
}

static void test_good(void)
{
	static const char text[] =
		"[campaign]\nname = w\np99_limit = 50ms\n"
		"[matrix]\nops = get, mixed\n"
		"sizes = 64KiB, dist:64KiB:50, 1MiB:30,4MiB:20, random:64KiB..1MiB\n"
		"concurrency = 4\nrate = 100/s, 500/s\nduration = 5s\n"
		"mix = get:60, put:20, delete:20\nrange = random:16KiB\n" SUBJ;
	struct err e = {{0}};
	struct campaign *c = parse(text, &e);
	struct plan *p = NULL;
	struct workload wl;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(c != NULL, "campaign with mix, sizes, range and rate parses: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->p99_limit_ms == 50, "p99_limit 50ms");
	CHECK(c->n_ops == 2 && c->ops[1] == WL_MIXED, "ops get, mixed");
	CHECK(c->n_sizes == 3 && c->sizes[0] == 65536 && c->size_specs[0].kind == WL_SIZE_FIXED,
	      "three sizes, the first plain");
	CHECK(c->size_specs[1].kind == WL_SIZE_DIST && c->size_specs[1].n == 3 &&
		      c->sizes[1] == 4u << 20,
	      "a dist: spec across the list's commas");
	CHECK_STR(c->size_specs[1].spec, "dist:64KiB:50,1MiB:30,4MiB:20", "dist spec");
	CHECK(c->size_specs[2].kind == WL_SIZE_RANDOM && c->sizes[2] == 1 << 20, "random spec");
	CHECK(c->n_rates == 2 && c->rates[0] == 100 && c->rates[1] == 500, "rates");
	CHECK(campaign_matrix_cells(c) == 12, "2 ops x 3 sizes x 1 conc x 2 rates");
	campaign_matrix_workload(c, 0, &wl);
	CHECK(wl.op == WL_GET && wl.range.kind == WL_RANGE_RANDOM && wl.rate == 100 &&
		      wl.mix.w[WL_GET] == 0,
	      "cell 0: get, the range, 100/s, no mix");
	campaign_matrix_workload(c, 11, &wl);
	CHECK(wl.op == WL_MIXED && wl.range.kind == WL_RANGE_NONE && wl.rate == 500 &&
		      wl.mix.w[WL_GET] == 60 && wl.mix.w[WL_HEAD] == 0 &&
		      wl.sizes.kind == WL_SIZE_RANDOM,
	      "cell 11: mixed, its mix, no range, 500/s, random sizes");

	p = plan_build(c, NULL, &e);
	CHECK(p != NULL && p->n == 12, "12 runs");
	if (p == NULL)
		goto out;
	CHECK_STR(p->runs[0].id, "runs/cycle-01/a/get-64KiB-c4-r100", "first id");
	CHECK_STR(p->runs[3].id, "runs/cycle-01/a/get-dist-64KiB.50-1MiB.30-4MiB.20-c4-r500",
		  "dist id");
	CHECK_STR(p->runs[11].id, "runs/cycle-01/a/mixed-random-64KiB-1MiB-c4-r500",
		  "mixed random id");
	f = open_memstream(&buf, &len);
	CHECK(plan_write_tsv(p, c, NULL, f, &e) == 0, "plan.tsv written");
	fclose(f);
	CHECK(strstr(buf, "\ttimeout_s\tsize_spec\trange\tmix\trate\n") != NULL, "new columns");
	CHECK(strstr(buf, "\tdist:64KiB:50,1MiB:30,4MiB:20\trandom:16KiB\t\t500\n") != NULL,
	      "get row: size spec, range, no mix, rate");
	CHECK(strstr(buf, "\trandom:64KiB..1MiB\t\tget:60,put:20,delete:20\t500\n") != NULL,
	      "mixed row: mix");
	free(buf);
out:
	plan_free(p);
	campaign_free(c);
}

/* test_lognormal: lognormal: specs in a sizes list (SIGMA and max=SIZE after their commas),
 * their plan ids and plan.tsv's size_spec. */
static void test_lognormal(void)
{
	struct err e = {{0}};
	struct campaign *c = parse(
		"[campaign]\nname = w\n[matrix]\nops = put\n"
		"sizes = 4KiB, lognormal:64KiB, 1.5, max=1MiB, "
		"lognormal: 16KiB,0.5, 1MiB\nconcurrency = 1\nduration = 3s\n" SUBJ,
		&e);
	struct plan *p = NULL;

	CHECK(c != NULL, "campaign with lognormal sizes parses: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->n_sizes == 4 && c->sizes[0] == 4096 && c->sizes[3] == 1 << 20 &&
		      c->size_specs[3].kind == WL_SIZE_FIXED,
	      "four sizes, a plain one after a lognormal:");
	CHECK(c->size_specs[1].kind == WL_SIZE_LOGNORMAL && c->size_specs[1].median == 65536 &&
		      c->size_specs[1].sigma == 1.5 && c->sizes[1] == 1 << 20,
	      "lognormal:64KiB,1.5,max=1MiB across the list's commas");
	CHECK_STR(c->size_specs[1].spec, "lognormal:64KiB,1.5,max=1MiB", "its spec");
	CHECK(c->size_specs[2].kind == WL_SIZE_LOGNORMAL && c->size_specs[2].sigma == 0.5 &&
		      c->sizes[2] == 121062,
	      "lognormal:16KiB,0.5: max round(16384 e^2) = 121062 (%llu)",
	      (unsigned long long)c->sizes[2]);
	p = plan_build(c, NULL, &e);
	CHECK(p != NULL && p->n == 4, "4 runs");
	if (p != NULL) {
		CHECK_STR(p->runs[1].id, "runs/cycle-01/a/put-lognormal-64KiB-1.5-max1MiB-c1",
			  "lognormal id with max");
		CHECK_STR(p->runs[2].id, "runs/cycle-01/a/put-lognormal-16KiB-0.5-c1",
			  "lognormal id");
	}
	plan_free(p);
	campaign_free(c);
}

static void test_defaults(void)
{
	struct err e = {{0}};
	struct campaign *c = parse(
		"[campaign]\nname = w\n[matrix]\nops = mixed\n"
		"size = random:4KiB..1MiB\nconcurrency = 2\nduration = 5s\n" SUBJ,
		&e);
	struct workload wl;

	CHECK(c != NULL, "size = SPEC, mixed without mix: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->n_sizes == 1 && c->n_rates == 0 && c->p99_limit_ms == 0, "one size, no rate");
	campaign_matrix_workload(c, 0, &wl);
	CHECK(wl.mix.w[WL_GET] == 45 && wl.mix.w[WL_HEAD] == 30 && wl.rate == 0,
	      "Warp's default mix, closed loop");
	campaign_free(c);
}

#define MAT "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n"

/* the [rate] sweep: defaults, sorted rates, run ids, its place at the end of cycle 1 */
static void test_sweep(void)
{
	static const char text[] =
		"[campaign]\nname = w\ncycles = 2\n" MAT "[head]\ncount = 1\n"
		"[rate]\nrates = 400/s, 50/s, 200, 100/s\nduration = 4s\nobjects = 32\n" SUBJ
		"[subject b]\nendpoint = http://b\nbucket = b\n";
	struct err e = {{0}};
	struct campaign *c = parse(text, &e);
	struct plan *p = NULL;
	struct workload wl;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(c != NULL, "a [rate] section parses: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->sweep.bench.enabled && c->sweep.op == WL_GET && c->sweep.n_rates == 4,
	      "get by default, 4 rates");
	CHECK(c->sweep.rates[0] == 50 && c->sweep.rates[1] == 100 && c->sweep.rates[2] == 200 &&
		      c->sweep.rates[3] == 400,
	      "rates sorted ascending");
	CHECK(c->sweep.bench.concurrency == 400,
	      "concurrency: the default cap, max(256, 400/s x 1 s) (%d)",
	      c->sweep.bench.concurrency);
	CHECK_NUM(c->sweep.bench.timeout_s, 68, 0, "timeout 2 x 4 s + 60 s");
	campaign_sweep_workload(c, 1, &wl);
	CHECK(wl.op == WL_GET && wl.size == 4096 && wl.rate == 100 && wl.objects == 32 &&
		      wl.bound == WL_BOUND_DURATION && wl.duration_s == 4 &&
		      wl.concurrency == 400 && workload_workers(&wl) == 400,
	      "run 1: get 4KiB at 100/s, 32 objects, at most 400 workers");

	p = plan_build(c, NULL, &e);
	/* 2 cycles x 2 subjects x 1 cell + 2 head + 2 x 4 sweep runs */
	CHECK(p != NULL && p->n == 4 + 2 + 8, "14 runs: %d", p ? p->n : -1);
	if (p == NULL)
		goto out;
	CHECK_STR(p->runs[2].id, "runs/once/a/head-4KiB-c1", "the one-offs after cycle 1's matrix");
	CHECK_STR(p->runs[4].id, "runs/once/a/get-4KiB-c400-r50", "then the sweep, lowest rate");
	CHECK_STR(p->runs[5].id, "runs/once/b/get-4KiB-c400-r50", "subjects take turns");
	CHECK_STR(p->runs[11].id, "runs/once/b/get-4KiB-c400-r400", "highest rate last");
	CHECK(p->runs[11].cycle == 0 && p->runs[11].wl.rate == 400 && p->runs[11].expected_s == 4,
	      "a one-off run of 4 s at 400/s");
	CHECK_STR(p->runs[12].id, "runs/cycle-02/a/put-4KiB-c1", "cycle 2 has no sweep");
	f = open_memstream(&buf, &len);
	CHECK(plan_write_tsv(p, c, NULL, f, &e) == 0, "plan.tsv written");
	fclose(f);
	CHECK(strstr(buf, "\truns/once/a/get-4KiB-c400-r200\t0\ta\tget\t4096\t400\tduration\t4\t0"
			  "\t32\t0\t0\t68\t\t\t\t200\n") != NULL,
	      "plan.tsv row of a sweep run");
	free(buf);
	plan_free(p);
	campaign_free(c);

	/* sequential: subject by subject, each subject's sweep after its one-offs */
	c = parse("[campaign]\nname = w\norder = sequential\n" MAT
		  "[rate]\nop = mixed\nmix = get:1, put:1\nsize = random:1KiB..8KiB\n"
		  "concurrency = 8\nrates = 10/s, 100/s\nduration = 2s\n" SUBJ
		  "[subject b]\nendpoint = http://b\nbucket = b\n",
		  &e);
	CHECK(c != NULL, "a mixed sweep parses: %s", e.msg);
	if (c == NULL)
		return;
	p = plan_build(c, NULL, &e);
	CHECK(p != NULL && p->n == 2 + 4, "6 runs");
	if (p == NULL)
		goto out;
	CHECK_STR(p->runs[2].id, "runs/once/a/mixed-random-1KiB-8KiB-c8-r10", "a's sweep");
	CHECK_STR(p->runs[3].id, "runs/once/a/mixed-random-1KiB-8KiB-c8-r100", "a's sweep, 100/s");
	CHECK_STR(p->runs[4].id, "runs/once/b/mixed-random-1KiB-8KiB-c8-r10", "then b's");
	CHECK(p->runs[3].wl.mix.w[WL_GET] == 1 && p->runs[3].wl.mix.w[WL_PUT] == 1 &&
		      p->runs[3].wl.mix.w[WL_HEAD] == 0 &&
		      p->runs[3].wl.sizes.kind == WL_SIZE_RANDOM && p->runs[3].wl.size == 8192 &&
		      workload_workers(&p->runs[3].wl) == 8,
	      "the mix, the size spec, 8 workers (capped by concurrency)");
out:
	plan_free(p);
	campaign_free(c);
}

#define BASE "[campaign]\nname = w\n" MAT

static const struct {
	const char *text, *want;
} bad[] = {
	/* the [rate] sweep: line 8 is its header */
	{BASE "[rate]\nduration = 3s\n" SUBJ, "w.ini:8: [rate]: needs rates = R/s, R/s, ..."},
	{BASE "[rate]\nrates = 10/s\n" SUBJ, "w.ini:8: [rate]: needs duration = D"},
	{BASE "[rate]\nrates = 10/s, fast\nduration = 3s\n" SUBJ,
	 "w.ini:9: [rate] rates: 'fast' is not a rate from above 0 to 100000/s (N/s)"},
	{BASE "[rate]\nrates = 10/s, 200000/s\nduration = 3s\n" SUBJ,
	 "w.ini:9: [rate] rates: '200000/s' is not a rate from above 0 to 100000/s (N/s)"},
	{BASE "[rate]\nrates = 10/s, 20/s, 10\nduration = 3s\n" SUBJ,
	 "w.ini:9: [rate] rates: a rate is listed twice"},
	{BASE "[rate]\nrates = 10/s,\nduration = 3s\n" SUBJ,
	 "w.ini:9: [rate] rates: empty item in the list"},
	{BASE "[rate]\nop = list\nrates = 10/s\nduration = 3s\n" SUBJ,
	 "w.ini:9: [rate] op: 'list' is not an op of a rate sweep (get, put, head, mixed)"},
	{BASE "[rate]\nrates = 10/s\ncount = 5\n" SUBJ, "w.ini:10: [rate] count: unknown key"},
	{BASE "[rate]\nmix = get:1\nrates = 10/s\nduration = 3s\n" SUBJ,
	 "w.ini:9: [rate] mix: a mix is only for op = mixed"},
	{BASE "[rate]\nop = put\nobjects = 10\nrates = 10/s\nduration = 3s\n" SUBJ,
	 "w.ini:10: [rate] objects: objects are prepared for get, head and mixed only"},
	{BASE "[rate]\nop = head\nsize = random:1KiB..4KiB\nrates = 10/s\nduration = 3s\n" SUBJ,
	 "w.ini:10: [rate] size: 'random:1KiB..4KiB': size distributions are for put, get and mixed"},
	{BASE "[rate]\nrates = 10/s\nconcurrency = 0\nduration = 3s\n" SUBJ,
	 "w.ini:10: [rate] concurrency: '0' is not a concurrency from 1 to 1024"},
	{BASE "[rate]\nrates = 10/s\nduration = 10s\ntimeout = 5s\n" SUBJ,
	 "w.ini:11: [rate] timeout: '5s' is not longer than the duration (10s)"},
	{BASE "[rate]\nrates = 10/s\nduration = 3s\n[rate]\nrates = 1/s\n" SUBJ,
	 "w.ini:11: [rate]: section repeated (first at line 8)"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n"
	 "mix = get:1\n" SUBJ,
	 "w.ini:8: [matrix] mix: a mix is only for ops = mixed"},
	{"[campaign]\nname = w\n[matrix]\nops = mixed\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nmix = get:1, list:2\n" SUBJ,
	 "w.ini:8: [matrix] mix: 'get:1, list:2': 'list' is not OP:WEIGHT of an op of a mix "
	 "(get, put, head, delete)"},
	{"[campaign]\nname = w\n[matrix]\nops = mixed\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nmix = get:0\n" SUBJ,
	 "w.ini:8: [matrix] mix: '': no op has a weight above 0"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n"
	 "range = 0..1KiB\n" SUBJ,
	 "w.ini:8: [matrix] range: a range is only for get (ops = get)"},
	{"[campaign]\nname = w\n[matrix]\nops = get\nsizes = 4KiB\nconcurrency = 1\nduration = 3s\n"
	 "range = 0..64KiB\n" SUBJ,
	 "w.ini:8: [matrix] range: '0..64KiB' ends past the end of the 4KiB object"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = random:1MiB..4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] sizes: 'random:1MiB..4KiB': needs 0 < MIN <= MAX"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsize = dist:4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] size: 'dist:4KiB': '4KiB' is not SIZE:WEIGHT"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB, lognormal:64KiB,0\n"
	 "concurrency = 1\nduration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] sizes: 'lognormal:64KiB,0': sigma '0' is not a number above 0 and at "
	 "most 3"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nconcurrency = 1\nsize = lognormal:64K,1\n"
	 "duration = 3s\n" SUBJ,
	 "w.ini:6: [matrix] size: 'lognormal:64K,1': the median '64K' is not a size above 0 "
	 "(64KiB)"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = lognormal:64KiB,1,max=4KiB\n"
	 "concurrency = 1\nduration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] sizes: 'lognormal:64KiB,1,max=4KiB': max must be at least the median "
	 "and at most 5GiB"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsize = 4KiB\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] size: give size (one size or size spec) or sizes, not both"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = dist:4KiB:1,8KiB:1, "
	 "dist:8KiB:1,4KiB:1, dist:4KiB:1,8KiB:1\nconcurrency = 1\nduration = 3s\n" SUBJ,
	 "w.ini:5: [matrix] sizes: a size is listed twice"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\n"
	 "count = 10\nrate = 100/s\n" SUBJ,
	 "w.ini:8: [matrix] rate: '100/s': a rate run needs a duration bound"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nrate = 100/s, 0/s\n" SUBJ,
	 "w.ini:8: [matrix] rate: '0/s' is not a rate from above 0 to 100000/s (N/s)"},
	{"[campaign]\nname = w\n[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nrate = 100, 100/s\n" SUBJ,
	 "w.ini:8: [matrix] rate: a rate is listed twice"},
	{"[campaign]\nname = w\np99_limit = 50\n[matrix]\nops = put\nsizes = 4KiB\n"
	 "concurrency = 1\nduration = 3s\n" SUBJ,
	 "w.ini:3: [campaign] p99_limit: '50' is not a "
	 "duration"},
	{"[campaign]\nname = w\n[matrix]\nops = put, stat\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\n" SUBJ,
	 "w.ini:4: [matrix] ops: 'stat' is not a matrix op (put, get, "
	 "mixed, put-if-absent, cas; list, head, delete and multipart have their own sections)"},
	{"[campaign]\nname = w\n[matrix]\nops = put, get\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nkeys = 4\n" SUBJ,
	 "w.ini:8: [matrix] keys: keys are only for ops = put-if-absent or cas"},
	{"[campaign]\nname = w\n[matrix]\nops = cas\nsizes = 4KiB\nconcurrency = 1\n"
	 "duration = 3s\nkeys = 0\n" SUBJ,
	 "w.ini:8: [matrix] keys: '0' is not a number of objects from 1 to 100000000"},
};

int main(void)
{
	test_good();
	test_lognormal();
	test_defaults();
	test_sweep();
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct err e = {{0}};
		struct campaign *c = parse(bad[i].text, &e);
		CHECK(c == NULL && strncmp(e.msg, bad[i].want, strlen(bad[i].want)) == 0,
		      "bad %zu: '%s'", i, e.msg);
		campaign_free(c);
	}
	return check_done();
}
