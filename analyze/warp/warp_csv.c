/* analyze/warp/warp_csv.c: see warp_csv.h. The numbered steps follow Warp's
 * LiveAggregate.Add / liveThroughput / liveRequests / SingleSizedRequests.fill /
 * MultiSizedRequests.fill, re-expressed in C. */
#include "analyze/warp/warp_csv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_gosort.h"
#include "analyze/warp/warp_reqs.h"
#include "core/opslog.h"

#define NS 1000000000LL
#define MAX_FIRST_ERRORS 10
#define REQ_WINDOW 10

struct lseg {
	double ops, objs, bytes;
	int64_t ops_started, ops_ended, errors;
};

struct ltp {
	int64_t first; /* Unix second of segment 0 */
	struct lseg *s;
	size_t n;
};

struct lwin {
	int64_t start, end;
	struct warp_single single;
	struct warp_multi multi;
};

struct lreq {
	char *client;
	int64_t curr_start, first_seg;
	struct warp_xop *ops;
	size_t n, cap;
	int multi_known, is_multi;
	struct lwin *w;
	size_t nw, wcap; /* wcap doubles: a day-long gap adds 8640 windows */
};

#define LMEMO 4

struct lagg {
	struct warp_live *out;
	struct ltp tp;
	unsigned char threads[8192];
	int64_t nthreads;
	struct lreq *reqs;
	size_t nreqs;
	/* recent rows' client and endpoint (owned copies; client NULL: unused) and what
	 * they led to: rows repeat a few of them, so most rows skip the lookups by name */
	struct lmemo {
		char *client, *host;
		struct warp_tp *tp_host, *tp_client;
		struct lreq *req;
	} memo[LMEMO], *cur;
	unsigned memo_next;
};

struct builder {
	struct warp_rt *rt;
	struct lagg total;
	struct lagg *ops;
	char **opnames;
	size_t nops, memo_op; /* memo_op: the previous row's op, when < nops */
	struct err *e;
	const char *path;
	char *comment;
	size_t comment_len;
	int oom;
	int have_first;
	int flags;           /* WARP_CSV_* */
	int64_t first_start; /* start of the first row, for the span check */
	char bad[256];       /* a row Warp could not aggregate */
};

/* Rows further apart than this are not one run (and would make Warp's per-second
 * arrays absurdly long): about 115 days. */
#define MAX_SPAN (10000000LL * NS)

/* ---------------------------------------------------------------- throughput */

/* Throughput.Add (per host / per client: all rows, first start to last end) */
static void tp_add(struct warp_tp *t, const struct warp_xop *o)
{
	if (t->start == WARP_TIME_ZERO || t->start > o->start)
		t->start = o->start;
	if (t->end == WARP_TIME_ZERO || t->end < o->end)
		t->end = o->end;
	t->measure_ms = (t->end - t->start) / 1000000;
	t->ops++;
	if (o->err)
		t->errors++;
	t->bytes += (double)o->size;
	t->objects += (double)o->objs;
}

/* liveThroughput.Add */
static int ltp_add(struct ltp *l, const struct warp_xop *o)
{
	int64_t su = o->start / NS, eu = o->end / NS, dur = o->end - o->start;
	int64_t ss, es, i, cnt;

	if (l->n == 0)
		l->first = su;
	if (su < l->first)
		return 0;
	ss = su - l->first;
	es = eu - l->first + 1;
	if (es <= ss)
		return 0; /* ends before it starts: Warp would fail here */
	if ((size_t)es > l->n) {
		struct lseg *ns = realloc(l->s, (size_t)es * sizeof(*ns));

		if (ns == NULL)
			return -1;
		memset(ns + l->n, 0, ((size_t)es - l->n) * sizeof(*ns));
		l->s = ns;
		l->n = (size_t)es;
	}
	cnt = es - ss;
	for (i = 0; i < cnt; i++) {
		struct lseg *s = &l->s[ss + i];
		int64_t seg_start = (su + i) * NS, seg_end = (su + i + 1) * NS, in = NS;

		if (i == 0) {
			s->ops_started++;
			if (o->err)
				s->errors++;
		}
		if (i == cnt - 1)
			s->ops_ended++;
		if (cnt == 1) {
			s->ops++;
			s->objs += (double)o->objs;
			s->bytes += (double)o->size;
			continue;
		}
		if (o->start >= seg_start)
			in = seg_end - o->start;
		if (o->end <= seg_end)
			in = o->end - seg_start;
		if (in > 0) {
			double f = (double)in / (double)dur;

			s->objs += (double)o->objs * f;
			s->bytes += (double)o->size * f;
			s->ops += f;
		}
	}
	return 0;
}

