/* tests/unit/test_opslog.c: the per-request log writer and reader: Warp's quoting,
 * every header generation, comment lines, plain and zstd input, and the errors
 * (truncated or corrupt zstd, missing column, bad number, bad time) naming file and
 * line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "tests/unit/check_tmp.h"
#include "core/opslog.h"
#include "core/timefmt.h"
#include "core/zio.h"

#define MAXR 16

struct got {
	int n;
	struct op_row r[MAXR];
	char str[MAXR][6][128];
	char comments[4][256];
	int ncomments;
	int stop_after;
};

static int on_row(const struct op_row *row, void *arg)
{
	struct got *g = arg;
	const char *s[6] = {row->op,   row->client_id, row->endpoint,
			    row->file, row->error,     row->cat};
	int i;

	if (g->n < MAXR) {
		g->r[g->n] = *row;
		for (i = 0; i < 6; i++)
			snprintf(g->str[g->n][i], sizeof(g->str[g->n][i]), "%s", s[i]);
	}
	g->n++;
	return g->stop_after && g->n >= g->stop_after ? 7 : 0;
}

static int on_comment(const char *line, void *arg)
{
	struct got *g = arg;

	if (g->ncomments < 4)
		snprintf(g->comments[g->ncomments], sizeof(g->comments[0]), "%s", line);
	g->ncomments++;
	return 0;
}

static void write_zst(const char *path, const char *text)
{
	struct err e;
	struct zio_writer *w = zio_writer_open(path, 3, &e);

	CHECK(w != NULL, "zio_writer_open: %s", e.msg);
	if (w == NULL)
		return;
	CHECK(zio_write(w, text, strlen(text), &e) == 0, "zio_write: %s", e.msg);
	CHECK(zio_writer_close(w, &e) == 0, "zio_writer_close: %s", e.msg);
}

static const char good_header[] =
	"idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\t"
	"first_byte\tlast_byte\tend\tduration_ns\tcat\n";

/* Writer then reader: every field survives, quoting included. */
static void test_round_trip(void)
{
	static const char *errors[] = {
		"",
		"HTTP 503 SlowDown: please \"slow\" down",
		"tab\there",
		"two\nlines",
		" leading space",
		"\\.",
		"cr\rx",
		"#not a comment",
	};
	const char *path = check_tmp("rt.tsv.zst");
	struct opslog_writer *w;
	struct got g;
	struct err e;
	char *raw = NULL;
	size_t rawlen, i;
	int64_t t0 = 1754429676000000000LL;

	w = opslog_writer_open(path, &e);
	CHECK(w != NULL, "writer open: %s", e.msg);
	if (w == NULL)
		return;
	for (i = 0; i < 8; i++) {
		struct op_row r = {
			.idx = i,
			.thread = (int)i % 3,
			.op = i % 2 ? "GET" : "PUT",
			.client_id = i == 3 ? "cli\"ent" : "c1",
			.n_objects = 1,
			.bytes = 4096 * i,
			.endpoint = "http://127.0.0.1:9000",
			.file = i == 7 ? "# key" : "obj/1",
			.error = errors[i],
			.start_ns = t0 + (int64_t)i * 1000,
			.first_byte_ns = i % 2 ? t0 + 500 : 0,
			.last_byte_ns = i % 2 ? 0 : t0 + 700,
			.end_ns = t0 + 123456789,
			.duration_ns = 123456789 - (int64_t)i * 1000,
			.cat = "",
		};

		CHECK(opslog_writer_add(w, &r, &e) == 0, "add: %s", e.msg);
	}
	CHECK(opslog_writer_close(w, &e) == 0, "close: %s", e.msg);
	CHECK(access(path, F_OK) == 0, "final file exists after close");

	CHECK(zio_read_all(path, 1 << 20, &raw, &rawlen, &e) == 0, "read raw: %s", e.msg);
	if (raw) {
		CHECK(strstr(raw, "\t\"HTTP 503 SlowDown: please \"\"slow\"\" down\"\t") != NULL,
		      "quotes doubled, field quoted");
		CHECK(strstr(raw, "\t\" leading space\"\t") != NULL, "leading space quoted");
		CHECK(strstr(raw, "\t\"\\.\"\t") != NULL, "\\. quoted as Go does");
		CHECK(strstr(raw, "\tc1\t") != NULL, "plain field not quoted");
		CHECK(strstr(raw, "\t2025-08-05T21:34:36.0000007Z\t") != NULL, "time text");
		CHECK(strncmp(raw, good_header, strlen(good_header)) == 0, "header row");
		free(raw);
	}

	memset(&g, 0, sizeof(g));
	CHECK(opslog_read(path, on_row, &g, &e) == 0, "read: %s", e.msg);
	CHECK(g.n == 8, "8 rows read back, got %d", g.n);
	for (i = 0; i < 8 && (int)i < g.n; i++) {
		CHECK(g.r[i].idx == i && g.r[i].thread == (int)i % 3, "row %zu idx/thread", i);
		CHECK_STR(g.str[i][0], i % 2 ? "GET" : "PUT", "row %zu op", i);
		CHECK_STR(g.str[i][1], i == 3 ? "cli\"ent" : "c1", "row %zu client", i);
		CHECK_STR(g.str[i][3], i == 7 ? "# key" : "obj/1", "row %zu file", i);
		CHECK_STR(g.str[i][4], errors[i], "row %zu error", i);
		CHECK_STR(g.str[i][5], "0", "row %zu cat written as Warp's number", i);
		CHECK(g.r[i].bytes == 4096 * i, "row %zu bytes", i);
		CHECK(g.r[i].start_ns == t0 + (int64_t)i * 1000, "row %zu start", i);
		CHECK(g.r[i].first_byte_ns == (i % 2 ? t0 + 500 : 0), "row %zu first_byte", i);
		CHECK(g.r[i].last_byte_ns == (i % 2 ? 0 : t0 + 700), "row %zu last_byte", i);
		CHECK(g.r[i].end_ns == t0 + 123456789, "row %zu end", i);
		CHECK(g.r[i].duration_ns == 123456789 - (int64_t)i * 1000, "row %zu dur", i);
	}
	/* stop early: the callback's value comes back */
	memset(&g, 0, sizeof(g));
	g.stop_after = 3;
	CHECK(opslog_read(path, on_row, &g, &e) == 7 && g.n == 3, "callback stops the read");
}

