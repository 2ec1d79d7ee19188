/* core/results/results_runs.h: the runs of aggregate.json (docs/FORMATS.md,
 * "results/aggregate.json"): every run read, included or not (runs[]), and the excluded
 * ones with their reason (excluded[], fewer members). A run's subject is an index of the
 * document's subjects[]. */
#ifndef CORE_RESULTS_RUNS_H
#define CORE_RESULTS_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/climit.h"
#include "core/jread.h"
#include "core/results/results_cells.h"
#include "core/results/results_climit.h"
#include "core/results/results_cost.h"

struct results;

struct results_run {
	char *path; /* relative to DATA_DIR */
	int subject;
	char *op;
	uint64_t size;
	int concurrency;
	char *size_spec, *range; /* workload dimensions (1.2) */
	struct results_mix mix;
	double rate;  /* offered req/s; NAN: closed loop */
	int cycle;    /* 0: null (a one-off run) */
	char *cls;    /* class: why it was excluded; NULL when included */
	char *reason; /* the same in words */
	/* runs[] only (excluded[] has none of these: then clients 1, included 0, NAN, NULL) */
	int clients, workers_total, included;
	double mib_s, obj_s, lat_avg_ms, ttfb_avg_ms; /* NAN: no summary (or no TTFB) */
	double cpu_us_per_request; /* the client's CPU per request; NAN: none (no member) */
	struct results_cost cost;
	struct climit_verdict *client_limit;   /* the verdict at analyze's thresholds; NULL: null */
	struct results_run_client *client;     /* NULL: null (not measured) */
	struct results_phases *request_phases; /* NULL: null */
};

/* The functions of the record, as results_head.h says; full: runs[]'s form, else
 * excluded[]'s. The reader reads either. */
json_t *results_run_to_json(const struct results_run *r, int full, const struct results *doc);
int results_run_from_json(struct jread *r, const json_t *o, const char *where,
			  struct results_run *x);
void results_run_free(struct results_run *r);

#endif
