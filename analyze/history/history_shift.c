/* analyze/history/history_shift.c: see history_shift.h. */
#include "analyze/history/history_shift.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "analyze/history/cp_noise.h"
#include "core/units.h"

#define HS_CELLS_MAX CP_NOISE_SERIES_MAX /* a subject's cells for the noise at most */

/* One row of the cells table: build, latest-cycle figure, its cycle. */
struct row {
	long long build, cycle;
	double latest;
};

/* series_of: rows[0..n-1] (ascending builds of one cell) as a series: from the newest row
 * back, one point per cycle (the newest build of that cycle, cycles decreasing), at most
 * CP_WINDOW, then put oldest first. */
static void series_of(const struct row *rows, size_t n, struct hs_series *s)
{
	long long last = 0;

	s->n = 0;
	for (size_t i = n; i-- > 0 && s->n < CP_WINDOW;) {
		if (rows[i].cycle <= 0 || !(rows[i].latest > 0) ||
		    (s->n > 0 && rows[i].cycle >= last))
			continue;
		s->y[s->n] = log(rows[i].latest);
		s->build[s->n++] = rows[i].build;
		last = rows[i].cycle;
	}
	for (size_t i = 0; i < s->n / 2; i++) {
		double y = s->y[i];
		long long b = s->build[i];

		s->y[i] = s->y[s->n - 1 - i];
		s->build[i] = s->build[s->n - 1 - i];
		s->y[s->n - 1 - i] = y;
		s->build[s->n - 1 - i] = b;
	}
}

/* subject_series: every matrix cell of subject up to build as a series into all[0..*n-1]
 * (at most HS_CELLS_MAX); *own = the index of (op, size, conc), or *n when absent. */
