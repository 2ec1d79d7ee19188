/* analyze/cells/aggregate.h: the aggregate model: runs grouped into cells (subject × op ×
 * size × concurrency), one-off operations, consistency and leaders.
 *
 * aggregate_build turns an array of run logs into the model analyze/out writes
 * (docs/FORMATS.md, results/). Every "no value" is NaN, never 0.
 * Formulas: docs/METHODOLOGY.md. */
#ifndef ANALYZE_AGGREGATE_H
#define ANALYZE_AGGREGATE_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells/climit_cells.h"
#include "analyze/cells/cost_cells.h"
#include "analyze/cells/inclusion.h"
#include "analyze/cells/pool.h"
#include "analyze/read/runlog.h"
#include "analyze/stats/squeeze.h"
#include "core/err.h"
#include "core/errstat.h"
#include "core/ops.h"
#include "analyze/cells/groups.h"

struct agg_stat {
	double value; /* the figure the policy picks; NaN when n < min_samples */
	double mean, median, min, max, stddev, cv;
	double ci_lo, ci_hi;   /* the value's 95 % interval; NaN: none */
	double ci_coverage;    /* its actual coverage; NaN: none */
	const char *ci_method; /* "t", "order-statistics" or NULL (static) */
};

/* cycles = auto (core/seqstop.h): the collector's sequential rule, as plan.tsv says it. */
struct agg_sequential {
	int on; /* 0: a fixed number of cycles */
	double target_ci;
	int min_cycles, max_cycles;
	const char *stopped; /* plan.tsv's stopped line (borrowed); NULL: it did not stop */
	double wide_q;       /* the quantile the cells' intervals were widened to */
};

struct agg_lat {
	double avg, p50, p90, p99, min, max;
};

/* A subject's time-of-day test (analyze/cells/timeofday.h). */
#define AGG_TOD_BANDS 8 /* three-hour bands of the day on the test's clock */
struct agg_tod {
	size_t subject;
	const char *tz;             /* the clock: the provider's IANA zone (its runs' runlog
				       provider_tz, borrowed); NULL: UTC */
	size_t runs, cells;         /* runs with a start time in cells with 2 or more */
	size_t n[AGG_TOD_BANDS];    /* runs per band */
	double mean[AGG_TOD_BANDS]; /* their mean ln residual; NaN: none */
	int bands;                  /* bands with runs */
	double f, p, df1, df2;      /* the F test; NaN: none (fewer than 2 bands or df) */
	double alpha;               /* its level: 0.05 / the subjects tested */
	int detected;               /* p < alpha */
	int low_band;               /* the band with the lowest mean; -1: none */
	double effect, lo, hi;      /* its throughput over the others', - 1, and 95 % interval */
	double detectable;          /* the dip of one band found with power 0.8; NaN: none */
};

/* A matrix cell's variance components on the log scale (analyze/cells/varcomp.h). */
struct agg_varcomp {
	int on;              /* 0: none (fewer than 2 valid runs, or none with log_sd) */
	size_t cycles;       /* valid runs (one per cycle) */
	size_t runs_within;  /* of them, with a within-run spread (summary.segments.log_sd) */
	double var_cycles;   /* the runs' figures' ln: sample variance (n - 1) */
	double var_within;   /* a kept second's ln throughput within a run: pooled variance */
	double seconds;      /* the runs' kept seconds, harmonic mean */
	double var_between;  /* between cycles: max(0, var_cycles - var_within / seconds) */
	double within_share; /* (var_within / seconds) / var_cycles, at most 1; NaN: var_cycles 0 */
	size_t vantages;     /* vantages with runs (analyze/cells/vantage.h); 0: one vantage */
	double var_vantage;  /* between vantages (var_between then within a vantage) */
};

/* The cycles a cell or a comparison needs to reach the precision target
 * (analyze/cells/planner.h). */
struct agg_need {
	size_t cycles; /* 0: none (note says why); PLANNER_BEYOND: more than PLANNER_MAX_CYCLES */
	const char *note; /* why there is no figure (static); NULL when cycles is a number */
};

#define AGG_PLAN_DRIVERS 3 /* the cells (comparisons) an op's plan names at most */

/* One op's plan for its cells' intervals or for its comparisons (analyze/cells/planner.h). */
struct agg_plan_part {
	size_t cycles_needed; /* the most a planned member needs; 0: none planned;
				 PLANNER_BEYOND: some member needs more than PLANNER_MAX_CYCLES */
	size_t more;          /* cycles_needed beyond the campaign's cycles (0: met) */
	double hours, cost;   /* more x the op's hours and cost per cycle; NaN: unknown */
	size_t planned, unplanned, beyond; /* members with a figure, without, beyond the cap */
	size_t drivers[AGG_PLAN_DRIVERS];  /* indexes into cells[] (comparisons[]) that need
					      more than the campaign's cycles, most first */
	size_t n_drivers;
};

