/* tests/mpi/cluster_check.c: collect/cluster/cluster.c under a real mpirun (tests/e2e/cluster.sh
 * starts it with 3 ranks on this machine). Every rank checks what it can; rank 0 gathers
 * the other ranks' failure counts and prints the one "N passed, N failed" line.
 *   cluster_check DIR     DIR: an empty directory for the files rank 0 receives */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collect/cluster/cluster.h"
#include "tests/unit/check.h"

/* fill: the deterministic bytes of rank r's file (n bytes). */
static void fill(unsigned char *b, size_t n, int r)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1);

	for (size_t i = 0; i < n; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		b[i] = (unsigned char)x;
	}
}

static size_t file_size(int r)
{
	return (size_t)(r + 1) * 1536 * 1024 + 7; /* over one 1 MiB message, not a multiple */
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* check_files: rank 0 compares what it received with what each rank wrote. */
static void check_files(const char *dir, int size)
{
	for (int r = 1; r < size; r++) {
		char path[1024];
		size_t n = file_size(r), got;
		unsigned char *want = malloc(n), *have = malloc(n + 1);
		FILE *f;

		snprintf(path, sizeof(path), "%s/from-%d", dir, r);
		f = fopen(path, "rb");
		got = f != NULL && have != NULL ? fread(have, 1, n + 1, f) : 0;
		if (want != NULL)
			fill(want, n, r);
		CHECK(got == n && want != NULL && memcmp(want, have, n) == 0,
		      "rank %d's file arrived whole (%zu of %zu bytes)", r, got, n);
		if (f != NULL)
			fclose(f);
		free(want);
		free(have);
	}
}

/* files: every rank sends its file (the last one, in round 2, a missing one). */
static void files(struct cluster *c, const char *dir, int round)
{
	int rank = cluster_rank(c), size = cluster_size(c), status[64];
	char src[1024], *dest[64], names[64][1024];
	struct err e;

	snprintf(src, sizeof(src), "%s/src-%d", dir, rank);
	if (round == 1 && rank > 0) {
		size_t n = file_size(rank);
		unsigned char *b = malloc(n);
		FILE *f = fopen(src, "wb");
		fill(b, n, rank);
		CHECK(f != NULL && fwrite(b, 1, n, f) == n && fclose(f) == 0, "rank %d wrote",
		      rank);
		free(b);
	}
	if (round == 2 && rank == size - 1)
		snprintf(src, sizeof(src), "%s/does-not-exist", dir);
	for (int r = 0; r < size && r < 64; r++) {
		snprintf(names[r], sizeof(names[r]), "%s/%s-%d", dir, round == 1 ? "from" : "again",
			 r);
		dest[r] = names[r];
	}
	CHECK(cluster_collect_file(c, src, dest, status, &e) == 0, "collect_file: %s", e.msg);
	if (rank != 0)
		return;
	if (round == 1) {
		for (int r = 1; r < size; r++)
			CHECK(status[r] == 0, "rank %d's status %d", r, status[r]);
		check_files(dir, size);
	} else {
		CHECK(status[size - 1] == -1, "a missing file is status -1 (%d)", status[size - 1]);
		CHECK(size < 3 || status[1] == 0, "the others still arrive (%d)", status[1]);
	}
}

/* clocks: offsets on one host are near zero; a common start wakes every rank together. */
static void clocks(struct cluster *c)
{
	struct cluster_clock all[64], mine;
	struct err e;
	int rank = cluster_rank(c), size = cluster_size(c), late_us[64];
	int64_t at;

	CHECK(cluster_sync_clocks(c, 16, rank == 0 ? all : NULL, &mine, &e) == 0, "sync: %s",
	      e.msg);
	CHECK(mine.offset_s > -0.005 && mine.offset_s < 0.005, "rank %d offset %.6f s on one host",
	      rank, mine.offset_s);
	CHECK(rank == 0 || (mine.rtt_s > 0 && mine.rtt_s < 0.05), "rank %d rtt %.6f s", rank,
	      mine.rtt_s);
	if (rank == 0)
		for (int r = 0; r < size; r++)
			printf("rank %d on %s: offset %+.6f s, rtt %.6f s\n", r, cluster_host(c, r),
			       all[r].offset_s, all[r].rtt_s);
	at = cluster_start_at(c, 0.3, &mine, &e);
	CHECK(at > now_ns(), "the start instant %lld lies ahead", (long long)at);
	struct timespec ts = {(time_t)(at / 1000000000), (long)(at % 1000000000)};
	while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL) != 0)
		;
	int late = (int)((now_ns() - at) / 1000);
	CHECK(cluster_gather_int(c, late, late_us, &e) == 0, "gather: %s", e.msg);
	if (rank == 0) {
		int lo = late_us[0], hi = late_us[0];
		for (int r = 1; r < size; r++) {
			lo = late_us[r] < lo ? late_us[r] : lo;
			hi = late_us[r] > hi ? late_us[r] : hi;
		}
		printf("woke %d..%d us after the common start\n", lo, hi);
		CHECK(lo >= 0 && hi - lo < 20000, "every rank woke within 20 ms (%d..%d us)", lo,
		      hi);
	}
}

int main(int argc, char **argv)
{
	struct err e;
	struct cluster *c = cluster_open(&argc, &argv, &e);
	char msg[64] = "";
	int rank, size, ranks[64], fails[64];

	if (c == NULL || argc < 2) {
		fprintf(stderr, "cluster_check: %s\n",
			c == NULL ? e.msg : "usage: cluster_check DIR");
		return 2;
	}
	rank = cluster_rank(c), size = cluster_size(c);
	CHECK(size >= 2 && size <= 64, "%d ranks", size);
	CHECK(cluster_gather_int(c, rank, ranks, &e) == 0, "gather: %s", e.msg);
	for (int r = 0; rank == 0 && r < size; r++)
		CHECK(ranks[r] == r, "rank %d gathered as %d", r, ranks[r]);
	CHECK(cluster_host(c, rank)[0] != '\0' && cluster_host(c, size)[0] == '\0', "host names");
	if (rank == 0)
		snprintf(msg, sizeof(msg), "start %s", argv[1]);
	CHECK(cluster_bcast(c, msg, sizeof(msg), &e) == 0, "bcast: %s", e.msg);
	CHECK(strncmp(msg, "start ", 6) == 0, "rank %d got the broadcast '%s'", rank, msg);
	clocks(c);
	files(c, argv[1], 1);
	files(c, argv[1], 2);
	cluster_gather_int(c, check_failed, fails, &e);
	if (rank != 0) {
		cluster_close(c);
		return 0;
	}
	for (int r = 1; r < size; r++)
		CHECK(fails[r] == 0, "rank %d's own checks: %d failed", r, fails[r]);
	cluster_close(c);
	return check_done();
}
