/* analyze/cells/replaycmp.c: see replaycmp.h. */
#include "analyze/cells/replaycmp.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/read/reqlog.h"
#include "analyze/read/runlog.h"
#include "analyze/stats/pctci.h"
#include "core/accesslog.h"
#include "core/digest.h"
#include "core/opslog.h"
#include "core/sort_i64.h"
#include "core/summary.h"

const char *const replaycmp_pct_name[REPLAYCMP_PCTS] = {"p50", "p90", "p99"};
const double replaycmp_pct[REPLAYCMP_PCTS] = {0.5, 0.9, 0.99};
static const int pct_hundredths[REPLAYCMP_PCTS] = {50, 90, 99};
static const char *const op_names[REPLAYCMP_OPS] = {"PUT", "GET", "STAT", "DELETE"};
static const char *const op_keys[REPLAYCMP_OPS] = {"put", "get", "head", "delete"};

/* Latencies (ns) of one op on one side. */
struct lats {
	int64_t *v;
	size_t n, cap;
};

/* A trace row kept for the cut (the window needs the trace's first request first). */
struct trow {
	int op;
	int ok;          /* 1: answered without an error */
	int64_t at, lat; /* its time (intended, else start) and its duration (0: none) */
};

struct tread {
	struct trow *v;
	size_t n, cap;
	int64_t t0;
	int have_t0, oom;
};

/* op_of: the replay op index of a row (-1: not one a replay sends). */
static int op_of(const struct op_row *r)
{
	for (int k = 0; k < REPLAYCMP_OPS; k++)
		if (strcasecmp(r->op, op_names[k]) == 0)
			return k == 3 && r->n_objects > 1 ? -1 : k;
	return -1;
}

static int push(struct lats *l, int64_t v)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		int64_t *p = realloc(l->v, cap * sizeof(*p));

		if (p == NULL)
			return -1;
		l->v = p;
		l->cap = cap;
	}
	l->v[l->n++] = v;
	return 0;
}

static int on_trace_row(const struct op_row *r, void *arg)
{
	struct tread *t = arg;
	int op = op_of(r);
	int64_t at = r->intended_ns ? r->intended_ns : r->start_ns;

	if (r->retried || r->hedge == OPS_HEDGE_LOST || op < 0)
		return 0;
	if (!t->have_t0 || at < t->t0) {
		t->t0 = at;
		t->have_t0 = 1;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 4096;
		struct trow *p = realloc(t->v, cap * sizeof(*p));

		if (p == NULL) {
			t->oom = 1;
			return -1;
		}
		t->v = p;
		t->cap = cap;
	}
	t->v[t->n++] = (struct trow){op, r->error[0] == '\0', at, r->duration_ns};
	return 0;
}

static int on_bad(unsigned long line, const char *msg, void *arg)
{
	(void)line;
	(void)msg;
	(void)arg;
	return 0;
}

/* ops_mask: the ops of workload.replay.ops ("get,put,head") as bits of op_keys; all when
 * NULL. */
static unsigned ops_mask(const char *ops)
{
	unsigned m = 0;

	if (ops == NULL)
		return (1u << REPLAYCMP_OPS) - 1;
	for (int k = 0; k < REPLAYCMP_OPS; k++) {
		size_t len = strlen(op_keys[k]);

		for (const char *p = strstr(ops, op_keys[k]); p != NULL;
		     p = strstr(p + 1, op_keys[k]))
			if ((p == ops || p[-1] == ',' || p[-1] == ' ') &&
			    (p[len] == '\0' || p[len] == ',' || p[len] == ' '))
				m |= 1u << k;
	}
	return m;
}

/* trace_path: where run r's trace is: DATA_DIR/traces/NAME when it exists, else the path
 * run.json gives; into buf (n bytes). */
static void trace_path(const char *data_dir, const struct runlog *r, char *buf, size_t n)
{
	char run[PATH_MAX];
	const char *p;

	reqlog_path(run, sizeof(run), data_dir, r->path);
	for (p = strstr(run, "runs/"); p != NULL && p != run && p[-1] != '/';
	     p = strstr(p + 1, "runs/"))
		;
	snprintf(buf, n, "%.*straces/%s", p != NULL ? (int)(p - run) : 0, run,
		 r->workload.trace_name);
	if (p == NULL || access(buf, R_OK) != 0)
		snprintf(buf, n, "%s", r->workload.trace_file);
}

