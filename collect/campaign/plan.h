/* collect/campaign/plan.h: the run plan: every run of every cycle of a campaign, in execution
 * order.
 *
 * Order inside a cycle (campaign `order`):
 *   interleave  for each op, size, concurrency (in the campaign's order) the subjects take
 *               turns, so a drift over the day hits every subject alike (the default);
 *   random      the interleaved matrix runs of the cycle shuffled with a generator seeded
 *               by (seed, cycle): the same seed gives the same plan, and one cycle run
 *               alone (--cycle N) gets the order it has in the whole campaign;
 *   sequential  subject by subject, each subject's matrix in the campaign's order.
 * The one-off benchmarks ([list] [head] [delete] [multipart], each once per subject, then
 * the [rate] sweep's runs, lowest rate first) end the first cycle, and only when the plan
 * includes cycle 1; they are interleaved by subject, or subject by subject for
 * `sequential`.
 *
 * Every run has a stable id, its directory under the output dir:
 *   runs/cycle-NN/SUBJECT/OP-SIZE-cCONC[-rRATE]   (NN two digits or more: cycle-01)
 *   runs/once/SUBJECT/OP-SIZE-cCONC[-rRATE]       (one-off runs; -rRATE: the sweep's)
 * SIZE as units_format_size writes it (4KiB, 5MiB, 123B), or the size spec's label
 * (random-4KiB-1MiB); RATE the offered req/s as %g writes it (500, 0.5). */
#ifndef COLLECT_PLAN_H
#define COLLECT_PLAN_H

#include <stdint.h>
#include <stdio.h>

#include "collect/campaign/campaign.h"
#include "collect/workload.h"
#include "core/err.h"

#define PLAN_ID_MAX 160

struct plan_run {
	char id[PLAN_ID_MAX]; /* relative directory, see above */
	int cycle;            /* 1-based; 0 for a one-off run */
	int subject;          /* index into campaign->subjects */
	struct workload wl;
	double timeout_s;  /* wall-clock limit of the run */
	double expected_s; /* the measured length when duration-bound, else 0 */
};

struct plan {
	struct plan_run *runs; /* owned */
	int n;
	enum campaign_order order;
	uint64_t seed; /* the seed used (order = random) */
	int first_cycle, last_cycle;
	int n_subjects;   /* subjects included */
	int subjects[64]; /* their indexes, campaign order */
	/* cycles = auto with neither --cycle nor --cycles: the collector judges the stopping
	 * rule after each cycle (collect/run/autocycles.h) and trims the plan where it stops */
	int auto_cycles;
	int max_cycle;     /* auto: the cycle the bound allows (the plan's last when built) */
	char stopped[256]; /* auto: why the campaign stopped; "" while it goes on */
};

/* Which part of the campaign to plan. A zeroed filter means "all of it". */
struct plan_filter {
	const char *only; /* "id1,id2": only these subjects; NULL: all */
	int cycles;       /* --cycles N: cycles 1..N instead of the campaign's; 0: keep */
	int cycle;        /* --cycle N: only cycle N; 0: all */
	uint64_t seed;    /* seed for order = random when the campaign gives none */
};

/* plan_build: the plan of campaign c under filter f. Returns a new plan (free with
 * plan_free) or NULL with a message: "--only: 'x' is not a subject of FILE (a, b)",
 * "--cycle: ...", or too many subjects. */
struct plan *plan_build(const struct campaign *c, const struct plan_filter *f, struct err *e);
void plan_free(struct plan *p);


/* plan_cycle_end: the index after the last run of cycle `cycle`'s block (its matrix runs
 * and, for the first cycle, the one-off runs that end it); p->n when cycle is the last. */
int plan_cycle_end(const struct plan *p, int cycle);

/* plan_write_tsv: the plan as plan.tsv (docs/FORMATS.md): "# key: value" header lines
 * (format, campaign, order, seed, cycles, subjects, runs; for cycles = auto, sequential
 * and, once it stopped, stopped), one tab-separated header row,
 * one row per run in execution order. kept_as (NULL: none): p->n texts (tabs and line
 * ends not allowed), each "" or how a run kept from an earlier collector was measured
 * otherwise than the plan says (collect --resume --allow-changed): then a last column
 * kept_as and a "# changed:" line. Returns 0, or -1 with a message on a write error. */
int plan_write_tsv(const struct plan *p, const struct campaign *c, const char *const *kept_as,
		   FILE *f, struct err *e);

/* plan_read_seed: the seed recorded in an existing plan.tsv ("# seed: N"), for --resume
 * of a random-order campaign without a seed. Returns 0 and sets *seed, or -1 when the
 * file is absent or carries no seed (no message needed; e may be NULL). */
int plan_read_seed(const char *path, uint64_t *seed, struct err *e);

/* plan_total_expected: the sum of expected_s over runs[from..n) and, in *n_unbounded,
 * how many of those runs have no known length (count / until-done). */
double plan_total_expected(const struct plan *p, int from, int *n_unbounded);

/* plan_print: the human form of --dry-run: one line per run and the total expected time. */
void plan_print(const struct plan *p, const struct campaign *c, FILE *f);

#endif
