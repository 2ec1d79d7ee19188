/* core/summary.h: a run's final summary, computed from its per-request rows.
 *
 * collect computes it at the end of the benchmark phase and writes it into run.json;
 * analyze reads it back (and recomputes it from ops.tsv.zst with --recompute): both use
 * this module, so the two always agree. The method (1-second segments, trimmed ends,
 * 10-second latency windows) is stated in docs/METHODOLOGY.md. */
#ifndef CORE_SUMMARY_H
#define CORE_SUMMARY_H

#include <stdint.h>
#include <jansson.h>

#include "core/err.h"

struct op_row; /* core/opslog.h */

/* Latency statistics in milliseconds. */
struct lat_stats {
	double avg, p50, p90, p99, min, max, stddev;
};

/* One 1-second throughput segment value. */
struct seg_value {
	double mib_s, obj_s;
};

struct run_summary {
	uint64_t requests;      /* requests in the benchmark phase, errors included */
	uint64_t objects;       /* objects handled (n_objects summed over successful rows) */
	uint64_t bytes;         /* body bytes of successful requests */
	uint64_t errors;        /* requests with an error */
	int64_t start_ns;       /* first request start, Unix ns */
	int64_t end_ns;         /* last request end, Unix ns */
	double seconds;         /* length of the segments the averages are taken over */
	double mib_s, obj_s;    /* average throughput */
	struct lat_stats latency;
	int has_ttfb;           /* 0 for ops without a response body */
	struct lat_stats ttfb;
	int seg_count;          /* kept 1-s segments; 0 when the run was too short */
	struct seg_value fastest, median, slowest;
	double completion_s;    /* (end_ns - start_ns) / 1e9 */
};

/* An accumulator that rows are fed into one by one, in any order. */
struct summary_acc;

/* summary_acc_new: a new, empty accumulator; NULL when out of memory.
 * The caller owns it and frees it with summary_acc_free. */
struct summary_acc *summary_acc_new(void);
void summary_acc_free(struct summary_acc *acc);

/* summary_acc_add: account one request. The row is only read, not kept. */
int summary_acc_add(struct summary_acc *acc, const struct op_row *row, struct err *e);

/* summary_acc_finish: compute the summary of every row added so far into *out.
 * Returns -1 (with a message) when there is no successful request to summarize. */
int summary_acc_finish(struct summary_acc *acc, struct run_summary *out, struct err *e);

/* summary_to_json: a new JSON object in the run.json "summary" form (docs/FORMATS.md);
 * the caller owns the reference. */
json_t *summary_to_json(const struct run_summary *s);

/* summary_from_json: parse a run.json "summary" object into *out. Every field is
 * checked; the message names the field at fault. */
int summary_from_json(const json_t *obj, struct run_summary *out, struct err *e);

/* summary_span_text: what the averages of s cover, for a printed summary, into buf (n
 * bytes, truncated to fit; buf is returned): "over 17 s kept of 20.0 s; first and last 2 s
 * left out" when segments were kept (the whole seconds kept; the run's length), else
 * "over the whole 2.5 s; too short to leave out the first and last 2 s". */
const char *summary_span_text(const struct run_summary *s, char *buf, size_t n);

#endif
