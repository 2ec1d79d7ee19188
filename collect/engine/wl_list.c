/* collect/engine/wl_list.c: list: one row per full listing of PREFIX (every page; n_objects =
 * keys listed, and with a delimiter the common prefixes too; first byte of the first
 * page), see wl.h. Many buckets or prefixes: each
 * row is the full listing of one bucket and key prefix; worker W's listing number L
 * lists pair W + L of workload_spread_of (bucket (W + L) mod B, prefix ((W + L) / B)
 * mod P), so every worker goes through all B x P pairs in turn. */
#include "collect/engine/wl.h"

#include <stdlib.h>
#include <string.h>

struct list_state {
	char *token;                /* continuation token of the next page (owned) */
	uint64_t listed;            /* keys listed so far in this listing */
	uint64_t listing;           /* listings started by this worker */
	const char *prefix;         /* the prefix of the listing under way */
	int64_t op_start, op_first; /* the listing's start and first byte */
};

static int list_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct list_state *s = w->st;
	const struct workload_where *wh = eng_where(g);
	int b, p;

	if (s->token == NULL) {
		if (!eng_more(g, w))
			return -1;
		workload_spread_of((uint64_t)w->id + s->listing++, wh->nb, wh->np, &b, &p);
		w->bucket = wh->bucket[b];
		s->prefix = wh->prefix[p];
	}
	a->op = S3_LIST_OBJECTS;
	a->prefix = s->prefix;
	a->max_keys = 1000;
	a->delimiter = eng_workload(g)->delimiter;
	a->token = s->token;
	strbuf_reset(&w->key);
	return strbuf_adds(&w->key, s->prefix) ? -1 : 0;
}

static void list_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct list_state *s = w->st;

	if (s->token == NULL) {
		s->op_start = res->start_ns;
		s->op_first = res->first_byte_ns;
		s->listed = 0;
	}
	free(s->token);
	s->token = NULL;
	if (res->cls == EC_NONE) {
		s->listed += res->n_keys + res->n_prefixes;
		if (res->next_token != NULL) {
			s->token = strdup(res->next_token);
			if (s->token != NULL)
				return; /* next page */
		}
	}
	eng_row(g, w, "LIST", s->listed, 0, strbuf_cstr(&w->key), res->error, res->cls, s->op_start,
		s->op_first, 0, res->end_ns);
	w->done++;
}

static void list_free(void *st)
{
	struct list_state *s = st;

	free(s->token);
}

const struct wl_kind wl_kind_list = {
	.name = "list",
	.state_size = sizeof(struct list_state),
	.state_free = list_free,
	.next = list_next,
	.done = list_done,
};
