/* collect/cluster/cluster.h: the clients of a distributed collection, one per MPI rank.
 *
 * Every MPI call of s3bench is in collect/cluster/cluster.c, which only bin/collect-mpi links:
 * bin/collect without mpirun or srun loads no MPI library and says nothing about MPI
 * (cluster_launched() is MPI-free and decides whether to hand over to collect-mpi).
 * Rank 0 coordinates; every rank is one client. The calls marked "collective" must be
 * made by every rank in the same order (MPI's rule); they fail on every rank alike only
 * when MPI itself fails, which ends the job (Open MPI's default error handler).
 *
 * Times: wall-clock Unix nanoseconds (CLOCK_REALTIME) of the calling host. A clock
 * offset is "this rank's clock minus rank 0's", estimated from MPI round trips
 * (docs/DISTRIBUTED.md). */
#ifndef COLLECT_CLUSTER_H
#define COLLECT_CLUSTER_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* cluster_launched: 1 when this process was started by an MPI launcher (Open MPI's
 * mpirun, or srun / PMIx), read from the environment only; 0 otherwise. */
int cluster_launched(void);

struct cluster;

/* The clock of one rank against rank 0's. */
struct cluster_clock {
	double offset_s; /* this rank's clock minus rank 0's; 0 for rank 0 */
	double rtt_s;    /* the round trip of the sample the offset comes from */
};

/* cluster_open: MPI_Init and the host name of every rank (collective). *argc and
 * *argv are passed to MPI_Init. NULL with a message when MPI cannot start. The caller
 * frees the result with cluster_close (MPI_Finalize) before it exits. */
struct cluster *cluster_open(int *argc, char ***argv, struct err *e);
void cluster_close(struct cluster *c);

/* cluster_abort: end the whole MPI job with exit code `code` (MPI_Abort), for a rank
 * that cannot take its part any more; does not return. */
void cluster_abort(struct cluster *c, int code);

/* cluster_rank / cluster_size: this rank (0-based) and how many ranks there are. */
int cluster_rank(const struct cluster *c);

/* cluster_library: the MPI library's own version line (MPI_Get_library_version, which
 * needs no MPI_Init), its first line only, into buf (n bytes); returns buf. */
const char *cluster_library(char *buf, size_t n);
int cluster_size(const struct cluster *c);

/* cluster_host: the host name rank r reported at cluster_open (borrowed, valid until
 * cluster_close); "" for a rank out of range. */
const char *cluster_host(const struct cluster *c, int r);

/* cluster_bcast: rank 0's n bytes of buf into every rank's buf (collective). A rank
 * waiting for it sleeps in short steps instead of spinning. */
int cluster_bcast(struct cluster *c, void *buf, size_t n, struct err *e);

/* cluster_gather_int: every rank's v into all[0..size-1] on rank 0 (all may be NULL on
 * the other ranks) (collective). Test seam (tests/mpi/cluster_check.c): the collector
 * gathers with cluster_gather. */
int cluster_gather_int(struct cluster *c, int v, int *all, struct err *e);

/* cluster_gather: every rank's n bytes at mine into all (size x n bytes, rank r's at
 * r x n) on rank 0 (all may be NULL on the other ranks) (collective). */
int cluster_gather(struct cluster *c, const void *mine, size_t n, void *all, struct err *e);

/* cluster_sync_clocks: estimate every rank's clock offset against rank 0 (collective):
 * rank 0 exchanges `rounds` ping-pongs with each rank in turn and keeps the sample
 * with the shortest round trip (offset = the rank's time minus the midpoint of rank 0's
 * send and receive times). clocks[0..size-1] is filled on rank 0 (may be NULL
 * elsewhere); *mine gets this rank's own entry on every rank. */
int cluster_sync_clocks(struct cluster *c, int rounds, struct cluster_clock *clocks,
			struct cluster_clock *mine, struct err *e);

/* cluster_start_at: a common start instant (collective): rank 0 takes its clock plus
 * lead_s and broadcasts it; each rank returns it in its own clock (adding its offset
 * from mine, as cluster_sync_clocks left it), in Unix ns. */
int64_t cluster_start_at(struct cluster *c, double lead_s, const struct cluster_clock *mine,
			 struct err *e);

/* cluster_collect_file: every rank but 0 sends the file at `path` (on its own host) to
 * rank 0, which writes rank r's bytes to dest[r] (collective; dest may be NULL on the
 * other ranks, dest[0] is unused). A rank whose file cannot be read sends nothing and
 * rank 0 gets -1 for it in status[r] (0 when received whole); the file is moved in
 * 1 MiB messages, so any size goes. Returns -1 only when rank 0 cannot write a
 * destination or MPI fails. */
int cluster_collect_file(struct cluster *c, const char *path, char *const *dest, int *status,
			 struct err *e);

#endif
