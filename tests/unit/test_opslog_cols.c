/* tests/unit/test_opslog_cols.c: collect's own last columns of the per-request log
 * (docs/FORMATS.md, "ops.tsv.zst"): who answered (remote, request_id, host_id), conditional writes (if_match,
 * etag), a list run's page, and the connection (conn_id, conn_req, conn_age_ms): written
 * when asked for, read back by both of the reader's paths, absent columns read as empty or 0,
 * bad values named by column. */
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

/* The who-answered columns: written last when asked for, quoted as any field, read back;
 * NULL written as empty; a file without them reads "". */
struct ids_got {
	int n;
	char s[4][3][128];
};

static int on_ids(const struct op_row *row, void *arg)
{
	struct ids_got *g = arg;

	if (g->n < 4) {
		snprintf(g->s[g->n][0], 128, "%s", row->remote);
		snprintf(g->s[g->n][1], 128, "%s", row->request_id);
		snprintf(g->s[g->n][2], 128, "%s", row->host_id);
	}
	g->n++;
	return 0;
}

static void test_ids(void)
{
	static const char *const want[3][3] = {
		{"10.0.0.1", "tx000-1-default", "abc/def+g="},
		{"::1", "REQ\tTAB", ""},
		{"", "", ""},
	};
	const struct opslog_writer_opts o = {.phases = 1, .ids = 1};
	struct opslog_writer *w = opslog_writer_open_opts(check_tmp("ids.tsv.zst"), &o, NULL);
	struct ids_got g = {0};
	struct err e;
	char *raw = NULL;
	size_t rawlen;

	CHECK(w != NULL, "ids: writer open");
	for (int i = 0; w != NULL && i < 3; i++) {
		struct op_row r = {.op = "GET", .file = "k", .start_ns = 1000 + i, .end_ns = 2000};

		r.remote = i == 2 ? NULL : want[i][0];
		r.request_id = i == 2 ? NULL : want[i][1];
		r.host_id = i == 2 ? NULL : want[i][2];
		CHECK(opslog_writer_add(w, &r, &e) == 0, "ids: add: %s", e.msg);
	}
	CHECK(w != NULL && opslog_writer_close(w, &e) == 0, "ids: close");
	CHECK(zio_read_all(check_tmp("ids.tsv.zst"), 1 << 20, &raw, &rawlen, &e) == 0, "ids: raw");
	CHECK(raw != NULL && strstr(raw, "\trtt_us\tremote\trequest_id\thost_id\n") != NULL &&
		      strstr(raw, "\t::1\t\"REQ\tTAB\"\t\n") != NULL,
	      "ids: the columns last, a tab quoted");
	free(raw);
	CHECK(opslog_read(check_tmp("ids.tsv.zst"), on_ids, &g, &e) == 0 && g.n == 3, "ids: read");
	for (int i = 0; i < 3 && i < g.n; i++)
		for (int c = 0; c < 3; c++)
			CHECK_STR(g.s[i][c], want[i][c], "ids: row %d column %d", i, c);
	/* a file without the columns: "" */
	check_tmp_write(check_tmp("noids.tsv"),
			"idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\t"
			"first_byte\tend\n0\t0\tGET\t1\t5\tk\t\t"
			"2025-01-01T00:00:00Z\t\t2025-01-01T00:00:01Z\n");
	memset(&g, 0, sizeof(g));
	g.s[0][1][0] = 'x';
	CHECK(opslog_read(check_tmp("noids.tsv"), on_ids, &g, &e) == 0 && g.n == 1 &&
		      strcmp(g.s[0][0], "") == 0 && strcmp(g.s[0][1], "") == 0,
	      "ids: absent columns read as \"\": %s", e.msg);
}

/* A conditional write's columns: if_match and etag after host_id, read back; "" when
 * absent. */
static int on_cond(const struct op_row *row, void *arg)
{
	char(*got)[2][64] = arg;

	if (row->idx >= 2) /* ids.tsv.zst has a third row */
		return 0;
	snprintf(got[row->idx][0], 64, "%s", row->if_match);
	snprintf(got[row->idx][1], 64, "%s", row->etag);
	return 0;
}

