/* tests/unit/test_warp_csv.c: Warp's report built from per-request logs written here
 * (every header generation), against values computed by hand; the merge of two
 * clients' logs in both orders; errors naming file and line; exit statuses.
 *
 * The run (client A): 9 seconds from T0; in second k, c[k] = 1,1,2,4,2,3,2,1,1 PUTs
 * of 1 MiB start at T0+k+0.25 (threads 0..c[k]-1), request j (0..16 in file order)
 * lasting 100 + 40 j ms, so every request stays inside its second; last_byte = end -
 * 20 ms (current header), first_byte = start + 5 ms.
 *  - segments: 9, kept 5 (seconds 2..6: 2,4,2,3,2 MiB); Warp labels them T0+0..4;
 *  - Ran = 9 s (untrimmed length); Average = 13 MiB / 9 s = 1.44 MiB/s, 1.44 obj/s;
 *  - sorted 2,2,2,3,4: Fastest 4.0MiB/s, Median (index round(2.5) = 3) 3.0MiB/s,
 *    Slowest 2.0MiB/s;
 *  - one 10-s window of 17 requests: avg 420 ms, p50 index round(8.5) = 9: 460 ms,
 *    p90 index 15: 700 ms, p99 index 17 -> 16: 740 ms, fastest 100, slowest 740,
 *    stddev sqrt(1600 ms^2 * 408 / 16) = 201.990098 ms -> "202.0ms";
 *  - TTFB 20 ms (end - last_byte) with last_byte, else 5 ms (first_byte - start).
 * Client B: the same one second later, 2 MiB objects. Merged A then B: segments at
 * A's seconds only: 2, 8, 10, 7, 8 MiB (2, 6, 6, 5, 5 obj); the 8 MiB tie keeps time
 * order (insertion sort below 13 elements), so the median (index 3) is the second
 * one: 8.0MiB/s, 5.00 obj/s. B then A: B's seconds: 8, 10, 7, 8, 4 -> Slowest 4 MiB.
 * Ran 10 s; Average 39 MiB / 10 s; per client 17 (34) MiB over 8.74 s. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "tests/unit/check_tmp.h"
#include "analyze/warp/warp.h"
#include "analyze/warp/warp_model.h"
#include "analyze/warp/warp_report.h"
#include "core/timefmt.h"
#include "core/zio.h"

#define S 1000000000LL
#define MS 1000000LL
#define T0 (1700000000LL * S)
#define MIB 1048576LL

enum gen {
	G_OLDEST,
	G_ENDPOINT,
	G_CLIENT,
	G_CURRENT
};

static const char *const headers[] = {
	"idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\n",
	"idx\tthread\top\tn_objects\tbytes\tendpoint\tfile\terror\tstart\tfirst_byte\tend\t"
	"duration_ns\n",
	"idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\tfirst_byte\t"
	"end\tduration_ns\tcat\n",
	"idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\tfirst_byte\t"
	"last_byte\tend\tduration_ns\tcat\n",
};

static const int counts[9] = {1, 1, 2, 4, 2, 3, 2, 1, 1};

/* Write client `client`'s run in header generation g, shifted by `shift` seconds. */
static void write_run(const char *path, enum gen g, const char *client, int shift, int64_t size,
		      int zst)
{
	char *text = NULL, t[4][RFC3339_MAX];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int k, th, j = 0;

	fputs(headers[g], f);
	for (k = 0; k < 9; k++)
		for (th = 0; th < counts[k]; th++, j++) {
			int64_t st = T0 + (k + shift) * S + 250 * MS, dur = (100 + 40 * j) * MS;

			rfc3339_format(t[0], RFC3339_MAX, st);
			rfc3339_format(t[1], RFC3339_MAX, st + 5 * MS);
			rfc3339_format(t[2], RFC3339_MAX, st + dur - 20 * MS);
			rfc3339_format(t[3], RFC3339_MAX, st + dur);
			switch (g) {
			case G_OLDEST:
				fprintf(f, "%d\t%d\tPUT\t1\t%lld\tobj/%d\t\t%s\t%s\t%s\t%lld\n", j,
					th, (long long)size, j, t[0], t[1], t[3], (long long)dur);
				break;
			case G_ENDPOINT:
				fprintf(f,
					"%d\t%d\tPUT\t1\t%lld\thttp://h:9000\tobj/%d\t\t%s\t%s\t%s\t%lld\n",
					j, th, (long long)size, j, t[0], t[1], t[3],
					(long long)dur);
				break;
			case G_CLIENT:
				fprintf(f,
					"%d\t%d\tPUT\t%s\t1\t%lld\thttp://h:9000\tobj/%d\t\t%s\t%s\t%s\t"
					"%lld\t0\n",
					j, th, client, (long long)size, j, t[0], t[1], t[3],
					(long long)dur);
				break;
			case G_CURRENT:
				fprintf(f,
					"%d\t%d\tPUT\t%s\t1\t%lld\thttp://h:9000\tobj/%d\t\t%s\t%s\t%s\t"
					"%s\t%lld\t0\n",
					j, th, client, (long long)size, j, t[0], t[1], t[2], t[3],
					(long long)dur);
				break;
			}
		}
	fputs("# warp put --duration=9s --obj.size=1MiB --concurrent=4\n", f);
	fclose(f);
	if (zst) {
		struct err e;
		struct zio_writer *w = zio_writer_open(path, 3, &e);

		CHECK(w && zio_write(w, text, len, &e) == 0 && zio_writer_close(w, &e) == 0,
		      "write %s", path);
	} else {
		FILE *o = fopen(path, "w");

		fwrite(text, 1, len, o);
		fclose(o);
	}
	free(text);
}

