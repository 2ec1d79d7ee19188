/* core/results/results_clients.h: the clients of distributed runs in aggregate.json
 * (docs/FORMATS.md, "Clients of distributed runs", format 1.2): the campaign's client hosts
 * and the per-client throughput of each balanced cell. Absent in older files: none. */
#ifndef CORE_RESULTS_CLIENTS_H
#define CORE_RESULTS_CLIENTS_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

/* client_hosts[]: one host that ran clients. */
struct results_client_host {
	char *host;
	int ranks; /* the most ranks it ran in one run */
};

/* client_balance[].clients[]: one client's throughput. */
struct results_balance_client {
	int rank;
	char *host;          /* NULL: null */
	double mib_s, obj_s; /* NAN: null */
};

/* client_balance[]: the clients of one cell side by side. */
struct results_balance {
	int subject;
	char *op;
	uint64_t size;
	int concurrency, workers_total;
	long long n;
	struct results_balance_client *clients;
	size_t n_clients;
	double ratio_max_min; /* fastest / slowest; NAN: null */
};

/* The functions of each record, as results_head.h says. */
json_t *results_client_host_to_json(const struct results_client_host *h);
int results_client_host_from_json(struct jread *r, const json_t *o, const char *where,
				  struct results_client_host *h);
void results_client_host_free(struct results_client_host *h);

json_t *results_balance_to_json(const struct results_balance *b, const struct results *doc);
int results_balance_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_balance *b);
void results_balance_free(struct results_balance *b);

#endif
