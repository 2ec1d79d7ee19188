/* analyze/warp/warp_fops.c: see warp_fops.h. */
#include "analyze/warp/warp_fops.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_gosort.h"
#include "analyze/warp/warp_model.h"
#include "core/opslog.h"

/* Requests further apart than this are not one run (and their time differences
 * would not fit in int64 ns): about 115 days, as warp_csv.c's limit. */
#define MAX_SPAN (10000000LL * 1000000000LL)

struct loader {
	struct warp_fops_file *f;
	size_t cap;
	int64_t first;
	int memo_op, memo_ep, memo_cl;
	char bad[160];
	int oom;
};

int warp_fops_intern(char ***names, int *n, int *memo, const char *s)
{
	char **nn;
	int i;

	if (*memo >= 0 && *memo < *n && strcmp((*names)[*memo], s) == 0)
		return *memo;
	for (i = 0; i < *n; i++)
		if (strcmp((*names)[i], s) == 0)
			return *memo = i;
	nn = realloc(*names, (size_t)(*n + 1) * sizeof(*nn));
	if (nn == NULL)
		return -1;
	*names = nn;
	if ((nn[*n] = strdup(s)) == NULL)
		return -1;
	*memo = *n;
	return (*n)++;
}

/* |x - y| > MAX_SPAN, without overflow */
static int far(int64_t x, int64_t y)
{
	uint64_t d = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;

	return d > (uint64_t)MAX_SPAN;
}

static int on_row(const struct op_row *row, void *arg)
{
	struct loader *l = arg;
	struct warp_fops_file *f = l->f;
	struct warp_fop *o;

	if (f->n == 0)
		l->first = row->start_ns;
	if (row->end_ns < row->start_ns || far(row->end_ns, row->start_ns) ||
	    far(row->start_ns, l->first)) {
		snprintf(l->bad, sizeof(l->bad), "request %llu %s", (unsigned long long)row->idx,
			 row->end_ns < row->start_ns
				 ? "ends before it starts"
				 : "is more than 115 days away from the first one");
		return 1;
	}
	if (f->n == l->cap) {
		size_t nc = l->cap ? l->cap * 2 : 4096;
		struct warp_fop *nv = realloc(f->v, nc * sizeof(*nv));

		if (nv == NULL) {
			l->oom = 1;
			return 1;
		}
		f->v = nv;
		l->cap = nc;
	}
	o = &f->v[f->n];
	o->start = row->start_ns;
	o->end = row->end_ns;
	o->size = (int64_t)row->bytes;
	o->objs = (int64_t)row->n_objects;
	o->thread = (uint32_t)row->thread;
	o->err = row->error[0] != '\0';
	o->op = warp_fops_intern(&f->ops, &f->n_ops, &l->memo_op, row->op);
	o->ep = warp_fops_intern(&f->eps, &f->n_eps, &l->memo_ep, row->endpoint);
	o->cl = warp_fops_intern(&f->clients, &f->n_clients, &l->memo_cl, row->client_id);
	if (o->op < 0 || o->ep < 0 || o->cl < 0) {
		l->oom = 1;
		return 1;
	}
	f->n++;
	return 0;
}

static int less_start(size_t i, size_t j, void *ctx)
{
	const struct warp_fop *v = ctx;

	return v[i].start < v[j].start;
}

static void swap_fop(size_t i, size_t j, void *ctx)
{
	struct warp_fop *v = ctx, t = v[i];

	v[i] = v[j];
	v[j] = t;
}

/* SortByStartTime: nothing to do when sorted (Warp's files are), else Go's sort.Slice */
static void sort_by_start(struct warp_fops_file *f)
{
	size_t i;

	for (i = 1; i < f->n; i++)
		if (f->v[i].start < f->v[i - 1].start)
			break;
	if (i < f->n)
		gosort_slice(f->n, less_start, swap_fop, f->v);
}

int warp_fops_read(const char *path, struct warp_fops_file *f, struct err *e)
{
	struct loader l;
	int r;

	memset(f, 0, sizeof(*f));
	memset(&l, 0, sizeof(l));
	l.f = f;
	l.memo_op = l.memo_ep = l.memo_cl = -1;
	r = opslog_read(path, on_row, &l, e);
	if (l.oom || l.bad[0] || r != 0) {
		if (l.oom)
			err_set(e, "%s: out of memory", path);
		else if (l.bad[0])
			err_set(e, "%s: %s", path, l.bad);
		warp_fops_free(f);
		return -1;
	}
	sort_by_start(f);
	return 0;
}

/* intern_all: the names of src (n of them) in dst's list; map[i] = the index there. */
static int intern_all(char ***dst, int *nd, char **src, int n, int *map)
{
	int i, memo = -1;

	for (i = 0; i < n; i++)
		if ((map[i] = warp_fops_intern(dst, nd, &memo, src[i])) < 0)
			return -1;
	return 0;
}

/* append: the requests of one file, threads offset by *next (updated as
 * OffsetThreads returns it), names re-interned into f's lists. */
