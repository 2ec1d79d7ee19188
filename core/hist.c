/* core/hist.c: see hist.h. The counts are kept densely over the range of buckets in
 * use (lo .. lo + n - 1), grown at either end: a run's durations span a few powers of
 * two, so a few hundred counters, not all 4562. */
#include "core/hist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SUB (1LL << HIST_SUB_BITS)

struct hist {
	uint64_t count, clamped;
	int64_t min, max;
	uint64_t *c; /* c[i] counts bucket lo + i */
	int lo, n;
};

int hist_bucket_of(int64_t v)
{
	int e;

	if (v < 0)
		v = 0;
	if (v > HIST_HIGHEST_NS)
		v = HIST_HIGHEST_NS;
	if (v < SUB)
		return (int)v;
	e = 63 - __builtin_clzll((unsigned long long)v);
	return (int)((e - HIST_SUB_BITS + 1) * SUB + (v >> (e - HIST_SUB_BITS)) - SUB);
}

int64_t hist_bucket_width(int i)
{
	return i < SUB ? 1 : 1LL << (i / SUB - 1);
}

int64_t hist_bucket_low(int i)
{
	if (i < SUB)
		return i;
	return (SUB + i % SUB) << (i / SUB - 1);
}

int hist_buckets(void)
{
	return hist_bucket_of(HIST_HIGHEST_NS) + 1;
}

struct hist *hist_new(void)
{
	return calloc(1, sizeof(struct hist));
}

void hist_free(struct hist *h)
{
	if (h == NULL)
		return;
	free(h->c);
	free(h);
}

/* cover: make buckets lo .. hi exist. -1 when out of memory. */
static int cover(struct hist *h, int lo, int hi)
{
	int nlo = lo, nhi = hi;
	uint64_t *nc;

	if (h->n > 0) {
		nlo = lo < h->lo ? lo : h->lo;
		nhi = hi > h->lo + h->n - 1 ? hi : h->lo + h->n - 1;
		if (nlo == h->lo && nhi == h->lo + h->n - 1)
			return 0;
	}
	nc = calloc((size_t)(nhi - nlo + 1), sizeof(*nc));
	if (nc == NULL)
		return -1;
	if (h->n > 0)
		memcpy(nc + (h->lo - nlo), h->c, (size_t)h->n * sizeof(*nc));
	free(h->c);
	h->c = nc;
	h->lo = nlo;
	h->n = nhi - nlo + 1;
	return 0;
}

/* note_minmax: fold one value or range [mn, mx] of `count` values into min/max. */
static void note_minmax(struct hist *h, int64_t mn, int64_t mx)
{
	if (h->count == 0 || mn < h->min)
		h->min = mn;
	if (h->count == 0 || mx > h->max)
		h->max = mx;
}

int hist_record(struct hist *h, int64_t v)
{
	int b = hist_bucket_of(v);

	if (cover(h, b, b) < 0)
		return -1;
	h->c[b - h->lo]++;
	note_minmax(h, v, v);
	h->count++;
	if (v < 0 || v > HIST_HIGHEST_NS)
		h->clamped++;
	return 0;
}

int hist_merge(struct hist *dst, const struct hist *src)
{
	if (src->count == 0)
		return 0;
	if (cover(dst, src->lo, src->lo + src->n - 1) < 0)
		return -1;
	for (int i = 0; i < src->n; i++)
		dst->c[src->lo + i - dst->lo] += src->c[i];
	note_minmax(dst, src->min, src->max);
	dst->count += src->count;
	dst->clamped += src->clamped;
	return 0;
}

struct hist *hist_copy(const struct hist *h)
{
	struct hist *c = hist_new();

	if (c != NULL && hist_merge(c, h) < 0) {
		hist_free(c);
		return NULL;
	}
	return c;
}

uint64_t hist_count(const struct hist *h)
{
	return h->count;
}

uint64_t hist_clamped(const struct hist *h)
{
	return h->clamped;
}

int64_t hist_min(const struct hist *h)
{
	return h->count ? h->min : 0;
}

