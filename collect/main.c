/* collect/main.c: bin/collect: signals, then the command line (collect_main, cli.h;
 * usage in --help). Started by mpirun or srun (cluster_launched), it hands over to
 * bin/collect-mpi beside it with the same arguments (collect/main_mpi.c): bin/collect
 * itself never loads MPI. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "collect/cli.h"
#include "collect/cluster.h"

/* The one piece of global mutable state: set by SIGINT/SIGTERM. */
static volatile sig_atomic_t g_stop;

static void on_signal(int sig)
{
	(void)sig;
	g_stop = 1;
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* exec_mpi: replace this process with collect-mpi from bin/collect's own directory;
 * returns only when that fails (after saying why). */
static int exec_mpi(char **argv)
{
	char self[PATH_MAX], path[PATH_MAX + 16];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (n <= 0) {
		fprintf(stderr, "collect: started by an MPI launcher, but /proc/self/exe: %s\n",
			strerror(errno));
		return CLI_EXIT_USAGE;
	}
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (slash != NULL)
		slash[1] = '\0';
	snprintf(path, sizeof(path), "%scollect-mpi", slash != NULL ? self : "");
	execv(path, argv);
	fprintf(stderr, "collect: started by an MPI launcher (mpirun, srun), but %s: %s\n",
		path, strerror(errno));
	return CLI_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	if (cluster_launched())
		return exec_mpi(argv);
	install_signals();
	return collect_main(argc, argv, &g_stop, NULL);
}
