/* analyze/read/probelog.h: DATA_DIR/probe.json (docs/FORMATS.md, "probe.json"), the
 * conformance probe of each subject, read through its codec (core/subjlog/probefile.h) into aggregate.json's support[] records
 * (core/results/results_support.h): per feature its verdict and the check that decided it
 * (the first of its checks with the feature's verdict; docs/METHODOLOGY.md, "Conformance
 * probe"). */
#ifndef ANALYZE_PROBELOG_H
#define ANALYZE_PROBELOG_H

#include <stddef.h>

#include "core/err.h"
#include "core/results/results_support.h"
#include "core/subjlog/probefile.h"

#define PROBELOG_FILE PROBEFILE_NAME

/* The subjects probed, in the file's order (a subject probed twice: the later record). */
struct probelog {
	struct results_support *recs; /* each subject -1 until the caller sets it */
	char **ids;                   /* recs[i]'s subject id */
	size_t n;
};

/* probelog_read: DATA_DIR/probe.json into *out (zeroed first); a missing file is no
 * probe (0, n = 0). -1 with e naming the file and the field at fault ("probe.json:
 * subjects[1].features.tagging.verdict: 'maybe' is not a verdict ...") when it cannot be
 * read, is not s3bench-probe/1, or memory runs out; *out then holds what was read before.
 * Free with probelog_clear (also after a failure). */
int probelog_read(const char *data_dir, struct probelog *out, struct err *e);

/* probelog_drop: record i removed (freed; the later ones move up). */
void probelog_drop(struct probelog *p, size_t i);

void probelog_clear(struct probelog *p);

#endif