struct agg_plan {
	const char *op;       /* a matrix op */
	double cycle_hours;   /* the op's runs' hours per cycle (wrapper elapsed); NaN: unknown */
	double cycle_cost;    /* their cost per cycle (priced runs only); NaN: none priced */
	const char *currency; /* of cycle_cost; NULL when NaN */
	struct agg_plan_part cells, comparisons;
};

struct agg_comparison;
struct agg_host;
struct agg_balance;

struct agg_subject {
	/* borrowed from a run log (a no_run subject's id and label from the options; its
	 * other strings NULL) */
	const char *id, *label, *color, *endpoint, *region;
	const char *send; /* how its requests were sent: the modes of all its runs
			     (runlog_workload_modes_merge; NULL: defaults); owned: send_own */
	char *send_own;
	/* dotted_bucket: the bucket of a run that asked for virtual-hosted addressing and
	 * went path-style (a bucket name with a dot over HTTPS; collect/s3/s3.h); NULL: none */
	const char *dotted_bucket;
	int no_run; /* planned, but no run of it was read (folders missing or unreadable):
		       its cells have no valid run; label from the campaign, else its id */
};

struct agg_run {
	const struct runlog *log; /* borrowed */
	size_t subject;           /* index into subjects */
	struct verdict v;
	int climit_measured; /* the run has a client record (analyze/cells/climit_cells.h) */
	struct climit_verdict climit; /* its verdict with analyze's thresholds */
	/* a distributed run judged on each client's record: how many were judged (0: the
	 * run was judged on its own record) and those limited, by rank (the aggregate's
	 * climit_client_pool owns them) */
	size_t climit_clients_judged;
	struct agg_climit_client *climit_clients;
	size_t n_climit_clients;
	/* its kept window in median request durations (analyze/cells/kept_window.h; NaN: no
	 * kept segment) and whether that is short (< KEPT_WINDOW_REQUESTS: the caveat) */
	double window_requests;
	int short_window;
	/* its bill at its prices and place in its subject's month (analyze/cells/cost_cells.h);
	 * priced 0: no prices or no billing */
	int priced;
	struct cost_parts cost;
};

struct condcheck;
struct replaycmp;

struct agg_cell {
	size_t subject;
	const char *op;
	uint64_t size;
	int concurrency;
	size_t n, expected; /* valid runs; cycles of the campaign */
	int below_min;      /* n < min_samples: values are null */
	struct agg_stat mib, obj;
	struct agg_need need;     /* matrix cells: cycles for the target interval (planner.h) */
	struct agg_lat lat, ttfb; /* ttfb all NaN when no valid run has TTFB */
	struct agg_pooled lat_pool, ttfb_pool; /* all requests pooled (analyze/cells/pool.h) */
	size_t *runs, n_runs;                  /* indexes into aggregate.runs, by cycle */
	int clients, client_hosts; /* clients per run, their distinct hosts (clients.h) */
	/* workload dimensions: a workload cell (analyze/cells/workload_cells.h) has workload set and one of
	 * these; a matrix cell has NULL / 0 (borrowed from a run log) */
	const char *size_spec, *range, *mix;
	const char *hedge;             /* a hedged get's threshold as written; NULL: none */
	const char *trace;             /* a replay's trace (its SHA-256); NULL: not a replay */
	const char *trace_name;        /* a replay's trace file name; NULL: not a replay */
	double rate;                   /* offered req/s; 0: closed loop */
	struct agg_workload *workload; /* per-op and rate figures; NULL: a matrix cell */
	struct agg_climit climit;      /* the client-limit verdict (analyze/cells/climit_cells.h) */
	/* a put-if-absent or cas cell: whether its writes kept the condition's promise
	 * (analyze/cells/condcheck.h; owned); NULL: another op, or not checked */
	struct condcheck *cond;
	/* a replay cell: its trace's recorded latencies against the replayed ones per op
	 * (analyze/cells/replaycmp.h; owned); NULL: not a replay, or not built */
	struct replaycmp *replay;
	/* the short-kept-window caveat (analyze/cells/kept_window.h): valid runs whose kept
	 * window is shorter than KEPT_WINDOW_REQUESTS median requests; short_window: any */
	size_t short_window_runs;
	int short_window;
	/* the collector's CPU time per request, the mean over the valid runs that recorded
	 * it (run.json "cpu"); NaN: none did */
	double cpu_us_per_request;
	/* errors as data: the requests of the valid runs and their failures by HTTP status or
	 * transport class (core/errstat.h), summed over the valid runs */
	uint64_t requests;
	struct errstat errs;
	/* the attempts of the valid runs (every request's, retried ones included: run.json
	 * summary.attempts) and those answered 503 or 429 (summary.throttled_attempts),
	 * summed; see workload_cells_throttled_attempt_share */
	uint64_t attempts, throttled_attempts;
	/* the GETs whose whole-object checksum was verified or came without one to compare
	 * (summary.checksums_verified, checksums_absent) and the deletes that left a delete
	 * marker on a versioned bucket (run.json versioning.delete_markers), summed over the
	 * valid runs; the runs excluded because their reads = once objects ran out (class
	 * exhausted) */
	uint64_t checksums_verified, checksums_absent;
	int64_t delete_markers;
	size_t exhausted_runs;
	/* retries (run.json summary.retries): over the valid runs that had them, the sums of
	 * their requests, retried requests and attempts, the highest max, and the means of
	 * their first-attempt latencies; retry_runs 0: none had retries */
	size_t retry_runs;
	int retry_max;
	uint64_t r_requests, r_retried, r_attempts;
	struct agg_lat first_attempt;
	struct agg_varcomp var; /* matrix cells: where the variability is (varcomp.h) */
	/* policy best-of-means: the groups of consecutive cycles its valid runs fall in
	 * (groups.h), in cycle order; NULL with n_groups 0 under the other policies, without
	 * a valid run, or for runs of no cycle (rate points) */
	struct agg_group *groups;
	size_t n_groups;
};

