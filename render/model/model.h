/* render/model/model.h: the report model: results/aggregate.json's records
 * (core/results/results.h, read by their codec) and trend.json's beside it, with what the
 * report derives from them once: each subject as it is named and coloured, the campaign's
 * cycles, the matrix at hand.
 *
 * The model is plain read-only data once loaded: back ends and the report builder read it
 * and never change it. A value that is null in the file is NAN (test with isnan); it is
 * shown as "–", never as 0. Subjects are referred to by their index in m->subjects (the
 * same as in m->doc.subjects). The questions the report asks of it are model_query.h's and
 * model_clients.h's.
 *
 * A 1.0 file has none of the 1.1 parts: m->has_stats is 0, every ci_* is NAN /
 * RESULTS_CI_NONE, every pooled source RESULTS_POOL_NONE, no comparisons, no time series,
 * leaders' status RESULTS_LEAD_UNKNOWN and leader counts' clear/tied -1. The report then
 * says what is not available instead of drawing it. */
#ifndef RENDER_MODEL_H
#define RENDER_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/results/results.h"
#include "core/results/results_trend.h"

/* A subject as the report shows it; every string borrowed from its record, "" for null. */
struct rm_subject {
	const char *id, *label; /* label: its id when the file has none */
	const char *endpoint, *region;
	const char *send;          /* how its requests were sent; "": every default */
	const char *dotted_bucket; /* a dotted bucket that went path-style; "": none */
	char color[8]; /* "#rrggbb": the file's colour, else the fixed palette by order */
};

struct report_model {
	char *file;          /* the path it was loaded from */
	struct results doc;  /* aggregate.json's records */
	int has_stats;       /* statistics{} present (format 1.1) */
	double confidence;   /* statistics.confidence (0.95 when the file has none) */
	int campaign_cycles; /* campaign.cycles, else the largest cells[].expected */
	struct rm_subject *subjects;
	size_t nsubjects;
	/* the matrix (doc.matrix's arrays) */
	char *const *ops;
	size_t nops;
	const uint64_t *sizes;
	size_t nsizes;
	const int *concurrency;
	size_t nconc;
	/* trend.json beside aggregate.json (analyze --history) */
	int trend_loaded;
	struct results_trend trend;
};

/* model_str: s, or "" for a string the file had null. */
static inline const char *model_str(const char *s)
{
	return s != NULL ? s : "";
}

/* model_load: read and validate `path` (and trend.json in its directory, when there).
 * Returns a new model (free with model_free) or NULL with e naming the file and the field
 * at fault ("x/aggregate.json: cells[3].mib_s.value: expected a number or null"). A format
 * other than s3bench-aggregate/1.x is refused, so is a file without subjects. */
struct report_model *model_load(const char *path, struct err *e);

/* model_load_string: the same from a JSON text; `name` is used in messages (trend.json is
 * looked for beside it). Test seam: public for the unit tests and
 * tests/fuzz/fuzz_aggregate.c (render itself calls it only through model_load). */
struct report_model *model_load_string(const char *json, const char *name, struct err *e);

/* model_free: free m and everything it owns (NULL is fine). */
void model_free(struct report_model *m);

/* model_palette: the fixed palette colour for subject number i ("#rrggbb"). Test seam:
 * public for the unit tests (render uses it only inside model.c). */
const char *model_palette(size_t i);

#endif