#define REQS                                                                \
	" * Reqs: Avg: 420.0ms, 50%: 460.0ms, 90%: 700.0ms, 99%: 740.0ms, " \
	"Fastest: 100.0ms, Slowest: 740.0ms, StdDev: 202.0ms\n"
#define TTFB(x)                                                                               \
	" * TTFB: Avg: " x ", Best: " x ", 25th: " x ", Median: " x ", 75th: " x ", 90th: " x \
	", 99th: " x ", Worst: " x " StdDev: 0s\n"

static const struct {
	enum gen g;
	const char *ttfb;
} gen_cases[] = {
	{G_OLDEST, TTFB("5ms")},
	{G_ENDPOINT, TTFB("5ms")},
	{G_CLIENT, TTFB("5ms")},
	{G_CURRENT, TTFB("20ms")},
};

static void test_generations(void)
{
	size_t i;
	int z;

	for (i = 0; i < sizeof(gen_cases) / sizeof(gen_cases[0]); i++)
		for (z = 0; z < 2; z++) {
			char name[64], want[2048], *got;
			const char *files[1];
			struct warp_rt *rt = NULL;
			struct err e;
			int failed = -1;

			snprintf(name, sizeof(name), "gen%zu.csv%s", i, z ? ".zst" : "");
			files[0] = check_tmp(name);
			write_run(files[0], gen_cases[i].g, "a", 0, MIB, z);
			snprintf(want, sizeof(want),
				 "\nReport: PUT. Concurrency: 4. Ran: 9s\n"
				 " * Average: 1.44 MiB/s, 1.44 obj/s\n%s%s\n"
				 "Throughput, split into 5 x 1s:\n"
				 " * Fastest: 4.0MiB/s, 4.00 obj/s\n"
				 " * 50%% Median: 3.0MiB/s, 3.00 obj/s\n"
				 " * Slowest: 2.0MiB/s, 2.00 obj/s\n\n\n",
				 REQS, gen_cases[i].ttfb);
			CHECK(warp_load_merged(files, 1, NULL, NULL, &rt, &failed, &e) == 0 &&
				      failed == 0,
			      "%s: load", name);
			got = rt ? warp_report_text(rt) : NULL;
			CHECK_STR(got, want, "%s: report", name);
			CHECK(rt && rt->commandline &&
				      strcmp(rt->commandline,
					     "warp put --duration=9s --obj.size=1MiB "
					     "--concurrent=4") == 0,
			      "%s: command line kept", name);
			free(got);
			warp_rt_free(rt);
		}
}

