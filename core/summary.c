/* core/summary.c: see summary.h. s3bench's NATIVE run summary.
 *
 * The method is Warp's default analysis with its known quirks fixed. Exactly:
 *
 *   Rows. requests = every row; errors = rows whose `error` is not empty. Only
 *   successful rows contribute to bytes, objects, segments, latency and TTFB.
 *   start = min(start) and end = max(end) over every row (errored rows included);
 *   completion_s = (end - start) / 1e9.
 *
 *   Segments. Bucket k (k = 0 .. K-1) is the second [S0 + k, S0 + k + 1) where
 *   S0 = floor(start / 1 s) is the Unix second of the first request start and
 *   K = ceil(end / 1 s) - S0 (at least 1). A successful request [s, e) adds to each
 *   bucket it overlaps bytes * f and n_objects * f where f = overlap / (e - s)
 *   (a request with e == s puts everything in the bucket of s). Each share is kept
 *   in fixed point with 32 fractional bits (rounded down, once per request and
 *   bucket) and summed in 128-bit integers, so a bucket's sum is the same whatever
 *   order the rows come in (the collector adds them in completion order, the log
 *   holds them in start order).
 *   The first 2 and the last 2 buckets are dropped: N = K - 4 segments are kept.
 *
 *   Averages (N >= 1): seconds = N (the number of kept segments — not Warp's longer
 *   span), mib_s = sum(kept bytes) / N / 2^20, obj_s = sum(kept objects) / N.
 *   Runs with K <= 4 (N = 0): seconds = completion_s, mib_s = bytes / completion_s
 *   / 2^20, obj_s = objects / completion_s over the whole run (0 when completion_s
 *   is 0), and seg_count = 0 with no fastest/median/slowest.
 *
 *   Within-run spread (N >= 2): log_sd = the sample standard deviation (n - 1 divisor) of
 *   ln(bytes/s) of the kept segments above 0 (objects/s when the run moved no bytes); a
 *   second in which nothing completed is left out (its logarithm is not finite); fewer than
 *   2 such segments: none.
 *
 *   Fastest / median / slowest. The kept segments sorted ascending by bytes/s (by
 *   obj/s when the run moved no bytes; ties keep time order): slowest = first,
 *   fastest = last, median = the middle one for odd N and the mean of the two
 *   middle ones (both mib_s and obj_s) for even N.
 *
 *   Latency (ms) over ALL successful requests of the run (not means of 10-second
 *   windows as Warp prints): duration = end - start. avg = mean; min; max;
 *   stddev = sample standard deviation (n - 1 divisor; 0 when n = 1);
 *   pXX = nearest rank: the value at index ceil(n * XX / 100) - 1 of the ascending
 *   sorted durations (index computed in integers; Warp uses round(n * p), which can
 *   be one index higher). Every duration is kept until the end: 8 bytes per request,
 *   and 8 more per request with a TTFB.
 *
 *   TTFB (ms), same statistics over the successful requests that have one:
 *   end - last_byte when last_byte is set (uploads), else first_byte - start when
 *   first_byte is set, else none. has_ttfb = 1 when at least one request has one.
 *
 *   Histograms: every successful duration, and every TTFB, also goes into a
 *   core/hist.h histogram (lat_hist, ttfb_hist), so that analyze can take percentiles
 *   of the requests of several runs together.
 *
 *   Per-op figures (mixed runs) and the open-loop figures of rate runs: see
 *   core/summary_ops.c; each bucket also counts the requests started in its second.
 */
#include "core/summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/opslog.h"
#include "core/summary_int.h"
#include "core/timefmt.h"

#define NS SUM_NS
#define MIB SUM_MIB
#define MAX_SPAN_S SUM_MAX_SPAN_S

struct summary_acc *summary_acc_new(void)
{
	struct summary_acc *a = calloc(1, sizeof(*a));

	if (a == NULL)
		return NULL;
	a->hdur = hist_new();
	a->httfb = hist_new();
	a->hintended = hist_new();
	if (a->hdur == NULL || a->httfb == NULL || a->hintended == NULL) {
		summary_acc_free(a);
		return NULL;
	}
	return a;
}

void summary_clear(struct run_summary *s)
{
	hist_free(s->lat_hist);
	hist_free(s->ttfb_hist);
	hist_free(s->rate.intended_hist);
	for (int i = 0; i < s->n_by_op; i++) {
		hist_free(s->by_op[i].lat_hist);
		s->by_op[i].lat_hist = NULL;
	}
	s->lat_hist = NULL;
	s->ttfb_hist = NULL;
	s->rate.intended_hist = NULL;
	summary_phases_clear(s);
}