struct sortseg {
	struct warp_seg *v;
	double *objs; /* obj/s before rounding, the sort key */
};

static int less_objs(size_t i, size_t j, void *ctx)
{
	struct sortseg *c = ctx;

	return c->objs[i] < c->objs[j];
}

static void swap_objs(size_t i, size_t j, void *ctx)
{
	struct sortseg *c = ctx;
	struct warp_seg t = c->v[i];
	double d = c->objs[i];

	c->v[i] = c->v[j];
	c->v[j] = t;
	c->objs[i] = c->objs[j];
	c->objs[j] = d;
}

/* liveThroughput.asThroughput */
static int ltp_finish(const struct ltp *l, struct warp_tp *t)
{
	struct warp_segmented *sg;
	struct sortseg c;
	const double scale = (double)(NS - 1) / (double)NS; /* segments end 1 ns early */
	size_t i, n;

	warp_tp_init(t);
	t->start = l->first * NS;
	t->end = (l->first + (int64_t)l->n) * NS;
	if (l->n <= 4)
		return 0;
	n = l->n - 4;
	t->start = (l->first + 2) * NS;
	t->end = t->start + (int64_t)l->n * NS;
	sg = calloc(1, sizeof(*sg));
	c.v = calloc(n, sizeof(*c.v));
	c.objs = calloc(n, sizeof(double));
	if (sg == NULL || c.v == NULL || c.objs == NULL) {
		free(sg);
		free(c.v);
		free(c.objs);
		return -1;
	}
	for (i = 0; i < n; i++) {
		const struct lseg *s = &l->s[i + 2];
		double mib;

		t->errors += s->errors;
		t->bytes += s->bytes;
		t->objects += s->objs;
		t->ops += s->ops_started;
		/* Warp labels kept segment i with second first + i (not first + 2 + i) */
		c.v[i].start = (l->first + (int64_t)i) * NS;
		mib = (double)go_f2i(s->bytes) / (1024 * 1024) / scale;
		c.objs[i] = s->objs / scale;
		c.v[i].bps = round(mib * 1048576);
		c.v[i].ops = round(c.objs[i] * 100) / 100;
		c.v[i].errors = s->errors;
	}
	/* Warp sorts by obj/s here: the byte total it tests is int64(+Inf), negative */
	gosort_slice(n, less_objs, swap_objs, &c);
	{
		double x;
		size_t idx[3];
		const double m[3] = {1, 0.5, 0};
		int k;

		for (k = 0; k < 3; k++) {
			x = fmin(fmax(round((double)n * m[k]), 0), (double)(n - 1));
			idx[k] = (size_t)x;
		}
		sg->fastest_start = c.v[idx[0]].start;
		sg->fastest_bps = c.v[idx[0]].bps;
		sg->fastest_ops = c.v[idx[0]].ops;
		sg->median_start = c.v[idx[1]].start;
		sg->median_bps = c.v[idx[1]].bps;
		sg->median_ops = c.v[idx[1]].ops;
		sg->slowest_start = c.v[idx[2]].start;
		sg->slowest_bps = c.v[idx[2]].bps;
		sg->slowest_ops = c.v[idx[2]].ops;
	}
	/* back to time order (what the file keeps) */
	for (i = 0; i < n; i++)
		c.objs[i] = (double)c.v[i].start;
	gosort_slice(n, less_objs, swap_objs, &c);
	free(c.objs);
	strcpy(sg->sorted_by, "ops");
	sg->segs = c.v;
	sg->n = n;
	sg->seg_dur_ms = 1000;
	t->seg = sg;
	t->measure_ms = (int64_t)n * 1000;
	return 0;
}