static void test_merge_order(void)
{
	const char *a = check_tmp("a.csv.zst"), *b = check_tmp("b.csv.zst");
	const char *ab[2], *ba[2];
	struct warp_rt *rt = NULL;
	struct err e;
	char *got;
	int failed;
	static const char common[] =
		"\nReport: PUT. Concurrency: 8. Ran: 10s\n"
		" * Average: 3.90 MiB/s, 2.60 obj/s\n" REQS TTFB(
			"20ms") "\n"
				"Throughput by client:\n"
				"Client 1 throughput: 1.95 MiB/s, 1.95 obj/s\n"
				"Client 2 throughput: 3.89 MiB/s, 1.95 obj/s\n\n"
				"Throughput, split into 5 x 1s:\n"
				" * Fastest: 10.0MiB/s, 6.00 obj/s\n"
				" * 50% Median: 8.0MiB/s, 5.00 obj/s\n";

	write_run(a, G_CURRENT, "a", 0, MIB, 1);
	write_run(b, G_CURRENT, "b", 1, 2 * MIB, 1);
	ab[0] = a;
	ab[1] = b;
	ba[0] = b;
	ba[1] = a;
	CHECK(warp_load_merged(ab, 2, NULL, NULL, &rt, &failed, &e) == 0 && failed == 0,
	      "A then B");
	got = warp_report_text(rt);
	{
		char want[2048];

		snprintf(want, sizeof(want), "%s * Slowest: 2.0MiB/s, 2.00 obj/s\n\n\n", common);
		CHECK_STR(got, want, "A then B: only A's seconds, tie in time order");
	}
	free(got);
	warp_rt_free(rt);
	CHECK(warp_load_merged(ba, 2, NULL, NULL, &rt, &failed, &e) == 0 && failed == 0,
	      "B then A");
	got = warp_report_text(rt);
	{
		char want[2048];

		snprintf(want, sizeof(want), "%s * Slowest: 4.0MiB/s, 2.00 obj/s\n\n\n", common);
		CHECK_STR(got, want, "B then A: B's seconds decide");
	}
	free(got);
	{
		json_t *j = warp_report_json(rt),
		       *op = json_array_get(json_object_get(j, "ops"), 0);

		CHECK(json_integer_value(json_object_get(op, "concurrency")) == 8,
		      "json concurrency");
		CHECK_NUM(json_real_value(json_object_get(op, "ran_s")), 10, 1e-12, "json ran_s");
		CHECK_NUM(json_real_value(json_object_get(op, "mib_s")), 3.9, 1e-9, "json mib_s");
		CHECK_NUM(
			json_real_value(json_object_get(json_object_get(op, "requests_ms"), "p50")),
			460, 1e-9, "json p50");
		CHECK(json_array_size(json_object_get(op, "clients")) == 2, "json clients");
		CHECK(json_integer_value(
			      json_object_get(json_object_get(op, "segments"), "count")) == 5,
		      "json segment count");
		json_decref(j);
	}
	warp_rt_free(rt);
}

/* Random sizes: windows of several sizes print per size range (Warp's SplitSizes:
 * decades from int(Go's Log10(min)), which is 2 for 1000 bytes). 10 GETs of 1000 B
 * in 100 ms (10000 B/s = 9.8KiB/s) and 10 of 100000 B in 200 ms (500000 B/s =
 * 488.3KiB/s), one starting every 0.45 s, TTFB 10 ms: ranges 100B -> 1KiB (the 1000 B
 * objects) and 1KiB -> 100KiB, 10 requests each. */