/* Each header generation Warp wrote, plain and compressed, with comment lines. */
static const struct {
	const char *name;
	const char *text;
	const char *client, *endpoint, *cat;
	int64_t last_byte, dur;
} gens[] = {
	{"oldest",
	 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\tduration_ns\n"
	 "0\t5\tGET\t1\t1024\tk/1\t\t2020-01-02T03:04:05.5+01:00\t2020-01-02T03:04:05.6+01:00\t"
	 "2020-01-02T03:04:06+01:00\t500000000\n",
	 "", "", "", 0, 500000000},
	{"endpoint",
	 "idx\tthread\top\tn_objects\tbytes\tendpoint\tfile\terror\tstart\tfirst_byte\tend\t"
	 "duration_ns\n"
	 "0\t5\tGET\t1\t1024\thttp://h:9000\tk/1\t\t2020-01-02T02:04:05.5Z\t"
	 "2020-01-02T02:04:05.6Z\t2020-01-02T02:04:06Z\t500000000\n",
	 "", "http://h:9000", "", 0, 500000000},
	{"client_id",
	 "idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\t"
	 "first_byte\tend\tduration_ns\tcat\n"
	 "0\t5\tGET\tab12\t1\t1024\thttp://h:9000\tk/1\t\t2020-01-02T02:04:05.5Z\t"
	 "2020-01-02T02:04:05.6Z\t2020-01-02T02:04:06Z\t500000000\t0\n",
	 "ab12", "http://h:9000", "0", 0, 500000000},
	{"current",
	 "idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror\tstart\t"
	 "first_byte\tlast_byte\tend\tduration_ns\tcat\n"
	 "0\t5\tGET\tab12\t1\t1024\thttp://h:9000\tk/1\t\t2020-01-02T02:04:05.5Z\t"
	 "2020-01-02T02:04:05.6Z\t2020-01-02T02:04:05.9Z\t2020-01-02T02:04:06Z\t500000000\t4\n",
	 "ab12", "http://h:9000", "4", 1577930645900000000LL, 500000000},
	{"no-duration-crlf",
	 "thread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\r\n"
	 "5\tGET\t1\t1024\tk/1\t\t2020-01-02T02:04:05.5Z\t"
	 "2020-01-02T02:04:05.6Z\t2020-01-02T02:04:06Z\r\n",
	 "", "", "", 0, 500000000},
};

