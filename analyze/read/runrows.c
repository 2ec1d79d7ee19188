/* analyze/read/runrows.c: each run's per-request rows where analysis needs them, the runs on
 * several threads (see runrows.h; docs/METHODOLOGY.md, "How analyze reads the runs"). */
#include "analyze/read/runrows.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/parfor.h"
#include "analyze/read/reqlog.h"
#include "core/err.h"

/* One run's rows, read on a worker thread (read_rows); what it found is printed and
 * counted in run order afterwards (runrows_fill), so the output does not depend on which
 * thread finished first. */
struct rows_out {
	char *msg;   /* for stderr, or NULL */
	int problem; /* counted in st->problems */
	int rebuilt; /* histograms rebuilt from the log */
	int oom;     /* msg could not be kept */
};

struct rows_job {
	const char *data_dir;
	int recompute;
	struct runlog *logs;
	struct rows_out *out;
};

/* say_later: out's message, formatted now and printed by runrows_fill. */
static void say_later(struct rows_out *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say_later(struct rows_out *out, const char *fmt, ...)
{
	char buf[PATH_MAX + 1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	out->msg = strdup(buf);
	out->oom = out->msg == NULL;
}

/* recompute_one: replace r's summary by the one recomputed from its ops.tsv.zst.
 * A problem is named in out and counted: the numbers disagree (the recomputed ones are
 * used) or the log cannot be read (run.json's summary is kept). Such a run stays
 * analyzed; only the exit status says it. */
static void recompute_one(const char *data_dir, struct runlog *r, struct rows_out *out)
{
	char file[PATH_MAX], diff[512];
	struct run_summary again;
	struct err e = {{0}};

	reqlog_path(file, sizeof(file), data_dir, r->path);
	if (reqlog_summary(file, r->workload.rate, r->workload.duration_s, &again, &e) < 0) {
		say_later(out, "analyze: --recompute: %s (run.json's summary used)\n", e.msg);
		out->problem = 1;
		return;
	}
	if (runlog_compare(&r->summary, &again, diff, sizeof(diff))) {
		say_later(out,
			  "analyze: %s/%s/run.json: summary disagrees with ops.tsv.zst: %s "
			  "(the recomputed numbers are used)\n",
			  data_dir, r->path, diff);
		out->problem = 1;
	}
	if (again.has_rate && r->summary.has_rate) {
		/* the engine's figures: the ops log cannot show them */
		again.rate.peak_workers = r->summary.rate.peak_workers;
		again.rate.late_no_worker = r->summary.rate.late_no_worker;
	}
	again.retry.max = r->summary.retry.max; /* the setting, not in the log */
	summary_clear(&r->summary);
	r->summary = again;
}

/* read_rows: run i's rows: its summary recomputed (--recompute), or its missing
 * histograms rebuilt; touches only run i and out[i] (parfor). */
static void read_rows(size_t i, void *arg)
{
	struct rows_job *j = arg;
	struct runlog *log = &j->logs[i];
	struct rows_out *out = &j->out[i];
	struct err e = {{0}};
	int r;

	if (j->recompute && log->has_summary) {
		recompute_one(j->data_dir, log, out);
		return;
	}
	if ((r = reqlog_fill_run(log, j->data_dir, &e)) < 0) {
		say_later(out,
			  "analyze: note: %s (its cell's pooled latency falls back "
			  "to the runs' own percentiles)\n",
			  e.msg);
		/* an unreadable log is the data's; memory running out is not, and the
		 * output then differs from a full run's: exit 1 says so */
		out->problem = strstr(e.msg, "out of memory") != NULL;
	}
	out->rebuilt = r > 0;
}

int runrows_fill(struct runlog *logs, size_t n, const char *data_dir, int recompute, int *problems)
{
	struct rows_job job = {.data_dir = data_dir, .recompute = recompute, .logs = logs};
	size_t rebuilt = 0;
	int oom = 0;

	job.out = calloc(n ? n : 1, sizeof(*job.out));
	if (job.out == NULL)
		return -1;
	parfor(n, read_rows, &job);
	for (size_t i = 0; i < n; i++) {
		if (job.out[i].msg != NULL)
			fputs(job.out[i].msg, stderr);
		free(job.out[i].msg);
		*problems += job.out[i].problem;
		rebuilt += job.out[i].rebuilt;
		oom |= job.out[i].oom;
	}
	free(job.out);
	if (rebuilt > 0)
		fprintf(stderr,
			"analyze: note: %zu run.json files have no latency histogram "
			"(written before they existed): rebuilt from their ops.tsv.zst\n",
			rebuilt);
	return oom ? -1 : 0;
}
