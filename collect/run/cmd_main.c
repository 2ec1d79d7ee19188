/* collect/run/cmd_main.c: cmd_main (cli.h): the subcommands and campaign mode, shared by
 * bin/collect and bin/collect-mpi. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "collect/campaign/campaign.h"
#include "collect/engine/realtime.h"
#include "collect/run/clean.h"
#include "collect/run/cli.h"
#include "core/version.h"

/* The one piece of global mutable state: set by SIGINT/SIGTERM. */
static volatile sig_atomic_t g_stop;

static void on_signal(int sig)
{
	(void)sig;
	g_stop = 1;
}

volatile sig_atomic_t *cmd_stop_on_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	return &g_stop;
}

/* campaign_mode: collect CAMPAIGN.ini [options]. */
static int campaign_mode(int argc, char **argv, volatile sig_atomic_t *stop,
			 const struct run_one_runner *runner)
{
	static const struct option opts[] = {
		{"output", required_argument, 0, 'o'}, {"only", required_argument, 0, 'n'},
		{"cycles", required_argument, 0, 'c'}, {"cycle", required_argument, 0, 'y'},
		{"resume", no_argument, 0, 'r'},       {"dry-run", no_argument, 0, 'd'},
		{"insecure", no_argument, 0, 'i'},     {"ca-bundle", required_argument, 0, 'C'},
		{"assume", required_argument, 0, 'A'}, {"estimate-from", required_argument, 0, 'E'},
		{"check", no_argument, 0, 'K'},        {"no-preflight", no_argument, 0, 'P'},
		{"redo-failed", no_argument, 0, 'R'},  {"allow-changed", no_argument, 0, 'G'},
		{"help", no_argument, 0, 'h'},         {0, 0, 0, 0},
	};
	struct campaign_args a;
	int ch;
	long v;

	memset(&a, 0, sizeof(a));
	while ((ch = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			a.out = optarg;
			break;
		case 'n':
			a.only = optarg;
			break;
		case 'c':
			if (cli_parse_int("--cycles", optarg, 1, CAMPAIGN_CYCLES_MAX, &v) < 0)
				return EXITCODE_USAGE;
			a.cycles = (int)v;
			break;
		case 'y':
			if (cli_parse_int("--cycle", optarg, 1, CAMPAIGN_CYCLES_MAX, &v) < 0)
				return EXITCODE_USAGE;
			a.cycle = (int)v;
			break;
		case 'r':
			a.resume = 1;
			break;
		case 'd':
			a.dry_run = 1;
			break;
		case 'i':
			a.insecure = 1;
			break;
		case 'A': {
			char *end;
			a.assume_mib_s = strtod(optarg, &end);
			if (end == optarg || *end != '\0' || !(a.assume_mib_s > 0) ||
			    a.assume_mib_s > 1e9)
				return cli_usage_error("--assume: not a throughput in MiB/s (150)");
			break;
		}
		case 'E':
			a.estimate_from = optarg;
			break;
		case 'C':
			a.ca_bundle = optarg;
			break;
		case 'K':
			a.check = 1;
			break;
		case 'P':
			a.no_preflight = 1;
			break;
		case 'R':
			a.redo_failed = 1;
			break;
		case 'G':
			a.allow_changed = 1;
			break;
		case 'h':
			fputs(cli_usage_text, stdout);
			return EXITCODE_OK;
		default:
			return cli_usage_error("unknown option");
		}
	}
	if (optind != argc - 1)
		return cli_usage_error(optind >= argc ? "no campaign file given"
						      : "one campaign file only");
	if (a.cycles && a.cycle)
		return cli_usage_error("--cycles and --cycle exclude each other");
	if (a.check && (a.no_preflight || a.dry_run))
		return cli_usage_error("--check excludes --no-preflight and --dry-run");
	if ((a.redo_failed || a.allow_changed) && !a.resume)
		return cli_usage_error("--redo-failed and --allow-changed go with --resume");
	a.campaign = argv[optind];
	a.runner = runner;
	return cmd_campaign(&a, stop);
}

/* own_nic_ok: S3BENCH_CLIENT_NIC, when set, is a bit rate (said on stderr when not: the
 * runs would otherwise find out one by one). */
static int own_nic_ok(void)
{
	struct clientres_opts o = {0};
	struct err e = {{0}};

	if (clientres_own_nic(&o, &e) == 0)
		return 1;
	fprintf(stderr, "collect: %s\n", e.msg);
	return 0;
}

/* realtime_ok: S3BENCH_REALTIME, when set, is a priority (said on stderr when not). */
static int realtime_ok(void)
{
	struct err e = {{0}};
	int prio;

	if (realtime_env(&prio, &e) == 0)
		return 1;
	fprintf(stderr, "collect: %s\n", e.msg);
	return 0;
}

int cmd_main(int argc, char **argv, volatile sig_atomic_t *stop,
	     const struct run_one_runner *runner)
{
	if (argc >= 2 && strcmp(argv[1], "--version") == 0)
		return version_print(stdout, "s3bench-collect");
	if (!(argc >= 2 && (strcmp(argv[1], "clean") == 0 || strcmp(argv[1], "status") == 0 ||
			    strcmp(argv[1], "slot") == 0)) &&
	    (!own_nic_ok() || !realtime_ok()))
		return EXITCODE_USAGE;
	/* subcommands, one line each: collect NAME ARGS runs cmd_NAME(argc - 1, argv + 1,
	 * stop, runner) (declared in cli.h, in collect/run/cmd_NAME.c), or NAME_main (clean.h) */
	if (argc >= 2 && strcmp(argv[1], "run") == 0)
		return cmd_run(argc - 1, argv + 1, stop, runner);
	if (argc >= 2 && strcmp(argv[1], "probe") == 0)
		return cmd_probe(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "consistency") == 0)
		return cmd_consist(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "replay") == 0)
		return cmd_replay(argc - 1, argv + 1, stop, runner);
	if (argc >= 2 && strcmp(argv[1], "clean") == 0)
		return clean_main(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "dataset") == 0)
		return cmd_dataset(argc - 1, argv + 1, stop);
	if (argc >= 2 && strcmp(argv[1], "status") == 0)
		return cmd_status(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "slot") == 0)
		return cmd_slot(argc - 1, argv + 1);
	/* without a subcommand: collect CAMPAIGN.ini [options] */
	return campaign_mode(argc, argv, stop, runner);
}