static void test_multi_size(void)
{
	const char *path = check_tmp("multi.csv");
	FILE *f = fopen(path, "w");
	struct warp_rt *rt = NULL;
	const char *files[1] = {path};
	struct err e;
	char *got;
	int i, failed;
	static const char want[] =
		"\nRequest size 100B -> 1KiB . Requests: 10\n"
		" * Reqs: Avg: 9.8KiB/s, 50%: 9.8KiB/s, 90%: 9.8KiB/s, 99%: 9.8KiB/s, "
		"Fastest: 9.8KiB/s, Slowest: 9.8KiB/s \n" TTFB(
			"10ms") "\nRequest size 1KiB -> 100KiB . Requests: 10\n"
				" * Reqs: Avg: 488.3KiB/s, 50%: 488.3KiB/s, 90%: 488.3KiB/s, 99%: 488.3KiB/s, "
				"Fastest: 488.3KiB/s, Slowest: 488.3KiB/s \n" TTFB("10ms") "\n";

	fputs(headers[G_OLDEST], f);
	for (i = 0; i < 20; i++) {
		char t[3][RFC3339_MAX];
		int64_t st = T0 + i * 450 * MS, dur = (i % 2 ? 200 : 100) * MS;

		rfc3339_format(t[0], RFC3339_MAX, st);
		rfc3339_format(t[1], RFC3339_MAX, st + 10 * MS);
		rfc3339_format(t[2], RFC3339_MAX, st + dur);
		fprintf(f, "%d\t0\tGET\t1\t%d\tk\t\t%s\t%s\t%s\t%lld\n", i, i % 2 ? 100000 : 1000,
			t[0], t[1], t[2], (long long)dur);
	}
	fclose(f);
	CHECK(warp_load_merged(files, 1, NULL, NULL, &rt, &failed, &e) == 0 && failed == 0,
	      "multi-size load");
	got = warp_report_text(rt);
	CHECK(got && strstr(got, want), "size ranges printed as Warp does");
	CHECK(got && !strstr(got, "ms, 50%:"), "no single-size Reqs line");
	if (got && !strstr(got, want))
		fprintf(stderr, "got:\n%s\nwant:\n%s\n", got, want);
	free(got);
	warp_rt_free(rt);
}

/* Errors name the file and the line; the CLI's exit statuses. */
static const struct {
	const char *name, *text, *want;
} bad[] = {
	{"missing-col.csv", "idx\tthread\top\tn_objects\tfile\terror\tstart\tfirst_byte\tend\n",
	 ":1: column 'bytes': required column missing"},
	{"bad-number.csv",
	 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\n"
	 "0\t1\tGET\t1\t12\tk\t\t2020-01-01T00:00:00Z\t\t2020-01-01T00:00:01Z\t1\n"
	 "1\t1\tGET\t1\tlots\tk\t\t2020-01-01T00:00:00Z\t\t2020-01-01T00:00:01Z\t1\n",
	 ":3: column 'bytes': not a non-negative integer: \"lots\""},
	{"bad-time.csv",
	 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\n"
	 "0\t1\tGET\t1\t12\tk\t\t2020-01-01T00:00:00Z\t\t2020-01-01 00:00:01\t1\n",
	 ":2: column 'end': not an RFC 3339 time"},
	{"bad.json", "{\"v\": 2, \"total\": {\"total_requests\": \"many\"}}",
	 "field total.total_requests: not an integer"},
	{"v1.json", "{\"v\": 1}", "field v: Warp result format version"},
	{"far.csv",
	 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\n"
	 "0\t1\tGET\t1\t12\tk\t\t2020-01-01T00:00:00Z\t\t2020-01-01T00:00:01Z\t1\n"
	 "1\t1\tGET\t1\t12\tk\t\t2021-01-01T00:00:00Z\t\t2021-01-01T00:00:01Z\t1\n",
	 ": request 1 is more than 115 days away from the first one"},
	{"backwards.csv",
	 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\n"
	 "3\t1\tGET\t1\t12\tk\t\t2020-01-01T00:00:02Z\t\t2020-01-01T00:00:01Z\t1\n",
	 ": request 3 ends before it starts"},
};