/* read_trace: the recorded latencies of run r's trace (the requests its replay kept) into
 * rec[], the count of its successful requests into traced[], per op. 0; 1 when the trace was
 * not read (why in x->note); -1 when memory runs out. */
static int read_trace(const char *data_dir, const struct runlog *r, struct replaycmp *x,
		      struct lats *rec, uint64_t *traced)
{
	char path[PATH_MAX], hex[DIGEST_HEX_MAX];
	uint64_t size;
	struct tread t = {0};
	struct err e = {{0}};
	unsigned mask = ops_mask(r->workload.replay_ops);
	int64_t from = (int64_t)llround(r->workload.replay_from_s * 1e9),
		to = (int64_t)llround(r->workload.replay_to_s * 1e9);
	int rc = 1, al;

	trace_path(data_dir, r, path, sizeof(path));
	if (digest_file(path, hex, &size, &e) < 0) {
		snprintf(x->note, sizeof(x->note), "the trace is not read: %s", e.msg);
		return 1;
	}
	if (strcmp(hex, r->workload.trace) != 0) {
		snprintf(
			x->note, sizeof(x->note),
			"the trace is not read: %s has SHA-256 %.12s..., the replay's was %.12s...",
			path, hex, r->workload.trace);
		return 1;
	}
	if ((al = accesslog_is(path, &e)) < 0 ||
	    (al ? accesslog_read(path, on_trace_row, on_bad, &t, &e)
		: opslog_read_skip(path, on_trace_row, on_bad, &t, &e)) < 0) {
		rc = t.oom ? -1 : 1;
		snprintf(x->note, sizeof(x->note), "the trace is not read: %s", e.msg);
		goto out;
	}
	for (size_t i = 0; i < t.n; i++) {
		const struct trow *w = &t.v[i];
		int64_t off = w->at - t.t0;

		if (!(mask & (1u << w->op)) || off < from || (to > 0 && off >= to) || !w->ok)
			continue;
		traced[w->op]++;
		if (w->lat > 0 && push(&rec[w->op], w->lat) < 0) {
			rc = -1;
			goto out;
		}
		x->recorded |= w->lat > 0;
	}
	x->read = 1;
	rc = 0;
out:
	free(t.v);
	return rc;
}

struct rread {
	struct lats *rep, *svc;
	uint64_t *sent, *late, *failed;
	int64_t tol; /* ns: a request that started more than this after its intended start was late */
	int oom;
};

static int on_run_row(const struct op_row *r, void *arg)
{
	struct rread *q = arg;
	int op = op_of(r);

	if (r->retried || r->hedge == OPS_HEDGE_LOST || op < 0)
		return 0;
	q->sent[op]++;
	q->late[op] += r->intended_ns && r->start_ns - r->intended_ns > q->tol;
	if (r->error[0] != '\0') {
		q->failed[op]++;
		return 0;
	}
	if (push(&q->rep[op], r->end_ns - (r->intended_ns ? r->intended_ns : r->start_ns)) < 0 ||
	    push(&q->svc[op], r->end_ns - r->start_ns) < 0) {
		q->oom = 1;
		return -1;
	}
	return 0;
}

/* side: the percentiles of l's latencies (sorted here) into s. */
static void side(struct lats *l, struct replaycmp_side *s)
{
	size_t n = l->n;

	if (n > 0) /* (v is NULL without latencies) */
		sort_i64(l->v, n);
	s->requests = n;
	for (int k = 0; k < REPLAYCMP_PCTS; k++) {
		struct pctci_ranks rk;

		s->ms[k] = s->lo[k] = s->hi[k] = NAN;
		if (!pctci_supported(n, replaycmp_pct[k]) ||
		    pctci_ranks(n, replaycmp_pct[k], PCTCI_CONF, &rk) < 0)
			continue;
		/* nearest rank: the ceil(p n)-th smallest, in integers */
		s->ms[k] = (double)l->v[((size_t)pct_hundredths[k] * n + 99) / 100 - 1] / 1e6;
		s->lo[k] = (double)l->v[rk.r - 1] / 1e6;
		s->hi[k] = (double)l->v[rk.s - 1] / 1e6;
	}
}

