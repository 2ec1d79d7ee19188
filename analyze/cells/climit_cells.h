/* analyze/cells/climit_cells.h: the client-limit verdict (core/climit.h) carried to runs, cells
 * and leaders (docs/METHODOLOGY.md, "Was the client the limit?"):
 *   a run is judged again from its run.json "client" record with analyze's thresholds
 *     (agg_options.climit); a run without the record is not measured; a distributed run
 *     whose clients carry their own records is judged on each of them and is limited
 *     when any client is (climit_combine), naming the clients that were and why;
 *   a cell is client-limited when at least half of its valid runs are (at least one);
 *     its reasons are those of its limited valid runs; not measured when none of its
 *     valid runs carries the record;
 *   a leader's lead is not clear when another subject's cell of its category was
 *     client-limited by cpu, nic or workers (that subject may be faster than measured);
 *     the leader's own limitation does not weaken it, and shared-cpu anywhere in the
 *     category only adds the caveat "client and server share the CPU". */
#ifndef ANALYZE_CLIMIT_CELLS_H
#define ANALYZE_CLIMIT_CELLS_H

#include <stddef.h>

#include "core/climit.h"

struct aggregate;

/* The reasons that make the client, not the provider, the limit of a cell (shared-cpu is
 * a caveat only). */
#define CLIMIT_CELLS_BLOCKING (CLIMIT_R_CPU | CLIMIT_R_NIC | CLIMIT_R_WORKERS)

/* One client of a distributed run that was limited: its rank, host and verdict. */
struct agg_climit_client {
	int rank;
	const char *host; /* borrowed from the run log */
	struct climit_verdict v;
};

/* A cell's share of the verdict. */
struct agg_climit {
	size_t measured, limited; /* valid runs with a record; of them client-limited */
	int is_limited;           /* limited * 2 >= n valid runs, limited >= 1 */
	unsigned reasons;         /* CLIMIT_R_* of the limited valid runs */
	double cpu_busy_max;      /* the highest CPU busy of the measured valid runs; NaN */
	double nic_pct_max;       /* likewise the NIC share; NaN: none known */
	double thread_pct_max;    /* likewise the busiest collector thread's share of a core;
				     NaN: none recorded */
};

/* A leader's share: the other subjects whose limited cells block a clear lead. */
struct agg_leader_climit {
	int blocked;        /* another subject's cell limited by cpu, nic or workers */
	unsigned reasons;   /* those cells' blocking reasons */
	size_t *by, n_by;   /* their subjects (indexes), owned by the aggregate's pool */
	int shared_caveat;  /* a cell of the category has shared-cpu */
	int leader_limited; /* the leader's own cell is limited (its lead stands) */
};

/* climit_cells_build: every run's verdict (a->runs[i].climit), then the cells' and
 * wcells' (c->climit), then the leaders' (l->climit); a blocked leader keeps its
 * statistical status but is no longer clear (aggregate.json "clear": false, its leader
 * count's clear taken back). Call after compare_build. -1 with a message on a
 * malformed client record or out of memory. */
int climit_cells_build(struct aggregate *a, const struct climit_thresholds *t, struct err *e);

/* climit_cells_free: what climit_cells_build allocated in a. */
void climit_cells_free(struct aggregate *a);

#endif
