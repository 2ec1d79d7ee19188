/* collect/run/progress.h: what the collector shows while it works.
 *
 * Live mode (stderr is a terminal): one line, redrawn about once a second:
 *   [12/96] s3rver put 4KiB c4  2s ETA 5m12s  12.3 MiB/s  3150 obj/s  0 err  spent 0.0123 USD of 5 USD
 * (the spend: the run's subject's bill so far, against its max_cost, when either is not 0)
 * and one lasting line per finished run. Plain mode (cron, pipes): only the lasting line
 * per finished run:
 *   [12/96] runs/cycle-01/s3rver/put-4KiB-c4 complete 12.3 MiB/s 3150.0 obj/s 0 errors 3.4s
 *   [13/96] runs/cycle-01/rgw/put-4KiB-c4 failed (auth) 3 errors 200ms: HTTP 403 ... */
#ifndef COLLECT_PROGRESS_H
#define COLLECT_PROGRESS_H

#include <stdio.h>

#include "collect/engine/engine.h"

struct progress;

/* progress_new: write to out (borrowed); live = 1 for the redrawn line. total = runs in
 * the plan. NULL when out of memory. */
struct progress *progress_new(FILE *out, int live, int total);
void progress_free(struct progress *p);

/* progress_run_start: run number k (1-based) begins; remaining_s = expected measured
 * time of the runs after this one (for the ETA). Strings are copied. */
void progress_run_start(struct progress *p, int k, const char *id, const char *subject,
			const struct workload *wl, double remaining_s);

/* progress_spend: the spend the live line and the next run's end line show: the current
 * subject's bill so far, its budget (0: none) and currency (copied; "" for none). */
void progress_spend(struct progress *p, double spent, double budget, const char *currency);

/* progress_tick: live counters of the current run (NULL: none yet, redraw the clock). */
void progress_tick(struct progress *p, const struct engine_live *live);

/* progress_run_end: the run finished with this status ("complete", "failed",
 * "interrupted", "skipped"), class name ("" for none), throughput (< 0: none), error
 * count and first error text (may be NULL); then the spend (progress_spend) when there is
 * a spend or a budget ("  spent 0.0012 USD of 50 USD"). */
void progress_run_end(struct progress *p, const char *status, const char *cls, double mib_s,
		      double obj_s, unsigned long long errors, const char *first_error,
		      double elapsed_s);

/* progress_note: print a message line (clearing the live line first). */
void progress_note(struct progress *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
