/* collect/engine_wl.c: what the workers of each workload do (see engine_wl.h). */
#include "collect/engine_wl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/body.h"
#include "collect/sweep.h"

#define DEFAULT_OBJECTS 100
#define PREPARE_ATTEMPTS 4

static uint64_t rnd(struct worker *w)
{
	uint64_t x = w->rng;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	w->rng = x;
	return x;
}

/* add_num: n in decimal, zero-padded to width digits. */
static int add_num(struct strbuf *b, uint64_t n, int width)
{
	char tmp[24];
	int i = (int)sizeof(tmp);

	do {
		tmp[--i] = (char)('0' + n % 10);
		n /= 10;
	} while (n != 0);
	while ((int)sizeof(tmp) - i < width && i > 0)
		tmp[--i] = '0';
	return strbuf_add(b, tmp + i, sizeof(tmp) - (size_t)i);
}

static int key_obj(const struct eng *g, struct strbuf *b, uint64_t n)
{
	strbuf_reset(b);
	return strbuf_adds(b, g->o->prefix) || strbuf_adds(b, "obj/") || add_num(b, n, 8);
}

static int key_put(const struct eng *g, struct worker *w)
{
	strbuf_reset(&w->key);
	return strbuf_adds(&w->key, g->o->prefix) || strbuf_adds(&w->key, "put/w") ||
	       add_num(&w->key, (uint64_t)w->id, 4) || strbuf_addc(&w->key, '/') ||
	       add_num(&w->key, w->seq++, 1);
}

uint64_t wl_prepared_objects(const struct workload *wl)
{
	switch (wl->op) {
	case WL_GET:
	case WL_HEAD:
	case WL_LIST:
	case WL_DELETE:
		return wl->objects ? wl->objects : DEFAULT_OBJECTS;
	case WL_GET_SMALL:
		return 1;
	default:
		return 0;
	}
}

int wl_uses_body(const struct workload *wl)
{
	return (wl->op == WL_PUT || wl->op == WL_MULTIPART) && wl->size > 0;
}

int wl_sequential(const struct workload *wl)
{
	return wl->op == WL_CREATE_BUCKET || wl->op == WL_PUT_EMPTY || wl->op == WL_GET_SMALL;
}

/* more: may worker w start another logical operation of the benchmark? */
static int more(const struct eng *g, const struct worker *w)
{
	const struct workload *wl = g->wl;

	if (!eng_time_left(g))
		return 0;
	switch (wl->bound) {
	case WL_BOUND_DURATION:
		return 1;
	case WL_BOUND_COUNT:
		return w->done < wl->count;
	case WL_BOUND_UNTIL_DONE:
	default:
		/* delete ends when the objects are gone; others do `count` (at least 1) */
		return wl->op == WL_DELETE || w->done < (wl->count ? wl->count : 1);
	}
}

/* body_cb / body_seek: the s3_body read callback of a PUT body (body.h): bytes come from
 * body_read, in libcurl's buffer sizes, each object with its own stamp. */
static size_t body_cb(void *arg, char *buf, size_t n)
{
	struct worker *w = arg;

	if (n > w->body.len - w->body_pos)
		n = (size_t)(w->body.len - w->body_pos);
	body_read(w->g->body, w->body_obj, w->g->wl->size, w->body_base + w->body_pos, buf, n);
	w->body_pos += n;
	return n;
}

static int body_seek(void *arg, uint64_t offset)
{
	struct worker *w = arg;

	if (offset > w->body.len)
		return -1;
	w->body_pos = offset;
	return 0;
}

static void set_body(struct eng *g, struct worker *w, uint64_t n, uint64_t off, uint64_t len)
{
	memset(&w->body, 0, sizeof(w->body));
	w->body.len = len;
	w->g = g;
	w->body_obj = n;
	w->body_base = off;
	w->body_pos = 0;
	w->body.read = body_cb;
	w->body.seek = body_seek;
	w->body.arg = w;
}

