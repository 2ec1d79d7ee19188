/* analyze/main.c: bin/analyze, the analyze stage's command line.
 *
 *   bin/analyze DATA_DIR [-o RESULTS_DIR] [--policy mean|median|best]
 *               [--min-samples N] [--alpha A] [--recompute] [--warp-map MAP]
 *               [--baseline OLD_RESULTS_DIR] [--history DB]
 *
 * Reads every run.json under DATA_DIR/runs (docs/FORMATS.md), or the Warp result
 * files under DATA_DIR (analyze/warp/warpdir.h) with --warp-map or when DATA_DIR has no
 * runs/ but Warp files, applies the inclusion
 * rule and the policy (docs/METHODOLOGY.md) and writes RESULTS_DIR/aggregate.json,
 * cells.csv and runs.csv. Exit codes: 0 ok; 1 partial (some files unreadable or a
 * recomputed summary disagreed: each named on stderr, the rest analyzed); 2 usage
 * error or fatal (nothing written). */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <jansson.h>

#include "analyze/baseline.h"
#include "analyze/cells.h"
#include "analyze/compare.h"
#include "analyze/history.h"
#include "analyze/inclusion.h"
#include "analyze/out.h"
#include "analyze/pool.h"
#include "analyze/runlog.h"
#include "analyze/scan.h"
#include "analyze/sizelabel.h"
#include "analyze/strv.h"
#include "analyze/timeseries.h"
#include "analyze/warp/warp.h"
#include "analyze/warp/warp_cmp.h"
#include "analyze/warp/warpdir.h"
#include "core/err.h"
#include "core/fsutil.h"
#include "core/timefmt.h"
#include "core/units.h"

enum {
	EXIT_OK = 0,
	EXIT_PARTIAL = 1,
	EXIT_USAGE = 2
};

struct opts {
	const char *data_dir;
	const char *results_dir; /* NULL: DATA_DIR/results */
	enum policy policy;
	size_t min_samples;
	double alpha; /* significance level of the comparisons */
	int recompute;
	const char *warp_map; /* --warp-map: DATA_DIR holds Warp result files */
	const char *baseline; /* --baseline OLD_RESULTS_DIR */
	const char *history;  /* --history DB */
};

