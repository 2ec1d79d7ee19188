/* analyze/warp/warp_merge.c: see warp_merge.h. */
#include "analyze/warp/warp_merge.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp.h"
#include "analyze/warp/warp_csv.h"
#include "analyze/warp/warp_fops.h"
#include "analyze/warp/warp_gosort.h"
#include "analyze/warp/warp_json.h"
#include "core/opslog.h"

/* One request, as much of it as the aggregation reads. */
struct mrow {
	int64_t start, fb, lb, end;
	uint64_t bytes, objs, idx;
	uint32_t thread;
	int op, cl, ep;
	char *error; /* NULL: none */
};

struct rows {
	struct mrow *v;
	size_t n, cap;
	char **names; /* ops, clients and endpoints, interned together */
	int n_names, memo;
	char **comments; /* the first file's comment lines */
	size_t n_comments;
	uint32_t offset, top;
	int file, oom;
};

static int name_of(struct rows *r, const char *s)
{
	int i = warp_fops_intern(&r->names, &r->n_names, &r->memo, s);

	r->oom |= i < 0;
	return i;
}

static int take_row(const struct op_row *row, void *arg)
{
	struct rows *r = arg;
	struct mrow *m;

	if (r->n == r->cap) {
		size_t nc = r->cap ? r->cap * 2 : 4096;
		struct mrow *nv = realloc(r->v, nc * sizeof(*nv));

		if (nv == NULL) {
			r->oom = 1;
			return 1;
		}
		r->v = nv;
		r->cap = nc;
	}
	m = &r->v[r->n];
	memset(m, 0, sizeof(*m));
	m->start = row->start_ns;
	m->fb = row->first_byte_ns;
	m->lb = row->last_byte_ns;
	m->end = row->end_ns;
	m->bytes = row->bytes;
	m->objs = row->n_objects;
	m->thread = (uint32_t)row->thread + r->offset;
	if (m->thread > r->top)
		r->top = m->thread;
	m->op = name_of(r, row->op);
	m->cl = name_of(r, row->client_id);
	m->ep = name_of(r, row->endpoint);
	if (row->error[0] && (m->error = strdup(row->error)) == NULL)
		r->oom = 1;
	if (r->oom)
		return 1;
	r->n++;
	return 0;
}

static int take_comment(const char *line, void *arg)
{
	struct rows *r = arg;
	char **nc;

	if (r->file != 0)
		return 0;
	nc = realloc(r->comments, (r->n_comments + 1) * sizeof(*nc));
	if (nc == NULL || (nc[r->n_comments] = strdup(line)) == NULL) {
		if (nc != NULL)
			r->comments = nc;
		r->oom = 1;
		return 1;
	}
	r->comments = nc;
	r->n_comments++;
	return 0;
}

static int less_start(size_t i, size_t j, void *ctx)
{
	const struct mrow *v = ctx;

	return v[i].start < v[j].start;
}

static void swap_row(size_t i, size_t j, void *ctx)
{
	struct mrow *v = ctx, t = v[i];

	v[i] = v[j];
	v[j] = t;
}

/* The merged log as a row source for warp_csv_read_rows. */
static int rows_source(int (*row_cb)(const struct op_row *row, void *arg),
		       int (*comment_cb)(const char *line, void *arg), void *arg, void *src,
		       struct err *e)
{
	const struct rows *r = src;
	size_t i;
	int rc;

	(void)e;
	for (i = 0; i < r->n_comments; i++)
		if ((rc = comment_cb(r->comments[i], arg)) != 0)
			return rc;
	for (i = 0; i < r->n; i++) {
		const struct mrow *m = &r->v[i];
		struct op_row row = {
			.idx = i,
			.thread = (int)m->thread,
			.op = r->names[m->op],
			.client_id = r->names[m->cl],
			.n_objects = m->objs,
			.bytes = m->bytes,
			.endpoint = r->names[m->ep],
			.file = "",
			.error = m->error ? m->error : "",
			.start_ns = m->start,
			.first_byte_ns = m->fb,
			.last_byte_ns = m->lb,
			.end_ns = m->end,
			.duration_ns = m->end - m->start,
			.cat = "",
		};

		if ((rc = row_cb(&row, arg)) != 0)
			return rc;
	}
	return 0;
}

static void rows_free(struct rows *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->v[i].error);
	for (i = 0; i < (size_t)r->n_names; i++)
		free(r->names[i]);
	for (i = 0; i < r->n_comments; i++)
		free(r->comments[i]);
	free(r->v);
	free(r->names);
	free(r->comments);
}

static int merge_csv(const char *const *files, int n, struct warp_rt **out, struct err *e)
{
	struct rows r;
	size_t i, before;
	int rc = -1;

	memset(&r, 0, sizeof(r));
	r.memo = -1;
	for (r.file = 0; r.file < n; r.file++) {
		before = r.n;
		r.top = 0;
		if (opslog_read_full(files[r.file], take_row, take_comment, &r, e) != 0) {
			if (r.oom)
				err_set(e, "%s: out of memory", files[r.file]);
			goto done;
		}
		r.offset = r.n > before ? r.top + 1 : 0; /* as Warp's OffsetThreads */
	}
	for (i = 1; i < r.n; i++)
		if (r.v[i].start < r.v[i - 1].start)
			break;
	if (i < r.n)
		gosort_slice(r.n, less_start, swap_row, r.v);
	rc = warp_csv_read_rows(files[0], WARP_CSV_NEGATIVE_FAILS, rows_source, &r, out, e);
done:
	rows_free(&r);
	return rc;
}

int warp_merge_read(const char *const *files, int n, struct warp_rt **out, struct err *e)
{
	int i, json = 0, csv = 0;

	*out = NULL;
	if (n == 1)
		return warp_load_file161(files[0], out, e);
	for (i = 0; i < n; i++) {
		int agg = warp_json_is_aggregate(files[i], e);

		if (agg < 0)
			return -1;
		json += agg;
		csv += !agg;
	}
	if (json && csv)
		return err_set(e, "%s: mixed input types (JSON and CSV): warp merge takes one kind",
			       files[0]);
	if (csv)
		return merge_csv(files, n, out, e);
	for (i = 0; i < n; i++) {
		struct warp_rt *one = NULL;

		if (*out == NULL && (*out = warp_rt_new()) == NULL)
			return err_set(e, "%s: out of memory", files[i]);
		if (warp_load_file161(files[i], &one, e) < 0 || warp_rt_merge(*out, one, e) < 0) {
			warp_rt_free(one);
			warp_rt_free(*out);
			*out = NULL;
			return -1;
		}
		warp_rt_free(one);
	}
	return 0;
}
