/* analyze/main.c: bin/analyze, the analyze stage's command line.
 *
 *   bin/analyze DATA_DIR [-o RESULTS_DIR] [--policy mean|median|best]
 *   bin/analyze DATA_DIR DATA_DIR... | --vantage NAME=DATA_DIR... -o RESULTS_DIR [...]
 *               [--min-samples N] [--alpha A] [--target-ci PCT] [--recompute]
 *               [--hedge] [--server-log FILE]... [--warp-map MAP]
 *               [--baseline OLD_RESULTS_DIR] [--history DB]
 *
 * The flags, then one call: pipeline_defaults, parse_args, pipeline_run
 * (analyze/pipeline.h does the work). --warp and --warp-cmp hand the whole command
 * line to Warp's own report (analyze/warp/warp.h, warp_cmp.h). Exit codes
 * (core/exitcode.h): 0 ok; 1 partial (some files unreadable or a recomputed summary
 * disagreed: each named on stderr, the rest analyzed); 2 usage error or fatal
 * (nothing written). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/inclusion.h"
#include "analyze/cells/planner.h"
#include "analyze/pipeline.h"
#include "analyze/provenance/verify.h"
#include "analyze/warp/warp.h"
#include "core/cellsel.h"
#include "core/err.h"
#include "core/exitcode.h"
#include "core/units.h"
#include "core/version.h"

static void usage(FILE *f)
{
	fputs("usage: analyze DATA_DIR [-o RESULTS_DIR] [--policy P] [--repeat N]\n"
	      "               [--min-samples N] [--alpha A] [--target-ci PCT] [--recompute]\n"
	      "               [--hedge] [--server-log FILE]... [--warp-map MAP]\n"
	      "               [--prices FILE[:SECTION]] [--baseline OLD_RESULTS_DIR]\n"
	      "               [--history DB [--alerts FILE]] [--metrics FILE]\n"
	      "               [--alert-min-change PCT] [--alert-false-rate PCT]\n"
	      "               [--alert-cells CELLS] [--sign KEY.pem]\n"
	      "       analyze DATA_DIR DATA_DIR... -o RESULTS_DIR [options]   (vantages)\n"
	      "       analyze --vantage NAME=DATA_DIR... [DATA_DIR...] -o RESULTS_DIR [options]\n"
	      "       analyze --verify RESULTS_DIR [DATA_DIR] [--pubkey PUB.pem]   (--verify --help)\n"
	      "       analyze --warp ...      analyze MinIO Warp logs (see analyze --warp --help)\n"
	      "       analyze --warp-cmp BEFORE... -- AFTER...   two Warp runs compared per op\n"
	      "\n"
	      "Reads every run under DATA_DIR/runs (runs/cycle-NN/SUBJECT/RUN/run.json and\n"
	      "runs/once/SUBJECT/RUN/run.json), applies the inclusion rule and the policy, and\n"
	      "writes RESULTS_DIR/aggregate.json, cells.csv, runs.csv and manifest.json (into a\n"
	      "staging directory in RESULTS_DIR, all moved in once complete: a failed write\n"
	      "leaves the earlier results as they were). Formulas: docs/METHODOLOGY.md.\n"
	      "DATA_DIR/probe.json, the conformance probe, becomes aggregate.json's support[]\n"
	      "(the report's \"What each provider supports\").\n"
	      "\n"
	      "Several DATA_DIRs (or --vantage) merge one campaign measured from several\n"
	      "places: their campaign.ini must name the same matrix (the first difference\n"
	      "is named: file, section, key); each run keeps its vantage, and\n"
	      "aggregate.json's vantages{} holds each cell per vantage and per category\n"
	      "the subject x vantage interaction test (docs/METHODOLOGY.md, \"Vantages\").\n"
	      "Leads are judged within each vantage: a lead whose vantages name different\n"
	      "leaders is \"depends\", never clear. manifest.json lists every DATA_DIR's files\n"
	      "and --verify checks them all (give it the first DATA_DIR as given here).\n"
	      "\n"
	      "  -o, --output RESULTS_DIR  where to write (default DATA_DIR/results; created;\n"
	      "                            required with several DATA_DIRs)\n"
	      "  --vantage NAME=DATA_DIR   a DATA_DIR measured from the place NAME (repeatable;\n"
	      "                            before the plain DATA_DIRs); a plain DATA_DIR's\n"
	      "                            vantage is its runs' campaign.vantage, else the\n"
	      "                            directory's name\n"
	      "  --policy P                the figure a cell shows: mean (default) of its valid\n"
	      "                            runs, their median, best = the highest single run,\n"
	      "                            or best-of-means = the highest mean of a group of\n"
	      "                            --repeat consecutive cycles (default: the\n"
	      "                            campaign's [campaign] policy and repeat, else mean)\n"
	      "  --repeat N                best-of-means: the cycles of a group, 1-1000 (no\n"
	      "                            default: --policy best-of-means needs it)\n"
	      "  --min-samples N           a cell with fewer than N valid runs shows no value\n"
	      "                            (its statistics stay, marked below_min_samples);\n"
	      "                            default 1\n"
	      "  --client-limits C,N,R     the client-limit verdict's thresholds: CPU busy,\n"
	      "                            NIC share of its speed, TCP retransmits (default\n"
	      "                            90%,90%,1%; docs/METHODOLOGY.md)\n"
	      "  --alpha A                 family-wise significance level: of each leader's\n"
	      "                            family (Holm) and of each category's comparisons\n"
	      "                            (Bonferroni; their adjusted intervals, ci_adj, at\n"
	      "                            1 - A); 0 < A <= 0.5, default 0.05 (the cells'\n"
	      "                            intervals stay 95 percent)\n"
	      "  --target-ci PCT           the planner's target: the cycles each matrix cell\n"
	      "                            needs for a 95 % interval within +-PCT of its\n"
	      "                            figure, each comparison to tell a ratio of 1 +- PCT\n"
	      "                            from 1, and per op the more cycles, hours and cost\n"
	      "                            (aggregate.json planner); above 0 %, at most 50 %,\n"
	      "                            default 5%\n"
	      "  --recompute               recompute each run's summary (and its latency\n"
	      "                            histograms) from its ops.tsv.zst instead of trusting\n"
	      "                            run.json; runs whose numbers differ from run.json\n"
	      "                            are named on stderr. Without it, a run.json that has\n"
	      "                            no histograms gets them from its ops.tsv.zst\n"
	      "  --hedge                   what hedging would buy each GET and HEAD cell: from\n"
	      "                            its runs' ops.tsv.zst, its p99 and p99.9 if every\n"
	      "                            request still unanswered after T were sent again on\n"
	      "                            a new connection (the first answer taken), for T at\n"
	      "                            the cell's p95, its p99 and 2 s (objects under\n"
	      "                            512 KiB), and the extra requests; a live-hedged\n"
	      "                            cell its measured tail beside that what-if; printed\n"
	      "                            on standard output. A cell whose run has no ops.tsv.zst\n"
	      "                            is named on stderr (exit 1)\n"
	      "  --server-log FILE         a server's own log of the requests (repeatable): an S3\n"
	      "                            server access log, or Ceph RGW's ops log (JSON);\n"
	      "                            joined to the runs' requests by request id, it splits\n"
	      "                            each joined request's latency into the server's time\n"
	      "                            (turn-around and its transfer, when the log has them)\n"
	      "                            and the rest (network and client): per cell the join\n"
	      "                            share and the parts' means and p99s (aggregate.json\n"
	      "                            slowest[].server); lines that join nothing are counted\n"
	      "  --warp-map MAP            DATA_DIR is a tree of Warp result files\n"
	      "                            (warp-*.json.zst, warp-*.csv.zst); MAP maps each\n"
	      "                            endpoint host to a subject (docs/FORMATS.md). Without\n"
	      "                            it, a DATA_DIR with Warp files and no runs/ is read\n"
	      "                            the same way, one subject per host\n"
	      "  --prices FILE[:SECTION]   bill a Warp DATA_DIR at the prices of a price file\n"
	      "                            (data/prices/providers.ini): every run at [SECTION],\n"
	      "                            or each subject at the section its map entry names\n"
	      "                            (prices = SECTION), else at [ID]; only the logged\n"
	      "                            requests are billed (docs/FORMATS.md)\n"
	      "  --warp-engine E           a Warp DATA_DIR's figures: server (default: Warp\n"
	      "                            1.3's distributed server merge), analyze (warp merge\n"
	      "                            + warp analyze of 1.6.1), full (its --full engine)\n"
	      "  --baseline OLD_RESULTS_DIR  compare every cell with the same cell of an earlier\n"
	      "                            analysis (OLD_RESULTS_DIR/aggregate.json, ours or of\n"
	      "                            a Warp directory): change ratio new/old with its 95 %\n"
	      "                            interval, Welch's p, the adjusted p and interval\n"
	      "                            (Bonferroni over the compared cells), written as\n"
	      "                            aggregate.json's \"baseline\"; an unreadable baseline\n"
	      "                            is a fatal error (exit 2)\n"
	      "  --history DB              record this analysis as a new build in the SQLite\n"
	      "                            history DB (created, or migrated from an older\n"
	      "                            schema; one transaction) and write RESULTS_DIR/\n"
	      "                            trend.json: the headline cells per build and the\n"
	      "                            latest build's significant changes (docs/FORMATS.md);\n"
	      "                            a history that cannot be written is a fatal error\n"
	      "                            (exit 2; no results written)\n"
	      "  --alerts FILE             with --history: the build's watch lines, then its\n"
	      "                            regression alert lines, one per line as trend.json's\n"
	      "                            watch[] and alerts[] hold them (\"watch: ...\",\n"
	      "                            \"regression: ...\"), written atomically; empty when\n"
	      "                            there are none (for scripts: scheduled-build)\n"
	      "  --alert-min-change PCT    with --history: the smallest shift alerted or\n"
	      "                            watched (10%: a smaller one never is, however\n"
	      "                            significant); default the campaign's\n"
	      "                            alert_min_change, else 10%\n"
	      "  --alert-false-rate PCT    with --history: false alarms allowed per build, all\n"
	      "                            the judged series of the campaign together (each\n"
	      "                            series gets its Sidak share; watches 5 times as\n"
	      "                            many); default the campaign's alert_false_rate,\n"
	      "                            else 1%\n"
	      "  --alert-cells CELLS       with --history: the cells judged for shifts:\n"
	      "                            headline (PUT and GET's largest size at the highest\n"
	      "                            concurrency), all (every matrix cell), or a list\n"
	      "                            \"OP SIZE cN, ...\" with * for any (\"put * c10,\n"
	      "                            headline\"); default the campaign's alert_cells,\n"
	      "                            else headline\n"
	      "  --metrics FILE            also write the headline figures to FILE in the\n"
	      "                            Prometheus text format, atomically (for\n"
	      "                            node_exporter's textfile collector; families and\n"
	      "                            labels: docs/FORMATS.md); with --history, the\n"
	      "                            regression flags too\n"
	      "  --sign KEY.pem            sign the manifest with this Ed25519 private key\n"
	      "                            (RESULTS_DIR/manifest.sig; docs/FORMATS.md)\n"
	      "  -h, --help                this text\n"
	      "  -V, --version             version, source commit and library versions\n"
	      "\n"
	      "Subjects are ordered as the [subject ID] sections of DATA_DIR/campaign.ini,\n"
	      "else as they first appear in DATA_DIR/plan.tsv, else by id. When\n"
	      "SOURCE_DATE_EPOCH is set, aggregate.json's \"generated\" is that time\n"
	      "(reproducible output).\n"
	      "\n"
	      "Exit status: 0 all runs read; 1 partial: some run.json (or ops.tsv.zst with\n"
	      "--recompute) could not be read or disagreed, each named on stderr with the\n"
	      "reason, the rest analyzed and written; 2 usage error or fatal error (DATA_DIR\n"
	      "unreadable, results not writable): no results written, RESULTS_DIR as it was.\n",
	      f);
}

/* parse_alpha: a significance level, 0 < A <= 0.5, into *out; -1 otherwise. */
static int parse_alpha(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v > 0 && v <= 0.5))
		return -1;
	*out = v;
	return 0;
}

