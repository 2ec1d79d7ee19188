/* analyze/warp/warp_reqs.c: see warp_reqs.h. */
#include "analyze/warp/warp_reqs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_gosort.h"
#include "core/sort_i64.h"

#define NS 1000000000LL

/* Go's int64 products wrap (as go_add's sums): the same here, without C's signed
 * overflow. */
static int64_t go_mul(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a * (uint64_t)b);
}

static int64_t xop_dur(const struct warp_xop *o)
{
	return o->end - o->start;
}

static int xop_has_ttfb(const struct warp_xop *o)
{
	return o->fb != 0 || o->lb != 0;
}

/* TTFB: end - last_byte for uploads, else first_byte - start. */
static int64_t xop_ttfb(const struct warp_xop *o)
{
	if (o->lb != 0)
		return o->end - o->lb;
	if (o->fb != 0)
		return o->fb - o->start;
	return 0;
}

/* Sorting values alone: whatever the algorithm, the value at each index of the sorted
 * sequence is the same (equal values are interchangeable), so where only values are
 * read after the sort, sorting the values gives exactly what Go's sort.Slice of the
 * operations gives, without moving 56-byte operations around. */
static int less_dur(size_t i, size_t j, void *ctx)
{
	const struct warp_xop *o = ctx;

	return xop_dur(&o[i]) < xop_dur(&o[j]);
}

/* Operations.SortByThroughput: fastest first */
static int less_tput(size_t i, size_t j, void *ctx)
{
	const struct warp_xop *o = ctx, *a = &o[i], *b = &o[j];
	int64_t ad = xop_dur(a), bd = xop_dur(b);

	if (a->size == 0 || b->size == 0)
		return ad < bd;
	return (double)a->size / (double)ad > (double)b->size / (double)bd;
}

