/* analyze/claims/claims.h: the claims: every verdict the report shows, decided once from the
 * finished aggregate and written as aggregate.json claims[] (docs/FORMATS.md, "Claims";
 * each verdict's rule: docs/METHODOLOGY.md, "Claims"). A claim names its kind, its verdict,
 * the cell or category it is about, the subject, the other subjects the verdict names, why,
 * and the figures behind it. render words claims; it decides none.
 *
 * A claim is core/results' record (core/results/results_claims.h): every string owned, a
 * subject an index into the aggregate's subjects (the same as aggregate.json's subjects[];
 * -1: none), a number NaN when it has no value. */
#ifndef ANALYZE_CLAIMS_H
#define ANALYZE_CLAIMS_H

#include <stddef.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/slowest.h"
#include "analyze/cells/vantage.h"
#include "core/err.h"
#include "core/results/results_claims.h"
#include "core/results/results_staleness.h"
#include "core/results/results_support.h"

/* The claims being built: records of core/results (core/results/results_claims.h). */
struct claim_list {
	struct results_claim *v;
	size_t n, cap;
	int failed; /* memory ran out while it was built */
};

/* claims_build: every claim of a (aggregate_build done) into *out (zeroed first), in
 * claims[]'s order (docs/FORMATS.md, "Claims"); v: the vantages of a merge (vantage_leads
 * done; NULL or fewer than 2: none), against whose own leads the leads are judged. a and v
 * are only read. -1 with a message when memory runs out (out then holds what was built;
 * claims_free frees it). */
int claims_build(const struct aggregate *a, const struct vantage_set *v, struct claim_list *out,
		 struct err *e);

/* claims_vantage (claims_vantage.c): with several vantages (v not NULL, v->n >= 2), a
 * "vantage" claim per headline category of v's interaction tests (analyze/cells/vantage.h),
 * then a "lead-vantages" claim per matrix category with a lead in some vantage (how the
 * vantages' leads agree with the pooled one), then a "vantage-lead" claim per vantage and
 * category with a lead in it, added at the end of l. -1 with a message when memory runs
 * out. */
int claims_vantage(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v,
		   struct err *e);
/* claims_staleness (claims_stale.c): a "staleness" claim per subject and kind of
 * consistency probe of the n records recs (aggregate.json staleness[], their subjects a's),
 * added to the end of *l after claims_build. -1 with a message when memory runs out. */
int claims_staleness(struct claim_list *l, const struct aggregate *a,
		     const struct results_staleness *recs, size_t n, struct err *e);

/* claims_time_server (claims_time.c): with servers' logs joined (s: analyze/cells/slowest.h),
 * the figures of each cell's split (docs/FORMATS.md, "Claims": srv_joined, srv_share,
 * srv_total_ms, srv_turn_ms, srv_xfer_ms, srv_rest_ms, srv_latency_ms) added to its time-share
 * claim in l after claims_build; a cell without that claim or with nothing joined gets none.
 * -1 with a message when memory runs out. */
int claims_time_server(struct claim_list *l, const struct aggregate *a, const struct slow_list *s,
		       struct err *e);
/* claims_flag (claims_flag.c): a "feature-gap" claim per matrix cell with a figure of each
 * subject whose runs differed from the others' in a feature of the S3 API (its
 * ran-differently claims of checksum, http, addressing, sse or tags, already in l), worded
 * from the n_sup probe records sup (aggregate.json support[], their subjects a's): wrong or
 * refused when the probe found one of the aspect's features so, else setting (the runs'
 * recorded settings alone); added to the end of *l after claims_build. -1 with a message
 * when memory runs out. */
int claims_flag(struct claim_list *l, const struct aggregate *a, const struct results_support *sup,
		size_t n_sup, struct err *e);

/* claims_free: everything l owns (l zeroed after). */
void claims_free(struct claim_list *l);

/* claims_find: the claim of l with id id (results_claim_find); NULL when none. */
const struct results_claim *claims_find(const struct claim_list *l, const char *id);

/* claims_trend_add: the claims of claims_trend for the trend.json at trend_path added to the
 * end of the claims[] of the aggregate.json at agg_path (rewritten; the claims' subjects are
 * its subjects[]). -1 with a message naming the file when one cannot be read or written, or
 * memory runs out. */
int claims_trend_add(const char *agg_path, const char *trend_path, struct err *e);

#endif