static void test_generations(void)
{
	size_t i;
	int z;

	for (i = 0; i < sizeof(gens) / sizeof(gens[0]); i++)
		for (z = 0; z < 2; z++) {
			char text[1024], name[64];
			struct got g;
			struct err e;
			const char *path;
			int rc;

			snprintf(name, sizeof(name), "gen-%zu.%s", i, z ? "csv.zst" : "csv");
			path = check_tmp(name);
			snprintf(text, sizeof(text),
				 "%s"
				 "# warp get --duration=1m --obj.size=1KiB\n#second line\n"
				 "\n",
				 gens[i].text);
			if (z)
				write_zst(path, text);
			else
				check_tmp_write(path, text);
			memset(&g, 0, sizeof(g));
			rc = opslog_read_full(path, on_row, on_comment, &g, &e);
			CHECK(rc == 0, "%s: read: %s", gens[i].name, e.msg);
			CHECK(g.n == 1, "%s: one row, got %d", gens[i].name, g.n);
			if (g.n != 1)
				continue;
			CHECK(g.r[0].thread == 5 && g.r[0].bytes == 1024 && g.r[0].n_objects == 1,
			      "%s: numbers", gens[i].name);
			CHECK_STR(g.str[0][0], "GET", "%s op", gens[i].name);
			CHECK_STR(g.str[0][1], gens[i].client, "%s client", gens[i].name);
			CHECK_STR(g.str[0][2], gens[i].endpoint, "%s endpoint", gens[i].name);
			CHECK_STR(g.str[0][5], gens[i].cat, "%s cat", gens[i].name);
			CHECK(g.r[0].start_ns == 1577930645500000000LL, "%s start %lld",
			      gens[i].name, (long long)g.r[0].start_ns);
			CHECK(g.r[0].first_byte_ns == 1577930645600000000LL, "%s first byte",
			      gens[i].name);
			CHECK(g.r[0].last_byte_ns == gens[i].last_byte, "%s last byte",
			      gens[i].name);
			CHECK(g.r[0].end_ns == 1577930646000000000LL, "%s end", gens[i].name);
			CHECK(g.r[0].duration_ns == gens[i].dur, "%s duration", gens[i].name);
			CHECK(g.ncomments == 2, "%s: 2 comment lines, got %d", gens[i].name,
			      g.ncomments);
			CHECK_STR(g.comments[0], "warp get --duration=1m --obj.size=1KiB",
				  "%s comment 1", gens[i].name);
			CHECK_STR(g.comments[1], "second line", "%s comment 2", gens[i].name);
		}
}

static const char good_row[] =
	"0\t1\tPUT\t\t1\t10\t\tk\t\t2020-01-02T02:04:05Z\t\t2020-01-02T02:04:05.1Z\t"
	"2020-01-02T02:04:06Z\t1000000000\t0\n";

