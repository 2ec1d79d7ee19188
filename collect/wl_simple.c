/* collect/wl_simple.c: the workloads where one request is one row: put, put-empty (PUT
 * PREFIX put/wWWWW/SEQ), get, get-small (GET of a random prepared object; a short body
 * is an error) and head (STAT). No state of their own (see wl.h). */
#include "collect/wl.h"

#include <stdio.h>
#include <string.h>

static int put_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = eng_workload(g);

	if (!eng_more(g, w) || wl_key_put(g, w))
		return -1;
	if (wl->op == WL_PUT)
		wl_set_body(g, w, ((uint64_t)w->id << 32) + w->seq, 0, wl->size);
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

/* read_next: GET (or HEAD) of a random prepared object. */
static int read_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = eng_workload(g);
	uint64_t nobj = wl_prepared_objects(wl);

	if (!eng_more(g, w) || wl_key_obj(g, &w->key, nobj > 1 ? wl_rnd(w) % nobj : 0))
		return -1;
	a->op = wl->op == WL_HEAD ? S3_HEAD_OBJECT : S3_GET_OBJECT;
	a->key = strbuf_cstr(&w->key);
	return 0;
}

static void get_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	uint64_t size = eng_workload(g)->size;

	if (res->cls == EC_NONE && res->bytes_down != size) {
		struct s3_result r2 = *res;
		snprintf(r2.error, sizeof(r2.error), "short body: %llu of %llu bytes",
			 (unsigned long long)res->bytes_down, (unsigned long long)size);
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
const struct wl_kind wl_kind_put_empty = {.name = "put-empty", .next = put_next,
					  .done = put_done};
const struct wl_kind wl_kind_get = {.name = "get", .next = read_next, .done = get_done};
const struct wl_kind wl_kind_get_small = {.name = "get-small", .next = read_next,
					  .done = get_done};
const struct wl_kind wl_kind_head = {.name = "head", .next = read_next, .done = head_done};
