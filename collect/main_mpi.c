/* collect/main_mpi.c: bin/collect-mpi, the collector under mpirun or srun (bin/collect
 * hands over to it, collect/main.c): every MPI rank is one client of each run
 * (collect/cluster/distrib.h). Rank 0 runs bin/collect's command line with the distributed
 * runner; the other ranks serve it until it is done. Exit status: rank 0's is the
 * collector's (cli.h); another rank exits 0, or ends the whole job (MPI_Abort) when it
 * cannot take its part. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "collect/run/cli.h"
#include "collect/cluster/cluster.h"
#include "collect/cluster/distrib.h"
#include "core/version.h"

int main(int argc, char **argv)
{
	struct cluster *c;
	struct distrib *d;
	struct err e = {{0}};
	volatile sig_atomic_t *stop;
	int rc;

	if (argc == 2 && strcmp(argv[1], "--version") == 0) { /* without starting MPI */
		char mpi[256];

		rc = version_print(stdout, "s3bench-collect-mpi");
		printf("  %-9s %s\n", "MPI", cluster_library(mpi, sizeof(mpi)));
		return rc;
	}
	stop = cmd_stop_on_signals();
	c = cluster_open(&argc, &argv, &e);
	if (c == NULL) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return EXITCODE_USAGE;
	}
	d = distrib_new(c, stop, &e);
	if (d == NULL) {
		/* the others would wait for this rank in vain: the whole job ends */
		fprintf(stderr, "collect: rank %d (%s): %s\n", cluster_rank(c),
			cluster_host(c, cluster_rank(c)), e.msg);
		cluster_abort(c, EXITCODE_USAGE);
	}
	if (cluster_rank(c) == 0) {
		rc = cmd_main(argc, argv, stop, distrib_runner(d));
		if (distrib_end(d, &e) < 0) {
			fprintf(stderr, "collect: %s\n", e.msg);
			rc = rc ? rc : EXITCODE_PARTIAL;
		}
	} else {
		rc = 0;
		if (distrib_serve(d, &e) < 0) {
			fprintf(stderr, "collect: rank %d (%s): %s\n", cluster_rank(c),
				cluster_host(c, cluster_rank(c)), e.msg);
			cluster_abort(c, EXITCODE_PARTIAL);
		}
	}
	distrib_free(d);
	cluster_close(c);
	return rc;
}
