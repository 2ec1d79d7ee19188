/* core/opslog.h: per-request logs in MinIO Warp's per-operation CSV form
 * (tab-separated, zstd-compressed; columns and encodings in docs/FORMATS.md).
 *
 * collect writes ops.tsv.zst with the writer while a run goes (bounded memory: rows
 * go to a compressed temporary file, and at close they are sorted by start time, as
 * Warp writes them, with the external sort of core/rowsort.h); analyze reads our files and Warp's .csv.zst (every header generation)
 * with the reader, which streams rows to a callback. */
#ifndef CORE_OPSLOG_H
#define CORE_OPSLOG_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* One request. Strings are borrowed: in the reader's callback they are valid only
 * during the call; for the writer only during opslog_writer_add. Times are Unix ns,
 * 0 when absent (e.g. last_byte of a download). */
struct op_row {
	uint64_t idx; /* the writer ignores it: see opslog_writer_close */
	int thread;
	const char *op;        /* "PUT", "GET", "STAT", "DELETE", "LIST", ... */
	const char *client_id; /* "" when none */
	uint64_t n_objects;
	uint64_t bytes;
	const char *endpoint; /* "" when none */
	const char *file;     /* object key or prefix */
	const char *error;    /* "" on success */
	int64_t start_ns, first_byte_ns, last_byte_ns, end_ns;
	int64_t duration_ns;
	const char *cat;     /* "" when none */
	int64_t intended_ns; /* a rate run's intended start (the `intended` column after
				    `cat`); 0 when none */
	/* Where the request's time went (collect's `dns_us` ... `rtt_us` columns after
	 * the others, docs/FORMATS.md; Warp's reader ignores them): has_phases 0 when the
	 * row has none (the columns absent or empty); times in ns (the columns hold us) */
	int has_phases;
	int64_t dns_ns, connect_ns, tls_ns, send_ns, wait_ns, transfer_ns;
	int conn;       /* OPS_CONN_*: how the request's connection came about */
	int64_t rtt_ns; /* the connection's round trip (TCP_INFO), 0: not sampled */
	int attempt;    /* a run with retries: which attempt this row is, from 1 (the `attempt`
			column, after the phase columns); 0 when none */
	int retried;    /* 1: this attempt failed and was retried (written "K+"); its request
			has a later row */
	int hedge;      /* a hedged run (the `hedge` column, after `attempt`): OPS_HEDGE_* */
	int checksum;   /* a run that verifies GET checksums (the `checksum` column): a
			   successful GET's OPS_CK_VERIFIED or OPS_CK_ABSENT; 0 (empty) else */
	/* Who answered (the `remote`, `request_id` and `host_id` columns, last): the address
	 * the request talked to, the response's x-amz-request-id and x-amz-id-2; "" when
	 * none (or the columns absent), never NULL from the reader; NULL is "" to the writer */
	const char *remote;
	const char *request_id;
	const char *host_id;
	/* A conditional write (put-if-absent, cas; the `if_match` and `etag` columns, after
	 * `host_id`): the ETag the request sent in If-Match ("" when none: put-if-absent
	 * sends If-None-Match: *) and the ETag the answer carried ("" when none); "" when
	 * the columns are absent, never NULL from the reader; NULL is "" to the writer */
	const char *if_match;
	const char *etag;
	/* A list run (the `page` column, last): the request's page in its listing, from 1 (1:
	 * the listing's first ListObjectsV2 request, no continuation token; K > 1: sent with
	 * the token page K - 1 returned); 0 when none (empty, or the column absent) */
	int page;
	/* Which connection the request used (the `conn_id`, `conn_req` and `conn_age_ms`
	 * columns, after the others: docs/FORMATS.md): the connection's number in the run,
	 * this request's index on it (1: its first) and the time from its opening to this
	 * request's start (ns; the column holds whole ms); 0 all three when not known (or
	 * the columns absent) */
	uint64_t conn_id;
	uint64_t conn_req;
	int64_t conn_age_ns;
};

/* op_row.checksum (the `checksum` column's words "verified", "absent"). */
enum {
	OPS_CK_NONE = 0,
	OPS_CK_VERIFIED = 1, /* the server returned a whole-object checksum and the body matched */
	OPS_CK_ABSENT = 2    /* none to check: none returned, a composite one, a ranged GET */
};

/* op_row.hedge (the `hedge` column's words, docs/FORMATS.md): how a hedged request went. */
enum {
	OPS_HEDGE_NONE = 0, /* "": answered before the threshold, no duplicate sent */
	OPS_HEDGE_ORIG = 1, /* "orig": a duplicate was sent, the original answered first */
	OPS_HEDGE_DUP = 2,  /* "dup": the duplicate answered first (the row spans from the
			       original's start to the duplicate's answer) */
	OPS_HEDGE_LOST = 3, /* "lost": the attempt that lost and was cancelled: no request of
			       its own (its request is the row orig or dup) */
	OPS_HEDGE_COUNT
};

/* opslog_hedge_name: the column's word for OPS_HEDGE_* h ("", "orig", "dup", "lost"). */
const char *opslog_hedge_name(int h);

