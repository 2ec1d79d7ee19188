/* analyze/warp_csv.c: see warp_csv.h. The numbered steps follow Warp's
 * LiveAggregate.Add / liveThroughput / liveRequests / SingleSizedRequests.fill /
 * MultiSizedRequests.fill, re-expressed in C. */
#include "analyze/warp_csv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp_gofmt.h"
#include "analyze/warp_gosort.h"
#include "core/opslog.h"

#define NS 1000000000LL
#define MAX_FIRST_ERRORS 10
#define REQ_WINDOW 10

/* One request as the aggregation needs it. */
struct xop {
	int64_t start, end, fb, lb, size;
	int64_t objs;
	int err;
};

static int64_t xop_dur(const struct xop *o)
{
	return o->end - o->start;
}

static int xop_has_ttfb(const struct xop *o)
{
	return o->fb != 0 || o->lb != 0;
}

/* TTFB: end - last_byte for uploads, else first_byte - start. */
static int64_t xop_ttfb(const struct xop *o)
{
	if (o->lb != 0)
		return o->end - o->lb;
	if (o->fb != 0)
		return o->fb - o->start;
	return 0;
}

struct lseg {
	double ops, objs, bytes;
	int64_t ops_started, ops_ended, errors;
};

struct ltp {
	int64_t first; /* Unix second of segment 0 */
	struct lseg *s;
	size_t n;
};

struct lwin {
	int64_t start, end;
	struct warp_single single;
	struct warp_multi multi;
};

struct lreq {
	char *client;
	int64_t curr_start, first_seg;
	struct xop *ops;
	size_t n, cap;
	int multi_known, is_multi;
	struct lwin *w;
	size_t nw;
};

struct lagg {
	struct warp_live *out;
	struct ltp tp;
	unsigned char threads[8192];
	int64_t nthreads;
	struct lreq *reqs;
	size_t nreqs;
};

struct builder {
	struct warp_rt *rt;
	struct lagg total;
	struct lagg *ops;
	char **opnames;
	size_t nops;
	struct err *e;
	const char *path;
	char *comment;
	size_t comment_len;
	int oom;
};

/* ---------------------------------------------------------------- throughput */

/* Throughput.Add (per host / per client: all rows, first start to last end) */
static void tp_add(struct warp_tp *t, const struct xop *o)
{
	if (t->start == WARP_TIME_ZERO || t->start > o->start)
		t->start = o->start;
	if (t->end == WARP_TIME_ZERO || t->end < o->end)
		t->end = o->end;
	t->measure_ms = (t->end - t->start) / 1000000;
	t->ops++;
	if (o->err)
		t->errors++;
	t->bytes += (double)o->size;
	t->objects += (double)o->objs;
}

/* liveThroughput.Add */
static int ltp_add(struct ltp *l, const struct xop *o)
{
	int64_t su = o->start / NS, eu = o->end / NS, dur = o->end - o->start;
	int64_t ss, es, i, cnt;

	if (l->n == 0)
		l->first = su;
	if (su < l->first)
		return 0;
	ss = su - l->first;
	es = eu - l->first + 1;
	if (es <= ss)
		return 0; /* ends before it starts: Warp would fail here */
	if ((size_t)es > l->n) {
		struct lseg *ns = realloc(l->s, (size_t)es * sizeof(*ns));

		if (ns == NULL)
			return -1;
		memset(ns + l->n, 0, ((size_t)es - l->n) * sizeof(*ns));
		l->s = ns;
		l->n = (size_t)es;
	}
	cnt = es - ss;
	for (i = 0; i < cnt; i++) {
		struct lseg *s = &l->s[ss + i];
		int64_t seg_start = (su + i) * NS, seg_end = (su + i + 1) * NS, in = NS;

		if (i == 0) {
			s->ops_started++;
			if (o->err)
				s->errors++;
		}
		if (i == cnt - 1)
			s->ops_ended++;
		if (cnt == 1) {
			s->ops++;
			s->objs += (double)o->objs;
			s->bytes += (double)o->size;
			continue;
		}
		if (o->start >= seg_start)
			in = seg_end - o->start;
		if (o->end <= seg_end)
			in = o->end - seg_start;
		if (in > 0) {
			double f = (double)in / (double)dur;

			s->objs += (double)o->objs * f;
			s->bytes += (double)o->size * f;
			s->ops += f;
		}
	}
	return 0;
}

