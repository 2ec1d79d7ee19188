/* core/results/results_plan.h: the planner's records of aggregate.json (docs/FORMATS.md,
 * "The planner"; docs/METHODOLOGY.md, "Planning cycles"): the cycles a cell or a
 * comparison needs for the precision target (cells[] and comparisons[] members
 * cycles_needed and plan_note) and planner{}: per matrix op, for its cells and for its
 * comparisons, the most any needs, the cycles that adds, their hours and cost, and the ones
 * that drive it. A count null in the file is -1, a number NAN. */
#ifndef CORE_RESULTS_PLAN_H
#define CORE_RESULTS_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

/* cells[] / comparisons[]: cycles_needed (-1: null, also when not in the file) and
 * plan_note (why it is null; NULL when it is not). */
struct results_need {
	long long cycles;
	char *note;
};

/* planner.ops[].cells.drivers[] ({"subject", ...}) or .comparisons.drivers[] ({"a", "b",
 * ...}). */
struct results_plan_driver {
	int subject; /* a cell's subject; a comparison's a */
	int other;   /* a comparison's b; -1 for a cell */
	uint64_t size;
	int concurrency;
	long long cycles; /* cycles_needed; -1: null (beyond max_cycles) */
};

/* planner.ops[].cells / .comparisons. */
struct results_plan_part {
	long long cycles_needed; /* -1: null (none planned, or one beyond max_cycles) */
	long long more_cycles;   /* -1: null */
	double hours, cost;      /* NAN: null */
	long long planned, unplanned, beyond;
	struct results_plan_driver *drivers;
	size_t n_drivers;
};

/* planner.ops[]: one matrix op. */
struct results_plan_op {
	char *op;
	double cycle_hours, cycle_cost; /* NAN: null */
	char *currency;                 /* of cycle_cost; NULL with it */
	struct results_plan_part cells, comparisons;
};

/* planner.sequential: a campaign collected with cycles = auto (core/seqstop.h); absent for a
 * fixed number of cycles (on 0). */
struct results_sequential {
	int on;
	double target_ci; /* the collector's target: half-width / mean */
	long long min_cycles, max_cycles;
	char *reason;  /* "target", "max_cycles", "max_cost"; NULL: it did not stop on the rule
			  (interrupted) */
	char *stopped; /* plan.tsv's stopped line after its reason; NULL with reason */
	double wide_q; /* the t quantile the cells' intervals were widened to; NAN: not widened */
};

/* planner.time_of_day[]: a subject's hour-of-day test (docs/METHODOLOGY.md, "Time of day"). */
#define RESULTS_TOD_BANDS 8
struct results_tod {
	int subject;
	long long runs, cells;
	long long n[RESULTS_TOD_BANDS];
	double mean[RESULTS_TOD_BANDS]; /* NAN: null (no run in the band) */
	double f, p, df1, df2, alpha;
	int detected;
	int low_band; /* 0-7: hours 3 x band to 3 x band + 3 on the clock */
	double effect, lo, hi, detectable;
	char *clock; /* "UTC" or the provider's IANA zone the bands are on; owned; NULL: UTC */
};

/* planner{}: absent in files before it. */
struct results_planner {
	double target_ci;     /* --target-ci: half-width / figure */
	double confidence;    /* of the cells' intervals (0.95) */
	double power;         /* of the comparisons' detectable ratio (0.8) */
	long long max_cycles; /* the most cycles a need names */
	long long cycles;     /* the campaign's, the need is counted from */
	struct results_plan_op *ops;
	size_t n_ops;
	struct results_sequential seq;
	struct results_tod *tod; /* time_of_day[]; absent: none */
	size_t n_tod;
};

/* cells[].variance: where a matrix cell's variability is (docs/METHODOLOGY.md, "Where the
 * variability is"); on 0: absent (a workload cell, none to split, a file before it). */
struct results_varcomp {
	int on;
	long long cycles, runs_within;
	double var_cycles, var_within, seconds, var_between;
	double within_share; /* NAN: null */
	long long vantages;  /* vantages with runs; 0: absent (one vantage) */
	double var_vantage;  /* between vantages; var_between then within a vantage */
};

/* results_varcomp_put: v as o's member "variance" (nothing when v->on is 0); *ok = 0 on
 * failure. results_varcomp_from: it from o (absent or null: on 0). */
void results_varcomp_put(json_t *o, const struct results_varcomp *v, int *ok);
void results_varcomp_from(struct jread *r, const json_t *o, const char *where,
			  struct results_varcomp *v);

/* results_need_put: n's members into o (cycles_needed, plan_note; none when cycles is -1
 * and note NULL: a file before the planner); *ok = 0 on failure. results_need_from: them
 * from o (absent: -1 and NULL). */
void results_need_put(json_t *o, const struct results_need *n, int *ok);
void results_need_from(struct jread *r, const json_t *o, const char *where, struct results_need *n);

/* The functions of the record, as results_head.h says. */
json_t *results_planner_to_json(const struct results_planner *p, const struct results *doc);
int results_planner_from_json(struct jread *r, const json_t *o, struct results_planner *p);
void results_planner_free(struct results_planner *p);

#endif
