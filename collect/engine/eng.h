/* collect/engine/eng.h: one phase of one run (struct eng, opaque here) and its services:
 * to the workload kinds (collect/engine/wl.h: what the run is, bounds, the shared cursor,
 * rows and errors) and to the threads' loop (collect/engine/engine_loop.c: the stop, the
 * open loop's slots, the once-a-second duties of thread 0). The phase is set up and torn
 * down by collect/engine/engine.c; its layout is collect/engine/engine_int.h. Every
 * service is thread-safe: the shared state is under the phase's lock or atomic. */
#ifndef COLLECT_ENG_H
#define COLLECT_ENG_H

#include <stdint.h>

#include "collect/engine/engine.h"
#include "collect/s3/s3.h"
#include "collect/workload.h"
#include "core/err.h"

struct eng;      /* one phase of one run: collect/engine/engine_int.h */
struct worker;   /* one worker: collect/engine/wl.h */
struct body_buf; /* collect/engine/body.h */

enum eng_phase {
	ENG_PHASE_PREPARE,
	ENG_PHASE_BENCH,
	ENG_PHASE_CLEANUP
};

/* For the kinds. */

/* eng_opts / eng_workload: the run's options and workload (borrowed). */
const struct engine_opts *eng_opts(const struct eng *g);
const struct workload *eng_workload(const struct eng *g);
/* eng_body: the content of the phase's objects (NULL when it sends no bodies). */
struct body_buf *eng_body(const struct eng *g);
/* eng_note_body: bytes [off, off + len) of object n are about to be sent as a body: the
 * payload certificate's sampler is offered them (collect/engine/bodycert.h). */
void eng_note_body(struct eng *g, uint64_t n, uint64_t off, uint64_t len);
/* eng_shared: the kind's phase-wide state (wl_kind.shared_new; NULL when it has none). */
void *eng_shared(const struct eng *g);
/* eng_where: the run's buckets and whole key prefixes (borrowed). */
const struct workload_where *eng_where(const struct eng *g);
/* eng_count_sent: n more body bytes went out (any thread): the prepare phase measures
 * the path's rate from them. */
void eng_count_sent(struct eng *g, uint64_t n);
/* eng_more: may worker w start another logical operation? (time left, and the bound:
 * duration, `count` per worker, or until-done: delete until the objects are gone, other
 * ops `count` (at least 1).) */
int eng_more(const struct eng *g, const struct worker *w);
/* eng_take: up to n object numbers from the phase's shared cursor (prepare: the objects
 * to create; delete: the objects to delete); how many, from *first (0: none left). */
uint64_t eng_take(struct eng *g, uint64_t n, uint64_t *first);
/* eng_take_calibration: the next calibration object into *obj (objects 0 .. cursor_end of
 * a calibrating get: each once, then in rounds until the calibration has lasted min_ns: a
 * rate measured over a few milliseconds is the set-up of the connections, or one scheduling
 * delay); 1, or 0 when it is done. Counts them (g->calib_reads). */
int eng_take_calibration(struct eng *g, int64_t min_ns, uint64_t *obj);
/* eng_reads_exhausted: note that a reads = once get ran out of unread objects (the
 * result's reads_exhausted). */
void eng_reads_exhausted(struct eng *g);
/* eng_note_transport: the HTTP version and address of a finished request
 * into the benchmark's result (struct engine_transport). */
void eng_note_transport(struct eng *g, const struct s3_result *res);
/* eng_conn_gone: a thread's connection table's gone callback (arg: the struct eng): a
 * benchmark connection into the result's list (struct engine_transport), or counted
 * beyond it. */
void eng_conn_gone(void *arg, const struct s3_conn_info *c);
/* eng_fail: the phase cannot go on: stop every worker, with this class and text (the
 * first failure's are kept). */
void eng_fail(struct eng *g, enum err_class cls, const char *text);
/* eng_count_error: count a failed request that has no row (prepare, unlogged steps), by
 * res->cls and res->error. */
void eng_count_error(struct eng *g, const struct s3_result *res);
/* eng_row: one ops row of worker w (file = the key, error "" on success), into the ops
 * log and the run summary; a failure to write either fails the phase. */
void eng_row(struct eng *g, struct worker *w, const char *op, uint64_t n_objects, uint64_t bytes,
	     const char *file, const char *error, enum err_class cls, int64_t start, int64_t first,
	     int64_t last, int64_t end);

/* eng_request_headers: the workload's encryption and tagging headers (collect/s3/s3_sse.h)
 * added to worker w's request a, after those its kind gave (copied into w->hdrs): sse's on
 * PutObject and CreateMultipartUpload, SSE-C's on UploadPart, GetObject and HeadObject too,
 * the tags on PutObject and CreateMultipartUpload. A kind's headers past S3_HDRS_MAX are
 * its own alone. */
void eng_request_headers(struct eng *g, struct worker *w, struct s3_args *a);

/* For the threads' loop. */

/* eng_stopped: whether the workers must stop (the phase failed, or engine_opts.stop). */
int eng_stopped(const struct eng *g);

/* eng_slot_due: the monotonic instant slot i of an open-loop phase is due, t0_mono +
 * i / rate, computed from i (never by adding intervals, so no error accumulates); in a
 * replay t0_mono + the offset of the trace's request i, and past its last request never
 * (INT64_MAX: at or after any deadline). */
int64_t eng_slot_due(const struct eng *g, uint64_t i);

/* eng_prepare_limit: the prepare phase's own limit in seconds (engine.h, "The prepare
 * phase's own time limit") when sent bytes of total went out in the first window_s
 * seconds: ENGINE_PREPARE_MIN_S + 2 x total / (sent / window_s), twice the time the
 * whole at the measured rate needs plus a minute. 0 when sent is 0 (nothing measured). */
double eng_prepare_limit(uint64_t total, uint64_t sent, double window_s);

/* eng_prepare_watch: thread 0 of the prepare phase, about once a second: set its limit
 * (eng_prepare_limit) once the measuring window is over, fail the phase (eng_fail) past
 * it or when nothing was sent by ENGINE_PREPARE_MIN_S. */
void eng_prepare_watch(struct eng *g, int64_t now);

/* eng_steady_check: duration = auto, called about once a second by thread 0: from
 * min_duration on, when the run's segments are steady (collect/engine/steady.h) set
 * g->steady (no request starts after) and res->steady / stopped_s. */
void eng_steady_check(struct eng *g, int64_t now);

#endif
