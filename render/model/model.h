/* render/model/model.h: the report model, loaded from results/aggregate.json alone
 * (docs/FORMATS.md, "s3bench-aggregate/1" and its additive 1.1: intervals,
 * comparisons, leaders with ties, pooled latency, time series).
 *
 * The model is plain read-only data once loaded: back ends and the report builder
 * read its fields directly and never change them. A value that is null in the file
 * is NAN here (test with isnan); it is shown as "–", never as 0. Subjects are referred
 * to by their index in m->subjects. Every string is owned by the model.
 *
 * A 1.0 file has none of the 1.1 parts: m->has_stats is 0, every ci_* is NAN /
 * RM_CI_NONE, every pooled.present is 0, ncomparisons and ntimeseries are 0, leaders'
 * status is RM_LEAD_UNKNOWN and leader counts' clear/tied are -1. The report then says
 * what is not available instead of drawing it. */
#ifndef RENDER_MODEL_H
#define RENDER_MODEL_H

#include <stddef.h>
#include <jansson.h>
#include <stdint.h>

#include "core/err.h"

enum rm_ci_method {
	RM_CI_NONE,
	RM_CI_T,
	RM_CI_ORDER
};

struct rm_stat { /* mib_s / obj_s of a cell */
	double value, mean, median, min, max, stddev, cv;
	double ci_lo, ci_hi;         /* ci95 (1.1): NAN, NAN when null or absent */
	enum rm_ci_method ci_method; /* "t", "order-statistics", or none */
	double ci_coverage;          /* the interval's actual coverage, or NAN */
};

enum rm_pool_source {
	RM_POOL_HISTOGRAM,
	RM_POOL_RUNS
};

/* latency_ms.pooled / ttfb_ms.pooled (1.1): the percentiles of all requests of a cell. */
struct rm_pooled {
	int present;                     /* 0: null or absent (then nothing below is set) */
	double p50, p90, p99, p999, max; /* ms; p999 NAN when source is RM_POOL_RUNS */
	uint64_t requests;
	enum rm_pool_source source;
	double *quant_q, *quant_ms; /* quantiles[]: q in 0..1 ascending and its ms */
	size_t nquant;              /* 0 when the file had none */
};

struct rm_lat {                              /* latency_ms / ttfb_ms */
	double avg, p50, p90, p99, min, max; /* the mean of the runs' own figures */
	struct rm_pooled pooled;             /* cells only; oneoffs: present 0 */
};

struct rm_subject {
	char *id, *label, *endpoint, *region;
	char *send;    /* how its requests were sent ("checksum crc32, payload streaming"); "":
		       every default (or an aggregate.json without it) */
	char color[8]; /* "#rrggbb": the file's colour, else the fixed palette by order */
	char *dotted_bucket; /* aggregate.json path_style_dotted: a bucket with a dot that went
				path-style though virtual-hosted was asked; "": none */
};

struct rm_run {
	int cycle, included;
	double mib_s, obj_s;
};

struct rm_cell {
	int subject;
	char *op;
	uint64_t size;
	int concurrency, n, expected;
	struct rm_stat mib_s, obj_s;
	struct rm_lat latency, ttfb;
	struct rm_run *runs;
	size_t nruns;
	int clients, client_hosts; /* 1.2 (render/model/model_clients.h): 1, 1 when absent */
};

struct rm_oneoff { /* LIST / HEAD / DELETE */
	int subject;
	char *op;
	uint64_t size, objects;
	int concurrency, n;
	double obj_s, completion_s;
	double seg_median, seg_fastest, seg_slowest; /* obj/s */
	struct rm_lat latency, ttfb;                 /* ttfb all NAN when null */
	int clients; /* 1.2 (render/model/model_clients.h): 1 when absent */
};

struct rm_consistency {
	int subject, cells;
	double cv_mean;
};

enum rm_lead_status {
	RM_LEAD_UNKNOWN,
	RM_LEAD_CLEAR,
	RM_LEAD_TIE,
	RM_LEAD_UNTESTED
};

struct rm_leader {
	char *op;
	uint64_t size;
	int concurrency, subject; /* subject: the highest figure */
	double mib_s;
	enum rm_lead_status status; /* RM_LEAD_UNKNOWN: a 1.0 file */
	int clear;                  /* 1: significantly above every other subject */
	int *tied_with;             /* subjects not significantly below `subject` */
	size_t ntied;               /* (never `subject` itself; 0 for a clear leader) */
	double detectable_ratio;    /* smallest ratio detectable at 80 % power, or NAN */
};

