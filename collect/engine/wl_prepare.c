/* collect/engine/wl_prepare.c: the prepare phase's workers: PUT the objects PREFIX obj/NNNNNNNN
 * (object n of size wl_obj_size) that get, head, list, delete and mixed use, each
 * retried up to PREPARE_ATTEMPTS times; no rows (see wl.h). */
#include "collect/engine/wl.h"

#include <stdio.h>

#define PREPARE_ATTEMPTS 4

struct prepare_state {
	int attempts; /* tries of the object in hand */
	uint64_t obj; /* the object in hand */
};

static int prepare_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct prepare_state *s = w->st;

	if (s->attempts == 0 && eng_take(g, 1, &s->obj) == 0)
		return -1;
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
	struct prepare_state *s = w->st;
	char msg[S3_ERROR_MAX + 600];

	if (res->cls == EC_NONE) {
		s->attempts = 0;
		return;
	}
	eng_count_error(g, res);
	if (++s->attempts < PREPARE_ATTEMPTS)
		return;
	snprintf(msg, sizeof(msg), "PUT %s: %s (%d attempts)", strbuf_cstr(&w->key), res->error,
		 s->attempts);
	eng_fail(g, res->cls, msg);
}

const struct wl_kind wl_kind_prepare = {
	.name = "prepare",
	.state_size = sizeof(struct prepare_state),
	.next = prepare_next,
	.done = prepare_done,
};