/* Errors name the file and the line (and the column when one is at fault). */
static const struct {
	const char *name;
	const char *body; /* after the header; NULL: custom header in `head` */
	const char *head;
	const char *want1, *want2;
} bad[] = {
	{"bad-bytes",
	 "0\t1\tPUT\t\t1\t1x0\t\tk\t\t2020-01-02T02:04:05Z\t\t\t2020-01-02T02:04:06Z\t1\t0\n", NULL,
	 ":3: column 'bytes'", "1x0"},
	{"neg-bytes",
	 "0\t1\tPUT\t\t1\t-5\t\tk\t\t2020-01-02T02:04:05Z\t\t\t2020-01-02T02:04:06Z\t1\t0\n", NULL,
	 ":3: column 'bytes'", "-5"},
	{"bad-time",
	 "0\t1\tPUT\t\t1\t5\t\tk\t\t2020-01-02 02:04:05\t\t\t2020-01-02T02:04:06Z\t1\t0\n", NULL,
	 ":3: column 'start'", "RFC 3339"},
	{"bad-dur",
	 "0\t1\tPUT\t\t1\t5\t\tk\t\t2020-01-02T02:04:05Z\t\t\t2020-01-02T02:04:06Z\tabc\t0\n", NULL,
	 ":3: column 'duration_ns'", "abc"},
	{"fields", "0\t1\tPUT\n", NULL, ":3:", "3 fields where the header has 15"},
	{"missing-col", NULL,
	 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tfirst_byte\tend\tduration_ns\n",
	 ":1: column 'start'", "required column missing"},
};

static void test_errors(void)
{
	size_t i;
	struct got g;
	struct err e;
	const char *path;
	char text[2048];
	int z;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		for (z = 0; z < 2; z++) {
			char name[64];
			int rc;

			snprintf(name, sizeof(name), "%s.%s", bad[i].name, z ? "zst" : "csv");
			path = check_tmp(name);
			if (bad[i].body)
				snprintf(text, sizeof(text), "%s%s%s", good_header, good_row,
					 bad[i].body);
			else
				snprintf(text, sizeof(text), "%s", bad[i].head);
			if (z)
				write_zst(path, text);
			else
				check_tmp_write(path, text);
			memset(&g, 0, sizeof(g));
			e.msg[0] = '\0';
			rc = opslog_read(path, on_row, &g, &e);
			CHECK(rc == -1, "%s: fails", name);
			CHECK(strstr(e.msg, path) != NULL, "%s: names the file: %s", name, e.msg);
			CHECK(strstr(e.msg, bad[i].want1) != NULL, "%s: '%s' in: %s", name,
			      bad[i].want1, e.msg);
			CHECK(strstr(e.msg, bad[i].want2) != NULL, "%s: '%s' in: %s", name,
			      bad[i].want2, e.msg);
		}

	/* a quoted field spanning lines: the error is reported at the line after it */
	path = check_tmp("span.csv");
	snprintf(text, sizeof(text),
		 "%s%s0\t1\tPUT\t\t1\t5\t\tk\t\"a\nb\"\t2020-01-02T02:04:05Z\t\t\t"
		 "2020-01-02T02:04:06Z\t1\t0\n0\t1\tPUT\t\t1\tz\t\tk\t\t\t\t\t\t1\t0\n",
		 good_header, good_row);
	check_tmp_write(path, text);
	memset(&g, 0, sizeof(g));
	CHECK(opslog_read(path, on_row, &g, &e) == -1 && strstr(e.msg, ":5: column 'bytes'"),
	      "line count after a multi-line field: %s", e.msg);
	CHECK(g.n == 2 && strcmp(g.str[1][4], "a\nb") == 0, "multi-line error field read");

	/* truncated and corrupt zstd */
	path = check_tmp("trunc.zst");
	{
		char big[8192];
		size_t k;
		FILE *f;
		long sz;

		big[0] = '\0';
		strcat(big, good_header);
		for (k = 0; k < 40; k++)
			strcat(big, good_row);
		write_zst(path, big);
		f = fopen(path, "r+");
		fseek(f, 0, SEEK_END);
		sz = ftell(f);
		fclose(f);
		CHECK(truncate(path, sz - 5) == 0, "truncate");
		memset(&g, 0, sizeof(g));
		CHECK(opslog_read(path, on_row, &g, &e) == -1 && strstr(e.msg, path) &&
			      strstr(e.msg, "truncated") && strstr(e.msg, "(at line "),
		      "truncated zstd: %s", e.msg);

		path = check_tmp("corrupt.zst");
		write_zst(path, big);
		f = fopen(path, "r+");
		fseek(f, 12, SEEK_SET);
		fputs("\xff\xff\xff\xff\xff\xff\xff\xff", f);
		fclose(f);
		memset(&g, 0, sizeof(g));
		CHECK(opslog_read(path, on_row, &g, &e) == -1 && strstr(e.msg, path) &&
			      strstr(e.msg, "zstd"),
		      "corrupt zstd: %s", e.msg);
	}
	CHECK(opslog_read(check_tmp("absent.zst"), on_row, &g, &e) == -1 &&
		      strstr(e.msg, "absent.zst"),
	      "missing file: %s", e.msg);
	path = check_tmp("empty.csv");
	check_tmp_write(path, "");
	CHECK(opslog_read(path, on_row, &g, &e) == -1 && strstr(e.msg, "empty"), "empty file: %s",
	      e.msg);
}

