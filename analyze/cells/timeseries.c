/* analyze/cells/timeseries.c: see timeseries.h. */
#include "analyze/cells/timeseries.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/cells/aggregate.h"
#include "analyze/read/reqlog.h"
#include "analyze/stats/pctci.h"
#include "core/opslog.h"

/* largest_point: the largest size with a valid run of op and, at it, the highest
 * concurrency with one. 0 when op has no valid run. */
static int largest_point(const struct aggregate *a, const char *op, uint64_t *size, int *conc)
{
	int found = 0;

	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		if (strcmp(c->op, op) != 0 || c->n == 0)
			continue;
		if (!found || c->size > *size || (c->size == *size && c->concurrency > *conc)) {
			*size = c->size;
			*conc = c->concurrency;
			found = 1;
		}
	}
	return found;
}

/* latest_valid: the valid run of c with the highest cycle; NULL when none. */
static const struct runlog *latest_valid(const struct aggregate *a, const struct agg_cell *c)
{
	const struct runlog *best = NULL;

	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *r = &a->runs[c->runs[i]];

		if (r->v.included && (best == NULL || r->log->cycle > best->cycle))
			best = r->log;
	}
	return best;
}

/* The successful requests of a run, as read. */
struct reqs {
	struct ts_req *v;
	size_t n, cap;
};

static int note_req(const struct op_row *row, void *arg, struct err *e)
{
	struct reqs *q = arg;

	if (row->error[0] != '\0')
		return 0;
	if (q->n == q->cap) {
		size_t cap = q->cap ? 2 * q->cap : 1024;
		struct ts_req *v = realloc(q->v, cap * sizeof(*v));

		if (v == NULL)
			return err_set(e, "out of memory");
		q->v = v;
		q->cap = cap;
	}
	q->v[q->n++] = (struct ts_req){row->end_ns, row->duration_ns};
	return 0;
}

static int cmp_end(const void *x, const void *y)
{
	const struct ts_req *a = x, *b = y;

	return (a->end_ns > b->end_ns) - (a->end_ns < b->end_ns);
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return (a > b) - (a < b);
}

/* second: the latency of the m durations d[] (sorted here) of one second into *o. */
static void second(int64_t *d, size_t m, struct ts_latency *o)
{
	double x = 0.99 * (double)m;
	size_t rank = (size_t)ceil(x - x * 1e-12);

	o->requests = m;
	o->max_ms = o->p99_ms = NAN;
	if (m == 0)
		return;
	qsort(d, m, sizeof(*d), cmp_i64);
	o->max_ms = (double)d[m - 1] / 1e6;
	if (pctci_supported(m, 0.99))
		o->p99_ms = (double)d[(rank < 1 ? 1 : rank) - 1] / 1e6;
}

int timeseries_latency(struct ts_req *r, size_t m, int64_t s0, size_t nb, struct ts_latency *out)
{
	int64_t *d = malloc((m ? m : 1) * sizeof(*d));
	size_t i = 0;

	if (d == NULL)
		return -1;
	qsort(r, m, sizeof(*r), cmp_end);
	for (size_t k = 0; k < nb; k++) {
		int64_t lo = (s0 + (int64_t)k) * 1000000000LL, hi = lo + 1000000000LL;
		size_t nd = 0;

		while (i < m && r[i].end_ns < lo)
			i++;
		for (; i < m && r[i].end_ns < hi; i++)
			d[nd++] = r[i].dur_ns;
		second(d, nd, &out[k]);
	}
	free(d);
	return 0;
}

/* one_series: the series of run l of cell c into s. 1 done, 0 no series (the log is
 * missing or unreadable: reported), -1 with e set when memory ran out (the output would
 * otherwise silently lack a series a full run has). */
static int one_series(const struct agg_cell *c, const struct runlog *l, const char *data_dir,
		      struct ts_series *s, void (*report)(const char *msg), struct err *e)
{
	char file[PATH_MAX], msg[ERR_MSG_MAX + PATH_MAX + 64];
	const char *files[1] = {file};
	struct summary_acc *acc;
	struct err re = {{0}};
	struct reqs q = {0};
	int rc;

	reqlog_path(file, sizeof(file), data_dir, l->path);
	if (access(file, F_OK) != 0) {
		snprintf(msg, sizeof(msg), "%s: missing: no time series for this run", file);
		goto skip;
	}
	acc = reqlog_acc_rows(files, 1, NULL, note_req, &q, &re);
	if (acc == NULL && strstr(re.msg, "out of memory")) {
		free(q.v);
		return err_set(e, "%s", re.msg);
	}
	if (acc == NULL) {
		snprintf(msg, sizeof(msg), "%s (no time series for this run)", re.msg);
		goto skip;
	}
	memset(s, 0, sizeof(*s));
	rc = summary_acc_series(acc, &s->v, &s->n, &s->start_s, &s->kept_first, &s->kept_last, &re);
	summary_acc_free(acc);
	if (rc < 0 && strstr(re.msg, "out of memory")) {
		free(q.v);
		return err_set(e, "%s: %s", file, re.msg);
	}
	if (rc < 0) {
		snprintf(msg, sizeof(msg), "%s: %s (no time series for this run)", file, re.msg);
		goto skip;
	}
	if ((s->lat = calloc(s->n ? s->n : 1, sizeof(*s->lat))) == NULL ||
	    timeseries_latency(q.v, q.n, s->start_s, s->n, s->lat) < 0) {
		free(q.v);
		free(s->v);
		free(s->lat);
		return err_set(e, "%s: out of memory", file);
	}
	free(q.v);
	s->subject = c->subject;
	s->op = c->op;
	s->path = l->path;
	s->size = c->size;
	s->concurrency = c->concurrency;
	s->cycle = l->cycle;
	return 1;
skip:
	free(q.v);
	if (report != NULL)
		report(msg);
	return 0;
}

int timeseries_build(const struct aggregate *a, const char *data_dir, struct ts_list *out,
		     void (*report)(const char *msg), struct err *e)
{
	static const char *const ops[] = {"put", "get"};

	memset(out, 0, sizeof(*out));
	out->v = calloc(2 * (a->n_subjects ? a->n_subjects : 1), sizeof(*out->v));
	if (out->v == NULL)
		return err_set(e, "timeseries: out of memory");
	for (size_t o = 0; o < 2; o++) {
		uint64_t size = 0;
		int conc = 0;

		if (!largest_point(a, ops[o], &size, &conc))
			continue;
		for (size_t i = 0; i < a->n_cells; i++) {
			const struct agg_cell *c = &a->cells[i];
			const struct runlog *l;

			if (strcmp(c->op, ops[o]) != 0 || c->size != size ||
			    c->concurrency != conc || (l = latest_valid(a, c)) == NULL)
				continue;
			int r = one_series(c, l, data_dir, &out->v[out->n], report, e);

			if (r < 0)
				return -1;
			out->n += r;
		}
	}
	return 0;
}

void timeseries_clear(struct ts_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].v);
		free(l->v[i].lat);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