void summary_acc_free(struct summary_acc *acc)
{
	if (acc == NULL)
		return;
	free(acc->dur.v);
	free(acc->ttfb.v);
	hist_free(acc->hdur);
	hist_free(acc->httfb);
	free(acc->bk.b);
	summary_ops_free(acc);
	summary_phases_free(acc);
	summary_retry_free(acc);
	free(acc);
}

/* |x - y| > MAX_SPAN_S seconds, without overflow */
static int far_apart(int64_t x, int64_t y)
{
	uint64_t d = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;

	return d > (uint64_t)MAX_SPAN_S * NS;
}


int summary_acc_add(struct summary_acc *a, const struct op_row *row, struct err *e)
{
	int64_t s = row->start_ns, en = row->end_ns, ttfb = -1;
	int ok = row->error == NULL || row->error[0] == '\0';

	if (en < s)
		return err_set(e, "summary: request %llu ends before it starts",
			       (unsigned long long)row->idx);
	if (row->intended_ns != 0 && en < row->intended_ns)
		return err_set(e, "summary: request %llu ends before its intended start",
			       (unsigned long long)row->idx);
	if (far_apart(en, s) || (row->first_byte_ns != 0 && far_apart(row->first_byte_ns, s)) ||
	    (row->last_byte_ns != 0 && far_apart(en, row->last_byte_ns)) ||
	    (row->intended_ns != 0 && far_apart(en, row->intended_ns)) ||
	    (a->any && (far_apart(s, a->start_ns) || far_apart(en, a->start_ns))))
		return err_set(e,
			       "summary: request %llu is more than 115 days away from the others",
			       (unsigned long long)row->idx);
	summary_counts_add(a, row);
	if (row->attempt > 0) {
		int r = summary_retry_add(a, row, e);

		if (r != 0)
			return r < 0 ? -1 : 0; /* a retried attempt is not a request */
	}
	if (row->hedge != OPS_HEDGE_NONE && summary_hedge_add(a, row))
		return 0; /* a lost (cancelled) attempt is not a request */
	if (summary_buckets_start(&a->bk, s) < 0)
		return err_set(e, "summary: out of memory");
	a->requests++;
	if (!a->any || s < a->start_ns)
		a->start_ns = s;
	if (!a->any || en > a->end_ns)
		a->end_ns = en;
	a->any = 1;
	if (row->last_byte_ns != 0)
		ttfb = en - row->last_byte_ns;
	else if (row->first_byte_ns != 0)
		ttfb = row->first_byte_ns - s;
	if (summary_ops_add(a, row, ok, ttfb >= 0, e) < 0 || summary_phases_add(a, row, ok, e) < 0)
		return -1;
	if (row->intended_ns != 0 && summary_push(&a->late, s - row->intended_ns) < 0)
		return err_set(e, "summary: out of memory");
	if (row->intended_ns != 0 && !ok)
		a->late_failed++;
	if (!ok && errstat_is_conflict(row->error)) {
		a->conflicts++; /* neither a success nor an error */
		return 0;
	}
	if (!ok) {
		char key[ERRSTAT_KEY_MAX];

		a->errors++;
		errstat_add(&a->errs, errstat_key(row->error, key, sizeof(key)), 1);
		return 0;
	}
	a->bytes += row->bytes;
	a->objects += row->n_objects;
	if (summary_push(&a->dur, en - s) < 0 || hist_record(a->hdur, en - s) < 0)
		return err_set(e, "summary: out of memory");
	if (ttfb >= 0 && (summary_push(&a->ttfb, ttfb) < 0 || hist_record(a->httfb, ttfb) < 0))
		return err_set(e, "summary: out of memory");
	if (row->intended_ns != 0 && (summary_push(&a->intended, en - row->intended_ns) < 0 ||
				      hist_record(a->hintended, en - row->intended_ns) < 0))
		return err_set(e, "summary: out of memory");
	if (summary_buckets_add(&a->bk, s, en, row->bytes, row->n_objects) < 0)
		return err_set(e,
			       "summary: request %llu: out of memory for 1-second segments, or "
			       "requests more than 115 days apart",
			       (unsigned long long)row->idx);
	return 0;
}

struct seg_sort {
	double key;
	size_t pos;
	struct seg_value v;
};

static int cmp_seg(const void *x, const void *y)
{
	const struct seg_sort *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->pos > b->pos) - (a->pos < b->pos);
}

