/* core/results/results_trend.h: results/trend.json, its one codec (docs/FORMATS.md,
 * "results/trend.json", s3bench-trend/1): the judged cells (alert_cells) and one-off rows
 * per build of the scheduled builds' history and the latest build's shift verdicts. analyze
 * --history writes it (from the history database), analyze --metrics and render read it.
 * The conventions are results.h's. */
#ifndef CORE_RESULTS_TREND_H
#define CORE_RESULTS_TREND_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/err.h"
#include "core/jread.h"

/* test{}: the change-point test and its settings: the campaign's false-alarm rate per
 * build and its watch rate, the split search's level, each judged series' share of the
 * two rates (alpha, watch_alpha; NAN: not in the file, format before them) and the floor. */
struct results_trend_test {
	char *name, *scale, *figure;
	long long window, min_points, min_segment, tail_max;
	double false_alarm_rate, watch_rate, split_alpha;
	double alpha, watch_alpha, min_change;
};

/* series[].points[]: one build. */
struct results_trend_point {
	long long build;
	char *time;
	long long cycles;
	double value, ci_lo, ci_hi; /* ci95: NAN, NAN when null */
	double latest;
	long long latest_cycle; /* -1: null */
};

/* series[].change: the verdict as of the build. */
struct results_trend_change {
	char *state; /* insufficient, steady, watch, regression, improvement */
	long long points;
	double noise, noise_df;
	char *noise_basis; /* "moderated", "cell" ("subject" in files before them) */
	int alert, significant;
	char *change; /* "regression", "improvement"; NULL */
	int shift;    /* a shift or watch: the members below are in the file */
	long long since_build, after, before;
	double ratio, ci_lo, ci_hi; /* ci95 (not written when an end is not finite) */
	double p, p_adj;
	int fresh;
};

/* series[]: one judged cell (alert_cells) or one-off row of a subject over the builds. */
struct results_trend_series {
	char *subject, *op;
	uint64_t size;
	int concurrency;
	char *metric; /* "mib_s", "obj_s" */
	int oneoff;
	struct results_trend_point *points;
	size_t n_points;
	struct results_trend_change *change; /* NULL: null (one-off rows) */
};

struct results_trend {
	char *format; /* S3BENCH_TREND_FORMAT */
	long long build, builds;
	struct results_trend_test test;
	int enough_history; /* absent: 1 */
	struct results_trend_series *series;
	size_t n_series;
	char **alerts, **watch; /* the lines scheduled-build prints */
	size_t n_alerts, n_watch;
};

/* The functions of each record, as results_head.h says. */
json_t *results_trend_change_to_json(const struct results_trend_change *c);
int results_trend_change_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_trend_change *c);
void results_trend_change_free(struct results_trend_change *c);

json_t *results_trend_series_to_json(const struct results_trend_series *s);
int results_trend_series_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_trend_series *s);
void results_trend_series_free(struct results_trend_series *s);

json_t *results_trend_to_json(const struct results_trend *t);
int results_trend_from_json(const json_t *root, const char *file, struct results_trend *t,
			    struct err *e);

/* results_trend_read: the file at path ("PATH: line N: ..." when it does not parse).
 * results_trend_write: t at path, as results_dump writes. -1 with e set. */
int results_trend_read(const char *path, struct results_trend *t, struct err *e);
int results_trend_write(const struct results_trend *t, const char *path, struct err *e);

/* results_trend_free: everything t owns (zeroed after). */
void results_trend_free(struct results_trend *t);

#endif
