/* analyze/warp/warp_lines.c: see warp_lines.h. */
#include "analyze/warp/warp_lines.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_gosort.h"

/* ---------------------------------------------------------------- request merging */

static void ttfb_add(struct warp_ttfb_acc *a, const struct warp_ttfb *o)
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

static void single_add(struct warp_single_acc *a, const struct warp_single *b)
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

static void range_add(struct warp_range_acc *s, const struct warp_sizerange *b)
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
	struct warp_range_acc *r = ctx;

	return r[i].r.min_size < r[j].r.min_size;
}

static void swap_range(size_t i, size_t j, void *ctx)
{
	struct warp_range_acc *r = ctx, t = r[i];

	r[i] = r[j];
	r[j] = t;
}

static int multi_add(struct warp_multi_acc *a, const struct warp_multi *b)
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
			struct warp_range_acc *nb = realloc(a->by_size, (a->n + 1) * sizeof(*nb));

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

int warp_lines_merge(const struct warp_live *l, const char *client, struct warp_single_acc *ss,
		     struct warp_multi_acc *ms)
{
	size_t i, k;

	memset(ss, 0, sizeof(*ss));
	memset(ms, 0, sizeof(*ms));
	for (i = 0; i < l->n_reqs; i++) {
		if (client != NULL && strcmp(l->reqs[i].client, client) != 0)
			continue;
		for (k = 0; k < l->reqs[i].n; k++) {
			const struct warp_reqseg *w = &l->reqs[i].segs[k];

			if (w->single.present)
				single_add(ss, &w->single);
			if (w->multi.present && multi_add(ms, &w->multi) < 0)
				return -1;
		}
	}
	return 0;
}

void warp_lines_sort_sizes(struct warp_multi_acc *ms)
{
	gosort_slice(ms->n, less_minsize, swap_range, ms->by_size);
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

void warp_lines_reqs(FILE *f, const struct warp_single *s, const char *prefix, const char *suffix)
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
void warp_lines_ttfb_values(const struct warp_ttfb *t, int64_t n, int64_t out[9])
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

void warp_lines_ttfb(FILE *f, const struct warp_ttfb *t, int64_t n, const char *prefix,
		     const char *suffix)
{
	int64_t v[9];
	char s[9][40];
	int i;

	if (t->avg == 0 || n == 0) {
		fprintf(f, "%s%s", prefix, suffix);
		return;
	}
	warp_lines_ttfb_values(t, n, v);
	for (i = 0; i < 9; i++)
		go_dur_string(s[i], sizeof(s[i]), v[i]);
	fprintf(f,
		"%sAvg: %s, Best: %s, 25th: %s, Median: %s, 75th: %s, 90th: %s, 99th: %s, "
		"Worst: %s StdDev: %s%s",
		prefix, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], suffix);
}

void warp_lines_tp(char *buf, size_t n, const struct warp_tp *t, int flags)
{
	char speed[400] = "", f[352], errs[48] = "", dur[48] = "";
	const char *unit = "obj/s";
	double ms = (double)t->measure_ms, per_s = 1000 * t->objects / ms;

	if (t->bytes == 0 && t->objects == 0 && (!(flags & WARP_LINES_V161) || t->ops == 0)) {
		buf[0] = '\0';
		return;
	}
	if (t->bytes > 0)
		snprintf(speed, sizeof(speed), "%s MiB/s, ",
			 go_ftoa(f, sizeof(f), 2, (1000 * t->bytes / ms) / 1048576));
	if (t->errors > 0)
		snprintf(errs, sizeof(errs), ", %lld errors", (long long)t->errors);
	/* Go's integer division truncates toward zero, as C's does */
	if (flags & WARP_LINES_DUR)
		snprintf(dur, sizeof(dur), " (%llds)", (long long)((t->measure_ms + 500) / 1000));
	if (flags & WARP_LINES_V161) {
		if (t->objects == 0) {
			unit = "ops/s";
			if (t->ops > 0)
				per_s = 1000 * (double)t->ops / ms;
		}
	}
	snprintf(buf, n, "%s%s %s%s%s", speed, go_ftoa(f, sizeof(f), 2, per_s), unit, errs, dur);
}

void warp_lines_seg(char *buf, size_t n, double bps, double ops, int objects_zero,
		    int64_t seg_dur_ms, int64_t start)
{
	char speed[400] = "", f[352], detail[96] = "";

	if (bps > 0) {
		go_throughput(speed, sizeof(speed) - 2, bps);
		strcat(speed, ", ");
	}
	if (seg_dur_ms >= 0) {
		char d[40], c[40];

		go_dur_string(d, sizeof(d), (int64_t)((uint64_t)seg_dur_ms * (uint64_t)GO_MS));
		snprintf(detail, sizeof(detail), " (%s, starting %s)", d,
			 warp_lines_clock(c, sizeof(c), start));
	}
	snprintf(buf, n, "%s%s %s%s", speed, go_ftoa(f, sizeof(f), 2, ops),
		 objects_zero ? "ops/s" : "obj/s", detail);
}

