/* analyze/history/history.c: the history database's schema, migrations and the recording of one
 * build (see history.h). The trend export is history_trend.c. */
#include "analyze/history/history.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "analyze/out/out.h"
#include "core/version.h"

/* Version 1: builds and their cells; meta holds schema_version. */
const char history_schema_v1[] =
	"CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"
	"CREATE TABLE builds (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  time TEXT NOT NULL,           -- aggregate.json generated (RFC 3339 UTC)\n"
	"  campaign TEXT,                -- campaign name\n"
	"  tool_version TEXT NOT NULL,\n"
	"  cycles INTEGER NOT NULL,      -- the highest cycle analyzed (cycles so far)\n"
	"  results TEXT                  -- the results directory written\n"
	");\n"
	"CREATE TABLE cells (\n"
	"  build INTEGER NOT NULL REFERENCES builds(id),\n"
	"  subject TEXT NOT NULL, op TEXT NOT NULL,\n"
	"  size INTEGER NOT NULL, concurrency INTEGER NOT NULL,\n"
	"  metric TEXT NOT NULL,         -- mib_s, or obj_s when size is 0\n"
	"  n INTEGER NOT NULL,           -- valid runs\n"
	"  value REAL, ci_lo REAL, ci_hi REAL, cv REAL,\n"
	"  p50_ms REAL, p99_ms REAL,     -- latency: pooled when the analysis had it\n"
	"  latency_basis TEXT,           -- pooled or run-mean\n"
	"  latest REAL,                  -- the figure of the cell's latest valid cycle\n"
	"  latest_cycle INTEGER,\n"
	"  PRIMARY KEY (build, subject, op, size, concurrency)\n"
	");\n"
	"INSERT INTO meta VALUES ('schema_version', '1');\n";

/* Version 1 -> 2: the one-off operations (aggregate.json ops[]) of each build. */
static const char migrate_v1_v2[] =
	"CREATE TABLE oneoffs (\n"
	"  build INTEGER NOT NULL REFERENCES builds(id),\n"
	"  subject TEXT NOT NULL, op TEXT NOT NULL,\n"
	"  size INTEGER NOT NULL, concurrency INTEGER NOT NULL,\n"
	"  n INTEGER NOT NULL, total INTEGER NOT NULL, -- valid runs, all runs\n"
	"  obj_s REAL, p50_ms REAL, p99_ms REAL,\n"
	"  PRIMARY KEY (build, subject, op, size, concurrency)\n"
	");\n"
	"UPDATE meta SET value = '2' WHERE key = 'schema_version';\n";

/* The migrations: steps[v - 1] takes version v to v + 1. */
static const char *const steps[] = {migrate_v1_v2};

static int db_fail(sqlite3 *db, const char *path, const char *what, struct err *e)
{
	return err_set(e, "%s: %s: %s", path, what, db ? sqlite3_errmsg(db) : "out of memory");
}

/* schema_version: 0 for an empty database, else meta's schema_version; -1 (message)
 * when the database has tables but no meta (not an s3bench history). */
static int schema_version(sqlite3 *db, const char *path, struct err *e)
{
	sqlite3_stmt *st = NULL;
	int v = -1, tables = 0, has_meta = 0;

	if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, path, "reading the schema", e);
	while (sqlite3_step(st) == SQLITE_ROW) {
		tables++;
		has_meta |= strcmp((const char *)sqlite3_column_text(st, 0), "meta") == 0;
	}
	sqlite3_finalize(st);
	if (tables == 0)
		return 0;
	if (!has_meta)
		return err_set(e, "%s: not an s3bench history (no meta table)", path);
	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'schema_version'", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, path, "reading meta", e);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = atoi((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (v < 1)
		return err_set(e, "%s: meta has no valid schema_version", path);
	return v;
}

/* migrate: bring the database (inside the caller's transaction) to the current schema. */
static int migrate(sqlite3 *db, const char *path, struct err *e)
{
	int v = schema_version(db, path, e);

	if (v < 0)
		return -1;
	if (v > HISTORY_SCHEMA_VERSION)
		return err_set(e,
			       "%s: schema version %d is newer than this s3bench's (%d); "
			       "not touched",
			       path, v, HISTORY_SCHEMA_VERSION);
	if (v == 0) {
		if (sqlite3_exec(db, history_schema_v1, NULL, NULL, NULL) != SQLITE_OK)
			return db_fail(db, path, "creating the schema", e);
		v = 1;
	}
	for (; v < HISTORY_SCHEMA_VERSION; v++)
		if (sqlite3_exec(db, steps[v - 1], NULL, NULL, NULL) != SQLITE_OK) {
			char what[64];

			snprintf(what, sizeof(what), "migrating schema %d to %d", v, v + 1);
			return db_fail(db, path, what, e);
		}
	return 0;
}

