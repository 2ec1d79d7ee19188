/* analyze/warp/warp_report.c: see warp_report.h. */
#include "analyze/warp/warp_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_gosort.h"
#include "core/timefmt.h"

static const char separator[] =
	"\n\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\n\n";

/* ---------------------------------------------------------------- request merging */

struct ttfb_acc {
	int present;
	struct warp_ttfb t;
};

static void ttfb_add(struct ttfb_acc *a, const struct warp_ttfb *o)
{
	if (!a->present) {
		memset(&a->t, 0, sizeof(a->t));
		a->present = 1;
	}
	a->t.avg += o->avg;
	a->t.median += o->median;
	if (o->fastest != 0) {
		a->t.fastest = fmin(a->t.fastest, o->fastest);
		if (a->t.fastest == 0)
			a->t.fastest = o->fastest;
	}
	a->t.slowest = fmax(a->t.slowest, o->slowest);
	a->t.p25 += o->p25;
	a->t.p75 += o->p75;
	a->t.p90 += o->p90;
	a->t.p99 += o->p99;
	a->t.stddev += o->stddev;
}

struct single_acc {
	struct warp_single s;
	struct ttfb_acc fb;
};

static void single_add(struct single_acc *a, const struct warp_single *b)
{
	if (b->skipped)
		return;
	a->s.requests = go_add(a->s.requests, b->requests);
	a->s.obj_size = go_add(a->s.obj_size, b->obj_size);
	a->s.dur_avg += b->dur_avg;
	a->s.dur_median += b->dur_median;
	if (a->s.merged == 0)
		a->s.fastest = b->fastest;
	else
		a->s.fastest = fmin(a->s.fastest, b->fastest);
	a->s.slowest = fmax(a->s.slowest, b->slowest);
	a->s.dur_99 += b->dur_99;
	a->s.dur_90 += b->dur_90;
	a->s.stddev += b->stddev;
	a->s.merged = go_add(a->s.merged, b->merged);
	if (b->has_fb)
		ttfb_add(&a->fb, &b->fb);
}

struct range_acc {
	struct warp_sizerange r;
	struct ttfb_acc fb;
};

struct multi_acc {
	int64_t requests, avg_obj_size, merged;
	struct range_acc *by_size;
	size_t n;
};

static void range_add(struct range_acc *s, const struct warp_sizerange *b)
{
	s->r.requests = go_add(s->r.requests, b->requests);
	if (b->has_fb)
		ttfb_add(&s->fb, &b->fb);
	s->r.avg_obj_size = go_add(s->r.avg_obj_size, b->avg_obj_size);
	s->r.avg_dur += b->avg_dur;
	s->r.bps_avg += b->bps_avg;
	s->r.bps_median += b->bps_median;
	s->r.bps_fastest += b->bps_fastest;
	s->r.bps_slowest += b->bps_slowest;
	s->r.merged = go_add(s->r.merged, b->merged);
}

static int less_minsize(size_t i, size_t j, void *ctx)
{
	struct range_acc *r = ctx;

	return r[i].r.min_size < r[j].r.min_size;
}

static void swap_range(size_t i, size_t j, void *ctx)
{
	struct range_acc *r = ctx, t = r[i];

	r[i] = r[j];
	r[j] = t;
}

static int multi_add(struct multi_acc *a, const struct warp_multi *b)
{
	size_t i, k;

	if (b->skipped)
		return 0;
	a->requests = go_add(a->requests, b->requests);
	a->avg_obj_size = go_add(a->avg_obj_size, b->avg_obj_size);
	for (i = 0; i < b->n; i++) {
		const struct warp_sizerange *w = &b->by_size[i];

		for (k = 0; k < a->n; k++)
			if (w->min_size >= a->by_size[k].r.min_size &&
			    w->max_size <= a->by_size[k].r.max_size)
				break;
		if (k < a->n) {
			range_add(&a->by_size[k], w);
		} else {
			/* Warp appends the window's own range as it is */
			struct range_acc *nb = realloc(a->by_size, (a->n + 1) * sizeof(*nb));

			if (nb == NULL)
				return -1;
			a->by_size = nb;
			memset(&nb[a->n], 0, sizeof(nb[a->n]));
			nb[a->n].r = *w;
			nb[a->n].r.has_fb = 0;
			nb[a->n].fb.present = w->has_fb;
			nb[a->n].fb.t = w->fb;
			a->n++;
			gosort_slice(a->n, less_minsize, swap_range, a->by_size);
		}
	}
	a->merged = go_add(a->merged, b->merged);
	return 0;
}

