/* render/model/model_query.h: the matrix's declared size labels (matrix.size_labels, optional:
 * absent leaves m->size_labels NULL) and the small questions the report asks of the
 * model: which configurations some run measured, a cell's figure, a size as the runs
 * wrote it, the time series of a subject. The 1.1 quantiles and time series themselves
 * are loaded by render/model/model_stats.c. */
#ifndef RENDER_MODEL_QUERY_H
#define RENDER_MODEL_QUERY_H

#include "core/err.h"
#include "render/model/model.h"
#include "render/text/text.h"

struct json_t;

/* model_load_size_labels: read matrix.size_labels of root (strings or nulls, one per
 * matrix.sizes entry; the parsed file, named `file` in messages) into m, whose matrix is
 * loaded already. Returns 0, or -1 with e naming the field at fault
 * ("x/aggregate.json: matrix.size_labels[2]: expected a string or null"); what was loaded
 * stays owned by m (model_free_size_labels, called by model_free, releases it). */
int model_load_size_labels(struct report_model *m, struct json_t *root, const char *file,
			   struct err *e);
void model_free_size_labels(struct report_model *m);

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
double model_figure(const struct rm_cell *c);

/* model_size_text: a size as the run declared it (model_size_label), else in binary
 * units ("976.6 KiB", text_size), into buf (n bytes); returns buf. */
char *model_size_text(const struct report_model *m, const struct numfmt *nf, uint64_t size,
		      char *buf, size_t n);

/* model_timeseries: the time series of subject × op, or NULL. */
const struct rm_series *model_timeseries(const struct report_model *m, int subject, const char *op);

#endif
