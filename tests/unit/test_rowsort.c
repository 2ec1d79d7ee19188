/* tests/unit/test_rowsort.c: the external sort of core/rowsort.h with more
 * records than its in-memory limit: 100,000 records with keys drawn from 5,000 values
 * (many equal keys), limits of 1,000 rows (100 sorted runs: a merge pass, then the
 * final merge), of 4 KiB (a limit in bytes, records of up to 300 bytes and of 0
 * bytes), and the defaults (no spill). Every record comes back exactly once, in key
 * order, equal keys in the order added; no file is left in the directory; an error
 * from the caller's emit stops the sort. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/rowsort.h"
#include "tests/unit/check.h"

#define N 100000

struct seen {
	uint64_t n, bad, stop_at;
	int64_t last_key;
	uint32_t last_seq;
	unsigned char *got;
};

static int64_t key_of(uint32_t i)
{
	return (int64_t)((i * 2654435761u) % 5000) - 2500;
}

/* A record: its sequence number, then (i % 301) bytes of a pattern. */
static size_t make_rec(uint32_t i, char *buf)
{
	size_t n = i % 7 == 0 ? 0 : 4 + i % 297;

	if (n == 0)
		return 0;
	memcpy(buf, &i, 4);
	for (size_t k = 4; k < n; k++)
		buf[k] = (char)(i + k);
	return n;
}

static int emit(const void *rec, size_t n, void *arg, struct err *e)
{
	struct seen *s = arg;
	char want[301];
	uint32_t i;

	if (s->stop_at && s->n == s->stop_at)
		return err_set(e, "stop here");
	s->n++;
	if (n == 0)
		return 0; /* a 0-byte record carries no number: counted only */
	memcpy(&i, rec, 4);
	if (i >= N || s->got[i] || make_rec(i, want) != n || memcmp(want, rec, n) != 0 ||
	    key_of(i) < s->last_key || (key_of(i) == s->last_key && i < s->last_seq)) {
		s->bad++;
		return 0;
	}
	s->got[i] = 1;
	s->last_key = key_of(i);
	s->last_seq = i;
	return 0;
}

static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	while (d != NULL && (de = readdir(d)) != NULL)
		n += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
	if (d != NULL)
		closedir(d);
	return n;
}

static void run(const char *dir, size_t rows, size_t bytes, uint64_t stop_at, uint64_t min_spills)
{
	struct err e = {{0}};
	struct seen s = {.last_key = INT64_MIN, .stop_at = stop_at};
	struct rowsort *rs = rowsort_new(dir, rows, bytes, &e);
	char buf[301];
	int rc;

	CHECK(rs != NULL, "new: %s", e.msg);
	if (rs == NULL)
		return;
	s.got = calloc(N, 1);
	for (uint32_t i = 0; i < N; i++)
		if (rowsort_add(rs, key_of(i), buf, make_rec(i, buf), &e) < 0)
			break;
	CHECK(rowsort_count(rs) == N, "rows %zu: %llu added: %s", rows,
	      (unsigned long long)rowsort_count(rs), e.msg);
	rc = rowsort_finish(rs, emit, &s, &e);
	if (stop_at) {
		CHECK(rc == -1 && strcmp(e.msg, "stop here") == 0 && s.n == stop_at,
		      "emit error stops the sort (rc %d, %llu emitted): %s", rc,
		      (unsigned long long)s.n, e.msg);
	} else {
		CHECK(rc == 0, "rows %zu bytes %zu: finish: %s", rows, bytes, e.msg);
		CHECK(s.n == N && s.bad == 0,
		      "rows %zu bytes %zu: %llu of %d back, %llu out "
		      "of order or wrong",
		      rows, bytes, (unsigned long long)s.n, N, (unsigned long long)s.bad);
		CHECK(rowsort_spills(rs) >= min_spills &&
			      (min_spills > 0 || rowsort_spills(rs) == 0),
		      "rows %zu bytes %zu: %llu sorted runs spilled", rows, bytes,
		      (unsigned long long)rowsort_spills(rs));
	}
	CHECK(dir_entries(dir) == 0, "no temporary file in %s during the sort", dir);
	rowsort_free(rs);
	CHECK(dir_entries(dir) == 0, "no temporary file left in %s", dir);
	free(s.got);
}

int main(void)
{
	char dir[] = "/tmp/test_opslog_sort.XXXXXX";
	struct err e;

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	run(dir, 0, 0, 0, 0);
	run(dir, 1000, 0, 0, 100);
	run(dir, 0, 4096, 0, N / 100);
	run(dir, 1000, 0, 54321, 0);
	run(dir, 0, 0, 10, 0);
	CHECK(rowsort_new("/nonexistent-dir", 0, 0, &e) == NULL &&
		      strstr(e.msg, "/nonexistent-dir") != NULL,
	      "unusable dir: %s", e.msg);
	rmdir(dir);
	return check_done();
}
