/* collect/run/cli.h: bin/collect's command line. collect/main.c only dispatches: each
 * subcommand lives in its own file (cmd_campaign.c: a campaign; cmd_run.c: `collect run`)
 * and turns its flags into calls of the collect library; this header holds what they
 * share (cli.c): the usage text, option parsing, one run and its run.json.
 *
 * The stop flag is the one piece of global state (set by main's SIGINT/SIGTERM handler)
 * and is handed to each subcommand. */
#ifndef COLLECT_CLI_H
#define COLLECT_CLI_H

#include "core/exitcode.h" /* the exit statuses (EXITCODE_*) */

#include <signal.h>

#include "collect/run/progress.h"
#include "collect/run/runjson.h"
#include "collect/run/runner.h"
#include "core/err.h"

/* cli_usage_text: --help of every subcommand. */
extern const char cli_usage_text[];

/* cli_usage_error: print "collect: MSG" and the --help hint; returns EXITCODE_USAGE. */
int cli_usage_error(const char *msg);

/* cli_parse_int: s as a whole number min..max for option opt; -1 after printing why not. */
int cli_parse_int(const char *opt, const char *s, long min, long max, long *out);

/* cli_parse_duration: s as a positive duration for option opt; -1 after printing why not. */
int cli_parse_duration(const char *opt, const char *s, double *out);

/* What carries out a run: runner_exec (collect/run/runner.h) with one client, or the
 * distributed collector's (collect/cluster/distrib.h). exec runs job as runner_exec does, fills
 * *rr (released by the caller with runner_result_clear), leaves the run's ops.tsv.zst in
 * job->dir and puts its run.json "clients" object (collect/run/clients.h; a new reference)
 * in *clients. 0, or -1 with a message when the run could not be carried out. */
struct cli_runner {
	int (*exec)(void *arg, const struct runner_job *job, struct runner_result *rr,
		    json_t **clients, struct err *e);
	void *arg;
};

/* cli_rate_verdict: the plain words of rate run r's verdict (cap: its worker cap):
 * "sustained"; "not sustained by the server (errors)" when more than 1 % of the slots
 * were answered with an error; "not sustained: client-limited (workers)" when slots went
 * out late for want of a free worker (late_no_worker > 0) with the workers at their cap
 * (peak_workers >= cap); else "not sustained: the client sent late" (below the cap an idle
 * worker was there: the client's own scheduling, CPU). A static string. */
const char *cli_rate_verdict(const struct rate_summary *r, int cap);

/* cli_run_one: one run of tmpl's subject and workload in `dir` (prepared and empty but
 * for the key prefix file this writes first), under `prefix` in the bucket, then its
 * run.json. close_fd: the lock the run's child closes; pg: live progress or NULL;
 * runner: NULL for one client on this machine. A complete rate run that did not
 * hold its rate says so, on pg (or stderr when NULL): "collect: DIR: target rate
 * 500/s not sustained: client-limited (workers): achieved 430/s" (cli_rate_verdict's
 * words; it stays a valid run). Returns 0 complete,
 * 1 failed (recorded), -1 when the run could not be carried out or recorded
 * (message in e). rr is filled either way: release it with runner_result_clear. */
int cli_run_one(const struct runjson_input *tmpl, const char *dir, const char *prefix, int close_fd,
		volatile sig_atomic_t *stop, struct progress *pg, const struct cli_runner *runner,
		struct runner_result *rr, struct err *e);

/* The options of campaign mode (collect CAMPAIGN.ini ...). */
struct campaign_args {
	const char *campaign, *out, *only;
	int cycles, cycle, resume, dry_run, insecure;
	double assume_mib_s;             /* --assume: the throughput a bill estimate assumes */
	const char *estimate_from;       /* --estimate-from DATA_DIR; NULL: none */
	const char *ca_bundle;           /* --ca-bundle PATH, or NULL */
	const struct cli_runner *runner; /* NULL: one client on this machine */
};

/* cmd_campaign: run (or with dry_run print) the plan of a campaign; returns an exit code,
 * messages on stderr. */
int cmd_campaign(const struct campaign_args *a, volatile sig_atomic_t *stop);

/* cmd_run: `collect run ARGS` (argv[0] is "run") carried out by runner (NULL: one
 * client on this machine); returns an exit code. */
int cmd_run(int argc, char **argv, volatile sig_atomic_t *stop, const struct cli_runner *runner);

/* cmd_status: `collect status OUT` (argv[0] is "status"): the progress of the campaign in
 * OUT from its files, on stdout (collect/run/status.h); returns an exit code (2 when OUT
 * holds no plan.tsv). */
int cmd_status(int argc, char **argv);

/* cmd_stop_on_signals: route SIGINT and SIGTERM to the process's stop flag (set to 1 by
 * them; the one piece of global mutable state of a collector) and return it, for
 * cmd_main. Both mains call it first. */
volatile sig_atomic_t *cmd_stop_on_signals(void);

/* cmd_main: bin/collect's command line (every subcommand, and campaign mode), each
 * run carried out by runner (NULL: one client on this machine); returns the exit code.
 * stop: the flag of the caller's SIGINT/SIGTERM handler. */
int cmd_main(int argc, char **argv, volatile sig_atomic_t *stop, const struct cli_runner *runner);

#endif
