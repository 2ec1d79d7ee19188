/* analyze/warp/warp_detail.h: what `warp analyze FILE` of Warp 1.6.1 prints for one file
 * (Realtime.Report with Details on, cli/analyze.go's default engine), digit for digit.
 *
 * Per op in name order, separated by a line of '─': "Report: OP (N reqs). Ran Duration:
 * D, starting CLOCK"; objects per request, object size, concurrency, hosts and Warp
 * instances when more than one; the Average over the kept segments with "(Ns)"; the
 * error count and first errors; Reqs and TTFB (means of the 10-second windows);
 * throughput by host and by client (each client with its own Reqs/TTFB); the
 * per-second split, each value with its segment's start. "Report: Total" follows for
 * a mixed run whose ops overlap in time. CLOCK is Go's "15:04:05 MST" (see
 * warp_lines_clock). The result is printed as loaded, never merged: a single file's
 * own measured duration is what Warp 1.6.1 divides by. */
#ifndef ANALYZE_WARP_DETAIL_H
#define ANALYZE_WARP_DETAIL_H

#include "analyze/warp/warp_model.h"

/* warp_detail_text: the report of rt as Warp 1.6.1 prints it after its progress line:
 * " " + Realtime.Report + "\n" (cli/analyze.go's Println("\n", report) without the
 * newline that ends the progress line). A new string the caller frees; NULL when
 * out of memory. */
char *warp_detail_text(const struct warp_rt *rt);

#endif