struct agg_op {
	size_t subject;
	const char *op;
	uint64_t size;
	int concurrency;
	int64_t objects;     /* workload.objects; -1 when unknown */
	const char *dataset; /* the dataset its runs read (borrowed from a run); NULL: none */
	size_t n, total;     /* valid runs; all runs */
	double obj_s;
	struct agg_lat lat, ttfb;
	double seg_median, seg_fastest, seg_slowest; /* obj/s */
	double completion_s;
	int clients;            /* clients per run (of its first valid run, else first) */
	int64_t delete_markers; /* of the valid runs: deletes that left a delete marker on a
				   versioned bucket (run.json versioning.delete_markers) */
};

struct agg_consistency {
	size_t subject;
	double cv_mean; /* NaN when no cell has n >= 2 */
	size_t cells;
};

/* A leader against one other subject of its category, oriented leader / other
 * (analyze/cells/leader_rule.h). */
struct agg_versus {
	int present;           /* 0: none */
	size_t subject;        /* the other subject */
	size_t pairs;          /* cycles where both have a valid run */
	const char *test;      /* "paired-t", "welch" or NULL: no test (the figures NaN) */
	double ratio, lo, hi;  /* leader / other and its 95 % interval, before adjustment */
	double adj_lo, adj_hi; /* its interval in the leader's family (the Holm step's level) */
	double adj_level;      /* that level: 1 - alpha / step */
};

struct agg_leader {
	const char *op;
	uint64_t size;
	int concurrency;
	size_t subject;
	int by_obj; /* 1: value is obj/s (size 0); 0: MiB/s */
	/* NULL: a throughput leader; "p50_ms", "p99_ms": a tail leader (analyze/cells/tail.h):
	 * value is its pooled percentile (ms), the lowest, and versus's ratios are its
	 * percentile over the other's */
	const char *metric;
	double value;
	int status;                /* enum leader_status (analyze/cells/compare.h) */
	size_t *tied_with, n_tied; /* subjects its family did not show below (a's pool) */
	size_t family;             /* its family: comparisons with the leader that have a test */
	double detectable_ratio;   /* NaN: cannot be computed */
	/* the subject a tie or an unresolved lead is worded against: the highest of tied_with
	 * (tie), of those not shown alike (unresolved; one with a test first) */
	struct agg_versus versus;
	struct agg_leader_climit climit; /* blocked: not clear (analyze/cells/climit_cells.h) */
};

struct agg_leader_count {
	const char *op;
	size_t subject;
	size_t led, of;
	size_t clear, tied; /* clear leads; categories with status tie where it is in the group */
	size_t unresolved;  /* categories with status unresolved where it is in the group */
};

