/* analyze/warp/warp_full.h: `warp analyze --full FILE` of Warp 1.6.1: its per-request
 * analysis engine (aggregate.Aggregate over every request, the default of Warp releases
 * before 1.1), for per-request logs only.
 *
 * Per op in name order: "----" then "Operation: OP. Concurrency: N", the Average over
 * the window where every worker was active (or the time range of the op when some
 * request failed), and the per-second split of that window (Fastest / 50% Median /
 * Slowest of the 1-second segments). Mixed runs print Warp's mixed block. */
#ifndef ANALYZE_WARP_FULL_H
#define ANALYZE_WARP_FULL_H

#include <jansson.h>
#include <stdio.h>

#include "core/err.h"

/* warp_full_report: analyze one file with the per-request engine. Prints the progress
 * line ("N operations loaded... Done!") to progress, then the report to out, or (when
 * arr is not NULL) appends the same numbers as one JSON object to arr. -1 with a
 * message naming the file when it cannot be read or is an aggregated .json.zst (it
 * holds no requests to analyze). */
int warp_full_report(const char *path, FILE *out, FILE *progress, json_t *arr, struct err *e);

/* One op's figures as the full engine prints them (seconds: the measured window). */
struct warp_full_figures {
	int skipped;
	int64_t concurrency, requests, errors;
	double seconds, mib_s, obj_s;
	size_t n_segs;
	double seg_mib[3], seg_obj[3]; /* fastest, median, slowest */
};

/* warp_full_figures_of: the figures of op (Warp's name, case ignored) in the log that
 * `warp merge` makes of files[0..n) (warp_fops_read_many; one file: that file). -1
 * with a message when a file cannot be read, is aggregated JSON, the run is mixed,
 * or op is absent. */
int warp_full_figures_of(const char *const *files, int n, const char *op,
			 struct warp_full_figures *out, struct err *e);

#endif
