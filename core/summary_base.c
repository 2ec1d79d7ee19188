/* core/summary_base.c: the floor under the run summary's parts (core/summary.c and its
 * per-op, phase and retry parts): growing vectors, the 1-second buckets in fixed point,
 * latency statistics, and the checked JSON getters. The method these implement is
 * summary.c's head comment; declarations in core/summary_int.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sort_i64.h"
#include "core/summary_int.h"

#define NS SUM_NS
#define MAX_SPAN_S SUM_MAX_SPAN_S

#define FX_BITS 32
#define FX_ONE 4294967296.0

/* share: v * num / den in fixed point, rounded down (v < 2^64, num <= den, num < 2^31
 * as overlaps within one second are: the product fits in 128 bits). */
static unsigned __int128 share(uint64_t v, int64_t num, int64_t den)
{
	return (((unsigned __int128)v * (uint64_t)num) << FX_BITS) / (uint64_t)den;
}


int summary_vec_push(void *vp, size_t *n, size_t *cap, const void *x, size_t size)
{
	char *v;

	memcpy(&v, vp, sizeof(v));
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 1024;
		char *nv = realloc(v, c * size);

		if (nv == NULL)
			return -1;
		memcpy(vp, &nv, sizeof(nv));
		v = nv;
		*cap = c;
	}
	memcpy(v + *n * size, x, size);
	(*n)++;
	return 0;
}

int summary_push(struct i64vec *v, int64_t x)
{
	return summary_vec_push(&v->v, &v->n, &v->cap, &x, sizeof(x));
}

static int64_t floor_sec(int64_t ns)
{
	return ns >= 0 ? ns / NS : -((-ns + NS - 1) / NS);
}

/* Make buckets for Unix seconds [lo, hi] exist. */
static int buckets_cover(struct buckets *a, int64_t lo, int64_t hi)
{
	int64_t nlo, nhi;
	struct bucket *nb;
	size_t n;

	if (a->nb == 0) {
		nlo = lo;
		nhi = hi;
	} else {
		nlo = lo < a->base ? lo : a->base;
		nhi = hi > a->base + (int64_t)a->nb - 1 ? hi : a->base + (int64_t)a->nb - 1;
		if (nlo == a->base && nhi == a->base + (int64_t)a->nb - 1)
			return 0;
	}
	if (nhi - nlo > 2 * MAX_SPAN_S)
		return -1;
	n = (size_t)(nhi - nlo + 1);
	nb = calloc(n, sizeof(*nb));
	if (nb == NULL)
		return -1;
	if (a->nb)
		memcpy(nb + (a->base - nlo), a->b, a->nb * sizeof(*nb));
	free(a->b);
	a->b = nb;
	a->base = nlo;
	a->nb = n;
	return 0;
}

int summary_buckets_add(struct buckets *bk, int64_t s, int64_t en, uint64_t bytes, uint64_t objs)
{
	int64_t lo = floor_sec(s), hi = floor_sec(en), sec;

	if (buckets_cover(bk, lo, hi) < 0)
		return -1;
	if (en == s) {
		bk->b[lo - bk->base].bytes += (unsigned __int128)bytes << FX_BITS;
		bk->b[lo - bk->base].objs += (unsigned __int128)objs << FX_BITS;
		return 0;
	}
	for (sec = lo; sec <= hi; sec++) {
		int64_t from = sec * NS > s ? sec * NS : s;
		int64_t to = (sec + 1) * NS < en ? (sec + 1) * NS : en;

		if (to <= from)
			continue;
		bk->b[sec - bk->base].bytes += share(bytes, to - from, en - s);
		bk->b[sec - bk->base].objs += share(objs, to - from, en - s);
	}
	return 0;
}