static int subject_series(sqlite3 *db, long long build, const char *subject, const char *op,
			  long long size, int conc, struct hs_series *all, size_t *n, size_t *own)
{
	static const char q[] = "SELECT op, size, concurrency, build, latest, latest_cycle "
				"FROM cells WHERE subject = ? AND build <= ? "
				"ORDER BY op, size, concurrency, build";
	struct row *rows = NULL;
	size_t nr = 0, cap = 0;
	char cur[64] = "";
	long long csize = -1;
	int cconc = -1, rc, mine = 0;
	sqlite3_stmt *st;

	*n = 0;
	*own = (size_t)-1;
	if (sqlite3_prepare_v2(db, q, -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, subject, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, build);
	for (;;) {
		rc = sqlite3_step(st);
		const char *o = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : "";
		long long sz = rc == SQLITE_ROW ? sqlite3_column_int64(st, 1) : -2;
		int c = rc == SQLITE_ROW ? sqlite3_column_int(st, 2) : -2;

		if (nr > 0 && (strcmp(o ? o : "", cur) || sz != csize || c != cconc)) {
			if (*n < HS_CELLS_MAX) {
				if (mine)
					*own = *n;
				series_of(rows, nr, &all[(*n)++]);
			}
			nr = 0;
		}
		if (rc != SQLITE_ROW)
			break;
		if (nr == cap) {
			struct row *nw = realloc(rows, (cap = cap ? 2 * cap : 64) * sizeof(*rows));

			if (nw == NULL)
				break;
			rows = nw;
		}
		snprintf(cur, sizeof(cur), "%s", o ? o : "");
		csize = sz;
		cconc = c;
		mine = strcmp(cur, op) == 0 && sz == size && c == conc;
		rows[nr].build = sqlite3_column_int64(st, 3);
		rows[nr].latest = sqlite3_column_type(st, 4) == SQLITE_NULL
					  ? NAN
					  : sqlite3_column_double(st, 4);
		rows[nr++].cycle = sqlite3_column_type(st, 5) == SQLITE_NULL
					   ? 0
					   : sqlite3_column_int64(st, 5);
	}
	free(rows);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return -1;
	if (*own == (size_t)-1) /* not found: own = n says so */
		*own = *n;
	return 0;
}

int history_shift_judge(sqlite3 *db, long long build, const char *subject, const char *op,
			long long size, int conc, const struct cp_levels *lv, double min_change,
			struct hs_judgement *j)
{
	struct hs_series *all = calloc(HS_CELLS_MAX, sizeof(*all));
	const double *ys[HS_CELLS_MAX];
	struct cp_noise(*nz)[CP_PAST + 1] = calloc(HS_CELLS_MAX, sizeof(*nz));
	int(*moderated)[CP_PAST + 1] = calloc(HS_CELLS_MAX, sizeof(*moderated));
	size_t ns[HS_CELLS_MAX], n = 0, own = 0;
	int rc = -1;

	memset(j, 0, sizeof(*j));
	j->v.state = CP_INSUFFICIENT;
	j->basis = "cell";
	if (all == NULL || nz == NULL || moderated == NULL ||
	    subject_series(db, build, subject, op, size, conc, all, &n, &own) < 0)
		goto done;
	rc = 0;
	if (own >= n)
		goto done;
	for (size_t i = 0; i < n; i++) {
		ys[i] = all[i].y;
		ns[i] = all[i].n;
	}
	j->s = all[own];
	cp_noise_past(ys, ns, n, nz, moderated);
	if (j->s.n > 0 && j->s.build[j->s.n - 1] == build)
		cp_judge(j->s.y, j->s.n, nz[own], CP_PAST, lv, min_change, &j->v);
	/* the noise the verdict was judged with */
	j->noise = nz[own][j->v.noise_at <= CP_PAST ? j->v.noise_at : 0];
	j->basis = moderated[own][j->v.noise_at <= CP_PAST ? j->v.noise_at : 0] ? "moderated"
										: "cell";
done:
	free(moderated);
	free(nz);
	free(all);
	return rc;
}

int history_shift_change(const struct hs_judgement *j, struct results_trend_change *c)
{
	const struct cp_verdict *v = &j->v;
	int shift = v->state == CP_REGRESSION || v->state == CP_IMPROVEMENT || v->state == CP_WATCH;
	int sig = v->state == CP_REGRESSION || v->state == CP_IMPROVEMENT;

	memset(c, 0, sizeof(*c));
	c->state = strdup(cp_state_name(v->state));
	c->points = (long long)j->s.n;
	c->noise = cp_sigma(&j->noise);
	c->noise_df = j->noise.df;
	c->noise_basis = strdup(j->basis);
	c->alert = v->state == CP_REGRESSION && v->fresh;
	c->significant = sig;
	c->change = sig ? strdup(cp_state_name(v->state)) : NULL;
	if (c->state == NULL || c->noise_basis == NULL || (sig && c->change == NULL))
		return -1;
	if (!(c->shift = shift))
		return 0;
	c->since_build = j->s.build[v->start];
	c->after = (long long)v->after;
	c->before = (long long)v->before;
	c->ratio = v->ratio;
	c->ci_lo = v->lo;
	c->ci_hi = v->hi;
	c->p = v->p;
	c->p_adj = v->p_adj;
	c->fresh = v->fresh;
	return 0;
}

void history_shift_line(const struct hs_judgement *j, const char *subject, const char *op,
			long long size, int conc, char *buf, size_t n)
{
	const struct cp_verdict *v = &j->v;
	char sz[UNITS_SIZE_MAX];

	units_format_size((uint64_t)size, sz, sizeof(sz));
	if (v->state == CP_WATCH)
		snprintf(buf, n,
			 "watch: %s %s %s c%d %+.0f %% in build %lld alone; an alert if the next "
			 "build confirms it",
			 subject, op, sz, conc, (v->ratio - 1) * 100, j->s.build[v->start]);
	else
		snprintf(buf, n, "%s: %s %s %s c%d %+.0f %% since build %lld (CI %+.0f..%+.0f %%)",
			 cp_state_name(v->state), subject, op, sz, conc, (v->ratio - 1) * 100,
			 j->s.build[v->start], (v->lo - 1) * 100, (v->hi - 1) * 100);
}