/* ---------------------------------------------------------------- requests */
static int lreq_push_window(struct lreq *r, const struct lwin *w)
{
	if (r->nw == r->wcap) {
		size_t cap = r->wcap ? r->wcap * 2 : 16;
		struct lwin *nw = realloc(r->w, cap * sizeof(*nw));

		if (nw == NULL)
			return -1;
		r->w = nw;
		r->wcap = cap;
	}
	r->w[r->nw++] = *w;
	return 0;
}

/* liveRequests.cycle */
static int lreq_cycle(struct lreq *r)
{
	struct lwin w;

	if (r->n == 0)
		return 0;
	if (!r->multi_known) {
		r->is_multi = warp_multiple_sizes(r->ops, r->n);
		r->multi_known = 1;
	}
	memset(&w, 0, sizeof(w));
	if (r->is_multi) {
		if (warp_multi_fill(r->ops, r->n, &w.multi) < 0)
			return -1;
	} else if (warp_single_fill(r->ops, r->n, &w.single) < 0) {
		return -1;
	}
	r->n = 0;
	if (lreq_push_window(r, &w) < 0) {
		free(w.multi.by_size);
		return -1;
	}
	return 0;
}

static int lreq_keep(struct lreq *r, const struct warp_xop *o)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 256;
		struct warp_xop *no = realloc(r->ops, cap * sizeof(*no));

		if (no == NULL)
			return -1;
		r->ops = no;
		r->cap = cap;
	}
	r->ops[r->n++] = *o;
	return 0;
}

/* liveRequests.Add: 10-second windows by end time (Unix seconds). */
static int lreq_add(struct lreq *r, const struct warp_xop *o)
{
	int64_t t = o->end / NS;

	if (r->first_seg == 0) {
		r->first_seg = t;
		r->curr_start = t;
	}
	if (t < r->curr_start)
		t = r->curr_start;
	if (t - r->curr_start < REQ_WINDOW)
		return lreq_keep(r, o);
	if (lreq_cycle(r) < 0)
		return -1;
	r->curr_start += REQ_WINDOW;
	while (r->curr_start + REQ_WINDOW < t) {
		struct lwin w;

		memset(&w, 0, sizeof(w));
		if (r->is_multi) {
			w.multi.present = 1;
			w.multi.skipped = 1;
		} else {
			w.single.present = 1;
			w.single.skipped = 1;
		}
		if (lreq_push_window(r, &w) < 0)
			return -1;
		r->curr_start += REQ_WINDOW;
	}
	return lreq_keep(r, o);
}

/* ---------------------------------------------------------------- aggregate */

static struct lreq *lagg_req(struct lagg *a, const char *client)
{
	struct lreq *nr;
	size_t i;

	for (i = 0; i < a->nreqs; i++)
		if (strcmp(a->reqs[i].client, client) == 0)
			return &a->reqs[i];
	nr = realloc(a->reqs, (a->nreqs + 1) * sizeof(*nr));
	if (nr == NULL)
		return NULL;
	a->reqs = nr;
	memset(&nr[a->nreqs], 0, sizeof(*nr));
	nr[a->nreqs].client = strdup(client);
	if (nr[a->nreqs].client == NULL)
		return NULL;
	return &nr[a->nreqs++];
}

