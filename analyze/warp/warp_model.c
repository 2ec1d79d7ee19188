/* analyze/warp/warp_model.c: see warp_model.h. */
#include "analyze/warp/warp_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_gosort.h"

#define MAX_FIRST_ERRORS 10

void warp_tp_init(struct warp_tp *t)
{
	memset(t, 0, sizeof(*t));
	t->start = WARP_TIME_ZERO;
	t->end = WARP_TIME_ZERO;
}

static void live_init(struct warp_live *l)
{
	memset(l, 0, sizeof(*l));
	l->start = WARP_TIME_ZERO;
	l->end = WARP_TIME_ZERO;
	warp_tp_init(&l->tp);
}

struct warp_rt *warp_rt_new(void)
{
	struct warp_rt *rt = calloc(1, sizeof(*rt));

	if (rt)
		live_init(&rt->total);
	return rt;
}

static void seg_free(struct warp_segmented *s)
{
	if (s) {
		free(s->segs);
		free(s);
	}
}

static void reqs_free(struct warp_client_reqs *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->segs[i].multi.by_size);
	free(r->segs);
	free(r->client);
}

static void strset_free(struct warp_strset *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

static void keyed_free(struct warp_keyed_tp *a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(a[i].key);
		seg_free(a[i].tp.seg);
	}
	free(a);
}

void warp_live_free_fields(struct warp_live *l)
{
	size_t i;

	strset_free(&l->hosts);
	strset_free(&l->clients);
	seg_free(l->tp.seg);
	keyed_free(l->tp_host, l->n_tp_host);
	keyed_free(l->tp_client, l->n_tp_client);
	for (i = 0; i < l->n_reqs; i++)
		reqs_free(&l->reqs[i]);
	free(l->reqs);
	for (i = 0; i < l->n_first_errors; i++)
		free(l->first_errors[i]);
	free(l->first_errors);
	live_init(l);
}

void warp_rt_free(struct warp_rt *rt)
{
	size_t i;

	if (rt == NULL)
		return;
	for (i = 0; i < rt->n_ops; i++) {
		warp_live_free_fields(rt->ops[i].agg);
		free(rt->ops[i].agg);
		free(rt->ops[i].op);
	}
	free(rt->ops);
	warp_live_free_fields(&rt->total);
	free(rt->commandline);
	free(rt);
}

struct warp_live *warp_rt_op(struct warp_rt *rt, const char *op)
{
	struct warp_op *no;
	size_t i, pos;

	for (i = 0; i < rt->n_ops; i++)
		if (strcmp(rt->ops[i].op, op) == 0)
			return rt->ops[i].agg;
	no = realloc(rt->ops, (rt->n_ops + 1) * sizeof(*no));
	if (no == NULL)
		return NULL;
	rt->ops = no;
	/* keep sorted by name in byte order, as Go's sort.Strings */
	for (pos = 0; pos < rt->n_ops && strcmp(rt->ops[pos].op, op) < 0; pos++)
		;
	memmove(&rt->ops[pos + 1], &rt->ops[pos], (rt->n_ops - pos) * sizeof(*no));
	rt->ops[pos].op = strdup(op);
	rt->ops[pos].agg = malloc(sizeof(struct warp_live));
	if (rt->ops[pos].op == NULL || rt->ops[pos].agg == NULL) {
		free(rt->ops[pos].op);
		free(rt->ops[pos].agg);
		memmove(&rt->ops[pos], &rt->ops[pos + 1], (rt->n_ops - pos) * sizeof(*no));
		return NULL;
	}
	live_init(rt->ops[pos].agg);
	rt->n_ops++;
	return rt->ops[pos].agg;
}

int warp_strset_add(struct warp_strset *s, const char *v)
{
	size_t lo = 0, hi = s->n;
	char **nv;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(s->v[mid], v);

		if (c == 0)
			return 0;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	nv = realloc(s->v, (s->n + 1) * sizeof(*nv));
	if (nv == NULL)
		return -1;
	s->v = nv;
	memmove(&s->v[lo + 1], &s->v[lo], (s->n - lo) * sizeof(*nv));
	s->v[lo] = strdup(v);
	if (s->v[lo] == NULL) {
		memmove(&s->v[lo], &s->v[lo + 1], (s->n - lo) * sizeof(*nv));
		return -1;
	}
	s->n++;
	return 0;
}

