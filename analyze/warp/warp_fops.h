/* analyze/warp/warp_fops.h: the requests of a per-request log as Warp's full engine
 * holds them (bench.Operations, read with analyzeOnly: client IDs renamed "a", "b", ...
 * in order of first appearance), and the functions of Warp 1.6.1's pkg/bench that its
 * `warp analyze --full` uses: the time ranges, 1-second (or longer) segmentation of
 * the active window, and a run's total.
 *
 * Times are Unix ns; WARP_TIME_ZERO stands for Go's zero time (before every time). */
#ifndef ANALYZE_WARP_FOPS_H
#define ANALYZE_WARP_FOPS_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

struct warp_fop {
	int64_t start, end, size, objs;
	uint32_t thread;
	int err;    /* the request failed */
	int op, ep; /* indices in warp_fops_file.ops / .eps */
	int cl;     /* index in .clients (its name is "a" + cl) */
};

/* A loaded log: the requests in start order (Warp's SortByStartTime) and the interned
 * names. */
struct warp_fops_file {
	struct warp_fop *v;
	size_t n;
	char **ops, **eps, **clients; /* clients: the IDs as recorded */
	int n_ops, n_eps, n_clients;
};

/* bench.Segment: totals of the requests in [start, ends_before). */
struct warp_fseg {
	int64_t start, ends_before;
	int64_t ops_started, partial_ops, full_ops, ops_ended, errors, total_bytes;
	double objects;
};

/* warp_fops_read: read `path` (.csv.zst, plain or our ops.tsv.zst) into *f (free with
 * warp_fops_free). -1 with the reader's message (file and line) on failure, or when a
 * request ends before it starts (Warp's engine cannot analyze it). */
int warp_fops_read(const char *path, struct warp_fops_file *f, struct err *e);
void warp_fops_free(struct warp_fops_file *f);

/* warp_fops_read_many: what `warp merge` of 1.6.1 makes of several logs, as its
 * `analyze --full` reads the result: every file's requests, each file's thread ids
 * offset past the previous files' (Operations.OffsetThreads), in start order, client
 * indices renumbered in order of first appearance. -1 with the message of the first
 * file that cannot be read. */
int warp_fops_read_many(const char *const *paths, int n, struct warp_fops_file *f, struct err *e);

/* warp_fops_intern: the index of s in (*names)[0..*n) (strdup'd and added when absent;
 * *memo, -1 at first, remembers the last hit). -1 when out of memory. */
int warp_fops_intern(char ***names, int *n, int *memo, const char *s);

/* warp_fops_time_range: Operations.TimeRange (first start, last end; both zero when
 * n is 0). */
void warp_fops_time_range(const struct warp_fop *o, size_t n, int64_t *start, int64_t *end);

/* warp_fops_active_range: Operations.ActiveTimeRange: with all_threads, from the
 * moment every thread finished its first request to the last start of any thread's
 * last request; without, the window inside the earliest end and the latest start.
 * -1 when out of memory. */
int warp_fops_active_range(const struct warp_fop *o, size_t n, int all_threads, int64_t *start,
			   int64_t *end);

/* warp_fops_segment: Operations.Segment over o (start order) from `from` in steps of
 * per ns (> 0) within the active range; *segs (malloc'd, may be NULL with *n_segs 0)
 * for the caller to free. multi_op: requests of every op (else only o[0]'s op).
 * -1 when out of memory. */
int warp_fops_segment(const struct warp_fop *o, size_t n, int64_t from, int64_t per,
		      int all_threads, int multi_op, struct warp_fseg **segs, size_t *n_segs);

/* warp_fops_total: Operations.Total: one segment over the active range (all zero
 * when the range is empty). -1 when out of memory. */
int warp_fops_total(const struct warp_fop *o, size_t n, int all_threads, int multi_op,
		    struct warp_fseg *out);

/* warp_fops_threads: Operations.Threads (highest thread id + 1, 0 when n is 0). */
int64_t warp_fops_threads(const struct warp_fop *o, size_t n);

/* warp_fseg_speed: Segment.SpeedPerSec: MiB/s, requests ended per s, objects per s. */
void warp_fseg_speed(const struct warp_fseg *s, double *mib, double *ops, double *objs);

#endif
