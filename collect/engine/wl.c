/* collect/engine/wl.c: which kind drives a workload, what the engine plans with, and the
 * helpers the kinds share (see wl.h). */
#include "collect/engine/wl.h"

#include <string.h>

#include "collect/engine/body.h"
#include "collect/dskeys.h"
#include "collect/engine/wl_draw.h"
#include "collect/replay.h"


const struct wl_kind *wl_kind_for(const struct workload *wl, enum eng_phase phase)
{
	static const struct wl_kind *const bench[WL_KIND_COUNT] = {
		[WL_PUT] = &wl_kind_put,
		[WL_GET] = &wl_kind_get,
		[WL_HEAD] = &wl_kind_head,
		[WL_LIST] = &wl_kind_list,
		[WL_DELETE] = &wl_kind_delete,
		[WL_MULTIPART] = &wl_kind_multipart,
		[WL_CREATE_BUCKET] = &wl_kind_create_bucket,
		[WL_PUT_EMPTY] = &wl_kind_put_empty,
		[WL_GET_SMALL] = &wl_kind_get_small,
		[WL_MIXED] = &wl_kind_mixed,
		[WL_PUT_IF_ABSENT] = &wl_kind_put_if_absent,
		[WL_CAS] = &wl_kind_cas,
	};

	if (phase == ENG_PHASE_PREPARE)
		return &wl_kind_prepare;
	if (phase != ENG_PHASE_BENCH || wl->op < 0 || wl->op >= WL_KIND_COUNT)
		return NULL;
	if (wl->trace != NULL)
		return &wl_kind_replay;
	return bench[wl->op];
}

int wl_uses_body(const struct workload *wl)
{
	return (wl->op == WL_PUT || wl->op == WL_MULTIPART || wl->op == WL_MIXED ||
		workload_conditional(wl)) &&
	       wl->size > 0;
}

uint64_t wl_seed(const struct eng *g)
{
	const char *p = eng_opts(g)->prefix;
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a of the prefix */

	if (eng_workload(g)->seed != 0)
		return eng_workload(g)->seed;
	for (; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return h;
}

uint64_t wl_obj_size(const struct eng *g, uint64_t n)
{
	const struct workload *wl = eng_workload(g);
	uint64_t st;

	if (wl->trace != NULL) /* a replay: the object's size in the trace */
		return n < wl->trace->n_obj ? wl->trace->size[n] : 0;
	if (wl->sizes.kind == WL_SIZE_FIXED) /* every request of most runs: no draw */
		return wl->size;
	/* n times an odd constant is a bijection of n; the XOR keeps it one */
	st = rng_stream(wl_seed(g), 0) ^ (n * 0xD1B54A32D192ED03ULL);
	return wl_draw_size(wl, &st);
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

/* where: the bucket and whole key prefix of object number m (workload_spread_of). */
static void where(const struct eng *g, uint64_t m, const char **bucket, const char **prefix)
{
	const struct workload_where *wh = eng_where(g);
	int b, p;

	workload_spread_of(m, wh->nb, wh->np, &b, &p);
	*bucket = wh->bucket[b];
	*prefix = wh->prefix[p];
}

const char *wl_bucket_obj(const struct eng *g, uint64_t n)
{
	const char *b, *p;

	where(g, n, &b, &p);
	return b;
}

const char *wl_bucket_put(const struct eng *g, int worker, uint64_t seq)
{
	const char *b, *p;

	where(g, (uint64_t)worker + seq, &b, &p);
	return b;
}

int wl_key_obj(const struct eng *g, struct strbuf *b, uint64_t n)
{
	const char *bk, *p;

	where(g, n, &bk, &p);
	if (eng_workload(g)->dataset != NULL)
		return dskeys_key(eng_workload(g)->dataset, p, n, b);
	strbuf_reset(b);
	return strbuf_adds(b, p) || strbuf_adds(b, "obj/") || add_num(b, n, 8);
}

int wl_obj(const struct eng *g, struct worker *w, uint64_t n)
{
	const struct replay_trace *t = eng_workload(g)->trace;

	w->bucket = wl_bucket_obj(g, n);
	if (t != NULL && t->o.keep_keys && n < t->n_obj) { /* remap = none: the trace's key */
		strbuf_reset(&w->key);
		return strbuf_adds(&w->key, t->key[n]);
	}
	return wl_key_obj(g, &w->key, n);
}

int wl_key_put_n(const struct eng *g, struct strbuf *b, int worker, uint64_t seq)
{
	const char *bk, *p;

	where(g, (uint64_t)worker + seq, &bk, &p);
	strbuf_reset(b);
	return strbuf_adds(b, p) || strbuf_adds(b, "put/w") || add_num(b, (uint64_t)worker, 4) ||
	       strbuf_addc(b, '/') || add_num(b, seq, 1);
}

int wl_key_put(const struct eng *g, struct worker *w)
{
	w->bucket = wl_bucket_put(g, w->id, w->seq);
	return wl_key_put_n(g, &w->key, w->id, w->seq++);
}

/* body_cb / body_seek: the s3_body read callback of a PUT body (body.h): bytes come from
 * body_read, in libcurl's buffer sizes, each object with its own stamp. */
static size_t body_cb(void *arg, char *buf, size_t n)
{
	struct worker *w = arg;

	if (n > w->body.len - w->body_pos)
		n = (size_t)(w->body.len - w->body_pos);
	body_read(eng_body(w->g), w->body_obj, w->body_base + w->body_pos, buf, n);
	w->body_pos += n;
	eng_count_sent(w->g, n);
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

void wl_set_body(struct eng *g, struct worker *w, uint64_t n, uint64_t off, uint64_t len)
{
	memset(&w->body, 0, sizeof(w->body));
	w->body.len = len;
	w->g = g;
	w->body_obj = n;
	w->body_base = off;
	w->body_pos = 0;
	w->body.read = body_cb;
	eng_note_body(g, n, off, len);
	w->body.seek = body_seek;
	w->body.arg = w;
}

void wl_row(struct eng *g, struct worker *w, const char *op, uint64_t n_objects, uint64_t bytes,
	    const struct s3_result *res)
{
	w->row_res = res;
	eng_row(g, w, op, n_objects, res->cls == EC_NONE ? bytes : 0, strbuf_cstr(&w->key),
		res->error, res->cls, res->start_ns, res->first_byte_ns, res->last_byte_ns,
		res->end_ns);
	w->row_res = NULL;
}
