/* analyze/claims/claim_kinds.h: the builders of each kind of claim, each adding its claims
 * of a finished aggregate to a list (analyze/claims/claim_list.h); claims_build calls them
 * in the order of aggregate.json claims[]. Each returns -1 only when memory runs out (the
 * list is then failed). Rules: docs/METHODOLOGY.md, "Claims". */
#ifndef ANALYZE_CLAIM_KINDS_H
#define ANALYZE_CLAIM_KINDS_H

#include <stdint.h>

#include "analyze/cells/vantage.h"
#include "analyze/claims/claim_list.h"
#include "core/results/results_history.h"
#include "core/results/results_trend.h"

/* claims_lead (claims_lead.c): a "lead" claim per category with a leader, then a
 * "lead-count" claim per matrix op and subject, counted from those leads; v: the vantages of
 * a merge (NULL or fewer than 2: none), whose own leads a lead is judged against. */
int claims_lead(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v);

/* claims_vantage_by (claims_vantage.c): the last claim's figure "by_vantage", each vantage's
 * leader of the category (op, size, conc) in v as "NAME: LABEL, NAME: LABEL" (v's order; a
 * vantage without a lead left out). */
void claims_vantage_by(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v,
		       const char *op, uint64_t size, int conc);

/* claims_vantage_leaders: claims_vantage_by, and the vantages' leaders of the category other
 * than pooled in the last claim's subjects[] (once each, in v's order). */
void claims_vantage_leaders(struct claim_list *l, const struct aggregate *a,
			    const struct vantage_set *v, const char *op, uint64_t size, int conc,
			    size_t pooled);

/* claims_cells (claims_cells.c): a "client-limit" claim per client-limited cell (matrix and
 * workload cells), an "errors" claim per cell whose failed share is above
 * CLAIM_ERROR_SHARE, a "caveat" (short-window) per cell with a short kept window. */
int claims_cells(struct claim_list *l, const struct aggregate *a);

/* claims_cond (claims_cond.c): a "correctness" claim per put-if-absent and cas cell
 * (violated, held, not-judged), from its conditional-write check
 * (analyze/cells/condcheck.h). */
int claims_cond(struct claim_list *l, const struct aggregate *a);

/* claims_replay (claims_replay.c): a "replay" claim per replay cell and op of its trace:
 * the latency replayed from the intended start against the trace's recorded one (slower,
 * faster, alike, not-judged), with both sides' percentiles. */
int claims_replay(struct claim_list *l, const struct aggregate *a);

/* claims_replay_lead (claims_replay.c): a "replay-lead" claim per op of each trace replayed on
 * two or more subjects in replay cells of one key but their subject: which subject's latency
 * replayed from the intended start is the lowest (leads, alike, not-judged), with every
 * subject's percentiles. */
int claims_replay_lead(struct claim_list *l, const struct aggregate *a);

/* claims_rate (claims_rate.c): a "rate-step" claim per rate cell, then per rate sweep its
 * "sustained" and "knee" claims. */
int claims_rate(struct claim_list *l, const struct aggregate *a);

/* claims_rank (claims_rank.c): the "rank" claims: consistency (most and least consistent),
 * each one-off benchmark's fastest, cost. */
int claims_rank(struct claim_list *l, const struct aggregate *a);

/* claims_cost (claims_cost.c): the "rank" claims of cost, rank/cost, and of GET throughput
 * per cost, rank/tput-per-cost (claims_rank calls it). */
int claims_cost(struct claim_list *l, const struct aggregate *a);

/* claims_top (claims_top.c): the "highest" claim of each matrix op, then a "client-balance"
 * claim per entry of client_balance[] whose ratio has a value. */
int claims_top(struct claim_list *l, const struct aggregate *a);

/* claims_time (claims_time.c): a "time-share" claim per cell and one-off row whose valid
 * runs carry request phases, and a "caveat" claim where only some of them do. */
int claims_time(struct claim_list *l, const struct aggregate *a);

/* claims_ran (claims_ran.c): a "ran-differently" claim per subject and aspect of how its
 * requests were sent in which it differs from the others ("differs"), then, in a merge of
 * vantages v (NULL or fewer than 2: none), one per subject and aspect whose value differs
 * between its vantages ("differs-by-vantage"). */
int claims_ran(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v);

/* claims_payload (claims_payload.c): a "payload" claim per subject whose runs carry a payload
 * certificate: fair (random data, incompressible and not deduplicable), as-asked (some runs
 * asked for compressible or dedup data and got it), unfair (a run's bodies were not what it
 * asked), with the figures of the run furthest from fair. */
int claims_payload(struct claim_list *l, const struct aggregate *a);

/* claims_tod (claims_tod.c): a "time-of-day" claim per subject of planner.time_of_day[]
 * (dip, none), its clock among its figures. */
int claims_tod(struct claim_list *l, const struct aggregate *a);

/* claims_changes (claims_changes.c): with analyze --baseline (b not NULL), a "change" claim
 * per compared cell of b (regression, improvement: b's significant change; untested: no
 * test; else no-change), then change/summary (changed, unchanged) with the counts. Runs
 * after baseline_build (analyze/out/out_results.c), the claims at the end of claims[]. */
int claims_changes(struct claim_list *l, const struct aggregate *a,
		   const struct results_baseline *b);

/* claims_trend (claims_trend.c): with analyze --history, a "trend-alert" claim per series of
 * t whose change has a state (regression, improvement, watch, steady, insufficient), then
 * trend-alert/summary: alert (t has regression alerts), no-alert, not-judged (not enough
 * history). Runs after trend.json is written (analyze/pipeline.c), the claims at the end of
 * claims[]. */
int claims_trend(struct claim_list *l, const struct aggregate *a, const struct results_trend *t);

#endif
