/* analyze/out/out_json_clients.h: the clients fields of aggregate.json 1.2 (distributed runs,
 * docs/FORMATS.md, "Clients"), written into the objects out_json.c builds. A failed
 * jansson call (out of memory) sets *ok to 0 and nothing else. */
#ifndef ANALYZE_OUT_JSON_CLIENTS_H
#define ANALYZE_OUT_JSON_CLIENTS_H

#include <jansson.h>

#include "analyze/cells/aggregate.h"

/* out_json_cell_clients: a cell's "clients", "workers_total" and "client_hosts" into o. */
void out_json_cell_clients(json_t *o, const struct agg_cell *c, int *ok);

/* out_json_run_clients: a run's "clients" and "workers_total" into o. */
void out_json_run_clients(json_t *o, const struct runlog *l, int *ok);

/* out_json_clients: root's "client_hosts" and "client_balance" arrays. */
void out_json_clients(json_t *root, const struct aggregate *a, int *ok);

#endif
