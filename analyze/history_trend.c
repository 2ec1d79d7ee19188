/* analyze/history_trend.c: results/trend.json from the history database (see
 * history.h; the test is docs/METHODOLOGY.md "Trend of scheduled builds"). */
#include "analyze/history.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <sqlite3.h>

#include "analyze/compare.h"
#include "analyze/out_json_stats.h"
#include "analyze/out.h"
#include "core/fsutil.h"
#include "core/units.h"
#include "core/version.h"

#define TREND_PREVIOUS_MAX 10 /* earlier cycles the latest one is tested against */

/* One headline cell: (op, size, concurrency), of cells or of the one-off rows. */
struct key {
	char op[32];
	long long size;
	int conc;
	int oneoff;
};

/* The latest build's change of one subject's headline cell. */
struct change {
	int tested;
	double ratio, lo, hi, p, p_adj;
	double median5; /* latest / median of the last 5 earlier cycles */
	size_t previous;
};

struct series {
	char subject[256];
	struct key k;
	json_t *points; /* owned until put in the document */
	struct change ch;
};

static double col_num(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

/* predict: the latest cycle's log figure y against the earlier ones x[0..m-1]
 * (docs/METHODOLOGY.md): d = y - mean x, se = s sqrt(1 + 1/m), t = d / se with m - 1
 * degrees of freedom; the interval exp(d +- t_{0.975, m-1} se) is that of the change. */
static void predict(const double *x, size_t m, double y, struct change *c)
{
	double mean = 0, ss = 0, d, se, half;

	for (size_t i = 0; i < m; i++)
		mean += x[i] / (double)m;
	for (size_t i = 0; i < m; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	d = y - mean;
	se = sqrt(ss / (double)(m - 1)) * sqrt(1 + 1.0 / (double)m);
	c->tested = 1;
	c->previous = m;
	c->ratio = exp(d);
	if (!(se > 0) || !isfinite(se)) {
		c->p = d == 0 ? 1 : 0;
		c->lo = c->hi = c->ratio;
		return;
	}
	c->p = 2 * gsl_cdf_tdist_Q(fabs(d) / se, (double)(m - 1));
	half = gsl_cdf_tdist_Pinv((1 + COMPARE_CONFIDENCE) / 2, (double)(m - 1)) * se;
	c->lo = exp(d - half);
	c->hi = exp(d + half);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* median_of: the median of v[0..n-1] (n <= TREND_PREVIOUS_MAX; v not changed). */
static double median_of(const double *v, size_t n)
{
	double w[TREND_PREVIOUS_MAX];

	memcpy(w, v, n * sizeof(w[0]));
	qsort(w, n, sizeof(w[0]), cmp_double);
	return n % 2 ? w[n / 2] : (w[n / 2 - 1] + w[n / 2]) / 2;
}

/* series_read: the points of one subject's headline cell up to build, and the test. */
static int series_read(sqlite3 *db, long long build, struct series *s)
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
	double lat[256], x[TREND_PREVIOUS_MAX];
	long long cyc[256];
	size_t n = 0, m = 0;
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
		if (n == 256) { /* keep the newest 256 for the test */
			memmove(lat, lat + 1, sizeof(lat) - sizeof(lat[0]));
			memmove(cyc, cyc + 1, sizeof(cyc) - sizeof(cyc[0]));
			n--;
		}
		lat[n] = col_num(st, 6);
		cyc[n++] = sqlite3_column_type(st, 7) == SQLITE_NULL ? 0
								     : sqlite3_column_int64(st, 7);
	}
	sqlite3_finalize(st);
	if (n < 3 || !(lat[n - 1] > 0) || cyc[n - 1] <= 0)
		return 0;
	/* The newest build of each earlier cycle, newest first. */
	for (size_t i = n - 1, last = (size_t)cyc[n - 1]; i-- > 0 && m < TREND_PREVIOUS_MAX;) {
		if (cyc[i] <= 0 || (size_t)cyc[i] >= last || !(lat[i] > 0))
			continue;
		x[m++] = log(lat[i]);
		last = (size_t)cyc[i];
	}
	if (m >= 2) {
		predict(x, m, log(lat[n - 1]), &s->ch);
		s->ch.median5 = lat[n - 1] / exp(median_of(x, m < 5 ? m : 5));
	}
	return 0;
}

/* keys_of: the headline cells of build: per op of PUT and GET, the largest size at the
 * highest concurrency the build has; then the LIST, HEAD and DELETE one-off rows (the
 * largest, highest). */
static size_t keys_of(sqlite3 *db, long long build, struct key *k, size_t max)
{
	static const char *const ops[] = {"put", "get", "list", "head", "delete"};
	static const char qc[] =
		"SELECT op, size, concurrency FROM cells WHERE build = ? AND op = ? "
		"ORDER BY size DESC, concurrency DESC LIMIT 1";
	static const char qo[] =
		"SELECT op, size, concurrency FROM oneoffs WHERE build = ? AND op = ? "
		"ORDER BY size DESC, concurrency DESC LIMIT 1";
	size_t n = 0;

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]) && n < max; i++) {
		sqlite3_stmt *st;

		if (sqlite3_prepare_v2(db, i < 2 ? qc : qo, -1, &st, NULL) != SQLITE_OK)
			return n;
		sqlite3_bind_int64(st, 1, build);
		sqlite3_bind_text(st, 2, ops[i], -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW) {
			snprintf(k[n].op, sizeof(k[n].op), "%s", sqlite3_column_text(st, 0));
			k[n].size = sqlite3_column_int64(st, 1);
			k[n].conc = sqlite3_column_int(st, 2);
			k[n].oneoff = i >= 2;
			n++;
		}
		sqlite3_finalize(st);
	}
	return n;
}

