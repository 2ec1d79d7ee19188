/* collect/cluster/cluster.c: see cluster.h. The only file of s3bench that calls MPI; built into
 * bin/collect-mpi (and its tests) only, with Open MPI's flags (pkg-config ompi-c). */
#include "collect/cluster/cluster.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#define HOST_MAX 256
#define CHUNK (1u << 20)
#define TAG_PING 11
#define TAG_FILE 12

struct cluster {
	int rank, size;
	char *hosts; /* size × HOST_MAX bytes */
	char *chunk; /* CHUNK bytes: one message of a file being moved */
};

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* mpi_fail: a message from an MPI error code. */
static int mpi_fail(struct err *e, const char *what, int code)
{
	char text[MPI_MAX_ERROR_STRING];
	int len = 0;

	if (MPI_Error_string(code, text, &len) != MPI_SUCCESS)
		snprintf(text, sizeof(text), "error %d", code);
	return err_set(e, "MPI: %s: %s", what, text);
}

struct cluster *cluster_open(int *argc, char ***argv, struct err *e)
{
	struct cluster *c = calloc(1, sizeof(*c));
	char me[HOST_MAX] = "";
	int rc;

	if (c == NULL) {
		err_set(e, "MPI: out of memory");
		return NULL;
	}
	rc = MPI_Init(argc, argv);
	if (rc != MPI_SUCCESS) {
		free(c);
		mpi_fail(e, "MPI_Init", rc);
		return NULL;
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &c->size);
	c->hosts = calloc((size_t)c->size, HOST_MAX);
	c->chunk = malloc(CHUNK);
	if (c->hosts == NULL || c->chunk == NULL) {
		err_set(e, "MPI: out of memory");
		cluster_close(c);
		return NULL;
	}
	if (gethostname(me, sizeof(me) - 1) != 0)
		snprintf(me, sizeof(me), "unknown");
	rc = MPI_Allgather(me, HOST_MAX, MPI_CHAR, c->hosts, HOST_MAX, MPI_CHAR, MPI_COMM_WORLD);
	if (rc != MPI_SUCCESS) {
		mpi_fail(e, "gathering host names", rc);
		cluster_close(c);
		return NULL;
	}
	return c;
}

void cluster_close(struct cluster *c)
{
	if (c == NULL)
		return;
	MPI_Finalize();
	free(c->hosts);
	free(c->chunk);
	free(c);
}

void cluster_abort(struct cluster *c, int code)
{
	(void)c;
	MPI_Abort(MPI_COMM_WORLD, code);
	_exit(code); /* MPI_Abort does not return; in case it does */
}

int cluster_rank(const struct cluster *c)
{
	return c->rank;
}

int cluster_size(const struct cluster *c)
{
	return c->size;
}

const char *cluster_host(const struct cluster *c, int r)
{
	if (r < 0 || r >= c->size)
		return "";
	return c->hosts + (size_t)r * HOST_MAX;
}

/* wait_idle: complete request r, sleeping 200 us between tests: a rank waiting for rank 0
 * (through a whole prepare, cleanup or merge) sleeps instead of spinning on a core as
 * Open MPI's blocking calls do, which would take CPU from rank 0 and the server. */
static int wait_idle(MPI_Request *r)
{
	const struct timespec pause = {0, 200000};
	int done = 0, rc;

	while ((rc = MPI_Test(r, &done, MPI_STATUS_IGNORE)) == MPI_SUCCESS && !done)
		nanosleep(&pause, NULL);
	return rc;
}

int cluster_bcast(struct cluster *c, void *buf, size_t n, struct err *e)
{
	MPI_Request r;
	int rc;

	(void)c;
	if (n > (size_t)0x7fffffff)
		return err_set(e, "MPI: broadcast of %zu bytes is too large", n);
	rc = MPI_Ibcast(buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD, &r);
	if (rc == MPI_SUCCESS)
		rc = wait_idle(&r);
	return rc == MPI_SUCCESS ? 0 : mpi_fail(e, "broadcast", rc);
}

