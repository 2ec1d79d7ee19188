/* collect/engine/wl_prepare.c: the prepare phase's workers: PUT the objects PREFIX obj/NNNNNNNN
 * (object n of size wl_obj_size) that get, head, list, delete and mixed use, and a
 * calibrating get's GETs of its calibration objects (each once, then in rounds for at least
 * WL_CALIBRATE_MIN_S), and a replay's with remap = none HEAD a sample of the trace's objects
 * read (collect/replay.h); no rows (see wl.h). A throttled or failed PUT worth retrying is sent again by the engine loop
 * (engine_loop.c, retry_take: s3_phase_attempts attempts with the retries' backoff); the
 * answer that reaches done is final. */
#include "collect/engine/wl.h"

#include <stdio.h>

#include "collect/replay.h"

struct prepare_state {
	uint64_t obj; /* the object in hand */
};

static int prepare_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct prepare_state *s = w->st;
	const struct replay_trace *t = eng_workload(g)->trace;

	if (eng_take(g, 1, &s->obj) == 0)
		return -1;
	if (t != NULL && t->o.keep_keys) { /* a sample of the objects read, spread */
		uint64_t n = workload_prepared_objects(eng_workload(g));

		s->obj = n > 0 ? s->obj * t->prepared / n : 0;
		if (wl_obj(g, w, s->obj))
			return -1;
		a->op = S3_HEAD_OBJECT;
		a->key = strbuf_cstr(&w->key);
		return 0;
	}
	if (wl_obj(g, w, s->obj))
		return -1;
	wl_set_body(g, w, s->obj, 0, wl_obj_size(g, s->obj));
	a->op = S3_PUT_OBJECT;
	a->key = strbuf_cstr(&w->key);
	a->body = &w->body;
	return 0;
}

static void prepare_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	char msg[S3_ERROR_MAX + 1200];
	const struct replay_trace *t = eng_workload(g)->trace;

	if (res->cls == EC_NONE)
		return;
	eng_count_error(g, res);
	if (t != NULL && t->o.keep_keys)
		snprintf(msg, sizeof(msg),
			 "remap = none: HEAD %s answered %ld: the trace's own keys are replayed, "
			 "and an object the trace reads before writing is not there (put them "
			 "there, or remap = keys)",
			 strbuf_cstr(&w->key), res->status);
	else
		snprintf(msg, sizeof(msg), "PUT %s: %s (%d attempts)", strbuf_cstr(&w->key),
			 res->error, w->tries + 1);
	eng_fail(g, res->cls, msg);
}

/* calibrate_next: GET the next calibration object (eng_take_calibration). */
static int calibrate_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct prepare_state *s = w->st;

	if (eng_take_calibration(g, (int64_t)(WL_CALIBRATE_MIN_S * 1e9), &s->obj) == 0 ||
	    wl_obj(g, w, s->obj))
		return -1;
	a->op = S3_GET_OBJECT;
	a->key = strbuf_cstr(&w->key);
	return 0;
}

static void calibrate_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	char msg[S3_ERROR_MAX + 600];

	if (res->cls == EC_NONE)
		return;
	eng_count_error(g, res);
	snprintf(msg, sizeof(msg), "calibration GET %s: %s", strbuf_cstr(&w->key), res->error);
	eng_fail(g, res->cls, msg);
}

const struct wl_kind wl_kind_calibrate = {
	.name = "calibrate",
	.state_size = sizeof(struct prepare_state),
	.next = calibrate_next,
	.done = calibrate_done,
};

const struct wl_kind wl_kind_prepare = {
	.name = "prepare",
	.state_size = sizeof(struct prepare_state),
	.next = prepare_next,
	.done = prepare_done,
};
