/* core/results/results_stats.h: the statistics records of aggregate.json (docs/FORMATS.md,
 * "results/aggregate.json" and "Statistics and pooled latency"): a cell's figure with its
 * interval, latency with its pooled percentiles, the consistency of each subject, the
 * leaders of each category and their counts, the comparisons between subjects and the
 * 1-second time series. A subject is an index of the document's subjects[]; a null number
 * is NAN. Format 1.0 files lack the 1.1 parts: they read as "not available" (said per
 * field). */
#ifndef CORE_RESULTS_STATS_H
#define CORE_RESULTS_STATS_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"
#include "core/results/results_climit.h"

struct results;

enum results_ci {
	RESULTS_CI_NONE, /* null */
	RESULTS_CI_T,    /* "t" */
	RESULTS_CI_ORDER /* "order-statistics" */
};

/* cells[].mib_s / obj_s: the cell's figure over its valid runs. */
struct results_stat {
	double value, mean, median, min, max, stddev, cv;
	double ci_lo, ci_hi; /* ci95 (1.1); NAN, NAN when null */
	enum results_ci ci_method;
	double ci_coverage; /* the interval's actual coverage */
};

enum results_pool {
	RESULTS_POOL_NONE,      /* pooled: null */
	RESULTS_POOL_HISTOGRAM, /* "histogram": every request of the cell */
	RESULTS_POOL_RUNS       /* "runs": the runs' own percentiles */
};

/* latency_ms.pooled / ttfb_ms.pooled (1.1): the percentiles of all requests of a cell. */
struct results_pooled {
	enum results_pool source;
	double p50, p90, p99, p999, max; /* ms */
	uint64_t requests;
	double *quant_q, *quant_ms; /* quantiles[]: q in 0..1 ascending and its ms (histogram) */
	size_t n_quant;
};

/* latency_ms / ttfb_ms: the mean of the runs' own figures (min: the lowest, max: the
 * highest); present 0 when null in the file. */
struct results_lat {
	int present;
	double avg, p50, p90, p99, min, max;
	struct results_pooled pooled; /* cells only */
};

/* consistency[]: a subject's mean CV over its cells. */
struct results_consistency {
	int subject;
	double cv_mean;
	long long cells;
};

enum results_lead {
	RESULTS_LEAD_UNKNOWN, /* a 1.0 file: no status */
	RESULTS_LEAD_CLEAR,
	RESULTS_LEAD_TIE,
	RESULTS_LEAD_UNTESTED,
	RESULTS_LEAD_UNRESOLVED /* files before it called it a tie */
};

enum results_test {
	RESULTS_TEST_NONE,   /* null: not enough runs */
	RESULTS_TEST_PAIRED, /* "paired-t" */
	RESULTS_TEST_WELCH   /* "welch" */
};

/* leaders[].versus: the leader against the subject a tie or an unresolved lead is worded
 * against, as leader / other (present 0: null, or not in the file). */
struct results_versus {
	int present;
	int subject;
	long long pairs;
	enum results_test test;     /* RESULTS_TEST_NONE: no test (the figures NAN) */
	double ratio, ci_lo, ci_hi; /* before adjustment */
	double adj_lo, adj_hi;      /* ci_adj: at its family step's level */
	double adj_level;           /* ci_adj_level */
};

/* leaders[]: the highest subject of one category (op × size × concurrency). */
struct results_leader {
	char *op;
	uint64_t size;
	int concurrency, subject;
	int by_obj;   /* the figure is obj/s ("obj_s": zero-byte objects), else MiB/s */
	double value; /* that figure */
	enum results_lead status;
	int clear;      /* significantly above every other subject, not blocked */
	int *tied_with; /* subjects its family did not show below it */
	size_t n_tied;
	long long family;        /* its family's comparisons with a test; -1: not in the file */
	double detectable_ratio; /* the smallest ratio detectable at 80 % power */
	struct results_versus versus;
	struct results_leader_climit client_limit;
};

