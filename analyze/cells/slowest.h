/* analyze/cells/slowest.h: the slowest requests of each cell (docs/METHODOLOGY.md, "Slowest
 * requests"; aggregate.json slowest[], docs/FORMATS.md): from the per-request logs of its
 * valid runs (analyze/read/reqlog.h), the SLOWEST_N requests of longest latency, each with
 * where its time went (the phase columns), its attempt, the address that answered and the
 * provider's request ids, so that a reader sees whether a cell's tail is connection set-up,
 * server time or transfer, and can look each one up in the server's own log. */
#ifndef ANALYZE_SLOWEST_H
#define ANALYZE_SLOWEST_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

struct aggregate;
struct agg_cell;

#define SLOWEST_N 20

/* One request (its strings owned; NULL: the log had none). */
struct slow_req {
	const char *run; /* its run's path relative to DATA_DIR (borrowed from the runlog) */
	int cycle;       /* its run's cycle (0: a one-off run) */
	uint64_t idx;    /* its row's idx in that run's log */
	char *op, *file, *error;
	int64_t start_ns, duration_ns;
	int has_phases; /* 0: the row had none (a LIST or multipart row) */
	int64_t dns_ns, connect_ns, tls_ns, send_ns, wait_ns, transfer_ns;
	int conn;    /* OPS_CONN_* (core/opslog.h) */
	int attempt; /* 0: the run made no retries */
	char *remote, *request_id, *host_id;
};

/* One cell's. */
struct slow_cell {
	const struct agg_cell *cell; /* in a->cells or a->wcells (borrowed) */
	uint64_t requests;           /* requests in its valid runs' logs (retried attempts and lost
				      * hedges are none) */
	struct slow_req req[SLOWEST_N];
	size_t n; /* slowest first */
};

struct slow_list {
	struct slow_cell *v;
	size_t n;
};

/* slowest_build: the slowest requests of every cell of a with a valid run (matrix cells,
 * then workload cells; the runs' paths relative to data_dir) into *out (zeroed first; free
 * with slowest_clear, also after a failure). A cell one of whose valid runs has no log, or
 * one that cannot be read, is left out: report (when not NULL) is called with a message
 * naming the cell and the file (a note: the cell's other figures stand). -1 with a
 * message only when memory runs out. */
int slowest_build(const struct aggregate *a, const char *data_dir, struct slow_list *out,
		  void (*report)(const char *msg), struct err *e);
void slowest_clear(struct slow_list *l);

#endif
