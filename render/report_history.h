/* render/report_history.h: the report's "Changes since BASELINE" section (when
 * aggregate.json has `baseline`, analyze --baseline) and its "Trend" section (when
 * trend.json lies beside aggregate.json, analyze --history). Both are read here from
 * the results files (docs/FORMATS.md), not from the report model. The Changes section
 * has a forest plot: per op, each significant change's ratio new/old with its 95 %
 * interval. */
#ifndef RENDER_REPORT_HISTORY_H
#define RENDER_REPORT_HISTORY_H

#include "core/err.h"
#include "render/doc.h"
#include "render/fonts.h"
#include "render/text.h"

/* report_history: append the sections that apply to d, charts laid out with f.
 * agg_path is the aggregate.json the report is built from; trend.json is looked for
 * in its directory. A file that is
 * absent, or a field it lacks, adds nothing; -1 with e set when trend.json exists but
 * cannot be parsed, or memory runs out (d->oom). */
int report_history(struct doc *d, const char *agg_path, const struct text_lang *l,
		   const struct fonts *f, struct err *e);

#endif
