/* analyze/warp/warp_reqs.h: Warp's request statistics of one 10-second window, computed
 * from the requests as Warp's SingleSizedRequests.fill / MultiSizedRequests.fill do
 * (v1.3): percentiles at index round(n p) of the durations sorted with Go's sort
 * (clamped), the average an integer division in ns, the standard deviation (n - 1)
 * around that truncated average and truncated to ns; TTFB over the requests that
 * have one; several sizes split into decades from int(Go's Log10(smallest)) with a
 * 5 % minimum share, each with throughput percentiles. */
#ifndef ANALYZE_WARP_REQS_H
#define ANALYZE_WARP_REQS_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/warp/warp_model.h"

/* One request as the aggregation needs it (times in Unix ns; fb/lb 0 when absent). */
struct warp_xop {
	int64_t start, end, fb, lb, size;
	int64_t objs;
	int err;
};

/* warp_single_fill: the single-size statistics of o[0..n) (n >= 1) into *s; o may be
 * reordered. -1 when out of memory. */
int warp_single_fill(struct warp_xop *o, size_t n, struct warp_single *s);

/* warp_multi_fill: the per-size-range statistics of o[0..n) (n >= 1) into *m, which
 * owns m->by_size afterwards (free it). o is reordered. -1 when out of memory. */
int warp_multi_fill(struct warp_xop *o, size_t n, struct warp_multi *m);

/* warp_multiple_sizes: 1 when a successful request's size differs from o[0]'s. */
int warp_multiple_sizes(const struct warp_xop *o, size_t n);

#endif
