/* analyze/out/out_json_climit.h: the client-limit parts of aggregate.json (docs/FORMATS.md):
 * a cell's, a leader's and a run's "client_limit", and a run's "client" resources and
 * "request_phases" means (the report's appendix and "Where the time goes"). */
#ifndef ANALYZE_OUT_JSON_CLIMIT_H
#define ANALYZE_OUT_JSON_CLIMIT_H

#include <jansson.h>

#include "analyze/cells/aggregate.h"

/* out_json_cell_climit: o["client_limit"] of cell c. */
void out_json_cell_climit(json_t *o, const struct agg_cell *c, int *ok);

/* out_json_leader_climit: o["client_limit"] of leader l, and o["clear"] false when it
 * is blocked. */
void out_json_leader_climit(json_t *o, const struct aggregate *a, const struct agg_leader *l,
			    int *ok);

/* out_json_run_climit: o["client_limit"] (null: not measured), o["client"] (the run's
 * kept-window resources, null when not measured) and o["request_phases"] (null when the
 * run has none) of run r. */
void out_json_run_climit(json_t *o, const struct agg_run *r, int *ok);

#endif
