/* analyze/read/serverlog.h: servers' own logs of requests, read for `analyze --server-log`
 * (docs/METHODOLOGY.md, "Server time"): S3 server access logs (AWS's documented format:
 * space-separated fields, [time] and "quoted" fields kept whole; field 6 the request id,
 * 14 Total Time, 15 Turn-Around Time, in ms) and Ceph RGW's ops log (JSON objects, as a
 * stream: the file sink writes them back to back, several on one line; the socket sink a
 * '[' and ",\n" between them; members trans_id and total_time, ms). Each request the log
 * names is kept by its request id, for the join with the runs' request_id column. */
#ifndef ANALYZE_SERVERLOG_H
#define ANALYZE_SERVERLOG_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* One request as the server logged it. */
struct srv_req {
	char *id;
	double total_ms;      /* the server's time from the request's receipt to its last byte */
	double turnaround_ms; /* from the request's last byte to the response's first; NAN when
				 the log has none (RGW) */
	int joined;           /* set by the join: a run's request had this id */
};

struct serverlog {
	struct srv_req *v; /* every file's, in the order read */
	size_t n, vcap;
	size_t *tab; /* open addressing over v by id: index + 1, 0 empty */
	size_t cap;
	uint64_t lines, unreadable; /* records read; records or lines that could not be read */
	char first_bad[512];        /* "FILE:LINE: why" of the first unreadable one ("" none) */
};

/* serverlog_read: add the requests of each file of paths[0..n) to l (zeroed by the caller
 * before the first call), the format found from its first byte ('{' or '[': RGW's ops log,
 * else an access log). A line or object that cannot be read is counted in unreadable (the
 * first named in first_bad), never guessed; -1 with a message when a file cannot be opened
 * or memory runs out. A request id logged twice keeps its first record. */
int serverlog_read(struct serverlog *l, const char *const *paths, size_t n, struct err *e);

/* serverlog_find: the record of request id (NULL: none). */
struct srv_req *serverlog_find(const struct serverlog *l, const char *id);

void serverlog_free(struct serverlog *l);

#endif
