/* core/results/results_slowest.h: slowest[] of aggregate.json (docs/FORMATS.md,
 * "slowest[]"; docs/METHODOLOGY.md, "Slowest requests"): per cell with per-request logs,
 * its slowest requests, each with its phases, attempt, the address that answered and the
 * provider's request ids. Absent in files written before it (and from Warp's result
 * files): none. A subject is an index of the document's subjects[]; a null number is NAN;
 * a null string NULL. */
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
	int attempt;        /* 0: null (a run without retries) */
	char *remote, *request_id, *host_id, *error; /* NULL: none */
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
};

/* The phase members' names ("dns_ms" ...), in phase_ms's order. */
extern const char *const results_slow_phase[6];

/* The functions of the record, as results_head.h says. */
json_t *results_slowest_to_json(const struct results_slowest *s, const struct results *doc);
int results_slowest_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_slowest *s);
void results_slowest_free(struct results_slowest *s);

#endif