static int append(struct warp_fops_file *f, const struct warp_fops_file *one, uint32_t *next)
{
	int *m = malloc(((size_t)one->n_ops + (size_t)one->n_eps + (size_t)one->n_clients + 1) *
			sizeof(*m));
	struct warp_fop *nv = realloc(f->v, (f->n + one->n + 1) * sizeof(*nv));
	uint32_t top = 0;
	size_t i;

	if (nv != NULL)
		f->v = nv;
	if (m == NULL || nv == NULL ||
	    intern_all(&f->ops, &f->n_ops, one->ops, one->n_ops, m) < 0 ||
	    intern_all(&f->eps, &f->n_eps, one->eps, one->n_eps, m + one->n_ops) < 0 ||
	    intern_all(&f->clients, &f->n_clients, one->clients, one->n_clients,
		       m + one->n_ops + one->n_eps) < 0) {
		free(m);
		return -1;
	}
	for (i = 0; i < one->n; i++) {
		struct warp_fop o = one->v[i];

		o.thread += *next;
		if (o.thread > top)
			top = o.thread;
		o.op = m[o.op];
		o.ep = m[one->n_ops + o.ep];
		o.cl = m[one->n_ops + one->n_eps + o.cl];
		f->v[f->n++] = o;
	}
	*next = one->n > 0 ? top + 1 : 0; /* Warp's OffsetThreads returns 0 for no request */
	free(m);
	return 0;
}

/* Client indices in order of first appearance, as `analyze --full` names them. */
static int renumber_clients(struct warp_fops_file *f)
{
	int *m = malloc(((size_t)f->n_clients + 1) * sizeof(*m)), k = 0, i;
	char **names = malloc(((size_t)f->n_clients + 1) * sizeof(*names));
	size_t j;

	if (m == NULL || names == NULL) {
		free(m);
		free(names);
		return -1;
	}
	for (i = 0; i < f->n_clients; i++)
		m[i] = -1;
	for (j = 0; j < f->n; j++) {
		int c = f->v[j].cl;

		if (m[c] < 0) {
			m[c] = k;
			names[k++] = f->clients[c];
		}
		f->v[j].cl = m[c];
	}
	for (i = 0; i < f->n_clients; i++)
		if (m[i] < 0)
			names[k++] = f->clients[i];
	free(f->clients);
	f->clients = names;
	free(m);
	return 0;
}

int warp_fops_read_many(const char *const *paths, int n, struct warp_fops_file *f, struct err *e)
{
	uint32_t next = 0;
	int i;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < n; i++) {
		struct warp_fops_file one;

		if (warp_fops_read(paths[i], &one, e) < 0) {
			warp_fops_free(f);
			return -1;
		}
		if (append(f, &one, &next) < 0) {
			warp_fops_free(&one);
			warp_fops_free(f);
			return err_set(e, "%s: out of memory", paths[i]);
		}
		warp_fops_free(&one);
	}
	sort_by_start(f);
	if (renumber_clients(f) < 0) {
		warp_fops_free(f);
		return err_set(e, "%s: out of memory", n > 0 ? paths[0] : "warp merge");
	}
	return 0;
}

