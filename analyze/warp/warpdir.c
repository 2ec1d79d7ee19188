/* analyze/warp/warpdir.c: see warpdir.h. */
#include "analyze/warp/warpdir.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyze/read/reqlog.h"
#include "analyze/read/sizelabel.h"
#include "analyze/read/strv.h"
#include "analyze/warp/warp_run.h"
#include "core/timefmt.h"

#define MAX_DEPTH 16

/* ---- names, walk, groups ---- */

static int ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);

	return a >= b && strcmp(s + a - b, tail) == 0;
}

static int digits(const char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

int warpdir_name(const char *name, char *bench, size_t n, int64_t *t)
{
	const char *p, *d;
	int y, mo, dd, hh, mi, ss;
	size_t k;

	if (strncmp(name, "warp-", 5) != 0 ||
	    (!ends_with(name, ".json.zst") && !ends_with(name, ".csv.zst")))
		return -1;
	bench[0] = '\0';
	*t = 0;
	p = name + 5;
	d = strchr(p, '-');
	if (d == NULL || d == p)
		return 0;
	/* BENCH-YYYY-MM-DD[HHMMSS]-ID */
	if (strlen(d) < 1 + 10 + 8 + 2 || !digits(d + 1, 4) || d[5] != '-' || !digits(d + 6, 2) ||
	    d[8] != '-' || !digits(d + 9, 2) || d[11] != '[' || !digits(d + 12, 6) ||
	    d[18] != ']' || d[19] != '-')
		return 0;
	y = atoi(d + 1);
	mo = (d[6] - '0') * 10 + (d[7] - '0');
	dd = (d[9] - '0') * 10 + (d[10] - '0');
	hh = (d[12] - '0') * 10 + (d[13] - '0');
	mi = (d[14] - '0') * 10 + (d[15] - '0');
	ss = (d[16] - '0') * 10 + (d[17] - '0');
	if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 60)
		return 0;
	k = (size_t)(d - p);
	if (k >= n)
		return 0;
	for (size_t i = 0; i < k; i++)
		bench[i] = (char)tolower((unsigned char)p[i]);
	bench[k] = '\0';
	*t = time_days_from_civil(y, mo, dd) * 86400 + hh * 3600 + mi * 60 + ss;
	return 1;
}

struct found {
	char *rel, *path;
	char bench[16];
	int64_t t;
	int timed;
	int skip;
};

struct walk {
	struct found *v;
	size_t n;
	struct warpdir_scan *s;
	int stop_at_first; /* warpdir_has_files */
};

static int push_found(struct walk *w, const char *rel, const char *path, const char *name)
{
	struct found *nv = realloc(w->v, (w->n + 1) * sizeof(*nv));
	struct found *f;
	int r;

	if (nv == NULL)
		return -1;
	w->v = nv;
	f = &nv[w->n];
	memset(f, 0, sizeof(*f));
	r = warpdir_name(name, f->bench, sizeof(f->bench), &f->t);
	f->timed = r == 1;
	f->rel = strdup(rel);
	f->path = strdup(path);
	w->n++;
	return f->rel && f->path ? 0 : -1;
}

/* walk_dir: path is DATA_DIR/rel (rel "" for DATA_DIR). -1 only when out of memory,
 * or (top level) when the folder cannot be read. */
static int walk_dir(struct walk *w, const char *path, const char *rel, int depth)
{
	DIR *d = opendir(path);
	struct dirent *de;
	char **names = NULL;
	size_t nn = 0;
	int rc = -1;

	if (d == NULL) {
		char buf[PATH_MAX + 128];

		if (depth == 0 || w->s == NULL)
			return depth == 0 ? -1 : 0;
		snprintf(buf, sizeof(buf), "%s: %s", path, strerror(errno));
		return strv_push(&w->s->problems, &w->s->n_problems, buf);
	}
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && strv_push(&names, &nn, de->d_name) < 0)
			goto done;
	strv_sort(names, nn);
	for (size_t i = 0; i < nn; i++) {
		char sub[PATH_MAX], subrel[PATH_MAX], bench[16];
		struct stat st;
		int64_t t;

		if (snprintf(sub, sizeof(sub), "%s/%s", path, names[i]) >= (int)sizeof(sub) ||
		    snprintf(subrel, sizeof(subrel), "%s%s%s", rel, *rel ? "/" : "", names[i]) >=
			    (int)sizeof(subrel))
			continue;
		if (lstat(sub, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (depth < MAX_DEPTH && walk_dir(w, sub, subrel, depth + 1) < 0)
				goto done;
			if (w->stop_at_first && w->n)
				break;
		} else if ((S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) &&
			   warpdir_name(names[i], bench, sizeof(bench), &t) >= 0) {
			if (push_found(w, subrel, sub, names[i]) < 0)
				goto done;
			if (w->stop_at_first)
				break;
		}
	}
	rc = 0;
done:
	strv_free(names, nn);
	closedir(d);
	return rc;
}

