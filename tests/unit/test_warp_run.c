/* tests/unit/test_warp_run.c: run-level values of a Warp run (what analyze's
 * aggregation takes): size parsing, a generated per-request log with hand-computed
 * values (see test_warp_csv.c for the derivation), and the real fixture runs whose
 * printed reports are known (skipped when the fixtures are absent). */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "analyze/warp/warp_run.h"
#include "core/timefmt.h"

#define S 1000000000LL
#define MS 1000000LL
#define T0 (1700000000LL * S)

static const struct {
	const char *text;
	int64_t bytes;
} sizes[] = {
	{"4096", 4096},
	{"4K", 4000},
	{"4KB", 4000},
	{"4KiB", 4096},
	{"1M", 1000000},
	{"1MiB", 1048576},
	{"1.5GiB", 1610612736},
	{"10MB", 10000000},
	{"2TiB", 2199023255552LL},
	{"0", 0},
	{"abc", -1},
	{"4XB", -1},
	{"", -1},
	{"-1", -1},
};

static void write_run(const char *path)
{
	static const int counts[9] = {1, 1, 2, 4, 2, 3, 2, 1, 1};
	FILE *f = fopen(path, "w");
	char t[4][RFC3339_MAX];
	int k, th, j = 0;

	fputs("idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\t"
	      "first_byte\tlast_byte\tend\tduration_ns\tcat\n",
	      f);
	for (k = 0; k < 9; k++)
		for (th = 0; th < counts[k]; th++, j++) {
			int64_t st = T0 + k * S + 250 * MS, dur = (100 + 40 * j) * MS;

			rfc3339_format(t[0], RFC3339_MAX, st);
			rfc3339_format(t[1], RFC3339_MAX, st + 5 * MS);
			rfc3339_format(t[2], RFC3339_MAX, st + dur - 20 * MS);
			rfc3339_format(t[3], RFC3339_MAX, st + dur);
			fprintf(f,
				"%d\t%d\tPUT\ta\t1\t1048576\thttp://h:9000\tobj/%d\t\t%s\t%s\t%s\t%s\t"
				"%lld\t0\n",
				j, th, j, t[0], t[1], t[2], t[3], (long long)dur);
		}
	fputs("# warp put --obj.size=1MiB --concurrent=4 --host=h:9000\n", f);
	fclose(f);
}

static void test_generated(void)
{
	char path[] = "/tmp/test_warp_run.XXXXXX";
	int fd = mkstemp(path);
	const char *files[1] = {path};
	struct warp_run r;
	struct err e;

	if (fd < 0)
		return;
	close(fd);
	write_run(path);
	CHECK(warp_run_read(files, 1, &r, &e) == 0, "read: %s", e.msg);
	CHECK_STR(r.op, "put", "op");
	CHECK_STR(r.cmd_op, "put", "command-line op");
	CHECK(r.obj_size == 1048576, "size from --obj.size: %lld", (long long)r.obj_size);
	CHECK(r.concurrency == 4 && r.cmd_concurrency == 4, "concurrency");
	CHECK_STR(r.host, "http://h:9000", "host");
	CHECK(r.start_ns == T0 + 250 * MS, "start");
	CHECK(!r.skipped, "not skipped");
	CHECK(r.summary.requests == 17 && r.summary.bytes == 17 * 1048576ULL, "totals");
	CHECK_NUM(r.summary.seconds, 9, 1e-12, "seconds = Ran");
	CHECK_NUM(r.summary.mib_s, 13.0 / 9, 1e-12, "MiB/s");
	CHECK_NUM(r.summary.obj_s, 13.0 / 9, 1e-12, "obj/s");
	CHECK_NUM(r.summary.latency.avg, 420, 1e-9, "latency avg");
	CHECK_NUM(r.summary.latency.p50, 460, 1e-9, "latency p50");
	CHECK_NUM(r.summary.latency.p90, 700, 1e-9, "latency p90");
	CHECK_NUM(r.summary.latency.p99, 740, 1e-9, "latency p99");
	CHECK_NUM(r.summary.latency.min, 100, 1e-9, "latency min");
	CHECK_NUM(r.summary.latency.max, 740, 1e-9, "latency max");
	CHECK_NUM(r.summary.latency.stddev, 201.990098, 1e-9, "latency stddev");
	CHECK(r.summary.has_ttfb && r.summary.ttfb.avg == 20 && r.summary.ttfb.max == 20, "ttfb");
	CHECK(r.summary.seg_count == 5, "segments");
	CHECK_NUM(r.summary.fastest.mib_s, 4, 1e-9, "fastest");
	CHECK_NUM(r.summary.median.mib_s, 3, 1e-9, "median");
	CHECK_NUM(r.summary.slowest.obj_s, 2, 1e-9, "slowest");
	CHECK_NUM(r.summary.completion_s, 8.74, 1e-9, "completion");
	{
		const char *two[2] = {path, "/nonexistent/client2.csv.zst"};

		CHECK(warp_run_read(two, 2, &r, &e) == -1 && strstr(e.msg, "client2.csv.zst"),
		      "a run with one unreadable client file fails, naming it: %s", e.msg);
	}
	unlink(path);
	files[0] = "/nonexistent/warp.csv.zst";
	CHECK(warp_run_read(files, 1, &r, &e) == -1 && strstr(e.msg, "/nonexistent/warp.csv.zst"),
	      "unreadable file named: %s", e.msg);
}

