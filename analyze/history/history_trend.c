/* analyze/history/history_trend.c: results/trend.json from the history database (see
 * history.h; the judgement of each judged series is history_shift.c, its method
 * docs/METHODOLOGY.md "Shifts over the builds"). */
#include "analyze/history/history.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "analyze/history/history_shift.h"
#include "analyze/out/out_json_stats.h"
#include "analyze/out/out.h"
#include "core/cellsel.h"
#include "core/fsutil.h"
#include "core/units.h"
#include "core/version.h"

/* One cell the trend follows: (op, size, concurrency), of cells or of the one-off rows. */
struct key {
	char op[32];
	long long size;
	int conc;
	int oneoff;
};

struct series {
	char subject[256];
	struct key k;
	json_t *points;        /* owned until put in the document */
	struct hs_judgement j; /* matrix cells only (one-off rates are not judged) */
};

static double col_num(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

/* series_read: the points of one subject's cell up to build, and (a matrix
 * cell) its judgement at the levels lv with the floor min_change. */
static int series_read(sqlite3 *db, long long build, const struct cp_levels *lv, double min_change,
		       struct series *s)
{
	static const char qc[] =
		"SELECT b.id, b.time, b.cycles, c.value, c.ci_lo, c.ci_hi, c.latest, "
		"c.latest_cycle FROM cells c JOIN builds b ON b.id = c.build WHERE c.subject = ? "
		"AND c.op = ? AND c.size = ? AND c.concurrency = ? AND c.build <= ? ORDER BY b.id";
	/* one-off rows: measured once per campaign, no latest cycle, so never tested */
	static const char qo[] =
		"SELECT b.id, b.time, b.cycles, o.obj_s, NULL, NULL, NULL, NULL "
		"FROM oneoffs o JOIN builds b ON b.id = o.build WHERE o.subject = ? "
		"AND o.op = ? AND o.size = ? AND o.concurrency = ? AND o.build <= ? ORDER BY b.id";
	const char *q = s->k.oneoff ? qo : qc;
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, q, -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, s->subject, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, s->k.op, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, s->k.size);
	sqlite3_bind_int(st, 4, s->k.conc);
	sqlite3_bind_int64(st, 5, build);
	s->points = json_array();
	while (sqlite3_step(st) == SQLITE_ROW) {
		json_t *p = json_object(), *ci = json_null();

		if (isfinite(col_num(st, 4)) && isfinite(col_num(st, 5)))
			ci = json_pack("[f,f]", col_num(st, 4), col_num(st, 5));
		json_object_set_new(p, "build", json_integer(sqlite3_column_int64(st, 0)));
		json_object_set_new(p, "time",
				    json_string((const char *)sqlite3_column_text(st, 1)));
		json_object_set_new(p, "cycles", json_integer(sqlite3_column_int64(st, 2)));
		json_object_set_new(p, "value", out_json_num(col_num(st, 3)));
		json_object_set_new(p, "ci95", ci);
		json_object_set_new(p, "latest", out_json_num(col_num(st, 6)));
		json_object_set_new(p, "latest_cycle",
				    sqlite3_column_type(st, 7) == SQLITE_NULL
					    ? json_null()
					    : json_integer(sqlite3_column_int64(st, 7)));
		json_array_append_new(s->points, p);
	}
	sqlite3_finalize(st);
	s->j.v.state = CP_INSUFFICIENT;
	if (s->k.oneoff)
		return 0;
	return history_shift_judge(db, build, s->subject, s->k.op, s->k.size, s->k.conc, lv,
				   min_change, &s->j);
}

/* The keys of a trend, in order. */
struct keys {
	struct key *v;
	size_t n, cap;
};

/* keys_add: (op, size, conc) unless it is there already; -1 when out of memory. */
static int keys_add(struct keys *ks, const char *op, long long size, int conc, int oneoff)
{
	for (size_t i = 0; i < ks->n; i++)
		if (ks->v[i].oneoff == oneoff && ks->v[i].size == size && ks->v[i].conc == conc &&
		    strcmp(ks->v[i].op, op) == 0)
			return 0;
	if (ks->n == ks->cap) {
		size_t cap = ks->cap ? 2 * ks->cap : 16;
		struct key *v = realloc(ks->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		ks->v = v;
		ks->cap = cap;
	}
	snprintf(ks->v[ks->n].op, sizeof(ks->v[ks->n].op), "%s", op);
	ks->v[ks->n].size = size;
	ks->v[ks->n].conc = conc;
	ks->v[ks->n++].oneoff = oneoff;
	return 0;
}

/* keys_query: the rows (op, size, concurrency) of q for build into ks, each when sel
 * (NULL: every row) selects it. -1 on a database error or out of memory. */
static int keys_query(sqlite3 *db, const char *q, long long build, const char *op,
		      const struct cellsel *sel, int oneoff, struct keys *ks)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(db, q, -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, build);
	if (op != NULL)
		sqlite3_bind_text(st, 2, op, -1, SQLITE_STATIC);
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		const char *o = (const char *)sqlite3_column_text(st, 0);
		long long size = sqlite3_column_int64(st, 1);
		int conc = sqlite3_column_int(st, 2);

		if (o != NULL && (sel == NULL || cellsel_match(sel, o, (uint64_t)size, conc)))
			rc = keys_add(ks, o, size, conc, oneoff);
	}
	sqlite3_finalize(st);
	return rc;
}

