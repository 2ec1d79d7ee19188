/* analyze/read/reqlog.h: the per-request log of a run read by analyze: s3bench's own
 * ops.tsv.zst (docs/FORMATS.md) and Warp's per-request .csv.zst, both through core's
 * opslog_read, fed into core's summary accumulator exactly as collect computes a run's
 * summary. The one place analyze opens a per-request log: --recompute, the histograms
 * of an old run.json, the time series and the Warp import all read through here. */
#ifndef ANALYZE_REQLOG_H
#define ANALYZE_REQLOG_H

#include <stddef.h>

#include "core/err.h"
#include "core/summary.h"

struct op_row;
struct runlog;

/* reqlog_path: DATA_DIR/REL/ops.tsv.zst, the per-request log of the run at REL, into
 * buf (n bytes, truncated to fit); REL/ops.tsv.zst when data_dir is "" (the runs of a
 * merge of several DATA_DIRs, whose REL starts with their DATA_DIR). */
void reqlog_path(char *buf, size_t n, const char *data_dir, const char *rel);

/* reqlog_acc: a new accumulator (core/summary.h; the caller frees it) fed every row of
 * files[0..n) whose op equals `op` (case-insensitively; NULL: every row), in file
 * order. NULL with the reader's message (file and line) on a read error or when memory
 * runs out. */
struct summary_acc *reqlog_acc(const char *const *files, int n, const char *op, struct err *e);

/* reqlog_acc_rows: reqlog_acc, and each row fed to the accumulator also handed to
 * row(r, arg) (when not NULL) after it: row returns 0 to go on, -1 with e set to fail (the
 * accumulator is then freed and NULL returned). */
struct summary_acc *reqlog_acc_rows(const char *const *files, int n, const char *op,
				    int (*row)(const struct op_row *r, void *arg, struct err *e),
				    void *arg, struct err *e);

/* reqlog_each: hand every row of files[0..n) whose op equals `op` (as reqlog_acc) to
 * row(r, arg, e), in file order: row returns 0 to go on, -1 with e set to fail. -1 with
 * the reader's message (file and line), or row's, on failure. */
int reqlog_each(const char *const *files, int n, const char *op,
		int (*row)(const struct op_row *r, void *arg, struct err *e), void *arg,
		struct err *e);

/* reqlog_summary: the summary of the per-request log `file`, computed with core's
 * opslog_read and summary_acc_* exactly as collect computes it (histograms included:
 * release them with summary_clear), into *out; for a rate run (offered > 0, req/s: the
 * run's workload.rate; span_s > 0, its workload.duration_s) the rate block too, from
 * the log's intended and start columns (summary_acc_rate; peak_workers and
 * late_no_worker, which the log cannot show, left -1 for the caller to take from
 * run.json). Returns -1 with a message naming the file (and line) when the
 * log cannot be read or holds no successful request. */
int reqlog_summary(const char *file, double offered, double span_s, struct run_summary *out,
		   struct err *e);

/* reqlog_rebuild_hists: replace the histograms of *s (by_op's too, matched by op name)
 * by those of the rows of files[0..n) whose op is `op` (as reqlog_acc); the numbers of
 * *s stay. -1 with a message (s unchanged) when the files cannot be read or hold no
 * successful request. */
int reqlog_rebuild_hists(const char *const *files, int n, const char *op, struct run_summary *s,
			 struct err *e);

/* reqlog_fill_run: when r has a summary without a latency histogram, or with per-op
 * figures without theirs (a run.json written before they existed), and its
 * reqlog_path exists, rebuild r's histograms from it. Returns 1 when rebuilt, 0 when
 * there was nothing to do or no ops.tsv.zst, -1 with a message when the log could not
 * be read (r unchanged). */
int reqlog_fill_run(struct runlog *r, const char *data_dir, struct err *e);

#endif