static void memo_clear(struct lmemo *m)
{
	free(m->client);
	free(m->host);
	memset(m, 0, sizeof(*m));
}

/* lagg_keys: the row's client and endpoint recorded in a's sets, and a->cur pointing
 * at their throughput and requests (looked up by name only when not among the last
 * LMEMO pairs; an insertion moves the arrays, so it forgets the others). */
static int lagg_keys(struct lagg *a, const struct op_row *row)
{
	struct warp_live *l = a->out;
	struct lmemo *m;
	size_t nh = l->n_tp_host, nc = l->n_tp_client, nr = a->nreqs;
	int i;

	for (i = 0; i < LMEMO; i++) {
		m = &a->memo[i];
		if (m->client != NULL && strcmp(m->client, row->client_id) == 0 &&
		    strcmp(m->host, row->endpoint) == 0) {
			a->cur = m;
			return 0;
		}
	}
	m = &a->memo[a->memo_next++ % LMEMO];
	memo_clear(m);
	a->cur = NULL;
	if (row->client_id[0] && warp_strset_add(&l->clients, row->client_id) < 0)
		return -1;
	if (warp_strset_add(&l->hosts, row->endpoint) < 0)
		return -1;
	m->tp_host = warp_keyed_get(&l->tp_host, &l->n_tp_host, row->endpoint);
	m->tp_client = warp_keyed_get(&l->tp_client, &l->n_tp_client, row->client_id);
	m->req = lagg_req(a, row->client_id);
	if (m->tp_host == NULL || m->tp_client == NULL || m->req == NULL)
		return -1;
	if (nh != l->n_tp_host || nc != l->n_tp_client || nr != a->nreqs)
		for (i = 0; i < LMEMO; i++)
			if (&a->memo[i] != m)
				memo_clear(&a->memo[i]);
	m->client = strdup(row->client_id);
	m->host = strdup(row->endpoint);
	if (m->client == NULL || m->host == NULL) {
		memo_clear(m);
		return -1;
	}
	a->cur = m;
	return 0;
}

/* LiveAggregate.Add */
static int lagg_add(struct lagg *a, const struct op_row *row, const struct warp_xop *o)
{
	struct warp_live *l = a->out;
	unsigned th = (unsigned)row->thread & 0xffff;

	l->total_requests++;
	l->total_objects = go_add(l->total_objects, o->objs);
	l->total_bytes = go_add(l->total_bytes, o->size);
	if (!(a->threads[th >> 3] & (1u << (th & 7)))) {
		a->threads[th >> 3] |= (unsigned char)(1u << (th & 7));
		a->nthreads++;
	}
	if (lagg_keys(a, row) < 0)
		return -1;
	if (l->start == WARP_TIME_ZERO || l->start > o->start)
		l->start = o->start;
	if (l->end == WARP_TIME_ZERO || l->end < o->end)
		l->end = o->end;
	if (o->err) {
		if (l->n_first_errors < MAX_FIRST_ERRORS) {
			char **ne = realloc(l->first_errors, (l->n_first_errors + 1) * sizeof(*ne));

			if (ne == NULL)
				return -1;
			l->first_errors = ne;
			ne[l->n_first_errors] = strdup(row->error);
			if (ne[l->n_first_errors] == NULL)
				return -1;
			l->n_first_errors++;
		}
		l->total_errors++;
	}
	l->has_tp_host = l->has_tp_client = 1;
	tp_add(a->cur->tp_host, o);
	tp_add(a->cur->tp_client, o);
	if (ltp_add(&a->tp, o) < 0)
		return -1;
	return lreq_add(a->cur->req, o);
}

