/* collect/run/estimate.h: the bill of a plan before it runs (`collect --dry-run`, and
 * max_cost's check before the campaign starts; docs/METHODOLOGY.md, "Cost").
 *
 * Per run, the billable counts of its three phases as the collector will make them:
 *   prepare    HeadBucket (B); CreateBucket (A) in the subject's first run (an upper
 *              bound: an existing bucket is not created); one PutObject (A) per prepared
 *              object, its bytes in
 *   benchmark  count-bounded put, get, head and list runs: count x concurrency requests
 *              (put: A with its bytes in and objects; get: B with its bytes out; head: B;
 *              list: A); delete until done: ceil(objects / batch) deletes;
 *              duration-bounded put and get: the bytes an assumed throughput moves in the
 *              duration (--assume MIB_S or the subject's expect_mib_s), in requests of the
 *              object size; every other run is unbounded (not estimated)
 *   cleanup    ListMultipartUploads (A), ceil(L / 1000) + 1 ListObjectsV2 (A) and
 *              ceil(L / 1000) DeleteObjects (delete) for the L objects left
 * Storage: the stored bytes over the assumed duration (0 for count-bounded runs: seconds
 * of a few objects; the minimum storage duration, when priced, dominates anyway). XML
 * bodies are not estimated (bytes_in and bytes_out are object data). */
#ifndef COLLECT_RUN_ESTIMATE_H
#define COLLECT_RUN_ESTIMATE_H

#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "core/price.h"

/* One subject's estimate. */
struct estimate {
	struct bill_counts b; /* all its bounded runs */
	int runs, unbounded;  /* runs planned; of them, not estimated */
	struct cost_parts cost;
};

/* estimate_run: the counts of run r (first_of_subject: its subject's first run in the
 * plan) into *out. assume_mib_s: --assume (0: none; the subject's expect_mib_s then).
 * Returns 1 when estimated, 0 when the run is unbounded (*out zeroed). */
int estimate_run(const struct campaign *c, const struct plan_run *r, int first_of_subject,
		 double assume_mib_s, struct bill_counts *out);

/* estimate_plan: runs[from..n) of p, per subject: est[i] for campaign subject i (an array
 * of c->n_subjects, zeroed first). first: the index of the plan's first run (the subject's
 * first run creates the bucket). */
void estimate_plan(const struct campaign *c, const struct plan *p, int from, double assume_mib_s,
		   struct estimate *est);

/* estimate_print: the estimate of the whole plan, per subject and in total. */
void estimate_print(const struct campaign *c, const struct plan *p, double assume_mib_s, FILE *f);

#endif
