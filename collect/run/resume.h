/* collect/run/resume.h: what a campaign does with the runs its output directory already
 * holds (docs/CAMPAIGN.md, "Resuming"): each run of the plan is new, to be run again
 * (incomplete: the collector was killed; interrupted; not run for max_cost), kept
 * (complete), kept as a measurement (failed for the provider: 5xx, throttling, timeouts,
 * connections refused...; --redo-failed runs it again) or run again because it failed
 * for a reason the user can fix (resume_fixable). Every recorded run is read once, here;
 * a kept run's conditions (run.json's workload, and its subject's endpoint, region, bucket
 * and addressing) are compared with what the plan now says of it, so that a changed
 * campaign never mixes conditions silently. */
#ifndef COLLECT_RUN_RESUME_H
#define COLLECT_RUN_RESUME_H

#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "collect/run/outdir.h"
#include "core/price.h"

enum resume_do {
	RESUME_NEW,         /* not recorded: run it */
	RESUME_AGAIN,       /* incomplete, interrupted, or not run for max_cost: run it */
	RESUME_FIX,         /* failed for a reason the user can fix: run it again */
	RESUME_REDO_FAILED, /* failed for the provider, and --redo-failed: run it again */
	RESUME_KEEP,        /* complete: kept */
	RESUME_KEEP_FAILED, /* failed for the provider: kept as a measurement */
	RESUME_DO_COUNT
};

/* resume_runs_it: the run is carried out by this collector. */
#define resume_runs_it(d) ((d) < RESUME_KEEP)

/* One run of the plan. */
struct resume_run {
	enum resume_do what;
	int failed;              /* recorded as failed (kept or not) */
	char why[320];           /* recorded: "auth: credentials = env:X, but ..." ("" if none) */
	const char *fix;         /* RESUME_FIX: resume_fixable's words */
	char changed[512];       /* a kept run: how it was measured otherwise than the plan
				    now says, the recorded values: "workload.duration_s=3;
				    subject.endpoint=http://..." ("" when alike) */
	struct bill_counts bill; /* recorded billing, all phases */
};

/* The plan's runs as the output directory holds them. */
struct resume {
	struct resume_run *runs; /* one per plan run, in plan order */
	int n;
	int count[RESUME_DO_COUNT];
	int changed; /* kept runs measured otherwise than the plan now says */
};

/* resume_fixable: the plain words for a failure recorded with class cls ("auth") and
 * first error text first (either may be NULL) when it is one the user can fix (keys or
 * rights, TLS trust, the output disk, the host name, the endpoint's syntax, an endpoint
 * that does not speak S3, the bucket's name or creation), else NULL (a measurement of the
 * provider: a refused or reset connection, a timeout, a crash, a 5xx, whatever request
 * got it). A static string. */
const char *resume_fixable(const char *cls, const char *first);

/* resume_read: every run of plan p (of campaign c) as od holds it into *out (freed with
 * resume_free); redo_failed: --redo-failed. 0, or -1 with a message (out of memory). */
int resume_read(const struct outdir *od, const struct campaign *c, const struct plan *p,
		int redo_failed, struct resume *out, struct err *e);
void resume_free(struct resume *r);

/* resume_recorded: runs of the plan the output directory holds (any state). */
int resume_recorded(const struct resume *r);

/* resume_print: what --resume keeps, what it runs again and why, on f: one line of
 * counts, then one line per run run again or kept failed (at most 20 of them, then how
 * many more). */
void resume_print(const struct resume *r, const struct plan *p, FILE *f);

/* resume_first_change: the refusal of a changed campaign into msg (n bytes), naming the
 * first kept run measured otherwise and how ("the campaign changed since the runs kept
 * here were measured: ID was measured with workload.count=2, which the campaign now sets
 * otherwise (3 of the kept runs differ)"). 1 then; 0 (msg "") when no kept run differs. */
int resume_first_change(const struct resume *r, const struct plan *p, char *msg, size_t n);

#endif
