/* analyze/out/out_results.h: aggregate.json's records (core/results/results.h) assembled from
 * the analysis (analyze/cells/aggregate.h); private to analyze/out (callers use out.h). Each
 * function fills a zeroed record; strings are copied (the record owns them); memory running
 * out clears *ok and leaves what was filled for results_free. */
#ifndef ANALYZE_OUT_RESULTS_H
#define ANALYZE_OUT_RESULTS_H

#include "analyze/cells/aggregate.h"
#include "analyze/cells/hedge_cells.h"
#include "analyze/cells/slowest.h"
#include "analyze/cells/timeseries.h"
#include "analyze/cells/vantage.h"
#include "core/results/results.h"

/* out_dup: a copy of s (NULL for NULL); *ok = 0 when out of memory. */
char *out_dup(const char *s, int *ok);

/* out_size_label: the label a matrix run declared for size (the first run that has one),
 * or NULL. */
const char *out_size_label(const struct aggregate *a, uint64_t size);

/* out_lat: a cell's or one-off's latency (present when it has an average).
 * out_stat: a cell figure's statistics. */
void out_lat(const struct agg_lat *l, struct results_lat *x);
void out_stat(const struct agg_stat *s, struct results_stat *x);

struct replaycmp;

/* out_replay: a replay cell's workload_cells[].replay of r (NULL for NULL; analyze/out/
 * out_replay.c). */
json_t *out_replay(const struct replaycmp *r, int *ok);

/* out_cell: cells[] / workload_cells[] (c->workload set) entry of c. */
void out_cell(const struct aggregate *a, const struct agg_cell *c, struct results_cell *x, int *ok);

/* out_findings: consistency[], leaders[], leader_counts[], comparisons[] (throughput's,
 * then the tails') and tail_leaders[] of a into doc.
 * -1 with e set when a leader's status has no name in the codec (core/results). */
int out_findings(const struct aggregate *a, struct results *doc, int *ok, struct err *e);

/* out_need: a cell's or comparison's need as its cycles_needed and plan_note.
 * out_planner: planner{} of a into doc (analyze/out/out_results_plan.c). */
void out_need(const struct agg_need *n, struct results_need *x, int *ok);
void out_planner(const struct aggregate *a, struct results *doc, int *ok);

/* out_vantages: vantages{} of v (analyze/cells/vantage.h; NULL or fewer than 2 vantages:
 * none) into doc (analyze/out/out_vantage.c). */
void out_vantages(const struct vantage_set *v, struct results *doc, int *ok);

/* out_timeseries: timeseries[] of l (NULL: none) into doc. */
void out_timeseries(const struct ts_list *l, struct results *doc, int *ok);

/* out_hedges: hedge[] of l (NULL: none) into doc. */
void out_hedges(const struct hedge_list *l, struct results *doc, int *ok);

/* out_slowest: slowest[] of l (NULL: none) into doc, each with its server join when
 * joined (analyze --server-log). */
void out_slowest(const struct slow_list *l, int joined, struct results *doc, int *ok);

/* out_runs: runs[] and excluded[] of a into doc. */
void out_runs(const struct aggregate *a, struct results *doc, int *ok);

/* out_sweeps: rate_sweeps[] of a into doc. */
void out_sweeps(const struct aggregate *a, struct results *doc, int *ok);

/* out_mix: "get:45,put:15" as the mix record {"get": 45, "put": 15} (NULL: null). */
void out_mix(const char *mix, struct results_mix *x, int *ok);

/* out_cell_cost / out_run_cost: cells[].cost (its runs' bills summed), runs[].cost (the
 * run's bill at its prices and place in its subject's month: analyze/cells/cost_cells.h);
 * present 0 without prices. out_costs: cost[] of a into doc. */
void out_cell_cost(const struct aggregate *a, const struct agg_cell *c, struct results_cost *x,
		   int *ok);
void out_run_cost(const struct agg_run *r, struct results_cost *x, int *ok);
void out_costs(const struct aggregate *a, struct results *doc, int *ok);

/* out_run_client: runs[].client from the run's client record (the kept window, else the
 * benchmark's; l->client set), each number of the kind its codec writes (core/runrec/
 * runrec_clientres.h). */
void out_run_client(const struct runlog *l, struct results_run_client *x, int *ok);

#endif
