/* core/results/results_slowest.h: slowest[] of aggregate.json (docs/FORMATS.md,
 * "slowest[]"; docs/METHODOLOGY.md, "Slowest requests"): per cell with per-request logs,
 * its slowest requests, each with its phases, attempt, the address that answered and the
 * provider's request ids. Absent in files written before it (and from Warp's result
 * files): none. A subject is an index of the document's subjects[]; a null number is NAN;
 * a null string NULL. front_ends[] (each address that answered the cell's requests) is
 * absent in files written before it: none. */
#ifndef CORE_RESULTS_SLOWEST_H
#define CORE_RESULTS_SLOWEST_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

/* slowest[].slowest[]: one request. */
struct results_slow_req {
	char *run;    /* its run's directory relative to DATA_DIR */
	int cycle;    /* 0: null (a one-off run) */
	uint64_t idx; /* its row's idx in the run's ops.tsv.zst */
	char *op, *file;
	char *start;        /* RFC 3339 */
	double latency_ms;  /* end - start */
	double phase_ms[6]; /* dns, connect, tls, send, wait, transfer; NAN: none logged */
	char *conn;         /* "reused", "new", "tls_full", "tls_resumed"; NULL: none logged */
	uint64_t conn_id;   /* the connection it used (the ops log's conn_id); 0: null */
	uint64_t conn_req;  /* its index on that connection, from 1; 0: null */
	double conn_age_s;  /* the connection's age at its start, s; NAN: null */
	int attempt;        /* 0: null (a run without retries) */
	char *remote, *request_id, *host_id, *error; /* NULL: none */
};

/* slowest[].front_ends[]: one address that answered the cell's requests. */
struct results_front_end {
	char *remote;
	uint64_t requests, errors;
	double share;          /* requests / the cell's requests with an address */
	double mib_s;          /* its successful requests' bytes over the cell's runs' spans */
	double p50_ms, p99_ms; /* its successful requests' latency; NAN: too few */
};

/* slowest[].server: a part of the joined requests' latency. */
struct results_part {
	double mean_ms, p99_ms; /* NAN: none (p99: too few to bound it) */
};

/* slowest[].server (analyze --server-log): the join with the servers' logs. */
struct results_server {
	uint64_t with_id, joined; /* requests with a request id; of those, in the logs */
	double share;             /* joined / with_id; NAN when none had an id */
	/* the server's total time, its turn-around, its transfer (total - turn-around), the rest
	 * (latency - total: network and client) */
	struct results_part total, turnaround, transfer, rest;
};

/* slowest[]: one cell's. */
struct results_slowest {
	int subject;
	char *op;
	uint64_t size;
	int concurrency;
	char *size_spec, *range, *mix, *hedge; /* the cell's workload dimensions; NULL: null */
	double rate;                           /* offered req/s; NAN: null (closed loop) */
	uint64_t requests;                     /* requests in its valid runs' logs */
	struct results_slow_req *slowest;      /* slowest first */
	size_t n_slowest;
	struct results_front_end *front_ends; /* in the order first seen; absent: none */
	size_t n_front_ends;
	uint64_t front_others;         /* requests from addresses beyond the 16 kept */
	struct results_server *server; /* NULL: null (no --server-log) */
};

/* The phase members' names ("dns_ms" ...), in phase_ms's order. */
extern const char *const results_slow_phase[6];

/* The functions of the record, as results_head.h says. */
json_t *results_slowest_to_json(const struct results_slowest *s, const struct results *doc);
int results_slowest_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_slowest *s);
void results_slowest_free(struct results_slowest *s);

#endif