int64_t hist_max(const struct hist *h)
{
	return h->count ? h->max : 0;
}

int64_t hist_percentile(const struct hist *h, double q)
{
	double x;
	uint64_t rank, seen = 0;
	int64_t v;
	int i;

	if (h->count == 0)
		return 0;
	if (!(q > 0))
		return h->min;
	if (q >= 1)
		return h->max;
	x = q * (double)h->count;
	rank = (uint64_t)ceil(x - x * 1e-12);
	if (rank < 1)
		rank = 1;
	if (rank >= h->count)
		return h->max;
	for (i = 0; i < h->n; i++) {
		seen += h->c[i];
		if (seen >= rank)
			break;
	}
	v = hist_bucket_low(h->lo + i) + (hist_bucket_width(h->lo + i) - 1) / 2;
	return v < h->min ? h->min : v > h->max ? h->max : v;
}

int hist_rank_bounds(const struct hist *h, uint64_t rank, int64_t *lo, int64_t *hi)
{
	uint64_t seen = 0;
	int i;

	if (rank < 1 || rank > h->count)
		return -1;
	for (i = 0; i < h->n; i++) {
		seen += h->c[i];
		if (seen >= rank)
			break;
	}
	*lo = hist_bucket_low(h->lo + i);
	*hi = *lo + hist_bucket_width(h->lo + i) - 1;
	if (*lo < h->min)
		*lo = h->min;
	if (*hi > h->max)
		*hi = h->max;
	return 0;
}

int hist_equal(const struct hist *a, const struct hist *b)
{
	int lo, hi;

	if (a->count != b->count || a->clamped != b->clamped || hist_min(a) != hist_min(b) ||
	    hist_max(a) != hist_max(b))
		return 0;
	lo = a->lo < b->lo ? a->lo : b->lo;
	hi = a->lo + a->n > b->lo + b->n ? a->lo + a->n : b->lo + b->n;
	for (int i = lo; i < hi; i++) {
		uint64_t x = i >= a->lo && i < a->lo + a->n ? a->c[i - a->lo] : 0;
		uint64_t y = i >= b->lo && i < b->lo + b->n ? b->c[i - b->lo] : 0;

		if (x != y)
			return 0;
	}
	return 1;
}

/* ---------------------------------------------------------------- JSON */

json_t *hist_to_json(const struct hist *h)
{
	json_t *b = json_array(), *o;

	if (b == NULL)
		return NULL;
	for (int i = 0; i < h->n; i++)
		if (h->c[i] && json_array_append_new(
				       b, json_pack("[i,I]", h->lo + i, (json_int_t)h->c[i])) < 0) {
			json_decref(b);
			return NULL;
		}
	o = json_pack("{s:s,s:i,s:I,s:I,s:I,s:I,s:I,s:o}", "unit", "ns", "sub_bucket_bits",
		      HIST_SUB_BITS, "highest", (json_int_t)HIST_HIGHEST_NS, "count",
		      (json_int_t)h->count, "min", (json_int_t)hist_min(h), "max",
		      (json_int_t)hist_max(h), "clamped", (json_int_t)h->clamped, "buckets", b);
	return o;
}

/* get_int: obj.k as an integer in [lo, hi]. */
static int get_int(const json_t *obj, const char *path, const char *k, json_int_t lo, json_int_t hi,
		   json_int_t *v, struct err *e)
{
	json_t *x = json_object_get(obj, k);

	if (!json_is_integer(x))
		return err_set(e, "%s.%s: missing or not an integer", path, k);
	*v = json_integer_value(x);
	if (*v < lo || *v > hi)
		return err_set(e, "%s.%s: %lld is outside %lld .. %lld", path, k, (long long)*v,
			       (long long)lo, (long long)hi);
	return 0;
}

/* read_buckets: obj.buckets into h (whose count is set by the caller afterwards);
 * the sum of the counts into *sum. */