struct sortseg {
	struct warp_seg *v;
	double *objs; /* obj/s before rounding, the sort key */
};

static int less_objs(size_t i, size_t j, void *ctx)
{
	struct sortseg *c = ctx;

	return c->objs[i] < c->objs[j];
}

static void swap_objs(size_t i, size_t j, void *ctx)
{
	struct sortseg *c = ctx;
	struct warp_seg t = c->v[i];
	double d = c->objs[i];

	c->v[i] = c->v[j];
	c->v[j] = t;
	c->objs[i] = c->objs[j];
	c->objs[j] = d;
}

/* liveThroughput.asThroughput */
static int ltp_finish(const struct ltp *l, struct warp_tp *t)
{
	struct warp_segmented *sg;
	struct sortseg c;
	const double scale = (double)(NS - 1) / (double)NS; /* segments end 1 ns early */
	size_t i, n;

	warp_tp_init(t);
	t->start = l->first * NS;
	t->end = (l->first + (int64_t)l->n) * NS;
	if (l->n <= 4)
		return 0;
	n = l->n - 4;
	t->start = (l->first + 2) * NS;
	t->end = t->start + (int64_t)l->n * NS;
	sg = calloc(1, sizeof(*sg));
	c.v = calloc(n, sizeof(*c.v));
	c.objs = calloc(n, sizeof(double));
	if (sg == NULL || c.v == NULL || c.objs == NULL) {
		free(sg);
		free(c.v);
		free(c.objs);
		return -1;
	}
	for (i = 0; i < n; i++) {
		const struct lseg *s = &l->s[i + 2];
		double mib;

		t->errors += s->errors;
		t->bytes += s->bytes;
		t->objects += s->objs;
		t->ops += s->ops_started;
		/* Warp labels kept segment i with second first + i (not first + 2 + i) */
		c.v[i].start = (l->first + (int64_t)i) * NS;
		mib = (double)go_f2i(s->bytes) / (1024 * 1024) / scale;
		c.objs[i] = s->objs / scale;
		c.v[i].bps = round(mib * 1048576);
		c.v[i].ops = round(c.objs[i] * 100) / 100;
		c.v[i].errors = s->errors;
	}
	/* Warp sorts by obj/s here: the byte total it tests is int64(+Inf), negative */
	gosort_slice(n, less_objs, swap_objs, &c);
	{
		double x;
		size_t idx[3];
		const double m[3] = {1, 0.5, 0};
		int k;

		for (k = 0; k < 3; k++) {
			x = fmin(fmax(round((double)n * m[k]), 0), (double)(n - 1));
			idx[k] = (size_t)x;
		}
		sg->fastest_start = c.v[idx[0]].start;
		sg->fastest_bps = c.v[idx[0]].bps;
		sg->fastest_ops = c.v[idx[0]].ops;
		sg->median_start = c.v[idx[1]].start;
		sg->median_bps = c.v[idx[1]].bps;
		sg->median_ops = c.v[idx[1]].ops;
		sg->slowest_start = c.v[idx[2]].start;
		sg->slowest_bps = c.v[idx[2]].bps;
		sg->slowest_ops = c.v[idx[2]].ops;
	}
	/* back to time order (what the file keeps) */
	for (i = 0; i < n; i++)
		c.objs[i] = (double)c.v[i].start;
	gosort_slice(n, less_objs, swap_objs, &c);
	free(c.objs);
	strcpy(sg->sorted_by, "ops");
	sg->segs = c.v;
	sg->n = n;
	sg->seg_dur_ms = 1000;
	t->seg = sg;
	t->measure_ms = (int64_t)n * 1000;
	return 0;
}

/* ---------------------------------------------------------------- requests */

static int less_dur(size_t i, size_t j, void *ctx)
{
	const struct xop *o = ctx;

	return xop_dur(&o[i]) < xop_dur(&o[j]);
}

static int less_ttfb(size_t i, size_t j, void *ctx)
{
	const struct xop *o = ctx;

	return xop_ttfb(&o[i]) < xop_ttfb(&o[j]);
}

/* Operations.SortByThroughput: fastest first */
static int less_tput(size_t i, size_t j, void *ctx)
{
	const struct xop *o = ctx, *a = &o[i], *b = &o[j];
	int64_t ad = xop_dur(a), bd = xop_dur(b);

	if (a->size == 0 || b->size == 0)
		return ad < bd;
	return (double)a->size / (double)ad > (double)b->size / (double)bd;
}

