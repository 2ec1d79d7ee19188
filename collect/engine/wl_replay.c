/* collect/engine/wl_replay.c: replay: each request of a recorded trace (collect/replay.h)
 * sent as the trace has it, on the open-loop schedule of its offsets (the engine's slot i
 * is the trace's request i, eng_slot_due): PUT of its bytes, GET (of its bytes from 0 when
 * they are fewer than the object's size: the trace logs a ranged GET's bytes, not its
 * range), HEAD (row STAT) or DELETE of its object, object n of the trace being the run's
 * object n (PREFIX obj/NNNNNNNN; those read before written are prepared at their size).
 * A GET's body must be the bytes asked for, as a get's (wl_simple.c). See wl.h. */
#include "collect/engine/wl.h"

#include <stdio.h>
#include <string.h>

#include "collect/replay.h"

/* What a worker remembers of its request in flight. */
struct replay_state {
	enum replay_op op;
	uint64_t want; /* GET: the body length expected */
};

static int replay_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct replay_trace *t = eng_workload(g)->trace;
	struct replay_state *s = w->st;
	const struct replay_req *q;
	uint64_t size;

	if (!eng_more(g, w) || w->slot >= t->n)
		return -1;
	q = &t->req[w->slot];
	size = t->size[q->obj];
	if (wl_obj(g, w, q->obj))
		return -1;
	a->key = strbuf_cstr(&w->key);
	s->op = q->op;
	switch (q->op) {
	case REPLAY_PUT:
		wl_set_body(g, w, q->obj, 0, q->bytes);
		a->op = S3_PUT_OBJECT;
		a->body = &w->body;
		break;
	case REPLAY_HEAD:
		a->op = S3_HEAD_OBJECT;
		break;
	case REPLAY_DELETE:
		a->op = S3_DELETE_OBJECT;
		break;
	default:
		a->op = S3_GET_OBJECT;
		s->want = size;
		if (q->bytes > 0 && q->bytes < size) {
			a->range_len = q->bytes;
			s->want = q->bytes;
		}
		break;
	}
	return 0;
}

static void replay_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	static const char *const names[REPLAY_OP_COUNT] = {[REPLAY_PUT] = "PUT",
							   [REPLAY_GET] = "GET",
							   [REPLAY_HEAD] = "STAT",
							   [REPLAY_DELETE] = "DELETE"};
	const struct replay_state *s = w->st;

	if (s->op == REPLAY_GET && res->cls == EC_NONE && res->bytes_down != s->want) {
		struct s3_result r2 = *res;
		snprintf(r2.error, sizeof(r2.error), "%s body: %llu of %llu bytes",
			 res->bytes_down < s->want ? "short" : "long",
			 (unsigned long long)res->bytes_down, (unsigned long long)s->want);
		r2.cls = EC_HTTP_5XX;
		wl_row(g, w, "GET", 1, res->bytes_down, &r2);
	} else {
		wl_row(g, w, names[s->op], 1,
		       s->op == REPLAY_PUT   ? res->bytes_up
		       : s->op == REPLAY_GET ? res->bytes_down
					     : 0,
		       res);
	}
	w->done++;
}

const struct wl_kind wl_kind_replay = {.name = "replay",
				       .state_size = sizeof(struct replay_state),
				       .next = replay_next,
				       .done = replay_done};
