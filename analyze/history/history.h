/* analyze/history/history.h: `analyze ... --history DB`: every analysis recorded in an SQLite
 * database (the scheduled builds' OUT/history.sqlite), and results/trend.json exported
 * from it (docs/FORMATS.md "history.sqlite" and "trend.json", docs/METHODOLOGY.md
 * "Trend of scheduled builds" and "Shifts over the builds").
 *
 * The build is read from the aggregate.json the analysis wrote (its records,
 * core/results/results.h), so that fields a newer analysis adds (cells[].latency_ms.pooled)
 * are recorded when present. All
 * writes of one build are one transaction (BEGIN IMMEDIATE ... COMMIT): a process
 * killed in the middle leaves the database as it was (SQLite's journal rolls it back
 * on the next open). A database of an older schema version is migrated inside the same
 * transaction, never dropped; one of a newer version is refused. */
#ifndef ANALYZE_HISTORY_H
#define ANALYZE_HISTORY_H

#include <stddef.h>

#include "core/err.h"
#include "core/results/results.h"

#define HISTORY_SCHEMA_VERSION 2

/* The DDL of schema version 1 (builds and cells), as the first version wrote it: a new
 * database is created with it and then migrated like any other (version 2 adds the
 * one-off rows). Test seam: the unit tests build a version-1 database with it. */
extern const char history_schema_v1[];

/* history_record: add the analysis agg (aggregate.json's records; only read) as a new
 * build of the database at db_path (created when absent), with results_dir as the
 * place its results were written. *build_id receives the build's id. Environment:
 * S3BENCH_TEST_HISTORY_PAUSE=SECONDS sleeps inside the transaction, before COMMIT
 * (for the kill tests; says so on stderr). -1 with a message naming the database
 * (nothing written) when it cannot be opened, is not an s3bench history, has a newer
 * schema, or a write fails. */
int history_record(const char *db_path, const struct results *agg, const char *results_dir,
		   long long *build_id, struct err *e);

/* What history_trend judges with and writes besides trend.json. */
struct history_trend_opts {
	double min_change;      /* shifts under it (a fraction: 0.10) are never alerted */
	double false_rate;      /* false alarms per build, all the judged series together
				   (0 < false_rate < 1; CP_FALSE_RATE_DEFAULT) */
	const char *cells;      /* the cells judged (core/cellsel.h); NULL: the headline */
	const char *lines_path; /* NULL, or a file for the build's watch and regression
				   lines as plain text (analyze --alerts) */
};

/* history_trend: results/trend.json at out_path for build build_id of the database: the
 * figures per build of the cells o->cells names and of the one-off rows, and each matrix
 * series' shift verdict (history_shift.h) under o. With o->lines_path, also that file (atomically): the
 * trend's watch lines, then its regression alert lines, one per line ("watch: ...",
 * "regression: ..."; empty when there are none). *n_regressions receives the number of
 * regression alerts raised by this build and *n_watch that of watches (either may be
 * NULL). -1 with a message on failure (nothing left behind). */
int history_trend(const char *db_path, long long build_id, const struct history_trend_opts *o,
		  const char *out_path, size_t *n_regressions, size_t *n_watch, struct err *e);

#endif