/* parse_client_limits: "CPU%,NIC%,RETRANS%" (each above 0 %) into *t, each the number
 * written before its % (exactly, so that the manifest's record of it reads back the same);
 * -1 otherwise. */
static int parse_client_limits(const char *s, struct climit_thresholds *t)
{
	double *v[3] = {&t->cpu_pct, &t->nic_pct, &t->retrans_pct};
	char buf[96], *save = NULL, *tok;
	int i = 0;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		struct err pe;
		double f;

		if (i == 3 || units_parse_percent(tok, &f, &pe) < 0 || !(f > 0))
			return -1;
		*v[i++] = strtod(tok, NULL); /* f is that / 100, rounded */
	}
	return i == 3 ? 0 : -1;
}

/* add_vantage: DATA_DIR dir (named name; NULL: unnamed) after o's others. -1 when memory
 * runs out (printed). */
static int add_vantage(struct pipeline_opts *o, const char *dir, const char *name)
{
	const char **d = realloc(o->vantage_dirs, (o->n_vantages + 1) * sizeof(*d)), **n;

	if (d != NULL)
		o->vantage_dirs = d;
	n = d == NULL ? NULL : realloc(o->vantage_names, (o->n_vantages + 1) * sizeof(*n));
	if (n == NULL) {
		fprintf(stderr, "analyze: out of memory\n");
		return -1;
	}
	o->vantage_names = n;
	d[o->n_vantages] = dir;
	n[o->n_vantages++] = name;
	return 0;
}

