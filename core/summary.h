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
#include "core/errstat.h"
#include "core/hist.h"

struct op_row; /* core/opslog.h */

/* Latency statistics in milliseconds. */
struct lat_stats {
	double avg, p50, p90, p99, min, max, stddev;
};

/* One 1-second throughput segment value. */
struct seg_value {
	double mib_s, obj_s;
};

/* Per-op figures of a run whose rows carry more than one op (a mixed run), in the
 * run.json "summary.by_op" form (docs/FORMATS.md). */
#define SUMMARY_OPS_MAX 8  /* more distinct ops than this: no per-op figures */
#define SUMMARY_OP_NAME 16 /* longer op names: no per-op figures */

struct op_summary {
	char op[SUMMARY_OP_NAME]; /* the rows' op: "GET", "PUT", "STAT", "DELETE", ... */
	uint64_t requests, objects, bytes, errors;
	double share;        /* requests / the run's requests (errors included) */
	double mib_s, obj_s; /* over the run's kept segments, as the run's averages */
	struct lat_stats latency;
	int has_ttfb;
	struct lat_stats ttfb;
	/* the histogram (core/hist.h) of the op's successful requests' durations, owned by
	 * the run_summary (summary_clear frees it); NULL when not known (a run.json written
	 * before by_op carried it) */
	struct hist *lat_hist;
};

/* The open-loop figures of a rate run (docs/METHODOLOGY.md, "Fixed-rate runs"). */
struct rate_summary {
	double offered;            /* requests per second the workload asked for */
	double span_s;             /* the intended span: the workload's duration */
	uint64_t slots;            /* offered requests: the slots due in the span */
	uint64_t sent;             /* requests sent (rows with an intended start) */
	uint64_t on_time;          /* of them, started within tolerance_ms of their slot */
	uint64_t failed;           /* of them, answered with an error */
	double tolerance_ms;       /* max(1 ms, 10 % of the slot interval) */
	double achieved;           /* sent / span_s */
	int sustained;             /* sent >= slots, on_time and sent - failed >= 0.99 x slots */
	struct lat_stats intended; /* end - intended start of the successful requests */
	/* their histogram, owned by the run_summary (summary_clear frees it); NULL when
	 * not known */
	struct hist *intended_hist;
	/* the engine's, not the rows' (the ops log cannot show them; a recomputed summary
	 * keeps run.json's): workers woken (they grow by Little's law up to the cap) and
	 * the slots a worker took late because none was free; -1 when not known */
	int peak_workers;
	int64_t late_no_worker;
};

/* summary_rate_tolerance_ns: how late a request of a run offering `rate` req/s (> 0)
 * may start and count as on time: max(1 ms, 10 % of 1 / rate). */
int64_t summary_rate_tolerance_ns(double rate);

/* summary_rate_slot_ns: when slot i of a run offering `rate` req/s is due, ns after the
 * run's start: (int64_t)(i x 1e9 / rate), computed from i (no accumulated error). The
 * engine schedules by it. */
int64_t summary_rate_slot_ns(double rate, uint64_t i);

/* summary_rate_slots: how many slots of `rate` req/s are due in a span of span_s
 * seconds (slot i counts when summary_rate_slot_ns(rate, i) < span_s x 1e9). */
uint64_t summary_rate_slots(double rate, double span_s);
/* Where the requests' time went (run.json "summary.request_phases", docs/FORMATS.md and
 * docs/METHODOLOGY.md, "Where the time goes"), from the rows' phase columns. */
enum req_phase {
	RPH_DNS,
	RPH_CONNECT,
	RPH_TLS,
	RPH_SEND,
	RPH_WAIT,
	RPH_TRANSFER,
	RPH_COUNT
};

struct phase_summary {
	uint64_t n;           /* requests the statistics are over (dns, connect, tls: the
			       successful requests that opened a connection; else all the
			       successful requests with phases) */
	double mean_all_ms;   /* the phase's sum over every successful request with phases
			       / their number (connection set-up spread over the requests
			       it served): the "Where the time goes" bar */
	struct lat_stats lat; /* over the n requests (all 0 when n = 0) */
	struct hist *hist;    /* their histogram, owned by the run_summary; NULL: none */
};

enum rtt_source {
	RTT_NONE,
	RTT_TCP_INFO, /* the median of the kernel's smoothed round trips sampled */
	RTT_CONNECT   /* no TCP_INFO sample: the median connect time */
};

struct request_phases {
	uint64_t requests; /* successful requests with phases */
	struct phase_summary ph[RPH_COUNT];
	double rtt_ms; /* the path's round trip (rtt_source), 0 with RTT_NONE */
	enum rtt_source rtt_source;
	uint64_t rtt_samples;
};

/* The requests' connections (run.json "summary.connections"): over every row with
 * phases, errors included. */
struct conn_summary {
	uint64_t opened, tls_full, tls_resumed, requests;
	double reused_share; /* 1 - opened / requests */
};

