/* core/summary_int.h: the run summary's accumulator and the functions its files share.
 * Private to core/summary*.c. The layers, from the bottom: core/summary_base.c (vectors,
 * buckets, latency statistics, JSON getters); the parts, core/summary_ops.c (per-op and
 * rate figures), core/summary_phases.c (request phases, connections) and
 * core/summary_retry.c (retries); core/summary.c on top, which calls each part. */
#ifndef CORE_SUMMARY_INT_H
#define CORE_SUMMARY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "core/summary.h"

#define SUM_NS 1000000000LL
#define SUM_MIB 1048576.0
#define SUM_MAX_SPAN_S 10000000LL /* one run spans less than this (115 days) */

struct i64vec {
	int64_t *v;
	size_t n, cap;
};

struct u8vec {
	uint8_t *v;
	size_t n, cap;
};

struct bucket {
	unsigned __int128 bytes, objs; /* fixed point: 2^32 is 1 */
	uint64_t starts;               /* requests started in the second, errors included */
};

/* 1-second buckets: b[i] is Unix second base + i; grown at either end */
struct buckets {
	struct bucket *b;
	int64_t base;
	size_t nb;
};

/* One op's share of the rows (summary.by_op). */
struct op_acc {
	char name[SUMMARY_OP_NAME];
	uint64_t requests, errors, objects, bytes;
	struct buckets bk;
};

struct summary_acc {
	uint64_t requests, errors, objects, bytes;
	int64_t start_ns, end_ns;
	int any;
	struct i64vec dur, ttfb;
	struct hist *hdur, *httfb;
	struct buckets bk;
	/* per op: dur_op[i] / ttfb_op[i] is the index in ops[] of dur.v[i] / ttfb.v[i] */
	struct op_acc ops[SUMMARY_OPS_MAX];
	int nops;
	int ops_over; /* more ops, or a longer name, than op_acc holds */
	struct u8vec dur_op, ttfb_op;
	/* rate runs: end - intended start of the successful rows that have one */
	struct i64vec intended;
	struct hist *hintended;
	/* start - intended start of every row that has one (errors included), and how
	 * many of those rows failed */
	struct i64vec late;
	uint64_t late_failed;
	struct phase_acc *ph; /* core/summary_phases.c; NULL until a row has phases */
	struct errstat errs;  /* failed rows by status or class */
	/* hedging (core/summary_hedge.c): rows with a hedge word */
	int hedge_on;
	uint64_t h_hedged, h_dup, h_lost;
	/* retries (core/summary_retry.c): rows with an attempt column */
	int retry_on;
	uint64_t r_attempts, r_final, r_retried;
	struct i64vec r_first; /* first attempts' durations */
	struct errstat r_errs; /* retried attempts' failures */
	/* counts (core/summary_counts.c): GET checksums verified and absent; every row
	 * (attempt), those answered 503 or 429, those of them that were first attempts */
	int ck_on;
	uint64_t ck_verified, ck_absent;
	uint64_t at_all, at_throttled, at_first_throttled;
	uint64_t conflicts; /* requests answered with a conflict (errstat_is_conflict) */
};

/* The floor (core/summary_base.c). */

/* A bucket's fixed-point sums as numbers. */
struct bucket_value {
	double bytes, objs;
	uint64_t starts;
};

/* summary_bucket_at: the bytes, objects and starts of Unix second sec in bk (zero when
 * none). */
struct bucket_value summary_bucket_at(const struct buckets *bk, int64_t sec);

/* summary_buckets_add: spread one successful request [s, en) over the buckets it overlaps
 * (bytes and objects in proportion to the overlap). -1 when out of memory or too far
 * from the others. */
int summary_buckets_add(struct buckets *bk, int64_t s, int64_t en, uint64_t bytes, uint64_t objs);

/* summary_buckets_start: count one request started at s (ns) in the bucket of its second.
 * -1 when out of memory or too far from the others. */
int summary_buckets_start(struct buckets *bk, int64_t s);

/* summary_span: S0 (the Unix second of the first start) and K (the number of 1-second
 * buckets, at least 1) of the rows added so far. */
void summary_span(const struct summary_acc *a, int64_t *s0, int64_t *k);

/* summary_lat: statistics of v (sorted in place), nanoseconds in, milliseconds out. */
void summary_lat(struct i64vec *v, struct lat_stats *out);

/* summary_vec_push: append the element x (size bytes) to a vector of such elements:
 * vp the address of its element pointer, *n elements used, room for *cap; the array
 * doubles when full (at first 1024 elements). -1 when memory runs out (the vector
 * unchanged). */
int summary_vec_push(void *vp, size_t *n, size_t *cap, const void *x, size_t size);

/* summary_push: append x to v; -1 when out of memory. */
int summary_push(struct i64vec *v, int64_t x);

/* summary_get_lat / summary_get_num / summary_get_u64 / summary_get_counts: the checked
 * getters of summary_from_json (messages "path.k: ..."); summary_get_counts reads the four
 * counts of a summary or of one of its ops (requests, objects, bytes, errors). */
int summary_get_lat(const json_t *o, const char *path, const char *k, struct lat_stats *l,
		    struct err *e);
