/* collect/run/outdir.h: the collector's output tree (docs/FORMATS.md), its lock and the
 * state of each run directory (for --resume).
 *
 *   OUT/.lock        flock()ed while a collector works in OUT; a second collector gets
 *                    OUTDIR_LOCKED at once (the lock file holds the owner's pid, as text)
 *   OUT/campaign.ini, OUT/plan.tsv, OUT/runs/...
 *
 * A run directory is complete when its run.json exists (run.json is written last) and
 * does not say the run was interrupted; a directory without run.json is incomplete and
 * --resume clears it and runs it again. */
#ifndef COLLECT_OUTDIR_H
#define COLLECT_OUTDIR_H

#include <stddef.h>

#include "core/err.h"

struct outdir;

#define OUTDIR_LOCKED 1

/* outdir_open: create `path` (and parents) when missing and take its lock. Returns 0 and
 * a new outdir (free with outdir_free, which releases the lock), OUTDIR_LOCKED with
 * "OUT is in use by another collector (pid N)" in e, or -1 with a message. */
int outdir_open(const char *path, struct outdir **out, struct err *e);
void outdir_free(struct outdir *od);

/* outdir_lock_fd: the lock's file descriptor (a run's child process closes it). */
int outdir_lock_fd(const struct outdir *od);

/* outdir_path: OUT/rel into buf; -1 with a message when it does not fit. */
int outdir_path(const struct outdir *od, const char *rel, char *buf, size_t n, struct err *e);

enum run_dir_state {
	RUN_ABSENT,      /* no directory */
	RUN_INCOMPLETE,  /* a directory without run.json (killed, or under way) */
	RUN_INTERRUPTED, /* run.json says wrapper.interrupted: redone by --resume */
	RUN_COMPLETE,    /* run.json written: complete or failed, a result either way */
};

/* outdir_run_state: the state of run directory OUT/id. */
enum run_dir_state outdir_run_state(const struct outdir *od, const char *id);

/* outdir_prepare_run: make OUT/id exist and be empty (files of an incomplete or
 * interrupted earlier attempt are removed). The full path goes to buf. */
int outdir_prepare_run(const struct outdir *od, const char *id, char *buf, size_t n, struct err *e);

/* outdir_remove_temps: remove the temporary files (".NAME.tmp.PID", ".state.json",
 * ".prefix", ".subject.json") of run directory `dir`, once its run.json is written. */
void outdir_remove_temps(const char *dir);

/* outdir_copy_file: copy src to dst atomically (as fs_write_file, core/fsutil.h). */
int outdir_copy_file(const char *src, const char *dst, struct err *e);

#endif