struct rm_leader_count {
	char *op;
	int subject, led, of;
	int clear, tied; /* clear leads, ties it is in; -1 in a 1.0 file */
};

enum rm_test {
	RM_TEST_NONE,
	RM_TEST_PAIRED,
	RM_TEST_WELCH
};

/* comparisons[] (1.1): subject a against subject b in one category. */
struct rm_comparison {
	char *op;
	uint64_t size;
	int concurrency, a, b;      /* subject indexes; a before b in subject order */
	int obj_s;                  /* metric: 1 = obj_s, 0 = mib_s */
	double ratio, ci_lo, ci_hi; /* A/B and its own 95 % interval (NAN when none) */
	double adj_lo, adj_hi;      /* ci_adj: the family-wise interval that agrees with
				     * significant (NAN when none; ci95 for files without it) */
	double adj_level;           /* ci_adj_level (1 - alpha); NAN for files without it */
	double p, p_adj;            /* NAN when no test */
	enum rm_test test;
	int pairs, n_a, n_b, significant;
	char *note; /* "" or e.g. "not enough runs" */
};

/* timeseries[] (1.1): the 1-second throughput of one run of a subject. */
struct rm_series {
	int subject, concurrency, cycle;
	char *op, *path, *start;
	uint64_t size;
	double *mib_s, *obj_s; /* n values each, one per second from the run's start */
	size_t n;
	int kept_first, kept_last; /* indexes of the first and last kept bucket; -1 none */
};

struct rm_statistics { /* statistics{} (1.1) */
	double confidence, alpha, power;
	char *adjust; /* "holm" */
	int family;   /* how many p-values the adjustment covered */
};

struct rm_excluded {
	char *path, *op, *cls, *reason;
	int subject, concurrency, cycle; /* cycle 0 when null (one-off run) */
	uint64_t size;
};

/* The history the report shows (render/model/model_history.c): aggregate.json's `baseline`
 * (analyze --baseline) and trend.json's series (analyze --history), docs/FORMATS.md.
 * Read leniently, as the sections show them: an absent string is NULL (shown as
 * TEXT_NULL), an absent number NAN, an absent interval end 0. */
struct rm_change {                   /* baseline.cells[]: one cell against the baseline */
	char *subject, *op, *change; /* change: "regression", "improvement", ... */
	uint64_t size;
	int concurrency;
	int tested; /* `test` is a string: the cell was compared */
	int significant;
	double old, new_, ratio, p_adj;
	int has_ci; /* [ci_lo, ci_hi] of the ratio: ci_adj (the adjusted interval that
		     * agrees with significant), or ci95 in files without it */
	double ci_lo, ci_hi;
	int has_latency;     /* latency_ms is an object */
	double p50_ratio;    /* latency_ms.p50.ratio */
	char *latency_basis; /* latency_ms.basis */
};

struct rm_baseline {
	char *campaign, *generated; /* the baseline's; campaign NULL when it had none */
	double alpha;
	struct rm_change *cells;
	size_t ncells;
	size_t nonly_new, nonly_old; /* cells measured on one side only */
};

struct rm_trend_point { /* trend.json series[].points[]: one build */
	long long build;
	double value;
	int has_ci;
	double ci_lo, ci_hi;
};

struct rm_trend_series { /* trend.json series[]: one cell over the builds */
	char *subject, *op;
	uint64_t size;
	int concurrency;
	struct rm_trend_point *points;
	size_t npoints;
	int has_change; /* `change` is an object: the latest build's */
	double ratio, ci_lo, ci_hi;
	int significant;
	char *state;           /* change.state: insufficient, steady, watch, regression, ... */
	long long since_build; /* change.since_build (a shift or watch), 0 when none */
	int alert;             /* change.alert: this build raised the alert */
};

struct rm_client_host;
struct rm_balance;

struct rm_climit;

