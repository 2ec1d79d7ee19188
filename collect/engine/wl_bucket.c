/* collect/engine/wl_bucket.c: create-bucket: CreateBucket of BUCKET-cbPID-SEQ (logged as
 * CREATEBUCKET), then DeleteBucket of it (not logged; a failure is counted), one worker.
 * See wl.h. */
#include "collect/engine/wl.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct bucket_state {
	int created; /* the bucket in w->key exists: delete it next */
};

static int bucket_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	struct bucket_state *s = w->st;
	const char *bucket = eng_opts(g)->bucket;
	char tail[48];

	if (s->created) {
		a->op = S3_DELETE_BUCKET;
		a->bucket = strbuf_cstr(&w->key);
		return 0;
	}
	if (!eng_more(g, w))
		return -1;
	snprintf(tail, sizeof(tail), "-cb%d-%llu", (int)getpid() % 100000,
		 (unsigned long long)w->seq++);
	strbuf_reset(&w->key);
	if (strbuf_add(&w->key, bucket, strnlen(bucket, 63 - strlen(tail))) ||
	    strbuf_adds(&w->key, tail))
		return -1;
	a->op = S3_CREATE_BUCKET;
	a->bucket = strbuf_cstr(&w->key);
	return 0;
}

static void bucket_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct bucket_state *s = w->st;

	if (s->created) {
		if (res->cls != EC_NONE)
			eng_count_error(g, res);
		s->created = 0;
		return;
	}
	wl_row(g, w, "CREATEBUCKET", 1, 0, res);
	w->done++;
	s->created = res->cls == EC_NONE;
}

const struct wl_kind wl_kind_create_bucket = {
	.name = "create-bucket",
	.state_size = sizeof(struct bucket_state),
	.next = bucket_next,
	.done = bucket_done,
};