static int merge_requests(const struct warp_live *l, struct single_acc *ss, struct multi_acc *ms)
{
	size_t i, k;

	memset(ss, 0, sizeof(*ss));
	memset(ms, 0, sizeof(*ms));
	for (i = 0; i < l->n_reqs; i++)
		for (k = 0; k < l->reqs[i].n; k++) {
			const struct warp_reqseg *w = &l->reqs[i].segs[k];

			if (w->single.present)
				single_add(ss, &w->single);
			if (w->multi.present && multi_add(ms, &w->multi) < 0)
				return -1;
		}
	return 0;
}

/* ---------------------------------------------------------------- text */

struct out {
	FILE *f;
};

/* SingleSizedRequests.StringByN: a value in ms (never switches to seconds in
 * practice: Warp compares milliseconds with 100 ms expressed in nanoseconds). */
static void fmt_millis(char *buf, size_t n, double v, double inv)
{
	if (v * inv > 1e8) {
		char d[40];

		go_dur_string(d, sizeof(d), go_dur_round(go_f2i(v * 1e6 * inv), GO_MS));
		snprintf(buf, n, "%s", d);
	} else {
		char f[352];

		snprintf(buf, n, "%sms", go_ftoa(f, sizeof(f), 1, v * inv));
	}
}

static void print_reqs(FILE *f, const struct warp_single *s, const char *prefix, const char *suffix)
{
	double n = (double)s->merged, inv;
	char v[7][48];

	if (s->requests == 0 || n == 0) {
		fprintf(f, "%s%s", prefix, suffix);
		return;
	}
	inv = 1 / n;
	fmt_millis(v[0], sizeof(v[0]), s->dur_avg, inv);
	fmt_millis(v[1], sizeof(v[1]), s->dur_median, inv);
	fmt_millis(v[2], sizeof(v[2]), s->dur_90, inv);
	fmt_millis(v[3], sizeof(v[3]), s->dur_99, inv);
	fmt_millis(v[4], sizeof(v[4]), s->fastest * n, inv);
	fmt_millis(v[5], sizeof(v[5]), s->slowest * n, inv);
	fmt_millis(v[6], sizeof(v[6]), s->stddev, inv);
	fprintf(f,
		"%sAvg: %s, 50%%: %s, 90%%: %s, 99%%: %s, Fastest: %s, Slowest: %s, StdDev: %s%s",
		prefix, v[0], v[1], v[2], v[3], v[4], v[5], v[6], suffix);
}

/* TTFB.StringByN values in ns, rounded to ms: avg best p25 median p75 p90 p99 worst sd */
static void ttfb_values(const struct warp_ttfb *t, int64_t n, int64_t out[9])
{
	double fn = 1.0 / (double)n, ms = 1e6;

	out[0] = go_dur_round(go_f2i(t->avg * ms * fn), GO_MS);
	out[1] = go_dur_round(go_f2i(t->fastest * ms), GO_MS);
	out[2] = go_dur_round(go_f2i(t->p25 * ms * fn), GO_MS);
	out[3] = go_dur_round(go_f2i(t->median * ms * fn), GO_MS);
	out[4] = go_dur_round(go_f2i(t->p75 * ms * fn), GO_MS);
	out[5] = go_dur_round(go_f2i(t->p90 * ms * fn), GO_MS);
	out[6] = go_dur_round(go_f2i(t->p99 * ms * fn), GO_MS);
	out[7] = go_dur_round(go_f2i(t->slowest * ms), GO_MS);
	out[8] = go_dur_round(go_f2i(t->stddev * ms * fn), GO_MS);
}

static void print_ttfb(FILE *f, const struct warp_ttfb *t, int64_t n, const char *prefix,
		       const char *suffix)
{
	int64_t v[9];
	char s[9][40];
	int i;

	if (t->avg == 0 || n == 0) {
		fprintf(f, "%s%s", prefix, suffix);
		return;
	}
	ttfb_values(t, n, v);
	for (i = 0; i < 9; i++)
		go_dur_string(s[i], sizeof(s[i]), v[i]);
	fprintf(f,
		"%sAvg: %s, Best: %s, 25th: %s, Median: %s, 75th: %s, 90th: %s, 99th: %s, "
		"Worst: %s StdDev: %s%s",
		prefix, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], suffix);
}

