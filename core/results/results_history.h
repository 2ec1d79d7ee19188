/* core/results/results_history.h: aggregate.json's "baseline" (docs/FORMATS.md, "Changes
 * since a baseline", analyze --baseline): each cell of this analysis against the same cell of
 * an earlier one. Cells are named by subject id, since either side may hold a subject the
 * other lacks. Absent without --baseline. */
#ifndef CORE_RESULTS_HISTORY_H
#define CORE_RESULTS_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/jread.h"

/* A cell named by its key ({"subject", "op", "size", "concurrency"}). */
struct results_cell_key {
	char *subject, *op;
	uint64_t size;
	int concurrency;
};

/* baseline.cells[].latency_ms.p50 / p99. */
struct results_latency_change {
	double old, new_, ratio;
};

/* baseline.cells[]: one cell on both sides. */
struct results_change {
	struct results_cell_key key;
	int by_obj; /* metric "obj_s", else "mib_s" */
	double old, new_;
	long long n_old, n_new;
	double ratio, ci_lo, ci_hi; /* ci95 */
	double adj_lo, adj_hi;      /* ci_adj (ci95 in files without it) */
	double adj_level, p, p_adj;
	char *test; /* "welch"; NULL: not enough runs */
	int significant;
	char *change; /* "regression", "improvement"; NULL unless significant */
	char *note;
	char *latency_basis; /* latency_ms.basis ("pooled", "run-mean"); NULL: latency_ms null */
	struct results_latency_change p50, p99;
};

struct results_baseline {
	char *source, *generated, *campaign; /* the earlier analysis: its file, time, campaign */
	char *test, *scale;                  /* "welch", "log" */
	double confidence, alpha;
	char *adjust; /* "bonferroni" */
	long long family, significant;
	struct results_change *cells;
	size_t n_cells;
	struct results_cell_key *only_new, *only_old; /* cells on one side only */
	size_t n_only_new, n_only_old;
};

/* The functions of the record, as results_head.h says. */
json_t *results_cell_key_to_json(const struct results_cell_key *k);
int results_cell_key_from_json(struct jread *r, const json_t *o, const char *where,
			       struct results_cell_key *k);
void results_cell_key_free(struct results_cell_key *k);

json_t *results_change_to_json(const struct results_change *c);
int results_change_from_json(struct jread *r, const json_t *o, const char *where,
			     struct results_change *c);
void results_change_free(struct results_change *c);

json_t *results_baseline_to_json(const struct results_baseline *b);
int results_baseline_from_json(struct jread *r, const json_t *o, struct results_baseline *b);
void results_baseline_free(struct results_baseline *b);

#endif
