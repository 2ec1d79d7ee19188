/* tests/unit/test_aggregate.c: analyze/cells on run logs built in memory: n and
 * expected with gaps, statistics of the valid runs only, policies, min-samples,
 * latency/TTFB aggregation, one-off ops, consistency, leaders and their ties,
 * subject and cell order. */
#include <math.h>
#include <string.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/workload_cells.h"
#include "tests/unit/check.h"

#define TOL 1e-9
#define MiB 1048576u
#define MAXRUNS 64

/* same: equal within TOL, or both NaN (no value). */
static int same(double got, double want)
{
	if (isnan(want))
		return isnan(got);
	return fabs(got - want) <= TOL * (fabs(want) > 1 ? fabs(want) : 1);
}

struct fixture {
	struct runlog v[MAXRUNS];
	size_t n;
};

/* add: one run; mib < 0 means no summary (a failed run). */
static struct runlog *add(struct fixture *f, const char *subj, const char *op, uint64_t size,
			  int cycle, double mib, double obj)
{
	struct runlog *r = &f->v[f->n++];

	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = (char *)subj;
	r->op = (char *)op;
	r->size = size;
	r->concurrency = 1;
	r->cycle = cycle;
	r->objects = -1;
	if (mib < 0) {
		r->err_class = "timeout";
		r->first_error = "request timed out";
		return r;
	}
	r->has_summary = 1;
	r->summary.bytes = size ? 1000 : 0;
	r->summary.mib_s = mib;
	r->summary.obj_s = obj;
	r->summary.latency = (struct lat_stats){mib, mib, mib, mib, mib / 2, mib * 3, 1};
	return r;
}

/* build_fixture: the scenario every check below reads.
 *   put 1MiB: b has 5 valid runs of 7 (10,20,30,40,50; cycles 2 and 5 failed),
 *             a has 7 runs of 30 (ties b's mean and median)
 *   get 1MiB: a 7 runs of 100, b 2 runs (80, 90)
 *   put 0 B:  a one run of 500 obj/s, b one of 600 obj/s (MiB/s 0 both)
 *   get 0 B:  no run at all
 *   once:     list a x2 (1000, 3000 obj/s), list b failed, head a (no TTFB) */
static void build_fixture(struct fixture *f)
{
	static const double bput[] = {10, -1, 20, 30, -1, 40, 50};

	f->n = 0;
	for (int c = 1; c <= 7; c++) {
		struct runlog *r = add(f, "a", "get", MiB, c, 100, 100);

		r->summary.has_ttfb = 1;
		r->summary.ttfb = (struct lat_stats){c, c, c, c, c, c, 0};
	}
	for (int c = 1; c <= 7; c++) {
		struct runlog *r = add(f, "a", "put", MiB, c, 30, 30);

		r->summary.has_ttfb = 1;
		r->summary.ttfb = (struct lat_stats){2, 2, 2, 2, 1, 4, 0};
	}
	for (int c = 1; c <= 7; c++)
		add(f, "b", "put", MiB, c, bput[c - 1], bput[c - 1]);
	add(f, "b", "get", MiB, 1, 80, 80);
	add(f, "b", "get", MiB, 2, 90, 90);
	add(f, "a", "put", 0, 1, 0, 500);
	add(f, "b", "put", 0, 1, 0, 600);
	{
		struct runlog *r = add(f, "a", "list", 256 * 1024, 0, 0, 1000);

		r->summary.seg_count = 5;
		r->summary.median.obj_s = 900;
		r->summary.fastest.obj_s = 1200;
		r->summary.slowest.obj_s = 700;
		r->summary.completion_s = 10;
		r->summary.bytes = 0;
		r->objects = 5000;
		r = add(f, "a", "list", 256 * 1024, 0, 0, 3000);
		r->summary.seg_count = 5;
		r->summary.median.obj_s = 2900;
		r->summary.fastest.obj_s = 3200;
		r->summary.slowest.obj_s = 2700;
		r->summary.completion_s = 20;
		r->summary.bytes = 0;
		r->objects = 5000;
		add(f, "b", "list", 256 * 1024, 0, -1, 0);
		r = add(f, "a", "head", 256 * 1024, 0, 0, 400);
		r->summary.bytes = 0;
		r->summary.completion_s = 5; /* seg_count 0: no segment figures */
	}
}

