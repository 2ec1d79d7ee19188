/* analyze/read/plantsv.h: the rows of DATA_DIR/plan.tsv (docs/FORMATS.md, "plan.tsv") that
 * analyze needs beside the run.json files: where each planned run belongs (cycle, subject,
 * op, size, concurrency), for a run whose run.json cannot be read, and its kept_as, the
 * conditions a run kept by `collect --resume --allow-changed` was measured with; and for
 * cycles = auto its sequential rule and why the collector stopped. */
#ifndef ANALYZE_PLANTSV_H
#define ANALYZE_PLANTSV_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* One planned run. Strings are owned by the plan. */
struct plantsv_row {
	char *id;      /* the run directory: "runs/cycle-01/a/put-4KiB-c1" */
	int cycle;     /* 0: a one-off run */
	char *subject; /* its id */
	char *op;      /* "put", "get", ..., "mixed" */
	uint64_t size; /* bytes (the largest of a distribution) */
	int concurrency;
	char *kept_as; /* "workload.count=2; ...", NULL: measured as planned */
};

/* cycles = auto: the "# sequential:" and "# stopped:" lines (docs/FORMATS.md, "plan.tsv"). */
struct plantsv_seq {
	int on; /* the plan has a sequential line */
	double target_ci;
	int min_cycles, max_cycles;
	char *stopped; /* the stopped line's text; NULL: not stopped (interrupted, or going) */
};

struct plantsv {
	struct plantsv_row *rows;
	size_t n;
	size_t n_kept_as; /* rows with a kept_as */
	struct plantsv_seq seq;
};

/* plantsv_read: the rows of DATA_DIR/plan.tsv into *out (zeroed first), its columns found
 * by name in the header row (the first line that is not a "#" comment); a missing file
 * or one without an id column is an empty plan. -1 with e naming the file (and line) when
 * it cannot be read, a row lacks a column the header names or memory runs out; *out then
 * holds the rows before it. Free with plantsv_clear (also after a failure). */
int plantsv_read(const char *data_dir, struct plantsv *out, struct err *e);

/* plantsv_find: the row whose id is id, NULL when the plan has none. */
const struct plantsv_row *plantsv_find(const struct plantsv *p, const char *id);

void plantsv_clear(struct plantsv *p);

#endif
