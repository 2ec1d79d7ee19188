/* render/report/report.h: build the report document from the model.
 *
 * Sections (ids in brackets): key findings [findings], changes since a baseline [changes]
 * and the trend of scheduled builds [trend] (render/report/report_history.c, when the results
 * have them), test environment and workload
 * matrix [environment], PUT and GET throughput tables per concurrency with the
 * concurrency-scaling charts [put], [get] and the forest plot of the differences between
 * subjects [put-forest], [get-forest], request latency charts and pooled percentiles
 * [latency] with the latency CDFs [latency-cdf], consistency [consistency], throughput
 * over time [timeseries] and results per cycle [cycles] (render/report/report_time.c), LIST /
 * HEAD / DELETE [operations], methodology with the statistics [statistics] and the
 * inclusion rule [methodology], excluded runs and sample counts [samples], the per-cycle
 * run-level appendix [appendix], limitations [limitations]. The statistics parts
 * (render/report/report_stats.c) need aggregate.json 1.1; from 1.0 they say what is not
 * available. Charts are laid out here, once, with the report's fonts; both back ends draw
 * the same scenes. */
#ifndef RENDER_REPORT_H
#define RENDER_REPORT_H

#include "render/doc/doc.h"
#include "render/text/fonts.h"
#include "render/model/model.h"
#include "render/text/text.h"

/* Widths in points: the PDF's A4 text width, and a half-width chart. */
#define REPORT_WIDTH 495.0
#define REPORT_HALF 240.0

/* report_build: a new document (free with doc_free) or NULL with e set (a missing
 * prose template names its path). */
struct doc *report_build(const struct report_model *m, const struct text_lang *l,
			 const struct fonts *f, struct err *e);

#endif
