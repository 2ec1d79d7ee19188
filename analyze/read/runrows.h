/* analyze/read/runrows.h: each run's per-request rows (ops.tsv.zst) where analysis needs
 * them: the summary recomputed from them (--recompute) or the latency histograms a run.json
 * lacks rebuilt, the runs read on several threads (parfor; docs/METHODOLOGY.md, "How analyze
 * reads the runs"). */
#ifndef ANALYZE_READ_RUNROWS_H
#define ANALYZE_READ_RUNROWS_H

#include <stddef.h>

#include "analyze/read/runlog.h"

/* runrows_fill: for each of the n runs of logs (in DATA_DIR data_dir): with recompute, its
 * summary replaced by the one recomputed from its ops.tsv.zst (a disagreement or an
 * unreadable log named on stderr and added to *problems; the run stays analyzed), else its
 * missing histograms rebuilt from the log (a log that cannot be read is a note; memory
 * running out while reading one is a problem). Messages are printed in run order, whichever
 * thread finished first, with one note counting the rebuilt runs. Returns 0, or -1 when
 * memory ran out keeping a message. */
int runrows_fill(struct runlog *logs, size_t n, const char *data_dir, int recompute, int *problems);

#endif