static void swap_xop(size_t i, size_t j, void *ctx)
{
	struct xop *o = ctx, t = o[i];

	o[i] = o[j];
	o[j] = t;
}

/* Operations.Median: index round(n m) clamped. */
static size_t op_median(size_t n, double m)
{
	double x = round((double)n * m);

	x = fmax(x, 0);
	x = fmin(x, (double)(n - 1) + 1e-10);
	return (size_t)x;
}

static void time_range(const struct xop *o, size_t n, int64_t *s, int64_t *e)
{
	size_t i;

	*s = o[0].start;
	*e = o[0].end;
	for (i = 0; i < n; i++) {
		if (o[i].start < *s)
			*s = o[i].start;
		if (*e < o[i].end)
			*e = o[i].end;
	}
}

/* Operations.TTFB then TtfbFromBench: 0 when Warp has no TTFB (average <= 0). */
static int ttfb_stats(const struct xop *ops, size_t n, int64_t start, int64_t end,
		      struct warp_ttfb *t)
{
	struct xop *f;
	size_t i, k = 0;
	int64_t sum = 0, avg;
	double favg, sd = 0;

	memset(t, 0, sizeof(*t));
	if (start >= end || n == 0)
		return 0;
	f = malloc(n * sizeof(*f));
	if (f == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (xop_has_ttfb(&ops[i]) && ops[i].start >= start && ops[i].end <= end)
			f[k++] = ops[i];
	if (k == 0) {
		free(f);
		return 0;
	}
	gosort_slice(k, less_ttfb, swap_xop, f);
	for (i = 0; i < k; i++)
		sum += xop_ttfb(&f[i]);
	favg = (double)sum / (double)k;
	avg = sum / (int64_t)k;
	if (k > 1) {
		for (i = 0; i < k; i++) {
			double d = (double)xop_ttfb(&f[i]) - favg;

			sd += d * d;
		}
		sd = (double)go_f2i(sqrt(sd / (double)(k - 1)));
	}
	if (avg > 0) {
		t->avg = (double)avg / 1e6;
		t->fastest = (double)xop_ttfb(&f[op_median(k, 0)]) / 1e6;
		t->p25 = (double)xop_ttfb(&f[op_median(k, 0.25)]) / 1e6;
		t->median = (double)xop_ttfb(&f[op_median(k, 0.5)]) / 1e6;
		t->p75 = (double)xop_ttfb(&f[op_median(k, 0.75)]) / 1e6;
		t->p90 = (double)xop_ttfb(&f[op_median(k, 0.9)]) / 1e6;
		t->p99 = (double)xop_ttfb(&f[op_median(k, 0.99)]) / 1e6;
		t->slowest = (double)xop_ttfb(&f[op_median(k, 1)]) / 1e6;
		t->stddev = sd / 1e6;
	}
	free(f);
	return avg > 0;
}

/* SingleSizedRequests.fill */
static int single_fill(struct xop *o, size_t n, struct warp_single *s)
{
	int64_t start, end, sum = 0, avg;
	double sd = 0;
	size_t i;
	int fb;

	memset(s, 0, sizeof(*s));
	s->present = 1;
	time_range(o, n, &start, &end);
	gosort_slice(n, less_dur, swap_xop, o);
	s->requests = (int64_t)n;
	s->obj_size = o[0].size;
	for (i = 0; i < n; i++)
		sum += xop_dur(&o[i]);
	avg = sum / (int64_t)n;
	s->dur_avg = (double)avg / 1e6;
	if (n > 1) {
		for (i = 0; i < n; i++) {
			double d = (double)(avg - xop_dur(&o[i]));

			sd += d * d;
		}
		s->stddev = (double)go_f2i(sqrt(sd / (double)(n - 1))) / 1e6;
	}
	s->dur_median = (double)xop_dur(&o[op_median(n, 0.5)]) / 1e6;
	s->dur_90 = (double)xop_dur(&o[op_median(n, 0.9)]) / 1e6;
	s->dur_99 = (double)xop_dur(&o[op_median(n, 0.99)]) / 1e6;
	s->slowest = (double)xop_dur(&o[op_median(n, 1)]) / 1e6;
	s->fastest = (double)xop_dur(&o[op_median(n, 0)]) / 1e6;
	fb = ttfb_stats(o, n, start, end, &s->fb);
	if (fb < 0)
		return -1;
	s->has_fb = fb;
	s->merged = 1;
	return 0;
}

/* humanize.IBytes */
static void ibytes(char *buf, size_t n, uint64_t s)
{
	static const char *const sizes[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
	double e, val;

	if (s < 10) {
		snprintf(buf, n, "%llu B", (unsigned long long)s);
		return;
	}
	e = floor(log((double)s) / log(1024));
	val = floor((double)s / pow(1024, e) * 10 + 0.5) / 10;
	snprintf(buf, n, val < 10 ? "%.1f %s" : "%.0f %s", val, sizes[(int)e]);
}

static const char *const log10_name[13] = {
	"", "10B", "100B", "1KiB", "10KiB", "100KiB", "1MiB", "10MiB", "100MiB", "1GiB",
	"10GiB", "100GiB", "1TiB",
};

static int64_t log10_size(int k)
{
	static const int64_t v[13] = {
		1, 10, 100, 1LL << 10, 10LL << 10, 100LL << 10, 1LL << 20, 10LL << 20,
		100LL << 20, 1LL << 30, 10LL << 30, 100LL << 30, 1LL << 40,
	};

	return k >= 0 && k < 13 ? v[k] : 0; /* Go's map gives 0 for a missing key */
}

struct sizeseg {
	struct xop *ops;
	size_t n;
	int64_t smallest, biggest;
	int small_l10, big_l10;
};

/* RequestSizeRange.fill plus its TTFB */
static int range_fill(struct sizeseg *ss, int64_t start, int64_t end, struct warp_sizerange *r)
{
	struct xop *o;
	size_t i, n, first = 0;
	int64_t dsum = 0, ssum = 0, bsum = 0, bdur = 0;
	int fb;

	memset(r, 0, sizeof(*r));
	gosort_slice(ss->n, less_tput, swap_xop, ss->ops);
	while (first < ss->n && xop_dur(&ss->ops[first]) <= 0)
		first++;
	o = ss->ops + first;
	n = ss->n - first;
	if (n > 0) {
		r->requests = (int64_t)n;
		r->min_size = ss->smallest;
		r->max_size = ss->biggest;
		if (ss->small_l10 <= 0 || ss->big_l10 <= 0) {
			ibytes(r->min_str, sizeof(r->min_str), (uint64_t)ss->smallest);
			ibytes(r->max_str, sizeof(r->max_str), (uint64_t)ss->biggest);
		} else {
			snprintf(r->min_str, sizeof(r->min_str), "%s",
				 ss->small_l10 < 13 ? log10_name[ss->small_l10] : "");
			snprintf(r->max_str, sizeof(r->max_str), "%s",
				 ss->big_l10 < 13 ? log10_name[ss->big_l10] : "");
		}
		for (i = 0; i < n; i++) {
			ssum += o[i].size;
			dsum += xop_dur(&o[i]);
			if (o[i].size > 0) {
				bsum += o[i].size;
				bdur += xop_dur(&o[i]);
			}
		}
		r->avg_obj_size = ssum / (int64_t)n;
		r->avg_dur = (double)(dsum / (int64_t)n) / 1e6;
		r->bps_avg = bdur ? round((double)bsum * 1e9 / (double)bdur * 10) / 10 : 0;
#define BPS(k) (o[k].size == 0 || xop_dur(&o[k]) <= 0 ? 0.0 : \
	round((double)(o[k].size * NS) / (double)xop_dur(&o[k]) * 10) / 10)
		r->bps_median = BPS(op_median(n, 0.5));
		r->bps_90 = BPS(op_median(n, 0.9));
		r->bps_99 = BPS(op_median(n, 0.99));
		r->bps_fastest = BPS(op_median(n, 0));
		r->bps_slowest = BPS(op_median(n, 1));
#undef BPS
		r->merged = 1;
	}
	fb = ttfb_stats(ss->ops, ss->n, start, end, &r->fb);
	if (fb < 0)
		return -1;
	r->has_fb = fb;
	return 0;
}

static int multiple_sizes(const struct xop *o, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!o[i].err && o[i].size != o[0].size)
			return 1;
	return 0;
}