static void usage(FILE *f)
{
	fputs("usage: analyze DATA_DIR [-o RESULTS_DIR] [--policy mean|median|best]\n"
	      "               [--min-samples N] [--alpha A] [--recompute] [--warp-map MAP]\n"
	      "               [--baseline OLD_RESULTS_DIR] [--history DB]\n"
	      "       analyze --warp ...      analyze MinIO Warp logs (see analyze --warp --help)\n"
	      "       analyze --warp-cmp BEFORE... -- AFTER...   two Warp runs compared per op\n"
	      "\n"
	      "Reads every run under DATA_DIR/runs (runs/cycle-NN/SUBJECT/RUN/run.json and\n"
	      "runs/once/SUBJECT/RUN/run.json), applies the inclusion rule and the policy, and\n"
	      "writes RESULTS_DIR/aggregate.json, cells.csv and runs.csv (each to a temporary\n"
	      "name, renamed when complete). Formulas: docs/METHODOLOGY.md.\n"
	      "\n"
	      "  -o, --output RESULTS_DIR  where to write (default DATA_DIR/results; created)\n"
	      "  --policy P                the figure a cell shows: mean (default) of its valid\n"
	      "                            runs, their median, or best = the highest single run\n"
	      "  --min-samples N           a cell with fewer than N valid runs shows no value\n"
	      "                            (its statistics stay, marked below_min_samples);\n"
	      "                            default 1\n"
	      "  --alpha A                 significance level of the comparisons behind the\n"
	      "                            leader claims, after Holm's adjustment over all of\n"
	      "                            them; 0 < A <= 0.5, default 0.05 (the intervals\n"
	      "                            stay 95 percent)\n"
	      "  --recompute               recompute each run's summary (and its latency\n"
	      "                            histograms) from its ops.tsv.zst instead of trusting\n"
	      "                            run.json; runs whose numbers differ from run.json\n"
	      "                            are named on stderr. Without it, a run.json that has\n"
	      "                            no histograms gets them from its ops.tsv.zst\n"
	      "  --warp-map MAP            DATA_DIR is a tree of Warp result files\n"
	      "                            (warp-*.json.zst, warp-*.csv.zst); MAP maps each\n"
	      "                            endpoint host to a subject (docs/FORMATS.md). Without\n"
	      "                            it, a DATA_DIR with Warp files and no runs/ is read\n"
	      "                            the same way, one subject per host\n"
	      "  --baseline OLD_RESULTS_DIR  compare every cell with the same cell of an earlier\n"
	      "                            analysis (OLD_RESULTS_DIR/aggregate.json, ours or of\n"
	      "                            a Warp directory): change ratio new/old with its 95 %\n"
	      "                            interval, Welch's p and Holm's adjusted p, written as\n"
	      "                            aggregate.json's \"baseline\"; an unreadable baseline\n"
	      "                            is a fatal error (exit 2)\n"
	      "  --history DB              record this analysis as a new build in the SQLite\n"
	      "                            history DB (created, or migrated from an older\n"
	      "                            schema; one transaction) and write RESULTS_DIR/\n"
	      "                            trend.json: the headline cells per build and the\n"
	      "                            latest build's significant changes (docs/FORMATS.md);\n"
	      "                            a history that cannot be written is a fatal error\n"
	      "                            (exit 2; the results files are written already)\n"
	      "  -h, --help                this text\n"
	      "\n"
	      "Subjects are ordered as the [subject ID] sections of DATA_DIR/campaign.ini,\n"
	      "else as they first appear in DATA_DIR/plan.tsv, else by id. When\n"
	      "SOURCE_DATE_EPOCH is set, aggregate.json's \"generated\" is that time\n"
	      "(reproducible output).\n"
	      "\n"
	      "Exit status: 0 all runs read; 1 partial: some run.json (or ops.tsv.zst with\n"
	      "--recompute) could not be read or disagreed, each named on stderr with the\n"
	      "reason, the rest analyzed and written; 2 usage error or fatal error (DATA_DIR\n"
	      "unreadable, results not writable): nothing complete written.\n",
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

/* parse_args: 0 to go on, 1 when --help was given, -1 on a usage error (printed). */
static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'},
		{"policy", required_argument, NULL, 'p'},
		{"min-samples", required_argument, NULL, 'm'},
		{"alpha", required_argument, NULL, 'a'},
		{"recompute", no_argument, NULL, 'r'},
		{"warp-map", required_argument, NULL, 'W'},
		{"baseline", required_argument, NULL, 'B'},
		{"history", required_argument, NULL, 'H'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	char *end;
	unsigned long v;
	int c;

	memset(o, 0, sizeof(*o));
	o->policy = POLICY_MEAN;
	o->min_samples = 1;
	o->alpha = CMP_ALPHA_DEFAULT;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->results_dir = optarg;
			break;
		case 'p':
			if (policy_parse(optarg, &o->policy) < 0) {
				fprintf(stderr,
					"analyze: --policy: '%s' is not mean, median or best\n",
					optarg);
				return -1;
			}
			break;
		case 'm':
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || v < 1 || v > 1000000 ||
			    optarg[0] == '-') {
				fprintf(stderr,
					"analyze: --min-samples: '%s' is not a whole number "
					"from 1 to 1000000\n",
					optarg);
				return -1;
			}
			o->min_samples = v;
			break;
		case 'a':
			if (parse_alpha(optarg, &o->alpha) < 0) {
				fprintf(stderr,
					"analyze: --alpha: '%s' is not a number above 0 and "
					"at most 0.5\n",
					optarg);
				return -1;
			}
			break;
		case 'r':
			o->recompute = 1;
			break;
		case 'W':
			o->warp_map = optarg;
			break;
		case 'B':
			o->baseline = optarg;
			break;
		case 'H':
			o->history = optarg;
			break;
		case 'h':
			return 1;
		case ':':
			fprintf(stderr, "analyze: option %s needs a value\n", argv[optind - 1]);
			return -1;
		default:
			fprintf(stderr, "analyze: unknown option %s\n", argv[optind - 1]);
			return -1;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "analyze: %s\n",
			argc - optind ? "one DATA_DIR, please" : "DATA_DIR is missing");
		return -1;
	}
	o->data_dir = argv[optind];
	if (o->recompute && o->warp_map) {
		fprintf(stderr, "analyze: --recompute applies to s3bench's own logs, not to "
				"Warp files\n");
		return -1;
	}
	return 0;
}

/* generated_time: now, or SOURCE_DATE_EPOCH when set (reproducible output). */
static void generated_time(char *buf, size_t n)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long t = -1;

	if (sde != NULL && *sde) {
		errno = 0;
		t = strtoll(sde, &end, 10);
		if (errno || *end || t < 0)
			t = -1;
	}
	if (t < 0)
		t = (long long)time(NULL);
	rfc3339_format(buf, n, (int64_t)t * 1000000000LL);
}

