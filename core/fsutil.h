/* core/fsutil.h: the file-system utilities every stage shares: mkdir -p, reading a
 * whole file, and the atomic writer (a temporary name beside the target, fsync, rename,
 * fsync of the directory), so that a reader never sees a half-written output file. */
#ifndef CORE_FSUTIL_H
#define CORE_FSUTIL_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "core/err.h"

/* fs_mkdirs: mkdir -p path: create it and its missing parents with mode 0777, which
 * the process's umask narrows (as mkdir(1) does: the user's umask decides who may
 * write into the outputs, not the program). An existing directory is fine. Returns 0,
 * or -1 with e set when a component cannot be created or path is not a directory
 * (e.g. a file is in the way). */
int fs_mkdirs(const char *path, struct err *e);

/* fs_read_file: the whole content of path as a new NUL-terminated string (the caller
 * frees it), its length in *len when len is not NULL (the file may hold NUL bytes; the
 * compressed files of core/zio.h read with zio_read_all). max > 0 refuses a file longer
 * than max bytes; 0 sets no limit. NULL with e set ("PATH: cannot open: REASON", "PATH:
 * cannot read: REASON", "PATH: larger than MAX bytes", "PATH: out of memory"). */
char *fs_read_file(const char *path, size_t max, size_t *len, struct err *e);

/* One atomic write in progress. The fields are the writer's; callers use fd (or the
 * stream fs_atomic_fopen returns) and may read tmp, e.g. to hand the name to a
 * library that writes by name. */
struct fs_atomic {
	char path[PATH_MAX]; /* the final name */
	char tmp[PATH_MAX];  /* ".NAME.tmp.PID" in the same directory */
	int fd;              /* -1 once closed */
	FILE *f;             /* the stream over fd, when fs_atomic_fopen made one */
};

/* fs_atomic_open: create (truncate) the temporary name of path, mode 0666 narrowed by
 * the umask, and open it for writing into a->fd. The final name is untouched until
 * fs_atomic_commit. Returns 0, or -1 with e set (nothing to clean up then). */
int fs_atomic_open(struct fs_atomic *a, const char *path, struct err *e);

/* fs_atomic_fopen: fs_atomic_open, then a stdio stream over a->fd, owned by a (commit
 * or abort closes it). NULL with e set on failure, nothing to clean up then. */
FILE *fs_atomic_fopen(struct fs_atomic *a, const char *path, struct err *e);

/* fs_atomic_commit: flush the stream if any, fsync and close the temporary file,
 * rename it to the final name, then fsync the directory so that the rename survives
 * a crash (best effort). Returns 0, or -1 with e set; on failure the temporary file is
 * removed and the final name keeps its old content. a is finished either way. */
int fs_atomic_commit(struct fs_atomic *a, struct err *e);

/* fs_atomic_abort: close and remove the temporary file; the final name is untouched.
 * Safe on a finished writer (does nothing then). */
void fs_atomic_abort(struct fs_atomic *a);

/* A set of files written together: each goes into a staging directory inside the target
 * directory (".new.PID"), through the atomic writer or any other, and fs_stage_commit
 * moves them all into the target once every one is complete. A writer that fails or is
 * interrupted leaves the target's earlier files as they were, never a mix of old and new
 * files. The fields are the stage's; callers write into tmp. */
struct fs_stage {
	char dir[PATH_MAX]; /* the target directory */
	char tmp[PATH_MAX]; /* DIR/.new.PID, where the files are written */
};

/* fs_stage_open: create dir (fs_mkdirs) and its empty staging directory s->tmp. Returns
 * 0, or -1 with e set (nothing to clean up then). */
int fs_stage_open(struct fs_stage *s, const char *dir, struct err *e);

/* fs_stage_commit: rename every file of s->tmp into s->dir, the one named last (NULL:
 * none) after all the others, so that its presence says the rest is in place; then
 * remove from s->dir each name of gone (NULL-terminated; NULL: none) that s->tmp did not
 * hold, and the staging directory, and fsync s->dir. Renames inside one file system need
 * no room for the data, so this fails only on a broken file system. Returns 0, or -1
 * with e set naming the file not moved (the files moved before it stay, the rest is
 * removed with the staging directory). s is finished either way. */
int fs_stage_commit(struct fs_stage *s, const char *last, const char *const *gone, struct err *e);

/* fs_stage_abort: remove the staging directory and the files in it; s->dir keeps what it
 * held. Safe on a finished stage (does nothing then). */
void fs_stage_abort(struct fs_stage *s);

/* fs_write_all: write n bytes of buf to fd, retrying short writes and EINTR; name is
 * the file's name for the message. Returns 0, or -1 with e set. */
int fs_write_all(int fd, const void *buf, size_t n, const char *name, struct err *e);

/* fs_write_file: write len bytes of data to path atomically (open, write, commit).
 * Returns 0, or -1 with e set and path unchanged. */
int fs_write_file(const char *path, const void *data, size_t len, struct err *e);

#endif
