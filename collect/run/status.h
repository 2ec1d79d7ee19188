/* collect/run/status.h: the progress of a campaign from its files alone (`collect status
 * OUT`, README "collect"): what each run of OUT/plan.tsv has in OUT (nothing yet, a directory
 * without run.json, a run.json saying what became of it), summed into runs done and left,
 * failures by class, time so far, the time left by the plan's durations and each subject's
 * spend against its max_cost. The summary is pure (status_summarize); cmd_status.c reads the
 * files and prints it. */
#ifndef COLLECT_STATUS_H
#define COLLECT_STATUS_H

#include <stdint.h>

#include "collect/campaign/plan.h"

enum status_state {
	STATUS_NOT_STARTED, /* no directory */
	STATUS_UNFINISHED,  /* a directory without run.json: under way, or its collector died */
	STATUS_INTERRUPTED, /* run.json says the collector was stopped in it (redone) */
	STATUS_COMPLETE,    /* run.json: complete */
	STATUS_FAILED,      /* run.json: failed (class in cls) */
};

/* One run of the plan and what OUT holds of it. */
struct status_run {
	char id[PLAN_ID_MAX];
	int subject;      /* index into the subjects given to status_summarize; -1: unknown */
	double planned_s; /* the measured time the plan expects (0: count or until-done) */
	enum status_state state;
	char cls[32];     /* failed: run.json's errors.class ("" none) */
	double elapsed_s; /* recorded: wrapper.elapsed_s */
	int64_t start_ns; /* recorded: wrapper.started; unfinished: 0 */
	int64_t end_ns;   /* recorded: wrapper.ended; unfinished: the last change of its
				 directory (its state file) */
	double cost;      /* recorded: its bill at the prices that applied to it */
	char phase[16];   /* unfinished: the last phase its state file reached ("") */
};

/* One subject's spend so far. */
struct status_subject {
	char id[64];
	double spent;     /* filled by status_summarize */
	double budget;    /* its max_cost (0: none; < 0: unknown) */
	char currency[4]; /* of its prices ("" unknown) */
};

#define STATUS_CLASSES_MAX 16

/* Failed runs of one class. */
struct status_class {
	char name[32];
	int n;
};

/* The summary of a plan's runs. */
struct status_summary {
	int total, complete, failed, interrupted, unfinished, not_started;
	struct status_class classes[STATUS_CLASSES_MAX]; /* failed runs per class, most first
							    (ties by name) */
	int n_classes;
	int current;        /* the unfinished run changed last (index into runs), -1: none */
	int64_t first_ns;   /* the earliest start recorded (0: none) */
	int64_t last_ns;    /* the latest end or change recorded (0: none) */
	double in_runs_s;   /* sum of the recorded runs' elapsed_s */
	double left_s;      /* planned measured time of the runs not done */
	int left_unknown;   /* runs not done that have no planned length */
	double per_planned; /* seconds per planned second of the complete runs with a planned
			       length (prepare, cleanup and waits included); 0: none yet */
	double eta_s;       /* left_s x per_planned (left_s when per_planned is 0) */
};

/* status_summarize: the summary of runs[0..n-1] into *s, and each subject's spend
 * (subjects[i].spent, i < n_subjects: the sum of its runs' cost). A run is done when its
 * run.json says complete or failed; interrupted, unfinished and not started runs are left
 * (the collector runs them again). */
void status_summarize(const struct status_run *runs, int n, struct status_subject *subjects,
		      int n_subjects, struct status_summary *s);

#endif