/* MultiSizedRequests.fill (Operations.SplitSizes(0.05) for the ranges) */
static int multi_fill(struct xop *o, size_t n, struct warp_multi *m)
{
	int64_t start, end, mn, mx, ssum = 0;
	struct sizeseg *segs = NULL;
	size_t nseg = 0, i;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	m->present = 1;
	time_range(o, n, &start, &end);
	m->requests = (int64_t)n;
	if (end - start < 100 * 1000000LL) {
		m->skipped = 1;
		return 0;
	}
	for (i = 0; i < n; i++)
		ssum += o[i].size;
	m->avg_obj_size = ssum / (int64_t)n;
	mn = mx = o[0].size;
	for (i = 0; i < n; i++) {
		if (o[i].size < mn)
			mn = o[i].size;
		if (o[i].size > mx)
			mx = o[i].size;
	}
	if (!multiple_sizes(o, n)) {
		int l0 = 0, l1 = 0;

		while (mn > log10_size(l0 + 1) && l0 < 13)
			l0++;
		while (mx >= log10_size(l1) && l1 < 13)
			l1++;
		segs = calloc(1, sizeof(*segs));
		if (segs == NULL)
			goto done;
		segs[0] = (struct sizeseg){o, n, mn, mx, l0, l1};
		nseg = 1;
	} else {
		int clog, maxlog;
		size_t want = (size_t)go_f2i((double)n * 0.05);
		struct sizeseg cur;

		if (mn == 0)
			mn = 1;
		clog = (int)go_log10((double)mn);
		maxlog = (int)go_log10((double)mx);
		segs = calloc((size_t)(maxlog - clog + 2), sizeof(*segs));
		cur = (struct sizeseg){malloc(n * sizeof(struct xop)), 0, log10_size(clog), 0, clog, 0};
		if (segs == NULL || cur.ops == NULL) {
			free(cur.ops);
			goto done;
		}
		while (clog <= maxlog) {
			clog++;
			cur.biggest = log10_size(clog);
			cur.big_l10 = clog;
			for (i = 0; i < n; i++)
				if (o[i].size >= cur.smallest && o[i].size < cur.biggest)
					cur.ops[cur.n++] = o[i];
			if (cur.n >= want) {
				segs[nseg++] = cur;
				cur = (struct sizeseg){malloc(n * sizeof(struct xop)), 0, log10_size(clog),
						       0, clog, 0};
				if (cur.ops == NULL)
					goto done;
			}
		}
		free(cur.ops);
	}
	m->by_size = calloc(nseg + 1, sizeof(*m->by_size));
	if (m->by_size == NULL)
		goto done;
	for (i = 0; i < nseg; i++)
		if (range_fill(&segs[i], start, end, &m->by_size[i]) < 0)
			goto done;
	m->n = nseg;
	m->merged = 1;
	rc = 0;
done:
	if (segs && nseg && segs[0].ops != o)
		for (i = 0; i < nseg; i++)
			free(segs[i].ops);
	free(segs);
	return rc;
}

