/* tests/unit/test_warpdir.c: a directory of Warp result files as a DATA_DIR
 * (analyze/warp/warpdir.h): file names, the host map, grouping of a distributed run's
 * files, cycles from start dates, and the runs read from small generated Warp
 * per-request logs (.csv.zst with the recorded command line): two hosts = two
 * subjects, two dates = two cycles, a same-day repeat, one unreadable file, a mixed
 * run and an unmapped host left out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zstd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/warp/warp_run.h"
#include "analyze/warp/warpdir.h"
#include "core/timefmt.h"
#include "tests/unit/check.h"

#define S 1000000000LL
#define MS 1000000LL
#define DAY1 (1793491200LL * S) /* 2026-11-01T00:00:00Z */

static char tmp[] = "/tmp/test_warpdir.XXXXXX";

static void write_file(const char *rel, const void *buf, size_t n)
{
	char path[512], dir[512], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmp, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	*slash = '\0';
	mkdir(dir, 0777);
	f = fopen(path, "wb");
	if (f == NULL || fwrite(buf, 1, n, f) != n)
		fprintf(stderr, "cannot write %s\n", path);
	if (f)
		fclose(f);
}

/* A Warp per-request log of one client: 9 seconds from t0 (+250 ms), 1,1,2,4,2,3,2,1,1
 * requests per second (the run of test_warp_run.c), op, object bytes, endpoint and
 * the command line Warp records at the end; zstd-compressed. */
static void write_warp(const char *rel, const char *op, int64_t t0, const char *client,
		       uint64_t bytes, const char *endpoint, const char *cmd)
{
	static const int counts[9] = {1, 1, 2, 4, 2, 3, 2, 1, 1};
	size_t cap = 64 * 1024, len = 0, zn;
	char *text = malloc(cap), t[4][RFC3339_MAX];
	void *z;
	int k, th, j = 0;

	len += (size_t)snprintf(text + len, cap - len,
				"idx\tthread\top\tclient_id\tn_objects\t"
				"bytes\tendpoint\tfile\terror\tstart\tfirst_byte\tlast_byte\tend\t"
				"duration_ns\tcat\n");
	for (k = 0; k < 9; k++)
		for (th = 0; th < counts[k]; th++, j++) {
			int64_t st = t0 + k * S + 250 * MS, dur = (100 + 40 * j) * MS;

			rfc3339_format(t[0], RFC3339_MAX, st);
			rfc3339_format(t[1], RFC3339_MAX, st + 5 * MS);
			rfc3339_format(t[2], RFC3339_MAX, st + dur - 20 * MS);
			rfc3339_format(t[3], RFC3339_MAX, st + dur);
			len += (size_t)snprintf(
				text + len, cap - len,
				"%d\t%d\t%s\t%s\t1\t%llu\t%s\tobj/%d\t\t%s\t%s\t%s\t%s\t"
				"%lld\t0\n",
				j, th, op, client, (unsigned long long)bytes, endpoint, j, t[0],
				t[1], t[2], t[3], (long long)dur);
		}
	len += (size_t)snprintf(text + len, cap - len, "# %s\n", cmd);
	z = malloc(ZSTD_compressBound(len));
	zn = ZSTD_compress(z, ZSTD_compressBound(len), text, len, 3);
	write_file(rel, z, zn);
	free(z);
	free(text);
}

static void test_names(void)
{
	char b[16];
	int64_t t;

	CHECK(warpdir_name("warp-put-2025-08-05[211410]-LnuK4Q.json.zst", b, sizeof(b), &t) == 1 &&
		      strcmp(b, "put") == 0 && t == 1754428450,
	      "name with time: %s %lld", b, (long long)t);
	CHECK(warpdir_name("warp-GET-2026-11-01[000000]-x.csv.zst", b, sizeof(b), &t) == 1 &&
		      strcmp(b, "get") == 0 && t == 1793491200,
	      "csv name, bench lower-cased");
	CHECK(warpdir_name("warp-mine.json.zst", b, sizeof(b), &t) == 0,
	      "no time: a run of its own");
	CHECK(warpdir_name("warp-put-2025-13-05[211410]-x.json.zst", b, sizeof(b), &t) == 0,
	      "month 13 is no time");
	CHECK(warpdir_name("warp-put-2025-08-05[211410]-x.json", b, sizeof(b), &t) == -1,
	      "not .zst: not a Warp result file");
	CHECK(warpdir_name("run.json", b, sizeof(b), &t) == -1, "run.json is not");
}

