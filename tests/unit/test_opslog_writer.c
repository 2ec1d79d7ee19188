/* tests/unit/test_opslog_writer.c: the writer's own integer and time formatting (no
 * snprintf on the hot path) gives exactly the text of snprintf and rfc3339_format:
 * times in one second and across seconds, whole seconds, trailing zeros, before 1970,
 * the int64 extremes, absent (0) first/last byte times, negative durations. The rows
 * come back sorted by start (equal starts in the order added: many rows share a
 * start), idx renumbered from 0 in that order, exactly N of them, with the whole
 * sort in memory and with an in-memory limit of 7 and 100 rows (external sort with
 * one and two merge passes). */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "core/opslog.h"
#include "core/timefmt.h"
#include "core/zio.h"

#define N 2000

static uint64_t rnd(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static int64_t pick(uint64_t *x, int i)
{
	static const int64_t fixed[] = {
		1,
		-1,
		999999999,
		1000000000,
		-1000000000,
		-999999999,
		1764672000000000000,
		1764672000100000000,
		1764672000000000001,
		1764672000123456789,
		INT64_MAX,
		INT64_MIN,
		INT64_MIN + 1,
		-86400000000000,
		253402300799999999,
		253402300800000000,
	};
	int64_t base = 1764672000000000000; /* 2025-12-02 */

	if (i < (int)(sizeof(fixed) / sizeof(fixed[0])))
		return fixed[i];
	switch (rnd(x) % 4) {
	case 0:
		return base + (int64_t)(rnd(x) % 3000000000); /* a few seconds */
	case 1:
		return base + (int64_t)(rnd(x) % 1000) * 1000000; /* milliseconds */
	case 2:
		return (int64_t)rnd(x);
	default:
		return -(int64_t)(rnd(x) % 4000000000000000000);
	}
}

static void want_time(char *out, size_t n, int64_t ns, int optional)
{
	if (optional && ns == 0)
		out[0] = '\0';
	else
		rfc3339_format(out, n, ns);
}

static struct op_row rows[N];
static int order[N];

static int by_start(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;

	if (rows[i].start_ns != rows[j].start_ns)
		return rows[i].start_ns < rows[j].start_ns ? -1 : 1;
	return i - j; /* the order added */
}

static void make_rows(void)
{
	uint64_t x = 0x1234567;

	for (int i = 0; i < N; i++) {
		struct op_row *r = &rows[i];
		memset(r, 0, sizeof(*r));
		r->idx = i % 3 == 0 ? rnd(&x) : (uint64_t)i;
		r->thread = i % 5 == 0 ? -(int)(rnd(&x) % 1000) : (int)(rnd(&x) % 100000);
		r->op = "GET";
		r->client_id = "";
		r->n_objects = i % 7 == 0 ? UINT64_MAX : rnd(&x) % 1000;
		r->bytes = rnd(&x);
		r->endpoint = "http://127.0.0.1:9000";
		r->file = "p/obj/00000001";
		r->error = "";
		r->cat = "";
		r->start_ns = pick(&x, i);
		r->first_byte_ns = i % 4 == 0 ? 0 : pick(&x, N);
		r->last_byte_ns = i % 2 == 0 ? 0 : r->start_ns;
		r->end_ns = pick(&x, N);
		r->duration_ns = i % 9 == 0 ? INT64_MIN + i : (int64_t)rnd(&x);
		if (i % 10 == 3)
			r->start_ns = rows[i / 2].start_ns; /* equal starts */
		order[i] = i;
	}
	qsort(order, N, sizeof(order[0]), by_start);
}

static void check_limit(const char *path, size_t limit)
{
	struct err e = {{0}};
	char *text = NULL;
	size_t len = 0;
	int n = 0;

	struct opslog_writer *w = opslog_writer_open_limit(path, limit, &e);
	CHECK(w != NULL, "open: %s", e.msg);
	if (w == NULL)
		return;
	for (int i = 0; i < N; i++)
		CHECK(opslog_writer_add(w, &rows[i], &e) == 0, "add %d: %s", i, e.msg);
	CHECK(opslog_writer_close(w, &e) == 0, "close: %s", e.msg);
	CHECK(zio_read_all(path, 64u << 20, &text, &len, &e) == 0, "read: %s", e.msg);
	unlink(path);
	if (text == NULL)
		return;
	char *line = strchr(text, '\n'); /* after the header */
	int bad = 0;
	for (int i = 0; i < N && line != NULL && line[1] != '\0'; i++) {
		const struct op_row *r = &rows[order[i]];
		char want[1024], t[4][64];
		line++;
		char *end = strchr(line, '\n');
		if (end == NULL)
			break;
		want_time(t[0], sizeof(t[0]), r->start_ns, 0);
		want_time(t[1], sizeof(t[1]), r->first_byte_ns, 1);
		want_time(t[2], sizeof(t[2]), r->last_byte_ns, 1);
		want_time(t[3], sizeof(t[3]), r->end_ns, 0);
		snprintf(want, sizeof(want),
			 "%d\t%d\tGET\t\t%" PRIu64 "\t%" PRIu64
			 "\thttp://127.0.0.1:9000\tp/obj/00000001\t\t%s\t%s\t%s\t%s\t%" PRId64
			 "\t0",
			 i, r->thread, r->n_objects, r->bytes, t[0], t[1], t[2], t[3],
			 r->duration_ns);
		if (strlen(want) != (size_t)(end - line) || memcmp(want, line, strlen(want)) != 0) {
			if (bad++ < 5)
				fprintf(stderr, "row %d:\n got  %.*s\n want %s\n", i,
					(int)(end - line), line, want);
		}
		line = end;
		n++;
	}
	CHECK(n == N && line != NULL && strcmp(line, "\n") == 0,
	      "limit %zu: %d rows of %d read back, then %s", limit, n, N,
	      line && strcmp(line, "\n") == 0 ? "the end" : "more text");
	CHECK(bad == 0, "limit %zu: %d of %d rows differ from snprintf/rfc3339_format", limit, bad,
	      N);
	free(text);
}

int main(void)
{
	char path[] = "/tmp/s3bench-test-opslog-writer.XXXXXX";
	int fd = mkstemp(path);

	CHECK(fd >= 0, "mkstemp");
	if (fd < 0)
		return check_done();
	close(fd);
	make_rows();
	check_limit(path, 0);
	check_limit(path, 100);
	check_limit(path, 7);
	return check_done();
}
