/* collect/run/cli.h: bin/collect's command line. collect/main.c and collect/main_mpi.c
 * route SIGINT and SIGTERM to the stop flag (cmd_stop_on_signals) and call cmd_main
 * (both in collect/run/cmd_main.c), which dispatches: `collect run` and `collect replay` to
 * cmd_run.c, `collect probe` to cmd_probe.c, `collect consistency` to cmd_consist.c,
 * `collect dataset` to cmd_dataset.c, `collect clean` to clean.c (clean.h), `collect
 * status` to cmd_status.c, `collect slot` to cmd_slot.c, and campaign mode (`collect
 * CAMPAIGN.ini`: its options read in cmd_main.c) to cmd_campaign.c. Each turns its flags
 * into calls of the collect library; one run in its directory is collect/run/run_one.h.
 * cli.c holds what the subcommands share: the usage text and option parsing.
 *
 * The stop flag is the one piece of global state (set by the SIGINT/SIGTERM handler of
 * cmd_main.c) and is handed to each subcommand. */
#ifndef COLLECT_CLI_H
#define COLLECT_CLI_H

#include "core/exitcode.h" /* the exit statuses (EXITCODE_*) */

#include <signal.h>

#include "collect/run/run_one.h"

/* cli_usage_text: --help of every subcommand. */
extern const char cli_usage_text[];

/* cli_usage_error: print "collect: MSG" and the --help hint; returns EXITCODE_USAGE. */
int cli_usage_error(const char *msg);

/* cli_parse_int: s as a whole number min..max for option opt; -1 after printing why not. */
int cli_parse_int(const char *opt, const char *s, long min, long max, long *out);

/* cli_parse_duration: s as a positive duration for option opt; -1 after printing why not. */
int cli_parse_duration(const char *opt, const char *s, double *out);

/* The options of campaign mode (collect CAMPAIGN.ini ...). */
struct campaign_args {
	const char *campaign, *out, *only;
	int cycles, cycle, resume, dry_run, insecure;
	int check;                 /* --check: only the checks before the first request */
	int no_preflight;          /* --no-preflight: skip them */
	int redo_failed;           /* --redo-failed (with --resume): run again the runs that failed
			      for the provider too */
	int allow_changed;         /* --allow-changed (with --resume): keep runs measured otherwise
			      than the campaign now says (plan.tsv's kept_as) */
	double assume_mib_s;       /* --assume: the throughput a bill estimate assumes */
	const char *estimate_from; /* --estimate-from DATA_DIR; NULL: none */
	const char *ca_bundle;     /* --ca-bundle PATH, or NULL */
	const struct run_one_runner *runner; /* NULL: one client on this machine */
};

/* cmd_campaign: run (or with dry_run print) the plan of a campaign; returns an exit code,
 * messages on stderr. */
int cmd_campaign(const struct campaign_args *a, volatile sig_atomic_t *stop);

/* cmd_run: `collect run ARGS` (argv[0] is "run") carried out by runner (NULL: one
 * client on this machine); returns an exit code. */
int cmd_run(int argc, char **argv, volatile sig_atomic_t *stop,
	    const struct run_one_runner *runner);

/* cmd_replay: `collect replay TRACE ARGS` (argv[0] is "replay"): `collect run --replay
 * TRACE ARGS`, the recorded requests of TRACE sent again at their offsets times --speed
 * (collect/replay.h); returns an exit code. */
int cmd_replay(int argc, char **argv, volatile sig_atomic_t *stop,
	       const struct run_one_runner *runner);

/* cmd_status: `collect status OUT` (argv[0] is "status"): the progress of the campaign in
 * OUT from its files, on stdout (collect/run/status.h); returns an exit code (2 when OUT
 * holds no plan.tsv). */
int cmd_status(int argc, char **argv);

/* cmd_slot: `collect slot CAMPAIGN.ini --cycle K --anchor FILE [--now TIME]` (argv[0] is
 * "slot"): whether a scheduled build runs cycle K now (collect/run/cmd_slot.c). An exit code. */
int cmd_slot(int argc, char **argv);

/* cmd_probe: `collect probe ARGS` (argv[0] is "probe"): the conformance probe of one
 * endpoint (collect/probe/probe.h), printed, and with -o DIR written to DIR/probe.json;
 * returns an exit code (1 when the probe could not run). */
int cmd_probe(int argc, char **argv);

/* cmd_dataset: `collect dataset create|verify|delete CAMPAIGN.ini NAME` (argv[0] is
 * "dataset"): the campaign's [dataset NAME] built, checked or removed in each subject's
 * bucket (collect/run/dataset.h); returns an exit code (1 when one failed, 130 when a
 * create was stopped: it goes on from there when run again). */
int cmd_dataset(int argc, char **argv, volatile sig_atomic_t *stop);
/* cmd_consist: `collect consistency ARGS` (argv[0] is "consistency"): the consistency
 * probes of one endpoint (collect/consist/consist.h), printed, and with -o DIR written to
 * DIR/consistency.json; returns an exit code (1 when the probes could not run). */
int cmd_consist(int argc, char **argv);

/* cmd_stop_on_signals: route SIGINT and SIGTERM to the process's stop flag (set to 1 by
 * them; the one piece of global mutable state of a collector) and return it, for
 * cmd_main. Both mains call it first. */
volatile sig_atomic_t *cmd_stop_on_signals(void);

/* cmd_main: bin/collect's command line (every subcommand, and campaign mode), each
 * run carried out by runner (NULL: one client on this machine); returns the exit code.
 * stop: the flag of the caller's SIGINT/SIGTERM handler. */
int cmd_main(int argc, char **argv, volatile sig_atomic_t *stop,
	     const struct run_one_runner *runner);

#endif
