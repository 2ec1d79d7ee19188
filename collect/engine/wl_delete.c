/* collect/engine/wl_delete.c: delete: prepared objects taken from the shared cursor, one
 * DeleteObject per row, or with batch > 1 one DeleteObjects of up to `batch` keys per
 * row (n_objects = keys in it; the row's file is the first key), see wl.h.
 * Many buckets: the cursor walks the objects bucket by bucket (order_obj), so a batch
 * holds keys of one bucket; a batch taken across the end of a bucket's objects is cut
 * there and the worker keeps the rest for its next request. */
#include "collect/engine/wl.h"

#include <stdlib.h>

#include "collect/workload.h"

struct delete_state {
	struct strbuf text;          /* the batch's keys, each ending in '\0' */
	size_t *off;                 /* offset of each key in text */
	const char **keys;           /* the keys, into text */
	size_t n;                    /* keys in the request in flight */
	uint64_t pend_first, pend_n; /* cursor places taken but not sent yet */
};

/* order_obj: the object at cursor place v of `total` prepared objects over nb buckets:
 * bucket 0's objects (0, nb, 2 nb ...) first, then bucket 1's, ... (object n lives in
 * bucket n mod nb). *left: the places from v to the end of that bucket's objects. */
static uint64_t order_obj(uint64_t v, uint64_t total, uint64_t nb, uint64_t *left)
{
	uint64_t q = total / nb, r = total % nb, b, j, len;

	if (v < r * (q + 1)) {
		b = v / (q + 1);
		j = v % (q + 1);
		len = q + 1;
	} else {
		b = r + (v - r * (q + 1)) / q;
		j = (v - r * (q + 1)) % q;
		len = q;
	}
	*left = len - j;
	return b + j * nb;
}

/* take: up to want cursor places (the worker's pending ones first), cut at the end of a
 * bucket's objects: the objects are order_obj(first + i); how many (0: none left). */
static uint64_t take(struct eng *g, struct worker *w, uint64_t want, uint64_t *first)
{
	struct delete_state *s = w->st;
	uint64_t nb = (uint64_t)eng_where(g)->nb,
		 total = workload_prepared_objects(eng_workload(g));
	uint64_t n, left;

	if (s->pend_n > 0) {
		*first = s->pend_first;
		n = s->pend_n;
	} else if ((n = eng_take(g, want, first)) == 0) {
		return 0;
	}
	s->pend_n = 0;
	if (nb > 1) {
		order_obj(*first, total, nb, &left);
		if (n > left) {
			s->pend_first = *first + left;
			s->pend_n = n - left;
			n = left;
		}
	}
	return n;
}

/* obj_at: the object at cursor place v. */
static uint64_t obj_at(const struct eng *g, uint64_t v)
{
	uint64_t nb = (uint64_t)eng_where(g)->nb, left;

	return nb > 1 ? order_obj(v, workload_prepared_objects(eng_workload(g)), nb, &left) : v;
}

/* batch_args: a DeleteObjects of the n objects from `first`. */
static int batch_args(struct eng *g, struct worker *w, uint64_t first, uint64_t n, uint64_t batch,
		      struct s3_args *a)
{
	struct delete_state *s = w->st;

	if (s->keys == NULL) {
		s->off = calloc(batch, sizeof(*s->off));
		s->keys = calloc(batch, sizeof(*s->keys));
		if (s->off == NULL || s->keys == NULL)
			return -1;
	}
	strbuf_reset(&s->text);
	for (uint64_t i = 0; i < n; i++) {
		if (wl_key_obj(g, &w->key, obj_at(g, first + i)))
			return -1;
		s->off[i] = s->text.len;
		if (strbuf_add(&s->text, w->key.p, w->key.len + 1))
			return -1;
	}
	for (uint64_t i = 0; i < n; i++)
		s->keys[i] = s->text.p + s->off[i];
	s->n = (size_t)n;
	if (wl_obj(g, w, obj_at(g, first))) /* the row's file and bucket: the first key's */
		return -1;
	a->op = S3_DELETE_OBJECTS;
	a->keys = s->keys;
	a->n_keys = (size_t)n;
	return 0;
}

static int delete_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct delete_state *s = w->st;
	int cfg = eng_workload(g)->batch;
	uint64_t first, n, batch = cfg > 1 ? (uint64_t)cfg : 1;

	if (batch > WL_BATCH_MAX)
		batch = WL_BATCH_MAX;
	if (!eng_more(g, w) || (n = take(g, w, batch, &first)) == 0)
		return -1;
	if (batch > 1)
		return batch_args(g, w, first, n, batch, a);
	if (wl_obj(g, w, obj_at(g, first)))
		return -1;
	a->op = S3_DELETE_OBJECT;
	a->key = strbuf_cstr(&w->key);
	s->n = 1;
	return 0;
}

static void delete_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct delete_state *s = w->st;

	wl_row(g, w, "DELETE", s->n, 0, res);
	w->done++;
}

static void delete_free(void *st)
{
	struct delete_state *s = st;

	strbuf_free(&s->text);
	free(s->off);
	free(s->keys);
}

const struct wl_kind wl_kind_delete = {
	.name = "delete",
	.state_size = sizeof(struct delete_state),
	.state_free = delete_free,
	.next = delete_next,
	.done = delete_done,
};