/* parse_args: the flags into *o (its defaults set): 0 to go on, 1 when --help was given,
 * 2 for --version, -1 on a usage error (printed). */
/* take_checked: an option c whose value is a number or a share checked here (--repeat,
 * --min-samples, --alpha, --target-ci, --alert-min-change, --alert-false-rate) with its
 * argument arg into o: 0, -1 after saying what is wrong, 1 when c is none of them. */
static int take_checked(int c, char *arg, struct pipeline_opts *o)
{
	char *end;
	unsigned long v;

	switch (c) {
	case 'R':
		errno = 0;
		v = strtoul(arg, &end, 10);
		if (errno || end == arg || *end || v < 1 || v > 1000 || arg[0] == '-') {
			fprintf(stderr,
				"analyze: --repeat: '%s' is not a whole number from 1 to 1000\n",
				arg);
			return -1;
		}
		o->repeat = (int)v;
		break;
	case 'm':
		errno = 0;
		v = strtoul(arg, &end, 10);
		if (errno || end == arg || *end || v < 1 || v > 1000000 || arg[0] == '-') {
			fprintf(stderr,
				"analyze: --min-samples: '%s' is not a whole number "
				"from 1 to 1000000\n",
				arg);
			return -1;
		}
		o->min_samples = v;
		break;
	case 'a':
		if (parse_alpha(arg, &o->alpha) < 0) {
			fprintf(stderr,
				"analyze: --alpha: '%s' is not a number above 0 and "
				"at most 0.5\n",
				arg);
			return -1;
		}
		break;
	case 'X': {
		struct err pe = {{0}};

		if (units_parse_percent(arg, &o->target_ci, &pe) < 0 ||
		    !(o->target_ci > 0 && o->target_ci <= PLANNER_TARGET_MAX)) {
			fprintf(stderr, "analyze: --target-ci: %s\n",
				pe.msg[0] ? pe.msg : "a target above 0% and at most 50%, please");
			return -1;
		}
		break;
	}
	case 'M': {
		struct err pe = {{0}};

		if (units_parse_percent(arg, &o->alert_min_change, &pe) < 0 ||
		    !(o->alert_min_change < 1)) {
			fprintf(stderr, "analyze: --alert-min-change: %s\n",
				pe.msg[0] ? pe.msg : "100% would alert nothing");
			return -1;
		}
		break;
	}
	case 'F': {
		struct err pe = {{0}};

		if (units_parse_percent(arg, &o->alert_false_rate, &pe) < 0 ||
		    !(o->alert_false_rate > 0 && o->alert_false_rate < 1)) {
			fprintf(stderr, "analyze: --alert-false-rate: %s\n",
				pe.msg[0] ? pe.msg : "a rate above 0% and below 100%, please");
			return -1;
		}
		break;
	}
	default:
		return 1;
	}
	return 0;
}

