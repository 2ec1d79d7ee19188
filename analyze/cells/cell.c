/* analyze/cells/cell.c: see cell.h. */
#include "analyze/cells/cell.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/stats.h"

int cell_plain_run(const struct runlog *r)
{
	return r->workload.size_spec == NULL && r->workload.range == NULL &&
	       r->workload.mix == NULL && !(r->workload.rate > 0) && r->workload.hedge == NULL &&
	       r->workload.trace == NULL && strcmp(r->op, "mixed") != 0;
}

int cell_same_dataset(const char *x, const char *y)
{
	return x == NULL || y == NULL ? x == y : strcmp(x, y) == 0;
}

int cell_same_point(const struct runlog *r, size_t subj, size_t rsubj, const char *op,
		    uint64_t size, int conc)
{
	return subj == rsubj && strcmp(r->op, op) == 0 && r->size == size &&
	       r->concurrency == conc && cell_plain_run(r);
}

/* lat_of: latency (which = 0) or TTFB (which = 1) of a valid run; NULL when absent. */
static const struct lat_stats *lat_of(const struct runlog *r, int which)
{
	if (which == 0)
		return &r->summary.latency;
	return r->summary.has_ttfb ? &r->summary.ttfb : NULL;
}

void cell_mean_lat(const struct aggregate *a, const size_t *sel, size_t k, int which, double *vals,
		   struct agg_lat *out)
{
	static const size_t off[] = {
		offsetof(struct lat_stats, avg), offsetof(struct lat_stats, p50),
		offsetof(struct lat_stats, p90), offsetof(struct lat_stats, p99),
		offsetof(struct lat_stats, min), offsetof(struct lat_stats, max),
	};
	double res[6];

	for (size_t f = 0; f < 6; f++) {
		for (size_t i = 0; i < k; i++) {
			const struct lat_stats *l = lat_of(a->runs[sel[i]].log, which);

			vals[i] = l ? *(const double *)((const char *)l + off[f]) : NAN;
		}
		res[f] = f == 4   ? stats_min_of(vals, k)
			 : f == 5 ? stats_max_of(vals, k)
				  : stats_mean_of(vals, k);
	}
	out->avg = res[0];
	out->p50 = res[1];
	out->p90 = res[2];
	out->p99 = res[3];
	out->min = res[4];
	out->max = res[5];
}

static void fill_stat(struct agg_stat *s, const struct stats *st, enum policy p, size_t min)
{
	s->mean = st->mean;
	s->median = st->median;
	s->min = st->min;
	s->max = st->max;
	s->stddev = st->stddev;
	s->cv = st->cv;
	s->value = inclusion_policy_value(p, st, min);
}

static int cmp_run_cycle(const void *x, const void *y, void *arg)
{
	const struct aggregate *a = arg;
	int cx = a->runs[*(const size_t *)x].log->cycle,
	    cy = a->runs[*(const size_t *)y].log->cycle;

	return (cx > cy) - (cx < cy);
}

/* add_retries: a valid run's retry figures into cell c (the latencies summed here, made
 * means by finish_retries). */
static void add_retries(struct agg_cell *c, const struct run_summary *s)
{
	const struct retry_summary *r = &s->retry;

	if (!s->has_retries)
		return;
	if (c->retry_runs++ == 0)
		memset(&c->first_attempt, 0, sizeof(c->first_attempt));
	if (r->max > c->retry_max)
		c->retry_max = r->max;
	c->r_requests += r->requests;
	c->r_retried += r->retried;
	c->r_attempts += r->attempts;
	c->first_attempt.avg += r->first_attempt.avg;
	c->first_attempt.p50 += r->first_attempt.p50;
	c->first_attempt.p90 += r->first_attempt.p90;
	c->first_attempt.p99 += r->first_attempt.p99;
	c->first_attempt.min += r->first_attempt.min;
	c->first_attempt.max += r->first_attempt.max;
}

static void finish_retries(struct agg_cell *c)
{
	double n = (double)c->retry_runs;

	if (c->retry_runs == 0)
		return;
	c->first_attempt.avg /= n;
	c->first_attempt.p50 /= n;
	c->first_attempt.p90 /= n;
	c->first_attempt.p99 /= n;
	c->first_attempt.min /= n;
	c->first_attempt.max /= n;
}