int cluster_gather_int(struct cluster *c, int v, int *all, struct err *e)
{
	int rc = MPI_Gather(&v, 1, MPI_INT, c->rank == 0 ? all : NULL, 1, MPI_INT, 0,
			    MPI_COMM_WORLD);

	return rc == MPI_SUCCESS ? 0 : mpi_fail(e, "gather", rc);
}

int cluster_gather(struct cluster *c, const void *mine, size_t n, void *all, struct err *e)
{
	int rc;

	if (n > (size_t)0x7fffffff)
		return err_set(e, "MPI: gather of %zu bytes is too large", n);
	rc = MPI_Gather(mine, (int)n, MPI_BYTE, c->rank == 0 ? all : NULL, (int)n, MPI_BYTE, 0,
			MPI_COMM_WORLD);
	return rc == MPI_SUCCESS ? 0 : mpi_fail(e, "gather", rc);
}

/* ping_rank: rank 0's side of the ping-pongs with rank r; the best sample in *out. */
static int ping_rank(int r, int rounds, struct cluster_clock *out, struct err *e)
{
	double best_rtt = -1, best_off = 0;

	for (int k = 0; k < rounds; k++) {
		int64_t t0 = now_ns(), tr = 0, t1;
		int rc = MPI_Send(&t0, 1, MPI_INT64_T, r, TAG_PING, MPI_COMM_WORLD);
		if (rc == MPI_SUCCESS)
			rc = MPI_Recv(&tr, 1, MPI_INT64_T, r, TAG_PING, MPI_COMM_WORLD,
				      MPI_STATUS_IGNORE);
		if (rc != MPI_SUCCESS)
			return mpi_fail(e, "clock round trip", rc);
		t1 = now_ns();
		double rtt = (double)(t1 - t0) / 1e9;
		if (best_rtt < 0 || rtt < best_rtt) {
			best_rtt = rtt;
			best_off = ((double)tr - ((double)t0 + (double)t1) / 2) / 1e9;
		}
	}
	out->offset_s = best_off;
	out->rtt_s = best_rtt;
	return 0;
}

int cluster_sync_clocks(struct cluster *c, int rounds, struct cluster_clock *clocks,
			struct cluster_clock *mine, struct err *e)
{
	double pair[2] = {0, 0};
	double *all = NULL;
	int rc;

	if (rounds < 1)
		rounds = 1;
	if (c->rank == 0) {
		all = calloc((size_t)c->size * 2, sizeof(double));
		if (all == NULL)
			return err_set(e, "MPI: out of memory");
		for (int r = 1; r < c->size; r++) {
			struct cluster_clock cc;
			if (ping_rank(r, rounds, &cc, e) != 0) {
				free(all);
				return -1;
			}
			all[2 * r] = cc.offset_s;
			all[2 * r + 1] = cc.rtt_s;
			if (clocks != NULL)
				clocks[r] = cc;
		}
		if (clocks != NULL)
			clocks[0] = (struct cluster_clock){0, 0};
	} else {
		for (int k = 0; k < rounds; k++) {
			int64_t t0, tr;
			rc = MPI_Recv(&t0, 1, MPI_INT64_T, 0, TAG_PING, MPI_COMM_WORLD,
				      MPI_STATUS_IGNORE);
			tr = now_ns();
			if (rc == MPI_SUCCESS)
				rc = MPI_Send(&tr, 1, MPI_INT64_T, 0, TAG_PING, MPI_COMM_WORLD);
			if (rc != MPI_SUCCESS)
				return mpi_fail(e, "clock round trip", rc);
		}
	}
	/* each rank learns its own entry */
	rc = MPI_Scatter(all, 2, MPI_DOUBLE, pair, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	free(all);
	if (rc != MPI_SUCCESS)
		return mpi_fail(e, "clock offsets", rc);
	mine->offset_s = pair[0];
	mine->rtt_s = pair[1];
	return 0;
}

int64_t cluster_start_at(struct cluster *c, double lead_s, const struct cluster_clock *mine,
			 struct err *e)
{
	int64_t t = c->rank == 0 ? now_ns() + (int64_t)(lead_s * 1e9) : 0;

