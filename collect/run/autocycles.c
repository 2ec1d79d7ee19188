/* collect/run/autocycles.c: the stopping rule of `cycles = auto` judged over the run.json
 * files of the cycles so far (collect/run/autocycles.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/run/autocycles.h"
#include "core/runrec/runrec.h"
#include "core/seqstop.h"
#include "core/summary.h"

int autocycles_init(struct autocycles *j, const struct plan *p, struct err *e)
{
	j->p = p;
	j->v = malloc(((size_t)p->n + 1) * sizeof(*j->v));
	if (j->v == NULL)
		return err_set(e, "out of memory");
	for (int k = 0; k < p->n; k++)
		j->v[k] = NAN;
	return 0;
}

void autocycles_free(struct autocycles *j)
{
	free(j->v);
	j->v = NULL;
}

/* cell_of: a matrix run's id without its cycle ("a/get-1MiB-c4" of
 * "runs/cycle-03/a/get-1MiB-c4"). */
static const char *cell_of(const char *id)
{
	const char *s = strchr(id + strlen("runs/"), '/');

	return s != NULL ? s + 1 : id;
}

/* value: run k's MiB/s (obj/s when it moved no bytes), read from its run.json once; -1
 * when it has none (not complete, unreadable). */
static double value(struct autocycles *j, const char *out_dir, int k)
{
	char path[4096];
	struct runrec *r;
	struct run_summary s;

	if (!isnan(j->v[k]))
		return j->v[k];
	j->v[k] = -1;
	snprintf(path, sizeof(path), "%s/%s/run.json", out_dir, j->p->runs[k].id);
	r = malloc(sizeof(*r));
	if (r == NULL)
		return -1;
	if (runrec_load(path, r, NULL) == 0) {
		if (r->status != NULL && strcmp(r->status, RUNREC_COMPLETE) == 0 &&
		    r->summary != NULL && summary_from_json(r->summary, &s, NULL) == 0) {
			double x = s.mib_s > 0 ? s.mib_s : s.obj_s;
			if (isfinite(x) && x > 0)
				j->v[k] = x;
			summary_clear(&s);
		}
		runrec_clear(r);
	}
	free(r);
	return j->v[k];
}

/* judge_cell: the verdict's share of the cell of run `first` (a run of cycle 1..cycle), its
 * values in buf. */
static void judge_cell(struct autocycles *j, const char *out_dir, int first, int cycle,
		       double target, double *buf, struct autocycles_verdict *v)
{
	const char *cell = cell_of(j->p->runs[first].id);
	size_t n = 0;
	double hw;

	for (int k = first; k < j->p->n; k++) {
		const struct plan_run *r = &j->p->runs[k];
		double x;
		if (r->cycle < 1 || r->cycle > cycle || strcmp(cell_of(r->id), cell) != 0)
			continue;
		if ((x = value(j, out_dir, k)) > 0)
			buf[n++] = x;
	}
	hw = seqstop_halfwidth(buf, n, NULL);
	v->cells++;
	v->met += hw <= target;
	if (isnan(v->widest) && v->widest_cell[0] != '\0')
		return; /* a cell without an interval is already the widest */
	if (isnan(hw) || !(hw <= v->widest)) {
		v->widest = hw;
		snprintf(v->widest_cell, sizeof(v->widest_cell), "%s", cell);
	}
}

int autocycles_judge(struct autocycles *j, const char *out_dir, int cycle, double target,
		     struct autocycles_verdict *v, struct err *e)
{
	const struct plan *p = j->p;
	double *buf = malloc(((size_t)p->n + 1) * sizeof(*buf));

	memset(v, 0, sizeof(*v));
	v->widest = -1;
	if (buf == NULL)
		return err_set(e, "out of memory");
	/* each cell judged once: at its run of the plan's first matrix cycle */
	for (int k = 0; k < p->n; k++)
		if (p->runs[k].cycle == p->first_cycle)
			judge_cell(j, out_dir, k, cycle, target, buf, v);
	free(buf);
	return 0;
}

void autocycles_why(const struct autocycles_verdict *v, const char *reason, int cycle,
		    double target, char *buf, size_t n)
{
	char widest[64] = "none";

	if (isnan(v->widest))
		snprintf(widest, sizeof(widest), "no interval");
	else if (v->widest >= 0)
		snprintf(widest, sizeof(widest), "±%.1f %%", v->widest * 100);
	if (strcmp(reason, "target") == 0)
		snprintf(buf, n,
			 "target: after cycle %d every matrix cell's 95 %% interval is within "
			 "%g %% of its mean (%d cells; the widest %s, %s)",
			 cycle, target * 100, v->cells, widest, v->widest_cell);
	else
		snprintf(buf, n,
			 "%s: after cycle %d, %d of %d matrix cells short of the %g %% target (the "
			 "widest %s, %s)",
			 reason, cycle, v->cells - v->met, v->cells, target * 100, widest,
			 v->widest_cell);
}