int warpdir_has_files(const char *dir)
{
	struct walk w = {0};
	int found;

	w.stop_at_first = 1;
	walk_dir(&w, dir, "", 0);
	found = w.n > 0;
	for (size_t i = 0; i < w.n; i++) {
		free(w.v[i].rel);
		free(w.v[i].path);
	}
	free(w.v);
	return found;
}

/* The order of grouping: bench, name time, then path. */
static int cmp_found(const void *a, const void *b)
{
	const struct found *x = a, *y = b;
	int c = strcmp(x->bench, y->bench);

	if (c)
		return c;
	if (x->timed != y->timed)
		return y->timed - x->timed;
	if (x->t != y->t)
		return (x->t > y->t) - (x->t < y->t);
	return strverscmp(x->rel, y->rel);
}

static int cmp_group(const void *a, const void *b)
{
	const struct warpdir_group *x = a, *y = b;

	if (x->t != y->t)
		return (x->t > y->t) - (x->t < y->t);
	return strverscmp(x->rel[0], y->rel[0]);
}

/* drop_csv_twins: a .csv.zst whose .json.zst twin is present is left out. */
static int drop_csv_twins(struct walk *w, struct warpdir_scan *s)
{
	for (size_t i = 0; i < w->n; i++) {
		char twin[PATH_MAX], note[PATH_MAX + 128];
		size_t len = strlen(w->v[i].rel);

		if (!ends_with(w->v[i].rel, ".csv.zst") || len - 8 + 10 >= sizeof(twin))
			continue;
		snprintf(twin, sizeof(twin), "%.*s.json.zst", (int)(len - 8), w->v[i].rel);
		for (size_t j = 0; j < w->n; j++)
			if (strcmp(w->v[j].rel, twin) == 0) {
				w->v[i].skip = 1;
				snprintf(note, sizeof(note),
					 "%s: left out (the same run's %s is read)", w->v[i].rel,
					 twin);
				if (strv_push(&s->notes, &s->n_notes, note) < 0)
					return -1;
				break;
			}
	}
	return 0;
}

static int group_add(struct warpdir_group *g, const struct found *f)
{
	char **r = realloc(g->rel, (g->n + 1) * sizeof(*r));
	char **p;

	if (r == NULL)
		return -1;
	g->rel = r;
	p = realloc(g->path, (g->n + 1) * sizeof(*p));
	if (p == NULL)
		return -1;
	g->path = p;
	r[g->n] = strdup(f->rel);
	p[g->n] = strdup(f->path);
	g->n++;
	return r[g->n - 1] && p[g->n - 1] ? 0 : -1;
}

/* make_groups: w->v sorted by cmp_found into s->v. */
static int make_groups(struct walk *w, struct warpdir_scan *s)
{
	struct warpdir_group *g = NULL;

	for (size_t i = 0; i < w->n; i++) {
		const struct found *f = &w->v[i];

		if (f->skip)
			continue;
		if (g == NULL || !f->timed || strcmp(g->bench, f->bench) != 0 || g->t == 0 ||
		    f->t - g->t > WARPDIR_GROUP_S) {
			struct warpdir_group *nv = realloc(s->v, (s->n + 1) * sizeof(*nv));

			if (nv == NULL)
				return -1;
			s->v = nv;
			g = &nv[s->n++];
			memset(g, 0, sizeof(*g));
			snprintf(g->bench, sizeof(g->bench), "%s", f->bench);
			g->t = f->timed ? f->t : 0;
		}
		if (group_add(g, f) < 0)
			return -1;
	}
	for (size_t i = 0; i < s->n; i++) {
		/* merge order: path order (rel and path sorted alike: same prefix) */
		strv_sort(s->v[i].rel, s->v[i].n);
		strv_sort(s->v[i].path, s->v[i].n);
	}
	qsort(s->v, s->n, sizeof(*s->v), cmp_group);
	return 0;
}

