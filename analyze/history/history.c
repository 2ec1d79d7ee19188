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

static void bind_num(sqlite3_stmt *st, int i, double v)
{
	if (isfinite(v))
		sqlite3_bind_double(st, i, v);
	else
		sqlite3_bind_null(st, i);
}

static void bind_str(sqlite3_stmt *st, int i, const char *s)
{
	if (s != NULL)
		sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

/* cycles_so_far: the highest cycle of any run of the analysis. */
static int cycles_so_far(const struct results *agg)
{
	int max = 0;

	for (size_t i = 0; i < agg->n_runs; i++)
		if (agg->runs[i].cycle > max)
			max = agg->runs[i].cycle;
	return max;
}

static long long insert_build(sqlite3 *db, const char *path, const struct results *agg,
			      const char *results_dir, struct err *e)
{
	sqlite3_stmt *st = NULL;
	long long id = -1;

	if (sqlite3_prepare_v2(db,
			       "INSERT INTO builds (time, campaign, tool_version, cycles, "
			       "results) VALUES (?, ?, ?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK) {
		db_fail(db, path, "recording the build", e);
		return -1;
	}
	bind_str(st, 1, agg->generated);
	bind_str(st, 2, agg->campaign.name);
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
static void latest_of(const struct results_cell *c, double *v, int *cycle)
{
	*v = NAN;
	*cycle = 0;
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct results_cell_run *r = &c->runs[i];
		double f = c->size == 0 ? r->obj_s : r->mib_s;

		if (r->included && isfinite(f) && r->cycle > *cycle) {
			*v = f;
			*cycle = r->cycle;
		}
	}
}

/* bind_cell: cells[] entry c into the INSERT INTO cells statement (parameters 2..). */
static void bind_cell(sqlite3_stmt *st, const struct results *agg, const struct results_cell *c)
{
	const struct results_stat *fig = c->size == 0 ? &c->obj_s : &c->mib_s;
	const struct results_pooled *pool = &c->latency_ms.pooled;
	int pooled = pool->source != RESULTS_POOL_NONE;
	double latest;
	int cycle;

	bind_str(st, 2, results_subject_id(agg, c->subject));
	bind_str(st, 3, c->op);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)c->size);
	sqlite3_bind_int64(st, 5, c->concurrency);
	sqlite3_bind_text(st, 6, c->size == 0 ? "obj_s" : "mib_s", -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 7, c->n);
	bind_num(st, 8, fig->value);
	bind_num(st, 9, fig->ci_lo);
	bind_num(st, 10, fig->ci_hi);
	bind_num(st, 11, fig->cv);
	bind_num(st, 12, pooled ? pool->p50 : c->latency_ms.p50);
	bind_num(st, 13, pooled ? pool->p99 : c->latency_ms.p99);
	if (c->latency_ms.present)
		sqlite3_bind_text(st, 14, pooled ? "pooled" : "run-mean", -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 14);
	latest_of(c, &latest, &cycle);
	bind_num(st, 15, latest);
	if (cycle > 0)
		sqlite3_bind_int64(st, 16, cycle);
	else
		sqlite3_bind_null(st, 16);
}

static int insert_cells(sqlite3 *db, const char *path, long long id, const struct results *agg,
			struct err *e)
{
	sqlite3_stmt *st = NULL;
	int rc = 0;

	if (sqlite3_prepare_v2(db,
			       "INSERT INTO cells VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
			       "?, ?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, path, "recording the cells", e);
	for (size_t i = 0; i < agg->n_cells; i++) {
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		sqlite3_bind_int64(st, 1, id);
		bind_cell(st, agg, &agg->cells[i]);
		if (sqlite3_step(st) != SQLITE_DONE) {
			rc = db_fail(db, path, "recording the cells", e);
			break;
		}
	}
	sqlite3_finalize(st);
	return rc;
}

static int insert_oneoffs(sqlite3 *db, const char *path, long long id, const struct results *agg,
			  struct err *e)
{
	sqlite3_stmt *st = NULL;
	int rc = 0;

	if (sqlite3_prepare_v2(db, "INSERT INTO oneoffs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1,
			       &st, NULL) != SQLITE_OK)
		return db_fail(db, path, "recording the one-off rows", e);
	for (size_t i = 0; i < agg->n_ops; i++) {
		const struct results_oneoff *o = &agg->ops[i];

		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		sqlite3_bind_int64(st, 1, id);
		bind_str(st, 2, results_subject_id(agg, o->subject));
		bind_str(st, 3, o->op);
		sqlite3_bind_int64(st, 4, (sqlite3_int64)o->size);
		sqlite3_bind_int64(st, 5, o->concurrency);
		sqlite3_bind_int64(st, 6, o->n);
		sqlite3_bind_int64(st, 7, o->total);
		bind_num(st, 8, o->obj_s);
		bind_num(st, 9, o->latency_ms.p50);
		bind_num(st, 10, o->latency_ms.p99);
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

int history_record(const char *db_path, const struct results *agg, const char *results_dir,
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
