/* render/model_clients.h: the clients of distributed runs in the report model
 * (aggregate.json 1.2, docs/FORMATS.md "Clients of distributed runs"): each cell's
 * clients and client hosts, the campaign's client hosts and the per-client throughput
 * of client_balance. Absent fields (a 1.0 or 1.1 file) read as one client. */
#ifndef RENDER_MODEL_CLIENTS_H
#define RENDER_MODEL_CLIENTS_H

#include <jansson.h>

#include "render/model.h"
#include "render/model_json.h"

struct rm_client_host {            /* client_hosts[] */
	char *host;
	int ranks;                     /* the most ranks it ran in one run */
};

struct rm_balance_client {         /* client_balance[].clients[] */
	int rank;
	char *host;                    /* "" when null */
	double mib_s, obj_s;           /* NAN when null */
};

struct rm_balance {                /* client_balance[] */
	int subject;
	char *op;
	uint64_t size;
	int concurrency, workers_total, n;
	struct rm_balance_client *clients; size_t nclients;
	double ratio;                  /* ratio_max_min; NAN when null */
};

/* model_load_clients: cells[].clients / client_hosts (into m->cells, loaded already),
 * client_hosts[] and client_balance[] of root. Returns 0, or -1 with l->e naming the
 * field ("x/aggregate.json: cells[2].clients: expected a non-negative integer"); what
 * was loaded stays owned by m (model_free releases it). */
int model_load_clients(struct ld *l, struct report_model *m, json_t *root);

/* model_free_clients: free what model_load_clients added to m (called by model_free). */
void model_free_clients(struct report_model *m);

/* model_distributed: 1 when some cell has more than one client. */
int model_distributed(const struct report_model *m);

/* model_clients_at: the clients per run of op's cells at concurrency conc that have a
 * run (the largest when they differ, which analyze never writes), and in *hosts the
 * most client hosts of those cells; 1 and 1 when none has more. */
int model_clients_at(const struct report_model *m, const char *op, int conc, int *hosts);

#endif
