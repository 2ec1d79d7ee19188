/* collect/run/budget.h: max_cost, a campaign's budget per subject (docs/CAMPAIGN.md,
 * "Budgets"):
 *   before the first request (a new campaign, a --resume, a --cycle N into DIR), a subject
 *     whose bill could pass its max_cost is refused: the spend of its runs recorded in DIR
 *     (at the prices recorded with them) plus the bound of every run still to do
 *     (collect/run/estimate.h, from the client NIC's speed and the endpoint's round trip:
 *     collect/run/bound.h); a subject with a run whose bill cannot be bounded is refused too;
 *   during the campaign (its spend: those recorded runs and each run made since), a subject
 *     stops when its spend has reached its max_cost or its next run could take it past: the run under way always finishes and is recorded, the
 *     subject's remaining runs are recorded as not run (class budget), and --resume runs them
 *     once the limit is raised.
 * Each run's spend is its bill alone at the prices its run.json records (price_cost: the
 * dearest, first volume tiers), so it is never less than analyze's. */
#ifndef COLLECT_RUN_BUDGET_H
#define COLLECT_RUN_BUDGET_H

#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "collect/run/estimate.h"
#include "collect/run/runjson.h"

#define BUDGET_SUBJECTS 64

struct progress;

struct budget {
	const struct campaign *c; /* borrowed */
	struct estimate_bound bound[BUDGET_SUBJECTS];
	struct estimate_opts opts;     /* opts.bound = bound */
	double spent[BUDGET_SUBJECTS]; /* each subject's bill so far (max_cost) */
	int stopped[BUDGET_SUBJECTS];  /* the subject was stopped (said once) */
	int seen[BUDGET_SUBJECTS];     /* a run of the subject was looked at (its first) */
};

/* budget_init: no spend yet, nothing probed; c borrowed. */
void budget_init(struct budget *bg, const struct campaign *c);

/* budget_probe: the bound's inputs of every subject with prices and (all 0: only those with)
 * a max_cost (collect/run/bound.h), the NIC speed from the campaign's client_nic and this
 * client's S3BENCH_CLIENT_NIC; clients: the clients each run goes to. A subject whose
 * endpoint cannot be probed keeps the reason (its runs are not bounded). -1 with e set when
 * S3BENCH_CLIENT_NIC is not a bit rate. */
int budget_probe(struct budget *bg, int all, int clients, struct err *e);

/* budget_check: refuse before the first request: every run.json already under
 * out/runs/ (this plan's, earlier cycles', an interrupted attempt's) adds its spend, at the
 * prices it records, to its subject's; per subject with a max_cost, that spend plus the bound
 * of the plan's runs still to do (not recorded complete or failed) passing its max_cost, or
 * a run the bound cannot bound, is named on f with the figures. EXITCODE_OK to go on, else
 * EXITCODE_USAGE. Call it once, before the runs (out need not exist). */
int budget_check(struct budget *bg, const struct plan *p, const char *out, FILE *f);

/* budget_add: a run's counts (all its phases) at the prices it ran with, to its subject's
 * spend. */
void budget_add(struct budget *bg, int subject, const struct prices *p,
		const struct bill_counts *b);

/* budget_stops: whether run r must not run: its subject has spent its max_cost, or its
 * spend plus r's bound would pass it (or r has no bound). Said once per subject on the
 * progress output (why is written there). */
int budget_stops(struct budget *bg, const struct plan_run *r, struct progress *pg);

#endif