void summary_lat(struct i64vec *v, struct lat_stats *out)
{
	size_t n = v->n, i;
	double sum = 0, mean, ss = 0;
	static const unsigned pct[3] = {50, 90, 99};
	double *dst[3];

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return;
	sort_i64(v->v, n);
	for (i = 0; i < n; i++)
		sum += (double)v->v[i];
	mean = sum / (double)n;
	for (i = 0; i < n; i++) {
		double d = (double)v->v[i] - mean;

		ss += d * d;
	}
	out->avg = mean / 1e6;
	out->min = (double)v->v[0] / 1e6;
	out->max = (double)v->v[n - 1] / 1e6;
	out->stddev = n > 1 ? sqrt(ss / (double)(n - 1)) / 1e6 : 0;
	dst[0] = &out->p50;
	dst[1] = &out->p90;
	dst[2] = &out->p99;
	for (i = 0; i < 3; i++) {
		size_t idx = (n * pct[i] + 99) / 100; /* ceil(n * p) */

		idx = idx ? idx - 1 : 0;
		if (idx > n - 1)
			idx = n - 1;
		*dst[i] = (double)v->v[idx] / 1e6;
	}
}


void summary_span(const struct summary_acc *a, int64_t *s0, int64_t *k)
{
	*s0 = floor_sec(a->start_ns);
	*k = floor_sec(a->end_ns) - *s0 + (a->end_ns % NS != 0 ? 1 : 0);
	if (*k < 1)
		*k = 1;
}

int summary_buckets_start(struct buckets *bk, int64_t s)
{
	int64_t sec = floor_sec(s);

	if (buckets_cover(bk, sec, sec) < 0)
		return -1;
	bk->b[sec - bk->base].starts++;
	return 0;
}

struct bucket_value summary_bucket_at(const struct buckets *a, int64_t sec)
{
	struct bucket_value bk = {0, 0, 0};

	if (sec >= a->base && sec < a->base + (int64_t)a->nb) {
		bk.bytes = (double)a->b[sec - a->base].bytes / FX_ONE;
		bk.objs = (double)a->b[sec - a->base].objs / FX_ONE;
		bk.starts = a->b[sec - a->base].starts;
	}
	return bk;
}


json_t *summary_lat_json(const struct lat_stats *l)
{
	return json_pack("{s:f,s:f,s:f,s:f,s:f,s:f,s:f}", "avg", l->avg, "p50", l->p50, "p90",
			 l->p90, "p99", l->p99, "min", l->min, "max", l->max, "stddev", l->stddev);
}


int summary_get_u64(const json_t *o, const char *path, const char *k, uint64_t *v, struct err *e)
{
	json_t *x = json_object_get(o, k);

	if (!json_is_integer(x) || json_integer_value(x) < 0)
		return err_set(e, "%s.%s: missing or not a non-negative integer", path, k);
	*v = (uint64_t)json_integer_value(x);
	return 0;
}

int summary_get_num(const json_t *o, const char *path, const char *k, double *v, struct err *e)
{
	json_t *x = json_object_get(o, k);

	if (!json_is_number(x))
		return err_set(e, "%s.%s: missing or not a number", path, k);
	*v = json_number_value(x);
	if (!isfinite(*v))
		return err_set(e, "%s.%s: not a finite number", path, k);
	return 0;
}


int summary_lat_from_json(const json_t *x, const char *path, struct lat_stats *l, struct err *e)
{
	static const char *const keys[] = {"avg", "p50", "p90", "p99", "min", "max", "stddev"};
	double *v[] = {&l->avg, &l->p50, &l->p90, &l->p99, &l->min, &l->max, &l->stddev};

	if (!json_is_object(x))
		return err_set(e, "%s: missing or not an object", path);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (summary_get_num(x, path, keys[i], v[i], e))
			return -1;
	return 0;
}

int summary_get_lat(const json_t *o, const char *path, const char *k, struct lat_stats *l,
		    struct err *e)
{
	char sub[64];

	snprintf(sub, sizeof(sub), "%s.%s", path, k);
	return summary_lat_from_json(json_object_get(o, k), sub, l, e);
}

int summary_get_counts(const json_t *o, const char *path, uint64_t *requests, uint64_t *objects,
		       uint64_t *bytes, uint64_t *errors, struct err *e)
{
	static const char *const keys[] = {"requests", "objects", "bytes", "errors"};
	uint64_t *v[] = {requests, objects, bytes, errors};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (summary_get_u64(o, path, keys[i], v[i], e))
			return -1;
	return 0;
}