int warpdir_scan_dir(const char *data_dir, struct warpdir_scan *out, struct err *e)
{
	struct walk w = {0};
	int rc = -1;

	memset(out, 0, sizeof(*out));
	w.s = out;
	if (walk_dir(&w, data_dir, "", 0) < 0) {
		err_set(e, "%s: %s", data_dir, errno ? strerror(errno) : "out of memory");
		goto done;
	}
	qsort(w.v, w.n, sizeof(*w.v), cmp_found);
	if (drop_csv_twins(&w, out) < 0 || make_groups(&w, out) < 0) {
		err_set(e, "%s: out of memory", data_dir);
		goto done;
	}
	rc = 0;
done:
	for (size_t i = 0; i < w.n; i++) {
		free(w.v[i].rel);
		free(w.v[i].path);
	}
	free(w.v);
	return rc;
}

void warpdir_scan_clear(struct warpdir_scan *s)
{
	for (size_t i = 0; i < s->n; i++) {
		strv_free(s->v[i].rel, s->v[i].n);
		strv_free(s->v[i].path, s->v[i].n);
	}
	free(s->v);
	strv_free(s->notes, s->n_notes);
	strv_free(s->problems, s->n_problems);
	memset(s, 0, sizeof(*s));
}

/* ---- runs ---- */

/* s3bench's op for a Warp op; cyc: 1 for a matrix op, 0 for a one-off. NULL when
 * the op is not analyzed. */
static const char *our_op(const char *warp_op, int *cyc)
{
	static const struct {
		const char *warp, *ours;
		int cycle;
	} ops[] = {
		{"put", "put", 1},       {"get", "get", 1},   {"stat", "head", 0},
		{"delete", "delete", 0}, {"list", "list", 0},
	};

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strcmp(warp_op, ops[i].warp) == 0) {
			*cyc = ops[i].cycle;
			return ops[i].ours;
		}
	return NULL;
}

static int dup_opt(char **dst, const char *s)
{
	*dst = NULL;
	if (s == NULL)
		return 0;
	*dst = strdup(s);
	return *dst ? 0 : -1;
}

/* fill_log: the runlog of one read Warp run; `name`: the campaign name. -1 when out
 * of memory. */
static int fill_log(struct runlog *l, const struct warpdir_group *g, const struct warp_run *r,
		    const char *op, int cyc, const struct warpdir_map *map, int subj,
		    const char *name)
{
	const struct warpdir_subject *s = subj >= 0 ? &map->subjects[subj] : NULL;
	char bare[256], label[SIZELABEL_MAX];
	int bad = 0;

	memset(l, 0, sizeof(*l));
	l->elapsed_s = NAN;
	warpdir_bare_host(r->host, bare, sizeof(bare));
	bad |= dup_opt(&l->path, g->rel[0]);
	bad |= dup_opt(&l->campaign_name, name);
	if (map != NULL) {
		bad |= dup_opt(&l->campaign_title, map->title);
		bad |= dup_opt(&l->campaign_client, map->client);
	}
	l->cycle = cyc;
	bad |= dup_opt(&l->subject, s ? s->id : bare);
	bad |= dup_opt(&l->label, s ? (s->label ? s->label : s->id) : bare);
	bad |= dup_opt(&l->color, s ? s->color : NULL);
	bad |= dup_opt(&l->region, s ? s->region : NULL);
	bad |= dup_opt(&l->endpoint, r->host);
	bad |= dup_opt(&l->op, op);
	l->size = r->obj_size > 0 ? (uint64_t)r->obj_size : 0;
	if (r->obj_size > 0 && sizelabel_format(r->obj_size_text, label, sizeof(label)) == 0)
		bad |= dup_opt(&l->size_label, label);
	l->concurrency = (int)(r->cmd_concurrency > 0 ? r->cmd_concurrency * r->clients
						      : r->concurrency);
	l->objects = -1;
	bad |= dup_opt(&l->bench_phase, "done");
	l->summary = r->summary;
	if (r->skipped) {
		bad |= dup_opt(&l->status, "failed");
		bad |= dup_opt(&l->err_class, "invalid");
		bad |= dup_opt(&l->first_error, "Warp: too few samples (fewer than 2 "
						"one-second segments after trimming)");
	} else {
		bad |= dup_opt(&l->status, "complete");
		l->has_summary = 1;
	}
	return bad ? -1 : 0;
}

static int note(struct warpdir_result *out, const struct warpdir_group *g, const char *what)
{
	char buf[PATH_MAX + 512];

	snprintf(buf, sizeof(buf), "%s%s: %s", g->rel[0],
		 g->n > 1 ? " (and the run's other "
			    "clients' files)"
			  : "",
		 what);
	return strv_push(&out->notes, &out->n_notes, buf);
}