static void swap_xop(size_t i, size_t j, void *ctx)
{
	struct warp_xop *o = ctx, t = o[i];

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

static void time_range(const struct warp_xop *o, size_t n, int64_t *s, int64_t *e)
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
static int ttfb_stats(const struct warp_xop *ops, size_t n, int64_t start, int64_t end,
		      struct warp_ttfb *t)
{
	int64_t *f, sum = 0, avg;
	size_t i, k = 0;
	double favg, sd = 0;

	memset(t, 0, sizeof(*t));
	if (start >= end || n == 0)
		return 0;
	f = malloc(n * sizeof(*f));
	if (f == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (xop_has_ttfb(&ops[i]) && ops[i].start >= start && ops[i].end <= end)
			f[k++] = xop_ttfb(&ops[i]);
	if (k == 0) {
		free(f);
		return 0;
	}
	sort_i64(f, k); /* Go sorts the operations by TTFB: the same values */
	for (i = 0; i < k; i++)
		sum = go_add(sum, f[i]);
	favg = (double)sum / (double)k;
	avg = sum / (int64_t)k;
	if (k > 1) {
		for (i = 0; i < k; i++) {
			double d = (double)f[i] - favg;

			sd += d * d;
		}
		sd = (double)go_f2i(sqrt(sd / (double)(k - 1)));
	}
	if (avg > 0) {
		t->avg = (double)avg / 1e6;
		t->fastest = (double)f[op_median(k, 0)] / 1e6;
		t->p25 = (double)f[op_median(k, 0.25)] / 1e6;
		t->median = (double)f[op_median(k, 0.5)] / 1e6;
		t->p75 = (double)f[op_median(k, 0.75)] / 1e6;
		t->p90 = (double)f[op_median(k, 0.9)] / 1e6;
		t->p99 = (double)f[op_median(k, 0.99)] / 1e6;
		t->slowest = (double)f[op_median(k, 1)] / 1e6;
		t->stddev = sd / 1e6;
	}
	free(f);
	return avg > 0;
}

/* SingleSizedRequests.fill. Go sorts the operations by duration and reads durations
 * and o[0].size: where the operations of the shortest duration have one size, the
 * sorted durations give it all; otherwise o is sorted as Go sorts it, for the size of
 * the operation Go leaves first. */
int warp_single_fill(struct warp_xop *o, size_t n, struct warp_single *s)
{
	int64_t start, end, sum = 0, avg, *d, min;
	double sd = 0;
	size_t i, first = 0;
	int fb, one_size = 1;

	memset(s, 0, sizeof(*s));
	s->present = 1;
	time_range(o, n, &start, &end);
	d = malloc(n * sizeof(*d));
	if (d == NULL)
		return -1;
	for (i = 0, min = xop_dur(&o[0]); i < n; i++) {
		d[i] = xop_dur(&o[i]);
		if (d[i] < min) {
			min = d[i];
			first = i;
		}
	}
	for (i = 0; i < n && one_size; i++)
		one_size = d[i] != min || o[i].size == o[first].size;
	s->obj_size = o[first].size;
	if (one_size) {
		sort_i64(d, n);
	} else {
		gosort_slice(n, less_dur, swap_xop, o);
		s->obj_size = o[0].size;
		for (i = 0; i < n; i++)
			d[i] = xop_dur(&o[i]);
	}
	s->requests = (int64_t)n;
	for (i = 0; i < n; i++)
		sum = go_add(sum, d[i]);
	avg = sum / (int64_t)n;
	s->dur_avg = (double)avg / 1e6;
	if (n > 1) {
		for (i = 0; i < n; i++) {
			double dd = (double)(avg - d[i]);

			sd += dd * dd;
		}
		s->stddev = (double)go_f2i(sqrt(sd / (double)(n - 1))) / 1e6;
	}
	s->dur_median = (double)d[op_median(n, 0.5)] / 1e6;
	s->dur_90 = (double)d[op_median(n, 0.9)] / 1e6;
	s->dur_99 = (double)d[op_median(n, 0.99)] / 1e6;
	s->slowest = (double)d[op_median(n, 1)] / 1e6;
	s->fastest = (double)d[op_median(n, 0)] / 1e6;
	free(d);
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
	"",      "10B",    "100B", "1KiB",  "10KiB",  "100KiB", "1MiB",
	"10MiB", "100MiB", "1GiB", "10GiB", "100GiB", "1TiB",
};

static int64_t log10_size(int k)
{
	static const int64_t v[13] = {
		1,          10,          100,       1LL << 10,  10LL << 10,  100LL << 10, 1LL << 20,
		10LL << 20, 100LL << 20, 1LL << 30, 10LL << 30, 100LL << 30, 1LL << 40,
	};

	return k >= 0 && k < 13 ? v[k] : 0; /* Go's map gives 0 for a missing key */
}

struct sizeseg {
	struct warp_xop *ops;
	size_t n;
	int64_t smallest, biggest;
	int small_l10, big_l10;
};

/* RequestSizeRange.fill plus its TTFB */
static int range_fill(struct sizeseg *ss, int64_t start, int64_t end, struct warp_sizerange *r)
{
	struct warp_xop *o;
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
			ssum = go_add(ssum, o[i].size);
			dsum = go_add(dsum, xop_dur(&o[i]));
			if (o[i].size > 0) {
				bsum = go_add(bsum, o[i].size);
				bdur = go_add(bdur, xop_dur(&o[i]));
			}
		}
		r->avg_obj_size = ssum / (int64_t)n;
		r->avg_dur = (double)(dsum / (int64_t)n) / 1e6;
		r->bps_avg = bdur ? round((double)bsum * 1e9 / (double)bdur * 10) / 10 : 0;
#define BPS(k)                                 \
	(o[k].size == 0 || xop_dur(&o[k]) <= 0 \
		 ? 0.0                         \
		 : round((double)go_mul(o[k].size, NS) / (double)xop_dur(&o[k]) * 10) / 10)
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

int warp_multiple_sizes(const struct warp_xop *o, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!o[i].err && o[i].size != o[0].size)
			return 1;
	return 0;
}

/* MultiSizedRequests.fill (Operations.SplitSizes(0.05) for the ranges) */
int warp_multi_fill(struct warp_xop *o, size_t n, struct warp_multi *m)
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
		ssum = go_add(ssum, o[i].size);
	m->avg_obj_size = ssum / (int64_t)n;
	mn = mx = o[0].size;
	for (i = 0; i < n; i++) {
		if (o[i].size < mn)
			mn = o[i].size;
		if (o[i].size > mx)
			mx = o[i].size;
	}
	if (!warp_multiple_sizes(o, n)) {
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
		cur = (struct sizeseg){
			malloc(n * sizeof(struct warp_xop)), 0, log10_size(clog), 0, clog, 0};
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
				cur = (struct sizeseg){malloc(n * sizeof(struct warp_xop)),
						       0,
						       log10_size(clog),
						       0,
						       clog,
						       0};
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
