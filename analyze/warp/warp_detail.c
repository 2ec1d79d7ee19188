/* analyze/warp/warp_detail.c: see warp_detail.h. */
#include "analyze/warp/warp_detail.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_lines.h"

static void first_errors(FILE *f, const struct warp_live *d, const char *head, const char *item)
{
	size_t i;

	fputs(head, f);
	for (i = 0; i < d->n_first_errors; i++)
		fprintf(f, "%s%s\n", item, d->first_errors[i]);
}

/* The lines above the Reqs: the header, the Average and the errors. */
static void head_lines(FILE *f, const struct warp_live *d, const char *op)
{
	char hosts[96] = "", sz[64] = "", dur[40], clock[40], buf[1024];
	int64_t per_req = 0;

	if (d->hosts.n > 1)
		snprintf(hosts, sizeof(hosts), " Hosts: %zu.", d->hosts.n);
	if (d->clients.n > 1) {
		size_t k = strlen(hosts);

		snprintf(hosts + k, sizeof(hosts) - k, " Warp Instances: %zu.", d->clients.n);
	}
	if (d->total_bytes > 0 && d->total_objects > 0)
		snprintf(sz, sizeof(sz), "Size: %lld bytes. ",
			 (long long)(d->total_bytes / d->total_objects));
	if (d->total_requests > 0)
		per_req = d->total_objects / d->total_requests;
	go_dur_string(dur, sizeof(dur), (int64_t)((uint64_t)d->tp.measure_ms * (uint64_t)GO_MS));
	fprintf(f, "Report: %s (%lld reqs). Ran Duration: %s, starting %s\n", op,
		(long long)d->total_requests, dur,
		warp_lines_clock(clock, sizeof(clock), d->tp.start));
	fprintf(f, " * Objects per request: %lld. %sConcurrency: %lld.%s\n", (long long)per_req, sz,
		(long long)d->concurrency, hosts);
	warp_lines_tp(buf, sizeof(buf), &d->tp, WARP_LINES_V161 | WARP_LINES_DUR);
	fprintf(f, " * Average: %s\n", buf);
	if (d->total_errors > 0) {
		fprintf(f, " * Errors: %lld\n", (long long)d->total_errors);
		first_errors(f, d, " - First Errors:\n", "   * ");
	}
}

/* One client's own Reqs/TTFB lines under its throughput line. */
static int client_reqs(FILE *f, const struct warp_live *d, const char *client)
{
	struct warp_single_acc ss;
	struct warp_multi_acc ms;
	size_t i;

	if (warp_lines_merge(d, client, &ss, &ms) < 0) {
		free(ms.by_size);
		return -1;
	}
	if (ss.s.merged > 0) {
		warp_lines_reqs(f, &ss.s, " * Reqs: ", "");
		if (ss.fb.present)
			warp_lines_ttfb(f, &ss.fb.t, ss.s.merged, "\n * TTFB: ", "\n");
		else
			fputc('\n', f);
	}
	if (ms.merged > 0) {
		warp_lines_sort_sizes(&ms);
		for (i = 0; i < ms.n; i++) {
			const struct warp_sizerange *s = &ms.by_size[i].r;

			fprintf(f,
				"\nRequest size %s -> %s . Requests: %lld\n * Reqs: ", s->min_str,
				s->max_str, (long long)s->requests);
			warp_lines_range(f, s);
			if (ms.by_size[i].fb.present)
				warp_lines_ttfb(f, &ms.by_size[i].fb.t, s->merged,
						", TTFB: ", "\n");
			else
				fputc('\n', f);
		}
	}
	free(ms.by_size);
	return 0;
}

static int by_host_and_client(FILE *f, const struct warp_live *d, int skip_reqs)
{
	struct warp_tp zero;
	char buf[1024];
	size_t i;

	warp_tp_init(&zero);
	warp_lines_hosts(f, d, WARP_LINES_V161 | WARP_LINES_DUR);
	if (d->clients.n > 1) {
		fputs("Throughput by client:\n", f);
		for (i = 0; i < d->clients.n; i++) {
			const struct warp_tp *t = warp_lines_keyed(d->tp_client, d->n_tp_client,
								   d->clients.v[i]);

			warp_lines_tp(buf, sizeof(buf), t ? t : &zero,
				      WARP_LINES_V161 | WARP_LINES_DUR);
			fprintf(f, "Client %zu throughput: %s\n", i + 1, buf);
			if (skip_reqs)
				continue;
			if (client_reqs(f, d, d->clients.v[i]) < 0)
				return -1;
			fputc('\n', f);
		}
		fputc('\n', f);
	}
	return 0;
}

/* LiveAggregate.Report(op, Details: true) */
static int live_detail(FILE *f, const struct warp_live *d, const char *op, int skip_reqs)
{
	const struct warp_segmented *sg = d->tp.seg;
	char a[800], b[800], c[800];
	int oz = d->tp.objects == 0;

	if (sg == NULL || sg->n < 2) {
		fprintf(f,
			"Skipping %s too few samples. Longer benchmark run required for reliable "
			"results.\n\n",
			op);
		if (d->total_errors > 0) {
			fprintf(f, "Errors: %lld\n", (long long)d->total_errors);
			first_errors(f, d, "- First Errors:\n", " * ");
			fputc('\n', f);
		}
		return 0;
	}
	head_lines(f, d, op);
	if (!skip_reqs && warp_lines_live_reqs(f, d) < 0)
		return -1;
	fputc('\n', f);
	if (by_host_and_client(f, d, skip_reqs) < 0)
		return -1;
	warp_lines_seg(a, sizeof(a), sg->fastest_bps, sg->fastest_ops, oz, sg->seg_dur_ms,
		       sg->fastest_start);
	warp_lines_seg(b, sizeof(b), sg->median_bps, sg->median_ops, oz, sg->seg_dur_ms,
		       sg->median_start);
	warp_lines_seg(c, sizeof(c), sg->slowest_bps, sg->slowest_ops, oz, sg->seg_dur_ms,
		       sg->slowest_start);
	fprintf(f,
		"Throughput, split into %zu x 1s:\n * Fastest: %s\n * 50%% Median: %s\n"
		" * Slowest: %s\n",
		sg->n, a, b, c);
	return 0;
}

char *warp_detail_text(const struct warp_rt *rt)
{
	return warp_lines_ops_text(rt, ' ', live_detail);
}