struct state {
	struct scan_list scan;
	struct scan_campaign camp;
	struct runlog *logs;
	size_t n_logs;
	struct out_unreadable *bad;
	char **bad_msgs; /* owns bad[i].error (n_bad strings) */
	size_t n_bad;
	int problems;           /* unreadable files and --recompute disagreements */
	struct warpdir_map map; /* Warp result files: the --warp-map */
	struct warpdir_result warp;
	int warp_mode;     /* DATA_DIR holds Warp result files */
	struct ts_list ts; /* aggregate.json "timeseries" (own logs only) */
};

/* note_bad: name an unreadable file on stderr and keep it for aggregate.json. */
static int note_bad(struct state *st, const char *rel, const char *msg)
{
	struct out_unreadable *nb = realloc(st->bad, (st->n_bad + 1) * sizeof(*nb));
	size_t n_msgs = st->n_bad;

	fprintf(stderr, "analyze: %s\n", msg);
	st->problems++;
	if (nb == NULL)
		return -1;
	st->bad = nb;
	if (strv_push(&st->bad_msgs, &n_msgs, msg) < 0)
		return -1;
	nb[st->n_bad].path = rel;
	nb[st->n_bad].error = st->bad_msgs[st->n_bad];
	st->n_bad++;
	return 0;
}

/* recompute_one: replace r's summary by the one recomputed from its ops.tsv.zst.
 * A problem is named on stderr and counted in st->problems: the numbers disagree
 * (the recomputed ones are used) or the log cannot be read (run.json's summary is
 * kept). Such a run stays analyzed; only the exit status says it. */
static void recompute_one(struct state *st, const struct opts *o, struct runlog *r)
{
	char file[PATH_MAX], diff[512];
	struct run_summary again;
	struct err e = {{0}};

	snprintf(file, sizeof(file), "%s/%s/ops.tsv.zst", o->data_dir, r->path);
	if (runlog_recompute_rate(file, r->wl.rate, r->wl.duration_s, &again, &e) < 0) {
		fprintf(stderr, "analyze: --recompute: %s (run.json's summary used)\n", e.msg);
		st->problems++;
		return;
	}
	if (runlog_compare(&r->summary, &again, diff, sizeof(diff))) {
		fprintf(stderr,
			"analyze: %s/%s/run.json: summary disagrees with ops.tsv.zst: %s "
			"(the recomputed numbers are used)\n",
			o->data_dir, r->path, diff);
		st->problems++;
	}
	if (again.has_rate && r->summary.has_rate) {
		/* the engine's figures: the ops log cannot show them */
		again.rate.peak_workers = r->summary.rate.peak_workers;
		again.rate.late_no_worker = r->summary.rate.late_no_worker;
	}
	summary_clear(&r->summary);
	r->summary = again;
}

/* label_sizes: each matrix run's size as the campaign spells it ([matrix] sizes of
 * DATA_DIR/campaign.ini: the entry that parses to the run's size). Returns -1 when out
 * of memory; sizes that match no entry keep no label. */
static int label_sizes(struct state *st)
{
	char *list, *save = NULL, *tok, label[SIZE_LABEL_MAX];
	int rc = 0;

	if (st->camp.sizes == NULL)
		return 0;
	if ((list = strdup(st->camp.sizes)) == NULL)
		return -1;
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		uint64_t bytes;
		struct err e = {{0}};

		while (*tok == ' ' || *tok == '\t')
			tok++;
		if (units_parse_size(tok, &bytes, &e) < 0 || size_label(tok, label, sizeof(label)))
			continue;
		for (size_t i = 0; i < st->n_logs; i++) {
			struct runlog *l = &st->logs[i];

			if (l->cycle > 0 && l->size == bytes && l->size_label == NULL &&
			    (l->size_label = strdup(label)) == NULL)
				rc = -1;
		}
	}
	free(list);
	return rc;
}

/* read_all: every run.json found; unreadable ones are noted (st->problems).
 * Returns -1 when out of memory. */