/* take_option: the value-taking or flag option c (getopt's code) with its argument arg
 * into o: 0, -1 after saying what is wrong, 1 when c is none of them. */
static int take_option(int c, char *arg, struct pipeline_opts *o)
{
	switch (c) {
	case 'o':
		o->results_dir = arg;
		break;
	case 'r':
		o->recompute = 1;
		break;
	case 'G':
		o->hedge = 1;
		break;
	case 'J': {
		const char **logs = realloc(o->server_logs, (o->n_server_logs + 1) * sizeof(*logs));

		if (logs == NULL) {
			fprintf(stderr, "analyze: out of memory\n");
			return -1;
		}
		o->server_logs = logs;
		o->server_logs[o->n_server_logs++] = arg;
		break;
	}
	case 'W':
		o->warp_map = arg;
		break;
	case 'Y': {
		char *eq = strchr(arg, '=');

		if (eq == NULL || eq == arg || eq[1] == '\0') {
			fprintf(stderr, "analyze: --vantage: '%s' is not NAME=DATA_DIR\n", arg);
			return -1;
		}
		*eq = '\0';
		return add_vantage(o, eq + 1, arg);
	}
	case 'C':
		o->prices = arg;
		break;
	case 'B':
		o->baseline = arg;
		break;
	case 'H':
		o->history = arg;
		break;
	case 'P':
		o->metrics = arg;
		break;
	case 'S':
		o->sign_key = arg;
		break;
	case 'T':
		o->alerts = arg;
		break;
	case 'p':
		if (inclusion_policy_parse(arg, &o->policy) < 0) {
			fprintf(stderr,
				"analyze: --policy: '%s' is not mean, median, best or "
				"best-of-means\n",
				arg);
			return -1;
		}
		o->has_policy = 1;
		break;
	case 'L':
		if (parse_client_limits(arg, &o->climit) < 0) {
			fprintf(stderr,
				"analyze: --client-limits: '%s' is not CPU%%,NIC%%,RETRANS%% "
				"(like 90%%,90%%,1%%)\n",
				arg);
			return -1;
		}
		break;
	case 'K': {
		struct cellsel sel;
		struct err pe = {{0}};

		if (cellsel_parse(arg, &sel, &pe) < 0) {
			fprintf(stderr, "analyze: --alert-cells: %s\n", pe.msg);
			return -1;
		}
		o->alert_cells = arg;
		break;
	}
	default:
		return take_checked(c, arg, o);
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct pipeline_opts *o)
{
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'},
		{"policy", required_argument, NULL, 'p'},
		{"repeat", required_argument, NULL, 'R'},
		{"min-samples", required_argument, NULL, 'm'},
		{"alpha", required_argument, NULL, 'a'},
		{"target-ci", required_argument, NULL, 'X'},
		{"recompute", no_argument, NULL, 'r'},
		{"hedge", no_argument, NULL, 'G'},
		{"server-log", required_argument, NULL, 'J'},
		{"warp-map", required_argument, NULL, 'W'},
		{"vantage", required_argument, NULL, 'Y'},
		{"prices", required_argument, NULL, 'C'},
		{"baseline", required_argument, NULL, 'B'},
		{"history", required_argument, NULL, 'H'},
		{"alert-min-change", required_argument, NULL, 'M'},
		{"client-limits", required_argument, NULL, 'L'},
		{"metrics", required_argument, NULL, 'P'},
		{"sign", required_argument, NULL, 'S'},
		{"alerts", required_argument, NULL, 'T'},
		{"alert-false-rate", required_argument, NULL, 'F'},
		{"alert-cells", required_argument, NULL, 'K'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c, r;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return 1;
		case 'V':
			return 2;
		case ':':
			fprintf(stderr, "analyze: option %s needs a value\n", argv[optind - 1]);
			return -1;
		default:
			if ((r = take_option(c, optarg, o)) < 0)
				return -1;
			if (r > 0) {
				fprintf(stderr, "analyze: unknown option %s\n", argv[optind - 1]);
				return -1;
			}
		}
	}
	for (int i = optind; i < argc; i++)
		if (add_vantage(o, argv[i], NULL) < 0)
			return -1;
	if (o->n_vantages == 0) {
		fprintf(stderr, "analyze: DATA_DIR is missing\n");
		return -1;
	}
	o->data_dir = o->vantage_dirs[0];
	if (o->n_vantages == 1 && o->vantage_names[0] != NULL) {
		fprintf(stderr, "analyze: --vantage names one of several DATA_DIRs (one given)\n");
		return -1;
	}
	if (o->n_vantages >= 2 && o->results_dir == NULL) {
		fprintf(stderr, "analyze: several DATA_DIRs (vantages) need -o RESULTS_DIR\n");
		return -1;
	}
	if (o->has_policy && (o->policy == POLICY_BEST_OF_MEANS) != (o->repeat > 0)) {
		fprintf(stderr, o->repeat > 0
					? "analyze: --repeat applies to --policy "
					  "best-of-means only\n"
					: "analyze: --policy best-of-means needs --repeat N (the "
					  "cycles of a group)\n");
		return -1;
	}
	if (!o->has_policy && o->repeat > 0) {
		fprintf(stderr, "analyze: --repeat needs --policy best-of-means\n");
		return -1;
	}
	if (o->alerts && o->history == NULL) {
		fprintf(stderr, "analyze: --alerts needs --history (the lines come from the "
				"history's trend)\n");
		return -1;
	}
	if (o->recompute && o->warp_map) {
		fprintf(stderr, "analyze: --recompute applies to s3bench's own logs, not to "
				"Warp files\n");
		return -1;
	}
	return 0;
}

