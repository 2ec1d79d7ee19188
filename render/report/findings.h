/* render/report/findings.h: the key findings and the headline, generated from the data.
 *
 * From aggregate.json alone, each verdict the wording of its claim (claims[]): who led most
 * configurations of each op (lead-count; in a merge of vantages how many from every vantage),
 * the leads that were ties, unresolved, blocked by a client limit or untested, those whose
 * leader depends on the vantage (each vantage's leader named), where another subject led
 * (lead), the highest figure of each op
 * and whether its client was the limit (highest), the most and least consistent subject or
 * that no difference was detectable (rank), the fastest subject of each one-off op (rank);
 * and the excluded runs. Sentences come from the language's strings (finding.* keys) with
 * {placeholders}. */
#ifndef RENDER_FINDINGS_H
#define RENDER_FINDINGS_H

#include <stddef.h>

#include "render/model/model.h"
#include "render/text/text.h"

struct findings {
	char *headline;     /* one line for under the title */
	char *headline_ids; /* the claim ids it words, space-separated (NULL: none) */
	char **items;       /* the findings, in order */
	char **claims;      /* each finding's claim ids, space-separated (NULL: none) */
	size_t nitems;
};

/* findings_build: fill out (zeroed first). Returns 0, or -1 when out of memory (out is
 * then freed). Free with findings_free. */
int findings_build(const struct report_model *m, const struct text_lang *l, struct findings *out,
		   struct err *e);
void findings_free(struct findings *f);

#endif