/* log_spread: out->log_sd of the n segments' keys above 0 (two passes: the mean first). */
static void log_spread(const struct seg_sort *segs, size_t n, struct run_summary *out)
{
	double m = 0, ss = 0;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (segs[i].key > 0) {
			m += log(segs[i].key);
			k++;
		}
	if (k < 2)
		return;
	m /= (double)k;
	for (size_t i = 0; i < n; i++)
		if (segs[i].key > 0)
			ss += (log(segs[i].key) - m) * (log(segs[i].key) - m);
	out->has_log_sd = 1;
	out->log_sd = sqrt(ss / (double)(k - 1));
}

/* segments: the averages and fastest / median / slowest of the k - 4 kept buckets
 * (k > 4) into out. -1 when out of memory. */
static int segments(const struct summary_acc *a, int64_t s0, int64_t k, struct run_summary *out,
		    struct err *e)
{
	size_t nkeep = (size_t)(k - 4), i;
	struct seg_sort *segs = calloc(nkeep, sizeof(*segs));
	double sb = 0, so = 0;
	int by_obj = a->bytes == 0;

	if (segs == NULL)
		return err_set(e, "summary: out of memory");
	for (i = 0; i < nkeep; i++) {
		struct bucket_value bk = summary_bucket_at(&a->bk, s0 + 2 + (int64_t)i);

		segs[i].v.mib_s = bk.bytes / MIB;
		segs[i].v.obj_s = bk.objs;
		segs[i].key = by_obj ? bk.objs : bk.bytes;
		segs[i].pos = i;
		sb += bk.bytes;
		so += bk.objs;
	}
	log_spread(segs, nkeep, out);
	out->seconds = (double)nkeep;
	out->mib_s = sb / (double)nkeep / MIB;
	out->obj_s = so / (double)nkeep;
	out->seg_count = (int)nkeep;
	qsort(segs, nkeep, sizeof(*segs), cmp_seg);
	out->slowest = segs[0].v;
	out->fastest = segs[nkeep - 1].v;
	if (nkeep % 2) {
		out->median = segs[nkeep / 2].v;
	} else {
		out->median.mib_s = (segs[nkeep / 2 - 1].v.mib_s + segs[nkeep / 2].v.mib_s) / 2;
		out->median.obj_s = (segs[nkeep / 2 - 1].v.obj_s + segs[nkeep / 2].v.obj_s) / 2;
	}
	free(segs);
	return 0;
}

int summary_acc_finish(struct summary_acc *a, struct run_summary *out, struct err *e)
{
	int64_t s0, k;

	memset(out, 0, sizeof(*out));
	if (a->dur.n == 0)
		return err_set(e,
			       "summary: no successful request to summarize (%llu requests, "
			       "%llu errors, %llu conflicts)",
			       (unsigned long long)a->requests, (unsigned long long)a->errors,
			       (unsigned long long)a->conflicts);
	out->requests = a->requests;
	out->errors = a->errors;
	out->conflicts = a->conflicts;
	out->errs = a->errs;
	out->objects = a->objects;
	out->bytes = a->bytes;
	out->start_ns = a->start_ns;
	out->end_ns = a->end_ns;
	out->completion_s = (double)(a->end_ns - a->start_ns) / 1e9;
	summary_span(a, &s0, &k);
	if (k > 4) {
		if (segments(a, s0, k, out, e) < 0)
			goto fail;
	} else {
		out->seconds = out->completion_s;
		if (out->completion_s > 0) {
			out->mib_s = (double)a->bytes / out->completion_s / MIB;
			out->obj_s = (double)a->objects / out->completion_s;
		}
		out->seg_count = 0;
	}
	if (summary_ops_finish(a, out, e) < 0 || summary_phases_finish(a, out, e) < 0)
		goto fail;
	summary_retry_finish(a, out);
	summary_counts_finish(a, out);
	summary_hedge_finish(a, out);
	summary_lat(&a->dur, &out->latency);
	out->has_ttfb = a->ttfb.n > 0;
	summary_lat(&a->ttfb, &out->ttfb);
	out->lat_hist = hist_copy(a->hdur);
	if (out->lat_hist == NULL ||
	    (out->has_ttfb && (out->ttfb_hist = hist_copy(a->httfb)) == NULL)) {
		err_set(e, "summary: out of memory");
		goto fail;
	}
	return 0;
fail:
	summary_clear(out);
	memset(out, 0, sizeof(*out));
	return -1;
}

