/* analyze/out/out_json_stats.h: the statistics fields of aggregate.json 1.1
 * (docs/FORMATS.md, "Statistics and pooled latency"), written into the objects
 * out_json.c builds. Each function adds keys to an object it is given; a failed
 * jansson call (out of memory) sets *ok to 0 and nothing else. */
#ifndef ANALYZE_OUT_JSON_STATS_H
#define ANALYZE_OUT_JSON_STATS_H

#include <jansson.h>

#include "analyze/cells/aggregate.h"

/* out_json_num: v as a JSON number, null when it is not finite (NaN: no value). NULL
 * when out of memory (out_json_put / out_json_add then fail and clear *ok). */
json_t *out_json_num(double v);

/* out_json_put: o[k] = v, taking v (NULL is accepted and fails); *ok = 0 on failure.
 * out_json_add: v appended to arr, the same way. */
void out_json_put(json_t *o, const char *k, json_t *v, int *ok);
void out_json_add(json_t *arr, json_t *v, int *ok);

/* out_json_statistics: root's "statistics" (the settings behind intervals and tests). */
void out_json_statistics(json_t *root, const struct aggregate *a, int *ok);

/* out_json_stat_ci: ci95, ci_method and ci_coverage of one cell figure into o. */
void out_json_stat_ci(json_t *o, const struct agg_stat *s, int *ok);

/* out_json_leader: status, clear, tied_with, family, detectable_ratio and versus of l
 * into o. */
void out_json_leader(json_t *o, const struct aggregate *a, const struct agg_leader *l, int *ok);

/* out_json_leader_count: clear, tied and unresolved of c into o. */
void out_json_leader_count(json_t *o, const struct agg_leader_count *c, int *ok);

/* out_json_comparisons: root's "comparisons" array. */
void out_json_comparisons(json_t *root, const struct aggregate *a, int *ok);

#endif