struct warp_tp *warp_keyed_get(struct warp_keyed_tp **arr, size_t *n, const char *key)
{
	struct warp_keyed_tp *na;
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcmp((*arr)[i].key, key) == 0)
			return &(*arr)[i].tp;
	na = realloc(*arr, (*n + 1) * sizeof(*na));
	if (na == NULL)
		return NULL;
	*arr = na;
	na[*n].key = strdup(key);
	if (na[*n].key == NULL)
		return NULL;
	warp_tp_init(&na[*n].tp);
	return &na[(*n)++].tp;
}

/* ---------------------------------------------------------------- segments */

struct seg_sort {
	struct warp_seg *s;
	int by_bps;
};

static int less_value(size_t i, size_t j, void *ctx)
{
	struct seg_sort *c = ctx;

	return c->by_bps ? c->s[i].bps < c->s[j].bps : c->s[i].ops < c->s[j].ops;
}

static int less_start(size_t i, size_t j, void *ctx)
{
	struct seg_sort *c = ctx;

	return c->s[i].start < c->s[j].start;
}

static void swap_seg(size_t i, size_t j, void *ctx)
{
	struct seg_sort *c = ctx;
	struct warp_seg t = c->s[i];

	c->s[i] = c->s[j];
	c->s[j] = t;
}

/* SegmentsSmall.Median: index round(n * m) clamped to [0, n - 1]. */
static const struct warp_seg *seg_median(const struct warp_segmented *s, double m)
{
	double x = round((double)s->n * m);

	x = fmax(x, 0);
	x = fmin(x, (double)(s->n - 1));
	return &s->segs[(size_t)x];
}

void warp_segmented_pick(struct warp_segmented *s)
{
	struct seg_sort c = {s->segs, 0};
	const struct warp_seg *f, *m, *sl;
	size_t i;

	if (s->n == 0)
		return;
	for (i = 0; i < s->n; i++)
		if (s->segs[i].bps > 0) {
			c.by_bps = 1;
			break;
		}
	gosort_slice(s->n, less_value, swap_seg, &c);
	strcpy(s->sorted_by, c.by_bps ? "bps" : "ops");
	f = seg_median(s, 1);
	m = seg_median(s, 0.5);
	sl = seg_median(s, 0);
	s->fastest_start = f->start;
	s->fastest_bps = f->bps;
	s->fastest_ops = f->ops;
	s->median_start = m->start;
	s->median_bps = m->bps;
	s->median_ops = m->ops;
	s->slowest_start = sl->start;
	s->slowest_bps = sl->bps;
	s->slowest_ops = sl->ops;
	gosort_slice(s->n, less_start, swap_seg, &c);
}

/* A segment of t by start time, for finding o's seconds in t. */
struct seg_at {
	int64_t start;
	size_t k; /* index in t->segs */
};

static int cmp_seg_at(const void *a, const void *b)
{
	const struct seg_at *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->k < y->k ? -1 : x->k > y->k;
}

/* find_seg: the first index k of t (in t's order) whose start is `start`, or -1; idx is
 * t's segments sorted by (start, k). */
static long find_seg(const struct seg_at *idx, size_t n, int64_t start)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (idx[mid].start < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && idx[lo].start == start ? (long)idx[lo].k : -1;
}

/* ThroughputSegmented.Merge. Warp looks each of o's seconds up in t by a linear scan;
 * the same first match is found here by binary search (a day of 1-second segments
 * merged with another took minutes). */
