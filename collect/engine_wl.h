/* collect/engine_wl.h: the engine's internals shared by engine.c (threads, multi loop,
 * rows, phases) and engine_wl.c (what each workload's workers do). Not a public API. */
#ifndef COLLECT_ENGINE_WL_H
#define COLLECT_ENGINE_WL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "collect/engine.h"
#include "collect/s3.h"
#include "core/strbuf.h"

struct body_buf;

enum eng_phase { ENG_PHASE_PREPARE, ENG_PHASE_BENCH, ENG_PHASE_CLEANUP };

/* One worker: one request in flight at a time. */
struct worker {
	int id;
	struct s3_req *req;
	int busy;
	uint64_t rng;
	uint64_t done;            /* logical operations finished (count bound) */
	uint64_t seq;             /* put: next object number of this worker */
	struct strbuf key;          /* key (or bucket name) of the request in flight */
	struct s3_body body;
	struct eng *g;            /* PUT bodies (read callback): the phase */
	uint64_t body_obj, body_base, body_pos; /* object number, offset of the body in
						   the object, bytes delivered */
	struct s3_result res;
	/* a logical operation spanning several requests (list, multipart, create-bucket) */
	int stage;
	int attempts;             /* prepare: tries of the current object */
	uint64_t obj;             /* prepare: object number in hand */
	int64_t op_start, op_first, op_last;
	uint64_t listed;
	char *token;              /* list: continuation token (owned) */
	char upload_id[1024];
	uint64_t part, n_parts;
	char (*etags)[128];       /* multipart: one per part (owned) */
	const char **etag_ptrs;
	/* delete: keys of the batch in flight */
	struct strbuf batch_text;
	size_t *batch_off;
	const char **batch_keys;
	size_t n_batch;
	char error[S3_ERROR_MAX];
};

/* One phase of one run. */
struct eng {
	const struct engine_opts *o;
	const struct workload *wl;
	struct engine_result *res;
	enum eng_phase phase;
	struct body_buf *body;
	struct worker *w;
	int nworkers;
	int64_t t0_mono, deadline_mono, next_tick;
	/* under lock: */
	pthread_mutex_t lock;
	int lock_ok;
	uint64_t next_idx;
	uint64_t cursor, cursor_end;  /* object numbers handed out (prepare, delete) */
	struct summary_acc *acc;
	struct engine_live live;
	uint64_t cls_count[EC_COUNT];
	atomic_int abort;             /* the phase cannot go on (read without the lock) */
	enum err_class fail_cls;
	char fail_msg[512];
};

/* engine.c */
void eng_fail(struct eng *g, enum err_class cls, const char *text);
void eng_count_error(struct eng *g, const struct s3_result *res);
void eng_row(struct eng *g, struct worker *w, const char *op, uint64_t n_objects,
	     uint64_t bytes, const char *file, const char *error, enum err_class cls,
	     int64_t start, int64_t first, int64_t last, int64_t end);
/* eng_take: up to n object numbers from the shared cursor; returns how many (0: none). */
uint64_t eng_take(struct eng *g, uint64_t n, uint64_t *first);
/* eng_time_left: 0 once stopped or past the duration bound. */
int eng_time_left(const struct eng *g);

/* engine_wl.c */
/* wl_next: the worker's next request into *a; 0, or -1 when the worker is done. */
int wl_next(struct eng *g, struct worker *w, struct s3_args *a);
/* wl_done: account the finished request of w. */
void wl_done(struct eng *g, struct worker *w, const struct s3_result *res);
/* wl_prepared_objects: how many objects the prepare phase creates. */
uint64_t wl_prepared_objects(const struct workload *wl);
int wl_uses_body(const struct workload *wl);
int wl_sequential(const struct workload *wl);
/* wl_cleanup: delete everything under the run's prefix (collect/sweep.h: incomplete
 * multipart uploads aborted, objects deleted). */
int wl_cleanup(struct eng *g, struct err *e);
void wl_worker_free(struct worker *w);

#endif
