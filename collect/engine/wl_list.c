/* collect/engine/wl_list.c: list: one row per ListObjectsV2 request, a page of a listing
 * of PREFIX (docs/FORMATS.md, "ops.tsv.zst": n_objects = the keys the page returned, and
 * with a delimiter its common prefixes too; `page` = its number in the listing, from 1),
 * see wl.h. A listing goes page by page, each sent with the token the page before returned,
 * until a page comes back without one or fails; `count` counts listings. Many buckets or
 * prefixes: worker W's listing number L lists pair W + L of workload_spread_of (bucket
 * (W + L) mod B, prefix ((W + L) / B) mod P), so every worker goes through all B x P pairs
 * in turn. */
#include "collect/engine/wl.h"

#include <stdlib.h>
#include <string.h>

struct list_state {
	char *token;        /* continuation token of the next page (owned); NULL: none */
	int page;           /* the page under way in its listing, from 1 */
	uint64_t listing;   /* listings started by this worker */
	const char *prefix; /* the prefix of the listing under way */
};

static int list_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct list_state *s = w->st;
	const struct workload_where *wh = eng_where(g);
	const struct workload *wl = eng_workload(g);
	int b, p;

	if (s->token == NULL) {
		if (!eng_more(g, w))
			return -1;
		workload_spread_of((uint64_t)w->id + s->listing++, wh->nb, wh->np, &b, &p);
		w->bucket = wh->bucket[b];
		s->prefix = wh->prefix[p];
		s->page = 1;
	}
	a->op = S3_LIST_OBJECTS;
	a->prefix = s->prefix;
	a->max_keys = workload_page_size(wl);
	a->delimiter = wl->delimiter;
	a->token = s->token;
	strbuf_reset(&w->key);
	return strbuf_adds(&w->key, s->prefix) ? -1 : 0;
}

static void list_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct list_state *s = w->st;
	uint64_t listed = res->cls == EC_NONE ? res->n_keys + res->n_prefixes : 0;

	free(s->token);
	s->token = NULL;
	/* a token that cannot be kept (out of memory) ends the listing at this page */
	if (res->cls == EC_NONE && res->next_token != NULL)
		s->token = strdup(res->next_token);
	w->row_page = s->page;
	wl_row(g, w, "LIST", listed, 0, res);
	w->row_page = 0;
	if (s->token != NULL) {
		s->page++;
		return;
	}
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