static int next_prepare(struct eng *g, struct worker *w, struct s3_args *a)
{
	if (w->attempts == 0 && eng_take(g, 1, &w->obj) == 0)
		return -1;
	if (key_obj(g, &w->key, w->obj))
		return -1;
	set_body(g, w, w->obj, 0, g->wl->size);
	a->op = S3_PUT_OBJECT;
	a->key = strbuf_cstr(&w->key);
	a->body = &w->body;
	return 0;
}

static int next_delete(struct eng *g, struct worker *w, struct s3_args *a)
{
	uint64_t first, n, batch = g->wl->batch > 1 ? (uint64_t)g->wl->batch : 1;

	if (batch > 1000)
		batch = 1000;
	if (!more(g, w) || (n = eng_take(g, batch, &first)) == 0)
		return -1;
	if (g->wl->batch <= 1) {
		if (key_obj(g, &w->key, first))
			return -1;
		a->op = S3_DELETE_OBJECT;
		a->key = strbuf_cstr(&w->key);
		w->n_batch = 1;
		return 0;
	}
	if (w->batch_keys == NULL) {
		w->batch_off = calloc(batch, sizeof(*w->batch_off));
		w->batch_keys = calloc(batch, sizeof(*w->batch_keys));
		if (w->batch_off == NULL || w->batch_keys == NULL)
			return -1;
	}
	strbuf_reset(&w->batch_text);
	for (uint64_t i = 0; i < n; i++) {
		if (key_obj(g, &w->key, first + i))
			return -1;
		w->batch_off[i] = w->batch_text.len;
		if (strbuf_add(&w->batch_text, w->key.p, w->key.len + 1))
			return -1;
	}
	for (uint64_t i = 0; i < n; i++)
		w->batch_keys[i] = w->batch_text.p + w->batch_off[i];
	w->n_batch = (size_t)n;
	if (key_obj(g, &w->key, first)) /* the row's file: the first key */
		return -1;
	a->op = S3_DELETE_OBJECTS;
	a->keys = w->batch_keys;
	a->n_keys = (size_t)n;
	return 0;
}

static int next_multipart(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = g->wl;
	uint64_t ps = wl->part_size ? wl->part_size : (5u << 20);

	a->key = NULL;
	switch (w->stage) {
	case 0:
		if (!more(g, w) || key_put(g, w))
			return -1;
		w->n_parts = wl->size ? (wl->size + ps - 1) / ps : 1;
		if (w->n_parts > 10000) {
			eng_fail(g, EC_HTTP_4XX, "multipart: more than 10000 parts");
			return -1;
		}
		if (w->etags == NULL) { /* n_parts is the same for every object of a run */
			w->etags = calloc(w->n_parts, sizeof(*w->etags));
			w->etag_ptrs = calloc(w->n_parts, sizeof(*w->etag_ptrs));
			if (w->etags == NULL || w->etag_ptrs == NULL)
				return -1;
		}
		w->part = 1;
		a->op = S3_MP_CREATE;
		break;
	case 1: {
		uint64_t off = (w->part - 1) * ps;
		uint64_t len = wl->size - off < ps ? wl->size - off : ps;
		set_body(g, w, ((uint64_t)w->id << 32) + w->seq, off, wl->size ? len : 0);
		a->op = S3_MP_UPLOAD_PART;
		a->body = &w->body;
		a->upload_id = w->upload_id;
		a->part_number = (int)w->part;
		break;
	}
	case 3: /* after a failure: abort the upload (not logged) so no parts are left */
		a->op = S3_MP_ABORT;
		a->upload_id = w->upload_id;
		break;
	default:
		for (uint64_t i = 0; i < w->n_parts; i++)
			w->etag_ptrs[i] = w->etags[i];
		a->op = S3_MP_COMPLETE;
		a->upload_id = w->upload_id;
		a->etags = w->etag_ptrs;
		a->n_parts = (size_t)w->n_parts;
		break;
	}
	a->key = strbuf_cstr(&w->key);
	return 0;
}