/* Throughput.StringDetails(false) */
static void tp_string(char *buf, size_t n, const struct warp_tp *t)
{
	char speed[400] = "", f[352];
	char errs[48] = "";
	double ms = (double)t->measure_ms;

	if (t->bytes == 0 && t->objects == 0) {
		buf[0] = '\0';
		return;
	}
	if (t->bytes > 0)
		snprintf(speed, sizeof(speed), "%s MiB/s, ",
			 go_ftoa(f, sizeof(f), 2, (1000 * t->bytes / ms) / 1048576));
	if (t->errors > 0)
		snprintf(errs, sizeof(errs), ", %lld errors", (long long)t->errors);
	snprintf(buf, n, "%s%s obj/s%s", speed, go_ftoa(f, sizeof(f), 2, 1000 * t->objects / ms),
		 errs);
}

static void seg_string(char *buf, size_t n, double bps, double ops)
{
	char speed[400] = "", f[352];

	if (bps > 0) {
		go_throughput(speed, sizeof(speed) - 2, bps);
		strcat(speed, ", ");
	}
	snprintf(buf, n, "%s%s obj/s", speed, go_ftoa(f, sizeof(f), 2, ops));
}

static const struct warp_tp *keyed_find(const struct warp_keyed_tp *a, size_t n, const char *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(a[i].key, k) == 0)
			return &a[i].tp;
	return NULL;
}

/* live_reqs: the request lines of a live report: " * Reqs:" and " * TTFB:" over every
 * request of one size, else one block per request size range. */
static int live_reqs(FILE *f, const struct warp_live *d)
{
	struct single_acc ss;
	struct multi_acc ms;
	size_t i;

	if (merge_requests(d, &ss, &ms) < 0) {
		free(ms.by_size);
		return -1;
	}
	if (ss.s.merged > 0) {
		print_reqs(f, &ss.s, " * Reqs: ", "\n");
		if (ss.fb.present)
			print_ttfb(f, &ss.fb.t, ss.s.merged, " * TTFB: ", "\n");
	}
	if (ms.merged > 0) {
		gosort_slice(ms.n, less_minsize, swap_range, ms.by_size);
		for (i = 0; i < ms.n; i++) {
			const struct warp_sizerange *s = &ms.by_size[i].r;

			fprintf(f, "\nRequest size %s -> %s . Requests: %lld\n", s->min_str,
				s->max_str, (long long)s->requests);
			fputs(" * Reqs: ", f);
			if (s->merged > 0 && s->requests != 0) {
				double mul = 1 / (double)s->merged;
				char t[6][40];

				fprintf(f,
					"Avg: %s, 50%%: %s, 90%%: %s, 99%%: %s, Fastest: %s, "
					"Slowest: %s",
					go_throughput(t[0], 40, s->bps_avg * mul),
					go_throughput(t[1], 40, s->bps_median * mul),
					go_throughput(t[2], 40, s->bps_90 * mul),
					go_throughput(t[3], 40, s->bps_99 * mul),
					go_throughput(t[4], 40, s->bps_fastest * mul),
					go_throughput(t[5], 40, s->bps_slowest * mul));
			}
			fputs(" \n", f);
			if (ms.by_size[i].fb.present)
				print_ttfb(f, &ms.by_size[i].fb.t, s->merged, " * TTFB: ", "\n");
		}
	}
	free(ms.by_size);
	return 0;
}

