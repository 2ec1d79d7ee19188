/* core/results/results_cost.h: the cost records of aggregate.json (docs/FORMATS.md,
 * "results/aggregate.json" cost, docs/METHODOLOGY.md "Cost"): a run's or a cell's bill
 * (runs[].cost, cells[].cost) and each subject's bill, price-performance and example workload
 * (cost[]). Money comes from core/price.h; its records (prices, billing counts, a bill's
 * parts) are written and read by core/price.h's own functions. */
#ifndef CORE_RESULTS_COST_H
#define CORE_RESULTS_COST_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"
#include "core/price.h"

struct results;

/* A bill: {"currency", "total", "requests", "egress", "ingress", "storage", "deleted_early",
 * "retrieval"} (the last two 0 when absent: files older than them); present 0: null (no
 * prices or no billing). */
struct results_cost {
	int present;
	char *currency;
	struct cost_parts parts;
};

/* cost[].free_allowance.months[]: one calendar month of the subject's runs. */
struct results_free_month {
	char *month;                      /* "2026-12"; NULL for runs without a start time */
	double egress_gb, free_gb, saved; /* free_gb: the free egress used */
};

/* cost[].free_allowance: the bill after the free allowances (requests per class, egress,
 * storage; requests and storage 0 when absent: files older than them). */
struct results_free_allowance {
	double total, requests, egress, storage, saved;
	struct results_free_month *months;
	size_t n_months;
};

/* cost[].read_1tb[]: reading 10^12 bytes in objects of one GET size. */
struct results_read_1tb {
	uint64_t size;
	double cost;
};

/* cost[]: one subject's campaign bill (the bill's members first). */
struct results_subject_cost {
	struct results_cost bill;
	int subject;
	long long runs_priced, runs_unpriced;
	int logged_only; /* billed: "logged_requests" (a Warp directory's); else "all_phases" */
	struct bill_counts billing;
	struct results_free_allowance *free_allowance; /* NULL: null */
	struct prices prices;                          /* those of its last priced run */
	char *price_date;
	struct results_read_1tb *read_1tb;
	size_t n_read_1tb;
	double million_requests;
	struct results_cost *example; /* the campaign's cost_example for a month; NULL: null */
	char *example_spec;           /* example.spec */
};

/* The functions of each record, as results_head.h says. A bill reads from a value that
 * may be NULL or null (present 0). */
json_t *results_cost_to_json(const struct results_cost *c);
int results_cost_from_json(struct jread *r, const json_t *o, const char *where,
			   struct results_cost *c);
void results_cost_free(struct results_cost *c);

json_t *results_subject_cost_to_json(const struct results_subject_cost *c,
				     const struct results *doc);
int results_subject_cost_from_json(struct jread *r, const json_t *o, const char *where,
				   struct results_subject_cost *c);
void results_subject_cost_free(struct results_subject_cost *c);

#endif