static const struct agg_cell *find_cell(const struct aggregate *a, const char *subj, const char *op,
					uint64_t size)
{
	for (size_t i = 0; i < a->n_cells; i++)
		if (!strcmp(a->subjects[a->cells[i].subject].id, subj) &&
		    !strcmp(a->cells[i].op, op) && a->cells[i].size == size)
			return &a->cells[i];
	return NULL;
}

static struct aggregate *build(const struct fixture *f, enum policy p, size_t min, int cycles)
{
	static const char *const order[] = {"b", "zz-not-run"};
	struct agg_options o = {.policy = p,
				.min_samples = min,
				.cycles = cycles,
				.subject_order = order,
				.n_subject_order = 2};
	struct err e = {{0}};
	struct aggregate *a = aggregate_build(f->v, f->n, &o, &e);

	CHECK(a != NULL, "aggregate_build: %s", e.msg);
	return a;
}

/* A planned subject of which no run was read: listed in its place, no_run, its label
 * from the campaign, its cells empty; one that is listed but not planned stays out. */
static void test_no_run(const struct fixture *f)
{
	static const char *const order[] = {"b", "gone", "zz-not-run"};
	static const char *const labels[] = {"B", "Gone provider", NULL};
	static const char *const planned[] = {"a", "b", "gone"};
	struct agg_options o = {.policy = POLICY_MEAN,
				.min_samples = 1,
				.subject_order = order,
				.n_subject_order = 3,
				.subject_labels = labels,
				.planned = planned,
				.n_planned = 3};
	struct err e = {{0}};
	struct aggregate *a = aggregate_build(f->v, f->n, &o, &e);
	size_t empty = 0, cells = 0;

	CHECK(a != NULL, "aggregate_build: %s", e.msg);
	if (a == NULL)
		return;
	CHECK(a->n_subjects == 3, "b, gone, a: %zu subjects", a->n_subjects);
	CHECK(a->n_subjects == 3 && !strcmp(a->subjects[1].id, "gone") && a->subjects[1].no_run &&
		      !strcmp(a->subjects[1].label, "Gone provider") &&
		      a->subjects[1].endpoint == NULL,
	      "the planned subject without runs in its place, no_run, the campaign's label");
	CHECK(!a->subjects[0].no_run && !strcmp(a->subjects[0].label, "b"),
	      "a subject with runs keeps its runs' label");
	for (size_t i = 0; i < a->n_cells; i++)
		if (a->cells[i].subject == 1) {
			cells++;
			empty += a->cells[i].n == 0 && a->cells[i].expected == (size_t)a->cycles;
		}
	CHECK(cells == 4 && empty == 4, "its 4 cells: no valid run of %d expected (%zu of %zu)",
	      a->cycles, empty, cells);
	aggregate_free(a);
}

