/* render/report/report_prov.h: the report's "Provenance" section [provenance], from
 * RESULTS_DIR/manifest.json (docs/FORMATS.md): the manifest digest, the signer's key
 * fingerprint, the tool version and commit, the inputs' count and total size, the
 * options, the fairness facts per subject, the commands that check and re-derive the
 * report, and the files the report carries (aggregate.json and cells.csv as HTML
 * downloads, aggregate.json and manifest.json embedded in the PDF). Results without a
 * manifest get a section that says so. */
#ifndef RENDER_REPORT_PROV_H
#define RENDER_REPORT_PROV_H

#include "core/err.h"
#include "render/doc/doc.h"
#include "render/text/text.h"

/* report_provenance: append the section to d (the last section of the report). 0, or
 * -1 with e set: an unreadable manifest or results file, out of memory. */
int report_provenance(struct doc *d, const struct text_lang *l, const char *results_dir,
		      struct err *e);

#endif
