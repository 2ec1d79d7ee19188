/* analyze/cells/timeseries.h: the throughput and the latency of one run per second, for
 * the report's over-time charts (aggregate.json "timeseries", docs/FORMATS.md).
 *
 * For PUT and GET, at the largest object size with a valid run of that op and, at that
 * size, the highest concurrency with one: per subject, the valid run of the latest
 * cycle, read again from its ops.tsv.zst and cut into core/summary.h's 1-second
 * buckets (summary_acc_series: the same buckets the averages are taken over); the
 * latency of each second is that of the successful requests that ended in it (its
 * largest, and its p99 when they are enough to bound it: docs/METHODOLOGY.md). */
#ifndef ANALYZE_TIMESERIES_H
#define ANALYZE_TIMESERIES_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/summary.h"

struct aggregate;

/* One second's latency. */
struct ts_latency {
	uint64_t requests; /* successful requests that ended in the second */
	double max_ms;     /* the largest of their latencies; NaN: none */
	double p99_ms;     /* their p99 (nearest rank, exact); NaN when fewer than
			      pctci_min_n(0.99) = 299 (analyze/stats/pctci.h) */
};

struct ts_series {
	size_t subject;        /* index into aggregate.subjects */
	const char *op, *path; /* borrowed from the aggregate's run log */
	uint64_t size;
	int concurrency, cycle;
	int64_t start_s;        /* Unix second of bucket 0 */
	struct seg_value *v;    /* n buckets (owned) */
	struct ts_latency *lat; /* n buckets (owned) */
	size_t n;
	int kept_first, kept_last; /* -1 when no bucket is kept */
};

struct ts_list {
	struct ts_series *v;
	size_t n;
};

/* timeseries_build: the series of a (whose run paths are relative to data_dir) into
 * *out (zeroed first; free with timeseries_clear, also after a failure). A run whose
 * ops.tsv.zst is missing or unreadable has no series; report (when not NULL) is called
 * with the reason. -1 with a message only when memory runs out. */
int timeseries_build(const struct aggregate *a, const char *data_dir, struct ts_list *out,
		     void (*report)(const char *msg), struct err *e);
void timeseries_clear(struct ts_list *l);

/* A successful request: when it ended (Unix ns) and how long it took (ns). */
struct ts_req {
	int64_t end_ns, dur_ns;
};

/* timeseries_latency: the latency of buckets 0 .. nb-1 (bucket k the second [s0 + k,
 * s0 + k + 1), Unix seconds) from the requests r[0 .. m-1] (sorted here by end) into
 * out[0 .. nb-1]; a request ending outside the buckets is left out. -1 when memory runs
 * out. Test seam of timeseries_build. */
int timeseries_latency(struct ts_req *r, size_t m, int64_t s0, size_t nb, struct ts_latency *out);

#endif