/* op_row.conn (the `conn` column's numbers). */
enum {
	OPS_CONN_REUSED = 0,
	OPS_CONN_NEW = 1,         /* a new plain connection */
	OPS_CONN_TLS_FULL = 2,    /* a new connection, full TLS handshake */
	OPS_CONN_TLS_RESUMED = 3, /* a new connection, TLS session resumed */
	OPS_CONN_COUNT
};

/* op_row.conn_id: a connection opened by worker W as its K-th is W * OPS_CONN_WORKER + K; a
 * distributed run's client of rank R adds R * OPS_CONN_RANK (docs/FORMATS.md). */
#define OPS_CONN_WORKER 100000000ULL
#define OPS_CONN_RANK 10000000000000ULL

struct opslog_writer;

/* opslog_writer_open: start writing `path` (a temporary name beside it until close;
 * the rows wait in an anonymous temporary file in the same directory). Returns NULL
 * with a message on failure. The writer is not thread-safe: one thread adds rows. */
struct opslog_writer *opslog_writer_open(const char *path, struct err *e);

/* opslog_writer_open_limit: opslog_writer_open with the sort's in-memory chunk bounded
 * to sort_rows rows (0: ROWSORT_ROWS), so that tests can make it spill. Test seam. */
struct opslog_writer *opslog_writer_open_limit(const char *path, size_t sort_rows, struct err *e);

/* Options of opslog_writer_open_opts. */
struct opslog_writer_opts {
	size_t sort_rows; /* the sort's in-memory chunk in rows (0: ROWSORT_ROWS) */
	int intended;     /* non-zero: a rate run's file, with the `intended` column after
			     `cat` (each row's intended_ns; empty when 0) */
	int phases;       /* non-zero: the phase columns dns_us connect_us tls_us send_us
			     wait_us transfer_us conn rtt_us last (empty in a row
			     without has_phases; rtt_us empty when not sampled) */
	int attempts;     /* non-zero: a run with retries, with the `attempt` column last
			     ("2": the request's final row, its second attempt; "1+": a
			     first attempt that was retried; empty when attempt is 0) */
	int hedge;        /* non-zero: a hedged run, with the `hedge` column after `attempt`
			     (each row's opslog_hedge_name) */
	int checksums;    /* non-zero: a run that verifies GET checksums, with the `checksum`
			     column after the others ("verified", "absent", empty) */
	int ids;          /* non-zero: the columns remote request_id host_id, last */
	int cond;         /* non-zero: a conditional-write run, with the columns if_match
			     etag after those */
	int pages;        /* non-zero: a list run, with the `page` column after those (each
			     row's page, empty when 0) */
	int conns;        /* non-zero: the columns conn_id conn_req conn_age_ms after
			     those (last; empty in a row whose conn_id is 0) */
};

/* opslog_writer_open_opts: opslog_writer_open with the options o (NULL: the defaults,
 * which are opslog_writer_open's). */
struct opslog_writer *opslog_writer_open_opts(const char *path, const struct opslog_writer_opts *o,
					      struct err *e);

/* opslog_writer_add: append one row (copied in binary and compressed as it goes; it is
 * formatted at opslog_writer_close, off the collector's request path). */
int opslog_writer_add(struct opslog_writer *w, const struct op_row *row, struct err *e);

/* opslog_writer_close: write the rows (after the header) in order of start time (equal
 * starts in the order added), each row's idx being its position in that order from 0
 * (row->idx is not used), as Warp writes its files; then finish the zstd frame, fsync,
 * rename to the final name, free w. On failure the temporary files are removed and w
 * is freed all the same. */
int opslog_writer_close(struct opslog_writer *w, struct err *e);

/* opslog_writer_abort: remove the temporary file and free w (NULL is fine). */
void opslog_writer_abort(struct opslog_writer *w);

/* opslog_read: stream every row of `path` (.zst or plain, detected by content) to cb
 * in file order. The optional `intended` column (rate runs) fills row->intended_ns (0
 * when the column is absent or the field empty). cb returns 0 to go on, non-zero to stop (then opslog_read returns
 * that value). Errors (truncated or corrupt zstd, missing column, bad number or time)
 * return -1 with a message naming the file and line. */
int opslog_read(const char *path, int (*cb)(const struct op_row *row, void *arg), void *arg,
		struct err *e);

/* opslog_read_full: opslog_read, and each trailing comment line (Warp records its
 * command line in lines starting with "# ") is passed to comment_cb (when not NULL)
 * without the leading "# " (or "#") and the line end; the text is valid only during
 * the call. comment_cb returns 0 to go on, non-zero to stop (returned as for cb). */
int opslog_read_full(const char *path, int (*cb)(const struct op_row *row, void *arg),
		     int (*comment_cb)(const char *line, void *arg), void *arg, struct err *e);

/* opslog_read_skip: opslog_read, but a data row that does not read (a bad number or time,
 * a wrong field count, a bad attempt, hedge or checksum word) is skipped: bad_cb gets its
 * line and the message that names the file, line and column, and returns 0 to go on,
 * non-zero to stop (returned as for cb). A bad header, a corrupt file or a lack of memory
 * still stop the read with -1. */
int opslog_read_skip(const char *path, int (*cb)(const struct op_row *row, void *arg),
		     int (*bad_cb)(unsigned long line, const char *msg, void *arg), void *arg,
		     struct err *e);

#endif