/* req_phase_name: "dns", "connect", "tls", "send", "wait", "transfer" (NULL out of
 * range). */
const char *req_phase_name(int ph);

/* The retries of a run with retries on (workload.retries > 0; docs/METHODOLOGY.md,
 * "Retries"): each attempt is an ops row with the `attempt` column. */
struct retry_summary {
	int max;            /* workload.retries (collect sets it; 0 when not known) */
	uint64_t requests;  /* requests (their final rows), as the summary's requests */
	uint64_t retried;   /* requests that took more than one attempt */
	uint64_t attempts;  /* every attempt (rows), retried ones included */
	double share;       /* retried / requests */
	double per_request; /* attempts / requests */
	/* the duration of every request's first attempt (successful or not); the end-to-end
	 * latency is the summary's latency (final rows start at their first attempt) */
	struct lat_stats first_attempt;
	struct errstat attempt_errs; /* the failures that were retried, by status or class */
};

/* The hedging of a hedged run (workload.hedge; docs/METHODOLOGY.md, "Hedged requests"):
 * its ops rows carry the `hedge` column. */
struct hedge_summary {
	char threshold[16];        /* workload.hedge as written ("p95", "200ms"; collect sets it) */
	double threshold_ms;       /* the threshold the run used (collect sets it); NaN: never
				    known (a run shorter than its warm-up, or refused) */
	int refused;               /* a fixed threshold below the warm-up's p50: not hedged */
	double warm_p50_ms;        /* the p50 of the warm-up answers; NaN: not known */
	uint64_t requests;         /* requests, as the summary's (lost attempts are none) */
	uint64_t hedged;           /* requests whose duplicate was sent */
	uint64_t won_by_duplicate; /* ... answered by the duplicate */
	uint64_t lost;             /* attempts cancelled because the other answered first */
	double extra;              /* hedged / requests: the extra requests sent (and billed) */
};

struct run_summary {
	uint64_t requests; /* requests in the benchmark phase, errors included */
	uint64_t objects;  /* objects handled (n_objects summed over successful rows) */
	uint64_t bytes;    /* body bytes of successful requests */
	uint64_t errors;   /* requests with an error (conflicts not included) */
	/* conditional writes (put-if-absent, cas): the requests answered with a conflict
	 * (core/errstat.h, errstat_is_conflict: 412 PreconditionFailed, 409
	 * ConditionalRequestConflict), neither successes nor errors: requests = successes +
	 * errors + conflicts. run.json's "conflicts", written when > 0 */
	uint64_t conflicts;
	int64_t start_ns;    /* first request start, Unix ns */
	int64_t end_ns;      /* last request end, Unix ns */
	double seconds;      /* length of the segments the averages are taken over */
	double mib_s, obj_s; /* average throughput */
	struct lat_stats latency;
	int has_ttfb; /* 0 for ops without a response body */
	struct lat_stats ttfb;
	int seg_count; /* kept 1-s segments; 0 when the run was too short */
	struct seg_value fastest, median, slowest;
	/* the within-run spread: the sample SD (n - 1) of ln(bytes/s) of the kept segments
	 * (objects/s when the run moved no bytes), over those above 0; has_log_sd 0 when fewer
	 * than 2 are (or a run.json written before it) */
	int has_log_sd;
	double log_sd;
	double completion_s; /* (end_ns - start_ns) / 1e9 */
	/* Histograms (core/hist.h) of the successful requests' durations and TTFBs, owned
	 * by the summary and freed by summary_clear; NULL when not known (a run.json
	 * written before they existed, or no request with a TTFB). A copy of the struct
	 * shares them: clear only one copy. */
	struct hist *lat_hist, *ttfb_hist;
	/* per-op figures, by_op[0 .. n_by_op), sorted by op name; n_by_op = 0 unless the
	 * rows carry more than one op */
	int n_by_op;
	struct op_summary by_op[SUMMARY_OPS_MAX];
	int has_rate; /* a rate run: `rate` is set */
	struct rate_summary rate;
	int has_phases; /* rows carried phases: `phases` and `conn` are set */
	struct request_phases phases;
	struct conn_summary conn;
	/* the failed requests by HTTP status or transport class (core/errstat.h); run.json's
	 * "errors_by", written when errors > 0 (absent: none counted) */
	struct errstat errs;
	int has_retries; /* the rows carry the attempt column: `retry` is set */
	struct retry_summary retry;
	/* GET checksums (core/summary_counts.c): the run verified them (its rows carry the
	 * checksum column): the successful GETs whose body matched a whole-object checksum
	 * the server returned, and those that had none to check (none returned, a composite
	 * one, a ranged GET); run.json's "checksums_verified" and "checksums_absent" */
	int has_checksums;
	uint64_t checksums_verified, checksums_absent;
	/* Attempts (core/summary_counts.c): every attempt (its rows: the requests, and in a
	 * run with retries the retried attempts too), those answered 503 or 429 (throttled,
	 * retried or final), and the requests whose first attempt was; run.json's
	 * "attempts", "throttled_attempts", "throttled_first_attempts". Read from a run.json
	 * written before they were counted, attempts and throttled_attempts are derived from
	 * requests, errors_by and retries; has_attempt_counts is then 0 when the first
	 * attempts are not known (a run with retries), 1 otherwise. */
	int has_attempt_counts;
	uint64_t attempts, throttled_attempts, throttled_first_attempts;
	int has_hedge; /* a hedged run (some row hedged, or collect says so): `hedge` is set */
	struct hedge_summary hedge;
};

