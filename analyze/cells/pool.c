/* analyze/cells/pool.c: see pool.h. */
#include "analyze/cells/pool.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/aggregate.h"
#include "analyze/stats/pctci.h"
#include "core/hist.h"

const double pool_q[POOL_NQ] = {
	0,   0.01, 0.05, 0.1,  0.2,  0.3,   0.4,   0.5,    0.6,
	0.7, 0.8,  0.9,  0.95, 0.99, 0.995, 0.999, 0.9999, 1,
};

const double pool_pct[POOL_NP] = {0.5, 0.9, 0.99, 0.999};

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

/* intervals: each pool_pct's interval from the merged histogram h of the runs rh[0..k-1]. */
static void intervals(const struct hist *h, const struct hist *const *rh, size_t k,
		      struct agg_pooled *p)
{
	for (size_t i = 0; i < POOL_NP; i++) {
		struct pctci c;

		pctci_of(h, rh, k, pool_pct[i], &c);
		p->ci[i] = (struct agg_pct_ci){c.supported, c.lo / 1e6, c.hi / 1e6, c.coverage,
					       c.runs};
	}
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
	for (size_t i = 0; i < POOL_NP; i++)
		p->ci[i] = (struct agg_pct_ci){pctci_supported(p->requests, pool_pct[i]), NAN, NAN,
					       NAN, 0};
}

static int pool_one(const struct aggregate *a, const size_t *valid, size_t k, int which,
		    const struct agg_lat *m, struct agg_pooled *p, struct err *e)
{
	struct hist *all = NULL;
	const struct hist **rh = NULL;
	size_t with = 0, hists = 0, nh = 0;
	int has, rc = -1;

	p->source = POOL_NONE;
	for (size_t i = 0; i < POOL_NP; i++)
		p->ci[i] = (struct agg_pct_ci){0, NAN, NAN, NAN, 0};
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
	if ((all = hist_new()) == NULL || (rh = malloc(k * sizeof(*rh))) == NULL)
		goto done;
	for (size_t i = 0; i < k; i++) {
		const struct hist *h = run_hist(a->runs[valid[i]].log, which, &has);

		if (h != NULL && hist_merge(all, h) < 0)
			goto done;
		if (h != NULL)
			rh[nh++] = h;
	}
	from_hist(all, p);
	intervals(all, rh, nh, p);
	rc = 0;
done:
	hist_free(all);
	free(rh);
	return rc < 0 ? err_set(e, "pooled latency: out of memory") : 0;
}

int pool_cell(const struct aggregate *a, struct agg_cell *c, const size_t *valid, size_t k,
	      struct err *e)
{
	if (pool_one(a, valid, k, 0, &c->lat, &c->lat_pool, e) < 0 ||
	    pool_one(a, valid, k, 1, &c->ttfb, &c->ttfb_pool, e) < 0)
		return -1;
	return 0;
}