static int read_all(struct state *st, const struct opts *o)
{
	size_t rebuilt = 0;

	st->logs = calloc(st->scan.n ? st->scan.n : 1, sizeof(*st->logs));
	if (st->logs == NULL)
		return -1;
	for (size_t i = 0; i < st->scan.n_problems; i++)
		if (note_bad(st, st->scan.problems[i], st->scan.problems[i]) < 0)
			return -1;
	for (size_t i = 0; i < st->scan.n; i++) {
		struct err e = {{0}};
		struct runlog *log = &st->logs[st->n_logs];
		int r = 0;

		if (runlog_read(st->scan.v[i].file, st->scan.v[i].rel, log, &e) < 0) {
			if (note_bad(st, st->scan.v[i].rel, e.msg) < 0)
				return -1;
			continue;
		}
		st->n_logs++;
		if (o->recompute && log->has_summary)
			recompute_one(st, o, log);
		else if ((r = pool_fill_run(log, o->data_dir, &e)) < 0) {
			fprintf(stderr,
				"analyze: note: %s (its cell's pooled latency falls back "
				"to the runs' own percentiles)\n",
				e.msg);
			/* an unreadable log is the data's; memory running out is not, and the
			 * output then differs from a full run's: exit 1 says so */
			if (strstr(e.msg, "out of memory"))
				st->problems++;
		}
		rebuilt += r > 0;
	}
	if (rebuilt > 0)
		fprintf(stderr,
			"analyze: note: %zu run.json files have no latency histogram "
			"(written before they existed): rebuilt from their ops.tsv.zst\n",
			rebuilt);
	return 0;
}

/* results_dir: where the results go (-o, else DATA_DIR/results) into dir. */
static void results_dir(const struct opts *o, char *dir, size_t n)
{
	if (o->results_dir)
		snprintf(dir, n, "%s", o->results_dir);
	else
		snprintf(dir, n, "%s/results", o->data_dir);
}