/* cli: the analysis's command line (also --verify's re-derivation, analyze/provenance/verify.h). */
static int cli(int argc, char **argv)
{
	struct pipeline_opts o;
	int r;

	optind = 0;
	pipeline_defaults(&o);
	if (warp_cli_take_engine(&argc, argv, &o.warp_engine) < 0)
		return EXITCODE_USAGE;
	r = parse_args(argc, argv, &o);
	if (r == 1) {
		usage(stdout);
		r = EXITCODE_OK;
	} else if (r == 2) {
		r = version_print(stdout, "s3bench-analyze");
	} else if (r < 0) {
		fprintf(stderr, "(analyze --help lists the options)\n");
		r = EXITCODE_USAGE;
	} else {
		r = pipeline_run(&o);
	}
	free(o.server_logs);
	free(o.vantage_dirs);
	free(o.vantage_names);
	return r;
}

int main(int argc, char **argv)
{
	/* --warp anywhere: Warp's own report from Warp files (analyze/warp/warp.h), which
	 * parses its own options and skips "--warp". */
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (warp_cli_is_mode(argv[i]))
			return warp_cli_main(argc, argv);
		if (strcmp(argv[i], "--warp-cmp") == 0)
			return warp_cmp_main(argc, argv);
		if (strcmp(argv[i], "--verify") == 0)
			return verify_main(argc, argv, cli);
	}
	return cli(argc, argv);
}
