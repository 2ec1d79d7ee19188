/* analyze/cells/cell.h: one cell's statistics from the runs that belong to it: the valid
 * runs' throughput figures under the value policy, their latency means, pooled latency,
 * request and error counts and retries. Matrix cells (aggregate.c) and workload cells
 * (workload_cells.c) are both filled here; each says which runs are its own.
 * Formulas: docs/METHODOLOGY.md, "Cells". */
#ifndef ANALYZE_CELL_H
#define ANALYZE_CELL_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells/aggregate.h"

/* cell_member_fn: 1 when run r (subject index rsubj) belongs to cell c. */
typedef int cell_member_fn(const struct agg_cell *c, const struct runlog *r, size_t rsubj);

/* cell_fill: the statistics of cell c (its key fields set) from the runs of a for which
 * member says yes, kept in c->runs (allocated here, freed by the cell's owner) in cycle
 * order. valid, vm, vo: scratch of a->n_runs entries. -1 when memory runs out. */
int cell_fill(struct aggregate *a, struct agg_cell *c, cell_member_fn *member, size_t *valid,
	      double *vm, double *vo);

/* cell_matrix_member: a cell_member_fn for matrix cells: r is a cycle run (cycle > 0)
 * of c's subject, op, size and concurrency without workload dimensions. */
int cell_matrix_member(const struct agg_cell *c, const struct runlog *r, size_t rsubj);

/* cell_plain_run: 1 when r has none of the workload dimensions (mixed op, size spec,
 * range, mix, rate, hedge, a replay's trace): a run of the matrix tables. */
int cell_plain_run(const struct runlog *r);

/* cell_same_dataset: two runs (or one-off rows) read the same dataset, or both none
 * (NULL): a one-off row per dataset (docs/CAMPAIGN.md, "[dataset NAME]"). */
int cell_same_dataset(const char *x, const char *y);

/* cell_same_point: 1 when r (subject index rsubj) is a plain run of subject subj at
 * (op, size, conc). */
int cell_same_point(const struct runlog *r, size_t subj, size_t rsubj, const char *op,
		    uint64_t size, int conc);

/* cell_mean_lat: each latency (which = 0) or TTFB (which = 1) figure's mean over the
 * valid runs a->runs[sel[0..k-1]] (min: the lowest, max: the highest); all NaN when no
 * run has the figure. vals: k doubles of scratch. */
void cell_mean_lat(const struct aggregate *a, const size_t *sel, size_t k, int which, double *vals,
		   struct agg_lat *out);

/* cell_key: the figure leaders, consistency and comparisons look at: c's MiB/s
 * statistics, its obj/s ones when the size is 0. Points into c. */
const struct agg_stat *cell_key(const struct agg_cell *c);

#endif
