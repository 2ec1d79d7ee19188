/* render/model/model_stats.h: the statistics parts of aggregate.json 1.1 (intervals, pooled
 * latency, leaders, comparisons, time series), read into the model by render/model/model.c with
 * the readers of render/model/jread.h (private to the model; the report asks through model.h). */
#ifndef RENDER_MODEL_STATS_H
#define RENDER_MODEL_STATS_H

#include <jansson.h>

#include "render/model/jread.h"
#include "render/model/model.h"

/* model_stats_ci: ci95, ci_method and ci_coverage of the mib_s/obj_s object o (NULL: none). */
void model_stats_ci(struct jread *l, json_t *o, const char *where, struct rm_stat *s, int *failed);
/* model_stats_pooled: lat.pooled (lat = a latency_ms/ttfb_ms object or NULL) into p (zeroed
 * first; its quantile arrays are freed by model_stats_free). */
void model_stats_pooled(struct jread *l, json_t *lat, const char *where, struct rm_pooled *p,
			int *failed);
/* model_stats_leader: status, clear, tied_with and detectable_ratio of leaders[i] = v. */
void model_stats_leader(struct jread *l, const struct report_model *m, json_t *v, const char *where,
			struct rm_leader *d, int *failed);
/* model_stats_leader_count: clear and tied of leader_counts[i] = v (-1 when absent). */
void model_stats_leader_count(struct jread *l, json_t *v, const char *where,
			      struct rm_leader_count *d, int *failed);
/* model_stats_top: statistics{}, comparisons[] and timeseries[] of root; 0 or -1. Needs
 * the subjects loaded. */
int model_stats_top(struct jread *l, struct report_model *m, json_t *root);
/* model_stats_free: free what the readers above allocated in m (not m itself). */
void model_stats_free(struct report_model *m);

#endif
