/* render/report/findings.h: the key findings and the headline, generated from the data.
 *
 * From aggregate.json alone: who led how many configurations of each op
 * (leader_counts), where another subject led (leaders), the highest figure of each op
 * (cells' mib_s.value), the most and least consistent subject (consistency), the
 * excluded runs, and the fastest subject of each one-off op. Sentences come from the
 * language's strings (finding.* keys) with {placeholders}. */
#ifndef RENDER_FINDINGS_H
#define RENDER_FINDINGS_H

#include <stddef.h>

#include "render/model/model.h"
#include "render/text/text.h"

struct findings {
	char *headline; /* one line for under the title */
	char **items;   /* the findings, in order */
	size_t nitems;
};

/* findings_build: fill out (zeroed first). Returns 0, or -1 when out of memory (out is
 * then freed). Free with findings_free. */
int findings_build(const struct report_model *m, const struct text_lang *l, struct findings *out,
		   struct err *e);
void findings_free(struct findings *f);

#endif
