/* core/rowsort.h: a stable external sort of byte records by a 64-bit key, in
 * bounded memory for any number of records (the per-request log's writer uses it to
 * put rows in start order, as MinIO Warp writes them; core/opslog.c).
 *
 * rowsort_add streams each record (compressed, zstd level 1) into an anonymous
 * temporary file in `dir` (O_TMPFILE, or a name unlinked at once), so nothing is left
 * behind even when the process is killed. rowsort_finish reads it back in chunks of at
 * most max_rows records and max_bytes bytes; a chunk is sorted in memory. When the
 * whole input is one chunk it goes straight to the caller; otherwise each sorted chunk
 * is spilled to a temporary file of its own (a sorted run) and the runs are merged with
 * a heap over at most ROWSORT_FANIN runs at a time: as soon as ROWSORT_FANIN runs of
 * one level are there they become one run of the next level, so few files are open
 * (at most FANIN - 1 per level) and each record is rewritten once per level (with the
 * defaults, once up to 8 M records, twice up to 268 M). Records with equal keys keep
 * the order they were added in. */
#ifndef CORE_ROWSORT_H
#define CORE_ROWSORT_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* Defaults for rowsort_new's limits (0 there): about 40 MiB at most in memory. */
#define ROWSORT_ROWS 262144
#define ROWSORT_BYTES (32u << 20)
#define ROWSORT_FANIN 32

struct rowsort;

/* rowsort_new: a sorter whose temporary files go in `dir`; max_rows and max_bytes
 * bound one in-memory chunk (0: the defaults above; a chunk holds at least one record
 * whatever its size). NULL with a message naming dir on failure. */
struct rowsort *rowsort_new(const char *dir, size_t max_rows, size_t max_bytes, struct err *e);

/* rowsort_add: append one record of n bytes (copied; n < 4 GiB) with its key. */
int rowsort_add(struct rowsort *s, int64_t key, const void *rec, size_t n, struct err *e);

/* rowsort_count: records added so far. Test seam. */
uint64_t rowsort_count(const struct rowsort *s);

/* rowsort_spills: sorted runs rowsort_finish wrote to temporary files (0 when the
 * input fit in one chunk). Test seam. */
uint64_t rowsort_spills(const struct rowsort *s);

/* rowsort_finish: hand every record to emit in key order (equal keys in the order
 * added); rec is valid only during the call. emit returns 0 to go on, else the
 * sort stops and returns -1 (emit fills e). Can be called once; then only
 * rowsort_free. Errors (temporary file I/O, out of memory) return -1 with a message. */
int rowsort_finish(struct rowsort *s,
		   int (*emit)(const void *rec, size_t n, void *arg, struct err *e), void *arg,
		   struct err *e);

/* rowsort_free: close and free (NULL is fine); the temporary files vanish. */
void rowsort_free(struct rowsort *s);

#endif
