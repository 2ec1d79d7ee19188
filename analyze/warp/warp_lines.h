/* analyze/warp/warp_lines.h: the pieces of text both of Warp's report printers share
 * (warp_report.c, the 1.3 server print; warp_detail.c, `warp analyze` of 1.6.1): the
 * merging of the per-10-second request windows into one Reqs/TTFB line
 * (mergeRequests, SingleSizedRequests.add, MultiSizedRequests.add), those lines'
 * text (StringByN), Throughput.StringDetails, SegmentSmall.StringLong and the
 * "15:04:05 MST" clock Warp prints beside a time. */
#ifndef ANALYZE_WARP_LINES_H
#define ANALYZE_WARP_LINES_H

#include <stdint.h>
#include <stdio.h>

#include "analyze/warp/warp_model.h"

struct warp_ttfb_acc {
	int present;
	struct warp_ttfb t;
};

struct warp_single_acc {
	struct warp_single s;
	struct warp_ttfb_acc fb;
};

struct warp_range_acc {
	struct warp_sizerange r;
	struct warp_ttfb_acc fb;
};

struct warp_multi_acc {
	int64_t requests, avg_obj_size, merged;
	struct warp_range_acc *by_size; /* owned: free() it */
	size_t n;
};

/* warp_lines_merge: merge the request windows of l (of one client when client is not
 * NULL, else of all) into *ss and *ms (both zeroed first; ms->by_size is the caller's
 * to free, also on failure). -1 when out of memory. */
int warp_lines_merge(const struct warp_live *l, const char *client, struct warp_single_acc *ss,
		     struct warp_multi_acc *ms);

/* warp_lines_sort_sizes: the size ranges by smallest size (Go's sort.Slice). */
void warp_lines_sort_sizes(struct warp_multi_acc *ms);

/* warp_lines_reqs: prefix, "Avg: .., 50%: .., 90%: .., 99%: .., Fastest: .., Slowest:
 * .., StdDev: ..", suffix (nothing between them when s has no request). */
void warp_lines_reqs(FILE *f, const struct warp_single *s, const char *prefix, const char *suffix);

/* warp_lines_range: the throughput percentiles of one size range ("Avg: ..., Slowest:
 * ..." or nothing when it has no request). */
void warp_lines_range(FILE *f, const struct warp_sizerange *s);

/* warp_lines_ttfb_values: TTFB.StringByN's values in ns, rounded to ms: avg best p25
 * median p75 p90 p99 worst stddev of the sums in t over n windows. */
void warp_lines_ttfb_values(const struct warp_ttfb *t, int64_t n, int64_t out[9]);

/* warp_lines_ttfb: prefix, "Avg: .., Best: .., ... Worst: .. StdDev: ..", suffix. */
void warp_lines_ttfb(FILE *f, const struct warp_ttfb *t, int64_t n, const char *prefix,
		     const char *suffix);

/* warp_lines_live_reqs: the request lines of one op's block: " * Reqs:" and
 * " * TTFB:" over every request of one size, else one block per size range.
 * -1 when out of memory. */
int warp_lines_live_reqs(FILE *f, const struct warp_live *d);

#define WARP_LINES_V161 1 /* Warp 1.6.1's text: "ops/s" when there are no objects */
#define WARP_LINES_DUR 2  /* with details: " (Ns)" after it */

/* warp_lines_hosts: one op's "Throughput by host:" block, a line per host (its throughput
 * in warp_lines_tp's text with flags, then " - Errors: N" with the op's total when the host
 * had errors, as Warp prints it) and a blank line; nothing with one host. */
void warp_lines_hosts(FILE *f, const struct warp_live *d, int flags);

/* warp_lines_tp: Throughput.StringDetails into buf: flags 0 is Warp 1.3's text
 * ("X MiB/s, Y obj/s[, N errors]"), else WARP_LINES_* or'ed. "" when there is
 * nothing to print. */
void warp_lines_tp(char *buf, size_t n, const struct warp_tp *t, int flags);

/* warp_lines_seg: SegmentSmall.StringLongOp into buf: "[X MiB/s, ]Y obj/s" ("ops/s"
 * when objects_zero), then " (D, starting CLOCK)" when seg_dur_ms >= 0. */
void warp_lines_seg(char *buf, size_t n, double bps, double ops, int objects_zero,
		    int64_t seg_dur_ms, int64_t start);

/* warp_lines_clock: Go's t.Format("15:04:05 MST") of ns (Unix ns) in the local zone:
 * UTC when TZ is unset or empty (Warp's runs on this project's machines), else the
 * zone TZ names. "00:00:00 UTC" for WARP_TIME_ZERO. Returns buf (24 bytes suffice
 * for most zones; longer abbreviations are cut). */
char *warp_lines_clock(char *buf, size_t n, int64_t ns);

/* warp_lines_keyed: the throughput stored under k, NULL when absent. */
const struct warp_tp *warp_lines_keyed(const struct warp_keyed_tp *a, size_t n, const char *k);

/* The line Warp prints between two ops' blocks ("\n" 34 × '─' "\n\n"). */
extern const char warp_lines_separator[];

/* warp_lines_ops_disjoint: Realtime.overLappingOps: 1 when two of rt's ops do not
 * overlap in time (then no "Total" block is printed), 0 otherwise or with one op. */
int warp_lines_ops_disjoint(const struct warp_rt *rt);

/* One op's block of a printed report: block(f, live, op name, skip_reqs) writes it;
 * 0, or -1 on failure. */
typedef int (*warp_block_fn)(FILE *f, const struct warp_live *d, const char *op, int skip_reqs);

/* warp_lines_ops_text: a printed report of rt: lead, each op's block (block, separated
 * by warp_lines_separator), a newline, and for a run of several ops that overlap in time
 * the separator and the "Total" block (its request lines skipped), then a newline. A new
 * string (the caller frees it), NULL on failure. */
char *warp_lines_ops_text(const struct warp_rt *rt, char lead, warp_block_fn block);

#endif