static int next_bench(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = g->wl;
	uint64_t nobj = wl_prepared_objects(wl);

	switch (wl->op) {
	case WL_PUT:
	case WL_PUT_EMPTY:
		if (!more(g, w) || key_put(g, w))
			return -1;
		if (wl->op == WL_PUT)
			set_body(g, w, ((uint64_t)w->id << 32) + w->seq, 0, wl->size);
		else
			memset(&w->body, 0, sizeof(w->body));
		a->op = S3_PUT_OBJECT;
		a->body = &w->body;
		break;
	case WL_GET:
	case WL_HEAD:
	case WL_GET_SMALL:
		if (!more(g, w) || key_obj(g, &w->key, nobj > 1 ? rnd(w) % nobj : 0))
			return -1;
		a->op = wl->op == WL_HEAD ? S3_HEAD_OBJECT : S3_GET_OBJECT;
		break;
	case WL_LIST:
		if (w->token == NULL && !more(g, w))
			return -1;
		a->op = S3_LIST_OBJECTS;
		a->prefix = g->o->prefix;
		a->max_keys = 1000;
		a->token = w->token;
		strbuf_reset(&w->key);
		if (strbuf_adds(&w->key, g->o->prefix))
			return -1;
		return 0;
	case WL_DELETE:
		return next_delete(g, w, a);
	case WL_MULTIPART:
		return next_multipart(g, w, a);
	case WL_CREATE_BUCKET:
		if (w->stage == 0) {
			char tail[48];
			if (!more(g, w))
				return -1;
			snprintf(tail, sizeof(tail), "-cb%d-%llu", (int)getpid() % 100000,
				 (unsigned long long)w->seq++);
			strbuf_reset(&w->key);
			if (strbuf_add(&w->key, g->o->bucket, strnlen(g->o->bucket, 63 - strlen(tail))) ||
			    strbuf_adds(&w->key, tail))
				return -1;
			a->op = S3_CREATE_BUCKET;
		} else {
			a->op = S3_DELETE_BUCKET;
		}
		a->bucket = strbuf_cstr(&w->key);
		return 0;
	default:
		return -1;
	}
	a->key = strbuf_cstr(&w->key);
	return 0;
}

int wl_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	int rc;

	a->bucket = g->o->bucket;
	rc = g->phase == ENG_PHASE_PREPARE ? next_prepare(g, w, a) : next_bench(g, w, a);
	return rc;
}

static void done_prepare(struct eng *g, struct worker *w, const struct s3_result *res)
{
	char msg[S3_ERROR_MAX + 600];

	if (res->cls == EC_NONE) {
		w->attempts = 0;
		return;
	}
	eng_count_error(g, res);
	if (++w->attempts < PREPARE_ATTEMPTS)
		return;
	snprintf(msg, sizeof(msg), "PUT %s: %s (%d attempts)", strbuf_cstr(&w->key), res->error,
		 w->attempts);
	eng_fail(g, res->cls, msg);
}

static void row(struct eng *g, struct worker *w, const char *op, uint64_t n_objects,
		uint64_t bytes, const struct s3_result *res)
{
	/* a failed request's body is an error document, not object data */
	eng_row(g, w, op, n_objects, res->cls == EC_NONE ? bytes : 0, strbuf_cstr(&w->key),
		res->error, res->cls,
		res->start_ns, res->first_byte_ns, res->last_byte_ns, res->end_ns);
}

static void done_list(struct eng *g, struct worker *w, const struct s3_result *res)
{
	if (w->token == NULL) {
		w->op_start = res->start_ns;
		w->op_first = res->first_byte_ns;
		w->listed = 0;
	}
	free(w->token);
	w->token = NULL;
	if (res->cls == EC_NONE) {
		w->listed += res->n_keys;
		if (res->next_token != NULL) {
			w->token = strdup(res->next_token);
			if (w->token != NULL)
				return; /* next page */
		}
	}
	eng_row(g, w, "LIST", w->listed, 0, strbuf_cstr(&w->key), res->error, res->cls,
		w->op_start, w->op_first, 0, res->end_ns);
	w->done++;
}