static void test_shape(struct fixture *f)
{
	struct aggregate *a = build(f, POLICY_MEAN, 1, 0);
	static const char *const want_order[][3] = {
		{"put", "0", "b"}, {"put", "0", "a"}, {"put", "1", "b"}, {"put", "1", "a"},
		{"get", "0", "b"}, {"get", "0", "a"}, {"get", "1", "b"}, {"get", "1", "a"},
	};

	if (a == NULL)
		return;
	CHECK(a->n_subjects == 2, "two subjects with runs (a listed one without runs is left out)");
	CHECK_STR(a->subjects[0].id, "b", "listed subject first");
	CHECK_STR(a->subjects[1].id, "a", "then the others by id");
	CHECK_STR(a->subjects[1].label, "a", "label falls back to the id");
	CHECK(a->n_m_ops == 2 && !strcmp(a->m_ops[0], "put") && !strcmp(a->m_ops[1], "get"),
	      "matrix ops: put before get whatever the input order");
	CHECK(a->n_m_sizes == 2 && a->m_sizes[0] == 0 && a->m_sizes[1] == MiB, "sizes ascending");
	CHECK(a->cycles == 7, "cycles default to the highest cycle seen");
	CHECK(a->n_cells == 8, "every subject x op x size x concurrency, n = 0 ones too: %zu",
	      a->n_cells);
	for (size_t i = 0; i < a->n_cells && i < 8; i++) {
		const struct agg_cell *c = &a->cells[i];

		CHECK(!strcmp(c->op, want_order[i][0]) &&
			      (c->size == MiB) == (want_order[i][1][0] == '1') &&
			      !strcmp(a->subjects[c->subject].id, want_order[i][2]),
		      "cell %zu in op, concurrency, size, subject order", i);
	}
	CHECK(a->n_runs == f->n, "every run listed");
	aggregate_free(a);
	a = build(f, POLICY_MEAN, 1, 9);
	if (a != NULL)
		CHECK(a->cells[0].expected == 9, "expected = the campaign's cycles when known");
	aggregate_free(a);
	f->v[3].campaign_cycles = 8; /* restored below */
	a = build(f, POLICY_MEAN, 1, 0);
	if (a != NULL)
		CHECK(a->cycles == 8 && a->cells[0].expected == 8,
		      "without campaign.ini: run.json campaign.cycles");
	aggregate_free(a);
	f->v[3].campaign_cycles = 3; /* fewer than the cycles seen (7) */
	a = build(f, POLICY_MEAN, 1, 0);
	if (a != NULL)
		CHECK(a->cycles == 7, "a run.json campaign.cycles below the cycles seen: those");
	aggregate_free(a);
	f->v[3].campaign_cycles = 0;
}

struct cell_case {
	const char *name;
	enum policy p;
	size_t min;
	const char *subj, *op;
	uint64_t size;
	size_t n, expected;
	int below;
	double value, mean, median, min_v, max_v, stddev, cv;
};

static const struct cell_case cell_cases[] = {
	/* (10+20+30+40+50)/5 = 30; squares 400+100+0+100+400 = 1000; s = sqrt(1000/4) */
	{"5 of 7 valid: n 5, mean of those 5", POLICY_MEAN, 1, "b", "put", MiB, 5, 7, 0, 30, 30, 30,
	 10, 50, 15.811388300841896, 15.811388300841896 / 30},
	{"median policy", POLICY_MEDIAN, 1, "b", "put", MiB, 5, 7, 0, 30, 30, 30, 10, 50,
	 15.811388300841896, 15.811388300841896 / 30},
	{"best policy = highest single run", POLICY_BEST, 1, "b", "put", MiB, 5, 7, 0, 50, 30, 30,
	 10, 50, 15.811388300841896, 15.811388300841896 / 30},
	{"below min-samples: no value, statistics kept", POLICY_MEAN, 6, "b", "put", MiB, 5, 7, 1,
	 NAN, 30, 30, 10, 50, 15.811388300841896, 15.811388300841896 / 30},
	{"at min-samples", POLICY_MEAN, 7, "a", "put", MiB, 7, 7, 0, 30, 30, 30, 30, 30, 0, 0},
	{"two runs: mean 85, s = sqrt(50)", POLICY_MEAN, 1, "b", "get", MiB, 2, 7, 0, 85, 85, 85,
	 80, 90, 7.0710678118654755, 7.0710678118654755 / 85},
	{"one run: no stddev, no CV", POLICY_MEAN, 1, "a", "put", 0, 1, 7, 0, 0, 0, 0, 0, 0, NAN,
	 NAN},
	{"no run: every statistic null", POLICY_BEST, 1, "a", "get", 0, 0, 7, 1, NAN, NAN, NAN, NAN,
	 NAN, NAN, NAN},
};

