/* analyze/out/out_json_lat.h: aggregate.json's pooled latency ("latency_ms.pooled",
 * "ttfb_ms.pooled") and "timeseries" (docs/FORMATS.md, format 1.1), for out_json.c.
 * Every constructor failure clears *ok (out_json.c's convention). */
#ifndef ANALYZE_OUT_JSON_LAT_H
#define ANALYZE_OUT_JSON_LAT_H

#include <jansson.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/timeseries.h"

/* out_json_put_pooled: set lat.pooled (lat: a cell's latency_ms or ttfb_ms object;
 * nothing is done when it is not an object, i.e. null) to p, or null when p has no
 * source. */
void out_json_put_pooled(json_t *lat, const struct agg_pooled *p, int *ok);

/* out_json_timeseries: the "timeseries" array of l (l may be NULL: empty array). */
json_t *out_json_timeseries(const struct aggregate *a, const struct ts_list *l, int *ok);

#endif