/* leader_counts[]: how many categories of op a subject led. */
struct results_leader_count {
	char *op;
	int subject;
	long long led, of;
	long long clear, tied; /* clear leads, ties it is in; -1: not in the file (1.0) */
	long long unresolved;  /* unresolved leads it is in; -1: not in the file */
};

/* comparisons[] (1.1): subject a against subject b in one category. */
struct results_comparison {
	char *op;
	uint64_t size;
	int concurrency, a, b;
	int by_obj;                 /* metric "obj_s", else "mib_s" */
	double ratio, ci_lo, ci_hi; /* A/B and its own 95 % interval */
	double p;
	double adj_lo, adj_hi; /* ci_adj: the family-wise interval (ci95 in files without it) */
	double adj_level;      /* ci_adj_level: 1 - alpha */
	double p_adj;
	long long family; /* the category's comparisons with a test; -1: not in the file */
	enum results_test test;
	double df;     /* the test's degrees of freedom */
	int moderated; /* a paired test on the moderated variance */
	/* lead: its verdict in the leader's family (Holm); in_lead 0: null or not in the file */
	int in_lead;
	double lead_p_adj, lead_lo, lead_hi, lead_level;
	long long lead_step;
	int lead_significant;
	long long pairs, n_a, n_b;
	int significant;
	char *note; /* "not enough runs", or NULL */
};

/* timeseries[] (1.1): the 1-second throughput of one run. */
struct results_series {
	int subject;
	char *op;
	uint64_t size;
	int concurrency, cycle;
	char *path, *start;
	double *mib_s, *obj_s; /* n values each, one per second from the run's start */
	size_t n;
	int kept_first, kept_last; /* the kept seconds' first and last index; -1: null */
};

/* The functions of each record, as results_head.h says; where names the record in
 * messages. A stat or a lat reads from a value that may be NULL or null (then "not
 * available"); with_pooled: the lat is a cell's, whose "pooled" is written and read. */
json_t *results_stat_to_json(const struct results_stat *s);
int results_stat_from_json(struct jread *r, const json_t *o, const char *where, int required,
			   struct results_stat *s);

json_t *results_pooled_to_json(const struct results_pooled *p);
int results_pooled_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_pooled *p);
void results_pooled_free(struct results_pooled *p);

json_t *results_lat_to_json(const struct results_lat *l, int with_pooled);
int results_lat_from_json(struct jread *r, const json_t *o, const char *where, int with_pooled,
			  struct results_lat *l);
void results_lat_free(struct results_lat *l);

json_t *results_consistency_to_json(const struct results_consistency *c, const struct results *doc);
int results_consistency_from_json(struct jread *r, const json_t *o, const char *where,
				  struct results_consistency *c);

json_t *results_leader_to_json(const struct results_leader *l, const struct results *doc);
int results_leader_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_leader *l);
void results_leader_free(struct results_leader *l);

json_t *results_leader_count_to_json(const struct results_leader_count *c,
				     const struct results *doc);
int results_leader_count_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_leader_count *c);
void results_leader_count_free(struct results_leader_count *c);

json_t *results_comparison_to_json(const struct results_comparison *c, const struct results *doc);
int results_comparison_from_json(struct jread *r, const json_t *o, const char *where,
				 struct results_comparison *c);
void results_comparison_free(struct results_comparison *c);

json_t *results_series_to_json(const struct results_series *s, const struct results *doc);
int results_series_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_series *s);
void results_series_free(struct results_series *s);

/* results_lead_name: "clear", "tie", "untested", "unresolved" (NULL for
 * RESULTS_LEAD_UNKNOWN). results_lead_of: the status of that name, RESULTS_LEAD_UNKNOWN for
 * another. */
const char *results_lead_name(enum results_lead s);
enum results_lead results_lead_of(const char *name);

/* results_ci_of / results_test_of: the method or test of analyze's name (NULL: none).
 * results_test_name: that name of a test (NULL for RESULTS_TEST_NONE). */
enum results_ci results_ci_of(const char *name);
enum results_test results_test_of(const char *name);
const char *results_test_name(enum results_test t);

#endif
