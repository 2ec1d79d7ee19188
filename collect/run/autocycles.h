/* collect/run/autocycles.h: `cycles = auto` (docs/CAMPAIGN.md, "Stopping on precision"):
 * after each complete cycle the collector judges the stopping rule (core/seqstop.h) over
 * every matrix cell from the run.json files of the cycles so far, and says why the
 * campaign stops: every cell reached the target, max_cycles, or max_cost. A cell's value
 * per cycle is its run's MiB/s (obj/s for an op that moves no bytes), as analyze averages
 * it; a run that did not complete gives none, and a cell with fewer than two values has
 * not reached the target. */
#ifndef COLLECT_RUN_AUTOCYCLES_H
#define COLLECT_RUN_AUTOCYCLES_H

#include <stddef.h>

#include "collect/campaign/plan.h"
#include "core/err.h"

/* The judge of one plan: the figures of the runs read so far (each run.json read once). */
struct autocycles {
	const struct plan *p; /* borrowed */
	double *v;            /* per plan run: its value; NaN not read yet, -1 none */
};

/* The rule's verdict after a cycle. */
struct autocycles_verdict {
	int cells;                     /* matrix cells judged */
	int met;                       /* of them, within the target */
	double widest;                 /* the widest relative half-width (NaN: a cell has none) */
	char widest_cell[PLAN_ID_MAX]; /* its run id without the cycle: "a/get-1MiB-c4" */
};

/* autocycles_init: a judge of plan p (borrowed; it must outlive the judge). -1 when memory
 * runs out (e set). */
int autocycles_init(struct autocycles *j, const struct plan *p, struct err *e);
void autocycles_free(struct autocycles *j);

/* autocycles_judge: the verdict over cycles 1..cycle of the plan, their run.json files read
 * under out_dir (those not read before). -1 when memory runs out (e set); an unreadable
 * run.json gives no value. */
int autocycles_judge(struct autocycles *j, const char *out_dir, int cycle, double target,
		     struct autocycles_verdict *v, struct err *e);

/* autocycles_why: the stopped line of plan.tsv for the verdict v after cycle `cycle`
 * (reason "target", "max_cycles" or "max_cost") into buf (n bytes): "target: after cycle
 * 6 every matrix cell's 95 % interval is within 5 % of its mean (12 cells; the widest
 * ±4.1 %, a/get-1MiB-c4)". */
void autocycles_why(const struct autocycles_verdict *v, const char *reason, int cycle,
		    double target, char *buf, size_t n);

#endif
