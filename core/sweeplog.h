/* core/sweeplog.h: OUT/sweeps.json, the bill of the requests sent to clean up after runs
 * killed before their own cleanup, by `collect clean` and by a --resume (or a new
 * `collect run -o DIR`) that redoes such a run, and of other requests no run.json holds
 * (the checks before a campaign's first request: "by": "preflight"; a recorded run's
 * attempt that --resume replaces: "by": "redo") (docs/FORMATS.md, "sweeps.json").
 *
 *   {"format": "s3bench-sweeps/1",
 *    "sweeps": [{"run": "runs/cycle-01/aws/get-1MiB-c1", "subject": "aws",
 *                "by": "clean" | "resume" | "preflight" | "redo", "time": "2026-12-03T16:00:00Z",
 *                "billing": COUNTS}, ...]}         COUNTS: run.json's (core/price.h)
 *
 * collect appends (the whole file rewritten atomically, under the output directory's
 * lock); analyze reads it and adds each sweep to the bill of its run (docs/METHODOLOGY.md,
 * "Cost"). A sweep of the cleanup a killed run's own collector did right after the kill
 * is not here: it is that run's run.json billing.cleanup. */
#ifndef CORE_SWEEPLOG_H
#define CORE_SWEEPLOG_H

#include <stddef.h>

#include "core/err.h"
#include "core/price.h"

#define SWEEPLOG_FILE "sweeps.json"
#define SWEEPLOG_FORMAT "s3bench-sweeps/1"

struct sweep_rec {
	char run[512];     /* the run directory relative to OUT ("." for OUT itself) */
	char subject[128]; /* the subject id; "" when unknown */
	char by[16];       /* "clean", "resume", "preflight" or "redo" */
	char time[48];     /* RFC 3339, UTC */
	struct bill_counts bill;
};

/* sweeplog_append: add v[0..n) to root/sweeps.json (created when absent), time set to
 * now when v[i].time is "". 0, or -1 with a message naming the file (it is unchanged). */
int sweeplog_append(const char *root, struct sweep_rec *v, size_t n, struct err *e);

/* sweeplog_remove_temps: remove root/.sweeps.json.tmp.* (what a writer killed midway
 * left); for the holder of the output directory's lock. */
void sweeplog_remove_temps(const char *root);

/* sweeplog_read: root/sweeps.json into *v (malloc'ed, *n entries; the caller frees *v).
 * 0 with *n = 0 when there is no such file; -1 with "FILE: field sweeps[i].KEY: why". */
int sweeplog_read(const char *root, struct sweep_rec **v, size_t *n, struct err *e);

#endif