int summary_acc_series(const struct summary_acc *a, struct seg_value **out, size_t *n,
		       int64_t *start_s, int *kept_first, int *kept_last, struct err *e)
{
	int64_t s0, k;

	*out = NULL;
	*n = 0;
	if (!a->any)
		return err_set(e, "summary: no request to make a time series of");
	summary_span(a, &s0, &k);
	*out = calloc((size_t)k, sizeof(**out));
	if (*out == NULL)
		return err_set(e, "summary: out of memory");
	for (int64_t i = 0; i < k; i++) {
		struct bucket_value bk = summary_bucket_at(&a->bk, s0 + i);

		(*out)[i].mib_s = bk.bytes / MIB;
		(*out)[i].obj_s = bk.objs;
	}
	*n = (size_t)k;
	*start_s = s0;
	*kept_first = k > 4 ? 2 : -1;
	*kept_last = k > 4 ? (int)k - 3 : -1;
	return 0;
}

/* ---------------------------------------------------------------- JSON */

static json_t *seg_json(const struct seg_value *v)
{
	return json_pack("{s:f,s:f}", "mib_s", v->mib_s, "obj_s", v->obj_s);
}

json_t *summary_to_json(const struct run_summary *s)
{
	char start[RFC3339_MAX], end[RFC3339_MAX];
	json_t *segs, *o;

	rfc3339_format(start, sizeof(start), s->start_ns);
	rfc3339_format(end, sizeof(end), s->end_ns);
	if (s->seg_count > 0)
		segs = json_pack("{s:i,s:o,s:o,s:o}", "count", (json_int_t)s->seg_count, "fastest",
				 seg_json(&s->fastest), "median", seg_json(&s->median), "slowest",
				 seg_json(&s->slowest));
	else
		segs = json_pack("{s:i,s:n,s:n,s:n}", "count", (json_int_t)0, "fastest", "median",
				 "slowest");
	if (segs != NULL && s->seg_count > 0 && s->has_log_sd &&
	    json_object_set_new(segs, "log_sd", json_real(s->log_sd)) < 0) {
		json_decref(segs);
		segs = NULL;
	}
	o = json_pack("{s:I,s:I,s:I,s:I,s:s,s:s,s:f,s:f,s:f,s:o,s:o,s:o,s:f}", "requests",
		      (json_int_t)s->requests, "objects", (json_int_t)s->objects, "bytes",
		      (json_int_t)s->bytes, "errors", (json_int_t)s->errors, "start", start, "end",
		      end, "seconds", s->seconds, "mib_s", s->mib_s, "obj_s", s->obj_s,
		      "latency_ms", summary_lat_json(&s->latency), "ttfb_ms",
		      s->has_ttfb ? summary_lat_json(&s->ttfb) : json_null(), "segments", segs,
		      "completion_s", s->completion_s);
	if (o != NULL && s->lat_hist != NULL &&
	    json_object_set_new(o, "latency_hist", hist_to_json(s->lat_hist)) < 0)
		goto fail;
	if (o != NULL && s->has_ttfb && s->ttfb_hist != NULL &&
	    json_object_set_new(o, "ttfb_hist", hist_to_json(s->ttfb_hist)) < 0)
		goto fail;
	if (o != NULL && (summary_ops_to_json(s, o) < 0 || summary_retry_to_json(s, o) < 0 ||
			  summary_hedge_to_json(s, o) < 0 || summary_phases_to_json(s, o) < 0 ||
			  summary_counts_to_json(s, o) < 0))
		goto fail;
	return o;
fail:
	json_decref(o);
	return NULL;
}

static int get_time(const json_t *o, const char *path, const char *k, int64_t *v, struct err *e)
{
	json_t *x = json_object_get(o, k);

	if (!json_is_string(x) || rfc3339_parse(json_string_value(x), v) < 0)
		return err_set(e, "%s.%s: missing or not an RFC 3339 time", path, k);
	return 0;
}

static int get_seg(const json_t *o, const char *k, struct seg_value *v, struct err *e)
{
	json_t *x = json_object_get(o, k);
	char sub[64];

	if (!json_is_object(x))
		return err_set(e, "summary.segments.%s: missing or not an object", k);
	snprintf(sub, sizeof(sub), "summary.segments.%s", k);
	if (summary_get_num(x, sub, "mib_s", &v->mib_s, e) ||
	    summary_get_num(x, sub, "obj_s", &v->obj_s, e))
		return -1;
	return 0;
}

/* get_hist: the optional histogram obj.k (absent or null: *h stays NULL). */
static int get_hist(const json_t *obj, const char *k, struct hist **h, struct err *e)
{
	json_t *x = json_object_get(obj, k);
	char path[64];

	if (x == NULL || json_is_null(x))
		return 0;
	snprintf(path, sizeof(path), "summary.%s", k);
	*h = hist_from_json(x, path, e);
	return *h ? 0 : -1;
}

