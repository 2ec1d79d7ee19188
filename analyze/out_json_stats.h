/* analyze/out_json_stats.h: the statistics fields of aggregate.json 1.1
 * (docs/FORMATS.md, "Statistics and pooled latency"), written into the objects
 * out_json.c builds. Each function adds keys to an object it is given; a failed
 * jansson call (out of memory) sets *ok to 0 and nothing else. */
#ifndef ANALYZE_OUT_JSON_STATS_H
#define ANALYZE_OUT_JSON_STATS_H

#include <jansson.h>

#include "analyze/cells.h"

/* outj_num: v as a JSON number, null when it is not finite (NaN: no value). NULL
 * when out of memory (outj_put / outj_add then fail and clear *ok). */
json_t *outj_num(double v);

/* outj_put: o[k] = v, taking v (NULL is accepted and fails); *ok = 0 on failure.
 * outj_add: v appended to arr, the same way. */
void outj_put(json_t *o, const char *k, json_t *v, int *ok);
void outj_add(json_t *arr, json_t *v, int *ok);

/* outj_statistics: root's "statistics" (the settings behind intervals and tests). */
void outj_statistics(json_t *root, const struct aggregate *a, int *ok);

/* outj_stat_ci: ci95, ci_method and ci_coverage of one cell figure into o. */
void outj_stat_ci(json_t *o, const struct agg_stat *s, int *ok);

/* outj_leader: status, clear, tied_with and detectable_ratio of l into o. */
void outj_leader(json_t *o, const struct aggregate *a, const struct agg_leader *l, int *ok);

/* outj_leader_count: clear and tied of c into o. */
void outj_leader_count(json_t *o, const struct agg_leader_count *c, int *ok);

/* outj_comparisons: root's "comparisons" array. */
void outj_comparisons(json_t *root, const struct aggregate *a, int *ok);

#endif
