/* analyze/warp/warp_model.h: Warp's aggregated result ("v": 2 Realtime) as plain C data,
 * and Warp's way of merging the results of several clients.
 *
 * The fields mirror what Warp keeps per aggregate (LiveAggregate): totals, the
 * 1-second throughput segments, throughput per host and per client, and per client
 * the request statistics of 10-second windows. Only what the printed report and the
 * run-level reader need is kept. Times are Unix ns; WARP_TIME_ZERO marks Go's zero
 * time.Time. Merging follows Warp's (v1.3) rules, quirks included:
 *  - throughput segments: only the seconds present in the result merged first are
 *    kept, values of the same second summed; then Fastest/Median/Slowest are picked
 *    from a Go sort.Slice (unstable) by bytes/s (obj/s when no segment has bytes);
 *  - the measured span becomes max(end) - min(start) of the merged throughput, where
 *    each client's end is its start plus its untrimmed segment count;
 *  - concurrency, totals and errors are summed; hosts and clients are set unions. */
#ifndef ANALYZE_WARP_MODEL_H
#define ANALYZE_WARP_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

#define WARP_TIME_ZERO INT64_MIN

struct warp_seg {
	int64_t start;
	double bps, ops;
	int64_t errors;
};

struct warp_segmented {
	struct warp_seg *segs;
	size_t n;
	int64_t seg_dur_ms;
	char sorted_by[8];
	int64_t fastest_start, median_start, slowest_start;
	double fastest_bps, fastest_ops, median_bps, median_ops, slowest_bps, slowest_ops;
};

struct warp_tp {
	int64_t start, end;         /* WARP_TIME_ZERO when unset */
	struct warp_segmented *seg; /* NULL when Warp had no segments */
	int64_t errors, measure_ms, ops;
	double bytes, objects;
};

struct warp_ttfb {
	double avg, fastest, p25, median, p75, p90, p99, slowest, stddev;
};

struct warp_single {
	int present, skipped;
	double dur_avg, dur_median, dur_90, dur_99, fastest, slowest, stddev;
	int64_t requests, obj_size, merged;
	int has_fb;
	struct warp_ttfb fb;
};

struct warp_sizerange {
	int64_t min_size, max_size;
	char min_str[32], max_str[32];
	int64_t requests, avg_obj_size, merged;
	double avg_dur, bps_avg, bps_median, bps_90, bps_99, bps_fastest, bps_slowest;
	int has_fb;
	struct warp_ttfb fb;
};

struct warp_multi {
	int present, skipped;
	int64_t requests, avg_obj_size, merged;
	struct warp_sizerange *by_size;
	size_t n;
};

/* One 10-second request window. */
struct warp_reqseg {
	int64_t start, end;
	struct warp_single single;
	struct warp_multi multi;
};

struct warp_keyed_tp {
	char *key;
	struct warp_tp tp;
};

struct warp_client_reqs {
	char *client;
	struct warp_reqseg *segs;
	size_t n;
};

/* A sorted set of strings. */
struct warp_strset {
	char **v;
	size_t n;
};

struct warp_live {
	int64_t total_requests, total_objects, total_errors, total_bytes, concurrency;
	int64_t start, end;
	struct warp_strset hosts, clients;
	struct warp_tp tp;
	int has_tp_host, has_tp_client; /* Go map non-nil */
	struct warp_keyed_tp *tp_host, *tp_client;
	size_t n_tp_host, n_tp_client;
	struct warp_client_reqs *reqs;
	size_t n_reqs;
	char **first_errors;
	size_t n_first_errors;
};

struct warp_op {
	char *op;
	struct warp_live *agg;
};

struct warp_rt {
	char *commandline;
	struct warp_live total;
	struct warp_op *ops; /* sorted by op name */
	size_t n_ops;
};

/* warp_rt_new: an empty result (what Warp's server starts merging into); NULL when out
 * of memory. Free with warp_rt_free. */
struct warp_rt *warp_rt_new(void);
void warp_rt_free(struct warp_rt *rt);

/* warp_rt_merge: merge src into dst as Warp's Realtime.Merge does. src is only read.
 * -1 only when out of memory. */
int warp_rt_merge(struct warp_rt *dst, const struct warp_rt *src, struct err *e);

/* warp_rt_op: the aggregate of op in rt, created empty when absent (NULL when out of
 * memory). */
struct warp_live *warp_rt_op(struct warp_rt *rt, const char *op);

/* warp_strset_add: add s (copied) to the set; -1 when out of memory. */
int warp_strset_add(struct warp_strset *s, const char *v);

/* warp_keyed_get: the throughput stored under key in the array, added (zero, start
 * and end unset) when absent; NULL when out of memory. */
struct warp_tp *warp_keyed_get(struct warp_keyed_tp **arr, size_t *n, const char *key);

/* warp_tp_init: a zero throughput (times unset). */
void warp_tp_init(struct warp_tp *t);

/* warp_live_free_fields: free what a warp_live owns (not the struct itself). */
void warp_live_free_fields(struct warp_live *l);

/* warp_segmented_pick: set fastest/median/slowest of s from its segments as Warp's
 * fillFromSegs does (Go sort.Slice by bytes/s, or obj/s when no segment has bytes,
 * index round(n * m) clamped), then leave the segments in start-time order. */
void warp_segmented_pick(struct warp_segmented *s);

#endif