/* series_all: every subject's series of every headline cell, in the cells' order. */
static int series_all(sqlite3 *db, long long build, struct series **out, size_t *n_out)
{
	static const char qc[] = "SELECT subject FROM cells WHERE build = ? AND op = ? AND "
				 "size = ? AND concurrency = ? ORDER BY rowid";
	static const char qo[] = "SELECT subject FROM oneoffs WHERE build = ? AND op = ? AND "
				 "size = ? AND concurrency = ? ORDER BY rowid";
	struct key k[8];
	size_t nk = keys_of(db, build, k, 8), n = 0;
	struct series *s = NULL;

	for (size_t i = 0; i < nk; i++) {
		sqlite3_stmt *st;

		if (sqlite3_prepare_v2(db, k[i].oneoff ? qo : qc, -1, &st, NULL) != SQLITE_OK)
			goto fail;
		sqlite3_bind_int64(st, 1, build);
		sqlite3_bind_text(st, 2, k[i].op, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 3, k[i].size);
		sqlite3_bind_int(st, 4, k[i].conc);
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
			s[n].k = k[i];
			n++;
		}
		sqlite3_finalize(st);
	}
	for (size_t i = 0; i < n; i++)
		if (series_read(db, build, &s[i]) < 0)
			goto fail;
	*out = s;
	*n_out = n;
	return 0;
fail:
	for (size_t i = 0; i < n; i++)
		json_decref(s[i].points);
	free(s);
	return -1;
}

/* alert: "regression: SUBJECT OP SIZE cN -23 % (CI -31..-14 %)". */
static json_t *alert(const struct series *s)
{
	char size[UNITS_SIZE_MAX], line[512];

	units_format_size((uint64_t)s->k.size, size, sizeof(size));
	snprintf(line, sizeof(line), "%s: %s %s %s c%d %+.0f %% (CI %+.0f..%+.0f %%)",
		 s->ch.ratio < 1 ? "regression" : "improvement", s->subject, s->k.op, size,
		 s->k.conc, (s->ch.ratio - 1) * 100, (s->ch.lo - 1) * 100, (s->ch.hi - 1) * 100);
	return json_string(line);
}

