/* core/summary_ops.c: the per-op figures of a mixed run and the open-loop figures of a
 * rate run (summary.h: by_op, rate), and their run.json form. The accumulator is
 * core/summary.c's (summary_int.h). The method, as docs/METHODOLOGY.md states it:
 *
 *   Per op (by_op, only when the rows carry more than one op): requests, errors,
 *   objects and bytes of the op's rows, as the run's; share = the op's requests / the
 *   run's requests (errors included); mib_s and obj_s = the op's bytes and objects in
 *   the run's kept segments / their number (the whole run's length when none are
 *   kept), so that the ops' throughputs add up to the run's; latency and TTFB = the
 *   run's statistics over the op's successful requests, with the latency's histogram
 *   for pooling.
 *
 *   Rate, decided from the requests: slots = the slots due in the intended span (the
 *   duration); sent = requests with an intended start (errors included); on time =
 *   started at most max(1 ms, 10 % of 1 / rate) after it; failed = sent with an error;
 *   achieved = sent / span; sustained = every slot sent, >= 99 % of them on time and
 *   >= 99 % answered without an error; latency from the
 *   intended start = end - intended over the successful requests that have one
 *   (statistics as the run's latency), with its histogram for pooling.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/opslog.h"
#include "core/summary_int.h"

static void ops_drop(struct summary_acc *a)
{
	for (int i = 0; i < a->nops; i++)
		free(a->ops[i].bk.b);
	free(a->dur_op.v);
	free(a->ttfb_op.v);
	memset(a->ops, 0, sizeof(a->ops));
	memset(&a->dur_op, 0, sizeof(a->dur_op));
	memset(&a->ttfb_op, 0, sizeof(a->ttfb_op));
	a->nops = 0;
	a->ops_over = 1;
}

void summary_ops_free(struct summary_acc *a)
{
	ops_drop(a);
	free(a->intended.v);
	free(a->late.v);
	a->late_failed = 0;
	hist_free(a->hintended);
	a->late.v = NULL;
	a->late.n = a->late.cap = 0;
	a->intended.v = NULL;
	a->hintended = NULL;
}

static int u8_push(struct u8vec *v, uint8_t x)
{
	return summary_vec_push(&v->v, &v->n, &v->cap, &x, sizeof(x));
}

/* op_index: the index in a->ops of op (added when new); -1 when it does not fit. */
static int op_index(struct summary_acc *a, const char *op)
{
	for (int i = 0; i < a->nops; i++)
		if (strcmp(a->ops[i].name, op) == 0)
			return i;
	if (a->nops == SUMMARY_OPS_MAX || strlen(op) >= SUMMARY_OP_NAME)
		return -1;
	strcpy(a->ops[a->nops].name, op);
	return a->nops++;
}

int summary_ops_add(struct summary_acc *a, const struct op_row *row, int ok, int has_ttfb,
		    struct err *e)
{
	struct op_acc *o;
	int i;

	if (a->ops_over)
		return 0;
	i = op_index(a, row->op ? row->op : "");
	if (i < 0) {
		ops_drop(a);
		return 0;
	}
	o = &a->ops[i];
	o->requests++;
	if (!ok) {
		o->errors++;
		return 0;
	}
	o->bytes += row->bytes;
	o->objects += row->n_objects;
	if (u8_push(&a->dur_op, (uint8_t)i) < 0 ||
	    (has_ttfb && u8_push(&a->ttfb_op, (uint8_t)i) < 0) ||
	    summary_buckets_add(&o->bk, row->start_ns, row->end_ns, row->bytes, row->n_objects) < 0)
		return err_set(e, "summary: out of memory");
	return 0;
}

/* op_lat: the statistics of the values of v whose op (in which) is op, using tmp, and
 * (h not NULL) their histogram into h. 1 when there were some, 0 none, -1 out of memory. */
static int op_lat(const struct i64vec *v, const struct u8vec *which, int op, struct i64vec *tmp,
		  struct lat_stats *out, struct hist *h)
{
	tmp->n = 0;
	for (size_t i = 0; i < v->n; i++)
		if (which->v[i] == op &&
		    (summary_push(tmp, v->v[i]) < 0 || (h != NULL && hist_record(h, v->v[i]) < 0)))
			return -1;
	summary_lat(tmp, out);
	return tmp->n > 0;
}

/* op_rates: the op's throughput over the run's kept segments (as the run's). */
static void op_rates(const struct summary_acc *a, const struct op_acc *o,
		     const struct run_summary *out, struct op_summary *os)
{
	int64_t s0, k;
	double sb = 0, so = 0;

	summary_span(a, &s0, &k);
	if (k > 4) {
		for (int64_t i = 2; i < k - 2; i++) {
			struct bucket_value bv = summary_bucket_at(&o->bk, s0 + i);

			sb += bv.bytes;
			so += bv.objs;
		}
		os->mib_s = sb / (double)(k - 4) / SUM_MIB;
		os->obj_s = so / (double)(k - 4);
	} else if (out->completion_s > 0) {
		os->mib_s = (double)o->bytes / out->completion_s / SUM_MIB;
		os->obj_s = (double)o->objects / out->completion_s;
	}
}