static const struct {
	const char *op, *id, *want_op;
	int64_t size, conc, cmd_conc;
	double seconds, mib_s, obj_s, lat_avg, lat_p99, lat_max, ttfb_avg, ttfb_max;
	int segs;
	double fastest_mib;
} fx[] = {
	{"put", "211410", "put", 1000000, 512, 64, 62, 473.72, 496.73, 1147.0, 2661.1, 5431.3, 0, 0,
	 58, 844.6},
	{"get", "213436", "get", 4000, 1024, 128, 61, 42.26, 11079.28, 96.9, 641.8, 3730.4, 97,
	 3730, 57, 53.5},
};

static void test_fixtures(void)
{
	const char *dir = getenv("S3BENCH_WARP_FIXTURES");
	char base[512];
	struct stat st;
	size_t i;

	if (dir == NULL || !dir[0]) {
		const char *top = getenv("TOP");

		snprintf(base, sizeof(base), "%s/../shared/fixtures/warp", top ? top : ".");
		dir = base;
	}
	if (stat(dir, &st) != 0) {
		char why[1200];
		snprintf(why, sizeof(why),
			 "Warp fixtures absent: %s (../shared/fixtures/warp "
			 "beside the checkout, or S3BENCH_WARP_FIXTURES)",
			 dir);
		CHECK_SKIP(2 * 14, why);
		return;
	}
	for (i = 0; i < sizeof(fx) / sizeof(fx[0]); i++) {
		char *paths[8];
		const char *files[8];
		int n = 0, k;
		struct warp_run r;
		struct err e;

		for (k = 0; k < 8; k++) {
			char pat[1024];
			glob_t g;

			snprintf(pat, sizeof(pat),
				 "%s/warp-%d/warp-%s-2025-08-05\\[%s\\]-*.json.zst", dir, k,
				 fx[i].op, fx[i].id);
			if (glob(pat, 0, NULL, &g) == 0 && g.gl_pathc == 1) {
				paths[n] = strdup(g.gl_pathv[0]);
				files[n] = paths[n];
				n++;
			}
			globfree(&g);
		}
		CHECK(n == 8 && warp_run_read(files, n, &r, &e) == 0, "%s-%s read", fx[i].op,
		      fx[i].id);
		CHECK_STR(r.op, fx[i].want_op, "%s op", fx[i].id);
		CHECK(r.obj_size == fx[i].size, "%s size %lld", fx[i].id, (long long)r.obj_size);
		CHECK(r.concurrency == fx[i].conc && r.cmd_concurrency == fx[i].cmd_conc &&
			      r.clients == 8,
		      "%s concurrency", fx[i].id);
		CHECK_STR(r.host, "https://storage.yandexcloud.net", "%s host", fx[i].id);
		CHECK_NUM(r.summary.seconds, fx[i].seconds, 1e-9, "%s seconds", fx[i].id);
		CHECK_NUM(r.summary.mib_s, fx[i].mib_s, 0.005, "%s MiB/s as printed", fx[i].id);
		CHECK_NUM(r.summary.obj_s, fx[i].obj_s, 0.005, "%s obj/s as printed", fx[i].id);
		CHECK_NUM(r.summary.latency.avg, fx[i].lat_avg, 0.05, "%s latency avg", fx[i].id);
		CHECK_NUM(r.summary.latency.p99, fx[i].lat_p99, 0.05, "%s latency p99", fx[i].id);
		CHECK_NUM(r.summary.latency.max, fx[i].lat_max, 0.05, "%s latency max", fx[i].id);
		CHECK(r.summary.has_ttfb == (fx[i].ttfb_avg > 0) &&
			      r.summary.ttfb.avg == fx[i].ttfb_avg &&
			      r.summary.ttfb.max == fx[i].ttfb_max,
		      "%s ttfb", fx[i].id);
		CHECK(r.summary.seg_count == fx[i].segs, "%s segment count", fx[i].id);
		CHECK_NUM(r.summary.fastest.mib_s, fx[i].fastest_mib, 0.05, "%s fastest", fx[i].id);
		for (k = 0; k < n; k++)
			free(paths[k]);
	}
}

int main(void)
{
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		CHECK(warp_parse_size(sizes[i].text) == sizes[i].bytes, "size '%s' = %lld",
		      sizes[i].text, (long long)warp_parse_size(sizes[i].text));
	test_generated();
	test_fixtures();
	return check_done();
}