static int live_report(FILE *f, const struct warp_live *d, const char *op, int skip_reqs)
{
	const struct warp_segmented *sg = d->tp.seg;
	struct warp_tp zero;
	char buf[1024], dur[40];
	size_t i;

	warp_tp_init(&zero);
	if (sg == NULL || sg->n < 2) {
		fprintf(f,
			"Skipping %s too few samples. Longer benchmark run required for reliable "
			"results.\n\n",
			op);
		if (d->total_errors > 0)
			fprintf(f, "Errors: %lld\n\n", (long long)d->total_errors);
		return 0;
	}
	fprintf(f, "Report: %s. Concurrency: %lld. Ran: %s\n", op, (long long)d->concurrency,
		go_dur_string(dur, sizeof(dur),
			      (int64_t)((uint64_t)d->tp.measure_ms * (uint64_t)GO_MS)));
	tp_string(buf, sizeof(buf), &d->tp);
	fprintf(f, " * Average: %s\n", buf);
	if (d->total_errors > 0)
		fprintf(f, " * Errors: %lld\n", (long long)d->total_errors);
	if (!skip_reqs && live_reqs(f, d) < 0)
		return -1;
	fputc('\n', f);
	if (d->hosts.n > 1) {
		fputs("Throughput by host:\n", f);
		for (i = 0; i < d->hosts.n; i++) {
			const struct warp_tp *t = keyed_find(d->tp_host, d->n_tp_host,
							     d->hosts.v[i]);

			if (t == NULL)
				t = &zero;
			tp_string(buf, sizeof(buf), t);
			fprintf(f, " * %s: Avg: %s", d->hosts.v[i], buf);
			if (t->errors > 0)
				fprintf(f, " - Errors: %lld", (long long)d->total_errors);
			fputc('\n', f);
		}
		fputc('\n', f);
	}
	if (d->clients.n > 1) {
		fputs("Throughput by client:\n", f);
		for (i = 0; i < d->clients.n; i++) {
			const struct warp_tp *t = keyed_find(d->tp_client, d->n_tp_client,
							     d->clients.v[i]);

			tp_string(buf, sizeof(buf), t ? t : &zero);
			fprintf(f, "Client %zu throughput: %s\n", i + 1, buf);
		}
		fputc('\n', f);
	}
	{
		char a[800], b[800], c[800];

		seg_string(a, sizeof(a), sg->fastest_bps, sg->fastest_ops);
		seg_string(b, sizeof(b), sg->median_bps, sg->median_ops);
		seg_string(c, sizeof(c), sg->slowest_bps, sg->slowest_ops);
		fprintf(f,
			"Throughput, split into %zu x 1s:\n * Fastest: %s\n * 50%% Median: %s\n"
			" * Slowest: %s\n",
			sg->n, a, b, c);
	}
	return 0;
}

/* Realtime.overLappingOps (true when two ops do NOT overlap in time). */
static int ops_disjoint(const struct warp_rt *rt)
{
	size_t i, k;

	if (rt->n_ops <= 1)
		return 0;
	for (i = 0; i < rt->n_ops; i++)
		for (k = 0; k < rt->n_ops; k++) {
			const struct warp_live *a = rt->ops[i].agg, *b = rt->ops[k].agg;

			if (i == k)
				continue;
			if (a->start > b->end || a->end < b->start)
				return 1;
		}
	return 0;
}

char *warp_report_text(const struct warp_rt *rt)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);
	int fail = 0;

	if (f == NULL)
		return NULL;
	fputc('\n', f);
	for (i = 0; i < rt->n_ops; i++) {
		if (i > 0)
			fputs(separator, f);
		fail |= live_report(f, rt->ops[i].agg, rt->ops[i].op, 0);
	}
	fputc('\n', f);
	if (rt->n_ops > 1 && !ops_disjoint(rt)) {
		fputs(separator, f);
		fail |= live_report(f, &rt->total, "Total", 1);
	}
	fputc('\n', f);
	if (fclose(f) != 0 || fail) {
		free(text);
		return NULL;
	}
	return text;
}

/* ---------------------------------------------------------------- JSON */

void warp_reqstats_of(const struct warp_live *l, struct warp_reqstats *o)
{
	struct single_acc ss;
	struct multi_acc ms;
	double n, inv;

	memset(o, 0, sizeof(*o));
	if (merge_requests(l, &ss, &ms) < 0) {
		free(ms.by_size);
		return;
	}
	free(ms.by_size);
	if (ss.s.merged <= 0 || ss.s.requests == 0)
		return;
	n = (double)ss.s.merged;
	inv = 1 / n;
	o->has_reqs = 1;
	o->avg = ss.s.dur_avg * inv;
	o->p50 = ss.s.dur_median * inv;
	o->p90 = ss.s.dur_90 * inv;
	o->p99 = ss.s.dur_99 * inv;
	o->fastest = ss.s.fastest * n * inv;
	o->slowest = ss.s.slowest * n * inv;
	o->stddev = ss.s.stddev * inv;
	o->requests = ss.s.requests;
	o->obj_size_sum = ss.s.obj_size;
	o->windows = ss.s.merged;
	if (ss.fb.present && ss.fb.t.avg != 0) {
		o->has_ttfb = 1;
		ttfb_values(&ss.fb.t, ss.s.merged, o->ttfb_ns);
	}
}

static json_t *tp_json(const struct warp_tp *t)
{
	double ms = (double)t->measure_ms;

	return json_pack("{s:f,s:f,s:I}", "mib_s", ms > 0 ? (1000 * t->bytes / ms) / 1048576 : 0.0,
			 "obj_s", ms > 0 ? 1000 * t->objects / ms : 0.0, "errors",
			 (json_int_t)t->errors);
}

