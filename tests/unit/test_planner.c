/* tests/unit/test_planner.c: analyze/cells/planner (docs/METHODOLOGY.md, "Planning
 * cycles"). The three rules against the same rules computed independently with SciPy by
 * plain search over n (tests/unit/planner_ref.py: Student t, binomial coverage and Blom's
 * normal order statistics, the detectable ratio at a Bonferroni level); their edges (no SD,
 * a figure of 0, a target of 0); and planner_build on a small campaign: each cell's and
 * comparison's need is its rule's on the cell's (comparison's) own figures, the policies
 * best and median, an op's plan (the most its members need, the more cycles, hours per
 * cycle from the runs' elapsed times, cost from the priced runs, the drivers most first).
 * Tables: the output of
 *   /usr/bin/python3 tests/unit/planner_ref.py
 */
#include <math.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "analyze/cells/planner.h"
#include "core/price.h"
#include "tests/unit/check.h"

/* /usr/bin/python3 tests/unit/planner_ref.py (NumPy 1.24.2, SciPy 1.10.1) */
static const struct {
	double sd, mean, target;
	size_t n;
} means[] = {
	{0.5, 100, 0.05, 2},  {5, 100, 0.05, 7},
	{3, 100, 0.05, 4},    {10, 100, 0.05, 18},
	{20, 100, 0.05, 64},  {5, 100, 0.01, 99},
	{30, 100, 0.02, 867}, {0, 100, 0.05, 2},
	{1, 100, 0.5, 2},     {60, 100, 0.001, PLANNER_BEYOND},
};

static const struct {
	double sd, median, target;
	size_t n;
} medians[] = {
	{0.5, 100, 0.05, 6},    {2, 100, 0.05, 6},   {5, 100, 0.05, 9},
	{10, 100, 0.05, 30},    {5, 100, 0.02, 42},  {20, 100, 0.03, 278},
	{0, 100, 0.05, 6},      {3.3, 50, 0.04, 20}, {60, 100, 0.001, PLANNER_BEYOND},
	{19, 100, 0.005, 8718},
};

static const struct {
	double sd, extra;
	size_t family;
	double alpha, target;
	size_t n;
} ratios[] = {
	{0.05, 0, 1, 0.05, 0.05, 11}, {0.05, 0, 6, 0.05, 0.05, 16},
	{0.02, 30, 1, 0.05, 0.05, 3}, {0.1, 4.5, 3, 0.05, 0.05, 47},
	{0.05, 0, 1, 0.01, 0.1, 7},   {0.3, 0, 10, 0.05, 0.01, PLANNER_BEYOND},
	{0, 0, 1, 0.05, 0.05, 3},     {0.03, 12, 28, 0.05, 0.02, 40},
};

static void test_rules(void)
{
	for (size_t i = 0; i < sizeof(means) / sizeof(means[0]); i++)
		CHECK(planner_cycles_mean(means[i].sd, means[i].mean, means[i].target) ==
			      means[i].n,
		      "mean sd %g target %g: %zu, SciPy %zu", means[i].sd, means[i].target,
		      planner_cycles_mean(means[i].sd, means[i].mean, means[i].target), means[i].n);
	for (size_t i = 0; i < sizeof(medians) / sizeof(medians[0]); i++)
		CHECK(planner_cycles_median(medians[i].sd, medians[i].median, medians[i].target) ==
			      medians[i].n,
		      "median sd %g target %g: %zu, SciPy %zu", medians[i].sd, medians[i].target,
		      planner_cycles_median(medians[i].sd, medians[i].median, medians[i].target),
		      medians[i].n);
	for (size_t i = 0; i < sizeof(ratios) / sizeof(ratios[0]); i++) {
		size_t got = planner_cycles_ratio(ratios[i].sd, ratios[i].extra, ratios[i].family,
						  ratios[i].alpha, ratios[i].target);

		CHECK(got == ratios[i].n, "ratio sd %g family %zu target %g: %zu, SciPy %zu",
		      ratios[i].sd, ratios[i].family, ratios[i].target, got, ratios[i].n);
	}
	CHECK(planner_cycles_mean(NAN, 100, 0.05) == 0 && planner_cycles_mean(5, 0, 0.05) == 0 &&
		      planner_cycles_mean(5, 100, 0) == 0 &&
		      planner_cycles_mean(-1, 100, 0.05) == 0,
	      "mean: no SD, a figure of 0, a target of 0, a negative SD: none");
	CHECK(planner_cycles_median(INFINITY, 100, 0.05) == 0 &&
		      planner_cycles_median(5, -1, 0.05) == 0,
	      "median: an infinite SD, a negative figure: none");
	CHECK(planner_cycles_ratio(0.05, 0, 0, 0.05, 0.05) == 0 &&
		      planner_cycles_ratio(0.05, -1, 1, 0.05, 0.05) == 0 &&
		      planner_cycles_ratio(0.05, 0, 1, 1, 0.05) == 0,
	      "ratio: an empty family, negative extra df, alpha 1: none");
}

