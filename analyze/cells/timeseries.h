/* analyze/cells/timeseries.h: the throughput of one run per second, for the report's
 * throughput-over-time chart (aggregate.json "timeseries", docs/FORMATS.md).
 *
 * For PUT and GET, at the largest object size with a valid run of that op and, at that
 * size, the highest concurrency with one: per subject, the valid run of the latest
 * cycle, read again from its ops.tsv.zst and cut into core/summary.h's 1-second
 * buckets (summary_acc_series: the same buckets the averages are taken over). */
#ifndef ANALYZE_TIMESERIES_H
#define ANALYZE_TIMESERIES_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/summary.h"

struct aggregate;

struct ts_series {
	size_t subject;        /* index into aggregate.subjects */
	const char *op, *path; /* borrowed from the aggregate's run log */
	uint64_t size;
	int concurrency, cycle;
	int64_t start_s;     /* Unix second of bucket 0 */
	struct seg_value *v; /* n buckets (owned) */
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

#endif
