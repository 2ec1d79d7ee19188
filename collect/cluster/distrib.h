/* collect/cluster/distrib.h: distributed collection: every MPI rank one client of each run
 * (docs/DISTRIBUTED.md). Linked into bin/collect-mpi only (it calls collect/cluster/cluster.h).
 *
 * Rank 0 runs the command line as bin/collect does (parses, plans, holds the output
 * lock, prints progress, writes every file) with distrib_runner carrying out each run;
 * the other ranks sit in distrib_serve and do what rank 0 broadcasts. One run:
 *   1. rank 0 broadcasts the task: subject (no secret: each rank takes its own
 *      credentials as a single collector does), workload, key prefix, time limit, what
 *      the campaign says of the clients (client_nic: a rank's own S3BENCH_CLIENT_NIC wins);
 *   2. rank 0 prepares once, in a child of its own (phase prepare), and broadcasts
 *      whether that worked;
 *   3. clock offsets against rank 0 are measured (MPI round trips; a warning when one
 *      exceeds 10 ms) and rank 0 broadcasts a start instant DISTRIB_LEAD_S ahead;
 *   4. every rank runs the benchmark in a child of its own (phase benchmark), whose
 *      workers start at that instant, and logs its rows in its own temporary directory;
 *      writes that put objects (put, multipart, put-empty) and delete use the client's
 *      own prefix PREFIX CLIENT_ID/ (delete: rank 0 prepared each client's share of
 *      the objects there), the others the run's shared objects;
 *   5. each rank's outcome and rows travel to rank 0 over MPI; rank 0 cleans up once
 *      (phase cleanup), merges the rows in start order (collect/run/clients.h) into the
 *      run's ops.tsv.zst and computes the run's summary over all of them.
 * A client whose benchmark fails makes the run fail with its class, the reason naming
 * its rank and host. */
#ifndef COLLECT_DISTRIB_H
#define COLLECT_DISTRIB_H

#include <signal.h>

#include "collect/run/run_one.h"
#include "collect/cluster/cluster.h"
#include "core/err.h"

#define DISTRIB_LEAD_S 0.5 /* how far ahead of its broadcast the common start is */
#define DISTRIB_OFFSET_WARN_S 0.010

struct distrib;

/* distrib_new: the distributed collector of cluster c (collective): this rank's client
 * id, its own NIC speed (S3BENCH_CLIENT_NIC, collect/run/clientres.h: a value that is no
 * bit rate fails) and a private temporary directory ($TMPDIR or /tmp). stop: this process's
 * SIGINT/SIGTERM flag. NULL with a message on failure. */
struct distrib *distrib_new(struct cluster *c, volatile sig_atomic_t *stop, struct err *e);

/* distrib_free: remove the temporary directory and free d (NULL is fine). */
void distrib_free(struct distrib *d);

/* distrib_runner: rank 0's runner for cmd_main (collect/run/cli.h), valid while d
 * lives. */
const struct run_one_runner *distrib_runner(struct distrib *d);

/* distrib_serve: a rank other than 0: carry out the runs rank 0 broadcasts until it
 * calls distrib_end. -1 with a message when MPI or this rank's files fail. */
int distrib_serve(struct distrib *d, struct err *e);

/* distrib_end: rank 0: tell the other ranks that there is no more run (collective with
 * their distrib_serve). */
int distrib_end(struct distrib *d, struct err *e);

#endif
