/* analyze/cells/slowest.h: who answered each cell's requests and how slowly
 * (aggregate.json slowest[], docs/FORMATS.md), from the per-request logs of its valid runs
 * (analyze/read/reqlog.h): the SLOWEST_N requests of longest latency, each with where its
 * time went (the phase columns), its attempt, the address that answered and the provider's
 * request ids, so that a reader sees whether the tail is connection set-up, server time or
 * transfer (docs/METHODOLOGY.md, "Slowest requests"); per address that answered (the
 * `remote` column: a front end) its requests, throughput and latency percentiles ("Front
 * ends"); with the servers' own logs, each request joined by its id and its latency split
 * into the server's time and the rest ("Server time"). */
#ifndef ANALYZE_SLOWEST_H
#define ANALYZE_SLOWEST_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

struct aggregate;
struct agg_cell;
struct serverlog;

#define SLOWEST_N 20
#define SLOW_FRONT_MAX 16 /* front ends kept per cell (the rest: front_others) */

/* One request (its strings owned; NULL: the log had none). */
struct slow_req {
	const char *run; /* its run's path relative to DATA_DIR (borrowed from the runlog) */
	int cycle;       /* its run's cycle (0: a one-off run) */
	uint64_t idx;    /* its row's idx in that run's log */
	char *op, *file, *error;
	int64_t start_ns, duration_ns;
	int has_phases; /* 0: the row had none (a LIST or multipart row) */
	int64_t dns_ns, connect_ns, tls_ns, send_ns, wait_ns, transfer_ns;
	int conn; /* OPS_CONN_* (core/opslog.h) */
	/* the connection it used, its index on it and the connection's age (core/opslog.h;
	 * conn_id 0: not logged) */
	uint64_t conn_id, conn_req;
	int64_t conn_age_ns;
	int attempt; /* 0: the run made no retries */
	char *remote, *request_id, *host_id;
};

/* One front end of a cell: the requests it answered (every row with its address). */
struct slow_front {
	char remote[48];
	uint64_t requests, errors, bytes; /* bytes: of its successful requests */
	int64_t *lat;                     /* its successful requests' latencies (ns), sorted */
	size_t n_lat, cap_lat;
	double p50_ms, p99_ms; /* nearest rank; NaN when too few (pctci_supported) */
};

/* A part of the joined requests' latency: its values (ns; sorted after the read), their
 * mean and p99 (ms; NaN: none, or too few for a p99). */
struct slow_part {
	int64_t *v;
	size_t n, cap;
	double mean_ms, p99_ms;
};

/* The server log's share of a cell (analyze --server-log; docs/METHODOLOGY.md, "Server
 * time"): its requests whose id the log has, and their latency's parts. */
enum {
	SLOW_TOTAL,
	SLOW_TURN,
	SLOW_XFER,
	SLOW_REST,
	SLOW_NPART
};
struct slow_join {
	uint64_t with_id, joined; /* requests with a request id; of those, in the log */
	/* the server's total time, its turn-around, total - turn-around (its transfer), the
	 * latency - total (network and client); TURN and XFER only where the log has a
	 * turn-around (an access log; not RGW's ops log) */
	struct slow_part part[SLOW_NPART];
};

/* One cell's. */
struct slow_cell {
	const struct agg_cell *cell; /* in a->cells or a->wcells (borrowed) */
	uint64_t requests;           /* requests in its valid runs' logs (retried attempts and lost
				      * hedges are none) */
	struct slow_req req[SLOWEST_N];
	size_t n; /* slowest first */
	struct slow_front front[SLOW_FRONT_MAX];
	size_t n_front;        /* in the order first seen */
	uint64_t front_others; /* requests from addresses beyond SLOW_FRONT_MAX */
	int64_t span_ns;       /* its runs' spans summed (first start to last end of each) */
	struct slow_join join; /* with a server log */
};

struct slow_list {
	struct slow_cell *v;
	size_t n;
};

/* slowest_build: the slowest requests of every cell of a with a valid run (matrix cells,
 * then workload cells; the runs' paths relative to data_dir) into *out (zeroed first; free
 * with slowest_clear, also after a failure). A cell one of whose valid runs has no log, or
 * one that cannot be read, is left out: report (when not NULL) is called with a message
 * naming the cell and the file (a note: the cell's other figures stand). With srv (not
 * NULL: the servers' logs, analyze/read/serverlog.h) each request whose request_id srv
 * has is joined (marked joined there) and its latency split (slow_join). -1 with a
 * message only when memory runs out. */
int slowest_build(const struct aggregate *a, const char *data_dir, struct serverlog *srv,
		  struct slow_list *out, void (*report)(const char *msg), struct err *e);
void slowest_clear(struct slow_list *l);

#endif
