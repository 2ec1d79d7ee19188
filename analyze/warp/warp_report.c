/* analyze/warp/warp_report.c: see warp_report.h. */
#include "analyze/warp/warp_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_lines.h"
#include "core/timefmt.h"

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
	warp_lines_tp(buf, sizeof(buf), &d->tp, 0);
	fprintf(f, " * Average: %s\n", buf);
	if (d->total_errors > 0)
		fprintf(f, " * Errors: %lld\n", (long long)d->total_errors);
	if (!skip_reqs && warp_lines_live_reqs(f, d) < 0)
		return -1;
	fputc('\n', f);
	warp_lines_hosts(f, d, 0);
	if (d->clients.n > 1) {
		fputs("Throughput by client:\n", f);
		for (i = 0; i < d->clients.n; i++) {
			const struct warp_tp *t = warp_lines_keyed(d->tp_client, d->n_tp_client,
								   d->clients.v[i]);

			warp_lines_tp(buf, sizeof(buf), t ? t : &zero, 0);
			fprintf(f, "Client %zu throughput: %s\n", i + 1, buf);
		}
		fputc('\n', f);
	}
	{
		char a[800], b[800], c[800];

		warp_lines_seg(a, sizeof(a), sg->fastest_bps, sg->fastest_ops, 0, -1, 0);
		warp_lines_seg(b, sizeof(b), sg->median_bps, sg->median_ops, 0, -1, 0);
		warp_lines_seg(c, sizeof(c), sg->slowest_bps, sg->slowest_ops, 0, -1, 0);
		fprintf(f,
			"Throughput, split into %zu x 1s:\n * Fastest: %s\n * 50%% Median: %s\n"
			" * Slowest: %s\n",
			sg->n, a, b, c);
	}
	return 0;
}

char *warp_report_text(const struct warp_rt *rt)
{
	return warp_lines_ops_text(rt, '\n', live_report);
}

/* ---------------------------------------------------------------- JSON */

void warp_reqstats_of(const struct warp_live *l, struct warp_reqstats *o)
{
	struct warp_single_acc ss;
	struct warp_multi_acc ms;
	double n, inv;

	memset(o, 0, sizeof(*o));
	if (warp_lines_merge(l, NULL, &ss, &ms) < 0) {
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
		warp_lines_ttfb_values(&ss.fb.t, ss.s.merged, o->ttfb_ns);
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
		const struct warp_tp *t = warp_lines_keyed(d->tp_client, d->n_tp_client,
							   d->clients.v[i]);
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
			    rt->n_ops > 1 && !warp_lines_ops_disjoint(rt)
				    ? live_json(&rt->total, "Total")
				    : json_null());
	json_object_set_new(o, "commandline",
			    rt->commandline ? json_string(rt->commandline) : json_null());
	return o;
}