static void test_aggregate(const struct fixture *f)
{
	for (size_t i = 0; i < sizeof(cell_cases) / sizeof(cell_cases[0]); i++) {
		const struct cell_case *k = &cell_cases[i];
		struct aggregate *a = build(f, k->p, k->min, 0);
		const struct agg_cell *c = a ? find_cell(a, k->subj, k->op, k->size) : NULL;

		CHECK(c != NULL, "%s: cell found", k->name);
		if (c == NULL) {
			aggregate_free(a);
			continue;
		}
		CHECK(c->n == k->n && c->expected == k->expected, "%s: n %zu of %zu", k->name, c->n,
		      c->expected);
		CHECK(c->below_min == k->below, "%s: below_min", k->name);
		CHECK(same(c->mib.value, k->value), "%s: value %g, want %g", k->name, c->mib.value,
		      k->value);
		CHECK(same(c->mib.mean, k->mean), "%s: mean %g", k->name, c->mib.mean);
		CHECK(same(c->mib.median, k->median), "%s: median %g", k->name, c->mib.median);
		CHECK(same(c->mib.min, k->min_v) && same(c->mib.max, k->max_v), "%s: min/max",
		      k->name);
		CHECK(same(c->mib.stddev, k->stddev), "%s: stddev %.17g", k->name, c->mib.stddev);
		CHECK(same(c->mib.cv, k->cv), "%s: cv %.17g", k->name, c->mib.cv);
		if (k->size == MiB)
			CHECK(same(c->obj.value, k->value), "%s: obj/s follows the same policy",
			      k->name);
		aggregate_free(a);
	}
}

static void test_latency_runs(const struct fixture *f)
{
	struct aggregate *a = build(f, POLICY_MEAN, 1, 0);
	const struct agg_cell *c;
	size_t inc = 0;

	if (a == NULL)
		return;
	c = find_cell(a, "b", "put", MiB);
	/* run latency avg = MiB/s of the run; min = half; max = three times */
	CHECK(c && same(c->lat.avg, 30) && same(c->lat.p99, 30), "latency: mean of valid runs");
	CHECK(c && same(c->lat.min, 5) && same(c->lat.max, 150),
	      "latency: lowest min, highest max of valid runs");
	CHECK(c && isnan(c->ttfb.avg), "no run with TTFB: TTFB null");
	CHECK(c && c->n_runs == 7, "the cell lists all its 7 runs, failed ones too");
	for (size_t i = 0; c && i < c->n_runs; i++) {
		inc += a->runs[c->runs[i]].v.included;
		CHECK(a->runs[c->runs[i]].log->cycle == (int)i + 1, "cell runs in cycle order");
	}
	CHECK(inc == 5, "5 of the 7 are included");
	c = find_cell(a, "a", "get", MiB);
	CHECK(c && same(c->ttfb.avg, 4) && same(c->ttfb.min, 1) && same(c->ttfb.max, 7),
	      "TTFB: mean 1..7 = 4, min 1, max 7");
	aggregate_free(a);
}

static void test_ops(const struct fixture *f)
{
	struct aggregate *a = build(f, POLICY_MEAN, 1, 0);

	if (a == NULL)
		return;
	CHECK(a->n_ops == 3, "three one-off rows: %zu", a->n_ops);
	if (a->n_ops == 3) {
		const struct agg_op *lb = &a->ops[0], *la = &a->ops[1], *ha = &a->ops[2];

		CHECK(!strcmp(lb->op, "list") && !strcmp(a->subjects[lb->subject].id, "b"),
		      "list rows first, subjects in order");
		CHECK(lb->n == 0 && lb->total == 1 && isnan(lb->obj_s) && isnan(lb->lat.avg),
		      "failed one-off: n 0 of 1, no value (not 0)");
		CHECK(la->n == 2 && same(la->obj_s, 2000), "one-off mean of two runs");
		CHECK(same(la->seg_median, 1900) && same(la->seg_fastest, 2200) &&
			      same(la->seg_slowest, 1700),
		      "segment figures: means");
		CHECK(same(la->completion_s, 15) && la->objects == 5000, "completion, objects");
		CHECK(!strcmp(ha->op, "head") && same(ha->obj_s, 400) && isnan(ha->ttfb.avg),
		      "head: no TTFB");
		CHECK(isnan(ha->seg_median), "run without segments: segment figures null");
	}
	aggregate_free(a);
}

