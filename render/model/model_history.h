/* render/model/model_history.h: loading the history the report shows into the model
 * (struct rm_baseline, struct rm_trend_series in model.h): aggregate.json's `baseline`
 * (analyze --baseline) and trend.json beside aggregate.json (analyze --history): its
 * alerts[] and series[] (docs/FORMATS.md). Called by model_load (render/model/model.c). */
#ifndef RENDER_MODEL_HISTORY_H
#define RENDER_MODEL_HISTORY_H

#include "core/err.h"
#include "render/model/model.h"

struct json_t;

/* model_load_history: root's `baseline` (when an object) into m->baseline, and the
 * alerts and series of trend.json in the directory of file (when that file exists) into
 * m->alerts/m->nalerts and m->trend/m->ntrend. Fields are read leniently (model.h).
 * Returns 0, or -1 with e set when trend.json cannot be parsed, an alert is not a
 * string, or memory runs out; what was loaded stays owned by m. */
int model_load_history(struct report_model *m, struct json_t *root, const char *file,
		       struct err *e);

/* model_free_history: free what model_load_history added to m. */
void model_free_history(struct report_model *m);

#endif
