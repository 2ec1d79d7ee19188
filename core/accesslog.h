/* core/accesslog.h: one line of an S3 server access log (AWS's documented format,
 * docs/FORMATS.md "S3 server access logs"): space-separated fields, a [time] and "quoted"
 * fields kept whole, '-' for none, unknown trailing fields ignored. The fields read: 3 the
 * time the request was received (whole seconds), 6 the request id, 7 the operation
 * (REST.GET.OBJECT ...), 8 the key (URL-encoded), 10 the HTTP status, 12 the bytes sent, 13
 * the object size, 14 the total time and 15 the turn-around time (ms). */
#ifndef CORE_ACCESSLOG_H
#define CORE_ACCESSLOG_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/opslog.h"

#define ACCESSLOG_FIELDS 15 /* the fields a record must have */

/* One record. The strings point into the line (not NUL-terminated: with their lengths). */
struct accesslog_rec {
	int64_t time_ns; /* field 3, Unix ns (a whole second); 0 when it does not read */
	const char *request_id, *operation, *key;
	size_t request_id_n, operation_n, key_n; /* key_n 0: '-' */
	int status;                              /* 0: '-' */
	uint64_t bytes_sent, object_size;        /* 0: '-' */
	double total_ms, turnaround_ms;          /* NAN: '-' */
};

/* accesslog_parse: the record of line s (n bytes, no line end) into *r. 0; 1 for a blank
 * line; -1 when it is not an access log record (fewer than ACCESSLOG_FIELDS fields, no
 * request id, a total or turn-around time, status or byte count that is neither a number
 * nor '-'), with why (a static string) in *why. */
int accesslog_parse(const char *s, size_t n, struct accesslog_rec *r, const char **why);

/* accesslog_time: "[06/Feb/2019:00:00:38 +0000]" (n bytes, brackets included) as Unix ns;
 * -1 when it does not read. */
int accesslog_time(const char *s, size_t n, int64_t *ns);

/* accesslog_op: the s3bench op of a REST operation ("PUT" for REST.PUT.OBJECT, "GET",
 * "STAT" for REST.HEAD.OBJECT, "DELETE"; "LIST" for REST.GET.BUCKET; NULL for another).
 * Static strings. */
const char *accesslog_op(const char *operation, size_t n);

/* accesslog_key: the URL-decoded key s (n bytes) into out (cap bytes, NUL-terminated).
 * -1 when it does not fit or a %XX escape is bad. */
int accesslog_key(const char *s, size_t n, char *out, size_t cap);

/* accesslog_is: 1 when the file at path (plain or zstd) is an access log: its first line
 * that is not blank reads as a record and holds no tab; 0 when not; -1 with a message when
 * it cannot be read. */
int accesslog_is(const char *path, struct err *e);

/* accesslog_read: stream the records of the access log at path (plain or zstd) to cb as
 * per-request rows (core/opslog.h): op from accesslog_op (the operation itself for
 * another), file the decoded key, bytes the bytes sent (GET) or the object size (the
 * others), start the time received, duration the total time (0 when '-'), error "HTTP N"
 * for a status of 300 or more, n_objects 1. A line that is not a record (or whose key does
 * not decode) goes to bad_cb with its line and a message naming the file and line, and is
 * skipped. cb and bad_cb return 0 to go on, non-zero to stop (returned). -1 with a message
 * when the file cannot be read or memory runs out. */
int accesslog_read(const char *path, int (*cb)(const struct op_row *row, void *arg),
		   int (*bad_cb)(unsigned long line, const char *msg, void *arg), void *arg,
		   struct err *e);

#endif