/* LiveAggregate.Finalize */
static int lagg_finish(struct lagg *a)
{
	struct warp_live *l = a->out;
	size_t i, k;

	if (ltp_finish(&a->tp, &l->tp) < 0)
		return -1;
	l->concurrency = a->nthreads;
	for (i = 0; i < a->nreqs; i++) {
		struct lreq *r = &a->reqs[i];
		struct warp_client_reqs *cr, *nr;
		int64_t st = r->first_seg * NS;

		if (lreq_cycle(r) < 0)
			return -1;
		nr = realloc(l->reqs, (l->n_reqs + 1) * sizeof(*nr));
		if (nr == NULL)
			return -1;
		l->reqs = nr;
		cr = &nr[l->n_reqs];
		cr->client = strdup(r->client);
		cr->segs = calloc(r->nw + 1, sizeof(*cr->segs));
		cr->n = 0;
		l->n_reqs++;
		if (cr->client == NULL || cr->segs == NULL)
			return -1;
		/* Warp lists the multi-size windows first, then the single-size ones */
		for (k = 0; k < r->nw; k++)
			if (r->w[k].multi.present) {
				cr->segs[cr->n].start = st;
				cr->segs[cr->n].end = st + REQ_WINDOW * NS;
				cr->segs[cr->n].multi = r->w[k].multi;
				r->w[k].multi.by_size = NULL;
				cr->n++;
				st += REQ_WINDOW * NS;
			}
		for (k = 0; k < r->nw; k++)
			if (r->w[k].single.present) {
				cr->segs[cr->n].start = st;
				cr->segs[cr->n].end = st + REQ_WINDOW * NS;
				cr->segs[cr->n].single = r->w[k].single;
				cr->n++;
				st += REQ_WINDOW * NS;
			}
	}
	return 0;
}

static void lagg_free(struct lagg *a)
{
	size_t i, k;

	free(a->tp.s);
	for (i = 0; i < a->nreqs; i++) {
		for (k = 0; k < a->reqs[i].nw; k++)
			free(a->reqs[i].w[k].multi.by_size);
		free(a->reqs[i].w);
		free(a->reqs[i].ops);
		free(a->reqs[i].client);
	}
	free(a->reqs);
	for (i = 0; i < LMEMO; i++)
		memo_clear(&a->memo[i]);
}

static struct lagg *builder_op(struct builder *b, const char *op)
{
	struct lagg *na;
	char **nn;
	size_t i;

	if (b->memo_op < b->nops && strcmp(b->opnames[b->memo_op], op) == 0)
		return &b->ops[b->memo_op];
	for (i = 0; i < b->nops; i++)
		if (strcmp(b->opnames[i], op) == 0) {
			b->memo_op = i;
			return &b->ops[i];
		}
	na = realloc(b->ops, (b->nops + 1) * sizeof(*na));
	if (na == NULL)
		return NULL;
	b->ops = na;
	nn = realloc(b->opnames, (b->nops + 1) * sizeof(*nn));
	if (nn == NULL)
		return NULL;
	b->opnames = nn;
	memset(&na[b->nops], 0, sizeof(*na));
	na[b->nops].out = warp_rt_op(b->rt, op);
	if (na[b->nops].out == NULL || (nn[b->nops] = strdup(op)) == NULL)
		return NULL; /* nothing of this op is kept: b->nops is unchanged */
	return &na[b->nops++];
}

/* |x - y| > MAX_SPAN, without overflow */
static int far_apart(int64_t x, int64_t y)
{
	uint64_t d = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;

	return d > (uint64_t)MAX_SPAN;
}