/* summary_numbers: every field of summary_from_json but the histograms. */
static int summary_numbers(const json_t *obj, struct run_summary *out, struct err *e)
{
	const char *p = "summary";
	json_t *segs, *x;
	int i;

	memset(out, 0, sizeof(*out));
	if (!json_is_object(obj))
		return err_set(e, "summary: not an object");
	if (summary_get_counts(obj, p, &out->requests, &out->objects, &out->bytes, &out->errors,
			       e) ||
	    get_time(obj, p, "start", &out->start_ns, e) ||
	    get_time(obj, p, "end", &out->end_ns, e) ||
	    summary_get_num(obj, p, "seconds", &out->seconds, e) ||
	    summary_get_num(obj, p, "mib_s", &out->mib_s, e) ||
	    summary_get_num(obj, p, "obj_s", &out->obj_s, e) ||
	    summary_get_lat(obj, p, "latency_ms", &out->latency, e) ||
	    summary_get_num(obj, p, "completion_s", &out->completion_s, e))
		return -1;
	x = json_object_get(obj, "ttfb_ms");
	if (json_is_null(x)) {
		out->has_ttfb = 0;
	} else {
		if (summary_get_lat(obj, p, "ttfb_ms", &out->ttfb, e))
			return -1;
		out->has_ttfb = 1;
	}
	segs = json_object_get(obj, "segments");
	if (!json_is_object(segs))
		return err_set(e, "summary.segments: missing or not an object");
	x = json_object_get(segs, "count");
	if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 0x7fffffff)
		return err_set(e, "summary.segments.count: missing or not a non-negative integer");
	out->seg_count = (int)json_integer_value(x);
	if (out->seg_count == 0) {
		static const char *const names[3] = {"fastest", "median", "slowest"};

		for (i = 0; i < 3; i++)
			if (!json_is_null(json_object_get(segs, names[i])))
				return err_set(e,
					       "summary.segments.%s: must be null when count is 0",
					       names[i]);
		return 0;
	}
	if (get_seg(segs, "fastest", &out->fastest, e) ||
	    get_seg(segs, "median", &out->median, e) || get_seg(segs, "slowest", &out->slowest, e))
		return -1;
	x = json_object_get(segs, "log_sd");
	if (x != NULL && (!json_is_number(x) || !(json_number_value(x) >= 0)))
		return err_set(e, "summary.segments.log_sd: not a number from 0 up");
	out->has_log_sd = x != NULL;
	out->log_sd = x != NULL ? json_number_value(x) : 0;
	return 0;
}

int summary_from_json(const json_t *obj, struct run_summary *out, struct err *e)
{
	if (summary_numbers(obj, out, e) < 0)
		return -1;
	if (get_hist(obj, "latency_hist", &out->lat_hist, e) < 0 ||
	    get_hist(obj, "ttfb_hist", &out->ttfb_hist, e) < 0) {
		summary_clear(out);
		return -1;
	}
	if (out->ttfb_hist != NULL && !out->has_ttfb) {
		summary_clear(out);
		return err_set(e, "summary.ttfb_hist: present while ttfb_ms is null");
	}
	if (summary_conflicts_from_json(obj, out, e) < 0) {
		summary_clear(out);
		return -1;
	}
	if (out->lat_hist != NULL &&
	    hist_count(out->lat_hist) != out->requests - out->errors - out->conflicts) {
		err_set(e,
			"summary.latency_hist.count: %llu, but the summary has %llu requests, "
			"%llu errors and %llu conflicts",
			(unsigned long long)hist_count(out->lat_hist),
			(unsigned long long)out->requests, (unsigned long long)out->errors,
			(unsigned long long)out->conflicts);
		summary_clear(out);
		return -1;
	}
	if (summary_ops_from_json(obj, out, e) < 0 || summary_retry_from_json(obj, out, e) < 0 ||
	    summary_hedge_from_json(obj, out, e) < 0 || summary_phases_from_json(obj, out, e) < 0 ||
	    summary_counts_from_json(obj, out, e) < 0) {
		summary_clear(out);
		return -1;
	}
	return 0;
}

const char *summary_span_text(const struct run_summary *s, char *buf, size_t n)
{
	if (s->seg_count > 0)
		snprintf(buf, n, "over %d s kept of %.1f s; first and last 2 s left out",
			 s->seg_count, s->completion_s);
	else
		snprintf(buf, n,
			 "over the whole %.1f s; too short to leave out the first and "
			 "last 2 s",
			 s->completion_s);
	return buf;
}
