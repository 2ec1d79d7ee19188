/* analyze/warp/warp_report.h: Warp's printed report of a (merged) result, digit for
 * digit, and the same numbers as JSON.
 *
 * The text is what Warp's benchmark server prints at the end of a distributed run
 * (LiveAggregate.Report without --analyze.v): one block per op in name order,
 * separated by a line of '─', then "Report: Total" for mixed runs whose ops overlap
 * in time. Quirks kept on purpose: "Ran" is the merged span (untrimmed segments);
 * Average divides the kept segments' bytes by that span; Reqs/TTFB are unweighted
 * means of the per-10-second-window values with global Fastest/Slowest; latency stays
 * in ms; TTFB uses Go's duration text; Fastest/Median/Slowest come from a Go
 * sort.Slice of the merged segments. */
#ifndef ANALYZE_WARP_REPORT_H
#define ANALYZE_WARP_REPORT_H

#include <jansson.h>

#include "analyze/warp/warp_model.h"

/* warp_report_text: the full printed output for rt (a leading and a trailing newline
 * as Warp's server prints them) in a new string the caller frees; NULL when out of
 * memory. */
char *warp_report_text(const struct warp_rt *rt);

/* warp_report_json: the printed numbers as a new JSON object (caller owns it):
 * {"ops": [{"op", "skipped", "concurrency", "ran_s", "mib_s", "obj_s", "errors",
 * "requests_ms": {avg,p50,p90,p99,fastest,slowest,stddev} | null,
 * "ttfb_ms": {avg,best,p25,median,p75,p90,p99,worst,stddev} | null,
 * "clients": [{"client","mib_s","obj_s"}], "hosts": [...],
 * "segments": {"count", "fastest": {"start","mib_s","obj_s"}, "median", "slowest"}}],
 * "total": same shape or null, "commandline"}. NULL when out of memory. */
json_t *warp_report_json(const struct warp_rt *rt);

/* Merged request statistics of one aggregate (what the Reqs/TTFB lines print),
 * already divided by the number of windows where Warp divides. */
struct warp_reqstats {
	int has_reqs;
	double avg, p50, p90, p99, fastest, slowest, stddev; /* ms */
	int has_ttfb;
	int64_t ttfb_ns[9]; /* avg best p25 median p75 p90 p99 worst stddev, rounded to ms */
	int64_t requests, obj_size_sum, windows;
};

/* warp_reqstats_of: the Reqs/TTFB values of an aggregate as Warp computes them. */
void warp_reqstats_of(const struct warp_live *l, struct warp_reqstats *out);

#endif
