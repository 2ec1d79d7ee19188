/* render/report_time.h: the report's distribution and time charts (issue 11), built
 * from aggregate.json's format 1.1 fields and the per-cycle runs:
 *   [latency-cdf]  a latency CDF (log x axis, ms) per op × size at the highest
 *                  concurrency measured, one line per subject (cells[].latency_ms.
 *                  pooled.quantiles);
 *   [timeseries]   the 1-second throughput of one run per subject at the largest size
 *                  and highest concurrency, PUT and GET, the seconds the averages leave
 *                  out drawn faint (timeseries[], kept);
 *   [cycles]       each subject's figure in each cycle for the headline categories
 *                  (largest size, highest concurrency, PUT and GET; cells[].runs).
 * Where the data is absent (a 1.0 file) a section is replaced by a one-line note. */
#ifndef RENDER_REPORT_TIME_H
#define RENDER_REPORT_TIME_H

#include "render/doc.h"
#include "render/fonts.h"
#include "render/model.h"
#include "render/text.h"

/* report_time_cdf: append the [latency-cdf] sub-section (or its note) to d.
 * report_time_runs: append the [timeseries] and [cycles] sections (or their notes).
 * Both return 0, or -1 with e set (out of memory, a chart that failed to lay out). */
int report_time_cdf(struct doc *d, const struct report_model *m, const struct text_lang *l,
		    const struct fonts *f, struct err *e);
int report_time_runs(struct doc *d, const struct report_model *m, const struct text_lang *l,
		     const struct fonts *f, struct err *e);

#endif