static void test_errors(void)
{
	size_t i;
	struct warp_rt *rt;
	struct err e;
	char good[256];

	snprintf(good, sizeof(good), "%s", check_tmp("good.csv.zst"));

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *p = check_tmp(bad[i].name);
		FILE *f = fopen(p, "w");

		fputs(bad[i].text, f);
		fclose(f);
		e.msg[0] = '\0';
		CHECK(warp_load_file(p, &rt, &e) == -1 && rt == NULL, "%s fails", bad[i].name);
		CHECK(strstr(e.msg, p) && strstr(e.msg, bad[i].want), "%s: '%s' in '%s'",
		      bad[i].name, bad[i].want, e.msg);
	}
	/* truncated and corrupt zstd */
	write_run(good, G_CURRENT, "a", 0, MIB, 1);
	{
		const char *tr = check_tmp("trunc.csv.zst");
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "head -c 300 '%s' > '%s'", good, tr);
		CHECK(system(cmd) == 0, "make truncated copy");
		CHECK(warp_load_file(tr, &rt, &e) == -1 && strstr(e.msg, tr) &&
			      strstr(e.msg, "truncated"),
		      "truncated: %s", e.msg);
		tr = check_tmp("corrupt.csv.zst");
		snprintf(cmd, sizeof(cmd),
			 "{ head -c 20 '%s'; printf 'XXXXXXXXXXXXXXXXXXXX'; "
			 "tail -c +41 '%s'; } > '%s'",
			 good, good, tr);
		CHECK(system(cmd) == 0, "make corrupt copy");
		CHECK(warp_load_file(tr, &rt, &e) == -1 && strstr(e.msg, tr) &&
			      strstr(e.msg, "zstd"),
		      "corrupt: %s", e.msg);
	}
	/* exit statuses: 2 usage, 1 partial (one bad file, the good one still reported,
	 * or every file bad), 0 all read */
	{
		char *argv_usage[] = {"analyze", "--warp", NULL};
		char *argv_bad[] = {"analyze", "--warp", (char *)check_tmp("bad-number.csv"), NULL};
		char *argv_part[] = {"analyze", "--warp", (char *)check_tmp("bad-time.csv"),
				     (char *)good, NULL};
		char *argv_ok[] = {"analyze", "--warp", "--json", (char *)good, NULL};
		char *argv_opt[] = {"analyze", "--warp", "--bogus", (char *)good, NULL};

		CHECK(warp_cli_main(2, argv_usage) == 2, "no file: usage");
		CHECK(warp_cli_main(4, argv_opt) == 2, "unknown option: usage");
		CHECK(warp_cli_main(3, argv_bad) == 1, "all files bad: partial");
		CHECK(warp_cli_main(4, argv_part) == 1, "one bad file: partial");
		CHECK(warp_cli_main(4, argv_ok) == 0, "all read");
		fflush(stdout);
	}
}

/* Two requests of one client 20 hours apart: Warp's 10-second request windows run on
 * through the gap as skipped windows: the first, 7,198 skipped, the last = 7,200 (the
 * windows used to grow one realloc at a time: quadratic, seconds under ASan; found by
 * fuzz_warp_csv, whose corpus keeps the input). */