/* cell: c's comparison into a new c->replay. -1 when memory runs out. */
static int cell(const struct aggregate *a, const char *data_dir, struct agg_cell *c)
{
	struct lats rec[REPLAYCMP_OPS] = {{0}}, rep[REPLAYCMP_OPS] = {{0}},
		    svc[REPLAYCMP_OPS] = {{0}};
	uint64_t traced[REPLAYCMP_OPS] = {0}, sent[REPLAYCMP_OPS] = {0}, late[REPLAYCMP_OPS] = {0},
		 failed[REPLAYCMP_OPS] = {0};
	struct replaycmp *x = calloc(1, sizeof(*x));
	struct rread q = {rep,    svc,
			  sent,   late,
			  failed, c->rate > 0 ? summary_rate_tolerance_ns(c->rate) : INT64_MAX,
			  0};
	int rc = -1, read = 0;

	if ((c->replay = x) == NULL)
		return -1;
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];
		char file[PATH_MAX];
		struct err e = {{0}};

		if (!r->v.included)
			continue;
		if (!read++ && read_trace(data_dir, r->log, x, rec, traced) < 0)
			goto out;
		reqlog_path(file, sizeof(file), data_dir, r->log->path);
		if (opslog_read(file, on_run_row, &q, &e) < 0) {
			if (q.oom)
				goto out;
			if (x->note[0] == '\0')
				snprintf(x->note, sizeof(x->note), "a run's log is not read: %s",
					 e.msg);
		}
	}
	for (int k = 0; k < REPLAYCMP_OPS; k++) {
		struct replaycmp_op *o = &x->op[x->n_op];

		if (traced[k] == 0 && sent[k] == 0)
			continue;
		o->op = op_names[k];
		o->traced = traced[k];
		o->sent = sent[k];
		o->late = late[k];
		o->failed = failed[k];
		side(&rec[k], &o->rec);
		side(&rep[k], &o->rep);
		side(&svc[k], &o->svc);
		x->n_op++;
	}
	rc = 0;
out:
	for (int k = 0; k < REPLAYCMP_OPS; k++) {
		free(rec[k].v);
		free(rep[k].v);
		free(svc[k].v);
	}
	return rc;
}

int replaycmp_build(struct aggregate *a, const char *data_dir, struct err *e)
{
	for (size_t i = 0; i < a->n_wcells; i++)
		if (a->wcells[i].trace != NULL && a->wcells[i].n > 0 &&
		    cell(a, data_dir, &a->wcells[i]) < 0)
			return err_set(e, "replay comparison: out of memory");
	return 0;
}

const char *replaycmp_verdict(const struct replaycmp_op *o, int *pct)
{
	int k;

	for (k = REPLAYCMP_PCTS - 1; k >= 0; k--)
		if (!isnan(o->rec.lo[k]) && !isnan(o->rep.lo[k]))
			break;
	*pct = k;
	if (k < 0)
		return "not-judged";
	if (o->rep.lo[k] > o->rec.hi[k])
		return "slower";
	if (o->rep.hi[k] < o->rec.lo[k])
		return "faster";
	return "alike";
}

const char *replaycmp_lead(const struct replaycmp_side *const *s, size_t n, int *pct, size_t *first,
			   size_t *next)
{
	int k;
	size_t i;

	*first = 0;
	*next = 1;
	for (k = REPLAYCMP_PCTS - 1; k >= 0; k--) {
		for (i = 0; i < n && !isnan(s[i]->lo[k]); i++)
			;
		if (i == n)
			break;
	}
	*pct = k;
	if (k < 0)
		return "not-judged";
	for (i = 1; i < n; i++)
		if (s[i]->ms[k] < s[*first]->ms[k])
			*first = i;
	*next = *first == 0 ? 1 : 0;
	for (i = 0; i < n; i++)
		if (i != *first && s[i]->ms[k] < s[*next]->ms[k])
			*next = i;
	for (i = 0; i < n; i++)
		if (i != *first && !(s[*first]->hi[k] < s[i]->lo[k]))
			return "alike";
	return "leads";
}

void replaycmp_free(struct replaycmp *r)
{
	free(r);
}
