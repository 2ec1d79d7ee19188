/* collect/engine/wl_cond.c: the conditional writes (docs/METHODOLOGY.md, "Conditional
 * writes"): put-if-absent and cas, the run's workers contending for a small key set
 * (workload_keys). See wl.h.
 *
 * put-if-absent: the run's attempts are numbered from a shared counter; attempt t is PUT
 * If-None-Match: * of key t % keys of generation t / (keys x workers), object number
 * generation x keys + key (PREFIX obj/NNNNNNNN): each key of a generation is attempted
 * once per worker, the attempts going round the keys (with keys <= workers the attempts
 * on a key are in flight together), and exactly one of them may win it. One request =
 * one row (PUT) with the answer's ETag.
 * cas: read the ETag of a prepared object drawn at random (HEAD), then PUT If-Match that
 * ETag as the server sent it (quoted, as the SDKs send it). One row (PUT) spans both,
 * from the HEAD's start to the PUT's end (no phases or ids: two requests); its if_match
 * is the ETag sent, its etag the new one. A HEAD that fails is a row of its own (STAT).
 * Every PUT's body is that of an object number no other write of the run has, so every
 * success has an ETag of its own and analyze can follow each key's chain of writes. */
#include "collect/engine/wl.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"

/* A cas worker's step: what its next call of next sends, or what is in flight. */
enum {
	CAS_HEAD_NEXT,
	CAS_HEAD_OUT,
	CAS_PUT_NEXT,
	CAS_PUT_OUT
};

struct cond_state {
	int step;                    /* cas: CAS_* */
	uint64_t n;                  /* the key's object number */
	int64_t read_start;          /* cas: when the HEAD started (Unix ns) */
	char etag[S3_HDR_VALUE_MAX]; /* cas: the ETag read, as the server sent it */
	char sent[S3_HDR_VALUE_MAX]; /* ... unquoted, for the row */
	char got[sizeof(((struct s3_result *)0)->etag)]; /* the answer's ETag, unquoted */
	struct s3_hdr hdr;                               /* the condition sent */
};

/* unquote: etag without one pair of surrounding quotes into out (n bytes). */
static void unquote(const char *etag, char *out, size_t n)
{
	size_t len = strlen(etag);

	if (len >= 2 && etag[0] == '"' && etag[len - 1] == '"')
		snprintf(out, n, "%.*s", (int)(len - 2), etag + 1);
	else
		snprintf(out, n, "%s", etag);
}

/* cond_put: a->op = PUT of w's key (object s->n) with the condition name: value and a
 * body no other write of the run has. */
static void cond_put(struct eng *g, struct worker *w, struct s3_args *a, const char *name,
		     const char *value)
{
	struct cond_state *s = w->st;
	uint64_t u = ((uint64_t)(w->id + 1) << 40) + w->seq++;

	wl_set_body(g, w, u, 0, wl_obj_size(g, s->n));
	s->hdr.name = name;
	s->hdr.value = value;
	a->op = S3_PUT_OBJECT;
	a->key = strbuf_cstr(&w->key);
	a->body = &w->body;
	a->hdrs = &s->hdr;
	a->n_hdrs = 1;
}

/* pia_new / pia_free: put-if-absent's shared state, the next attempt's number. */
static int pia_new(struct eng *g, void **sh, struct err *e)
{
	atomic_uint_least64_t *next = malloc(sizeof(*next));

	(void)g;
	if (next == NULL)
		return err_set(e, "put-if-absent: out of memory");
	atomic_init(next, 0);
	*sh = next;
	return 0;
}

static void pia_free(void *sh)
{
	free(sh);
}

static int pia_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct cond_state *s = w->st;
	const struct workload *wl = eng_workload(g);
	uint64_t keys = workload_keys(wl), t;

	if (!eng_more(g, w))
		return -1;
	t = atomic_fetch_add((atomic_uint_least64_t *)eng_shared(g), 1);
	s->n = t / (keys * (uint64_t)workload_workers(wl)) * keys + t % keys;
	if (wl_obj(g, w, s->n))
		return -1;
	cond_put(g, w, a, "if-none-match", "*");
	return 0;
}

static void pia_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct cond_state *s = w->st;

	unquote(res->cls == EC_NONE ? res->etag : "", s->got, sizeof(s->got));
	w->row_etag = s->got;
	wl_row(g, w, "PUT", 1, res->bytes_up, res);
	w->row_etag = NULL;
	w->done++;
}

static int cas_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct cond_state *s = w->st;

	if (s->step == CAS_PUT_NEXT) {
		cond_put(g, w, a, "if-match", s->etag);
		s->step = CAS_PUT_OUT;
		return 0;
	}
	if (!eng_more(g, w))
		return -1;
	s->n = rng_below(&w->rng, workload_keys(eng_workload(g)));
	if (wl_obj(g, w, s->n))
		return -1;
	a->op = S3_HEAD_OBJECT;
	a->key = strbuf_cstr(&w->key);
	s->step = CAS_HEAD_OUT;
	return 0;
}

/* cas_read: the HEAD's answer: its ETag kept for the PUT; a failure, or an answer
 * without a usable ETag, is a STAT row with the error. */
static void cas_read(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct cond_state *s = w->st;
	size_t len = strlen(res->etag);

	if (res->cls == EC_NONE && len > 0 && len < sizeof(s->etag)) {
		memcpy(s->etag, res->etag, len + 1);
		unquote(s->etag, s->sent, sizeof(s->sent));
		s->read_start = res->start_ns;
		s->step = CAS_PUT_NEXT;
		return;
	}
	if (res->cls == EC_NONE) {
		struct s3_result r2 = *res;

		snprintf(r2.error, sizeof(r2.error), "HEAD: %s", len ? "ETag too long" : "no ETag");
		r2.cls = EC_HTTP_5XX;
		wl_row(g, w, "STAT", 1, 0, &r2);
	} else {
		wl_row(g, w, "STAT", 1, 0, res);
	}
	s->step = CAS_HEAD_NEXT;
	w->done++;
}

static void cas_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct cond_state *s = w->st;

	if (s->step == CAS_HEAD_OUT) {
		cas_read(g, w, res);
		return;
	}
	unquote(res->cls == EC_NONE ? res->etag : "", s->got, sizeof(s->got));
	w->row_if_match = s->sent;
	w->row_etag = s->got;
	eng_row(g, w, "PUT", 1, res->cls == EC_NONE ? res->bytes_up : 0, strbuf_cstr(&w->key),
		res->error, res->cls, s->read_start, res->first_byte_ns, res->last_byte_ns,
		res->end_ns);
	w->row_if_match = w->row_etag = NULL;
	s->step = CAS_HEAD_NEXT;
	w->done++;
}

const struct wl_kind wl_kind_put_if_absent = {.name = "put-if-absent",
					      .state_size = sizeof(struct cond_state),
					      .next = pia_next,
					      .done = pia_done,
					      .shared_new = pia_new,
					      .shared_free = pia_free};
const struct wl_kind wl_kind_cas = {
	.name = "cas", .state_size = sizeof(struct cond_state), .next = cas_next, .done = cas_done};
