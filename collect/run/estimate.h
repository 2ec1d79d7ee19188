/* collect/run/estimate.h: the bill of a plan before it runs, two ways (docs/METHODOLOGY.md,
 * "Cost": the estimate and the bound):
 *   the estimate (`collect --dry-run`): the billable counts of each run's three phases as
 *     the collector will make them, duration-bounded runs at an assumed throughput
 *     (--assume, expect_mib_s, --estimate-from) or said to be unbounded;
 *   the bound (max_cost's check before the campaign and before each run): the same counts
 *     at the most pessimistic plausible rate, the client NIC's speed for the bytes and one
 *     request per worker per half round trip for the requests (collect/run/bound.h gives
 *     both), every count-bounded request retried as often as `retries` allows; a run is
 *     unbounded only when what it needs is not known (the NIC's speed for bodies in a
 *     closed loop, the round trip). */
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

/* What a subject's bound rests on (collect/run/bound.h measures it). */
struct estimate_bound {
	double nic_bytes_s;  /* the client NIC's speed, bytes/s; 0: unknown */
	char nic_source[16]; /* "campaign", "environment", "sysfs", "unknown" */
	double rtt_s;        /* the quickest TCP connect to the endpoint, seconds */
	int probed;          /* rtt_s was measured */
	int clients;         /* the clients a run goes to (a distributed campaign); 0: one */
	char why[160];       /* when not probed: why ("s3.example.com port 443 took no ...") */
};

struct estimate_opts {
	double assume_mib_s;        /* --assume; 0: none (expect_mib_s, then seen) */
	struct estimate_seen *seen; /* --estimate-from DATA_DIR (owned by the caller) */
	size_t n_seen;
	/* the bound instead of the estimate: one per campaign subject (borrowed); NULL: the
	 * estimate */
	const struct estimate_bound *bound;
};

/* estimate_from: read DATA_DIR/runs/(any)/SUBJECT/RUN/run.json (collect's own files, an earlier
 * campaign) into o->seen: per subject, op and size, the mean summary obj_s of its complete
 * runs. 0, or -1 with a message when DATA_DIR has no run.json at all. Free with
 * estimate_opts_clear. */
int estimate_from(const char *data_dir, struct estimate_opts *o, struct err *e);
void estimate_opts_clear(struct estimate_opts *o);

/* One subject's estimate or bound. */
struct estimate {
	struct bill_counts b; /* all its bounded runs */
	int runs, unbounded;  /* runs planned; of them, not estimated (or not bounded) */
	char why[200];        /* the bound: why its first unbounded run is ("" when none) */
	struct cost_parts cost;
};

/* estimate_run: the counts of run r (first_of_subject: its subject's first run in the
 * plan) into *out. A duration-bounded run's throughput: o->assume_mib_s, else the subject's
 * expect_mib_s, else what o->seen has for its subject, op and size (any op for seen); with
 * o->bound, the bound's rates instead. Returns 1 when estimated, 0 when the run is
 * unbounded (*out zeroed; why, when not NULL, says why: n bytes). */
int estimate_run(const struct campaign *c, const struct plan_run *r, int first_of_subject,
		 const struct estimate_opts *o, struct bill_counts *out, char *why, size_t n);

/* estimate_bound_text: what bd rests on, for messages: "the client NIC's 10000 Mbit/s
 * (campaign), round trip 0.412 ms", "the client NIC's speed unknown, round trip ...", or
 * "no round trip: WHY"; into buf (n bytes), returned. */
const char *estimate_bound_text(const struct estimate_bound *bd, char *buf, size_t n);

/* estimate_plan: runs[from..n) of p, per subject: est[i] for campaign subject i (an array
 * of c->n_subjects, zeroed first). The runs before `from` only say which run of a subject
 * is its first (it creates the bucket). Each run is priced alone (price_cost: the first
 * volume tiers) and the runs' bills summed. */
void estimate_plan(const struct campaign *c, const struct plan *p, int from,
		   const struct estimate_opts *o, struct estimate *est);

/* estimate_print: the estimate of the whole plan (o->bound NULL) or its bound, per subject
 * and in total. */
void estimate_print(const struct campaign *c, const struct plan *p, const struct estimate_opts *o,
		    FILE *f);

#endif