int summary_get_num(const json_t *o, const char *path, const char *k, double *v, struct err *e);
int summary_get_u64(const json_t *o, const char *path, const char *k, uint64_t *v, struct err *e);
int summary_get_counts(const json_t *o, const char *path, uint64_t *requests, uint64_t *objects,
		       uint64_t *bytes, uint64_t *errors, struct err *e);

/* Per-op and rate (core/summary_ops.c). */

/* summary_ops_add: account row (successful when ok; with a TTFB when has_ttfb) to its op,
 * before summary_acc_add pushes its duration and TTFB; sets a->ops_over (and drops the
 * per-op accounts) when the op does not fit. -1 when out of memory. */
int summary_ops_add(struct summary_acc *a, const struct op_row *row, int ok, int has_ttfb,
		    struct err *e);

/* summary_ops_finish: out->by_op from a's per-op accounts when a saw more than one op
 * (call before a->dur and a->ttfb are sorted). -1 when out of memory. */
int summary_ops_finish(const struct summary_acc *a, struct run_summary *out, struct err *e);

/* Retries (core/summary_retry.c). summary_retry_add: account row's attempt (rows with
 * attempt > 0); 1 when the row is a retried attempt (not a request: the caller stops
 * there), 0 when it goes on as a request, -1 out of memory. summary_retry_finish:
 * out->retry from a (has_retries when any row had an attempt); sorts a->r_first.
 * summary_retry_free: a's retry memory. summary_retry_to_json / _from_json: the summary's
 * "retries" object (absent when not set; absent or null read as not set). */
int summary_retry_add(struct summary_acc *a, const struct op_row *row, struct err *e);
/* Hedging (core/summary_hedge.c). summary_hedge_add: account a row with a hedge word: 1
 * when it is a lost attempt (no request: the caller stops there), 0 when it goes on as a
 * request. summary_hedge_finish: out->hedge from a (has_hedge when any row had a hedge
 * word). summary_hedge_to_json / _from_json: the summary's "hedge" member (absent or null:
 * has_hedge 0). */
int summary_hedge_add(struct summary_acc *a, const struct op_row *row);
void summary_hedge_finish(const struct summary_acc *a, struct run_summary *out);
int summary_hedge_to_json(const struct run_summary *s, json_t *o);
int summary_hedge_from_json(const json_t *o, struct run_summary *out, struct err *e);
void summary_retry_finish(struct summary_acc *a, struct run_summary *out);
void summary_retry_free(struct summary_acc *a);
int summary_retry_to_json(const struct run_summary *s, json_t *o);
int summary_retry_from_json(const json_t *o, struct run_summary *out, struct err *e);

/* Counts (core/summary_counts.c). summary_counts_add: account row (every row, retried
 * attempts too; a lost hedged attempt is no attempt). summary_counts_finish: the counts into out. summary_counts_to_json /
 * _from_json: their run.json members ("attempts", "throttled_attempts",
 * "throttled_first_attempts"; "checksums_verified", "checksums_absent", absent when the
 * run did not verify checksums) into / from o (-1 with a message naming the member);
 * _from_json runs after the requests, errors_by and retries are read. */
void summary_counts_add(struct summary_acc *a, const struct op_row *row);
void summary_counts_finish(const struct summary_acc *a, struct run_summary *out);
int summary_counts_to_json(const struct run_summary *s, json_t *o);
int summary_counts_from_json(const json_t *o, struct run_summary *out, struct err *e);

/* summary_ops_free: the per-op and rate memory of a. */
void summary_ops_free(struct summary_acc *a);

/* summary_ops_to_json / summary_ops_from_json: "by_op", "rate" and "errors_by" into / from
 * the summary object o (absent when not set; absent or null read as not set). from_json
 * sets out->rate.intended_hist, which the caller frees on failure too (summary_clear). */
int summary_ops_to_json(const struct run_summary *s, json_t *o);
int summary_ops_from_json(const json_t *o, struct run_summary *out, struct err *e);

/* Request phases and connections (core/summary_phases.c). */
struct phase_acc;

/* summary_phases_add: account row's phases (nothing when it has none). -1 when out of
 * memory. */
int summary_phases_add(struct summary_acc *a, const struct op_row *row, int ok, struct err *e);
/* summary_phases_finish: out->phases and out->conn from a (out->has_phases 0 when no row
 * had phases). -1 when out of memory (then nothing is left allocated in out). */
int summary_phases_finish(struct summary_acc *a, struct run_summary *out, struct err *e);
/* summary_phases_free: a's phase memory. summary_phases_clear: out's phase histograms. */
void summary_phases_free(struct summary_acc *a);
void summary_phases_clear(struct run_summary *s);
/* summary_phases_to_json / summary_phases_from_json: "request_phases" and "connections" into /
 * from the summary object o (absent or null: has_phases 0). */
int summary_phases_to_json(const struct run_summary *s, json_t *o);
int summary_phases_from_json(const json_t *o, struct run_summary *out, struct err *e);

/* summary_conflicts_from_json: "conflicts" of o into out->conflicts (absent: 0), after
 * the requests and errors are read; -1 with the field named when it is not a count or
 * errors and conflicts add up to more than the requests. */
int summary_conflicts_from_json(const json_t *o, struct run_summary *out, struct err *e);

#endif
