/* render/model.h: the report model, loaded from results/aggregate.json alone
 * (docs/FORMATS.md, "s3bench-aggregate/1").
 *
 * The model is plain read-only data once loaded: back ends and the report builder
 * read its fields directly and never change them. A value that is null in the file
 * is NAN here (test with isnan); it is shown as "–", never as 0. Subjects are referred
 * to by their index in m->subjects. Every string is owned by the model. */
#ifndef RENDER_MODEL_H
#define RENDER_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

struct rm_stat {           /* mib_s / obj_s of a cell */
	double value, mean, median, min, max, stddev, cv;
};

struct rm_lat {            /* latency_ms / ttfb_ms */
	double avg, p50, p90, p99, min, max;
};

struct rm_subject {
	char *id, *label, *endpoint, *region;
	char color[8];         /* "#rrggbb": the file's colour, else the fixed palette by order */
};

struct rm_run {
	int cycle, included;
	double mib_s, obj_s;
};

struct rm_quantile {       /* a point of a latency CDF: share q of requests took <= ms */
	double q, ms;
};

struct rm_cell {
	int subject;
	char *op;
	uint64_t size;
	int concurrency, n, expected;
	struct rm_stat mib_s, obj_s;
	struct rm_lat latency, ttfb;
	struct rm_run *runs;
	size_t nruns;
	/* format 1.1 (render/model_ext.c): latency_ms.pooled.quantiles, none when absent */
	struct rm_quantile *lat_quantiles;
	size_t nlat_quantiles;
};

struct rm_series {         /* timeseries[] (format 1.1): one run's 1-second throughput */
	int subject, cycle, concurrency;
	char *op;
	uint64_t size;
	double *mib_s, *obj_s;         /* n values, one per second from the run's first; NAN = null */
	size_t n;
	int kept_first, kept_last;     /* indexes of the buckets the averages keep; -1 when absent */
};

struct rm_oneoff {         /* LIST / HEAD / DELETE */
	int subject;
	char *op;
	uint64_t size, objects;
	int concurrency, n;
	double obj_s, completion_s;
	double seg_median, seg_fastest, seg_slowest;   /* obj/s */
	struct rm_lat latency, ttfb;                   /* ttfb all NAN when null */
};

struct rm_consistency {
	int subject, cells;
	double cv_mean;
};

struct rm_leader {
	char *op;
	uint64_t size;
	int concurrency, subject;
	double mib_s;
};

struct rm_leader_count {
	char *op;
	int subject, led, of;
};

struct rm_excluded {
	char *path, *op, *cls, *reason;
	int subject, concurrency, cycle;   /* cycle 0 when null (one-off run) */
	uint64_t size;
};

struct report_model {
	char *file;                    /* the path it was loaded from */
	char *generated, *tool_name, *tool_version, *source;
	char *campaign_name, *campaign_title, *campaign_client, *campaign_order;
	int campaign_cycles;           /* without a campaign: the largest cells[].expected */
	char *policy_name, *policy_rule;
	int policy_min_samples;
	struct rm_subject *subjects;   size_t nsubjects;
	char **ops;                    size_t nops;      /* matrix.ops */
	uint64_t *sizes;               size_t nsizes;    /* matrix.sizes */
	int *concurrency;              size_t nconc;     /* matrix.concurrency */
	struct rm_cell *cells;         size_t ncells;
	struct rm_oneoff *oneoffs;     size_t noneoffs;
	struct rm_consistency *consistency; size_t nconsistency;
	struct rm_leader *leaders;     size_t nleaders;
	struct rm_leader_count *leader_counts; size_t nleader_counts;
	struct rm_excluded *excluded;  size_t nexcluded;
	/* format 1.1 and later (render/model_ext.c); absent in 1.0 files */
	struct rm_series *timeseries;  size_t ntimeseries;
	char **size_labels;            /* nsizes: matrix.size_labels, NULL entries when none */
};

/* model_load: read and validate `path`. Returns a new model (free with model_free)
 * or NULL with e naming the file and the field at fault ("x/aggregate.json:
 * cells[3].mib_s.value: expected a number or null"). A format other than
 * s3bench-aggregate/1.x is refused. */
struct report_model *model_load(const char *path, struct err *e);

/* model_load_string: the same from a JSON text; `name` is used in messages. */
struct report_model *model_load_string(const char *json, const char *name, struct err *e);

/* model_free: free m and everything it owns (NULL is fine). */
void model_free(struct report_model *m);

/* model_cell: the cell subject × op × size × concurrency, or NULL when absent. */
const struct rm_cell *model_cell(const struct report_model *m, int subject, const char *op,
				 uint64_t size, int concurrency);

/* model_oneoff: the one-off run of `op` for subject, or NULL. */
const struct rm_oneoff *model_oneoff(const struct report_model *m, int subject, const char *op);

/* model_has_oneoff: 1 when any subject has a one-off run of op. */
int model_has_oneoff(const struct report_model *m, const char *op);

/* model_palette: the fixed palette colour for subject number i ("#rrggbb"). */
const char *model_palette(size_t i);

#endif
