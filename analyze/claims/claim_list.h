/* analyze/claims/claim_list.h: how the claim builders add a claim to a list: its key (what
 * its id is made of), its verdict, then the subjects, reasons and figures of the claim just
 * added. Memory running out marks the list failed (claim_list.failed) and every later call
 * does nothing; claims_build reports it once. Id grammar: docs/FORMATS.md, "Claims". */
#ifndef ANALYZE_CLAIM_LIST_H
#define ANALYZE_CLAIM_LIST_H

#include "analyze/claims/claims.h"

#define CLAIM_EXTRA_MAX 48

/* What a claim's id is built from, in the id's order: KIND[/TAG][/OP][/SIZE][/cCONC]
 * [/SUBJECT id][/EXTRA]; an absent part (NULL, -1, "") is left out. */
struct claim_key {
	const char *kind;
	const char *tag; /* what a rank ranks, a caveat's name */
	const char *op;
	long long size;
	int concurrency;
	int subject;
	char extra[CLAIM_EXTRA_MAX]; /* "r100" (a rate step), an aspect ("signing") */
};

/* claim_key_of: a key of kind with no part but the kind. */
struct claim_key claim_key_of(const char *kind);

/* claim_key_cell: kind about cell c (a matrix or workload cell): its op, size, concurrency
 * and subject; a workload cell's dimensions in extra ("r100" for its rate, "mix", "dist",
 * "range"). */
struct claim_key claim_key_cell(const char *kind, const struct agg_cell *c);

/* claims_add: a new claim of key k and verdict at the end of l, its id made from k with the
 * subjects' ids of a (an id already in l gets "/2", "/3", ... after it). -1 when memory
 * runs out (l failed). */
int claims_add(struct claim_list *l, const struct aggregate *a, const struct claim_key *k,
	       const char *verdict);

/* claims_also: subject s named by the last claim (its subjects[]). */
void claims_also(struct claim_list *l, int s);

/* claims_reason: reason r (copied) among the last claim's reasons, once. */
void claims_reason(struct claim_list *l, const char *r);

/* claims_reason_bits: the names of the bits of reasons (CLIMIT_R_* of core/climit.h and
 * WL_R_LATE_SENDS, analyze/cells/workload_cells.h) as the last claim's reasons. */
void claims_reason_bits(struct claim_list *l, unsigned reasons);

/* claims_num / claims_text: the last claim's figure name, a number (NaN: null) or a string
 * (NULL: a null number). */
void claims_num(struct claim_list *l, const char *name, double v);
void claims_text(struct claim_list *l, const char *name, const char *text);

/* claims_num_at: the figure name, a number (NaN: null), added to claim i of l (nothing when
 * there is no such claim or l failed). */
void claims_num_at(struct claim_list *l, size_t i, const char *name, double v);

/* claims_last: the last claim of l; NULL when l is empty or failed. */
struct results_claim *claims_last(struct claim_list *l);

/* claim_subject_of: the index in a of the subject whose id is id (a key's subject); -1 when
 * none or id is NULL. */
int claim_subject_of(const struct aggregate *a, const char *id);

#endif
