/* render/model/model_clients.h: the clients of distributed runs as the report asks about
 * them (aggregate.json 1.2, docs/FORMATS.md "Clients of distributed runs"): whether any
 * cell ran on more than one client, and how many clients and hosts a configuration had.
 * Absent fields (a 1.0 or 1.1 file) read as one client (core/results). */
#ifndef RENDER_MODEL_CLIENTS_H
#define RENDER_MODEL_CLIENTS_H

#include "render/model/model.h"

/* model_distributed: 1 when some cell has more than one client. */
int model_distributed(const struct report_model *m);

/* model_clients_at: the clients per run of op's cells at concurrency conc that have a
 * run (the largest when they differ, which analyze never writes), and in *hosts the
 * most client hosts of those cells; 1 and 1 when none has more. */
int model_clients_at(const struct report_model *m, const char *op, int conc, int *hosts);

#endif