/* Many rows, so that lines cross the reader's 128 KiB buffer: plain rows (cut at
 * their tabs by the reader's fast path), rows with a quoted field (tab and quote
 * inside), CRLF endings and a row whose quoted error spans two lines (libcsv's path),
 * in a plain and a zstd file. Every row comes back with its fields. */
struct many {
	int n, bad;
};

static int on_many(const struct op_row *row, void *arg)
{
	struct many *m = arg;
	char file[64], err[64];
	int i = m->n++;

	snprintf(file, sizeof(file), "obj/%08d", i);
	if (i % 7 == 0)
		snprintf(err, sizeof(err), "e\t\"%d\"", i);
	else if (i % 13 == 0)
		snprintf(err, sizeof(err), "two\nlines %d", i);
	else
		err[0] = '\0';
	if ((int)row->idx != i || strcmp(row->file, file) != 0 || strcmp(row->error, err) != 0 ||
	    row->bytes != (uint64_t)i * 3 || row->start_ns != 1754429676000000000LL + i ||
	    strcmp(row->op, "GET") != 0 || strcmp(row->client_id, "cl") != 0)
		m->bad++;
	return 0;
}

static void test_many(void)
{
	size_t cap = 1 << 23, len = 0;
	char *text = malloc(cap);
	struct many m;
	struct err e;
	int i, zst;

	len += (size_t)snprintf(text, cap, "%s", good_header);
	for (i = 0; i < 20000; i++) {
		const char *err = i % 7 == 0    ? "\"e\t\"\"%d\"\"\""
				  : i % 13 == 0 ? "\"two\nlines %d\""
						: "";
		char ebuf[64];

		snprintf(ebuf, sizeof(ebuf), err, i);
		len += (size_t)snprintf(
			text + len, cap - len,
			"%d\t%d\tGET\tcl\t1\t%d\thttp://h:9000\tobj/%08d\t%s\t"
			"2025-08-05T21:34:36.%09dZ\t\t\t2025-08-05T21:34:37Z\t1\t0%s",
			i, i % 9, i * 3, i, ebuf, i, i % 11 == 0 ? "\r\n" : "\n");
	}
	for (zst = 0; zst < 2; zst++) {
		const char *path = check_tmp(zst ? "many.tsv.zst" : "many.tsv");

		if (zst)
			write_zst(path, text);
		else
			check_tmp_write(path, text);
		memset(&m, 0, sizeof(m));
		CHECK(opslog_read(path, on_many, &m, &e) == 0, "many: %s", e.msg);
		CHECK(m.n == 20000 && m.bad == 0, "%s: %d rows of 20000, %d wrong", path, m.n,
		      m.bad);
	}
	free(text);
}

