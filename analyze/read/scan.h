/* analyze/read/scan.h: find the run directories of a DATA_DIR (docs/FORMATS.md tree)
 * and the campaign facts that live beside them.
 *
 *   DATA_DIR/runs/cycle-NN/SUBJECT/RUN/run.json     repeated matrix runs
 *   DATA_DIR/runs/once/SUBJECT/RUN/run.json         one-off LIST / HEAD / DELETE runs
 *   DATA_DIR/campaign.ini, DATA_DIR/plan.tsv        optional (subject order, cycles) */
#ifndef ANALYZE_SCAN_H
#define ANALYZE_SCAN_H

#include <stddef.h>

#include "core/err.h"

struct scan_entry {
	char *rel;  /* run directory relative to DATA_DIR: "runs/cycle-01/a/put-5MiB-c1" */
	char *file; /* DATA_DIR/rel/run.json */
};

struct scan_list {
	struct scan_entry *v; /* in natural path order (cycle-9 before cycle-10) */
	size_t n;
	char **incomplete; /* run directories without run.json (rel), skipped */
	size_t n_incomplete;
	char **problems; /* directories that could not be read: "PATH: reason" */
	size_t n_problems;
};

/* scan_runs: fill *out (zeroed first) with every run directory under DATA_DIR/runs.
 * Hidden entries (temporary files, ".lock") are skipped. Returns -1 with a message
 * only when DATA_DIR/runs itself cannot be read; an unreadable subdirectory is
 * recorded in out->problems and the walk goes on. The caller frees *out with
 * scan_list_clear (also after a failure). */
int scan_runs(const char *data_dir, struct scan_list *out, struct err *e);
void scan_list_clear(struct scan_list *l);

struct scan_campaign {
	int cycles;  /* [campaign] cycles; 0 when unknown */
	char *order; /* [campaign] order; NULL when unknown */
	char *sizes; /* [matrix] sizes as written ("256KiB, 5MiB"); NULL when unknown */
	int has_alert_min_change; /* [campaign] alert_min_change given (and valid) */
	double alert_min_change;  /* ... as a fraction (10% -> 0.10) */
	int has_alert_false_rate; /* [campaign] alert_false_rate given (and valid) */
	double alert_false_rate;  /* ... as a fraction (1% -> 0.01) */
	char *alert_cells;        /* [campaign] alert_cells as written; NULL when absent */
	char *policy;             /* [campaign] policy as written; NULL when absent */
	int repeat;               /* [campaign] repeat (1-1000); 0: absent or invalid */
	char **subjects;          /* subject ids in campaign order; may be empty */
	size_t n_subjects;
	char **labels;  /* labels[i]: subjects[i]'s label in campaign.ini; NULL: none given */
	char **planned; /* the subjects the plan runs, each of which should have runs: those of
			    plan.tsv, else subjects (campaign.ini's); may be empty */
	size_t n_planned;
	const char *subjects_from; /* "campaign.ini", "plan.tsv" or NULL */
	int oom;                   /* reading campaign.ini ran out of memory */
};

/* scan_campaign: read DATA_DIR/campaign.ini (inih: [campaign] cycles, order and
 * alert_min_change, alert_false_rate, alert_cells, policy, repeat, [matrix] sizes, the order of [subject ID]
 * sections and their labels) and DATA_DIR/plan.tsv (its "# subjects: a,b" comment line,
 * else the first appearance of each value of its "subject" column, found by name in the
 * header row): the subject order is campaign.ini's, else plan.tsv's; the planned subjects
 * plan.tsv's, else campaign.ini's (collect --only plans some of the campaign's subjects).
 * Missing files are not an error. Returns -1 with a message naming the file (and
 * line) when a present file cannot be read or parsed; *out then holds what could
 * be read (out->oom is 1 when the cause was a lack of memory: the message then says
 * so, and no line is blamed). Free with scan_campaign_clear. */
int scan_campaign(const char *data_dir, struct scan_campaign *out, struct err *e);
void scan_campaign_clear(struct scan_campaign *c);

#endif