static json_t *change_json(const struct change *c, double alpha)
{
	json_t *o;
	int sig = c->p_adj < alpha;

	if (!c->tested)
		return json_null();
	o = json_object();
	json_object_set_new(o, "ratio", out_json_num(c->ratio));
	json_object_set_new(o, "ci95", json_pack("[f,f]", c->lo, c->hi));
	json_object_set_new(o, "p", out_json_num(c->p));
	json_object_set_new(o, "p_adj", out_json_num(c->p_adj));
	json_object_set_new(o, "previous", json_integer((json_int_t)c->previous));
	json_object_set_new(o, "vs_median5", out_json_num(c->median5));
	json_object_set_new(o, "significant", json_boolean(sig));
	json_object_set_new(o, "change",
			    sig ? json_string(c->ratio < 1 ? "regression" : "improvement")
				: json_null());
	return o;
}

/* document: trend.json's tree; the series' points move into it. */
static json_t *document(long long build, long long builds, struct series *s, size_t n, double alpha,
			long family, size_t *n_reg)
{
	json_t *root = json_object(), *arr = json_array(), *alerts = json_array();

	json_object_set_new(root, "format", json_string(S3BENCH_TREND_FORMAT));
	json_object_set_new(root, "build", json_integer(build));
	json_object_set_new(root, "builds", json_integer(builds));
	json_object_set_new(root, "test",
			    json_pack("{s:s,s:s,s:s,s:i,s:f,s:f,s:s,s:I}", "name", "prediction-t",
				      "scale", "log", "figure", "latest cycle", "previous_max",
				      TREND_PREVIOUS_MAX, "confidence", COMPARE_CONFIDENCE, "alpha",
				      alpha, "adjust", "holm", "family", (json_int_t)family));
	for (size_t i = 0; i < n; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "subject", json_string(s[i].subject));
		json_object_set_new(o, "op", json_string(s[i].k.op));
		json_object_set_new(o, "size", json_integer(s[i].k.size));
		json_object_set_new(o, "concurrency", json_integer(s[i].k.conc));
		json_object_set_new(o, "metric",
				    json_string(s[i].k.size && !s[i].k.oneoff ? "mib_s" : "obj_s"));
		json_object_set_new(o, "oneoff", json_boolean(s[i].k.oneoff));
		json_object_set_new(o, "points", s[i].points);
		s[i].points = NULL;
		json_object_set_new(o, "change", change_json(&s[i].ch, alpha));
		json_array_append_new(arr, o);
		if (s[i].ch.tested && s[i].ch.p_adj < alpha && s[i].ch.ratio < 1) {
			json_array_append_new(alerts, alert(&s[i]));
			(*n_reg)++;
		}
	}
	json_object_set_new(root, "series", arr);
	json_object_set_new(root, "alerts", alerts);
	return root;
}

/* holm: the series' p-values adjusted together; the family size, -1 out of memory. */
static long holm(struct series *s, size_t n)
{
	double *p = calloc(n ? n : 1, sizeof(*p));
	long family;

	if (p == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		p[i] = s[i].ch.tested ? s[i].ch.p : NAN;
	family = compare_holm(p, n, p);
	for (size_t i = 0; i < n; i++)
		s[i].ch.p_adj = p[i];
	free(p);
	return family;
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

int history_trend(const char *db_path, long long build_id, double alpha, const char *out_path,
		  size_t *n_regressions, struct err *e)
{
	sqlite3 *db = NULL;
	struct series *s = NULL;
	size_t n = 0, n_reg = 0;
	json_t *root = NULL;
	long family;
	int rc = -1;

	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		err_set(e, "%s: cannot open: %s", db_path,
			db ? sqlite3_errmsg(db) : "out of memory");
		goto done;
	}
	sqlite3_busy_timeout(db, 30000);
	if (series_all(db, build_id, &s, &n) < 0) {
		err_set(e, "%s: reading the history: %s", db_path, sqlite3_errmsg(db));
		goto done;
	}
	family = holm(s, n);
	root = family < 0 ? NULL
			  : document(build_id, count_builds(db, build_id), s, n, alpha, family,
				     &n_reg);
	if (root == NULL) {
		err_set(e, "%s: out of memory", out_path);
		goto done;
	}
	if (out_json_dump(root, out_path, e) < 0)
		goto done;
	if (n_regressions)
		*n_regressions = n_reg;
	rc = 0;
done:
	for (size_t i = 0; i < n; i++)
		json_decref(s[i].points);
	free(s);
	json_decref(root);
	sqlite3_close(db);
	return rc;
}
