/* analyze/warp/warp_run.h: one Warp run as run-level values for analyze's aggregation, so
 * that Warp result files can stand in for s3bench's own runs.
 *
 * The numbers are those Warp printed (see warp_report.h), put in the same struct as
 * s3bench's native summary (core/summary.h), with these correspondences:
 *   requests/objects/bytes/errors  Warp's totals of the op (errored requests included)
 *   start_ns, end_ns               first request start, last request end
 *   seconds                        Warp's "Ran" (merged span, untrimmed segments)
 *   mib_s, obj_s                   Warp's "Average" (kept segments' bytes / Ran)
 *   latency                        Warp's "Reqs": means over 10-s windows of avg, p50,
 *                                  p90, p99, stddev; min/max = Fastest/Slowest
 *   ttfb                           Warp's "TTFB" the same way (rounded to ms as
 *                                  printed); has_ttfb 0 when Warp printed none
 *   seg_count, fastest/median/slowest   "Throughput, split into N x 1s"
 *   completion_s                   (end_ns - start_ns) / 1e9
 * The workload comes from the command line Warp recorded ("warp get --obj.size=4KiB
 * --concurrent=128 ..."), or from the data when the line lacks it. */
#ifndef ANALYZE_WARP_RUN_H
#define ANALYZE_WARP_RUN_H

#include <stdint.h>

#include "analyze/warp/warp_model.h"
#include "core/err.h"
#include "core/summary.h"

struct warp_run {
	char op[16];             /* lower case: "put", "get", "stat", "delete", "total" */
	char cmd_op[16];         /* the benchmark named on the command line ("mixed"...), or "" */
	int64_t obj_size;        /* bytes per object: --obj.size (SI/IEC units as Warp
				   * parses them), else bytes / objects of the op; 0 if none */
	char obj_size_text[32];  /* --obj.size as written on the command line, or "" */
	int64_t concurrency;     /* worker threads seen in the data (summed over clients) */
	int64_t cmd_concurrency; /* --concurrent on the command line (per client), 0 if absent */
	int clients;             /* Warp clients (distributed run), at least 1 */
	char host[256];          /* first endpoint, or --host from the command line */
	int64_t start_ns;        /* the op's first request start */
	struct run_summary summary;
	int skipped; /* Warp printed "too few samples": no numbers */
};

/* warp_run_of: the values of `op` (Warp's name, e.g. "GET"; NULL: the op named on the
 * command line, else the op with the most requests; "Total" for a mixed run) in a
 * loaded (merged) result. -1 with a message when the op is absent. */
int warp_run_of(const struct warp_rt *rt, const char *op, struct warp_run *out, struct err *e);

/* warp_run_read: load files[0..n) (one run: the clients' files in merge order) and
 * take warp_run_of(..., NULL). Any unreadable file fails the whole run (-1, message
 * naming the file and the line or field). */
int warp_run_read(const char *const *files, int n, struct warp_run *out, struct err *e);

/* Which of Warp's entry points a run's figures follow (warp.h lists them). */
enum warp_engine {
	WARP_ENGINE_SERVER,  /* Warp 1.3's distributed server: clients' results merged */
	WARP_ENGINE_ANALYZE, /* warp merge + warp analyze of 1.6.1 (warp_merge.h) */
	WARP_ENGINE_FULL     /* warp merge + warp analyze --full of 1.6.1 (CSV only) */
};

/* warp_engine_name: "server", "analyze", "full". */
const char *warp_engine_name(enum warp_engine g);

/* warp_engine_parse: the engine named s (one of the names above); -1 if none. */
int warp_engine_parse(const char *s, enum warp_engine *out);

/* warp_run_read_engine: warp_run_read with the figures of the given engine. For
 * WARP_ENGINE_FULL, throughput, seconds, concurrency and the 1-second segments come
 * from the full engine, request latency and TTFB from the default one (`warp analyze
 * --full` prints no latency without --analyze.v); JSON input is an error there. */
int warp_run_read_engine(const char *const *files, int n, enum warp_engine g, struct warp_run *out,
			 struct err *e);

/* warp_parse_size: Warp's size text ("4KiB", "1M", "10MB", "1.5GiB", "4096") in
 * bytes (K/M/G/T = powers of 1000, Ki/Mi/Gi/Ti = powers of 1024); -1 if not a size. */
int64_t warp_parse_size(const char *s);

#endif