static json_t *seg_json(int64_t start, double bps, double ops)
{
	char t[RFC3339_MAX];

	if (start == WARP_TIME_ZERO)
		snprintf(t, sizeof(t), "0001-01-01T00:00:00Z");
	else
		rfc3339_format(t, sizeof(t), start);
	return json_pack("{s:s,s:f,s:f}", "start", t, "mib_s", bps / 1048576, "obj_s", ops);
}

static json_t *live_json(const struct warp_live *d, const char *op)
{
	const struct warp_segmented *sg = d->tp.seg;
	struct warp_reqstats rs;
	json_t *o, *clients, *hosts, *reqs = json_null(), *ttfb = json_null(), *segs = json_null();
	size_t i;

	warp_reqstats_of(d, &rs);
	if (rs.has_reqs)
		reqs = json_pack("{s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:I}", "avg", rs.avg, "p50", rs.p50,
				 "p90", rs.p90, "p99", rs.p99, "fastest", rs.fastest, "slowest",
				 rs.slowest, "stddev", rs.stddev, "windows",
				 (json_int_t)rs.windows);
	if (rs.has_ttfb)
		ttfb = json_pack("{s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f}", "avg",
				 rs.ttfb_ns[0] / 1e6, "best", rs.ttfb_ns[1] / 1e6, "p25",
				 rs.ttfb_ns[2] / 1e6, "median", rs.ttfb_ns[3] / 1e6, "p75",
				 rs.ttfb_ns[4] / 1e6, "p90", rs.ttfb_ns[5] / 1e6, "p99",
				 rs.ttfb_ns[6] / 1e6, "worst", rs.ttfb_ns[7] / 1e6, "stddev",
				 rs.ttfb_ns[8] / 1e6);
	if (sg && sg->n >= 2)
		segs = json_pack(
			"{s:I,s:o,s:o,s:o}", "count", (json_int_t)sg->n, "fastest",
			seg_json(sg->fastest_start, sg->fastest_bps, sg->fastest_ops), "median",
			seg_json(sg->median_start, sg->median_bps, sg->median_ops), "slowest",
			seg_json(sg->slowest_start, sg->slowest_bps, sg->slowest_ops));
	clients = json_array();
	for (i = 0; i < d->clients.n; i++) {
		const struct warp_tp *t = keyed_find(d->tp_client, d->n_tp_client, d->clients.v[i]);
		json_t *c = t ? tp_json(t) : json_object();

		json_object_set_new(c, "client", json_string(d->clients.v[i]));
		json_array_append_new(clients, c);
	}
	hosts = json_array();
	for (i = 0; i < d->hosts.n; i++)
		json_array_append_new(hosts, json_string(d->hosts.v[i]));
	o = tp_json(&d->tp);
	json_object_set_new(o, "op", json_string(op));
	json_object_set_new(o, "skipped", json_boolean(sg == NULL || sg->n < 2));
	json_object_set_new(o, "concurrency", json_integer(d->concurrency));
	json_object_set_new(o, "ran_s", json_real((double)d->tp.measure_ms / 1000));
	json_object_set_new(o, "requests", json_integer(d->total_requests));
	json_object_set_new(o, "objects", json_integer(d->total_objects));
	json_object_set_new(o, "bytes", json_integer(d->total_bytes));
	json_object_set_new(o, "errors", json_integer(d->total_errors));
	json_object_set_new(o, "requests_ms", reqs);
	json_object_set_new(o, "ttfb_ms", ttfb);
	json_object_set_new(o, "clients", clients);
	json_object_set_new(o, "hosts", hosts);
	json_object_set_new(o, "segments", segs);
	return o;
}

json_t *warp_report_json(const struct warp_rt *rt)
{
	json_t *o = json_object(), *ops = json_array();
	size_t i;

	for (i = 0; i < rt->n_ops; i++)
		json_array_append_new(ops, live_json(rt->ops[i].agg, rt->ops[i].op));
	json_object_set_new(o, "ops", ops);
	json_object_set_new(o, "total",
			    rt->n_ops > 1 && !ops_disjoint(rt) ? live_json(&rt->total, "Total")
							       : json_null());
	json_object_set_new(o, "commandline",
			    rt->commandline ? json_string(rt->commandline) : json_null());
	return o;
}
