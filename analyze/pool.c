/* analyze/pool.c: see pool.h. */
#include "analyze/pool.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analyze/cells.h"
#include "core/hist.h"
#include "core/opslog.h"

const double pool_q[POOL_NQ] = {
	0,   0.01, 0.05, 0.1,  0.2,  0.3,   0.4,   0.5,    0.6,
	0.7, 0.8,  0.9,  0.95, 0.99, 0.995, 0.999, 0.9999, 1,
};

/* run_hist: the histogram of figure `which` (0 latency, 1 TTFB) of r; *has: whether
 * the run has the figure at all. */
static const struct hist *run_hist(const struct runlog *r, int which, int *has)
{
	*has = which == 0 || r->summary.has_ttfb;
	return which == 0 ? r->summary.lat_hist : r->summary.ttfb_hist;
}

static double ms(int64_t ns)
{
	return (double)ns / 1e6;
}

/* from_hist: the figures of the merged histogram h. */
static void from_hist(const struct hist *h, struct agg_pooled *p)
{
	p->source = POOL_HIST;
	p->requests = hist_count(h);
	p->p50 = ms(hist_percentile(h, 0.5));
	p->p90 = ms(hist_percentile(h, 0.9));
	p->p99 = ms(hist_percentile(h, 0.99));
	p->p999 = ms(hist_percentile(h, 0.999));
	p->max = ms(hist_max(h));
	for (size_t i = 0; i < POOL_NQ; i++)
		p->q[i] = ms(hist_percentile(h, pool_q[i]));
}

/* from_runs: the "runs" fallback from the cell's run means m. */
static void from_runs(const struct aggregate *a, const size_t *valid, size_t k, int which,
		      const struct agg_lat *m, struct agg_pooled *p)
{
	p->source = POOL_RUNS;
	p->p50 = m->p50;
	p->p90 = m->p90;
	p->p99 = m->p99;
	p->p999 = NAN;
	p->max = m->max;
	p->requests = 0;
	for (size_t i = 0; i < k; i++) {
		const struct run_summary *s = &a->runs[valid[i]].log->summary;

		if ((which == 0 || s->has_ttfb) && s->requests >= s->errors)
			p->requests += s->requests - s->errors;
	}
	for (size_t i = 0; i < POOL_NQ; i++)
		p->q[i] = NAN;
}

static int pool_one(const struct aggregate *a, const size_t *valid, size_t k, int which,
		    const struct agg_lat *m, struct agg_pooled *p, struct err *e)
{
	struct hist *all = NULL;
	size_t with = 0, hists = 0;
	int has;

	p->source = POOL_NONE;
	for (size_t i = 0; i < k; i++) {
		const struct hist *h = run_hist(a->runs[valid[i]].log, which, &has);

		with += has;
		hists += has && h != NULL;
	}
	if (with == 0 || !isfinite(m->avg))
		return 0;
	if (hists < with) {
		from_runs(a, valid, k, which, m, p);
		return 0;
	}
	if ((all = hist_new()) == NULL)
		return err_set(e, "pooled latency: out of memory");
	for (size_t i = 0; i < k; i++) {
		const struct hist *h = run_hist(a->runs[valid[i]].log, which, &has);

		if (h != NULL && hist_merge(all, h) < 0) {
			hist_free(all);
			return err_set(e, "pooled latency: out of memory");
		}
	}
	from_hist(all, p);
	hist_free(all);
	return 0;
}

int pool_cell(const struct aggregate *a, struct agg_cell *c, const size_t *valid, size_t k,
	      struct err *e)
{
	if (pool_one(a, valid, k, 0, &c->lat, &c->lat_pool, e) < 0 ||
	    pool_one(a, valid, k, 1, &c->ttfb, &c->ttfb_pool, e) < 0)
		return -1;
	return 0;
}

struct feed {
	struct summary_acc *acc;
	const char *op;
	struct err *e;
};

static int feed_row(const struct op_row *row, void *arg)
{
	struct feed *f = arg;

	if (f->op != NULL && strcasecmp(row->op, f->op) != 0)
		return 0;
	return summary_acc_add(f->acc, row, f->e) < 0 ? 2 : 0;
}

struct summary_acc *pool_acc_read(const char *const *files, int n, const char *op, struct err *e)
{
	struct feed f = {summary_acc_new(), op, e};

	if (f.acc == NULL) {
		err_set(e, "%s: out of memory", n > 0 ? files[0] : "pool");
		return NULL;
	}
	for (int i = 0; i < n; i++) {
		int r = opslog_read(files[i], feed_row, &f, e);

		if (r == 2)
			err_prefix(e, "%s", files[i]);
		if (r != 0) {
			summary_acc_free(f.acc);
			return NULL;
		}
	}
	return f.acc;
}

int pool_rebuild(const char *const *files, int n, const char *op, struct run_summary *s,
		 struct err *e)
{
	struct summary_acc *acc = pool_acc_read(files, n, op, e);
	struct run_summary t;
	int rc;

	if (acc == NULL)
		return -1;
	rc = summary_acc_finish(acc, &t, e);
	summary_acc_free(acc);
	if (rc < 0)
		return err_prefix(e, "%s", files[0]);
	summary_clear(s);
	s->lat_hist = t.lat_hist;
	s->ttfb_hist = t.ttfb_hist;
	for (int i = 0; i < t.n_by_op; i++) {
		for (int j = 0; j < s->n_by_op && t.by_op[i].lat_hist != NULL; j++)
			if (strcmp(s->by_op[j].op, t.by_op[i].op) == 0) {
				s->by_op[j].lat_hist = t.by_op[i].lat_hist;
				t.by_op[i].lat_hist = NULL;
			}
		hist_free(t.by_op[i].lat_hist);
	}
	return 0;
}

/* op_hists_missing: 1 when an op of s with a successful request has no histogram. */
static int op_hists_missing(const struct run_summary *s)
{
	for (int i = 0; i < s->n_by_op; i++)
		if (s->by_op[i].requests > s->by_op[i].errors && s->by_op[i].lat_hist == NULL)
			return 1;
	return 0;
}

int pool_fill_run(struct runlog *r, const char *data_dir, struct err *e)
{
	char file[PATH_MAX];
	const char *files[1] = {file};

	if (!r->has_summary || (r->summary.lat_hist != NULL && !op_hists_missing(&r->summary)))
		return 0;
	snprintf(file, sizeof(file), "%s/%s/ops.tsv.zst", data_dir, r->path);
	if (access(file, F_OK) != 0)
		return 0;
	return pool_rebuild(files, 1, NULL, &r->summary, e) < 0 ? -1 : 1;
}
