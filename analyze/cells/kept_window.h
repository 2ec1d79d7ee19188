/* analyze/cells/kept_window.h: the short-kept-window caveat of runs and cells
 * (docs/METHODOLOGY.md, "A kept window shorter than its requests"). A run's throughput over
 * its kept segments spreads each request's bytes evenly over its time (core/summary.c); a
 * request whose bytes do not move evenly (an upload fills its socket buffer, then waits)
 * puts bytes in the wrong seconds, and over a window only a few requests long the error
 * does not average out: 8 MiB PUTs of 2.2 s over a 2-s window came out up to 8 % above
 * the physical cap. A run's kept window is short when it is shorter than
 * KEPT_WINDOW_REQUESTS median request durations; a cell carries the caveat when any of
 * its valid runs has one. A run with no kept segment (its figures are over the whole run)
 * or no successful request has none. */
#ifndef ANALYZE_KEPT_WINDOW_H
#define ANALYZE_KEPT_WINDOW_H

#include "analyze/cells/aggregate.h"

#define KEPT_WINDOW_REQUESTS 4.0 /* k: the shortest kept window, in median requests */

/* kept_window_requests: how many median request durations run log r's kept window spans
 * (summary.seconds / latency p50); NaN when it has no kept segment or no latency. */
double kept_window_requests(const struct runlog *r);

/* kept_window_build: every run's figure and flag (a->runs[i].window_requests,
 * short_window), then the cells' and workload cells' (short_window_runs, short_window).
 * After the cells are built. */
void kept_window_build(struct aggregate *a);

#endif
