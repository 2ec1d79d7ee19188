/* collect/cluster/cluster_env.c: cluster_launched (cluster.h), without MPI: bin/collect asks it
 * before it decides to hand over to bin/collect-mpi. */
#include "collect/cluster/cluster.h"

#include <stdlib.h>

int cluster_launched(void)
{
	/* Open MPI's mpirun; srun --mpi=pmix (PMIX_RANK) or --mpi=pmi2 (PMI_RANK) */
	static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"};

	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		const char *v = getenv(vars[i]);
		if (v != NULL && v[0] != '\0')
			return 1;
	}
	return 0;
}
