/* analyze/history/baseline.h: `analyze DATA_DIR --baseline OLD_RESULTS_DIR`: the cells of this
 * analysis against those of an earlier one (docs/FORMATS.md "baseline",
 * docs/METHODOLOGY.md "Changes since a baseline").
 *
 * Both sides are aggregate.json's records (core/results/results.h): the earlier one read from
 * its file, this one as the analysis assembled them, so that every field a newer analysis
 * adds (cells[].latency_ms.pooled) is read the same way on both sides. A cell is compared
 * on its valid runs' figures, cells[].runs[] with included true: MiB/s, obj/s when the size
 * is 0. The statistics are analyze/cells/compare.h's (Welch on the log scale, Bonferroni
 * over the family of compared cells, each change with its adjusted interval ci_adj,
 * compare_adjust). */
#ifndef ANALYZE_BASELINE_H
#define ANALYZE_BASELINE_H

#include <stddef.h>

#include "core/err.h"
#include "core/results/results.h"

/* An earlier analysis, read and checked by the codec. */
struct baseline {
	char *path;         /* OLD_RESULTS_DIR/aggregate.json (owned) */
	char *source;       /* what "baseline"."source" records (owned) */
	struct results doc; /* its records (owned) */
};

/* baseline_load: read OLD_RESULTS_DIR/aggregate.json (ours, or of a Warp directory)
 * into b; source (NULL: that path) is what the new aggregate.json records as its source. -1 with a message naming the file and the field at fault (e.g.
 * "OLD/aggregate.json: cells[3].runs[1].mib_s: missing or not a number") when the file
 * cannot be read, is not an s3bench aggregate 1.x, or a field has the wrong type; b is then
 * empty. Free with baseline_clear. */
int baseline_load(const char *results_dir, const char *source, struct baseline *b, struct err *e);

/* baseline_clear: free what b owns (b may be zeroed or failed). */
void baseline_clear(struct baseline *b);

/* baseline_build: aggregate.json's "baseline" record of nw (this analysis's records)
 * against b, alpha the significance level after the Bonferroni adjustment, into *out (a new
 * record: results_baseline_free, then free). Fills *n_sig with the number of significant
 * changes (may be NULL). -1 with a message when memory runs out. */
int baseline_build(const struct results *nw, const struct baseline *b, double alpha,
		   struct results_baseline **out, size_t *n_sig, struct err *e);

#endif
