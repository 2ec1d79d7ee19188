/* analyze/cells/condcheck.h: whether a conditional-write cell's server kept its promise
 * (docs/METHODOLOGY.md, "Conditional writes"), checked from the ops logs of the cell's runs
 * (the PUT rows' error, file, if_match and etag columns, docs/FORMATS.md):
 *   put-if-absent: every key has exactly one winner: at most one 2xx to If-None-Match: *,
 *   and none refused (412) without a winner; a key with an error row (a timeout: the
 *   write may have landed unseen) is judged only for two winners;
 *   cas: every key's successful writes form one chain: no two successes were based on
 *   the same ETag (the second one overwrote a write it had not seen: a lost update), and
 *   at most one (the first) on an ETag no success produced (the prepared object's), this
 *   last rule only for a key without error rows.
 * The verdict becomes a correctness claim (analyze/claims), never a figure of throughput. */
#ifndef ANALYZE_CONDCHECK_H
#define ANALYZE_CONDCHECK_H

#include <stdint.h>

#include "core/err.h"

struct aggregate;
struct agg_cell;

#define CONDCHECK_EXAMPLE_MAX 512

/* One cell's check, summed over the runs whose logs were read. */
struct condcheck {
	int cas;                             /* 1: cas's rule, 0: put-if-absent's */
	uint64_t runs;                       /* runs whose log was read (failed runs too) */
	uint64_t writes;                     /* PUT rows */
	uint64_t won;                        /* of them, answered 2xx */
	uint64_t conflicts;                  /* answered 412 or 409 ConditionalRequestConflict */
	uint64_t errors;                     /* anything else */
	uint64_t keys;                       /* keys judged */
	uint64_t violations;                 /* of them, keys whose writes broke the rule */
	char example[CONDCHECK_EXAMPLE_MAX]; /* the first violation ("KEY: 2 writers won");
						"" when none */
	char missing[CONDCHECK_EXAMPLE_MAX]; /* a run whose log could not be read, with why;
						"" when none */
};

/* condcheck_build: the check of every put-if-absent and cas cell of a (matrix and workload
 * cells), each into its agg_cell's cond (owned by the aggregate: aggregate_free frees it),
 * from DATA_DIR/RUN/ops.tsv.zst of each of its runs, failed ones included (a server that
 * refused every write leaves a failed run, whose log says so). A run whose log is missing
 * or unreadable is named in cond->missing and left out. -1 with a message only when memory
 * runs out. */
int condcheck_build(struct aggregate *a, const char *data_dir, struct err *e);

/* condcheck_violated: 1 when cell c was checked and some key's writes broke the rule (its
 * figure is no result: it competes for no lead and is compared with no cell), else 0. */
int condcheck_violated(const struct agg_cell *c);

#endif
