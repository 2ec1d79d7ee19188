/* core/results/results_claims.h: aggregate.json claims[] (docs/FORMATS.md, "Claims"): every
 * verdict the report shows, as analyze decided it. analyze builds these records and writes
 * them; render reads them back and words them, deciding none. One record per claim: its id,
 * kind and verdict, the cell or category it is about, the subject it is about and the others
 * it names, why, and the figures behind it. The kinds and the verdicts of each are listed
 * here once (results_claim_kinds); a reader refuses a claim of another kind or verdict.
 * Files without claims[] (older than format 1.2) read as no claims. */
#ifndef CORE_RESULTS_CLAIMS_H
#define CORE_RESULTS_CLAIMS_H

#include <stddef.h>

#include <jansson.h>

#include "core/jread.h"

struct results;

#define RESULTS_CLAIM_ID_MAX 512 /* room for any id analyze makes */

/* One named figure: a number (text NULL; num NAN: null) or a string (a unit, a basis). */
struct results_claim_figure {
	char *name;
	double num;
	char *text;
};

/* claims[]: one verdict. */
struct results_claim {
	char *id;        /* stable and unique: KIND[/TAG][/OP][/SIZE][/cCONC][/SUBJECT][/EXTRA] */
	char *kind;      /* one of results_claim_kinds */
	char *verdict;   /* one of its kind's verdicts */
	char *op;        /* NULL: not about an op */
	long long size;  /* bytes; -1: not about a size */
	int concurrency; /* -1: not about a concurrency */
	int subject;     /* the subject the verdict is about (index of subjects[]); -1: none */
	int *subjects;   /* the other subjects it names, in the verdict's order */
	size_t n_subjects;
	char **reasons; /* why ("cpu", "late-sends", "one-cycle", ...) */
	size_t n_reasons;
	struct results_claim_figure *figures; /* in the file's order, each name once */
	size_t n_figures;
};

/* A kind of claim and its verdicts (NULL-terminated), as docs/FORMATS.md lists them. */
struct results_claim_kind {
	const char *kind;
	const char *const *verdicts;
};

/* results_claim_kinds: every kind, in the order of claims[]; ends with {NULL, NULL}. */
extern const struct results_claim_kind results_claim_kinds[];

/* results_claim_known: 1 when verdict is one of kind's verdicts, else 0 (also for an unknown
 * kind or a NULL). */
int results_claim_known(const char *kind, const char *verdict);

/* The functions of the record, as results_head.h says: to_json names the subjects by their
 * ids in doc's subjects[]; from_json resolves them against r's, refuses a kind or verdict
 * results_claim_known does not know, a figure that is not a number, a string or null, and a
 * figure named twice. */
json_t *results_claim_to_json(const struct results_claim *c, const struct results *doc);
int results_claim_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_claim *c);
void results_claim_free(struct results_claim *c);

/* results_claim_find: the claim of v[0..n) whose id is id (borrowed); NULL when none. */
const struct results_claim *results_claim_find(const struct results_claim *v, size_t n,
					       const char *id);

/* results_claim_figure: c's figure name (borrowed); NULL when c has none.
 * results_claim_num: its number, NAN when it is absent, null or a string.
 * results_claim_text: its string, NULL when it is absent or a number. */
const struct results_claim_figure *results_claim_figure(const struct results_claim *c,
							const char *name);
double results_claim_num(const struct results_claim *c, const char *name);
const char *results_claim_text(const struct results_claim *c, const char *name);

/* results_claim_id: the id of a claim of kind about the parts given, in docs/FORMATS.md's
 * grammar KIND[/TAG][/OP][/SIZE][/cCONC][/SUBJECT][/EXTRA] (a part NULL, "" or -1 is left
 * out), into buf of n bytes (cut short when it does not fit); returns buf. analyze names its
 * claims with it and render looks them up with it, so both spell an id one way. */
char *results_claim_id(char *buf, size_t n, const char *kind, const char *tag, const char *op,
		       long long size, int concurrency, const char *subject, const char *extra);

/* results_claim_extra: a workload cell's dimension as an id's EXTRA into buf of n bytes:
 * "r100" for an offered rate (rate > 0, %g), else "mix", "dist" or "range" when it has
 * one, else ""; returns buf. */
char *results_claim_extra(char *buf, size_t n, double rate, int mix, int dist, int range);

/* results_claim_has_reason: 1 when reason is among c's reasons, else 0. */
int results_claim_has_reason(const struct results_claim *c, const char *reason);

#endif
