/* analyze/cells/cost_cells.h: the bill of each run, cell and subject (docs/METHODOLOGY.md,
 * "Cost"; aggregate.json runs[].cost, cells[].cost, cost[]):
 *   each subject's priced runs are billed in the order they started, each at the prices
 *     its run.json records (core/price.h price_bill), through one ledger per subject: the
 *     volume tiers count the calendar month's volume so far (UTC), and the free allowances
 *     (per class by day or month, egress and storage by month) are used up in that order;
 *     a run without a start time counts in the subject's first dated month;
 *   a run's cost is its bill at its place in that order (without free allowances), the
 *     sweeps billed to the subject only (runlog.subject_bill) follow its run; a cell's is
 *     the sum of its runs'; a subject's the sum of its runs' and sweeps', and a second
 *     figure after the free allowances with what they saved per month;
 *   every priced run is in one currency: analyze adds and compares no figures in two. */
#ifndef ANALYZE_COST_CELLS_H
#define ANALYZE_COST_CELLS_H

#include <stddef.h>

#include "core/err.h"
#include "core/price.h"

struct aggregate;
struct agg_cell;

/* One calendar month of a subject's bill. */
struct agg_cost_month {
	char month[8];      /* "2026-12" */
	double egress_gb;   /* the month's egress (GB of the prices' unit) */
	double free_egress; /* of it free */
	double saved;       /* money the free allowances saved in the month */
};

/* One subject's campaign bill. */
struct agg_subject_cost {
	size_t runs_priced, runs_unpriced;
	int logged_only;             /* some run's bill holds only its logged requests (Warp) */
	struct cost_parts bill;      /* without free allowances */
	struct cost_parts after;     /* after them */
	int has_free;                /* some run's prices have a free allowance */
	struct bill_counts counts;   /* of its priced runs and sweeps */
	const struct prices *prices; /* its last priced run's (borrowed); NULL: none priced */
	const char *example;         /* the campaign's cost_example ("" when none; borrowed) */
	struct agg_cost_month *months;
	size_t n_months;
};

/* cost_cells_build: the bills of a's runs (agg_run.priced, .cost) and subjects
 * (a->subject_costs). 0; -1 with e set when out of memory or when two priced runs are in
 * different currencies ("runs/.../run.json is priced in EUR, runs/... in USD (subjects b2
 * and aws): ..."). */
int cost_cells_build(struct aggregate *a, struct err *e);

/* cost_cells_cell: the sum of cell c's priced runs' costs into *out (included or not: all
 * were paid for); 0 when none of them is priced. */
int cost_cells_cell(const struct aggregate *a, const struct agg_cell *c, struct cost_parts *out);

/* cost_cells_free: what cost_cells_build allocated. */
void cost_cells_free(struct aggregate *a);

#endif
