/* collect/replay.h: a recorded workload to send again (docs/METHODOLOGY.md, "Replay";
 * `collect replay`, docs/CAMPAIGN.md): the requests of a per-request log, s3bench's own
 * ops.tsv.zst or Warp's per-request CSV (.csv.zst; both through core/opslog.h), each with
 * its offset from the trace's first request, its op, the object it touches and its bytes.
 * Keys are remapped to object numbers: objects read (GET, HEAD, DELETE) before any PUT of
 * theirs in the trace come first, 0..prepared-1, and are prepared at their trace size
 * before the replay; the others only get written. The engine sends request i at its
 * offset through the open-loop schedule (collect/engine/engine_loop.c). */
#ifndef COLLECT_REPLAY_H
#define COLLECT_REPLAY_H

#include <stddef.h>
#include <stdint.h>

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

struct replay_trace {
	struct replay_req *req; /* by at_ns (equal ones in the trace's order) */
	size_t n;
	uint64_t *size; /* each object's size: the most bytes a PUT or GET of it moved */
	uint64_t n_obj, prepared;
	uint64_t count[REPLAY_OP_COUNT];
	uint64_t skipped;  /* rows of other ops (LIST, multipart, ...) left out */
	uint64_t attempts; /* rows that were a retried or lost attempt, not a request */
	int64_t span_ns;   /* the last request's at_ns */
	double speed;
};

/* replay_load: the trace at path (ops.tsv.zst or Warp's .csv.zst, plain or zstd), its
 * offsets times speed (> 0), into *t (zeroed first; free with replay_free, also after a
 * failure). A row whose op is not PUT, GET, STAT or a one-key DELETE is counted in skipped;
 * a retried attempt ("K+") or a hedge's lost attempt in attempts. -1 with a message naming
 * the file (and line) when it cannot be read or holds no request to replay. */
int replay_load(const char *path, double speed, struct replay_trace *t, struct err *e);
void replay_free(struct replay_trace *t);

#endif
