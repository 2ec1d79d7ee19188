/* render/model/model_clients.h: the clients of distributed runs in the report model
 * (aggregate.json 1.2, docs/FORMATS.md "Clients of distributed runs"): each cell's
 * clients and client hosts, the campaign's client hosts and the per-client throughput
 * of client_balance. Absent fields (a 1.0 or 1.1 file) read as one client. */
#ifndef RENDER_MODEL_CLIENTS_H
#define RENDER_MODEL_CLIENTS_H

#include <jansson.h>

#include "render/model/model.h"
#include "render/model/jread.h"
#include "render/text/text.h"

struct rm_client_host { /* client_hosts[] */
	char *host;
	int ranks; /* the most ranks it ran in one run */
};

struct rm_balance_client { /* client_balance[].clients[] */
	int rank;
	char *host;          /* "" when null */
	double mib_s, obj_s; /* NAN when null */
};

struct rm_balance { /* client_balance[] */
	int subject;
	char *op;
	uint64_t size;
	int concurrency, workers_total, n;
	struct rm_balance_client *clients;
	size_t nclients;
	double ratio; /* ratio_max_min; NAN when null */
};

/* model_load_clients: cells[].clients / client_hosts (into m->cells, loaded already),
 * ops[].clients (into m->oneoffs),
 * client_hosts[] and client_balance[] of root. Returns 0, or -1 with l->e naming the
 * field ("x/aggregate.json: cells[2].clients: expected a non-negative integer"); what
 * was loaded stays owned by m (model_free releases it). */
int model_load_clients(struct jread *l, struct report_model *m, json_t *root);

/* model_free_clients: free what model_load_clients added to m (called by model_free). */
void model_free_clients(struct report_model *m);

/* model_distributed: 1 when some cell has more than one client. */
int model_distributed(const struct report_model *m);

/* model_clients_at: the clients per run of op's cells at concurrency conc that have a
 * run (the largest when they differ, which analyze never writes), and in *hosts the
 * most client hosts of those cells; 1 and 1 when none has more. */
int model_clients_at(const struct report_model *m, const char *op, int conc, int *hosts);

/* The values of a template's {workers} and {per_client} for conc workers per client on
 * `clients` clients on `hosts` hosts: "{workers} workers{per_client}" reads "8 workers" for
 * one client and "24 workers (3 × 8)" (brief) or "24 workers (3 clients × 8) on 2 hosts"
 * (long) for three. */
struct model_workers {
	char total[24];       /* conc × clients */
	char per_client[192]; /* "" for one client */
};

enum model_workers_form {
	MODEL_WORKERS_BRIEF,
	MODEL_WORKERS_LONG
};

/* model_workers: fill *w from l's "workers.per_client" (brief) or
 * "workers.per_client_long" and "workers.hosts1" / "workers.hosts" (long). Returns 1 when
 * clients > 1, 0 for one client (per_client ""), -1 when memory runs out (per_client ""). */
int model_workers(const struct text_lang *l, int conc, int clients, int hosts,
		  enum model_workers_form form, struct model_workers *w);

/* model_workers_at: model_workers for op's cells at concurrency conc (model_clients_at). */
int model_workers_at(const struct report_model *m, const struct text_lang *l, const char *op,
		     int conc, enum model_workers_form form, struct model_workers *w);

/* model_workers_cell: "24 (3 × 8)" (brief, for a table cell; "8" for one client) into buf
 * of n bytes; returns buf. */
const char *model_workers_cell(const struct text_lang *l, int conc, int clients, char *buf,
			       size_t n);

#endif
