/* analyze/claims/claim_rules.h: the rules that turn figures into a claim's verdict, each a
 * pure function of its inputs (docs/METHODOLOGY.md, "Claims", states them): a lead's
 * verdict, why a lead was not tested, the word of a rate step's verdict, where a request's
 * time goes, and whether a family of comparisons carries a rank. */
#ifndef ANALYZE_CLAIM_RULES_H
#define ANALYZE_CLAIM_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/cells/workload_cells.h"
#include "core/summary.h"

#define CLAIM_ERROR_SHARE 0.01   /* a cell's failed share above this is an errors claim */
#define CLAIM_LATE_SHARE 0.01    /* a replay op's share sent late above this measured its client */
#define CLAIM_DOMINANT_SHARE 0.5 /* a part of a request's time this share or more dominates */
#define CLAIM_IMBALANCE 1.2      /* a fastest / slowest client ratio above this is imbalanced */

/* claim_rules_lead: the verdict of a lead whose statistical status is status (enum
 * leader_status, analyze/cells/compare.h) and whose category had another subject's cell
 * client-limited for a blocking reason (blocked): "untested" when it was not tested,
 * "blocked" when blocked, else "clear", "tie" or "unresolved". A blocked lead is never
 * "clear". */
const char *claim_rules_lead(int status, int blocked);

/* claim_rules_untested: why a lead was not tested: "one-subject" when only one subject has
 * a value in its category, "one-cycle" when the campaign has fewer than 2 cycles, else
 * "not-enough-runs" (some subject has fewer than 2 valid runs, or 2 subjects fewer than 2
 * cycles in common). */
const char *claim_rules_untested(size_t with_value, int cycles);

/* claim_rules_step_verdict: the word of a rate step's verdict s (analyze/cells/
 * workload_cells.h, agg_step): "sustained" (held), "not-sustained" (the server's),
 * "client-limited" (the client's for a blocking reason), "not-judged" (the client's for late
 * sends alone, or no valid rate run). */
const char *claim_rules_step_verdict(const struct agg_step *s);

#define CLAIM_PART_RTT RPH_COUNT /* the path's round trip as the dominant part */

/* claim_rules_time: where a request's time goes, from the mean time of each part ph[]
 * (enum req_phase, ms; NaN counts 0) and the path's round trip rtt_ms (NaN: unknown): the
 * round trip (CLAIM_PART_RTT) when it is CLAIM_DOMINANT_SHARE of the total or more, else
 * the largest part when it is, else -1 (spread). *share: the dominant part's share of the
 * total (the round trip's capped at 1), or the largest part's when spread; NaN when the
 * total is not above 0 (then -1). */
int claim_rules_time(const double ph[RPH_COUNT], double rtt_ms, double *share);

/* claim_rules_part_name: "dns" ... "transfer", "rtt" for CLAIM_PART_RTT; NULL for -1. */
const char *claim_rules_part_name(int part);

/* claim_rules_rank: does a family of k comparisons of one subject with each of the others
 * carry a rank? p[i]: comparison i's two-sided p-value (NaN: no test); right[i]: 1 when its
 * ratio points the rank's way. Ranked (1) when every comparison has a test, points the
 * rank's way and is rejected by Holm's step-down at alpha; else 0. *p_adj: the largest of
 * the Holm-adjusted p-values (NaN when a comparison has no test). -1 when memory runs out. */
int claim_rules_rank(const double *p, const int *right, size_t k, double alpha, double *p_adj);

#endif