struct agg_options {
	enum policy policy;
	int repeat;                       /* best-of-means: cycles per group (>= 1) */
	size_t min_samples;               /* >= 1 */
	int cycles;                       /* expected cycles; 0: from the run logs */
	const char *const *subject_order; /* ids listed first, in this order; may be NULL */
	size_t n_subject_order;
	double alpha;                      /* significance level; 0: COMPARE_ALPHA_DEFAULT */
	struct climit_thresholds climit;   /* the client-limit thresholds; all 0: the defaults */
	const char *const *subject_labels; /* subject_order's labels (NULL ones: none); may be
					      NULL */
	const char *const *planned;        /* ids that should have runs: a listed one of which no
				       run was read is a subject all the same, no_run set */
	size_t n_planned;
	const char *runs_dir; /* what the runs' paths are relative to: the conditional-write
				 check (condcheck.h) reads their ops logs from there before the
				 leaders are picked; NULL: no check (Warp logs) */
};

struct aggregate {
	const char *campaign_name, *campaign_title, *campaign_client; /* borrowed; may be NULL */
	const char *campaign_order; /* from the first run.json that has one; may be NULL */
	int cycles;                 /* opt->cycles when > 0, else the highest of
					 * the run.json campaign.cycles and the cycles seen */
	enum policy policy;
	int repeat; /* best-of-means: cycles per group; 0 under the other policies */
	size_t min_samples;
	struct agg_subject *subjects;
	size_t n_subjects;
	const char **m_ops;
	size_t n_m_ops; /* matrix ops, canonical order */
	uint64_t *m_sizes;
	size_t n_m_sizes; /* ascending */
	int *m_concs;
	size_t n_m_concs; /* ascending */
	struct agg_cell *cells;
	size_t n_cells;
	struct agg_op *ops;
	size_t n_ops;
	struct agg_consistency *consistency; /* n_subjects entries */
	struct agg_leader *leaders;
	size_t n_leaders;
	struct agg_leader_count *leader_counts;
	size_t n_leader_counts;
	struct agg_run *runs;
	size_t n_runs;                          /* every run, in input order */
	struct agg_subject_cost *subject_costs; /* n_subjects (analyze/cells/cost_cells.h) */
	/* statistics (analyze/cells/compare.h) */
	double alpha;
	size_t family; /* comparisons with a p-value (the sum of the categories' families) */
	struct squeeze_prior prior; /* the paired comparisons' variances' prior (moderation) */
	struct agg_comparison *comparisons;
	size_t n_comparisons;
	/* the planner (analyze/cells/planner.h): the target and one plan per matrix op */
	double target_ci;
	struct agg_sequential seq; /* cycles = auto: the rule, the widening (planner.h) */
	struct agg_tod *tod;       /* per subject with a test: time of day (timeofday.h) */
	size_t n_tod;
	struct agg_plan *plans;
	size_t n_plans;
	size_t *tied_pool; /* owns the leaders' tied_with */
	/* tails (analyze/cells/tail.h): p50 and p99 compared per category, and who leads */
	struct agg_comparison *tail_comparisons;
	size_t n_tail_comparisons;
	struct agg_leader *tail_leaders;
	size_t n_tail_leaders;
	size_t *tail_tied_pool;                       /* owns the tail leaders' tied_with */
	struct squeeze_prior tail_prior[2];           /* the tail comparisons' priors: p50, p99 */
	size_t *climit_pool;                          /* owns the leaders' climit.by */
	struct agg_climit_client *climit_client_pool; /* owns the runs' climit_clients */
	/* clients of distributed runs (analyze/cells/clients.h) */
	struct agg_host *client_hosts;
	size_t n_client_hosts;
	struct agg_balance *balance;
	size_t n_balance;
	/* workload cells and rate sweeps (analyze/cells/workload_cells.h) */
	struct agg_cell *wcells;
	size_t n_wcells;
	struct agg_sweep *sweeps;
	size_t n_sweeps;
};

/* aggregate_build: the model of logs[0..n-1] (cycle > 0: matrix runs; cycle 0:
 * one-off runs). The logs are borrowed and must outlive the result. Subjects come
 * in opt->subject_order first (a planned one of which no run was read too, no_run set,
 * its cells empty), then the others by id. Returns NULL with a message when memory runs
 * out, a client record cannot be judged or priced runs are in two
 * currencies (cost_cells_build). The caller frees the result with aggregate_free. */
struct aggregate *aggregate_build(const struct runlog *logs, size_t n,
				  const struct agg_options *opt, struct err *e);
void aggregate_free(struct aggregate *a);

#endif