static void test_map(void)
{
	static const struct {
		const char *text, *want; /* want: NULL = ok, else in the message */
	} bad[] = {
		{"[subject a]\nhost = x\ncolour = red\n", ":3: key 'colour': expected \"#rrggbb\""},
		{"[subject a]\nhost = x\nlabl = A\n", ":3: key 'labl': unknown"},
		{"[subject a]\nhost = x\n[subject b]\nhost = y\n[subject a]\nhost = z\n",
		 ":6: [subject a]: a second section"},
		{"[subject a]\nlabel = A\n", "[subject a]: key 'host' missing"},
		{"[subjects]\nhost = x\n", ":2: section [subjects]"},
		{"[campaign]\ntitle = T\n", "no [subject ID] section"},
		{"[campaign]\ncycles = 3\n[subject a]\nhost = x\n", ":2: key 'cycles'"},
		{"[subject two words]\nhost = x\n", ":2: key 'host': the subject id"},
	};
	char file[600];
	struct warpdir_map m;
	struct err e = {{0}};
	FILE *f;
	size_t i;

	snprintf(file, sizeof(file), "%s/map.ini", tmp);
	f = fopen(file, "w");
	fputs("; comment\n[campaign]\ntitle = Two hosts\nclient = test VM\n"
	      "[subject b]\nhost = s3-b.example\nhost = B-ALT.example\nlabel = Bee\n"
	      "color = #00ff00\nregion = r2\n"
	      "[subject a]\nhost = *.a.example\ncolor = #ff9900 ; orange\n",
	      f);
	fclose(f);
	CHECK(warpdir_map_read(file, &m, &e) == 0, "map: %s", e.msg);
	CHECK(m.n_subjects == 2 && strcmp(m.subjects[0].id, "b") == 0 &&
		      strcmp(m.subjects[1].id, "a") == 0,
	      "subjects in file order");
	CHECK_STR(m.title, "Two hosts", "campaign title");
	CHECK_STR(m.client, "test VM", "campaign client");
	CHECK(m.n_subjects == 2 && m.subjects[0].n_hosts == 2, "host repeated");
	CHECK_STR(m.n_subjects == 2 ? m.subjects[1].color : NULL, "#ff9900",
		  "colour, inline comment");
	CHECK_STR(m.n_subjects == 2 ? m.subjects[1].label : NULL, NULL, "no label: NULL");
	CHECK(warpdir_map_find(&m, "http://s3-b.example") == 0, "host under a scheme");
	CHECK(warpdir_map_find(&m, "b-alt.EXAMPLE") == 0, "second host, any case");
	CHECK(warpdir_map_find(&m, "https://eu.a.example:9000/x") == -1,
	      "port is part of the host");
	CHECK(warpdir_map_find(&m, "https://eu.a.example/x") == 1, "glob");
	CHECK(warpdir_map_find(&m, "s3-c.example") == -1, "unmapped");
	warpdir_map_clear(&m);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = fopen(file, "w");
		fputs(bad[i].text, f);
		fclose(f);
		e.msg[0] = '\0';
		CHECK(warpdir_map_read(file, &m, &e) == -1 && strstr(e.msg, bad[i].want) &&
			      strstr(e.msg, "map.ini"),
		      "bad map %zu: '%s' lacks '%s'", i, e.msg, bad[i].want);
		CHECK(m.n_subjects == 0, "bad map %zu: empty after failure", i);
	}
	CHECK(warpdir_map_read("/nonexistent/map.ini", &m, &e) == -1 &&
		      strstr(e.msg, "/nonexistent/map.ini"),
	      "missing map file named: %s", e.msg);
}

static void test_bare_host(void)
{
	char b[64];

	warpdir_bare_host("https://storage.example.net", b, sizeof(b));
	CHECK_STR(b, "storage.example.net", "scheme dropped");
	warpdir_bare_host("10.0.0.5:9000", b, sizeof(b));
	CHECK_STR(b, "10.0.0.5:9000", "host:port kept");
	warpdir_bare_host("http://h:9000/bucket?x", b, sizeof(b));
	CHECK_STR(b, "h:9000", "path dropped");
}