	if (cluster_bcast(c, &t, sizeof(t), e) != 0)
		return -1;
	return t + (int64_t)(mine->offset_s * 1e9);
}

/* send_file: a non-root rank's side: the size (-1 when unreadable), then the chunks. */
static int send_file(char *buf, const char *path, struct err *e)
{
	int64_t size = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;
	off_t end = fd >= 0 ? lseek(fd, 0, SEEK_END) : -1;

	if (end >= 0 && lseek(fd, 0, SEEK_SET) == 0)
		size = (int64_t)end;
	rc = MPI_Send(&size, 1, MPI_INT64_T, 0, TAG_FILE, MPI_COMM_WORLD);
	for (int64_t left = size; rc == MPI_SUCCESS && left > 0;) {
		size_t want = left < (int64_t)CHUNK ? (size_t)left : CHUNK, got = 0;
		while (got < want) {
			ssize_t n = read(fd, buf + got, want - got);
			if (n <= 0) {
				/* the file shrank: zeros, which the receiver's readers reject */
				memset(buf + got, 0, want - got);
				break;
			}
			got += (size_t)n;
		}
		rc = MPI_Send(buf, (int)want, MPI_BYTE, 0, TAG_FILE, MPI_COMM_WORLD);
		left -= (int64_t)want;
	}
	if (fd >= 0)
		close(fd);
	return rc == MPI_SUCCESS ? 0 : mpi_fail(e, "sending a file", rc);
}

/* recv_file: rank 0's side for rank r into dest; *status -1 when r had no file. Every
 * chunk is received even when dest cannot be written (the sender goes on sending). */
static int recv_file(char *buf, int r, const char *dest, int *status, struct err *e)
{
	int64_t size = -1;
	FILE *f = NULL;
	int rc = MPI_Recv(&size, 1, MPI_INT64_T, r, TAG_FILE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	int ret = 0;

	*status = size < 0 ? -1 : 0;
	if (rc == MPI_SUCCESS && size >= 0 && (f = fopen(dest, "wbe")) == NULL)
		ret = err_set(e, "%s: %s", dest, strerror(errno));
	for (int64_t left = size; rc == MPI_SUCCESS && left > 0;) {
		int want = left < (int64_t)CHUNK ? (int)left : (int)CHUNK;
		rc = MPI_Recv(buf, want, MPI_BYTE, r, TAG_FILE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		if (rc == MPI_SUCCESS && f != NULL && ret == 0 &&
		    fwrite(buf, 1, (size_t)want, f) != (size_t)want)
			ret = err_set(e, "%s: %s", dest, strerror(errno));
		left -= want;
	}
	if (rc != MPI_SUCCESS)
		ret = mpi_fail(e, "receiving a file", rc);
	if (f != NULL && fclose(f) != 0 && ret == 0)
		ret = err_set(e, "%s: %s", dest, strerror(errno));
	if (ret != 0)
		*status = -1;
	return ret;
}

int cluster_collect_file(struct cluster *c, const char *path, char *const *dest, int *status,
			 struct err *e)
{
	int ret = 0;

	if (c->rank != 0)
		return send_file(c->chunk, path, e);
	status[0] = 0;
	for (int r = 1; r < c->size; r++)
		if (recv_file(c->chunk, r, dest[r], &status[r], e) != 0)
			ret = -1;
	return ret;
}

const char *cluster_library(char *buf, size_t n)
{
	char v[MPI_MAX_LIBRARY_VERSION_STRING];
	int len = 0;

	if (MPI_Get_library_version(v, &len) != MPI_SUCCESS || len <= 0)
		snprintf(buf, n, "unknown");
	else
		snprintf(buf, n, "%.*s", (int)strcspn(v, "\n,"), v);
	return buf;
}
