/* core/zio.h: streaming zstd file I/O (libzstd), shared by the per-request log and
 * the Warp readers.
 *
 * The reader detects zstd by its magic number and otherwise passes the file through
 * as plain bytes, so one code path reads .zst and uncompressed files alike. Memory
 * stays bounded (one input and one output buffer) whatever the file size.
 *
 * The writer compresses into a temporary file beside the target (".NAME.tmp.PID") and
 * renames it over the target on close, after fsync (then the directory is synced): a
 * crash leaves the target absent or complete, never half written. */
#ifndef CORE_ZIO_H
#define CORE_ZIO_H

#include <stddef.h>
#include <sys/types.h>

#include "core/err.h"

struct zio_reader;

/* zio_reader_open: open `path` for reading. NULL with a message naming the file when
 * it cannot be opened. The caller frees the reader with zio_reader_free. */
struct zio_reader *zio_reader_open(const char *path, struct err *e);

/* zio_read: up to n decompressed bytes into buf. Returns the count (> 0), 0 at the end
 * of a complete file, -1 with a message (file name and what went wrong) for a read
 * error or corrupt or truncated zstd data. */
ssize_t zio_read(struct zio_reader *r, void *buf, size_t n, struct err *e);

/* zio_reader_free: close and free (NULL is fine). */
void zio_reader_free(struct zio_reader *r);

/* zio_read_all: the whole (decompressed) content of `path` in a new NUL-terminated
 * buffer of *len bytes (the caller frees *out). For small files such as JSON results;
 * fails beyond `max` bytes. */
int zio_read_all(const char *path, size_t max, char **out, size_t *len, struct err *e);

struct zio_writer;

/* zio_writer_open: start writing `path` compressed with zstd at `level` (0 = libzstd's
 * default); the data goes to a temporary name until zio_writer_close. NULL with a
 * message on failure. */
struct zio_writer *zio_writer_open(const char *path, int level, struct err *e);

/* zio_write: compress and append n bytes. */
int zio_write(struct zio_writer *w, const void *buf, size_t n, struct err *e);

/* zio_writer_close: end the zstd frame, fsync, rename to the final name and free w.
 * On failure the temporary file is removed and w freed all the same. */
int zio_writer_close(struct zio_writer *w, struct err *e);

/* zio_writer_abort: remove the temporary file and free w (NULL is fine). */
void zio_writer_abort(struct zio_writer *w);

#endif