static double num(const json_t *v)
{
	return json_is_number(v) ? json_number_value(v) : NAN;
}

static void bind_num(sqlite3_stmt *st, int i, double v)
{
	if (isfinite(v))
		sqlite3_bind_double(st, i, v);
	else
		sqlite3_bind_null(st, i);
}

static void bind_str(sqlite3_stmt *st, int i, const json_t *v)
{
	if (json_is_string(v))
		sqlite3_bind_text(st, i, json_string_value(v), -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

/* cycles_so_far: the highest cycle of any run of the analysis. */
static json_int_t cycles_so_far(const json_t *agg)
{
	json_int_t max = 0;
	const json_t *r;
	size_t i;

	json_array_foreach(json_object_get(agg, "runs"), i, r) {
		json_int_t c = json_integer_value(json_object_get(r, "cycle"));

		if (c > max)
			max = c;
	}
	return max;
}

static long long insert_build(sqlite3 *db, const char *path, const json_t *agg,
			      const char *results_dir, struct err *e)
{
	const json_t *camp = json_object_get(agg, "campaign");
	sqlite3_stmt *st = NULL;
	long long id = -1;

	if (sqlite3_prepare_v2(db,
			       "INSERT INTO builds (time, campaign, tool_version, cycles, "
			       "results) VALUES (?, ?, ?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK) {
		db_fail(db, path, "recording the build", e);
		return -1;
	}
	bind_str(st, 1, json_object_get(agg, "generated"));
	bind_str(st, 2, json_object_get(camp, "name"));
	sqlite3_bind_text(st, 3, S3BENCH_VERSION, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, cycles_so_far(agg));
	sqlite3_bind_text(st, 5, results_dir, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_DONE)
		id = sqlite3_last_insert_rowid(db);
	else
		db_fail(db, path, "recording the build", e);
	sqlite3_finalize(st);
	return id;
}

/* latest_of: the figure of the cell's valid run of the highest cycle. */
static void latest_of(const json_t *cell, const char *metric, double *v, json_int_t *cycle)
{
	const json_t *r;
	size_t i;

	*v = NAN;
	*cycle = 0;
	json_array_foreach(json_object_get(cell, "runs"), i, r) {
		json_int_t c = json_integer_value(json_object_get(r, "cycle"));
		double f = num(json_object_get(r, metric));

		if (json_is_true(json_object_get(r, "included")) && isfinite(f) && c > *cycle) {
			*v = f;
			*cycle = c;
		}
	}
}

/* bind_cell: cells[] entry c into the INSERT INTO cells statement (parameters 2..). */
static void bind_cell(sqlite3_stmt *st, const json_t *c)
{
	json_int_t size = json_integer_value(json_object_get(c, "size")), cycle;
	const char *metric = size == 0 ? "obj_s" : "mib_s";
	const json_t *fig = json_object_get(c, metric), *ci = json_object_get(fig, "ci95");
	const json_t *lat = json_object_get(c, "latency_ms"),
		     *pool = json_object_get(lat, "pooled");
	const json_t *l = json_is_object(pool) ? pool : lat;
	double latest;

	bind_str(st, 2, json_object_get(c, "subject"));
	bind_str(st, 3, json_object_get(c, "op"));
	sqlite3_bind_int64(st, 4, size);
	sqlite3_bind_int64(st, 5, json_integer_value(json_object_get(c, "concurrency")));
	sqlite3_bind_text(st, 6, metric, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 7, json_integer_value(json_object_get(c, "n")));
	bind_num(st, 8, num(json_object_get(fig, "value")));
	bind_num(st, 9, num(json_array_get(ci, 0)));
	bind_num(st, 10, num(json_array_get(ci, 1)));
	bind_num(st, 11, num(json_object_get(fig, "cv")));
	bind_num(st, 12, num(json_object_get(l, "p50")));
	bind_num(st, 13, num(json_object_get(l, "p99")));
	if (json_is_object(l))
		sqlite3_bind_text(st, 14, l == pool ? "pooled" : "run-mean", -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 14);
	latest_of(c, metric, &latest, &cycle);
	bind_num(st, 15, latest);
	if (cycle > 0)
		sqlite3_bind_int64(st, 16, cycle);
	else
		sqlite3_bind_null(st, 16);
}

static int insert_cells(sqlite3 *db, const char *path, long long id, const json_t *agg,
			struct err *e)
{
	sqlite3_stmt *st = NULL;
	const json_t *c;
	size_t i;
	int rc = 0;

	if (sqlite3_prepare_v2(db,
			       "INSERT INTO cells VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
			       "?, ?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, path, "recording the cells", e);
	json_array_foreach(json_object_get(agg, "cells"), i, c) {
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		sqlite3_bind_int64(st, 1, id);
		bind_cell(st, c);
		if (sqlite3_step(st) != SQLITE_DONE) {
			rc = db_fail(db, path, "recording the cells", e);
			break;
		}
	}
	sqlite3_finalize(st);
	return rc;
}

static int insert_oneoffs(sqlite3 *db, const char *path, long long id, const json_t *agg,
			  struct err *e)
{
	sqlite3_stmt *st = NULL;
	const json_t *o, *lat;
	size_t i;
	int rc = 0;

	if (sqlite3_prepare_v2(db, "INSERT INTO oneoffs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1,
			       &st, NULL) != SQLITE_OK)
		return db_fail(db, path, "recording the one-off rows", e);
	json_array_foreach(json_object_get(agg, "ops"), i, o) {
		lat = json_object_get(o, "latency_ms");
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		sqlite3_bind_int64(st, 1, id);
		bind_str(st, 2, json_object_get(o, "subject"));
		bind_str(st, 3, json_object_get(o, "op"));
		sqlite3_bind_int64(st, 4, json_integer_value(json_object_get(o, "size")));
		sqlite3_bind_int64(st, 5, json_integer_value(json_object_get(o, "concurrency")));
		sqlite3_bind_int64(st, 6, json_integer_value(json_object_get(o, "n")));
		sqlite3_bind_int64(st, 7, json_integer_value(json_object_get(o, "total")));
		bind_num(st, 8, num(json_object_get(o, "obj_s")));
		bind_num(st, 9, num(json_object_get(lat, "p50")));
		bind_num(st, 10, num(json_object_get(lat, "p99")));
		if (sqlite3_step(st) != SQLITE_DONE) {
			rc = db_fail(db, path, "recording the one-off rows", e);
			break;
		}
	}
	sqlite3_finalize(st);
	return rc;
}

/* test_pause: S3BENCH_TEST_HISTORY_PAUSE=SECONDS, for the tests that kill a build
 * inside the transaction. */
static void test_pause(void)
{
	const char *s = getenv("S3BENCH_TEST_HISTORY_PAUSE");
	int n = s ? atoi(s) : 0;

	if (n <= 0)
		return;
	fprintf(stderr,
		"analyze: history: pausing %d s inside the transaction "
		"(S3BENCH_TEST_HISTORY_PAUSE)\n",
		n);
	sleep((unsigned)n);
}

int history_record(const char *db_path, const json_t *agg, const char *results_dir,
		   long long *build_id, struct err *e)
{
	sqlite3 *db = NULL;
	long long id;
	int rc = -1, in_tx = 0;

	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
	    SQLITE_OK) {
		db_fail(db, db_path, "cannot open", e);
		goto done;
	}
	sqlite3_busy_timeout(db, 30000);
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		db_fail(db, db_path, "cannot start a transaction", e);
		goto done;
	}
	in_tx = 1;
	if (migrate(db, db_path, e) < 0)
		goto done;
	id = insert_build(db, db_path, agg, results_dir, e);
	if (id < 0 || insert_cells(db, db_path, id, agg, e) < 0 ||
	    insert_oneoffs(db, db_path, id, agg, e) < 0)
		goto done;
	test_pause();
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		db_fail(db, db_path, "commit failed", e);
		goto done;
	}
	in_tx = 0;
	*build_id = id;
	rc = 0;
done:
	if (in_tx)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(db);
	return rc;
}