static void test_cond(void)
{
	const struct opslog_writer_opts o = {.ids = 1, .cond = 1};
	struct opslog_writer *w = opslog_writer_open_opts(check_tmp("cond.tsv.zst"), &o, NULL);
	char got[2][2][64] = {{"x", "x"}, {"x", "x"}};
	struct err e;
	char *raw = NULL;
	size_t rawlen;

	CHECK(w != NULL, "cond: writer open");
	for (int i = 0; w != NULL && i < 2; i++) {
		struct op_row r = {.op = "PUT", .file = "k", .start_ns = 1000 + i, .end_ns = 2000};

		r.if_match = i == 0 ? "abc" : NULL;
		r.etag = i == 0 ? "def" : "0123";
		CHECK(opslog_writer_add(w, &r, &e) == 0, "cond: add: %s", e.msg);
	}
	CHECK(w != NULL && opslog_writer_close(w, &e) == 0, "cond: close");
	CHECK(zio_read_all(check_tmp("cond.tsv.zst"), 1 << 20, &raw, &rawlen, &e) == 0,
	      "cond: raw");
	CHECK(raw != NULL && strstr(raw, "\thost_id\tif_match\tetag\n") != NULL &&
		      strstr(raw, "\t\t\tabc\tdef\n") != NULL,
	      "cond: the columns last");
	free(raw);
	CHECK(opslog_read(check_tmp("cond.tsv.zst"), on_cond, got, &e) == 0, "cond: read");
	CHECK_STR(got[0][0], "abc", "cond: if_match");
	CHECK_STR(got[0][1], "def", "cond: etag");
	CHECK_STR(got[1][0], "", "cond: no if_match");
	CHECK_STR(got[1][1], "0123", "cond: etag 2");
	CHECK(opslog_read(check_tmp("ids.tsv.zst"), on_cond, got, &e) == 0 &&
		      got[0][0][0] == '\0' && got[0][1][0] == '\0',
	      "cond: absent columns read as \"\"");
}

/* A list run's `page` column: last, each row's page (empty for 0), read back; 0 when
 * absent; a value that is no page number refused naming the column. */
static int on_page(const struct op_row *row, void *arg)
{
	int *got = arg;

	if (row->idx < 3)
		got[row->idx] = row->page;
	return 0;
}

static void test_pages(void)
{
	const struct opslog_writer_opts o = {.ids = 1, .pages = 1};
	struct opslog_writer *w = opslog_writer_open_opts(check_tmp("page.tsv.zst"), &o, NULL);
	const int want[3] = {1, 2, 0};
	int got[3] = {-1, -1, -1};
	struct err e;
	char *raw = NULL;
	size_t rawlen;

	CHECK(w != NULL, "page: writer open");
	for (int i = 0; w != NULL && i < 3; i++) {
		struct op_row r = {
			.op = "LIST", .file = "p/", .start_ns = 1000 + i, .end_ns = 2000};

		r.page = want[i];
		CHECK(opslog_writer_add(w, &r, &e) == 0, "page: add: %s", e.msg);
	}
	CHECK(w != NULL && opslog_writer_close(w, &e) == 0, "page: close");
	CHECK(zio_read_all(check_tmp("page.tsv.zst"), 1 << 20, &raw, &rawlen, &e) == 0,
	      "page: raw");
	CHECK(raw != NULL && strstr(raw, "\thost_id\tpage\n") != NULL &&
		      strstr(raw, "\t\t\t\t2\n") != NULL,
	      "page: the column last");
	free(raw);
	CHECK(opslog_read(check_tmp("page.tsv.zst"), on_page, got, &e) == 0, "page: read");
	for (int i = 0; i < 3; i++)
		CHECK(got[i] == want[i], "page: row %d page %d, want %d", i, got[i], want[i]);
	got[0] = -1;
	CHECK(opslog_read(check_tmp("ids.tsv.zst"), on_page, got, &e) == 0 && got[0] == 0,
	      "page: an absent column reads 0 (%d)", got[0]);
	check_tmp_write(check_tmp("badpage.tsv"),
			"idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\t"
			"first_byte\tend\tpage\n0\t0\tLIST\t1\t0\tp/\t\t"
			"2025-01-01T00:00:00Z\t\t2025-01-01T00:00:01Z\t0\n");
	e.msg[0] = '\0';
	CHECK(opslog_read(check_tmp("badpage.tsv"), on_page, got, &e) != 0 &&
		      strstr(e.msg, "page") != NULL && strstr(e.msg, "not a page number") != NULL,
	      "page: page 0 refused naming the column: %s", e.msg);
}

/* The connection columns: conn_id conn_req conn_age_ms after etag, read back by both of the
 * reader's paths (a quoted field sends a row to libcsv); 0 when empty or absent; a bad
 * value named. */
struct conn_got {
	int n;
	uint64_t id[4], req[4];
	int64_t age[4];
};

static int on_conn(const struct op_row *row, void *arg)
{
	struct conn_got *g = arg;

	if (g->n < 4) {
		g->id[g->n] = row->conn_id;
		g->req[g->n] = row->conn_req;
		g->age[g->n] = row->conn_age_ns;
	}
	g->n++;
	return 0;
}

