/* render/model/model_clients.c: see model_clients.h. */
#include "render/model/model_clients.h"

#include <string.h>

int model_distributed(const struct report_model *m)
{
	for (size_t i = 0; i < m->doc.n_cells; i++)
		if (m->doc.cells[i].clients > 1)
			return 1;
	return 0;
}

int model_clients_at(const struct report_model *m, const char *op, int conc, int *hosts)
{
	int clients = 1;

	*hosts = 1;
	for (size_t i = 0; i < m->doc.n_cells; i++) {
		const struct results_cell *c = &m->doc.cells[i];

		if (c->concurrency != conc || !c->n_runs || strcmp(c->op, op) != 0)
			continue;
		if (c->clients > clients)
			clients = c->clients;
		if (c->client_hosts > *hosts)
			*hosts = c->client_hosts;
	}
	return clients;
}