static int cmp_op(const void *x, const void *y)
{
	return strcmp(((const struct op_summary *)x)->op, ((const struct op_summary *)y)->op);
}

int summary_ops_finish(const struct summary_acc *a, struct run_summary *out, struct err *e)
{
	struct i64vec tmp = {0};
	int rc = 0;

	out->n_by_op = 0;
	if (a->ops_over || a->nops < 2)
		return 0;
	for (int i = 0; i < a->nops && rc == 0; i++) {
		const struct op_acc *o = &a->ops[i];
		struct op_summary *os = &out->by_op[i];
		int got;

		memset(os, 0, sizeof(*os));
		memcpy(os->op, o->name, sizeof(os->op));
		os->requests = o->requests;
		os->errors = o->errors;
		os->objects = o->objects;
		os->bytes = o->bytes;
		os->share = (double)o->requests / (double)a->requests;
		op_rates(a, o, out, os);
		os->lat_hist = hist_new();
		if (os->lat_hist == NULL ||
		    op_lat(&a->dur, &a->dur_op, i, &tmp, &os->latency, os->lat_hist) < 0 ||
		    (got = op_lat(&a->ttfb, &a->ttfb_op, i, &tmp, &os->ttfb, NULL)) < 0)
			rc = err_set(e, "summary: out of memory");
		else
			os->has_ttfb = got;
	}
	free(tmp.v);
	if (rc < 0) {
		for (int i = 0; i < a->nops; i++) {
			hist_free(out->by_op[i].lat_hist);
			out->by_op[i].lat_hist = NULL;
		}
		return rc;
	}
	out->n_by_op = a->nops;
	qsort(out->by_op, (size_t)out->n_by_op, sizeof(out->by_op[0]), cmp_op);
	return 0;
}

int64_t summary_rate_tolerance_ns(double rate)
{
	double t = 0.1e9 / rate;

	return t > 1e6 ? (int64_t)t : 1000000;
}

int64_t summary_rate_slot_ns(double rate, uint64_t i)
{
	return (int64_t)((double)i * 1e9 / rate);
}

uint64_t summary_rate_slots(double rate, double span_s)
{
	int64_t span = (int64_t)(span_s * 1e9);
	uint64_t n = (uint64_t)ceil(span_s * rate);

	while (n > 0 && summary_rate_slot_ns(rate, n - 1) >= span)
		n--;
	while (summary_rate_slot_ns(rate, n) < span)
		n++;
	return n;
}

int summary_acc_rate(struct summary_acc *a, double offered, double span_s, struct run_summary *out,
		     struct err *e)
{
	int64_t tol = summary_rate_tolerance_ns(offered);
	uint64_t on_time = 0, slots;
	struct hist *h;

	if (a->intended.n == 0)
		return err_set(e, "summary: no successful request has an intended start (the "
				  "rows of a rate run carry one)");
	if (!(span_s > 0) || !(offered > 0))
		return err_set(e, "summary: a rate run needs a rate and a span above 0");
	h = hist_copy(a->hintended);
	if (h == NULL)
		return err_set(e, "summary: out of memory");
	for (size_t i = 0; i < a->late.n; i++)
		on_time += a->late.v[i] <= tol;
	slots = summary_rate_slots(offered, span_s);
	hist_free(out->rate.intended_hist);
	memset(&out->rate, 0, sizeof(out->rate));
	summary_lat(&a->intended, &out->rate.intended);
	out->rate.intended_hist = h;
	out->rate.offered = offered;
	out->rate.span_s = span_s;
	out->rate.slots = slots;
	out->rate.sent = a->late.n;
	out->rate.on_time = on_time;
	out->rate.failed = a->late_failed;
	out->rate.tolerance_ms = (double)tol / 1e6;
	out->rate.achieved = (double)a->late.n / span_s;
	out->rate.sustained = a->late.n >= slots && (double)on_time >= 0.99 * (double)slots &&
			      (double)(a->late.n - a->late_failed) >= 0.99 * (double)slots;
	out->rate.peak_workers = -1;
	out->rate.late_no_worker = -1;
	out->has_rate = 1;
	return 0;
}

/* ---------------------------------------------------------------- JSON */