static void test_findings(const struct fixture *f)
{
	struct aggregate *a = build(f, POLICY_MEAN, 1, 0);
	double bcv = (15.811388300841896 / 30 + 7.0710678118654755 / 85) / 2;

	if (a == NULL)
		return;
	CHECK(a->consistency[0].cells == 2 && same(a->consistency[0].cv_mean, bcv),
	      "consistency b: mean CV of its cells with n >= 2 (%g, %zu cells)",
	      a->consistency[0].cv_mean, a->consistency[0].cells);
	CHECK(a->consistency[1].cells == 2 && same(a->consistency[1].cv_mean, 0),
	      "consistency a: 0 over 2 cells");
	CHECK(a->n_leaders == 3, "three categories have a leader (get 0 B has no run): %zu",
	      a->n_leaders);
	if (a->n_leaders == 3) {
		CHECK(a->leaders[0].size == 0 && a->leaders[0].by_obj &&
			      a->leaders[0].subject == 0 && same(a->leaders[0].value, 600),
		      "zero-byte put led by obj/s: b 600");
		CHECK(a->leaders[1].size == MiB && !a->leaders[1].by_obj &&
			      a->leaders[1].subject == 0 && same(a->leaders[1].value, 30),
		      "tie at 30 MiB/s goes to the subject listed first (b)");
		CHECK(!strcmp(a->leaders[2].op, "get") && a->leaders[2].subject == 1,
		      "get 1MiB led by a");
	}
	CHECK(a->n_leader_counts == 4, "leader counts: 2 ops x 2 subjects");
	if (a->n_leader_counts == 4) {
		CHECK(a->leader_counts[0].led == 2 && a->leader_counts[0].of == 2,
		      "b led 2 of 2 put");
		CHECK(a->leader_counts[1].led == 0 && a->leader_counts[1].of == 2,
		      "a led 0 of 2 put");
		CHECK(a->leader_counts[2].led == 0 && a->leader_counts[3].led == 1 &&
			      a->leader_counts[3].of == 1,
		      "get: a led 1 of 1");
	}
	aggregate_free(a);
	a = build(f, POLICY_MEAN, 6, 0);
	if (a != NULL && a->n_leaders == 3)
		CHECK(a->leaders[1].subject == 1,
		      "below min-samples cannot lead: a leads put 1MiB with --min-samples 6");
	aggregate_free(a);
	a = build(f, POLICY_BEST, 1, 0);
	if (a != NULL && a->n_leaders == 3)
		CHECK(a->leaders[1].subject == 0 && same(a->leaders[1].value, 50),
		      "best policy: b leads with 50");
	aggregate_free(a);
}

/* test_throttled: a's PUT 1 MiB runs with retries that hid most of their 503s: each 10
 * requests in 14 attempts, 4 of them answered 503 and 1 request failed with it. The
 * cell's attempts are summed; its throttled attempt share is 4 / 14, its throttled share
 * 1 / 10. */
static void test_throttled(struct fixture *f)
{
	struct aggregate *a;
	const struct agg_cell *c;

	for (size_t i = 0; i < f->n; i++) {
		struct run_summary *s = &f->v[i].summary;

		if (strcmp(f->v[i].subject, "a") != 0 || strcmp(f->v[i].op, "put") != 0 ||
		    f->v[i].size != MiB)
			continue;
		s->requests = 10;
		s->attempts = 14;
		s->throttled_attempts = 4;
		errstat_add(&s->errs, "503", 1);
	}
	a = build(f, POLICY_MEAN, 1, 0);
	c = a != NULL ? find_cell(a, "a", "put", MiB) : NULL;
	CHECK(c != NULL && c->n == 7 && c->requests == 70 && c->attempts == 98 &&
		      c->throttled_attempts == 28,
	      "the cell's attempts and throttled attempts summed over its 7 runs");
	CHECK(c != NULL && same(workload_cells_throttled_attempt_share(c), 4.0 / 14) &&
		      same(workload_cells_throttled_share(c), 1.0 / 10),
	      "throttled_attempt_share 4/14 beside throttled_share 1/10");
	c = a != NULL ? find_cell(a, "b", "put", MiB) : NULL;
	CHECK(c != NULL && isnan(workload_cells_throttled_attempt_share(c)),
	      "no attempts counted: no share");
	aggregate_free(a);
}

int main(void)
{
	static struct fixture f;

	build_fixture(&f);
	test_no_run(&f);
	test_shape(&f);
	test_aggregate(&f);
	test_latency_runs(&f);
	test_ops(&f);
	test_findings(&f);
	test_throttled(&f);
	CHECK(op_rank("put") < op_rank("get") && op_rank("list") < op_rank("delete") &&
		      op_rank("zzz") > op_rank("delete"),
	      "op order");
	return check_done();
}