char *warp_lines_clock(char *buf, size_t n, int64_t ns)
{
	const char *tz = getenv("TZ");
	time_t secs;
	struct tm tm;

	if (ns == WARP_TIME_ZERO) {
		snprintf(buf, n, "00:00:00 UTC");
		return buf;
	}
	/* floor division: a time before 1970 still shows its own second */
	secs = (time_t)(ns / 1000000000 - (ns % 1000000000 < 0));
	if (tz == NULL || tz[0] == '\0') {
		gmtime_r(&secs, &tm);
		strftime(buf, n, "%H:%M:%S UTC", &tm);
	} else {
		tzset();
		localtime_r(&secs, &tm);
		if (strftime(buf, n, "%H:%M:%S %Z", &tm) == 0)
			strftime(buf, n, "%H:%M:%S", &tm);
	}
	return buf;
}

void warp_lines_range(FILE *f, const struct warp_sizerange *s)
{
	double mul;
	char t[6][40];

	if (s->merged <= 0 || s->requests == 0)
		return;
	mul = 1 / (double)s->merged;
	fprintf(f, "Avg: %s, 50%%: %s, 90%%: %s, 99%%: %s, Fastest: %s, Slowest: %s",
		go_throughput(t[0], 40, s->bps_avg * mul),
		go_throughput(t[1], 40, s->bps_median * mul),
		go_throughput(t[2], 40, s->bps_90 * mul), go_throughput(t[3], 40, s->bps_99 * mul),
		go_throughput(t[4], 40, s->bps_fastest * mul),
		go_throughput(t[5], 40, s->bps_slowest * mul));
}

const struct warp_tp *warp_lines_keyed(const struct warp_keyed_tp *a, size_t n, const char *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(a[i].key, k) == 0)
			return &a[i].tp;
	return NULL;
}

/* live_reqs: the request lines of a live report: " * Reqs:" and " * TTFB:" over every
 * request of one size, else one block per request size range. */
int warp_lines_live_reqs(FILE *f, const struct warp_live *d)
{
	struct warp_single_acc ss;
	struct warp_multi_acc ms;
	size_t i;

	if (warp_lines_merge(d, NULL, &ss, &ms) < 0) {
		free(ms.by_size);
		return -1;
	}
	if (ss.s.merged > 0) {
		warp_lines_reqs(f, &ss.s, " * Reqs: ", "\n");
		if (ss.fb.present)
			warp_lines_ttfb(f, &ss.fb.t, ss.s.merged, " * TTFB: ", "\n");
	}
	if (ms.merged > 0) {
		warp_lines_sort_sizes(&ms);
		for (i = 0; i < ms.n; i++) {
			const struct warp_sizerange *s = &ms.by_size[i].r;

			fprintf(f, "\nRequest size %s -> %s . Requests: %lld\n", s->min_str,
				s->max_str, (long long)s->requests);
			fputs(" * Reqs: ", f);
			warp_lines_range(f, s);
			fputs(" \n", f);
			if (ms.by_size[i].fb.present)
				warp_lines_ttfb(f, &ms.by_size[i].fb.t, s->merged,
						" * TTFB: ", "\n");
		}
	}
	free(ms.by_size);
	return 0;
}

const char warp_lines_separator[] =
	"\n\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
	"\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\n\n";

/* Realtime.overLappingOps (true when two ops do NOT overlap in time). */
int warp_lines_ops_disjoint(const struct warp_rt *rt)
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

char *warp_lines_ops_text(const struct warp_rt *rt, char lead, warp_block_fn block)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);
	int fail = 0;

	if (f == NULL)
		return NULL;
	fputc(lead, f);
	for (i = 0; i < rt->n_ops; i++) {
		if (i > 0)
			fputs(warp_lines_separator, f);
		fail |= block(f, rt->ops[i].agg, rt->ops[i].op, 0);
	}
	fputc('\n', f);
	if (rt->n_ops > 1 && !warp_lines_ops_disjoint(rt)) {
		fputs(warp_lines_separator, f);
		fail |= block(f, &rt->total, "Total", 1);
	}
	fputc('\n', f);
	if (fclose(f) != 0 || fail) {
		free(text);
		return NULL;
	}
	return text;
}

void warp_lines_hosts(FILE *f, const struct warp_live *d, int flags)
{
	struct warp_tp zero;
	char buf[1024];

	if (d->hosts.n <= 1)
		return;
	warp_tp_init(&zero);
	fputs("Throughput by host:\n", f);
	for (size_t i = 0; i < d->hosts.n; i++) {
		const struct warp_tp *t = warp_lines_keyed(d->tp_host, d->n_tp_host, d->hosts.v[i]);

		warp_lines_tp(buf, sizeof(buf), t ? t : &zero, flags);
		fprintf(f, " * %s: Avg: %s", d->hosts.v[i], buf);
		if (t != NULL && t->errors > 0) /* Warp prints the op's total here */
			fprintf(f, " - Errors: %lld", (long long)d->total_errors);
		fputc('\n', f);
	}
	fputc('\n', f);
}