static void test_cycles(void)
{
	/* subject, op, day, (sorted by start); want cycle */
	static const struct {
		const char *subj, *op;
		int day, hour, oneoff, want;
	} v[] = {
		{"a", "put", 0, 1, 0, 1}, {"b", "put", 0, 2, 0, 1},  {"a", "put", 0, 3, 0, 2},
		{"a", "get", 0, 4, 0, 1}, {"a", "head", 0, 5, 1, 0}, {"a", "put", 2, 1, 0, 3},
		{"b", "put", 2, 2, 0, 3}, {"b", "put", 2, 3, 0, 4},  {"b", "put", 2, 4, 0, 5},
	};
	struct runlog l[9];
	size_t i;

	memset(l, 0, sizeof(l));
	for (i = 0; i < 9; i++) {
		l[i].subject = (char *)v[i].subj;
		l[i].op = (char *)v[i].op;
		l[i].size = 4096;
		l[i].concurrency = 4;
		l[i].cycle = v[i].oneoff ? 0 : 1;
		l[i].summary.start_ns = DAY1 + v[i].day * 86400 * S + v[i].hour * 3600 * S;
	}
	CHECK(warpdir_cycles(l, 9) == 0, "cycles");
	for (i = 0; i < 9; i++)
		CHECK(l[i].cycle == v[i].want, "run %zu (%s %s day %d): cycle %d, want %d", i,
		      v[i].subj, v[i].op, v[i].day, l[i].cycle, v[i].want);
}

static const struct runlog *find_run(const struct warpdir_result *r, const char *path)
{
	for (size_t i = 0; i < r->n_logs; i++)
		if (strcmp(r->logs[i].path, path) == 0)
			return &r->logs[i];
	return NULL;
}

#define HA "http://s3-a.example:9000"
#define HB "https://s3-b.example"
#define PUTA "warp put --host=s3-a.example:9000 --obj.size=1MiB --concurrent=4 --duration=9s"

