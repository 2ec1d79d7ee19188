/* render/model/model_query.h: the questions the report asks of the model (model.h): a cell,
 * a one-off row, a leader, a comparison or a time series of a category; which
 * configurations some run measured; a cell's figure; a size as the runs wrote it. */
#ifndef RENDER_MODEL_QUERY_H
#define RENDER_MODEL_QUERY_H

#include "render/model/model.h"
#include "render/text/text.h"

/* model_cell: the cell subject × op × size × concurrency, or NULL when absent. */
const struct results_cell *model_cell(const struct report_model *m, int subject, const char *op,
				      uint64_t size, int concurrency);

/* model_oneoff: the one-off run of `op` for subject, or NULL. model_has_oneoff: 1 when
 * any subject has one. */
const struct results_oneoff *model_oneoff(const struct report_model *m, int subject,
					  const char *op);
int model_has_oneoff(const struct report_model *m, const char *op);

/* model_comparison: the throughput comparison of subjects a and b (either order) in a
 * category, or NULL; *swapped is set to 1 when the entry is b against a (its ratio is then
 * B/A). model_tail_comparison: the same of their percentile `tail` (p50, p99). */
const struct results_comparison *model_comparison(const struct report_model *m, const char *op,
						  uint64_t size, int concurrency, int a, int b,
						  int *swapped);
const struct results_comparison *model_tail_comparison(const struct report_model *m, const char *op,
						       uint64_t size, int concurrency, int a, int b,
						       enum results_tail tail, int *swapped);

/* model_plan: the planner's entry of op (planner.ops[]), or NULL when the file has no
 * planner or no entry for op. */
const struct results_plan_op *model_plan(const struct report_model *m, const char *op);

/* model_size_label: the label the run declared for a size of the matrix ("1 MB"), or
 * NULL when it declared none (then the size is written in binary units). Test seam:
 * public for tests/unit/test_render_model_query.c; render calls it only through
 * model_size_text. */
const char *model_size_label(const struct report_model *m, uint64_t size);

/* model_measured: 1 when some subject's cell of op × size × conc has a run (valid or
 * not). A Warp directory's matrix is the cross product of every size and concurrency
 * seen; the report leaves out the combinations no run measured.
 * model_measured_conc: the same for any size at conc. */
int model_measured(const struct report_model *m, const char *op, uint64_t size, int conc);
int model_measured_conc(const struct report_model *m, const char *op, int conc);

/* model_figure: the figure of a cell (NULL: NAN): MiB/s, or obj/s for zero-byte
 * objects (as leaders use). */
double model_figure(const struct results_cell *c);

/* model_size_text: a size as the run declared it (model_size_label), else in binary
 * units ("976.6 KiB", text_size), into buf (n bytes); returns buf. */
char *model_size_text(const struct report_model *m, const struct numfmt *nf, uint64_t size,
		      char *buf, size_t n);

/* model_timeseries: the time series of subject × op, or NULL. */
const struct results_series *model_timeseries(const struct report_model *m, int subject,
					      const char *op);

/* model_pooled: 1 when the cell's latency has pooled percentiles (from histograms or the
 * runs). */
int model_pooled(const struct results_cell *c);

/* model_no_run_read: 1 when aggregate.json lists subject s but no run of it (a planned
 * subject whose run files were missing or unreadable: docs/FORMATS.md). */
int model_no_run_read(const struct report_model *m, size_t s);

/* model_kept_as: how many runs were kept by --allow-changed measured otherwise than the
 * plan says (runs[].kept_as). */
size_t model_kept_as(const struct report_model *m);

/* model_reasons: the client-limit reasons of the bit set (core/climit.h) as "a,b" into buf
 * of n bytes (names that do not fit are left out); returns buf. */
const char *model_reasons(unsigned reasons, char *buf, size_t n);

#endif
