/* analyze/warp/warp_csv.h: build Warp's aggregate from a per-request log (.csv.zst of any
 * header generation, or our ops.tsv.zst), as Warp's aggregate.Live does (v1.3):
 * per op type and in total, 1-second throughput segments from the Unix second of
 * the first row (earlier rows dropped from them), a request crossing seconds split
 * in proportion of its time in each, the first and last 2 segments dropped;
 * throughput per host and per client over all rows; per client, request statistics
 * of 10-second windows by end time (single-size or per size range). */
#ifndef ANALYZE_WARP_CSV_H
#define ANALYZE_WARP_CSV_H

#include "analyze/warp/warp_model.h"
#include "core/err.h"

/* warp_csv_read: read `path` (streamed through core/opslog) into a new, finalized
 * result (*out, freed with warp_rt_free). The "# " comment lines become the command
 * line. Errors (corrupt zstd, missing column, bad field) give -1 with the message of
 * the reader, which names file and line. */
int warp_csv_read(const char *path, struct warp_rt **out, struct err *e);

/* Flags of warp_csv_read_flags / warp_csv_read_rows. */
#define WARP_CSV_NEGATIVE_FAILS \
	1 /* Warp 1.6.1: a request that ends before it starts is
				   * kept, its end moved to its start, failed with the error
				   * "<its error>Negative duration" (else the file is refused) */

/* warp_csv_read_flags: warp_csv_read with WARP_CSV_* flags. */
int warp_csv_read_flags(const char *path, int flags, struct warp_rt **out, struct err *e);

struct op_row;

/* A stream of rows for warp_csv_read_rows: calls row_cb(row, arg) for each row in order
 * (and comment_cb(line, arg) for each comment line), stopping when one returns non-zero
 * (then returns that value); -1 with a message on a read error. */
typedef int (*warp_csv_source)(int (*row_cb)(const struct op_row *row, void *arg),
			       int (*comment_cb)(const char *line, void *arg), void *arg,
			       void *src_arg, struct err *e);

/* warp_csv_read_rows: warp_csv_read_flags over the rows source(src_arg) gives; label
 * names the input in messages. */
int warp_csv_read_rows(const char *label, int flags, warp_csv_source source, void *src_arg,
		       struct warp_rt **out, struct err *e);

#endif