/* keys_of: the cells of build the trend follows: the headline ones when sel names them
 * (per op of PUT and GET, the largest size at the highest concurrency the build has), the
 * matrix cells sel's items select (in the cells' order), then the LIST, HEAD and DELETE
 * one-off rows (the largest, highest). -1 on a database error or out of memory. */
static int keys_of(sqlite3 *db, long long build, const struct cellsel *sel, struct keys *ks)
{
	static const char *const ops[] = {"put", "get", "list", "head", "delete"};
	static const char qh[] =
		"SELECT op, size, concurrency FROM cells WHERE build = ? AND op = ? "
		"ORDER BY size DESC, concurrency DESC LIMIT 1";
	static const char qc[] = "SELECT op, size, concurrency FROM cells WHERE build = ? "
				 "GROUP BY op, size, concurrency ORDER BY MIN(rowid)";
	static const char qo[] =
		"SELECT op, size, concurrency FROM oneoffs WHERE build = ? AND op = ? "
		"ORDER BY size DESC, concurrency DESC LIMIT 1";

	for (size_t i = 0; i < 2 && sel->headline; i++)
		if (keys_query(db, qh, build, ops[i], NULL, 0, ks) < 0)
			return -1;
	if (sel->n > 0 && keys_query(db, qc, build, NULL, sel, 0, ks) < 0)
		return -1;
	for (size_t i = 2; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (keys_query(db, qo, build, ops[i], NULL, 1, ks) < 0)
			return -1;
	return 0;
}

/* series_all: every subject's series of every cell keys_of names, in that order, the
 * matrix ones judged at their share of the campaign's false-alarm rate (*lv). */
static int series_all(sqlite3 *db, long long build, const struct history_trend_opts *o,
		      const struct cellsel *sel, struct cp_levels *lv, struct series **out,
		      size_t *n_out)
{
	static const char qc[] = "SELECT subject FROM cells WHERE build = ? AND op = ? AND "
				 "size = ? AND concurrency = ? ORDER BY rowid";
	static const char qo[] = "SELECT subject FROM oneoffs WHERE build = ? AND op = ? AND "
				 "size = ? AND concurrency = ? ORDER BY rowid";
	struct keys ks = {0};
	size_t n = 0, judged = 0;
	struct series *s = NULL;

	if (keys_of(db, build, sel, &ks) < 0)
		goto fail;
	for (size_t i = 0; i < ks.n; i++) {
		const struct key *k = &ks.v[i];
		sqlite3_stmt *st;

		if (sqlite3_prepare_v2(db, k->oneoff ? qo : qc, -1, &st, NULL) != SQLITE_OK)
			goto fail;
		sqlite3_bind_int64(st, 1, build);
		sqlite3_bind_text(st, 2, k->op, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 3, k->size);
		sqlite3_bind_int(st, 4, k->conc);
		while (sqlite3_step(st) == SQLITE_ROW) {
			struct series *ns = realloc(s, (n + 1) * sizeof(*s));

			if (ns == NULL) {
				sqlite3_finalize(st);
				goto fail;
			}
			s = ns;
			memset(&s[n], 0, sizeof(s[n]));
			snprintf(s[n].subject, sizeof(s[n].subject), "%s",
				 sqlite3_column_text(st, 0));
			s[n].k = *k;
			judged += !k->oneoff;
			n++;
		}
		sqlite3_finalize(st);
	}
	cp_levels_of(o->false_rate, judged, lv);
	for (size_t i = 0; i < n; i++)
		if (series_read(db, build, lv, o->min_change, &s[i]) < 0)
			goto fail;
	free(ks.v);
	*out = s;
	*n_out = n;
	return 0;
fail:
	free(ks.v);
	for (size_t i = 0; i < n; i++)
		json_decref(s[i].points);
	free(s);
	return -1;
}

/* line: the alert or watch line of series s. */
static json_t *line(const struct series *s)
{
	char buf[512];

	history_shift_line(&s->j, s->subject, s->k.op, s->k.size, s->k.conc, buf, sizeof(buf));
	return json_string(buf);
}

/* document: trend.json's tree; the series' points move into it. */
static json_t *document(long long build, long long builds, struct series *s, size_t n,
			const struct history_trend_opts *t, const struct cp_levels *lv,
			size_t *n_reg, size_t *n_watch)
{
	json_t *root = json_object(), *arr = json_array(), *alerts = json_array(),
	       *watch = json_array();
	int enough = 0;

	json_object_set_new(root, "format", json_string(S3BENCH_TREND_FORMAT));
	json_object_set_new(root, "build", json_integer(build));
	json_object_set_new(root, "builds", json_integer(builds));
	json_object_set_new(root, "test",
			    json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:f,s:f,s:f,s:f,s:f,s:f}",
				      "name", "change-point", "scale", "log", "figure",
				      "latest cycle", "window", CP_WINDOW, "min_points",
				      CP_MIN_POINTS, "min_segment", CP_MIN_SEGMENT, "tail_max",
				      CP_TAIL_MAX, "false_alarm_rate", t->false_rate, "watch_rate",
				      fmin(0.5, CP_WATCH_FACTOR * t->false_rate), "split_alpha",
				      CP_ALPHA, "alpha", lv->alpha, "watch_alpha", lv->watch,
				      "min_change", t->min_change));
	for (size_t i = 0; i < n; i++) {
		json_t *o = json_object();
		const struct cp_verdict *v = &s[i].j.v;

		json_object_set_new(o, "subject", json_string(s[i].subject));
		json_object_set_new(o, "op", json_string(s[i].k.op));
		json_object_set_new(o, "size", json_integer(s[i].k.size));
		json_object_set_new(o, "concurrency", json_integer(s[i].k.conc));
		json_object_set_new(o, "metric",
				    json_string(s[i].k.size && !s[i].k.oneoff ? "mib_s" : "obj_s"));
		json_object_set_new(o, "oneoff", json_boolean(s[i].k.oneoff));
		json_object_set_new(o, "points", s[i].points);
		s[i].points = NULL;
		json_object_set_new(o, "change",
				    s[i].k.oneoff ? json_null() : history_shift_json(&s[i].j));
		json_array_append_new(arr, o);
		enough |= !s[i].k.oneoff && v->state != CP_INSUFFICIENT;
		if (!s[i].k.oneoff && v->state == CP_REGRESSION && v->fresh) {
			json_array_append_new(alerts, line(&s[i]));
			(*n_reg)++;
		} else if (!s[i].k.oneoff && v->state == CP_WATCH) {
			json_array_append_new(watch, line(&s[i]));
			(*n_watch)++;
		}
	}
	json_object_set_new(root, "enough_history", json_boolean(enough));
	json_object_set_new(root, "series", arr);
	json_object_set_new(root, "alerts", alerts);
	json_object_set_new(root, "watch", watch);
	return root;
}

