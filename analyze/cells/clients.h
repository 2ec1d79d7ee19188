/* analyze/cells/clients.h: the clients of distributed runs in the aggregate:
 * a cell never mixes client counts, each cell's clients and workers_total, the client
 * hosts of the campaign and the per-client throughput of the largest distributed
 * configuration ("client_balance"). Formulas: docs/METHODOLOGY.md, "Clients". */
#ifndef ANALYZE_CLIENTS_H
#define ANALYZE_CLIENTS_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells/aggregate.h"

/* One client host of the campaign: ranks = the most ranks it ran in one run. */
struct agg_host {
	const char *host; /* borrowed from a run log */
	int ranks;
};

/* One client of a client_balance entry: the mean of its figures over the cell's
 * valid runs (NaN when none of them has the client's summary). */
struct agg_balance_client {
	int rank;
	const char *host; /* borrowed: the host of the rank in the first valid run */
	double mib_s, obj_s;
};

/* client_balance[]: per subject and matrix op, the distributed cell (clients > 1,
 * at least one valid run) with the most workers in total (ties: the largest size,
 * then the most clients). */
struct agg_balance {
	size_t subject;
	const char *op;
	uint64_t size;
	int concurrency, clients;
	size_t n;                        /* the cell's valid runs */
	struct agg_balance_client *list; /* clients entries, by rank */
	double ratio;                    /* max / min of the clients' MiB/s (obj/s for size 0);
					 * NaN with fewer than 2 figures or a minimum of 0 */
};

/* clients_reconcile: before the cells are built. Among the runs of one op at one
 * concurrency (matrix runs and one-off runs apart), the client count that most valid
 * runs have wins (ties: the larger); every other valid run is excluded with class
 * "clients-mismatch" and a reason naming both counts. Returns -1 when memory runs
 * out (nothing changed then). */
int clients_reconcile(struct aggregate *a);

/* clients_build: after the cells are built: each cell's clients and client_hosts,
 * a->client_hosts and a->balance. Returns -1 when memory runs out (what was
 * allocated is released by aggregate_free). */
int clients_build(struct aggregate *a);

/* clients_free: release what clients_build allocated in a. */
void clients_free(struct aggregate *a);

#endif
