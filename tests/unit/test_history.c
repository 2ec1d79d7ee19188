/* tests/unit/test_history.c: analyze/history: a database written with schema 1's DDL (as
 * the first version wrote it) is migrated to the current schema with its builds kept; a
 * build is recorded with its cells (pooled latency when present, the latest cycle's
 * figure) and one-off rows; a build that fails half-way leaves nothing; trend.json lists
 * the headline cells and one-off rates per build. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "analyze/history/history.h"
#include "tests/unit/check.h"

static const char agg_text[] =
	"{\"format\": \"s3bench-aggregate/1.1\", \"generated\": \"2026-12-01T00:00:00Z\","
	" \"campaign\": {\"name\": \"unit\", \"cycles\": 5},"
	" \"policy\": {\"name\": \"mean\", \"rule\": \"the default\"},"
	" \"subjects\": [{\"id\": \"a\"}],"
	" \"matrix\": {\"ops\": [\"put\"], \"sizes\": [1048576], \"concurrency\": [8]},"
	" \"cells\": [{\"subject\": \"a\", \"op\": \"put\", \"size\": 1048576, \"concurrency\": 8,"
	"   \"n\": 2, \"mib_s\": {\"value\": 110, \"ci95\": [100, 120], \"cv\": 0.05},"
	"   \"latency_ms\": {\"p50\": 9, \"p99\": 30, \"pooled\": {\"p50\": 8, \"p99\": 25,"
	"     \"source\": \"histogram\"}},"
	"   \"runs\": [{\"cycle\": 1, \"included\": true, \"mib_s\": 100, \"obj_s\": 100},"
	"              {\"cycle\": 2, \"included\": true, \"mib_s\": 120, \"obj_s\": 120},"
	"              {\"cycle\": 3, \"included\": false, \"mib_s\": null, \"obj_s\": null}]}],"
	" \"ops\": [{\"subject\": \"a\", \"op\": \"list\", \"size\": 0, \"concurrency\": 10,"
	"   \"n\": 1, \"total\": 1, \"obj_s\": 5000, \"latency_ms\": {\"p50\": 2, \"p99\": 7}}],"
	" \"runs\": [{\"subject\": \"a\", \"op\": \"put\", \"cycle\": 1},"
	"          {\"subject\": \"a\", \"op\": \"put\", \"cycle\": 2},"
	"          {\"subject\": \"a\", \"op\": \"put\", \"cycle\": 3},"
	"          {\"subject\": \"a\", \"op\": \"list\", \"cycle\": null}]}";

/* one: the first column of the first row of sql as text ("" when none). */
static const char *one(sqlite3 *db, const char *sql, char *buf, size_t n)
{
	sqlite3_stmt *st;

	buf[0] = '\0';
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return buf;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(buf, n, "%s", sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return buf;
}

/* make_v1: a schema-1 database with one build and one cell, as version 1 wrote it. */
static int make_v1(const char *path)
{
	sqlite3 *db;
	int rc;

	if (sqlite3_open(path, &db) != SQLITE_OK)
		return -1;
	rc = sqlite3_exec(db, history_schema_v1, NULL, NULL, NULL) == SQLITE_OK &&
			     sqlite3_exec(
				     db,
				     "INSERT INTO builds VALUES (1, '2026-11-01T00:00:00Z', 'unit', "
				     "'0.1.0', 1, '/old');"
				     "INSERT INTO cells VALUES (1, 'a', 'put', 1048576, 8, 'mib_s', 1, 100, "
				     "NULL, NULL, NULL, 9, 30, 'run-mean', 100, 1);",
				     NULL, NULL, NULL) == SQLITE_OK
		     ? 0
		     : -1;
	sqlite3_close(db);
	return rc;
}

int main(void)
{
	char dir[] = "/tmp/test_history.XXXXXX", path[256], trend[256], buf[256];
	struct results agg, bad;
	json_t *t;
	struct err e = {{0}};
	long long id = 0;
	size_t n_reg = 9;
	struct history_trend_opts topts = {.min_change = 0.10};
	sqlite3 *db;

	CHECK(results_parse(agg_text, "agg", &agg, &e) == 0, "the aggregate parses: %s", e.msg);
	CHECK(mkdtemp(dir) != NULL, "a temporary directory");
	snprintf(path, sizeof(path), "%s/h.sqlite", dir);
	snprintf(trend, sizeof(trend), "%s/trend.json", dir);
	CHECK(make_v1(path) == 0, "a schema-1 database written with history_schema_v1");

	CHECK(history_record(path, &agg, "/new", &id, &e) == 0, "recorded into v1: %s", e.msg);
	CHECK(id == 2, "the new build is id 2 (%lld)", id);
	sqlite3_open(path, &db);
	CHECK_STR(one(db, "SELECT value FROM meta WHERE key = 'schema_version'", buf, sizeof(buf)),
		  "2", "migrated to schema 2");
	CHECK_STR(
		one(db, "SELECT time || ' ' || results FROM builds WHERE id = 1", buf, sizeof(buf)),
		"2026-11-01T00:00:00Z /old", "the v1 build kept");
	CHECK_STR(one(db, "SELECT COUNT(*) FROM cells WHERE build = 1", buf, sizeof(buf)), "1",
		  "its cell kept");
	CHECK_STR(one(db, "SELECT cycles || ' ' || campaign FROM builds WHERE id = 2", buf,
		      sizeof(buf)),
		  "3 unit", "build 2: cycles so far 3, the campaign");
	CHECK_STR(one(db,
		      "SELECT printf('%g %g %g %g %s %g %d', value, ci_lo, ci_hi, p50_ms, "
		      "latency_basis, latest, latest_cycle) FROM cells WHERE build = 2",
		      buf, sizeof(buf)),
		  "110 100 120 8 pooled 120 2",
		  "build 2's cell: value, ci, pooled p50, the latest valid cycle's figure");
	CHECK_STR(one(db,
		      "SELECT printf('%s %g %g', op, obj_s, p99_ms) FROM oneoffs "
		      "WHERE build = 2",
		      buf, sizeof(buf)),
		  "list 5000 7", "the one-off row");
	sqlite3_close(db);

	/* A build failing half-way (a cell without subject: NOT NULL) leaves nothing. */
	results_parse(agg_text, "agg", &bad, &e);
	bad.cells[0].subject = -1;
	CHECK(history_record(path, &bad, "/bad", &id, &e) < 0 && strstr(e.msg, path),
	      "a failing build is refused naming the database: %s", e.msg);
	sqlite3_open(path, &db);
	CHECK_STR(one(db, "SELECT COUNT(*) || ' ' || (SELECT COUNT(*) FROM cells) FROM builds", buf,
		      sizeof(buf)),
		  "2 2", "and leaves the database as it was");
	sqlite3_close(db);
	results_free(&bad);

	CHECK(history_trend(path, 2, &topts, trend, &n_reg, NULL, &e) == 0, "trend.json: %s",
	      e.msg);
	t = json_load_file(trend, 0, NULL);
	CHECK(json_array_size(json_object_get(t, "series")) == 2, "two series (put, list)");
	CHECK(json_array_size(json_object_get(json_array_get(json_object_get(t, "series"), 0),
					      "points")) == 2,
	      "put: 2 points (both builds)");
	CHECK(json_is_true(
		      json_object_get(json_array_get(json_object_get(t, "series"), 1), "oneoff")),
	      "list is a one-off series");
	CHECK(n_reg == 0 && json_array_size(json_object_get(t, "alerts")) == 0,
	      "no test with 1 earlier cycle, no alert");
	CHECK(json_is_false(json_object_get(t, "enough_history")) &&
		      strcmp(json_string_value(json_object_get(
				     json_object_get(
					     json_array_get(json_object_get(t, "series"), 0),
					     "change"),
				     "state")),
			     "insufficient") == 0,
	      "2 builds: not enough history to judge");
	json_decref(t);
	results_free(&agg);
	unlink(path);
	unlink(trend);
	rmdir(dir);
	return check_done();
}