static long long count_builds(sqlite3 *db, long long build)
{
	sqlite3_stmt *st;
	long long n = 0;

	if (sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM builds WHERE id <= ?", -1, &st, NULL) !=
	    SQLITE_OK)
		return 0;
	sqlite3_bind_int64(st, 1, build);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* write_lines: trend.json's watch[] then alerts[] as plain lines into path, atomically. */
static int write_lines(const json_t *root, const char *path, struct err *e)
{
	static const char *const keys[] = {"watch", "alerts"};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (f == NULL)
		return err_set(e, "%s: out of memory", path);
	for (size_t k = 0; k < 2; k++) {
		size_t i;
		json_t *v;

		json_array_foreach(json_object_get(root, keys[k]), i, v)
			fprintf(f, "%s\n", json_string_value(v));
	}
	rc = fclose(f) == 0 ? fs_write_file(path, buf, len, e)
			    : err_set(e, "%s: out of memory", path);
	free(buf);
	return rc;
}

int history_trend(const char *db_path, long long build_id, const struct history_trend_opts *o,
		  const char *out_path, size_t *n_regressions, size_t *n_watch, struct err *e)
{
	sqlite3 *db = NULL;
	struct series *s = NULL;
	size_t n = 0, n_reg = 0, n_w = 0;
	struct cp_levels lv;
	struct cellsel sel;
	struct err ce = {{0}};
	json_t *root = NULL;
	int rc = -1;

	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		err_set(e, "%s: cannot open: %s", db_path,
			db ? sqlite3_errmsg(db) : "out of memory");
		goto done;
	}
	sqlite3_busy_timeout(db, 30000);
	if (cellsel_parse(o->cells, &sel, &ce) < 0) {
		err_set(e, "alert cells '%s': %s", o->cells, ce.msg);
		goto done;
	}
	if (series_all(db, build_id, o, &sel, &lv, &s, &n) < 0) {
		err_set(e, "%s: reading the history: %s", db_path, sqlite3_errmsg(db));
		goto done;
	}
	root = document(build_id, count_builds(db, build_id), s, n, o, &lv, &n_reg, &n_w);
	if (root == NULL) {
		err_set(e, "%s: out of memory", out_path);
		goto done;
	}
	if (out_json_dump(root, out_path, e) < 0 ||
	    (o->lines_path != NULL && write_lines(root, o->lines_path, e) < 0))
		goto done;
	if (n_regressions)
		*n_regressions = n_reg;
	if (n_watch)
		*n_watch = n_w;
	rc = 0;
done:
	for (size_t i = 0; i < n; i++)
		json_decref(s[i].points);
	free(s);
	json_decref(root);
	sqlite3_close(db);
	return rc;
}
