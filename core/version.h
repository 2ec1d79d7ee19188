/* core/version.h: the tool's version and the format string of every file the stages
 * exchange (docs/FORMATS.md), in one place. A format string is "NAME/MAJOR[.MINOR]": a
 * reader refuses a major version it does not know; a minor version only adds fields. */
#ifndef CORE_VERSION_H
#define CORE_VERSION_H

/* The version written into run.json ("tool.version"), aggregate.json and history.db. */
#define S3BENCH_VERSION "0.1.0"

#include <stdio.h>

/* version_print: every command's --version text on f: "PROG (s3bench) VERSION" (the
 * first line, as help2man reads it), the source commit (git's at build time, else
 * "unknown"), and the version of each library linked in, as it reports itself at run
 * time (and the headers' version when that differs). Returns 0, or 1 when writing
 * failed: a value for main to return. */
int version_print(FILE *f, const char *prog);

/* version_commit: the source commit this build was made from (git's at build time, the
 * short hash with "-dirty" appended when the tree had uncommitted changes), else
 * "unknown". A static string. */
const char *version_commit(void);

/* run.json, written by collect, read by analyze (which checks the prefix and major). */
#define S3BENCH_RUN_PREFIX "s3bench-run/"
#define S3BENCH_RUN_MAJOR 1
#define S3BENCH_RUN_FORMAT S3BENCH_RUN_PREFIX "1"

/* aggregate.json, written by analyze, read by render and by analyze --baseline. */
#define S3BENCH_AGGREGATE_PREFIX "s3bench-aggregate/"
#define S3BENCH_AGGREGATE_MAJOR 1
#define S3BENCH_AGGREGATE_FORMAT S3BENCH_AGGREGATE_PREFIX "1.2"

/* plan.tsv's "# format:" line, written by collect campaign. */
#define S3BENCH_PLAN_FORMAT "s3bench-plan/1"

/* .subject.json, the record collect clean reads back. */
#define S3BENCH_SUBJECT_FORMAT "s3bench-subject/1"

/* trend.json, written by analyze --history. */
#define S3BENCH_TREND_FORMAT "s3bench-trend/1"

#endif