static int lreq_push_window(struct lreq *r, const struct lwin *w)
{
	struct lwin *nw = realloc(r->w, (r->nw + 1) * sizeof(*nw));

	if (nw == NULL)
		return -1;
	r->w = nw;
	r->w[r->nw++] = *w;
	return 0;
}

/* liveRequests.cycle */
static int lreq_cycle(struct lreq *r)
{
	struct lwin w;

	if (r->n == 0)
		return 0;
	if (!r->multi_known) {
		r->is_multi = multiple_sizes(r->ops, r->n);
		r->multi_known = 1;
	}
	memset(&w, 0, sizeof(w));
	if (r->is_multi) {
		if (multi_fill(r->ops, r->n, &w.multi) < 0)
			return -1;
	} else if (single_fill(r->ops, r->n, &w.single) < 0) {
		return -1;
	}
	r->n = 0;
	if (lreq_push_window(r, &w) < 0) {
		free(w.multi.by_size);
		return -1;
	}
	return 0;
}

static int lreq_keep(struct lreq *r, const struct xop *o)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 256;
		struct xop *no = realloc(r->ops, cap * sizeof(*no));

		if (no == NULL)
			return -1;
		r->ops = no;
		r->cap = cap;
	}
	r->ops[r->n++] = *o;
	return 0;
}