/* run: a plain cycle run of subject s with figure x, elapsed seconds el, priced (class A
 * requests at 5 per 1000, `requests` of them) when requests > 0. */
static void run(struct runlog *r, const char *s, const char *op, int cycle, double x, double el,
		uint64_t requests)
{
	struct err e = {{0}};

	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = (char *)s;
	r->op = (char *)op;
	r->size = 1 << 20;
	r->concurrency = 1;
	r->cycle = cycle;
	r->objects = -1;
	r->elapsed_s = el;
	r->has_summary = 1;
	r->summary.bytes = 1000;
	r->summary.mib_s = x;
	r->summary.obj_s = x;
	if (requests == 0)
		return;
	price_init(&r->prices);
	price_set_key(&r->prices, "price_class_a", "5/1000", &e);
	r->has_prices = r->has_billing = 1;
	r->bill.req[BOP_PUT_OBJECT].n = requests;
}

static const struct agg_cell *cell_of(const struct aggregate *a, size_t subj, const char *op)
{
	for (size_t i = 0; i < a->n_cells; i++)
		if (a->cells[i].subject == subj && strcmp(a->cells[i].op, op) == 0)
			return &a->cells[i];
	return NULL;
}

/* 3 cycles, subjects a (steady, priced), b (noisy, unpriced); put and get. */
static struct aggregate *campaign(enum policy p, double target, struct runlog *v)
{
	static const double put_a[] = {100, 101, 99}, put_b[] = {60, 80, 70},
			    get_a[] = {200, 202, 198}, get_b[] = {190, 200, 195};
	static const char *const order[] = {"a", "b"};
	struct agg_options o = {.policy = p,
				.min_samples = 1,
				.cycles = 3,
				.subject_order = order,
				.n_subject_order = 2};
	struct err e = {{0}};
	struct aggregate *a;
	size_t n = 0;

	for (int c = 1; c <= 3; c++) {
		run(&v[n++], "a", "put", c, put_a[c - 1], 60, 1000);
		run(&v[n++], "b", "put", c, put_b[c - 1], 120, 0);
		run(&v[n++], "a", "get", c, get_a[c - 1], 30, 2000);
		run(&v[n++], "b", "get", c, get_b[c - 1], 30, 0);
	}
	a = aggregate_build(v, n, &o, &e);
	CHECK(a != NULL, "aggregate_build: %s", e.msg);
	if (a != NULL && planner_build(a, target) < 0) {
		CHECK(0, "planner_build: out of memory");
		aggregate_free(a);
		return NULL;
	}
	return a;
}