static void test_long_gap(void)
{
	const char *p = check_tmp("gap.csv");
	char t[4][RFC3339_MAX];
	struct warp_rt *rt = NULL;
	struct err e = {{0}};
	FILE *f = fopen(p, "w");

	CHECK(f != NULL, "write %s", p);
	if (f == NULL)
		return;
	fputs(headers[G_CURRENT], f);
	for (int j = 0; j < 2; j++) {
		int64_t st = T0 + j * 72000 * S + 250 * MS;

		rfc3339_format(t[0], RFC3339_MAX, st);
		rfc3339_format(t[1], RFC3339_MAX, st + 5 * MS);
		rfc3339_format(t[2], RFC3339_MAX, st + 80 * MS);
		rfc3339_format(t[3], RFC3339_MAX, st + 100 * MS);
		fprintf(f,
			"%d\t0\tPUT\ta\t1\t%lld\thttp://h:9000\tobj/%d\t\t%s\t%s\t%s\t%s\t%lld\t0\n",
			j, MIB, j, t[0], t[1], t[2], t[3], 100 * MS);
	}
	fclose(f);
	CHECK(warp_load_file(p, &rt, &e) == 0 && rt != NULL, "20-hour gap: read: %s", e.msg);
	if (rt != NULL) {
		const struct warp_live *l = &rt->total;
		size_t skipped = 0;

		CHECK(l->n_reqs == 1 && l->reqs[0].n == 7200,
		      "20-hour gap: 7200 request windows "
		      "(%zu)",
		      l->n_reqs ? l->reqs[0].n : 0);
		for (size_t k = 0; l->n_reqs == 1 && k < l->reqs[0].n; k++)
			skipped += l->reqs[0].segs[k].single.skipped != 0;
		CHECK(skipped == 7198, "20-hour gap: 7198 skipped windows (%zu)", skipped);
	}
	warp_rt_free(rt);
}

/* Merging a day of 1-second segments (a 24-hour run) into a result holding the same
 * seconds adds them second by second, in well under a second of CPU (Warp's linear
 * lookup per second took minutes: 86,400 x 86,400 comparisons; found by fuzz_warp_csv,
 * whose corpus keeps the input). */
static void test_merge_day(void)
{
	const size_t n = 86400;
	struct warp_rt *src = warp_rt_new(), *dst = warp_rt_new();
	struct err e = {{0}};
	clock_t c0 = clock();
	size_t wrong = 0;

	CHECK(src && dst, "merge day: new results");
	if (src == NULL || !dst)
		goto done;
	src->total.tp.ops = (int64_t)n;
	src->total.tp.start = T0;
	src->total.tp.end = T0 + (int64_t)n * S;
	src->total.tp.seg = calloc(1, sizeof(*src->total.tp.seg));
	if (src->total.tp.seg == NULL ||
	    !(src->total.tp.seg->segs = calloc(n, sizeof(struct warp_seg))))
		goto done;
	src->total.tp.seg->n = n;
	src->total.tp.seg->seg_dur_ms = 1000;
	for (size_t i = 0; i < n; i++) {
		src->total.tp.seg->segs[i].start = T0 + (int64_t)i * S;
		src->total.tp.seg->segs[i].ops = 1;
		src->total.tp.seg->segs[i].bps = (double)MIB;
	}
	CHECK(warp_rt_merge(dst, src, &e) == 0 && warp_rt_merge(dst, src, &e) == 0,
	      "merge day: merged twice: %s", e.msg);
	CHECK(dst->total.tp.seg && dst->total.tp.seg->n == n, "merge day: %zu segments",
	      dst->total.tp.seg ? dst->total.tp.seg->n : 0);
	for (size_t i = 0; dst->total.tp.seg && i < dst->total.tp.seg->n; i++)
		wrong += dst->total.tp.seg->segs[i].ops != 2 ||
			 dst->total.tp.seg->segs[i].bps != 2.0 * MIB;
	CHECK(wrong == 0, "merge day: every second holds both (%zu do not)", wrong);
	CHECK((double)(clock() - c0) / CLOCKS_PER_SEC < 1.0, "merge day: %.2f s of CPU",
	      (double)(clock() - c0) / CLOCKS_PER_SEC);
done:
	warp_rt_free(src);
	warp_rt_free(dst);
}

int main(void)
{
	if (check_tmp_open("test_warp_csv") != 0)
		return 1;
	test_generations();
	test_merge_order();
	test_multi_size();
	test_errors();
	test_long_gap();
	test_merge_day();
	check_tmp_close();
	return check_done();
}
