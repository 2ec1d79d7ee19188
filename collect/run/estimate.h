/* collect/run/estimate.h: the bill of a plan before it runs (`collect --dry-run`, and
 * max_cost's check before the campaign starts): the billable counts of each run's three
 * phases as the collector will make them, as docs/METHODOLOGY.md ("Cost", the estimate)
 * counts them. */
#ifndef COLLECT_RUN_ESTIMATE_H
#define COLLECT_RUN_ESTIMATE_H

#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "core/err.h"
#include "core/price.h"

/* What the estimate assumes for duration-bounded runs. */
struct estimate_seen {
	char subject[64], op[16];
	uint64_t size;
	double obj_s; /* mean obj/s of that subject's complete runs of op and size */
};
struct estimate_opts {
	double assume_mib_s;        /* --assume; 0: none (expect_mib_s, then seen) */
	struct estimate_seen *seen; /* --estimate-from DATA_DIR (owned by the caller) */
	size_t n_seen;
};

/* estimate_from: read DATA_DIR/runs/(any)/SUBJECT/RUN/run.json (collect's own files, an earlier
 * campaign) into o->seen: per subject, op and size, the mean summary obj_s of its complete
 * runs. 0, or -1 with a message when DATA_DIR has no run.json at all. Free with
 * estimate_opts_clear. */
int estimate_from(const char *data_dir, struct estimate_opts *o, struct err *e);
void estimate_opts_clear(struct estimate_opts *o);

/* One subject's estimate. */
struct estimate {
	struct bill_counts b; /* all its bounded runs */
	int runs, unbounded;  /* runs planned; of them, not estimated */
	struct cost_parts cost;
};

/* estimate_run: the counts of run r (first_of_subject: its subject's first run in the
 * plan) into *out. A duration-bounded run's throughput: o->assume_mib_s, else the subject's
 * expect_mib_s, else what o->seen has for its subject, op and size (any op for seen).
 * Returns 1 when estimated, 0 when the run is unbounded (*out zeroed). */
int estimate_run(const struct campaign *c, const struct plan_run *r, int first_of_subject,
		 const struct estimate_opts *o, struct bill_counts *out);

/* estimate_plan: runs[from..n) of p, per subject: est[i] for campaign subject i (an array
 * of c->n_subjects, zeroed first). first: the index of the plan's first run (the subject's
 * first run creates the bucket). */
void estimate_plan(const struct campaign *c, const struct plan *p, int from,
		   const struct estimate_opts *o, struct estimate *est);

/* estimate_print: the estimate of the whole plan, per subject and in total. */
void estimate_print(const struct campaign *c, const struct plan *p, const struct estimate_opts *o,
		    FILE *f);

#endif