static void test_build(void)
{
	struct runlog v[12];
	struct aggregate *a = campaign(POLICY_MEAN, 0.05, v);
	const struct agg_plan *put = NULL;
	size_t needs_ok = 0;

	if (a == NULL)
		return;
	CHECK(a->target_ci == 0.05 && a->n_plans == 2, "target 0.05, a plan per op (%zu)",
	      a->n_plans);
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		needs_ok += c->need.cycles ==
				    planner_cycles_mean(c->mib.stddev, c->mib.mean, 0.05) &&
			    c->need.note == NULL;
	}
	CHECK(needs_ok == 4, "every cell's need is the mean rule on its own SD (%zu of 4)",
	      needs_ok);
	CHECK(cell_of(a, 1, "put")->need.cycles == 34 && cell_of(a, 0, "put")->need.cycles == 3,
	      "b's put (SD 10 at 70) needs 34, a's (SD 1 at 100) 3 (%zu, %zu)",
	      cell_of(a, 1, "put")->need.cycles, cell_of(a, 0, "put")->need.cycles);
	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct agg_comparison *c = &a->comparisons[i];
		size_t want = planner_cycles_ratio(sqrt((double)c->pairs) * c->t.se,
						   c->t.df - (double)(c->pairs - 1), c->family,
						   a->alpha, 0.05);

		CHECK(c->need.cycles == want && want > 3, "%s comparison needs %zu (%zu)", c->op,
		      c->need.cycles, want);
	}
	for (size_t i = 0; i < a->n_plans; i++)
		if (strcmp(a->plans[i].op, "put") == 0)
			put = &a->plans[i];
	CHECK(put != NULL, "a put plan");
	if (put == NULL) {
		aggregate_free(a);
		return;
	}
	CHECK_NUM(put->cycle_hours, (60.0 + 120.0) / 3600, 1e-12, "put: 3 min of runs per cycle");
	CHECK_NUM(put->cycle_cost, 5.0, 1e-9, "put: a's 1000 class A requests at 5/1000 per cycle");
	CHECK_STR(put->currency, "USD", "put: in USD");
	CHECK(put->cells.cycles_needed == 34 && put->cells.more == 31 && put->cells.planned == 2 &&
		      put->cells.unplanned == 0 && put->cells.beyond == 0,
	      "put cells: 34 needed, 31 more (%zu, %zu)", put->cells.cycles_needed,
	      put->cells.more);
	CHECK_NUM(put->cells.hours, 31 * 180.0 / 3600, 1e-9, "put cells: 31 cycles of 3 min");
	CHECK_NUM(put->cells.cost, 31 * 5.0, 1e-9, "put cells: 31 cycles at 5");
	CHECK(put->cells.n_drivers == 1 && a->cells[put->cells.drivers[0]].subject == 1,
	      "put cells: b's cell drives it alone (a's needs 3, met)");
	CHECK(put->comparisons.planned == 1 && put->comparisons.n_drivers == 1 &&
		      put->comparisons.cycles_needed ==
			      a->comparisons[put->comparisons.drivers[0]].need.cycles,
	      "put comparisons: its one comparison drives it");
	aggregate_free(a);

	a = campaign(POLICY_BEST, 0.05, v);
	CHECK(a != NULL && a->cells[0].need.cycles == 0 && a->cells[0].need.note != NULL &&
		      strstr(a->cells[0].need.note, "best") && a->plans[0].cells.planned == 0 &&
		      a->plans[0].cells.unplanned == 2 && isnan(a->plans[0].cells.hours),
	      "policy best: no cell need, the note says why, the op's plan has none");
	aggregate_free(a);
	a = campaign(POLICY_MEDIAN, 0.02, v);
	needs_ok = 0;
	for (size_t i = 0; a != NULL && i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		needs_ok += c->need.cycles ==
			    planner_cycles_median(c->mib.stddev, c->mib.median, 0.02);
	}
	CHECK(a != NULL && a->target_ci == 0.02 && needs_ok == 4,
	      "policy median, target 2 %%: the median rule on each cell (%zu of 4)", needs_ok);
	aggregate_free(a);
}

/* one run per subject: no SD, so no need, and the plan has no figure */
static void test_one_cycle(void)
{
	static const char *const order[] = {"a", "b"};
	struct agg_options o = {.policy = POLICY_MEAN,
				.min_samples = 1,
				.cycles = 1,
				.subject_order = order,
				.n_subject_order = 2};
	struct runlog v[2];
	struct err e = {{0}};
	struct aggregate *a;

	run(&v[0], "a", "put", 1, 100, 60, 0);
	run(&v[1], "b", "put", 1, 90, NAN, 0);
	a = aggregate_build(v, 2, &o, &e);
	if (a != NULL && planner_build(a, PLANNER_TARGET_DEFAULT) < 0)
		CHECK(0, "planner_build: out of memory");
	CHECK(a != NULL && a->target_ci == PLANNER_TARGET_DEFAULT && a->n_plans == 1 &&
		      a->cells[0].need.cycles == 0 && strstr(a->cells[0].need.note, "2 valid") &&
		      a->comparisons[0].need.cycles == 0 && a->plans[0].cells.cycles_needed == 0 &&
		      isnan(a->plans[0].cells.hours) && isnan(a->plans[0].cycle_cost) &&
		      a->plans[0].currency == NULL,
	      "1 cycle: no needs, default target, no plan figures, no cost");
	CHECK(a != NULL && fabs(a->plans[0].cycle_hours - 60.0 / 3600) < 1e-12,
	      "1 cycle: the hours of the run that has them (summary seconds 0 for the other)");
	aggregate_free(a);
}

int main(void)
{
	test_rules();
	test_build();
	test_one_cycle();
	return check_done();
}