void warp_fops_free(struct warp_fops_file *f)
{
	int i;

	for (i = 0; i < f->n_ops; i++)
		free(f->ops[i]);
	for (i = 0; i < f->n_eps; i++)
		free(f->eps[i]);
	for (i = 0; i < f->n_clients; i++)
		free(f->clients[i]);
	free(f->ops);
	free(f->eps);
	free(f->clients);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

void warp_fops_time_range(const struct warp_fop *o, size_t n, int64_t *start, int64_t *end)
{
	size_t i;

	*start = *end = WARP_TIME_ZERO;
	if (n == 0)
		return;
	*start = o[0].start;
	*end = o[0].end;
	for (i = 0; i < n; i++) {
		if (o[i].start < *start)
			*start = o[i].start;
		if (o[i].end > *end)
			*end = o[i].end;
	}
}

static void range_one(const struct warp_fop *o, size_t n, int64_t *start, int64_t *end)
{
	int64_t sf = o[0].start, ef = o[0].end;
	size_t i;

	for (i = 0; i < n; i++) {
		if (o[i].end < sf)
			sf = o[i].end;
		if (ef < o[i].start)
			ef = o[i].start;
	}
	*start = ef;
	*end = sf;
	for (i = 0; i < n; i++) {
		if (o[i].start > sf && o[i].start < *start)
			*start = o[i].start;
		if (o[i].end < ef && o[i].end > *end)
			*end = o[i].end;
	}
	if (*start > *end)
		*end = *start;
}

struct thr {
	uint32_t id;
	int64_t first_end, last_start;
};

static int cmp_thr(const void *a, const void *b)
{
	const struct thr *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

int warp_fops_active_range(const struct warp_fop *o, size_t n, int all_threads, int64_t *start,
			   int64_t *end)
{
	struct thr *t;
	size_t i, k, nt = 0;

	*start = *end = WARP_TIME_ZERO;
	if (n == 0)
		return 0;
	if (!all_threads) {
		range_one(o, n, start, end);
		return 0;
	}
	t = malloc(n * sizeof(*t));
	if (t == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		t[i].id = o[i].thread;
		t[i].first_end = o[i].end;
		t[i].last_start = o[i].start;
		if (*end < o[i].end)
			*end = o[i].end;
	}
	qsort(t, n, sizeof(*t), cmp_thr);
	for (i = 0; i < n; i = k) {
		struct thr m = t[i];

		for (k = i + 1; k < n && t[k].id == t[i].id; k++) {
			if (t[k].first_end < m.first_end)
				m.first_end = t[k].first_end;
			if (t[k].last_start > m.last_start)
				m.last_start = t[k].last_start;
		}
		t[nt++] = m;
	}
	for (i = 0; i < nt; i++)
		if (t[i].first_end > *start)
			*start = t[i].first_end;
	for (i = 0; i < nt; i++)
		if (*end > t[i].last_start)
			*end = t[i].last_start;
	free(t);
	if (*start > *end)
		*end = *start;
	return 0;
}

/* Operation.Aggregate: add o to s when it overlaps; 1 when o starts after s. */
static int fop_aggregate(const struct warp_fop *o, struct warp_fseg *s, int op)
{
	int started, ended;
	int64_t dur, ps, pe, part, size;

	if (o->start >= s->ends_before)
		return 1;
	if ((op >= 0 && o->op != op) || o->end < s->start)
		return 0;
	started = o->start >= s->start;
	ended = o->end < s->ends_before;
	if (started && ended) {
		if (o->err) {
			s->errors++;
			return 0;
		}
		s->total_bytes += o->size;
		s->full_ops++;
		s->ops_started++;
		s->ops_ended++;
		s->objects += (double)o->objs;
		return 0;
	}
	s->partial_ops++;
	if (started) {
		s->ops_started++;
		if (o->err)
			return 0;
	}
	if (ended) {
		s->ops_ended++;
		if (o->err) {
			s->errors++;
			return 0;
		}
	}
	dur = o->end - o->start;
	ps = started ? o->start : s->start;
	pe = ended ? o->end : s->ends_before;
	size = o->size;
	if ((double)size * (double)(pe - ps) > (double)INT64_MAX)
		part = (int64_t)((double)size * (double)(pe - ps) / (double)dur);
	else
		part = size * (pe - ps) / dur;
	s->objects += (double)o->objs * (double)(pe - ps) / (double)dur;
	s->total_bytes += part;
	return 0;
}

int warp_fops_segment(const struct warp_fop *o, size_t n, int64_t from, int64_t per,
		      int all_threads, int multi_op, struct warp_fseg **segs, size_t *n_segs)
{
	int64_t start, end, seg;
	size_t base = 0, cap = 0;
	int op = multi_op || n == 0 ? -1 : o[0].op;

	*segs = NULL;
	*n_segs = 0;
	if (per <= 0 || n == 0)
		return 0;
	if (warp_fops_active_range(o, n, all_threads, &start, &end) < 0)
		return -1;
	if (start > from)
		from = start;
	for (seg = from; seg < end - per; seg += per) {
		struct warp_fseg s = {.start = seg, .ends_before = seg + per};
		size_t i, first = 0;

		for (i = base; i < n; i++) {
			if (o[i].end > s.start)
				break;
			first = i - base;
		}
		for (i = base + first; i < n; i++)
			if (fop_aggregate(&o[i], &s, op))
				break;
		base += first;
		if (*n_segs == cap) {
			size_t nc = cap ? cap * 2 : 64;
			struct warp_fseg *ns = realloc(*segs, nc * sizeof(*ns));

			if (ns == NULL) {
				free(*segs);
				*segs = NULL;
				*n_segs = 0;
				return -1;
			}
			*segs = ns;
			cap = nc;
		}
		(*segs)[(*n_segs)++] = s;
	}
	return 0;
}

int warp_fops_total(const struct warp_fop *o, size_t n, int all_threads, int multi_op,
		    struct warp_fseg *out)
{
	int64_t start, end;
	struct warp_fseg *s = NULL;
	size_t ns = 0;

	memset(out, 0, sizeof(*out));
	out->start = out->ends_before = WARP_TIME_ZERO;
	if (warp_fops_active_range(o, n, all_threads, &start, &end) < 0)
		return -1;
	if (start == end)
		return 0;
	if (warp_fops_segment(o, n, start, end - start - 1, all_threads, multi_op, &s, &ns) < 0)
		return -1;
	if (ns > 0)
		*out = s[0];
	free(s);
	return 0;
}

int64_t warp_fops_threads(const struct warp_fop *o, size_t n)
{
	uint32_t m = 0;
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (o[i].thread > m)
			m = o[i].thread;
	return (int64_t)m + 1;
}

void warp_fseg_speed(const struct warp_fseg *s, double *mib, double *ops, double *objs)
{
	double scale = (double)(s->ends_before - s->start) / 1e9;

	*mib = (double)s->total_bytes / (1024 * 1024) / scale;
	*ops = (double)s->ops_ended / scale;
	*objs = s->objects / scale;
}