static int segmented_merge(struct warp_segmented *t, const struct warp_segmented *o)
{
	size_t i, k;
	struct seg_at *idx;
	long at;

	if (o->n == 0)
		return 0;
	if (t->seg_dur_ms == 0)
		t->seg_dur_ms = o->seg_dur_ms;
	if (t->n == 0) {
		t->segs = malloc(o->n * sizeof(*t->segs));
		if (t->segs == NULL)
			return -1;
		memcpy(t->segs, o->segs, o->n * sizeof(*t->segs));
		t->n = o->n;
	} else {
		/* only seconds already present are kept (Warp drops the others) */
		idx = malloc(t->n * sizeof(*idx));
		if (idx == NULL)
			return -1;
		for (k = 0; k < t->n; k++) {
			idx[k].start = t->segs[k].start;
			idx[k].k = k;
		}
		qsort(idx, t->n, sizeof(*idx), cmp_seg_at);
		for (i = 0; i < o->n; i++) {
			if ((at = find_seg(idx, t->n, o->segs[i].start)) < 0)
				continue;
			t->segs[at].errors = go_add(t->segs[at].errors, o->segs[i].errors);
			t->segs[at].ops += o->segs[i].ops;
			t->segs[at].bps += o->segs[i].bps;
		}
		free(idx);
		{
			struct seg_sort c = {t->segs, 0};

			gosort_slice(t->n, less_start, swap_seg, &c);
		}
	}
	warp_segmented_pick(t);
	return 0;
}

static int64_t sub_ms(int64_t end, int64_t start)
{
	int64_t d;

	/* time.Time.Sub saturates; Milliseconds truncates toward zero */
	if (start == WARP_TIME_ZERO && end != WARP_TIME_ZERO)
		return INT64_MAX / 1000000;
	if (end == WARP_TIME_ZERO && start != WARP_TIME_ZERO)
		return INT64_MIN / 1000000;
	if (__builtin_sub_overflow(end, start, &d))
		d = end > start ? INT64_MAX : INT64_MIN;
	return d / 1000000;
}

/* Throughput.Merge */
static int tp_merge(struct warp_tp *t, const struct warp_tp *o)
{
	if (o->ops == 0)
		return 0;
	t->errors = go_add(t->errors, o->errors);
	t->bytes += o->bytes;
	t->objects += o->objects;
	t->ops = go_add(t->ops, o->ops);
	if (t->start == WARP_TIME_ZERO || o->start < t->start)
		t->start = o->start;
	if (o->end > t->end)
		t->end = o->end;
	t->measure_ms = sub_ms(t->end, t->start);
	if (t->seg == NULL && o->seg != NULL) {
		t->seg = calloc(1, sizeof(*t->seg));
		if (t->seg == NULL)
			return -1;
	}
	if (o->seg != NULL)
		return segmented_merge(t->seg, o->seg);
	return 0;
}

static int tp_copy(struct warp_tp *dst, const struct warp_tp *src)
{
	*dst = *src;
	dst->seg = NULL;
	if (src->seg) {
		dst->seg = malloc(sizeof(*dst->seg));
		if (dst->seg == NULL)
			return -1;
		*dst->seg = *src->seg;
		dst->seg->segs = malloc((src->seg->n ? src->seg->n : 1) * sizeof(struct warp_seg));
		if (dst->seg->segs == NULL) {
			free(dst->seg);
			dst->seg = NULL;
			return -1;
		}
		memcpy(dst->seg->segs, src->seg->segs, src->seg->n * sizeof(struct warp_seg));
	}
	return 0;
}

/* Merge a per-host or per-client throughput map. */
static int keyed_merge(struct warp_keyed_tp **dst, size_t *nd, int *has,
		       const struct warp_keyed_tp *src, size_t ns)
{
	size_t i;

	if (!*has && ns != 0) {
		/* Warp takes the other map as is */
		*dst = calloc(ns, sizeof(**dst));
		if (*dst == NULL)
			return -1;
		for (i = 0; i < ns; i++) {
			(*dst)[i].key = strdup(src[i].key);
			if ((*dst)[i].key == NULL || tp_copy(&(*dst)[i].tp, &src[i].tp) < 0) {
				*nd = i + 1;
				return -1;
			}
		}
		*nd = ns;
		*has = 1;
		return 0;
	}
	for (i = 0; i < ns; i++) {
		struct warp_tp *t = warp_keyed_get(dst, nd, src[i].key);

		if (t == NULL || tp_merge(t, &src[i].tp) < 0)
			return -1;
	}
	return 0;
}