struct bad_lines {
	int n;
	unsigned long line[4];
	char msg[4][256];
};

static int on_bad(unsigned long line, const char *msg, void *arg)
{
	struct bad_lines *b = arg;

	if (b->n < 4) {
		b->line[b->n] = line;
		snprintf(b->msg[b->n], sizeof(b->msg[b->n]), "%s", msg);
	}
	b->n++;
	return 0;
}

struct skip_read {
	struct got g;
	struct bad_lines b;
};

static int skip_row(const struct op_row *row, void *arg)
{
	return on_row(row, &((struct skip_read *)arg)->g);
}

static int skip_bad(unsigned long line, const char *msg, void *arg)
{
	return on_bad(line, msg, &((struct skip_read *)arg)->b);
}

/* opslog_read_skip: each bad row of the error table, between two good ones, is skipped and
 * named (line 3), and the rows after it are read, on the fast path and through libcsv (a
 * quoted field); a bad header still stops the read. */
static void test_skip(void)
{
	char text[2048], name[64];
	struct skip_read s;
	struct err e;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		for (int q = 0; q < 2; q++) {
			const char *path;

			snprintf(name, sizeof(name), "skip-%s-%d.csv", bad[i].name, q);
			path = check_tmp(name);
			if (bad[i].body)
				snprintf(text, sizeof(text), "%s%s%s%s%s", good_header, good_row,
					 bad[i].body, good_row,
					 q ? "0\t1\tGET\t\t1\t10\t\t\"k\"\t\t"
					     "2020-01-02T02:04:07Z\t\t\t"
					     "2020-01-02T02:04:08Z\t1\t0\n"
					   : "");
			else
				snprintf(text, sizeof(text), "%s%s", bad[i].head, good_row);
			check_tmp_write(path, text);
			memset(&s, 0, sizeof(s));
			e.msg[0] = '\0';
			if (bad[i].body == NULL) {
				CHECK(opslog_read_skip(path, skip_row, skip_bad, &s, &e) == -1 &&
					      strstr(e.msg, bad[i].want2) != NULL && s.b.n == 0,
				      "%s: a bad header stops the read: %s", name, e.msg);
				continue;
			}
			CHECK(opslog_read_skip(path, skip_row, skip_bad, &s, &e) == 0,
			      "%s: reads: %s", name, e.msg);
			CHECK(s.g.n == 2 + q && s.b.n == 1 && s.b.line[0] == 3,
			      "%s: %d rows read, %d bad (line %lu)", name, s.g.n, s.b.n,
			      s.b.line[0]);
			CHECK(strstr(s.b.msg[0], path) != NULL &&
				      strstr(s.b.msg[0], bad[i].want1) != NULL &&
				      strstr(s.b.msg[0], bad[i].want2) != NULL,
			      "%s: the message names file, line and fault: %s", name, s.b.msg[0]);
			CHECK(q == 0 || (strcmp(s.g.str[2][3], "k") == 0 &&
					 strcmp(s.g.str[2][0], "GET") == 0),
			      "%s: the quoted row after it reads (%s %s)", name, s.g.str[2][0],
			      s.g.str[2][3]);
		}
}

/* The writer leaves nothing behind when aborted. */
static void test_abort(void)
{
	struct err e;
	struct opslog_writer *w = opslog_writer_open(check_tmp("aborted.zst"), &e);

	CHECK(w != NULL, "open: %s", e.msg);
	opslog_writer_abort(w);
	CHECK(access(check_tmp("aborted.zst"), F_OK) != 0, "aborted file absent");
	CHECK(opslog_writer_open("/nonexistent-dir/x.zst", &e) == NULL &&
		      strstr(e.msg, "/nonexistent-dir/"),
	      "unwritable dir: %s", e.msg);
}

int main(void)
{
	if (check_tmp_open("test_opslog") != 0)
		return 1;
	test_round_trip();
	test_generations();
	test_errors();
	test_skip();
	test_many();
	test_abort();
	check_tmp_close();
	return check_done();
}
