/* analyze/cells/hedge_cells.h: `analyze --hedge`: what hedging would buy each GET and
 * HEAD cell (matrix and workload cells), from the per-request logs of its valid runs
 * (analyze/read/reqlog.h) through the model of analyze/stats/hedge.h: its p99 and p99.9
 * unhedged and hedged at three thresholds (the cell's p95, its p99, and 2 s for objects
 * under 512 KiB), with the share of extra requests each would send; and for a cell whose
 * runs hedged live (workload.hedge), what they measured beside what the unhedged cell of
 * the same point predicted at that threshold. docs/METHODOLOGY.md, "What hedging would
 * buy". */
#ifndef ANALYZE_HEDGE_CELLS_H
#define ANALYZE_HEDGE_CELLS_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

struct aggregate;
struct agg_cell;

#define HEDGE_NT 3                    /* thresholds: p95, p99, fixed */
#define HEDGE_FIXED_NS 2000000000LL   /* the fixed threshold: 2 s ... */
#define HEDGE_FIXED_BELOW (512 << 10) /* ... for objects under 512 KiB */
#define HEDGE_NT_MAX (HEDGE_NT + 4)   /* and the fixed ones of live-hedged cells of the point */

/* One threshold's what-if. */
struct hedge_at {
	const char *name;       /* "p95", "p99", "2s" (static), or a live-hedged cell's fixed
				 * threshold as written ("200ms"; borrowed from its run log) */
	double t_ms;            /* the threshold */
	double p99_ms, p999_ms; /* the hedged percentiles (p999 NaN when not supported) */
	double extra;           /* the share of requests re-sent, P(X > T) */
};

/* One cell's what-if, or a live-hedged cell's measure. */
struct hedge_cell {
	const struct agg_cell *cell; /* in a->cells or a->wcells (borrowed) */
	int live;                    /* 1: a live-hedged cell (cell->hedge): the figures below are
				      * what it measured, at[] none */
	uint64_t requests;           /* successful requests of its valid runs, in their logs (lost
				      * attempts are none) */
	int p99_supported, p999_supported;      /* analyze/stats/pctci.h's rule on `requests` */
	double p50_ms, p95_ms, p99_ms, p999_ms; /* unhedged, nearest rank, exact; NaN when not
						   supported (p95: 59 requests) */
	size_t setups;   /* new connections measured (connect + TLS); 0: none, C taken as 0 */
	double setup_ms; /* their median; NaN when none */
	struct hedge_at at[HEDGE_NT_MAX];
	size_t n_at; /* thresholds that apply (2: no fixed one at 512 KiB and above) */
	/* live: requests hedged and answered by the duplicate (their rows), the threshold the
	 * runs used (their mean; NaN: none known), and the unhedged cell's what-if at it
	 * (whatif NULL: no unhedged cell of the point with a what-if) */
	uint64_t hedged, won_by_duplicate;
	double threshold_ms;
	const struct hedge_cell *whatif;
	const struct hedge_at *whatif_at;
};

struct hedge_list {
	struct hedge_cell *v;
	size_t n;
};

/* hedge_build: the what-if of every GET and HEAD cell of a with a valid run (the runs'
 * paths relative to data_dir) into *out (zeroed first; free with hedge_clear, also after
 * a failure). A cell with no p99 supported gets a what-if without thresholds (n_at 0). A
 * cell one of whose valid runs has no per-request log, or one that cannot be read, has no
 * what-if: report (when not NULL) is called with a message naming the cell and the file,
 * and *problems counts it. A live-hedged cell gets its measure and, when the unhedged cell
 * of its point has a what-if at its threshold (p95, p99, or its fixed one), whatif and
 * whatif_at pointing into *out. -1 with a message only when memory runs out. */
int hedge_build(const struct aggregate *a, const char *data_dir, struct hedge_list *out,
		void (*report)(const char *msg), int *problems, struct err *e);
void hedge_clear(struct hedge_list *l);

/* hedge_cell_name: "OP SIZE cN SUBJECT" of c in a, and " hedged SPEC" for a live-hedged
 * cell, for messages ("get 64KiB c8 s3rver", "get 4KiB c8 lab hedged p95"), into buf (n
 * bytes). Returns buf. */
char *hedge_cell_name(const struct aggregate *a, const struct agg_cell *c, char *buf, size_t n);

#endif