struct report_model {
	char *file;       /* the path it was loaded from */
	json_t *cost;     /* aggregate.json's cost[] (render/report/report_cost.c), owned; NULL when
			     absent or empty */
	int format_minor; /* 0 for s3bench-aggregate/1 and /1.0, 1 for /1.1 ... */
	int has_stats;    /* statistics{} present (then `stats` is set) */
	struct rm_statistics stats;
	char *generated, *tool_name, *tool_version, *source;
	char *warp_engine; /* Warp result files: whose figures ("server", ...); "" otherwise */
	char *campaign_name, *campaign_title, *campaign_client, *campaign_order;
	int campaign_cycles; /* without a campaign: the largest cells[].expected */
	char *policy_name, *policy_rule;
	int policy_min_samples;
	struct rm_subject *subjects;
	size_t nsubjects;
	char **ops;
	size_t nops; /* matrix.ops */
	uint64_t *sizes;
	size_t nsizes; /* matrix.sizes */
	int *concurrency;
	size_t nconc; /* matrix.concurrency */
	struct rm_cell *cells;
	size_t ncells;
	struct rm_oneoff *oneoffs;
	size_t noneoffs;
	struct rm_consistency *consistency;
	size_t nconsistency;
	struct rm_leader *leaders;
	size_t nleaders;
	struct rm_leader_count *leader_counts;
	size_t nleader_counts;
	struct rm_excluded *excluded;
	size_t nexcluded;
	struct rm_comparison *comparisons;
	size_t ncomparisons;
	struct rm_series *timeseries;
	size_t ntimeseries;
	char **size_labels; /* nsizes: matrix.size_labels, NULL entries when none */
	char **alerts;      /* trend.json beside aggregate.json: its alerts[] (the
					* significant regressions of a scheduled build) */
	size_t nalerts;
	char **watch; /* trend.json's watch[] (one low build, not yet an alert) */
	size_t nwatch;
	int trend_loaded;             /* trend.json was read */
	int trend_enough;             /* its enough_history (absent: 1, as before it existed) */
	struct rm_baseline *baseline; /* aggregate.json's baseline, NULL without one */
	struct rm_trend_series *trend;
	size_t ntrend; /* trend.json's series */
	/* clients of distributed runs (1.2, render/model/model_clients.h); none when absent */
	struct rm_client_host *client_hosts;
	size_t nclient_hosts;
	struct rm_balance *balance;
	size_t nbalance;
	struct rm_workload *workload; /* workload cells and rate sweeps (1.2,
					* render/model/model_workload.h); NULL when none */
	struct rm_climit
		*climit; /* client limits and request phases (render/model/model_climit.h) */
	struct rm_errors *errors; /* the cells' failed requests (render/model/model_errors.h); NULL
				   * when no cell had any */
};

/* model_load: read and validate `path`. Returns a new model (free with model_free)
 * or NULL with e naming the file and the field at fault ("x/aggregate.json:
 * cells[3].mib_s.value: expected a number or null"). A format other than
 * s3bench-aggregate/1.x is refused. */
struct report_model *model_load(const char *path, struct err *e);

/* model_load_string: the same from a JSON text; `name` is used in messages. Test seam:
 * public for the unit tests and tests/fuzz/fuzz_aggregate.c (render itself calls it only
 * through model_load). */
struct report_model *model_load_string(const char *json, const char *name, struct err *e);

/* model_free: free m and everything it owns (NULL is fine). */
void model_free(struct report_model *m);

/* model_cell: the cell subject × op × size × concurrency, or NULL when absent. */
const struct rm_cell *model_cell(const struct report_model *m, int subject, const char *op,
				 uint64_t size, int concurrency);

/* model_oneoff: the one-off run of `op` for subject, or NULL. */
const struct rm_oneoff *model_oneoff(const struct report_model *m, int subject, const char *op);

/* model_has_oneoff: 1 when any subject has a one-off run of op. */
int model_has_oneoff(const struct report_model *m, const char *op);

/* model_leader: the leaders[] entry of a category, or NULL. */
const struct rm_leader *model_leader(const struct report_model *m, const char *op, uint64_t size,
				     int concurrency);

/* model_comparison: the comparison of subjects a and b (either order) in a category,
 * or NULL; *swapped is set to 1 when the entry is b against a (its ratio is then B/A). */
const struct rm_comparison *model_comparison(const struct report_model *m, const char *op,
					     uint64_t size, int concurrency, int a, int b,
					     int *swapped);

/* model_in_tie: 1 when subject s is the top subject or one of tied_with of a tie. */
int model_in_tie(const struct rm_leader *d, int s);

/* model_palette: the fixed palette colour for subject number i ("#rrggbb"). Test seam:
 * public for the unit tests (render uses it only inside model.c). */
const char *model_palette(size_t i);

#endif
