/* collect/replay.h: a recorded workload to send again (docs/METHODOLOGY.md, "Replay";
 * `collect replay` and a campaign's [replay], docs/CAMPAIGN.md): the requests of a
 * per-request log, s3bench's own ops.tsv.zst or Warp's per-request CSV (.csv.zst; both
 * through core/opslog.h), or of an S3 server access log (core/accesslog.h), each with
 * its offset from the trace's first request, its op, the object it touches and its bytes.
 * Keys are remapped to object numbers: objects read (GET, HEAD, DELETE) before any PUT of
 * theirs in the trace come first, 0..prepared-1, and are prepared at their trace size
 * before the replay; the others only get written (remap = none: each number stands for the
 * trace's own key, and the objects read are HEAD'ed, not prepared). The engine sends
 * request i at its offset through the open-loop schedule (collect/engine/engine_loop.c). */
#ifndef COLLECT_REPLAY_H
#define COLLECT_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "core/digest.h"
#include "core/err.h"

enum replay_op {
	REPLAY_PUT,
	REPLAY_GET,
	REPLAY_HEAD,
	REPLAY_DELETE,
	REPLAY_OP_COUNT
};

/* One request of the trace. */
struct replay_req {
	int64_t at_ns;  /* its intended offset from the replay's start: the trace's offset
			   (its `intended` start when the row has one, else its start, from the
			   first request's) times speed */
	uint64_t obj;   /* its object number */
	uint64_t bytes; /* PUT: the body; GET: the bytes read (less than the object's size: a
			   range from 0) */
	uint64_t row;   /* its row's position in the trace, from 0 */
	enum replay_op op;
};

/* How a trace is replayed (`collect replay` flags, a campaign's [replay] keys). */
struct replay_opts {
	double speed;    /* the trace's offsets times this (> 0; 0: 1) */
	unsigned ops;    /* the ops kept: bit 1 << REPLAY_* (0: all) */
	int64_t from_ns; /* window: the requests from this offset of the trace's first */
	int64_t to_ns;   /* and before this one (0: to the end) */
	int keep_keys;   /* remap = none: the trace's own keys, objects not prepared */
};

#define REPLAY_BAD_SHOWN 3 /* bad lines whose message is kept */
#define REPLAY_CHECKED 16  /* remap = none: objects HEAD'ed before the replay */

struct replay_trace {
	struct replay_req *req; /* by at_ns (equal ones in the trace's order) */
	size_t n;
	uint64_t *size; /* each object's size: the most bytes a PUT or GET of it moved */
	char **key;     /* each object's key in the trace */
	uint64_t n_obj, prepared;
	uint64_t count[REPLAY_OP_COUNT];
	uint64_t skipped;  /* rows of other ops (LIST, multipart, ...) left out */
	uint64_t attempts; /* rows that were a retried or lost attempt, not a request */
	uint64_t filtered; /* requests left out by the ops filter or the window */
	uint64_t bad;      /* lines that did not read, skipped */
	char bad_msg[REPLAY_BAD_SHOWN][320]; /* the first ones' messages (file, line, field) */
	int64_t span_ns;                     /* the last request's at_ns */
	struct replay_opts o;
	char *path;                  /* the trace file, as given */
	char digest[DIGEST_HEX_MAX]; /* its SHA-256 */
	char ops_text[40];           /* o.ops spelled ("get,put"; "" for all) */
	int access_log;              /* the trace is an S3 server access log (core/accesslog.h) */
};

/* replay_load: the trace at path (ops.tsv.zst, Warp's .csv.zst or an S3 server access log,
 * plain or zstd; an access log's consecutive requests of one second spread evenly over it) as *o
 * says (NULL: every request at speed 1, keys remapped), into *t (zeroed first; free with
 * replay_free, also after a failure). A row whose op is not PUT, GET, STAT or a one-key
 * DELETE is counted in skipped; a retried attempt ("K+") or a hedge's lost attempt in
 * attempts; a request of an op left out or outside the window in filtered; a line that does
 * not read in bad (the first REPLAY_BAD_SHOWN messages kept). The replay's offsets are from
 * the first request kept; path and digest name the file. -1 with a message naming the
 * file when it is not a regular file, cannot be read (a bad header, a corrupt file) or
 * holds no request to replay. */
int replay_load(const char *path, const struct replay_opts *o, struct replay_trace *t,
		struct err *e);
void replay_free(struct replay_trace *t);

/* replay_parse_ops: "get,put,head,delete" (any of them; "stat" is head) into *mask (bits
 * 1 << REPLAY_*). -1 with a message naming the word at fault. */
int replay_parse_ops(const char *s, unsigned *mask, struct err *e);

/* replay_parse_window: "START..END", each a duration from the trace's first request ("30s",
 * "2m"; either may be empty: from the start, to the end) into *from_ns and *to_ns (0: the
 * end). -1 with a message when it does not read or END is not after START. */
int replay_parse_window(const char *s, int64_t *from_ns, int64_t *to_ns, struct err *e);

/* replay_parse_remap: "keys" (0) or "none" (1) into *keep_keys; -1 with a message. */
int replay_parse_remap(const char *s, int *keep_keys, struct err *e);

#endif
