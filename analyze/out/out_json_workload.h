/* analyze/out/out_json_workload.h: aggregate.json's workload parts (docs/FORMATS.md, format 1.2):
 * the workload dimensions of cells and runs, the per-op and rate figures of the
 * "workload_cells", and "rate_sweeps". Every constructor failure clears *ok
 * (out_json.c's convention). */
#ifndef ANALYZE_OUT_JSON_WORKLOAD_H
#define ANALYZE_OUT_JSON_WORKLOAD_H

#include <jansson.h>

#include "analyze/cells/aggregate.h"

/* out_json_workload_dims: "size_spec", "range", "mix" (an object of weights, or null) and
 * "rate" (offered req/s, or null) into o, from the given values (NULL / 0: null). */
void out_json_workload_dims(json_t *o, const char *size_spec, const char *range, const char *mix,
			    double rate, int *ok);

/* out_json_workload_cell: a workload cell's "workload" (the plain-words text), "by_op" (or
 * null) and "rate" (or null) into its cell object o. */
void out_json_workload_cell(json_t *o, const struct agg_cell *c, int *ok);

/* out_json_rate_sweeps: the "rate_sweeps" array of a. */
json_t *out_json_rate_sweeps(const struct aggregate *a, int *ok);

#endif