static json_t *op_json(const struct op_summary *os)
{
	int ok = os->requests > os->errors;
	json_t *o = json_pack("{s:I,s:I,s:I,s:I,s:f,s:f,s:f,s:o,s:o}", "requests",
			      (json_int_t)os->requests, "objects", (json_int_t)os->objects, "bytes",
			      (json_int_t)os->bytes, "errors", (json_int_t)os->errors, "share",
			      os->share, "mib_s", os->mib_s, "obj_s", os->obj_s, "latency_ms",
			      ok ? summary_lat_json(&os->latency) : json_null(), "ttfb_ms",
			      os->has_ttfb ? summary_lat_json(&os->ttfb) : json_null());

	if (o != NULL && ok && os->lat_hist != NULL &&
	    json_object_set_new(o, "latency_hist", hist_to_json(os->lat_hist)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int summary_ops_to_json(const struct run_summary *s, json_t *o)
{
	if (s->n_by_op > 0) {
		json_t *by = json_object();

		if (by == NULL || json_object_set_new(o, "by_op", by) < 0)
			return -1;
		for (int i = 0; i < s->n_by_op; i++)
			if (json_object_set_new(by, s->by_op[i].op, op_json(&s->by_op[i])) < 0)
				return -1;
	}
	if (s->has_rate) {
		const struct rate_summary *rt = &s->rate;
		json_t *r = json_pack(
			"{s:f,s:f,s:I,s:I,s:I,s:I,s:f,s:f,s:b,s:o,s:o,s:o}", "offered", rt->offered,
			"span_s", rt->span_s, "slots", (json_int_t)rt->slots, "sent",
			(json_int_t)rt->sent, "on_time", (json_int_t)rt->on_time, "failed",
			(json_int_t)rt->failed, "tolerance_ms", rt->tolerance_ms, "achieved",
			rt->achieved, "sustained", rt->sustained, "latency_intended_ms",
			summary_lat_json(&rt->intended), "peak_workers",
			rt->peak_workers >= 0 ? json_integer(rt->peak_workers) : json_null(),
			"late_no_worker",
			rt->late_no_worker >= 0 ? json_integer(rt->late_no_worker) : json_null());

		if (r == NULL || json_object_set_new(o, "rate", r) < 0)
			return -1;
		if (s->rate.intended_hist != NULL &&
		    json_object_set_new(r, "latency_intended_hist",
					hist_to_json(s->rate.intended_hist)) < 0)
			return -1;
	}
	if (s->errs.n > 0 && json_object_set_new(o, "errors_by", errstat_to_json(&s->errs)) < 0)
		return -1;
	return 0;
}

/* op_hist_from_json: the optional "latency_hist" of the by_op entry x (path p) into
 * os->lat_hist (absent or null: left NULL); its count must be the op's successful
 * requests. Last of op_from_json, so nothing fails after it is set. */
static int op_hist_from_json(const json_t *x, const char *p, struct op_summary *os, struct err *e)
{
	json_t *h = json_object_get(x, "latency_hist");
	char path[96];

	if (h == NULL || json_is_null(h))
		return 0;
	snprintf(path, sizeof(path), "%s.latency_hist", p);
	os->lat_hist = hist_from_json(h, path, e);
	if (os->lat_hist == NULL)
		return -1;
	if (hist_count(os->lat_hist) != os->requests - os->errors) {
		err_set(e, "%s.count: %llu, but the op has %llu requests and %llu errors", path,
			(unsigned long long)hist_count(os->lat_hist),
			(unsigned long long)os->requests, (unsigned long long)os->errors);
		hist_free(os->lat_hist);
		os->lat_hist = NULL;
		return -1;
	}
	return 0;
}

/* op_from_json: one "by_op" entry. */
static int op_from_json(const char *name, const json_t *x, struct op_summary *os, struct err *e)
{
	char p[64];
	json_t *lat;

	snprintf(p, sizeof(p), "summary.by_op.%s", name);
	memset(os, 0, sizeof(*os));
	if (!json_is_object(x))
		return err_set(e, "%s: not an object", p);
	if (strlen(name) >= SUMMARY_OP_NAME)
		return err_set(e, "%s: op name longer than %d bytes", p, SUMMARY_OP_NAME - 1);
	strcpy(os->op, name);
	if (summary_get_counts(x, p, &os->requests, &os->objects, &os->bytes, &os->errors, e) ||
	    summary_get_num(x, p, "share", &os->share, e) ||
	    summary_get_num(x, p, "mib_s", &os->mib_s, e) ||
	    summary_get_num(x, p, "obj_s", &os->obj_s, e))
		return -1;
	if (os->errors > os->requests)
		return err_set(e, "%s.errors: more than its requests", p);
	lat = json_object_get(x, "latency_ms");
	if ((os->requests > os->errors || !json_is_null(lat)) &&
	    summary_get_lat(x, p, "latency_ms", &os->latency, e))
		return -1;
	os->has_ttfb = !json_is_null(json_object_get(x, "ttfb_ms"));
	if (os->has_ttfb && summary_get_lat(x, p, "ttfb_ms", &os->ttfb, e))
		return -1;
	return op_hist_from_json(x, p, os, e);
}

/* opt_count: the optional count r.k (absent or null: *v = dflt); -1 with a message
 * when it is not a whole number >= 0. */
static int opt_count(const json_t *r, const char *p, const char *k, int64_t dflt, int64_t *v,
		     struct err *e)
{
	json_t *x = json_object_get(r, k);

	if (x == NULL || json_is_null(x)) {
		*v = dflt;
		return 0;
	}
	if (!json_is_integer(x) || json_integer_value(x) < 0)
		return err_set(e, "%s.%s: not a whole number >= 0", p, k);
	*v = json_integer_value(x);
	return 0;
}

/* rate_counts_from_json: the counts of the rate block (absent in a run.json written
 * before they existed: span, slots, sent and on time 0, the engine's figures -1). */
static int rate_counts_from_json(const json_t *r, const char *p, struct rate_summary *rt,
				 struct err *e)
{
	int64_t slots, sent, on_time, failed, peak;
	json_t *x;

	if (opt_count(r, p, "slots", 0, &slots, e) || opt_count(r, p, "sent", 0, &sent, e) ||
	    opt_count(r, p, "on_time", 0, &on_time, e) ||
	    opt_count(r, p, "failed", 0, &failed, e) ||
	    opt_count(r, p, "peak_workers", -1, &peak, e) ||
	    opt_count(r, p, "late_no_worker", -1, &rt->late_no_worker, e))
		return -1;
	if (on_time > sent || failed > sent)
		return err_set(e, "%s.%s: more than its sent", p,
			       on_time > sent ? "on_time" : "failed");
	rt->failed = (uint64_t)failed;
	rt->slots = (uint64_t)slots;
	rt->sent = (uint64_t)sent;
	rt->on_time = (uint64_t)on_time;
	rt->peak_workers = peak > 1000000 ? 1000000 : (int)peak;
	x = json_object_get(r, "span_s");
	rt->span_s = json_is_number(x) ? json_number_value(x) : 0;
	x = json_object_get(r, "tolerance_ms");
	rt->tolerance_ms = json_is_number(x) ? json_number_value(x) : 0;
	return 0;
}

static int rate_from_json(const json_t *r, struct run_summary *out, struct err *e)
{
	const char *p = "summary.rate";
	json_t *x = json_object_get(r, "sustained"), *h;

	if (!json_is_object(r))
		return err_set(e, "%s: not an object", p);
	if (summary_get_num(r, p, "offered", &out->rate.offered, e) ||
	    summary_get_num(r, p, "achieved", &out->rate.achieved, e) ||
	    summary_get_lat(r, p, "latency_intended_ms", &out->rate.intended, e))
		return -1;
	if (!json_is_boolean(x))
		return err_set(e, "%s.sustained: missing or not a boolean", p);
	out->rate.sustained = json_is_true(x);
	if (rate_counts_from_json(r, p, &out->rate, e) < 0)
		return -1;
	h = json_object_get(r, "latency_intended_hist");
	if (h != NULL && !json_is_null(h)) {
		out->rate.intended_hist = hist_from_json(h, "summary.rate.latency_intended_hist",
							 e);
		if (out->rate.intended_hist == NULL)
			return -1;
	}
	out->has_rate = 1;
	return 0;
}

int summary_ops_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	json_t *by = json_object_get(o, "by_op"), *r = json_object_get(o, "rate"), *x;
	const char *name;

	out->n_by_op = 0;
	out->has_rate = 0;
	if (by != NULL && !json_is_null(by)) {
		if (!json_is_object(by))
			return err_set(e, "summary.by_op: not an object");
		if (json_object_size(by) > SUMMARY_OPS_MAX)
			return err_set(e, "summary.by_op: more than %d ops", SUMMARY_OPS_MAX);
		json_object_foreach(by, name, x) {
			if (op_from_json(name, x, &out->by_op[out->n_by_op], e) < 0)
				return -1;
			out->n_by_op++;
		}
		qsort(out->by_op, (size_t)out->n_by_op, sizeof(out->by_op[0]), cmp_op);
	}
	if (r != NULL && !json_is_null(r) && rate_from_json(r, out, e) < 0)
		return -1;
	x = json_object_get(o, "errors_by");
	memset(&out->errs, 0, sizeof(out->errs));
	if (x != NULL && !json_is_null(x) &&
	    errstat_from_json(x, "summary.errors_by", &out->errs, e) < 0)
		return -1;
	if (errstat_total(&out->errs) > out->errors)
		return err_set(e, "summary.errors_by: counts more errors than summary.errors");
	return 0;
}