static void done_multipart(struct eng *g, struct worker *w, const struct s3_result *res)
{
	if (w->stage == 3) {
		w->stage = 0;
		return;
	}
	if (w->stage == 0)
		w->op_start = res->start_ns;
	if (res->cls != EC_NONE) {
		eng_row(g, w, "PUT", 1, 0, strbuf_cstr(&w->key), res->error, res->cls,
			w->op_start, res->first_byte_ns, w->stage == 0 ? 0 : w->op_last, res->end_ns);
		w->done++;
		w->stage = w->stage == 0 ? 0 : 3;
		return;
	}
	switch (w->stage) {
	case 0:
		snprintf(w->upload_id, sizeof(w->upload_id), "%s", res->upload_id ? res->upload_id : "");
		w->stage = 1;
		break;
	case 1:
		snprintf(w->etags[w->part - 1], sizeof(w->etags[0]), "%s", res->etag);
		w->op_last = res->last_byte_ns;
		if (++w->part > w->n_parts)
			w->stage = 2;
		break;
	default:
		eng_row(g, w, "PUT", 1, g->wl->size, strbuf_cstr(&w->key), "", EC_NONE,
			w->op_start, res->first_byte_ns, w->op_last, res->end_ns);
		w->done++;
		w->stage = 0;
		break;
	}
}

static void done_bench(struct eng *g, struct worker *w, const struct s3_result *res)
{
	const struct workload *wl = g->wl;

	switch (wl->op) {
	case WL_PUT:
	case WL_PUT_EMPTY:
		row(g, w, "PUT", 1, res->bytes_up, res);
		w->done++;
		break;
	case WL_GET:
	case WL_GET_SMALL:
		if (res->cls == EC_NONE && res->bytes_down != wl->size) {
			struct s3_result r2 = *res;
			snprintf(r2.error, sizeof(r2.error), "short body: %llu of %llu bytes",
				 (unsigned long long)res->bytes_down, (unsigned long long)wl->size);
			r2.cls = EC_HTTP_5XX;
			row(g, w, "GET", 1, res->bytes_down, &r2);
		} else {
			row(g, w, "GET", 1, res->bytes_down, res);
		}
		w->done++;
		break;
	case WL_HEAD:
		row(g, w, "STAT", 1, 0, res);
		w->done++;
		break;
	case WL_LIST:
		done_list(g, w, res);
		break;
	case WL_DELETE:
		row(g, w, "DELETE", w->n_batch, 0, res);
		w->done++;
		break;
	case WL_MULTIPART:
		done_multipart(g, w, res);
		break;
	case WL_CREATE_BUCKET:
		if (w->stage == 0) {
			row(g, w, "CREATEBUCKET", 1, 0, res);
			w->done++;
			if (res->cls == EC_NONE)
				w->stage = 1;
		} else {
			if (res->cls != EC_NONE)
				eng_count_error(g, res);
			w->stage = 0;
		}
		break;
	default:
		break;
	}
}

void wl_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	if (g->phase == ENG_PHASE_PREPARE)
		done_prepare(g, w, res);
	else
		done_bench(g, w, res);
}

void wl_worker_free(struct worker *w)
{
	strbuf_free(&w->key);
	strbuf_free(&w->batch_text);
	free(w->batch_off);
	free(w->batch_keys);
	free(w->token);
	free(w->etags);
	free(w->etag_ptrs);
	w->token = NULL;
}

int wl_cleanup(struct eng *g, struct err *e)
{
	struct sweep_count n;
	struct s3_result failed;

	if (sweep_prefix(g->o->client, g->o->bucket, g->o->prefix, &n, &failed, e) == 0)
		return 0;
	if (failed.cls != EC_NONE)
		eng_count_error(g, &failed);
	return err_prefix(e, "cleanup");
}
