/* analyze/out/out_json_cost.h: the cost figures of aggregate.json (docs/FORMATS.md, "Cost"):
 * runs[].cost, cells[].cost and the top-level cost[] (one entry per subject), from the bills
 * analyze/cells/cost_cells.h made (formulas in docs/METHODOLOGY.md, "Cost"). */
#ifndef ANALYZE_OUT_JSON_COST_H
#define ANALYZE_OUT_JSON_COST_H

#include <jansson.h>

#include "analyze/cells/aggregate.h"

/* out_json_run_cost: {"currency", "total", "requests", "egress", "ingress", "storage",
 * "deleted_early", "retrieval"} of one run (analyze/cells/cost_cells.h: at its own prices,
 * no free allowance), or null without prices or billing. */
json_t *out_json_run_cost(const struct agg_run *r);

/* out_json_cell_cost: the same summed over the cell's runs (included or not: all were
 * paid for), or null when none of them is priced. */
json_t *out_json_cell_cost(const struct aggregate *a, const struct agg_cell *c);

/* out_json_costs: the cost[] array: per subject with priced runs, its bill (the sum of its
 * runs' costs) and parts, the summed billing counts of its priced runs, the bill after the
 * free allowances, its prices (of its last priced run), the price date, and
 * price-performance: read_1tb[] (the cost of reading 10^12 bytes at each GET cell's
 * object size: egress plus GET requests), million_requests (10^6 GETs) and, with a
 * campaign cost_example, example {spec, monthly, parts}. Empty when nothing is priced. */
json_t *out_json_costs(const struct aggregate *a, int *ok);

#endif