static int on_row(const struct op_row *row, void *arg)
{
	struct builder *b = arg;
	struct lagg *a;
	struct warp_xop o = {
		.start = row->start_ns,
		.end = row->end_ns,
		.fb = row->first_byte_ns,
		.lb = row->last_byte_ns,
		.size = (int64_t)row->bytes,
		.objs = (int64_t)row->n_objects,
		.err = row->error[0] != '\0',
	};
	struct op_row fixed;
	char *msg = NULL;
	int rc = 0;

	if (o.end < o.start && (b->flags & WARP_CSV_NEGATIVE_FAILS)) {
		/* Warp 1.6.1's Live: the end moved to the start, the request failed */
		size_t n = strlen(row->error) + sizeof("Negative duration");

		if ((msg = malloc(n)) == NULL) {
			b->oom = 1;
			return 1;
		}
		snprintf(msg, n, "%sNegative duration", row->error);
		fixed = *row;
		fixed.error = msg;
		fixed.end_ns = row->start_ns;
		fixed.duration_ns = 0;
		row = &fixed;
		o.end = o.start;
		o.err = 1;
	}
	if (!b->have_first) {
		b->have_first = 1;
		b->first_start = o.start;
	}
	if (o.end < o.start || far_apart(o.end, o.start) || far_apart(o.start, b->first_start) ||
	    far_apart(o.end, b->first_start)) {
		snprintf(b->bad, sizeof(b->bad), "request %llu %s", (unsigned long long)row->idx,
			 o.end < o.start ? "ends before it starts"
					 : "is more than 115 days away from the first one");
		free(msg);
		return 1;
	}
	a = builder_op(b, row->op);
	if (a == NULL || lagg_add(a, row, &o) < 0 || lagg_add(&b->total, row, &o) < 0) {
		b->oom = 1;
		rc = 1;
	}
	free(msg);
	return rc;
}

static int on_comment(const char *line, void *arg)
{
	struct builder *b = arg;
	size_t n = strlen(line);
	char *nc = realloc(b->comment, b->comment_len + n + 2);

	if (nc == NULL) {
		b->oom = 1;
		return 1;
	}
	b->comment = nc;
	if (b->comment_len)
		b->comment[b->comment_len++] = '\n';
	memcpy(b->comment + b->comment_len, line, n + 1);
	b->comment_len += n;
	return 0;
}

int warp_csv_read_rows(const char *label, int flags, warp_csv_source source, void *src_arg,
		       struct warp_rt **out, struct err *e)
{
	struct builder b;
	size_t i;
	int rc = -1, r;

	memset(&b, 0, sizeof(b));
	*out = NULL;
	b.rt = warp_rt_new();
	if (b.rt == NULL)
		return err_set(e, "%s: out of memory", label);
	b.total.out = &b.rt->total;
	b.flags = flags;
	r = source(on_row, on_comment, &b, src_arg, e);
	if (b.oom) {
		err_set(e, "%s: out of memory", label);
		goto done;
	}
	if (b.bad[0]) {
		err_set(e, "%s: %s", label, b.bad);
		goto done;
	}
	if (r != 0)
		goto done;
	for (i = 0; i < b.nops; i++)
		if (lagg_finish(&b.ops[i]) < 0) {
			err_set(e, "%s: out of memory", label);
			goto done;
		}
	if (lagg_finish(&b.total) < 0) {
		err_set(e, "%s: out of memory", label);
		goto done;
	}
	b.rt->commandline = b.comment;
	b.comment = NULL;
	*out = b.rt;
	b.rt = NULL;
	rc = 0;
done:
	for (i = 0; i < b.nops; i++) {
		lagg_free(&b.ops[i]);
		free(b.opnames[i]);
	}
	free(b.ops);
	free(b.opnames);
	lagg_free(&b.total);
	free(b.comment);
	warp_rt_free(b.rt);
	return rc;
}

static int file_source(int (*row_cb)(const struct op_row *row, void *arg),
		       int (*comment_cb)(const char *line, void *arg), void *arg, void *path,
		       struct err *e)
{
	return opslog_read_full(path, row_cb, comment_cb, arg, e);
}

int warp_csv_read(const char *path, struct warp_rt **out, struct err *e)
{
	return warp_csv_read_rows(path, 0, file_source, (void *)path, out, e);
}

int warp_csv_read_flags(const char *path, int flags, struct warp_rt **out, struct err *e)
{
	return warp_csv_read_rows(path, flags, file_source, (void *)path, out, e);
}