/* liveRequests.Add: 10-second windows by end time (Unix seconds). */
static int lreq_add(struct lreq *r, const struct xop *o)
{
	int64_t t = o->end / NS;

	if (r->first_seg == 0) {
		r->first_seg = t;
		r->curr_start = t;
	}
	if (t < r->curr_start)
		t = r->curr_start;
	if (t - r->curr_start < REQ_WINDOW)
		return lreq_keep(r, o);
	if (lreq_cycle(r) < 0)
		return -1;
	r->curr_start += REQ_WINDOW;
	while (r->curr_start + REQ_WINDOW < t) {
		struct lwin w;

		memset(&w, 0, sizeof(w));
		if (r->is_multi) {
			w.multi.present = 1;
			w.multi.skipped = 1;
		} else {
			w.single.present = 1;
			w.single.skipped = 1;
		}
		if (lreq_push_window(r, &w) < 0)
			return -1;
		r->curr_start += REQ_WINDOW;
	}
	return lreq_keep(r, o);
}

/* ---------------------------------------------------------------- aggregate */

static struct lreq *lagg_req(struct lagg *a, const char *client)
{
	struct lreq *nr;
	size_t i;

	for (i = 0; i < a->nreqs; i++)
		if (strcmp(a->reqs[i].client, client) == 0)
			return &a->reqs[i];
	nr = realloc(a->reqs, (a->nreqs + 1) * sizeof(*nr));
	if (nr == NULL)
		return NULL;
	a->reqs = nr;
	memset(&nr[a->nreqs], 0, sizeof(*nr));
	nr[a->nreqs].client = strdup(client);
	if (nr[a->nreqs].client == NULL)
		return NULL;
	return &nr[a->nreqs++];
}

/* LiveAggregate.Add */
static int lagg_add(struct lagg *a, const struct op_row *row, const struct xop *o)
{
	struct warp_live *l = a->out;
	struct warp_tp *t;
	struct lreq *r;
	unsigned th = (unsigned)row->thread & 0xffff;

	l->total_requests++;
	l->total_objects += o->objs;
	l->total_bytes += o->size;
	if (row->client_id[0] && warp_strset_add(&l->clients, row->client_id) < 0)
		return -1;
	if (!(a->threads[th >> 3] & (1u << (th & 7)))) {
		a->threads[th >> 3] |= (unsigned char)(1u << (th & 7));
		a->nthreads++;
	}
	if (warp_strset_add(&l->hosts, row->endpoint) < 0)
		return -1;
	if (l->start == WARP_TIME_ZERO || l->start > o->start)
		l->start = o->start;
	if (l->end == WARP_TIME_ZERO || l->end < o->end)
		l->end = o->end;
	if (o->err) {
		if (l->n_first_errors < MAX_FIRST_ERRORS) {
			char **ne = realloc(l->first_errors, (l->n_first_errors + 1) * sizeof(*ne));

			if (ne == NULL)
				return -1;
			l->first_errors = ne;
			ne[l->n_first_errors] = strdup(row->error);
			if (ne[l->n_first_errors] == NULL)
				return -1;
			l->n_first_errors++;
		}
		l->total_errors++;
	}
	l->has_tp_host = l->has_tp_client = 1;
	t = warp_keyed_get(&l->tp_host, &l->n_tp_host, row->endpoint);
	if (t == NULL)
		return -1;
	tp_add(t, o);
	t = warp_keyed_get(&l->tp_client, &l->n_tp_client, row->client_id);
	if (t == NULL)
		return -1;
	tp_add(t, o);
	if (ltp_add(&a->tp, o) < 0)
		return -1;
	r = lagg_req(a, row->client_id);
	if (r == NULL)
		return -1;
	return lreq_add(r, o);
}

/* LiveAggregate.Finalize */
static int lagg_finish(struct lagg *a)
{
	struct warp_live *l = a->out;
	size_t i, k;

	if (ltp_finish(&a->tp, &l->tp) < 0)
		return -1;
	for (i = 0; i < a->nreqs; i++) {
		struct lreq *r = &a->reqs[i];
		struct warp_client_reqs *cr, *nr;
		int64_t st = r->first_seg * NS;

		if (lreq_cycle(r) < 0)
			return -1;
		l->concurrency = a->nthreads;
		nr = realloc(l->reqs, (l->n_reqs + 1) * sizeof(*nr));
		if (nr == NULL)
			return -1;
		l->reqs = nr;
		cr = &nr[l->n_reqs];
		cr->client = strdup(r->client);
		cr->segs = calloc(r->nw + 1, sizeof(*cr->segs));
		cr->n = 0;
		l->n_reqs++;
		if (cr->client == NULL || cr->segs == NULL)
			return -1;
		/* Warp lists the multi-size windows first, then the single-size ones */
		for (k = 0; k < r->nw; k++)
			if (r->w[k].multi.present) {
				cr->segs[cr->n].start = st;
				cr->segs[cr->n].end = st + REQ_WINDOW * NS;
				cr->segs[cr->n].multi = r->w[k].multi;
				r->w[k].multi.by_size = NULL;
				cr->n++;
				st += REQ_WINDOW * NS;
			}
		for (k = 0; k < r->nw; k++)
			if (r->w[k].single.present) {
				cr->segs[cr->n].start = st;
				cr->segs[cr->n].end = st + REQ_WINDOW * NS;
				cr->segs[cr->n].single = r->w[k].single;
				cr->n++;
				st += REQ_WINDOW * NS;
			}
	}
	return 0;
}

