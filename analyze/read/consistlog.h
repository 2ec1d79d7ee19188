/* analyze/read/consistlog.h: DATA_DIR/consistency.json (docs/FORMATS.md,
 * "consistency.json"), the consistency probes of each subject, read through its codec
 * (core/subjlog/consistfile.h) and summed into aggregate.json's
 * staleness[] records (core/results/results_staleness.h): per kind of probe, the probes
 * judged, the violations (a probe that saw the old state at least once), those that timed
 * out, the untested, and the violations' windows (docs/METHODOLOGY.md, "Consistency
 * windows"). */
#ifndef ANALYZE_CONSISTLOG_H
#define ANALYZE_CONSISTLOG_H

#include <stddef.h>

#include "core/err.h"
#include "core/results/results_staleness.h"
#include "core/subjlog/consistfile.h"

#define CONSISTLOG_FILE CONSISTFILE_NAME

/* The subjects probed, in the file's order (a subject probed twice: the later record). */
struct consistlog {
	struct results_staleness *recs; /* each subject -1 until the caller sets it */
	char **ids;                     /* recs[i]'s subject id */
	size_t n;
};

/* consistlog_read: DATA_DIR/consistency.json into *out (zeroed first); a missing file is
 * no probes (0, n = 0). -1 with e naming the file and the field at fault
 * ("consistency.json: subjects[0].kinds.read-after-delete.probes[2].outcome: 'maybe' is not
 * an outcome ...") when it cannot be read, is not s3bench-consistency/1, or memory runs
 * out. Free with consistlog_clear (also after a failure). */
int consistlog_read(const char *data_dir, struct consistlog *out, struct err *e);

/* consistlog_drop: record i removed (freed; the later ones move up). */
void consistlog_drop(struct consistlog *c, size_t i);

void consistlog_clear(struct consistlog *c);

#endif
