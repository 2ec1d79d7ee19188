/* collect/engine/wl_delete.c: delete: prepared objects taken from the shared cursor, one
 * DeleteObject per row, or with batch > 1 one DeleteObjects of up to `batch` keys per
 * row (n_objects = keys in it; the row's file is the first key), see wl.h. */
#include "collect/engine/wl.h"

#include <stdlib.h>

#include "collect/workload.h"

struct delete_state {
	struct strbuf text; /* the batch's keys, each ending in '\0' */
	size_t *off;        /* offset of each key in text */
	const char **keys;  /* the keys, into text */
	size_t n;           /* keys in the request in flight */
};

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
		if (wl_key_obj(g, &w->key, first + i))
			return -1;
		s->off[i] = s->text.len;
		if (strbuf_add(&s->text, w->key.p, w->key.len + 1))
			return -1;
	}
	for (uint64_t i = 0; i < n; i++)
		s->keys[i] = s->text.p + s->off[i];
	s->n = (size_t)n;
	if (wl_key_obj(g, &w->key, first)) /* the row's file: the first key */
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
	if (!eng_more(g, w) || (n = eng_take(g, batch, &first)) == 0)
		return -1;
	if (batch > 1)
		return batch_args(g, w, first, n, batch, a);
	if (wl_key_obj(g, &w->key, first))
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