static void test_dir(void)
{
	char map[600], p0[600], p1[600];
	const char *files[2] = {p0, p1};
	struct warpdir_map m;
	struct warpdir_scan sc;
	struct warpdir_result r;
	struct warp_run want;
	const struct runlog *l;
	struct err e = {{0}};
	FILE *f;
	int64_t h = 3600 * S;

	/* run 1: two clients (folders c2 and c10: natural order puts c2 first), day 1;
	 * c2 stamped its file two seconds later than c10 */
	write_warp("c2/warp-put-2026-11-01[100002]-aaaa.csv.zst", "PUT", DAY1 + 10 * h, "A",
		   1048576, HA, PUTA);
	write_warp("c10/warp-put-2026-11-01[100000]-bbbb.csv.zst", "PUT", DAY1 + 10 * h + 300 * MS,
		   "B", 1048576, HA, PUTA);
	/* the same cell on day 2, once from one client, then once more that day */
	write_warp("c2/warp-put-2026-11-02[100000]-cccc.csv.zst", "PUT", DAY1 + 34 * h, "A",
		   1048576, HA, PUTA);
	write_warp("c2/warp-put-2026-11-02[150000]-hhhh.csv.zst", "PUT", DAY1 + 39 * h, "A",
		   1048576, HA, PUTA);
	/* host B: a put of the same size (day 1) and a get of 4 KiB (day 2) */
	write_warp("c2/warp-put-2026-11-01[110000]-dddd.csv.zst", "PUT", DAY1 + 11 * h, "A",
		   1048576, HB,
		   "warp put --host=s3-b.example --tls --obj.size=1MiB --concurrent=8");
	write_warp("c2/warp-get-2026-11-02[120000]-eeee.csv.zst", "GET", DAY1 + 36 * h, "A", 4096,
		   HB, "warp get --host=s3-b.example --tls --obj.size=4KiB --concurrent=2");
	/* a STAT run (a one-off "head"), an unmapped host, a mixed run, an unreadable file,
	 * a file that is no Warp result */
	write_warp("c2/warp-stat-2026-11-02[130000]-gggg.csv.zst", "STAT", DAY1 + 37 * h, "A", 0,
		   HB, "warp stat --host=s3-b.example --tls --obj.size=4KiB --concurrent=3");
	write_warp("c2/warp-put-2026-11-01[130000]-iiii.csv.zst", "PUT", DAY1 + 13 * h, "A",
		   1048576, "http://s3-c.example", "warp put --obj.size=1MiB --concurrent=4");
	write_file("c2/warp-mixed-2026-11-01[140000]-jjjj.json.zst", "not read", 8);
	write_file("c2/warp-put-2026-11-01[120000]-ffff.csv.zst", "\x28\xb5\x2f\xfd garbage", 12);
	write_file("c2/notes.txt", "hello", 5);

	snprintf(map, sizeof(map), "%s/map.ini", tmp);
	f = fopen(map, "w");
	fputs("[subject b]\nhost = s3-b.example\nlabel = Bee\n"
	      "[subject a]\nhost = s3-a.*\nlabel = Ay\ncolor = #ff9900\n",
	      f);
	fclose(f);

	CHECK(warpdir_has_files(tmp) == 1, "has Warp files");
	CHECK(warpdir_scan_dir(tmp, &sc, &e) == 0, "scan: %s", e.msg);
	CHECK(sc.n == 9, "9 runs from 10 Warp files: %zu", sc.n);
	CHECK(sc.n > 0 && sc.v[0].n == 2 &&
		      strcmp(sc.v[0].rel[0], "c2/warp-put-2026-11-01"
					     "[100002]-aaaa.csv.zst") == 0 &&
		      strcmp(sc.v[0].rel[1], "c10/warp-put-2026-11-01"
					     "[100000]-bbbb.csv.zst") == 0,
	      "the two clients grouped, c2 merged first");
	CHECK(sc.n > 0 && sc.v[0].n == 2 && strstr(sc.v[0].path[0], "/c2/") &&
		      strstr(sc.v[0].path[1], "/c10/"),
	      "paths in the same order");
	CHECK(sc.n > 1 && sc.v[1].n == 1 && strstr(sc.v[1].rel[0], "[110000]-dddd"),
	      "runs in name-time order");
	warpdir_scan_clear(&sc);

	CHECK(warpdir_map_read(map, &m, &e) == 0, "map: %s", e.msg);
	CHECK(warpdir_read(tmp, &m, &r, &e) == 0, "read: %s", e.msg);
	CHECK(r.n_logs == 6, "6 runs analyzed: %zu", r.n_logs);
	CHECK(r.n_bad == 1 &&
		      strcmp(r.bad[0].path, "c2/warp-put-2026-11-01[120000]-ffff.csv.zst") == 0 &&
		      strstr(r.bad[0].error, "ffff.csv.zst"),
	      "the unreadable run, file named: %s", r.n_bad ? r.bad[0].error : "");
	CHECK(r.n_notes == 2, "2 notes (mixed, unmapped host): %zu", r.n_notes);
	for (size_t i = 0; i < r.n_notes; i++)
		CHECK(strstr(r.notes[i], "mixed") || strstr(r.notes[i], "s3-c.example"), "note %s",
		      r.notes[i]);
	CHECK(r.n_subject_order == 2 && strcmp(r.subject_order[0], "b") == 0, "map order");

	l = find_run(&r, "c2/warp-put-2026-11-01[100002]-aaaa.csv.zst");
	CHECK(l != NULL, "the two-client run");
	if (l != NULL) {
		snprintf(p0, sizeof(p0), "%s/c2/warp-put-2026-11-01[100002]-aaaa.csv.zst", tmp);
		snprintf(p1, sizeof(p1), "%s/c10/warp-put-2026-11-01[100000]-bbbb.csv.zst", tmp);
		CHECK(warp_run_read(files, 2, &want, &e) == 0, "warp_run_read: %s", e.msg);
		CHECK_STR(l->subject, "a", "subject a from host s3-a.example:9000");
		CHECK_STR(l->label, "Ay", "label");
		CHECK_STR(l->color, "#ff9900", "color");
		CHECK_STR(l->endpoint, HA, "endpoint as recorded");
		CHECK_STR(l->op, "put", "op");
		CHECK(l->size == 1048576, "size from --obj.size=1MiB: %llu",
		      (unsigned long long)l->size);
		CHECK(l->concurrency == 8, "concurrency = --concurrent 4 x 2 clients: %d",
		      l->concurrency);
		CHECK(l->cycle == 1, "day 1: cycle 1 (%d)", l->cycle);
		CHECK(l->has_summary && l->summary.mib_s == want.summary.mib_s &&
			      l->summary.obj_s == want.summary.obj_s &&
			      l->summary.latency.avg == want.summary.latency.avg &&
			      l->summary.seg_count == want.summary.seg_count,
		      "Warp's printed numbers of the merged run (%g MiB/s)", l->summary.mib_s);
		CHECK(l->summary.requests == 34, "both clients' requests: %llu",
		      (unsigned long long)l->summary.requests);
	}
	l = find_run(&r, "c2/warp-put-2026-11-02[100000]-cccc.csv.zst");
	CHECK(l && l->cycle == 2 && l->concurrency == 4, "day 2, one client: cycle 2, c4");
	if (l)
		CHECK_NUM(l->summary.mib_s, 13.0 / 9, 1e-12,
			  "single-client MiB/s = Warp's Average");
	l = find_run(&r, "c2/warp-put-2026-11-02[150000]-hhhh.csv.zst");
	CHECK(l && l->cycle == 3, "second run of the cell on day 2: its own cycle 3");
	l = find_run(&r, "c2/warp-put-2026-11-01[110000]-dddd.csv.zst");
	CHECK(l && strcmp(l->subject, "b") == 0 && l->cycle == 1 && l->concurrency == 8 &&
		      !l->color,
	      "host b, day 1: cycle 1");
	l = find_run(&r, "c2/warp-get-2026-11-02[120000]-eeee.csv.zst");
	CHECK(l && strcmp(l->op, "get") == 0 && l->size == 4096 && l->concurrency == 2 &&
		      l->cycle == 2,
	      "get 4KiB c2 on day 2: cycle 2");
	l = find_run(&r, "c2/warp-stat-2026-11-02[130000]-gggg.csv.zst");
	CHECK(l && strcmp(l->op, "head") == 0 && l->cycle == 0 && l->concurrency == 3,
	      "STAT: a one-off head run");
	for (size_t i = 1; i < r.n_logs; i++)
		CHECK(r.logs[i - 1].summary.start_ns <= r.logs[i].summary.start_ns, "start order");

	/* the aggregation takes them as it takes s3bench's own runs */
	{
		struct agg_options ao = {0};
		struct aggregate *a;

		ao.min_samples = 1;
		ao.subject_order = r.subject_order;
		ao.n_subject_order = r.n_subject_order;
		a = aggregate_build(r.logs, r.n_logs, &ao, &e);
		CHECK(a != NULL && a->cycles == 3 && a->n_subjects == 2 &&
			      strcmp(a->subjects[0].id, "b") == 0 && a->n_ops == 1,
		      "aggregate");
		for (size_t i = 0; a && i < a->n_cells; i++) {
			const struct agg_cell *c = &a->cells[i];

			if (strcmp(a->subjects[c->subject].id, "a") == 0 && c->concurrency == 4 &&
			    c->size == 1048576 && strcmp(c->op, "put") == 0)
				CHECK(c->n == 2 && c->expected == 3, "cell a put 1MiB c4: 2 of 3");
		}
		aggregate_free(a);
	}
	warpdir_result_clear(&r);

	/* no map: each host is a subject */
	CHECK(warpdir_read(tmp, NULL, &r, &e) == 0, "read without map: %s", e.msg);
	CHECK(r.n_logs == 7 && r.n_subject_order == 0, "7 runs (the unmapped host too)");
	l = find_run(&r, "c2/warp-put-2026-11-01[130000]-iiii.csv.zst");
	CHECK(l && strcmp(l->subject, "s3-c.example") == 0 && strcmp(l->label, "s3-c.example") == 0,
	      "subject id = bare host");
	warpdir_result_clear(&r);
	warpdir_map_clear(&m);
}

int main(void)
{
	if (mkdtemp(tmp) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_names();
	test_bare_host();
	test_map();
	test_cycles();
	test_dir();
	{
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", tmp);
	}
	return check_done();
}