/* summary_clear: free the histograms of s (rate.intended_hist and by_op[i].lat_hist too)
 * and set them to NULL (the numbers stay). */
void summary_clear(struct run_summary *s);

/* An accumulator that rows are fed into one by one, in any order. */
struct summary_acc;

/* summary_acc_new: a new, empty accumulator; NULL when out of memory.
 * The caller owns it and frees it with summary_acc_free. */
struct summary_acc *summary_acc_new(void);
void summary_acc_free(struct summary_acc *acc);

/* summary_acc_add: account one request. The row is only read, not kept. */
int summary_acc_add(struct summary_acc *acc, const struct op_row *row, struct err *e);

/* summary_acc_finish: compute the summary of every row added so far into *out, with
 * new histograms that *out owns (release them with summary_clear). Returns -1 (with a
 * message, *out zeroed) when there is no successful request to summarize or memory
 * runs out. */
int summary_acc_finish(struct summary_acc *acc, struct run_summary *out, struct err *e);

/* summary_acc_rate: the open-loop figures of a rate run into out->rate (out->has_rate
 * = 1), from the rows added to acc: offered is the workload's rate (req/s, > 0), span_s
 * its intended span (the duration, > 0); slots = summary_rate_slots(offered, span_s);
 * sent = the rows with an intended start (errors included), on_time = those that
 * started at most summary_rate_tolerance_ns after it, failed = those with an error;
 * achieved = sent / span_s; sustained = sent >= slots, on_time >= 0.99 x slots and
 * sent - failed >= 0.99 x slots; the latency from each
 * successful request's intended start to its end, with a new histogram that *out owns.
 * peak_workers and late_no_worker are set to -1 (not known: the engine sets them).
 * Call it after summary_acc_finish filled *out. -1 with a message (out unchanged) when
 * no successful row has an intended start, span_s is not > 0 or memory runs out.
 * (summary_acc_add refuses a row that ends before its intended start.) */
int summary_acc_rate(struct summary_acc *acc, double offered, double span_s,
		     struct run_summary *out, struct err *e);

/* summary_acc_series: the 1-second buckets of every row added so far, as the segments
 * are made (bucket k is the second [S0 + k, S0 + k + 1), S0 the Unix second of the
 * first start): *out (a new array of *n values the caller frees; MiB/s and obj/s of
 * each second), *start_s = S0, and *kept_first / *kept_last the indexes of the first
 * and last bucket the averages keep (-1 both when the run is too short to keep any).
 * -1 with a message when no row was added or memory runs out. */
int summary_acc_series(const struct summary_acc *acc, struct seg_value **out, size_t *n,
		       int64_t *start_s, int *kept_first, int *kept_last, struct err *e);

/* summary_lat_json: the object of l ({"avg", "p50", "p90", "p99", "min", "max", "stddev"}
 * in milliseconds; new reference, NULL when out of memory); summary_lat_from_json: x, such
 * an object, into *l; -1 with "PATH: missing or not an object" or "PATH.KEY: missing or not
 * a number" in e. The form of every latency of run.json. */
json_t *summary_lat_json(const struct lat_stats *l);
int summary_lat_from_json(const json_t *x, const char *path, struct lat_stats *l, struct err *e);

/* summary_to_json: a new JSON object in the run.json "summary" form (docs/FORMATS.md);
 * the caller owns the reference. */
json_t *summary_to_json(const struct run_summary *s);

/* summary_from_json: parse a run.json "summary" object into *out. Every field is
 * checked; the message names the field at fault. "by_op" and "rate" are optional
 * (absent or null: n_by_op = 0, has_rate = 0). The histograms ("latency_hist",
 * "ttfb_hist", each by_op entry's "latency_hist") are optional: absent or null leaves
 * them NULL (ttfb_hist must be absent when ttfb_ms is null; a by_op histogram must count
 * the op's successes). On success the caller releases *out with summary_clear; on
 * failure nothing is left allocated. */
int summary_from_json(const json_t *obj, struct run_summary *out, struct err *e);

/* summary_span_text: what the averages of s cover, for a printed summary, into buf (n
 * bytes, truncated to fit; buf is returned): "over 17 s kept of 20.0 s; first and last 2 s
 * left out" when segments were kept (the whole seconds kept; the run's length), else
 * "over the whole 2.5 s; too short to leave out the first and last 2 s". */
const char *summary_span_text(const struct run_summary *s, char *buf, size_t n);

#endif