static int reqs_copy(struct warp_client_reqs *d, const struct warp_client_reqs *s)
{
	size_t i;

	d->client = strdup(s->client);
	d->n = 0;
	d->segs = calloc(s->n ? s->n : 1, sizeof(*d->segs));
	if (d->client == NULL || d->segs == NULL)
		return -1;
	for (i = 0; i < s->n; i++) {
		d->segs[i] = s->segs[i];
		d->segs[i].multi.by_size = NULL;
		if (s->segs[i].multi.n) {
			size_t sz = s->segs[i].multi.n * sizeof(struct warp_sizerange);

			d->segs[i].multi.by_size = malloc(sz);
			if (d->segs[i].multi.by_size == NULL) {
				d->segs[i].multi.n = 0;
				d->n = i + 1;
				return -1;
			}
			memcpy(d->segs[i].multi.by_size, s->segs[i].multi.by_size, sz);
		}
		d->n = i + 1;
	}
	return 0;
}

/* LiveAggregate.Merge */
static int live_merge(struct warp_live *l, const struct warp_live *o)
{
	size_t i, k;

	if (tp_merge(&l->tp, &o->tp) < 0)
		return -1;
	for (i = 0; i < o->n_reqs; i++) {
		struct warp_client_reqs nr;

		for (k = 0; k < l->n_reqs; k++)
			if (strcmp(l->reqs[k].client, o->reqs[i].client) == 0)
				break;
		if (reqs_copy(&nr, &o->reqs[i]) < 0) {
			reqs_free(&nr);
			return -1;
		}
		if (k < l->n_reqs) {
			reqs_free(&l->reqs[k]);
			l->reqs[k] = nr;
		} else {
			struct warp_client_reqs *na = realloc(l->reqs,
							      (l->n_reqs + 1) * sizeof(*na));

			if (na == NULL) {
				reqs_free(&nr);
				return -1;
			}
			l->reqs = na;
			l->reqs[l->n_reqs++] = nr;
		}
	}
	l->concurrency = go_add(l->concurrency, o->concurrency);
	l->total_bytes = go_add(l->total_bytes, o->total_bytes);
	l->total_objects = go_add(l->total_objects, o->total_objects);
	l->total_errors = go_add(l->total_errors, o->total_errors);
	for (i = 0; i < o->n_first_errors && l->n_first_errors < MAX_FIRST_ERRORS; i++) {
		char **ne = realloc(l->first_errors, (l->n_first_errors + 1) * sizeof(*ne));

		if (ne == NULL)
			return -1;
		l->first_errors = ne;
		ne[l->n_first_errors] = strdup(o->first_errors[i]);
		if (ne[l->n_first_errors] == NULL)
			return -1;
		l->n_first_errors++;
	}
	for (i = 0; i < o->clients.n; i++)
		if (warp_strset_add(&l->clients, o->clients.v[i]) < 0)
			return -1;
	for (i = 0; i < o->hosts.n; i++)
		if (warp_strset_add(&l->hosts, o->hosts.v[i]) < 0)
			return -1;
	l->total_requests = go_add(l->total_requests, o->total_requests);
	if (l->start == WARP_TIME_ZERO || o->start < l->start)
		l->start = o->start;
	if (o->end > l->end)
		l->end = o->end;
	if (keyed_merge(&l->tp_host, &l->n_tp_host, &l->has_tp_host, o->tp_host, o->n_tp_host) <
		    0 ||
	    keyed_merge(&l->tp_client, &l->n_tp_client, &l->has_tp_client, o->tp_client,
			o->n_tp_client) < 0)
		return -1;
	return 0;
}

int warp_rt_merge(struct warp_rt *dst, const struct warp_rt *src, struct err *e)
{
	size_t i;

	for (i = 0; i < src->n_ops; i++) {
		struct warp_live *d = warp_rt_op(dst, src->ops[i].op);

		if (d == NULL || live_merge(d, src->ops[i].agg) < 0)
			return err_set(e, "warp: out of memory while merging results");
	}
	if (live_merge(&dst->total, &src->total) < 0)
		return err_set(e, "warp: out of memory while merging results");
	if (dst->commandline == NULL && src->commandline != NULL) {
		dst->commandline = strdup(src->commandline);
		if (dst->commandline == NULL)
			return err_set(e, "warp: out of memory");
	}
	return 0;
}
