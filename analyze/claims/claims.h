/* analyze/claims/claims.h: the claims: every verdict the report shows, decided once from the
 * finished aggregate and written as aggregate.json claims[] (docs/FORMATS.md, "Claims";
 * each verdict's rule: docs/METHODOLOGY.md, "Claims"). A claim names its kind, its verdict,
 * the cell or category it is about, the subject, the other subjects the verdict names, why,
 * and the figures behind it. render words claims; it decides none.
 *
 * A claim is a plain record: every string owned, a subject an index into the aggregate's
 * subjects (-1: none), a number NaN when it has no value. */
#ifndef ANALYZE_CLAIMS_H
#define ANALYZE_CLAIMS_H

#include <stddef.h>

#include "analyze/cells/aggregate.h"
#include "core/err.h"

/* One named figure: a number (text NULL; num NaN is null) or a string (a unit, a basis, a
 * subject's id). */
struct claim_figure {
	char *name;
	double num;
	char *text;
};

struct claim {
	char *id;        /* stable and unique: KIND[/TAG]/OP/SIZE/cCONC[/SUBJECT][/EXTRA] */
	char *kind;      /* "lead", "client-limit", ... */
	char *verdict;   /* the kind's verdict word */
	char *op;        /* NULL: not about an op */
	long long size;  /* bytes; -1: not about a size */
	int concurrency; /* -1: not about a concurrency */
	int subject;     /* the subject the verdict is about; -1: none */
	int *subjects;   /* the other subjects it names, in the verdict's order */
	size_t n_subjects;
	char **reasons; /* why ("cpu", "late-sends", "one-cycle", ...) */
	size_t n_reasons;
	struct claim_figure *figures;
	size_t n_figures;
};

struct claim_list {
	struct claim *v;
	size_t n, cap;
	int failed; /* memory ran out while it was built */
};

/* claims_build: every claim of a (aggregate_build done) into *out (zeroed first), in
 * claims[]'s order (docs/FORMATS.md, "Claims"). a is only read. -1 with a message when memory runs
 * out (out then holds what was built; claims_free frees it). */
int claims_build(const struct aggregate *a, struct claim_list *out, struct err *e);

/* claims_free: everything l owns (l zeroed after). */
void claims_free(struct claim_list *l);

/* claims_find: the claim of l with id id; NULL when none. */
const struct claim *claims_find(const struct claim_list *l, const char *id);

/* claims_figure: the figure name of c; NULL when c has none. */
const struct claim_figure *claims_figure(const struct claim *c, const char *name);

#endif