static void lagg_free(struct lagg *a)
{
	size_t i, k;

	free(a->tp.s);
	for (i = 0; i < a->nreqs; i++) {
		for (k = 0; k < a->reqs[i].nw; k++)
			free(a->reqs[i].w[k].multi.by_size);
		free(a->reqs[i].w);
		free(a->reqs[i].ops);
		free(a->reqs[i].client);
	}
	free(a->reqs);
}

static struct lagg *builder_op(struct builder *b, const char *op)
{
	struct lagg *na;
	char **nn;
	size_t i;

	for (i = 0; i < b->nops; i++)
		if (strcmp(b->opnames[i], op) == 0)
			return &b->ops[i];
	na = realloc(b->ops, (b->nops + 1) * sizeof(*na));
	if (na == NULL)
		return NULL;
	b->ops = na;
	nn = realloc(b->opnames, (b->nops + 1) * sizeof(*nn));
	if (nn == NULL)
		return NULL;
	b->opnames = nn;
	memset(&na[b->nops], 0, sizeof(*na));
	na[b->nops].out = warp_rt_op(b->rt, op);
	nn[b->nops] = strdup(op);
	if (na[b->nops].out == NULL || nn[b->nops] == NULL)
		return NULL;
	return &na[b->nops++];
}

static int on_row(const struct op_row *row, void *arg)
{
	struct builder *b = arg;
	struct lagg *a;
	struct xop o = {
		.start = row->start_ns, .end = row->end_ns, .fb = row->first_byte_ns,
		.lb = row->last_byte_ns, .size = (int64_t)row->bytes,
		.objs = (int64_t)row->n_objects, .err = row->error[0] != '\0',
	};

	a = builder_op(b, row->op);
	if (a == NULL || lagg_add(a, row, &o) < 0 || lagg_add(&b->total, row, &o) < 0) {
		b->oom = 1;
		return 1;
	}
	return 0;
}

static int on_comment(const char *line, void *arg)
{
	struct builder *b = arg;
	size_t n = strlen(line);
	char *nc = realloc(b->comment, b->comment_len + n + 2);

	if (nc == NULL) {
		b->oom = 1;
		return 1;
	}
	b->comment = nc;
	if (b->comment_len)
		b->comment[b->comment_len++] = '\n';
	memcpy(b->comment + b->comment_len, line, n + 1);
	b->comment_len += n;
	return 0;
}

int warp_csv_read(const char *path, struct warp_rt **out, struct err *e)
{
	struct builder b;
	size_t i;
	int rc = -1, r;

	memset(&b, 0, sizeof(b));
	*out = NULL;
	b.rt = warp_rt_new();
	if (b.rt == NULL)
		return err_set(e, "%s: out of memory", path);
	b.total.out = &b.rt->total;
	r = opslog_read_full(path, on_row, on_comment, &b, e);
	if (b.oom) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	if (r != 0)
		goto done;
	for (i = 0; i < b.nops; i++)
		if (lagg_finish(&b.ops[i]) < 0) {
			err_set(e, "%s: out of memory", path);
			goto done;
		}
	if (lagg_finish(&b.total) < 0) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	b.rt->commandline = b.comment;
	b.comment = NULL;
	*out = b.rt;
	b.rt = NULL;
	rc = 0;
done:
	for (i = 0; i < b.nops; i++) {
		lagg_free(&b.ops[i]);
		free(b.opnames[i]);
	}
	free(b.ops);
	free(b.opnames);
	lagg_free(&b.total);
	free(b.comment);
	warp_rt_free(b.rt);
	return rc;
}