static void test_conns(void)
{
	static const struct {
		uint64_t id, req;
		int64_t age_ns;
		const char *etag;
	} rows[3] = {{300000007, 1, 999999, "e"}, {7, 12, 2500000000, "sp ace"}, {0, 5, 9, "x"}};
	static const struct {
		const char *fields, *want;
	} badc[] = {
		{"\t7\t0\t1", "column 'conn_req'"},
		{"\tx\t1\t1", "column 'conn_id'"},
		{"\t7\t1\t-1", "column 'conn_age_ms'"},
	};
	const struct opslog_writer_opts o = {.ids = 1, .cond = 1, .conns = 1};
	struct opslog_writer *w = opslog_writer_open_opts(check_tmp("conn.tsv.zst"), &o, NULL);
	struct conn_got g = {0};
	struct err e;
	char *raw = NULL, text[512];
	size_t rawlen;

	CHECK(w != NULL, "conns: writer open");
	for (int i = 0; w != NULL && i < 3; i++) {
		struct op_row r = {.op = "GET", .file = "k", .start_ns = 1000 + i, .end_ns = 2000};

		r.etag = rows[i].etag;
		r.conn_id = rows[i].id;
		r.conn_req = rows[i].req;
		r.conn_age_ns = rows[i].age_ns;
		CHECK(opslog_writer_add(w, &r, &e) == 0, "conns: add: %s", e.msg);
	}
	CHECK(w != NULL && opslog_writer_close(w, &e) == 0, "conns: close");
	CHECK(zio_read_all(check_tmp("conn.tsv.zst"), 1 << 20, &raw, &rawlen, &e) == 0,
	      "conns: raw");
	CHECK(raw != NULL && strstr(raw, "\tetag\tconn_id\tconn_req\tconn_age_ms\n") != NULL &&
		      strstr(raw, "\te\t300000007\t1\t0\n") != NULL &&
		      strstr(raw, "\t\"sp ace\"\t7\t12\t2500\n") == NULL &&
		      strstr(raw, "\tsp ace\t7\t12\t2500\n") != NULL &&
		      strstr(raw, "\tx\t\t\t\n") != NULL,
	      "conns: the columns last, whole ms, empty when conn_id is 0");
	free(raw);
	CHECK(opslog_read(check_tmp("conn.tsv.zst"), on_conn, &g, &e) == 0 && g.n == 3,
	      "conns: read");
	for (int i = 0; i < 3 && i < g.n; i++) {
		CHECK(g.id[i] == rows[i].id && g.req[i] == (rows[i].id ? rows[i].req : 0) &&
			      g.age[i] == (rows[i].id ? rows[i].age_ns / 1000000 * 1000000 : 0),
		      "conns: row %d: %llu %llu %lld", i, (unsigned long long)g.id[i],
		      (unsigned long long)g.req[i], (long long)g.age[i]);
	}
	/* the field-by-field path: a quoted field in the row */
	snprintf(text, sizeof(text),
		 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend\t"
		 "conn_id\tconn_req\tconn_age_ms\n0\t0\tGET\t1\t5\t\"k\"\t\t"
		 "2025-01-01T00:00:00Z\t\t2025-01-01T00:00:01Z\t42\t3\t17\n");
	check_tmp_write(check_tmp("conn_csv.tsv"), text);
	memset(&g, 0, sizeof(g));
	CHECK(opslog_read(check_tmp("conn_csv.tsv"), on_conn, &g, &e) == 0 && g.n == 1 &&
		      g.id[0] == 42 && g.req[0] == 3 && g.age[0] == 17000000,
	      "conns: read by libcsv: %s", e.msg);
	/* a log without the columns: 0 */
	memset(&g, 0, sizeof(g));
	CHECK(opslog_read(check_tmp("cond.tsv.zst"), on_conn, &g, &e) == 0 && g.n == 2 &&
		      g.id[0] == 0 && g.req[0] == 0 && g.age[0] == 0,
	      "conns: absent columns read as 0");
	for (size_t i = 0; i < sizeof(badc) / sizeof(badc[0]); i++) {
		snprintf(text, sizeof(text),
			 "idx\tthread\top\tn_objects\tbytes\tfile\terror\tstart\tfirst_byte\tend"
			 "\tconn_id\tconn_req\tconn_age_ms\n0\t0\tGET\t1\t5\tk\t\t"
			 "2025-01-01T00:00:00Z\t\t2025-01-01T00:00:01Z%s\n",
			 badc[i].fields);
		check_tmp_write(check_tmp("conn_bad.tsv"), text);
		CHECK(opslog_read(check_tmp("conn_bad.tsv"), on_conn, &g, &e) < 0 &&
			      strstr(e.msg, badc[i].want) != NULL && strstr(e.msg, ":2:") != NULL,
		      "conns: bad %zu refused: %s", i, e.msg);
	}
}

int main(void)
{
	if (check_tmp_open("test_opslog_cols") != 0)
		return 1;
	test_ids();
	test_cond();
	test_pages();
	test_conns();
	check_tmp_close();
	return check_done();
}