static int add_bad(struct warpdir_result *out, const char *path, const char *msg)
{
	struct warpdir_bad *nv = realloc(out->bad, (out->n_bad + 1) * sizeof(*nv));

	if (nv == NULL)
		return -1;
	out->bad = nv;
	nv[out->n_bad].path = strdup(path);
	nv[out->n_bad].error = strdup(msg);
	out->n_bad++;
	return nv[out->n_bad - 1].path && nv[out->n_bad - 1].error ? 0 : -1;
}

/* request_hists: a run of per-request logs only (.csv.zst) gets the histograms of its
 * op's requests (analyze/read/reqlog.h); a run with an aggregated .json.zst has none (Warp
 * keeps percentiles of 10-second windows, not of requests). -1: out of memory. */
static int request_hists(struct warpdir_result *out, const struct warpdir_group *g,
			 const struct warp_run *r, struct runlog *l)
{
	struct err e = {{0}};
	char what[ERR_MSG_MAX + 128];

	if (!l->has_summary)
		return 0;
	for (size_t i = 0; i < g->n; i++)
		if (!ends_with(g->rel[i], ".csv.zst"))
			return 0;
	if (reqlog_rebuild_hists((const char *const *)g->path, (int)g->n, r->op, &l->summary, &e) ==
	    0)
		return 0;
	snprintf(what, sizeof(what),
		 "no latency histogram (%s); pooled latency falls back to "
		 "the runs' percentiles",
		 e.msg);
	return note(out, g, what);
}

/* read_group: one run into out->logs (or a note or out->bad). -1: out of memory. */
static int read_group(struct warpdir_result *out, const struct warpdir_group *g,
		      const struct warpdir_map *map, const char *name, enum warp_engine engine)
{
	struct warp_run r;
	struct err e = {{0}};
	static const char mixed[] = "a mixed run (several ops at once) is not a cell; left out";
	const char *op;
	char bare[256], what[512];
	int cyc = 0, subj = -1;

	if (strcmp(g->bench, "mixed") == 0)
		return note(out, g, mixed);
	if (warp_run_read_engine((const char *const *)g->path, (int)g->n, engine, &r, &e) < 0)
		return add_bad(out, g->rel[0], e.msg);
	if (strcmp(r.cmd_op, "mixed") == 0 || strcmp(r.op, "total") == 0)
		return note(out, g, mixed);
	op = our_op(r.op, &cyc);
	if (op == NULL) {
		snprintf(what, sizeof(what), "Warp %s runs (op %s) are not analyzed; left out",
			 r.cmd_op[0] ? r.cmd_op : "?", r.op);
		return note(out, g, what);
	}
	if (r.host[0] == '\0')
		return note(out, g, "no endpoint host recorded; left out");
	if (map != NULL && (subj = warpdir_map_find(map, r.host)) < 0) {
		warpdir_bare_host(r.host, bare, sizeof(bare));
		snprintf(what, sizeof(what), "host %s is in no [subject] of the map; left out",
			 bare);
		return note(out, g, what);
	}
	if ((out->n_logs & 15) == 0) {
		struct runlog *nv = realloc(out->logs, (out->n_logs + 16) * sizeof(*nv));

		if (nv == NULL)
			return -1;
		out->logs = nv;
	}
	if (fill_log(&out->logs[out->n_logs], g, &r, op, cyc, map, subj, name) < 0) {
		runlog_clear(&out->logs[out->n_logs]);
		return -1;
	}
	out->n_logs++;
	return request_hists(out, g, &r, &out->logs[out->n_logs - 1]);
}

static int cmp_start(const void *a, const void *b)
{
	const struct runlog *x = a, *y = b;

	if (x->summary.start_ns != y->summary.start_ns)
		return (x->summary.start_ns > y->summary.start_ns) -
		       (x->summary.start_ns < y->summary.start_ns);
	return strverscmp(x->path, y->path);
}

static int64_t day_of(int64_t ns)
{
	int64_t s = ns / 1000000000LL - (ns % 1000000000LL < 0);

	return s / 86400 - (s % 86400 < 0);
}

struct slot {
	int64_t day;
	int round;
};

static int cmp_slot(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;

	if (x->day != y->day)
		return (x->day > y->day) - (x->day < y->day);
	return (x->round > y->round) - (x->round < y->round);
}