static int read_buckets(struct hist *h, const json_t *obj, const char *path, uint64_t *sum,
			struct err *e)
{
	json_t *b = json_object_get(obj, "buckets"), *p;
	size_t i;
	int prev = -1, nb = hist_buckets();

	*sum = 0;
	if (!json_is_array(b))
		return err_set(e, "%s.buckets: missing or not an array", path);
	json_array_foreach(b, i, p) {
		json_t *ji = json_array_get(p, 0), *jc = json_array_get(p, 1);
		json_int_t idx, cnt;

		if (!json_is_array(p) || json_array_size(p) != 2 || !json_is_integer(ji) ||
		    !json_is_integer(jc))
			return err_set(e, "%s.buckets[%zu]: not an [index, count] pair of integers",
				       path, i);
		idx = json_integer_value(ji);
		cnt = json_integer_value(jc);
		if (idx <= prev || idx >= nb)
			return err_set(e,
				       "%s.buckets[%zu]: index %lld is not above the previous "
				       "one or outside 0 .. %d",
				       path, i, (long long)idx, nb - 1);
		if (cnt < 1 || *sum + (uint64_t)cnt < *sum)
			return err_set(e,
				       "%s.buckets[%zu]: count %lld is not positive, or the "
				       "counts overflow",
				       path, i, (long long)cnt);
		if (cover(h, (int)idx, (int)idx) < 0)
			return err_set(e, "%s: out of memory", path);
		h->c[idx - h->lo] = (uint64_t)cnt;
		*sum += (uint64_t)cnt;
		prev = (int)idx;
	}
	return 0;
}

/* check_scheme: the bucket scheme written is the one this reader decodes. */
static int check_scheme(const json_t *obj, const char *path, struct err *e)
{
	json_t *u = json_object_get(obj, "unit");
	json_int_t v;

	if (!json_is_string(u) || strcmp(json_string_value(u), "ns") != 0)
		return err_set(e, "%s.unit: missing or not \"ns\"", path);
	if (get_int(obj, path, "sub_bucket_bits", HIST_SUB_BITS, HIST_SUB_BITS, &v, e) < 0 ||
	    get_int(obj, path, "highest", HIST_HIGHEST_NS, HIST_HIGHEST_NS, &v, e) < 0)
		return -1;
	return 0;
}

struct hist *hist_from_json(const json_t *obj, const char *path, struct err *e)
{
	struct hist *h = NULL;
	json_int_t count, mn, mx, clamped;
	uint64_t sum;

	if (!json_is_object(obj)) {
		err_set(e, "%s: not an object", path);
		return NULL;
	}
	if (check_scheme(obj, path, e) < 0 ||
	    get_int(obj, path, "count", 0, INT64_MAX, &count, e) < 0 ||
	    get_int(obj, path, "min", INT64_MIN, INT64_MAX, &mn, e) < 0 ||
	    get_int(obj, path, "max", mn, INT64_MAX, &mx, e) < 0 ||
	    get_int(obj, path, "clamped", 0, count, &clamped, e) < 0)
		return NULL;
	if ((h = hist_new()) == NULL) {
		err_set(e, "%s: out of memory", path);
		return NULL;
	}
	if (read_buckets(h, obj, path, &sum, e) < 0)
		goto fail;
	if (sum != (uint64_t)count) {
		err_set(e, "%s.count: %lld, but the buckets hold %llu", path, (long long)count,
			(unsigned long long)sum);
		goto fail;
	}
	if (count > 0 && (hist_bucket_of(mn) != h->lo || hist_bucket_of(mx) != h->lo + h->n - 1)) {
		err_set(e, "%s.min/max: %lld/%lld are not in the first/last bucket", path,
			(long long)mn, (long long)mx);
		goto fail;
	}
	if (count == 0 && (mn != 0 || mx != 0)) {
		err_set(e, "%s.min/max: must be 0 when count is 0", path);
		goto fail;
	}
	h->count = (uint64_t)count;
	h->clamped = (uint64_t)clamped;
	h->min = mn;
	h->max = mx;
	return h;
fail:
	hist_free(h);
	return NULL;
}
