/* collect/main.c: bin/collect: signals, then the command line (cmd_main, cli.h;
 * usage in --help). Started by mpirun or srun (cluster_launched), it hands over to
 * bin/collect-mpi beside it with the same arguments (collect/main_mpi.c): bin/collect
 * itself never loads MPI. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "collect/run/cli.h"
#include "collect/cluster/cluster.h"

/* exec_mpi: replace this process with NAME-mpi beside it (bin/collect-mpi, or
 * s3bench-collect-mpi when installed); returns only when that fails (after saying why). */
static int exec_mpi(char **argv)
{
	char self[PATH_MAX], path[PATH_MAX + 16];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0) {
		fprintf(stderr, "collect: started by an MPI launcher, but /proc/self/exe: %s\n",
			strerror(errno));
		return EXITCODE_USAGE;
	}
	self[n] = '\0';
	snprintf(path, sizeof(path), "%s-mpi", self);
	execv(path, argv);
	fprintf(stderr, "collect: started by an MPI launcher (mpirun, srun), but %s: %s\n", path,
		strerror(errno));
	return EXITCODE_USAGE;
}

int main(int argc, char **argv)
{
	volatile sig_atomic_t *stop;

	if (cluster_launched())
		return exec_mpi(argv);
	stop = cmd_stop_on_signals();
	return cmd_main(argc, argv, stop, NULL);
}
