/* core/results/results_hedge.h: hedge[] of aggregate.json (docs/FORMATS.md, "hedge[]";
 * docs/METHODOLOGY.md, "What hedging would buy"): `analyze --hedge`'s what-if of each GET
 * and HEAD cell with a per-request log, or a live-hedged cell's measure beside the what-if
 * of the unhedged cell of its point. Absent in files analyzed without --hedge (and older
 * ones): none. A subject is an index of the document's subjects[]; a null number is NAN. */
#ifndef CORE_RESULTS_HEDGE_H
#define CORE_RESULTS_HEDGE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

/* hedge[].at[] (and live.whatif): one threshold's what-if. */
struct results_hedge_at {
	char *threshold;        /* "p95", "p99", "2s", or a live cell's fixed one ("200ms") */
	double t_ms;            /* threshold_ms */
	double p99_ms, p999_ms; /* the hedged percentiles (p999 null when not supported) */
	double extra;           /* the share of requests re-sent */
};

/* hedge[].live: what a live-hedged cell measured. */
struct results_hedge_live {
	double threshold_ms; /* its runs' mean threshold; NAN: null (none known) */
	uint64_t hedged, won_by_duplicate;
	double extra;                    /* hedged / requests */
	struct results_hedge_at *whatif; /* the unhedged cell's at its threshold; NULL: null */
};

/* hedge[]: one cell's. */
struct results_hedge {
	int subject;
	char *op;
	uint64_t size;
	int concurrency;
	char *size_spec, *range, *hedge; /* the cell's workload dimensions; NULL: null */
	double rate;                     /* offered req/s; NAN: null (closed loop) */
	uint64_t requests;
	int p99_supported, p999_supported;
	double p50_ms, p95_ms, p99_ms, p999_ms; /* unhedged, exact; NAN when not supported */
	long long new_connections;              /* set-ups measured (connect + TLS) */
	double new_connection_ms;               /* their median; NAN: none */
	struct results_hedge_at *at;            /* the thresholds (none: too few requests) */
	size_t n_at;
	struct results_hedge_live *live; /* NULL: null (not a live-hedged cell) */
};

/* The functions of the record, as results_head.h says. */
json_t *results_hedge_to_json(const struct results_hedge *h, const struct results *doc);
int results_hedge_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_hedge *h);
void results_hedge_free(struct results_hedge *h);

#endif
