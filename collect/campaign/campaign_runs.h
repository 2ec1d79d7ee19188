/* collect/campaign/campaign_runs.h: the runs of a campaign: its sections expanded into
 * (subject, section, workload), in one place. The parser's checks (every run within
 * workload_check's limits, with and without a subject's keys) and the plan
 * (collect/campaign/plan.h) walk the same expansion.
 *
 * A subject's runs, in campaign order: the [matrix] cells (op, then size, then
 * concurrency, then rate, the last varying fastest), run every cycle; then the one-off
 * runs, run in the first cycle: the sections [list] [head] [delete] [multipart] present,
 * in that order, then the [rate] sweep's runs, lowest rate first. A run's workload is its
 * section's (docs/CAMPAIGN.md) with the workload-mode keys of its subject over it. */
#ifndef COLLECT_CAMPAIGN_RUNS_H
#define COLLECT_CAMPAIGN_RUNS_H

#include <stdint.h>

#include "collect/campaign/campaign.h"
#include "collect/workload.h"

/* One run of a subject, as the expansion yields it. */
struct campaign_run {
	const char *sec;                    /* its section: "matrix", "list", "head",
					       "delete", "multipart" or "rate" */
	const struct campaign_bench *bench; /* that section's record (borrowed from c) */
	struct workload wl;                 /* the run's workload, the subject's keys applied */
	double timeout_s;                   /* its wall-clock limit */
};

/* campaign_run_count: the runs of one subject: campaign_matrix_cells, then the one-off
 * runs (index campaign_matrix_cells(c) on). */
int campaign_run_count(const struct campaign *c);

/* campaign_run_at: run k (0 .. campaign_run_count - 1) of subject s into *r; s NULL: the
 * run as its section writes it (no subject's keys). The subject's keys: its send keys,
 * retries, and its duration (a fixed duration for a duration-bound run, wl.duration_own 1
 * when it is not the section's fixed duration; auto with its limits for a closed-loop
 * duration-bound one; count-bound and until-done runs keep their bound); when the subject
 * changes the duration and the section's timeout was derived, the run's timeout is derived
 * anew (workload_default_timeout). 0, or -1 past the last run. */
int campaign_run_at(const struct campaign *c, const struct campaign_subject *s, int k,
		    struct campaign_run *r);

/* campaign_matrix_cells: the number of [matrix] cells of one subject and cycle:
 * ops x sizes x concurrency x rates (1 when there is no rate key). */
int campaign_matrix_cells(const struct campaign *c);

/* campaign_matrix_workload: the workload of [matrix] cell `cell` (0 ..
 * campaign_matrix_cells - 1, in campaign order): campaign_bench_workload's fields, the
 * cell's size spec, the mix for mixed, the range for get, the cell's rate (0: closed
 * loop); no subject's keys. */
void campaign_matrix_workload(const struct campaign *c, int cell, struct workload *wl);

/* campaign_sweep_workload: the workload of run `i` (0 .. c->sweep.n_rates - 1) of the
 * [rate] sweep: its op, size spec, mix (mixed), concurrency, duration, objects (not for
 * put) and rate c->sweep.rates[i]. Only when c->sweep.bench.enabled. */
void campaign_sweep_workload(const struct campaign *c, int i, struct workload *wl);

/* campaign_bench_workload: the workload of one run of section `bench` (collect/workload.h):
 * op, size and concurrency (from the [matrix] lists, or the one-off section's own), the
 * section's bound, and its objects / batch / part_size where the op uses them; a list's
 * delimiter; a section's first dataset for a get, head or list (campaign_dataset_workload). */
void campaign_bench_workload(const struct campaign_bench *bench, enum wl_op op, uint64_t size,
			     int conc, struct workload *wl);

/* campaign_dataset_workload: wl reads dataset d (collect/workload.h, wl->dataset): its
 * objects and size, its keys, name, prefix, layout and key digest; keep 1; one bucket and
 * prefix (a section's buckets and prefixes keys do not spread it). A [list] or
 * [head] naming several datasets has one run per dataset, in the order given. */
struct campaign_dataset;
void campaign_dataset_workload(const struct campaign_dataset *d, struct workload *wl);

#endif
