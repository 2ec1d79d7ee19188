/* collect/engine/wl_simple.c: the workloads where one request is one row: put, put-empty (PUT
 * PREFIX put/wWWWW/SEQ: object number worker x 2^32 + SEQ + 1, of size wl_obj_size),
 * get, get-small (GET of a random prepared object, or with reads = once each prepared
 * object once in turn, whole or the workload's byte range; a
 * body of another length than the object's size or the range's is an error) and head
 * (STAT). See wl.h. */
#include "collect/engine/wl.h"

#include <stdio.h>
#include <string.h>

#include "collect/engine/wl_draw.h"

/* What a get remembers of its request in flight. */
struct get_state {
	int seeded;    /* rng set from the run's seed */
	uint64_t rng;  /* the worker's draws of range offsets (wl_draw.h) */
	uint64_t want; /* the body length expected: the object's size or the range's */
};

static int put_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = eng_workload(g);
	uint64_t n;

	if (!eng_more(g, w) || wl_key_put(g, w))
		return -1;
	n = ((uint64_t)w->id << 32) + w->seq;
	if (wl->op == WL_PUT)
		wl_set_body(g, w, n, 0, wl_obj_size(g, n));
	else
		memset(&w->body, 0, sizeof(w->body));
	a->op = S3_PUT_OBJECT;
	a->body = &w->body;
	a->key = strbuf_cstr(&w->key);
	return 0;
}

static void put_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	wl_row(g, w, "PUT", 1, res->bytes_up, res);
	w->done++;
}

/* read_next: GET (or HEAD) of a random prepared object; a get of the workload's range
 * of it, if any. */
static int read_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = eng_workload(g);
	struct get_state *s = w->st;
	uint64_t nobj = workload_prepared_objects(wl), n = 0;

	if (!eng_more(g, w))
		return -1;
	if (wl->op == WL_GET && wl->send.reads == WL_READS_ONCE) {
		if (eng_take(g, 1, &n) == 0) { /* every object read: the run stops */
			eng_reads_exhausted(g);
			return -1;
		}
	} else if (nobj > 1) {
		n = rng_below(&w->rng, nobj);
	}
	if (wl_obj(g, w, n))
		return -1;
	a->op = wl->op == WL_HEAD ? S3_HEAD_OBJECT : S3_GET_OBJECT;
	a->key = strbuf_cstr(&w->key);
	if (s == NULL) /* head */
		return 0;
	if (!s->seeded) {
		s->rng = rng_stream(wl_seed(g), (unsigned)w->id);
		s->seeded = 1;
	}
	if (wl_draw_range(&wl->range, wl_obj_size(g, n), &s->rng, &a->range_off, &s->want))
		a->range_len = s->want;
	return 0;
}

/* get_done: the row of a get; a success whose body is not s->want bytes long is an error
 * (a short read, or a server that ignored the range). */
static void get_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	const struct get_state *s = w->st;

	if (res->cls == EC_NONE && res->bytes_down != s->want) {
		struct s3_result r2 = *res;
		snprintf(r2.error, sizeof(r2.error), "%s body: %llu of %llu bytes",
			 res->bytes_down < s->want ? "short" : "long",
			 (unsigned long long)res->bytes_down, (unsigned long long)s->want);
		r2.cls = EC_HTTP_5XX;
		wl_row(g, w, "GET", 1, res->bytes_down, &r2);
	} else {
		wl_row(g, w, "GET", 1, res->bytes_down, res);
	}
	w->done++;
}

static void head_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	wl_row(g, w, "STAT", 1, 0, res);
	w->done++;
}

const struct wl_kind wl_kind_put = {.name = "put", .next = put_next, .done = put_done};
const struct wl_kind wl_kind_put_empty = {.name = "put-empty", .next = put_next, .done = put_done};
const struct wl_kind wl_kind_get = {
	.name = "get", .state_size = sizeof(struct get_state), .next = read_next, .done = get_done};
const struct wl_kind wl_kind_get_small = {.name = "get-small",
					  .state_size = sizeof(struct get_state),
					  .next = read_next,
					  .done = get_done};
const struct wl_kind wl_kind_head = {.name = "head", .next = read_next, .done = head_done};