int cell_matrix_member(const struct agg_cell *c, const struct runlog *r, size_t rsubj)
{
	return r->cycle > 0 &&
	       cell_same_point(r, c->subject, rsubj, c->op, c->size, c->concurrency);
}

/* best_of_means: c's groups of consecutive cycles from its k valid runs (valid[], figures
 * vm[] and vo[]) and its figures, the best complete group's means (none below
 * min_samples); a cell of runs of no cycle (a rate point, run once) keeps its mean. -1
 * when out of memory. */
static int best_of_means(const struct aggregate *a, struct agg_cell *c, const size_t *valid,
			 size_t k, const double *vm, const double *vo)
{
	int *cycle = malloc((k ? k : 1) * sizeof(*cycle));
	double bm, bo;
	int rc = -1;

	if (cycle == NULL)
		goto done;
	for (size_t i = 0; i < k; i++)
		if ((cycle[i] = a->runs[valid[i]].log->cycle) <= 0) {
			rc = 0;
			goto done;
		}
	if (groups_of(cycle, vm, vo, k, a->repeat, &c->groups, &c->n_groups, &bm, &bo) < 0)
		goto done;
	c->mib.value = c->below_min ? NAN : bm;
	c->obj.value = c->below_min ? NAN : bo;
	rc = 0;
done:
	free(cycle);
	return rc;
}

int cell_fill(struct aggregate *a, struct agg_cell *c, cell_member_fn *member, size_t *valid,
	      double *vm, double *vo)
{
	struct stats sm, so;
	size_t k = 0, n_cpu = 0;
	double cpu = 0;

	c->runs = malloc((a->n_runs ? a->n_runs : 1) * sizeof(*c->runs));
	if (c->runs == NULL)
		return -1;
	for (size_t i = 0; i < a->n_runs; i++) {
		if (member(c, a->runs[i].log, a->runs[i].subject))
			c->runs[c->n_runs++] = i;
	}
	qsort_r(c->runs, c->n_runs, sizeof(*c->runs), cmp_run_cycle, a);
	for (size_t i = 0; i < c->n_runs; i++) {
		const struct agg_run *ar = &a->runs[c->runs[i]];

		if (!ar->v.included) {
			c->exhausted_runs += strcmp(ar->v.cls, "exhausted") == 0;
			continue;
		}
		valid[k] = c->runs[i];
		c->requests += ar->log->summary.requests;
		errstat_merge(&c->errs, &ar->log->summary.errs);
		c->attempts += ar->log->summary.attempts;
		c->throttled_attempts += ar->log->summary.throttled_attempts;
		c->checksums_verified += ar->log->summary.checksums_verified;
		c->checksums_absent += ar->log->summary.checksums_absent;
		c->delete_markers += ar->log->delete_markers;
		add_retries(c, &ar->log->summary);
		vm[k] = ar->log->summary.mib_s;
		vo[k] = ar->log->summary.obj_s;
		if (ar->log->has_cpu) {
			cpu += ar->log->cpu_us_per_request;
			n_cpu++;
		}
		k++;
	}
	c->n = k;
	c->cpu_us_per_request = n_cpu ? cpu / (double)n_cpu : NAN;
	finish_retries(c);
	c->below_min = k < a->min_samples;
	if (stats_compute(vm, k, &sm) < 0 || stats_compute(vo, k, &so) < 0)
		return -1;
	fill_stat(&c->mib, &sm, a->policy, a->min_samples);
	fill_stat(&c->obj, &so, a->policy, a->min_samples);
	if (a->policy == POLICY_BEST_OF_MEANS && best_of_means(a, c, valid, k, vm, vo) < 0)
		return -1;
	cell_mean_lat(a, valid, k, 0, vm, &c->lat);
	cell_mean_lat(a, valid, k, 1, vm, &c->ttfb);
	return pool_cell(a, c, valid, k, NULL);
}

const struct agg_stat *cell_key(const struct agg_cell *c)
{
	return c->size == 0 ? &c->obj : &c->mib;
}