static int same_cell(const struct runlog *a, const struct runlog *b)
{
	return strcmp(a->subject, b->subject) == 0 && strcmp(a->op, b->op) == 0 &&
	       a->size == b->size && a->concurrency == b->concurrency;
}

int warpdir_cycles(struct runlog *logs, size_t n)
{
	struct slot *sl = malloc((n ? n : 1) * sizeof(*sl)), *uniq;
	size_t ns = 0, nu = 0;

	if (sl == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int64_t day = day_of(logs[i].summary.start_ns);
		int round = 1;

		if (logs[i].cycle == 0)
			continue;
		for (size_t j = 0; j < i; j++)
			if (logs[j].cycle != 0 && same_cell(&logs[i], &logs[j]) &&
			    day_of(logs[j].summary.start_ns) == day)
				round++;
		sl[ns].day = day;
		sl[ns].round = round;
		logs[i].cycle = -(int)ns - 1; /* the slot, numbered below */
		ns++;
	}
	uniq = malloc((ns ? ns : 1) * sizeof(*uniq));
	if (uniq == NULL) {
		free(sl);
		return -1;
	}
	memcpy(uniq, sl, ns * sizeof(*uniq));
	qsort(uniq, ns, sizeof(*uniq), cmp_slot);
	for (size_t i = 0; i < ns; i++)
		if (nu == 0 || cmp_slot(&uniq[nu - 1], &uniq[i]) != 0)
			uniq[nu++] = uniq[i];
	for (size_t i = 0; i < n; i++) {
		const struct slot *k;

		if (logs[i].cycle >= 0)
			continue;
		k = bsearch(&sl[-logs[i].cycle - 1], uniq, nu, sizeof(*uniq), cmp_slot);
		logs[i].cycle = (int)(k - uniq) + 1;
	}
	free(uniq);
	free(sl);
	return 0;
}

int warpdir_read(const char *data_dir, const struct warpdir_map *map, struct warpdir_result *out,
		 struct err *e)
{
	return warpdir_read_engine(data_dir, map, WARP_ENGINE_SERVER, out, e);
}

int warpdir_read_engine(const char *data_dir, const struct warpdir_map *map,
			enum warp_engine engine, struct warpdir_result *out, struct err *e)
{
	struct warpdir_scan sc;
	char name[256];
	const char *base;
	size_t k;
	int rc = -1;

	/* the campaign name: the map's, else DATA_DIR's last path component */
	snprintf(name, sizeof(name), "%s", data_dir);
	for (k = strlen(name); k > 1 && name[k - 1] == '/'; k--)
		name[k - 1] = '\0';
	base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	if (map != NULL && map->name != NULL)
		base = map->name;
	memset(out, 0, sizeof(*out));
	if (warpdir_scan_dir(data_dir, &sc, e) < 0)
		goto done;
	for (size_t i = 0; i < sc.n_notes; i++)
		if (strv_push(&out->notes, &out->n_notes, sc.notes[i]) < 0)
			goto nomem;
	for (size_t i = 0; i < sc.n_problems; i++)
		if (add_bad(out, sc.problems[i], sc.problems[i]) < 0)
			goto nomem;
	for (size_t i = 0; i < sc.n; i++)
		if (read_group(out, &sc.v[i], map, base, engine) < 0)
			goto nomem;
	qsort(out->logs, out->n_logs, sizeof(*out->logs), cmp_start);
	if (warpdir_cycles(out->logs, out->n_logs) < 0)
		goto nomem;
	if (map != NULL) {
		out->subject_order = malloc((map->n_subjects + 1) * sizeof(char *));
		if (out->subject_order == NULL)
			goto nomem;
		for (size_t i = 0; i < map->n_subjects; i++)
			out->subject_order[i] = map->subjects[i].id;
		out->n_subject_order = map->n_subjects;
	}
	rc = 0;
	goto done;
nomem:
	err_set(e, "%s: out of memory", data_dir);
done:
	warpdir_scan_clear(&sc);
	return rc;
}

void warpdir_result_clear(struct warpdir_result *r)
{
	for (size_t i = 0; i < r->n_logs; i++)
		runlog_clear(&r->logs[i]);
	free(r->logs);
	for (size_t i = 0; i < r->n_bad; i++) {
		free(r->bad[i].path);
		free(r->bad[i].error);
	}
	free(r->bad);
	strv_free(r->notes, r->n_notes);
	free((void *)r->subject_order);
	memset(r, 0, sizeof(*r));
}