static int write_results(const struct state *st, const struct opts *o, const struct aggregate *a,
			 const struct baseline *base, struct err *e)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], when[RFC3339_MAX];
	struct out_meta m = {0};

	results_dir(o, dir, sizeof(dir));
	if (fs_mkdirs(dir, e) < 0)
		return -1;
	generated_time(when, sizeof(when));
	m.generated = when;
	m.order = st->camp.order;
	m.unreadable = st->bad;
	m.n_unreadable = st->n_bad;
	m.source = st->warp_mode ? "warp" : NULL;
	m.timeseries = &st->ts;
	m.baseline = base->doc ? base : NULL;
	snprintf(path, sizeof(path), "%s/cells.csv", dir);
	if (out_csv_cells(a, path, e) < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/runs.csv", dir);
	if (out_csv_runs(a, path, e) < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/aggregate.json", dir);
	if (out_json_write(a, &m, path, e) < 0)
		return -1;
	fprintf(stderr,
		"analyze: %zu runs read (%zu files unreadable), %zu cells, %zu one-off rows "
		"-> %s\n",
		st->n_logs, st->n_bad, a->n_cells, a->n_ops, path);
	if (m.baseline)
		fprintf(stderr, "analyze: against the baseline %s: %zu significant changes\n",
			base->path, m.baseline_significant);
	return 0;
}

/* record_history: --history: the aggregate.json just written recorded as a build of
 * the database, then RESULTS_DIR/trend.json from it. */
static int record_history(const struct opts *o, double alpha, struct err *e)
{
	char dir[PATH_MAX], path[PATH_MAX + 32];
	long long id = 0;
	size_t n_reg = 0;
	json_error_t je;
	json_t *agg;
	int rc;

	results_dir(o, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/aggregate.json", dir);
	agg = json_load_file(path, 0, &je);
	if (agg == NULL)
		return err_set(e, "%s: line %d: %s", path, je.line, je.text);
	rc = history_record(o->history, agg, dir, &id, e);
	json_decref(agg);
	if (rc < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/trend.json", dir);
	if (history_trend(o->history, id, alpha, path, &n_reg, e) < 0)
		return -1;
	fprintf(stderr,
		"analyze: history %s: build %lld recorded; %zu significant regressions "
		"-> %s\n",
		o->history, id, n_reg, path);
	return 0;
}

/* read_warp: the runs of a DATA_DIR of Warp result files (analyze/warp/warpdir.h) into
 * st; notes and unreadable runs are printed. -1 on a fatal error (printed). */
static int read_warp(struct state *st, const struct opts *o)
{
	struct err e = {{0}};

	if (o->warp_map && warpdir_map_read(o->warp_map, &st->map, &e) < 0) {
		fprintf(stderr, "analyze: --warp-map: %s\n", e.msg);
		return -1;
	}
	if (warpdir_read(o->data_dir, o->warp_map ? &st->map : NULL, &st->warp, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		return -1;
	}
	if (st->warp.n_logs == 0)
		fprintf(stderr, "analyze: note: no Warp run to analyze under %s\n", o->data_dir);
	for (size_t i = 0; i < st->warp.n_notes; i++)
		fprintf(stderr, "analyze: note: %s\n", st->warp.notes[i]);
	for (size_t i = 0; i < st->warp.n_bad; i++)
		if (note_bad(st, st->warp.bad[i].path, st->warp.bad[i].error) < 0) {
			fprintf(stderr, "analyze: out of memory\n");
			return -1;
		}
	st->logs = st->warp.logs; /* st owns them from here */
	st->n_logs = st->warp.n_logs;
	st->warp.logs = NULL;
	st->warp.n_logs = 0;
	return 0;
}

/* is_warp_dir: --warp-map given, or no DATA_DIR/runs but Warp files in DATA_DIR. */
static int is_warp_dir(const struct opts *o)
{
	char path[PATH_MAX];
	struct stat sb;

	if (o->warp_map)
		return 1;
	snprintf(path, sizeof(path), "%s/runs", o->data_dir);
	return stat(path, &sb) != 0 && warpdir_has_files(o->data_dir);
}

static void note_timeseries(const char *msg)
{
	fprintf(stderr, "analyze: note: %s\n", msg);
}

static int analyze(const struct opts *o)
{
	struct state st = {0};
	struct aggregate *a = NULL;
	struct agg_options ao = {0};
	struct baseline base = {0};
	struct err e = {{0}};
	int rc = EXIT_USAGE;

	if (o->baseline && baseline_load(o->baseline, &base, &e) < 0) {
		fprintf(stderr, "analyze: --baseline: %s\n", e.msg);
		goto done;
	}
	if (is_warp_dir(o)) {
		st.warp_mode = 1;
		if (read_warp(&st, o) < 0)
			goto done;
		ao.subject_order = st.warp.subject_order;
		ao.n_subject_order = st.warp.n_subject_order;
		goto build;
	}
	if (scan_campaign(o->data_dir, &st.camp, &e) < 0) {
		char msg[ERR_MSG_MAX + 64];

		snprintf(msg, sizeof(msg), "%s (subject order and cycles taken from the runs)",
			 e.msg);
		if (note_bad(&st, "campaign.ini", msg) < 0) {
			fprintf(stderr, "analyze: out of memory\n");
			goto done;
		}
	}
	if (scan_runs(o->data_dir, &st.scan, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		goto done;
	}
	if (st.scan.n == 0)
		fprintf(stderr, "analyze: note: no run.json under %s/runs\n", o->data_dir);
	for (size_t i = 0; i < st.scan.n_incomplete; i++)
		fprintf(stderr, "analyze: note: %s has no run.json (incomplete run), skipped\n",
			st.scan.incomplete[i]);
	if (read_all(&st, o) < 0 || label_sizes(&st) < 0) {
		fprintf(stderr, "analyze: out of memory\n");
		goto done;
	}
	ao.subject_order = (const char *const *)st.camp.subjects;
	ao.n_subject_order = st.camp.n_subjects;
build:
	ao.policy = o->policy;
	ao.min_samples = o->min_samples;
	ao.alpha = o->alpha;
	ao.cycles = st.camp.cycles;
	a = aggregate_build(st.logs, st.n_logs, &ao, &e);
	if (a != NULL && !st.warp_mode &&
	    timeseries_build(a, o->data_dir, &st.ts, note_timeseries, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		goto done;
	}
	if (a == NULL || write_results(&st, o, a, &base, &e) < 0 ||
	    (o->history && record_history(o, a->alpha, &e) < 0)) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		goto done;
	}
	rc = st.problems ? EXIT_PARTIAL : EXIT_OK;
done:
	baseline_clear(&base);
	aggregate_free(a);
	timeseries_clear(&st.ts);
	for (size_t i = 0; i < st.n_logs; i++)
		runlog_clear(&st.logs[i]);
	free(st.logs);
	strv_free(st.bad_msgs, st.n_bad);
	free(st.bad);
	scan_list_clear(&st.scan);
	scan_campaign_clear(&st.camp);
	warpdir_result_clear(&st.warp);
	warpdir_map_clear(&st.map);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	int r;

	/* --warp anywhere: Warp's own report from Warp files (analyze/warp/warp.h), which
	 * parses its own options and skips "--warp". */
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--warp") == 0)
			return warp_cli_main(argc, argv);
		if (strcmp(argv[i], "--warp-cmp") == 0)
			return warp_cmp_main(argc, argv);
	}
	r = parse_args(argc, argv, &o);
	if (r == 1) {
		usage(stdout);
		return EXIT_OK;
	}
	if (r < 0) {
		fprintf(stderr, "(analyze --help lists the options)\n");
		return EXIT_USAGE;
	}
	return analyze(&o);
}
