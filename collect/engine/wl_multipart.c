/* collect/engine/wl_multipart.c: multipart: one object per row, made of CreateMultipartUpload,
 * the parts of part_size and CompleteMultipartUpload (op PUT, last_byte = end of the
 * last part); after a failed step the upload is aborted (not logged) so no parts are
 * left. See wl.h. */
#include "collect/engine/wl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/s3/checksum.h"
#include "collect/workload.h"

enum mp_stage {
	MP_CREATE,
	MP_PART,
	MP_COMPLETE,
	MP_ABORT
};

struct mp_state {
	enum mp_stage stage;
	int64_t op_start, op_last; /* the object's start; end of its last part */
	char upload_id[1024];
	uint64_t part, n_parts; /* part in flight (from 1), parts of an object */
	char (*etags)[128];     /* one per part (owned) */
	const char **etag_ptrs; /* into etags, for the complete request (owned) */
	/* with a checksum: each part's value (owned), pointers to them for the complete
	 * request, and the whole object's CRC so far (a full-object checksum) */
	char (*cks)[CHECKSUM_B64_MAX];
	const char **ck_ptrs;
	uint64_t full_crc;
	char full_b64[CHECKSUM_B64_MAX];
};

static uint64_t part_size(const struct workload *wl)
{
	return wl->part_size ? wl->part_size : WL_PART_MIN;
}

/* create_args: start the next object: its key, its part count, the ETag slots. */
static int create_args(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = eng_workload(g);
	struct mp_state *s = w->st;
	uint64_t ps = part_size(wl);

	if (!eng_more(g, w) || wl_key_put(g, w))
		return -1;
	s->n_parts = wl->size ? (wl->size + ps - 1) / ps : 1;
	if (s->n_parts > WL_PARTS_MAX) {
		eng_fail(g, EC_HTTP_4XX, "multipart: more than 10000 parts");
		return -1;
	}
	if (s->etags == NULL) { /* n_parts is the same for every object of a run */
		s->etags = calloc(s->n_parts, sizeof(*s->etags));
		s->etag_ptrs = calloc(s->n_parts, sizeof(*s->etag_ptrs));
		s->cks = calloc(s->n_parts, sizeof(*s->cks));
		s->ck_ptrs = calloc(s->n_parts, sizeof(*s->ck_ptrs));
		if (s->etags == NULL || s->etag_ptrs == NULL || s->cks == NULL ||
		    s->ck_ptrs == NULL)
			return -1;
	}
	s->part = 1;
	a->op = S3_MP_CREATE;
	return 0;
}

/* complete_checksums: the parts' checksums for CompleteMultipartUpload and, for a
 * full-object checksum, the whole object's (combined from the parts' CRCs). */
static void complete_checksums(const struct workload *wl, struct mp_state *s, struct s3_args *a)
{
	enum checksum_alg alg = (enum checksum_alg)wl->send.checksum;
	unsigned char d[CHECKSUM_MAX];

	if (checksum_s3_name(alg) == NULL)
		return;
	a->part_checksums = s->ck_ptrs;
	if (checksum_full_object(alg)) {
		size_t n = checksum_crc_digest(alg, s->full_crc, d);
		a->object_checksum = checksum_b64(d, n, s->full_b64);
	}
}

/* part_len: the length of part p (from 1) of an object of wl. */
static uint64_t part_len(const struct workload *wl, uint64_t p)
{
	uint64_t ps = part_size(wl), off = (p - 1) * ps;

	return wl->size - off < ps ? wl->size - off : ps;
}

static int mp_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = eng_workload(g);
	struct mp_state *s = w->st;
	uint64_t ps = part_size(wl), off, len;

	switch (s->stage) {
	case MP_CREATE:
		if (create_args(g, w, a) != 0)
			return -1;
		break;
	case MP_PART:
		off = (s->part - 1) * ps;
		len = wl->size - off < ps ? wl->size - off : ps;
		wl_set_body(g, w, ((uint64_t)w->id << 32) + w->seq, off, wl->size ? len : 0);
		a->op = S3_MP_UPLOAD_PART;
		a->body = &w->body;
		a->upload_id = s->upload_id;
		a->part_number = (int)s->part;
		break;
	case MP_ABORT:
		a->op = S3_MP_ABORT;
		a->upload_id = s->upload_id;
		break;
	case MP_COMPLETE:
	default:
		for (uint64_t i = 0; i < s->n_parts; i++) {
			s->etag_ptrs[i] = s->etags[i];
			s->ck_ptrs[i] = s->cks[i];
		}
		complete_checksums(wl, s, a);
		a->op = S3_MP_COMPLETE;
		a->upload_id = s->upload_id;
		a->etags = s->etag_ptrs;
		a->n_parts = (size_t)s->n_parts;
		break;
	}
	a->key = strbuf_cstr(&w->key);
	return 0;
}

static void mp_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct mp_state *s = w->st;

	if (s->stage == MP_ABORT) {
		s->stage = MP_CREATE;
		return;
	}
	if (s->stage == MP_CREATE)
		s->op_start = res->start_ns;
	if (res->cls != EC_NONE) {
		eng_row(g, w, "PUT", 1, 0, strbuf_cstr(&w->key), res->error, res->cls, s->op_start,
			res->first_byte_ns, s->stage == MP_CREATE ? 0 : s->op_last, res->end_ns);
		w->done++;
		s->stage = s->stage == MP_CREATE ? MP_CREATE : MP_ABORT;
		return;
	}
	switch (s->stage) {
	case MP_CREATE:
		snprintf(s->upload_id, sizeof(s->upload_id), "%s",
			 res->upload_id ? res->upload_id : "");
		s->stage = MP_PART;
		break;
	case MP_PART:
		snprintf(s->etags[s->part - 1], sizeof(s->etags[0]), "%s", res->etag);
		memcpy(s->cks[s->part - 1], res->checksum, sizeof(s->cks[0]));
		s->full_crc = s->part == 1
				      ? res->checksum_crc
				      : checksum_crc_combine(
						(enum checksum_alg)eng_workload(g)->send.checksum,
						s->full_crc, res->checksum_crc,
						part_len(eng_workload(g), s->part));
		s->op_last = res->last_byte_ns;
		if (++s->part > s->n_parts)
			s->stage = MP_COMPLETE;
		break;
	default:
		eng_row(g, w, "PUT", 1, eng_workload(g)->size, strbuf_cstr(&w->key), "", EC_NONE,
			s->op_start, res->first_byte_ns, s->op_last, res->end_ns);
		w->done++;
		s->stage = MP_CREATE;
		break;
	}
}

static void mp_free(void *st)
{
	struct mp_state *s = st;

	free(s->etags);
	free(s->etag_ptrs);
	free(s->cks);
	free(s->ck_ptrs);
}

const struct wl_kind wl_kind_multipart = {
	.name = "multipart",
	.state_size = sizeof(struct mp_state),
	.state_free = mp_free,
	.next = mp_next,
	.done = mp_done,
};
