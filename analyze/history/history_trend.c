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
#include "core/cellsel.h"
#include "core/fsutil.h"
#include "core/results/results_trend.h"
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
	struct results_trend_point *points; /* owned until put in the document */
	size_t n_points;
	struct hs_judgement j; /* matrix cells only (one-off rates are not judged) */
};

/* points_free: a series' points. */
static void points_free(struct series *s)
{
	for (size_t i = 0; i < s->n_points; i++)
		free(s->points[i].time);
	free(s->points);
	s->points = NULL;
	s->n_points = 0;
}

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
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct results_trend_point *np = realloc(s->points,
							 (s->n_points + 1) * sizeof(*np)),
					   *p;
		const char *time = (const char *)sqlite3_column_text(st, 1);

		if (np == NULL) {
			sqlite3_finalize(st);
			return -1;
		}
		s->points = np;
		p = &np[s->n_points++];
		p->build = sqlite3_column_int64(st, 0);
		p->time = time != NULL ? strdup(time) : NULL;
		p->cycles = sqlite3_column_int64(st, 2);
		p->value = col_num(st, 3);
		p->ci_lo = col_num(st, 4);
		p->ci_hi = col_num(st, 5);
		p->latest = col_num(st, 6);
		p->latest_cycle = sqlite3_column_type(st, 7) == SQLITE_NULL
					  ? -1
					  : sqlite3_column_int64(st, 7);
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
		points_free(&s[i]);
	free(s);
	return -1;
}

/* line: the alert or watch line of series s (a copy; NULL when out of memory). */
static char *line(const struct series *s)
{
	char buf[512];

	history_shift_line(&s->j, s->subject, s->k.op, s->k.size, s->k.conc, buf, sizeof(buf));
	return strdup(buf);
}

/* trend_test: the change-point test's settings, the levels lv. */
static int trend_test(const struct history_trend_opts *o, const struct cp_levels *lv,
		      struct results_trend_test *t)
{
	t->name = strdup("change-point");
	t->scale = strdup("log");
	t->figure = strdup("latest cycle");
	t->window = CP_WINDOW;
	t->min_points = CP_MIN_POINTS;
	t->min_segment = CP_MIN_SEGMENT;
	t->tail_max = CP_TAIL_MAX;
	t->false_alarm_rate = o->false_rate;
	t->watch_rate = fmin(0.5, CP_WATCH_FACTOR * o->false_rate);
	t->split_alpha = CP_ALPHA;
	t->alpha = lv->alpha;
	t->watch_alpha = lv->watch;
	t->min_change = o->min_change;
	return t->name && t->scale && t->figure ? 0 : -1;
}

/* add_line: s's alert or watch line appended to v[0..*n). */
static int add_line(const struct series *s, char ***v, size_t *n)
{
	char **nv = realloc(*v, (*n + 1) * sizeof(*nv)), *l;

	if (nv == NULL)
		return -1;
	*v = nv;
	if ((l = line(s)) == NULL)
		return -1;
	nv[(*n)++] = l;
	return 0;
}

/* one_series: the document's series of s (its points move into it); its alert or watch
 * line added to t. */
static int one_series(struct series *s, struct results_trend *t, size_t *n_reg, size_t *n_watch)
{
	struct results_trend_series *o = &t->series[t->n_series++];
	const struct cp_verdict *v = &s->j.v;

	o->subject = strdup(s->subject);
	o->op = strdup(s->k.op);
	o->size = (uint64_t)s->k.size;
	o->concurrency = s->k.conc;
	o->metric = strdup(s->k.size && !s->k.oneoff ? "mib_s" : "obj_s");
	o->oneoff = s->k.oneoff;
	o->points = s->points;
	o->n_points = s->n_points;
	s->points = NULL;
	s->n_points = 0;
	if (o->subject == NULL || o->op == NULL || o->metric == NULL)
		return -1;
	if (s->k.oneoff)
		return 0;
	if ((o->change = calloc(1, sizeof(*o->change))) == NULL ||
	    history_shift_change(&s->j, o->change) < 0)
		return -1;
	t->enough_history |= v->state != CP_INSUFFICIENT;
	if (v->state == CP_REGRESSION && v->fresh) {
		(*n_reg)++;
		return add_line(s, &t->alerts, &t->n_alerts);
	}
	if (v->state == CP_WATCH) {
		(*n_watch)++;
		return add_line(s, &t->watch, &t->n_watch);
	}
	return 0;
}

/* document: trend.json's records into t; the series' points move into it. */
static int document(long long build, long long builds, struct series *s, size_t n,
		    const struct history_trend_opts *o, const struct cp_levels *lv,
		    struct results_trend *t, size_t *n_reg, size_t *n_watch)
{
	memset(t, 0, sizeof(*t));
	t->format = strdup(S3BENCH_TREND_FORMAT);
	t->build = build;
	t->builds = builds;
	if (t->format == NULL || trend_test(o, lv, &t->test) < 0 ||
	    (t->series = calloc(n + 1, sizeof(*t->series))) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (one_series(&s[i], t, n_reg, n_watch) < 0)
			return -1;
	return 0;
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

/* write_lines: trend.json's watch lines then its alert lines as plain lines into path,
 * atomically. */
static int write_lines(const struct results_trend *t, const char *path, struct err *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (f == NULL)
		return err_set(e, "%s: out of memory", path);
	for (size_t i = 0; i < t->n_watch; i++)
		fprintf(f, "%s\n", t->watch[i]);
	for (size_t i = 0; i < t->n_alerts; i++)
		fprintf(f, "%s\n", t->alerts[i]);
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
	struct results_trend t = {0};
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
	if (document(build_id, count_builds(db, build_id), s, n, o, &lv, &t, &n_reg, &n_w) < 0) {
		err_set(e, "%s: out of memory", out_path);
		goto done;
	}
	if (results_trend_write(&t, out_path, e) < 0 ||
	    (o->lines_path != NULL && write_lines(&t, o->lines_path, e) < 0))
		goto done;
	if (n_regressions)
		*n_regressions = n_reg;
	if (n_watch)
		*n_watch = n_w;
	rc = 0;
done:
	for (size_t i = 0; i < n; i++)
		points_free(&s[i]);
	free(s);
	results_trend_free(&t);
	sqlite3_close(db);
	return rc;
}
