/* collect/main.c: bin/collect, the collect stage's command line (usage in --help). */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "collect/campaign.h"
#include "collect/clean.h"
#include "collect/outdir.h"
#include "collect/plan.h"
#include "collect/progress.h"
#include "collect/runjson.h"
#include "collect/runner.h"
#include "core/summary.h"
#include "core/timefmt.h"
#include "core/units.h"

enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_LOCKED = 3, EXIT_INTERRUPTED = 130 };

/* The one piece of global mutable state: set by SIGINT/SIGTERM. */
static volatile sig_atomic_t g_stop;

static void on_signal(int sig)
{
	(void)sig;
	g_stop = 1;
}

static const char usage_text[] =
"usage: collect CAMPAIGN.ini [-o DIR] [--only SUBJECT,...] [--cycles N | --cycle N]\n"
"               [--resume] [--dry-run] [--insecure]\n"
"       collect run --endpoint URL --bucket NAME [--region R] [--path-style] [--insecure]\n"
"               --op OP --size SIZE --concurrency N (--duration D | --count N | --until-done)\n"
"               [--objects N] [--batch N] [--part-size SIZE] [--timeout D] [--keep] -o DIR\n"
"       collect clean DIR | CAMPAIGN.ini [-o DIR]\n"
"\n"
"Measures S3 endpoints and writes raw run logs (docs/FORMATS.md).\n"
"\n"
"Campaign mode runs every cycle of the campaign's [matrix] (ops x sizes x concurrency for\n"
"each subject) and its one-off [list] [head] [delete] [multipart] benchmarks (in the first\n"
"cycle, under runs/once/). Keys of the campaign file: docs/CAMPAIGN.md.\n"
"  -o, --output DIR     output directory (default: out/CAMPAIGN_NAME); gets campaign.ini,\n"
"                       plan.tsv and runs/cycle-NN/SUBJECT/OP-SIZE-cCONC/{run.json,ops.tsv.zst}\n"
"      --only LIST      only these subjects (comma-separated ids)\n"
"      --cycles N       run cycles 1..N instead of the campaign's number\n"
"      --cycle N        run only cycle N (one cycle a day from a scheduler)\n"
"      --resume         skip the runs already recorded in DIR; redo incomplete and\n"
"                       interrupted ones (without it, DIR must not hold runs of the plan)\n"
"      --dry-run        print the run plan and the expected time, measure nothing\n"
"      --insecure       do not verify TLS certificates (every subject)\n"
"\n"
"Run mode measures one run. Credentials come from the environment as for the AWS CLI:\n"
"AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY [/ AWS_SESSION_TOKEN], else the profile named by\n"
"AWS_PROFILE (or default) in ~/.aws/credentials. Writes DIR/run.json and DIR/ops.tsv.zst\n"
"and prints the run's summary. Before it starts, what an earlier run in DIR killed before its\n"
"cleanup left in its bucket is deleted.\n"
"      --endpoint URL   http(s)://host[:port]\n"
"      --bucket NAME    the bucket (created when missing)\n"
"      --region R       signing region (default: AWS_REGION, AWS_DEFAULT_REGION, us-east-1)\n"
"      --path-style     path-style URLs (default: virtual-hosted for *.amazonaws.com,\n"
"                       path style for every other endpoint)\n"
"      --insecure       do not verify the TLS certificate\n"
"      --op OP          put, get, head, list, delete, multipart\n"
"      --size SIZE      object size: 123, 4KiB, 5MiB, 1GB ...\n"
"      --concurrency N  workers, 1..1024\n"
"      --duration D     measure for D (30s, 5m, 1h30m), or\n"
"      --count N        N requests per worker, or\n"
"      --until-done     until every prepared object is handled (delete)\n"
"      --objects N      objects to prepare (get, head, list, delete; default 100)\n"
"      --batch N        keys per multi-object delete (1 = one DELETE per object)\n"
"      --part-size SIZE multipart part size (at least 5MiB)\n"
"      --timeout D      wall-clock limit of the run (default: 2 x duration + 60s, or 30m)\n"
"      --keep           leave the objects in the bucket\n"
"  -o, --output DIR     the run's directory\n"
"\n"
"  -h, --help           this text\n"
"\n"
"Clean mode deletes what killed runs left in their buckets (collect clean --help).\n"
"\n"
"Exit status: 0 every run complete; 1 some runs failed (each is recorded in its run.json);\n"
"2 usage or campaign error; 3 the output directory is locked by another collector;\n"
"130 stopped by SIGINT/SIGTERM (the current run recorded as interrupted; --resume goes on).\n";

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* usage_error: print "collect: MSG" and the hint; returns EXIT_USAGE. */
static int usage_error(const char *msg)
{
	fprintf(stderr, "collect: %s\n(collect --help lists every option)\n", msg);
	return EXIT_USAGE;
}

static int parse_int_arg(const char *opt, const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < min || v > max) {
		fprintf(stderr, "collect: %s: '%s' is not a whole number from %ld to %ld\n", opt,
			s, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

/* parse_duration_arg: a positive duration for option opt; -1 after printing why not. */
static int parse_duration_arg(const char *opt, const char *s, double *out)
{
	struct err e;

	if (units_parse_duration(s, out, &e) < 0) {
		fprintf(stderr, "collect: %s: %s\n", opt, e.msg);
		return -1;
	}
	if (!(*out > 0)) {
		fprintf(stderr, "collect: %s: '%s' is not a positive duration\n", opt, s);
		return -1;
	}
	return 0;
}

static uint64_t make_seed(void)
{
	uint64_t s = (uint64_t)time_now_ns() ^ ((uint64_t)getpid() << 32);

	return s % 1000000000000ULL; /* short enough to type back into a campaign */
}

/* recorded_failed: 1 when OUT/id/run.json says the run failed. */
static int recorded_failed(const struct outdir *od, const char *id)
{
	char path[4096];
	json_t *j;
	const char *status;
	int failed;

	if (snprintf(path, sizeof(path), "%s/%s/run.json", outdir_root(od), id) >=
	    (int)sizeof(path))
		return 1;
	j = json_load_file(path, 0, NULL);
	status = json_string_value(json_object_get(j, "status"));
	failed = status == NULL || strcmp(status, "complete") != 0;
	json_decref(j);
	return failed;
}

static void live_cb(const struct engine_live *live, void *arg)
{
	progress_tick(arg, live);
}

/* do_run: one run in `dir` (already prepared) and its run.json. Returns 0 complete,
 * 1 failed, -1 when the run could not be carried out or recorded (message in e). */
static int do_run(const struct runjson_input *tmpl, const char *dir, const char *prefix,
		  int close_fd, struct progress *pg, struct runner_result *rr, struct err *e)
{
	struct runner_job job;
	struct runjson_input in = *tmpl;
	json_t *j = NULL;
	char pfile[4096];
	int rc = -1;

	/* the run's key prefix, for a later --resume to clean up after a killed collector
	 * (removed with the state file when the run is recorded) */
	if (snprintf(pfile, sizeof(pfile), "%s/.prefix", dir) >= (int)sizeof(pfile) ||
	    outdir_write_file(pfile, prefix, strlen(prefix), e) < 0)
		return -1;
	memset(&job, 0, sizeof(job));
	job.dir = dir;
	job.subject = tmpl->subject;
	job.wl = tmpl->wl;
	job.timeout_s = tmpl->timeout_s;
	job.prefix = prefix;
	job.stop = &g_stop;
	job.close_fd = close_fd;
	job.on_live = pg ? live_cb : NULL;
	job.live_arg = pg;
	if (runner_exec(&job, rr, e) < 0)
		return -1;
	in.st = &rr->st;
	in.wrapper = &rr->wrapper;
	in.cls = rr->cls;
	in.complete = rr->complete;
	j = runjson_build(&in);
	if (j == NULL) {
		err_set(e, "%s: cannot build run.json (out of memory)", dir);
		goto out;
	}
	if (runjson_write(dir, j, e) < 0)
		goto out;
	outdir_remove_temps(dir);
	rc = rr->complete ? 0 : 1;
out:
	json_decref(j);
	return rc;
}

/* sweep_earlier: before a run is redone, delete what an earlier attempt left in the
 * bucket when that collector was killed (the prefix it recorded in RUNDIR/.prefix). Says
 * what happened on the progress output; a failure does not stop the campaign. */
static void sweep_earlier(const struct campaign *c, const struct plan_run *r,
			  const char *dir, int lock_fd, struct progress *pg)
{
	char path[4096], prefix[512];
	struct runner_job job;
	struct err e;
	FILE *f;
	size_t n;

	if (snprintf(path, sizeof(path), "%s/.prefix", dir) >= (int)sizeof(path) ||
	    (f = fopen(path, "r")) == NULL)
		return;
	n = fread(prefix, 1, sizeof(prefix) - 1, f);
	fclose(f);
	prefix[n] = '\0';
	/* only a prefix this collector writes: s3bench/.../ on one line */
	if (n < 10 || strncmp(prefix, "s3bench/", 8) != 0 || prefix[n - 1] != '/' ||
	    strpbrk(prefix, "\n\r") != NULL)
		return;
	memset(&job, 0, sizeof(job));
	job.dir = dir;
	job.subject = &c->subjects[r->subject];
	job.wl = &r->wl;
	job.timeout_s = r->timeout_s;
	job.prefix = prefix;
	job.stop = &g_stop;
	job.close_fd = lock_fd;
	if (runner_sweep(&job, &e) == 0)
		progress_note(pg, "collect: %s: removed what an unfinished earlier attempt left "
			      "under %s/%s", r->id, job.subject->bucket, prefix);
	else
		progress_note(pg, "collect: %s: %s: objects an unfinished earlier attempt left "
			      "may remain there", r->id, e.msg);
}

static void report_end(struct progress *pg, const struct runner_result *rr)
{
	struct run_summary s;
	double mib = -1, obj = -1;

	if (rr->complete && summary_from_json(rr->st.summary, &s, NULL) == 0) {
		mib = s.mib_s;
		obj = s.obj_s;
	}
	progress_run_end(pg, rr->wrapper.interrupted ? "interrupted"
			 : rr->complete ? "complete" : "failed",
			 err_class_name(rr->cls), mib, obj, (unsigned long long)rr->st.errors,
			 rr->st.n_first ? rr->st.first[0] : NULL, rr->wrapper.elapsed_s);
}

struct campaign_args {
	const char *campaign, *out, *only;
	int cycles, cycle, resume, dry_run, insecure;
};

static int campaign_main(const struct campaign_args *a)
{
	struct campaign *c = NULL;
	struct plan *p = NULL;
	struct outdir *od = NULL;
	struct progress *pg = NULL;
	struct plan_filter f;
	struct err e;
	char outbuf[4096], path[4096], dir[4096];
	char *tsv = NULL;
	size_t tsv_len = 0;
	int rc = EXIT_USAGE, failed = 0, orc;

	c = campaign_load(a->campaign, &e);
	if (c == NULL) {
		fprintf(stderr, "collect: %s\n", e.msg);
		goto out;
	}
	if (a->insecure)
		for (int i = 0; i < c->n_subjects; i++)
			c->subjects[i].insecure = 1;
	if (a->out == NULL)
		snprintf(outbuf, sizeof(outbuf), "out/%s", c->name);
	else
		snprintf(outbuf, sizeof(outbuf), "%s", a->out);
	memset(&f, 0, sizeof(f));
	f.only = a->only;
	f.cycles = a->cycles;
	f.cycle = a->cycle;
	f.seed = make_seed();
	snprintf(path, sizeof(path), "%s/plan.tsv", outbuf);
	/* a random order without a seed keeps the one of an earlier plan.tsv in DIR, so a
	 * resumed campaign and cycles run one by one (--cycle N) share one seed */
	if (c->order == CMP_ORDER_RANDOM && !c->has_seed)
		plan_read_seed(path, &f.seed, NULL);
	p = plan_build(c, &f, &e);
	if (p == NULL) {
		fprintf(stderr, "collect: %s\n", e.msg);
		goto out;
	}
	if (a->dry_run) {
		plan_print(p, c, stdout);
		rc = EXIT_OK;
		goto out;
	}
	orc = outdir_open(outbuf, &od, &e);
	if (orc != 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = orc == OUTDIR_LOCKED ? EXIT_LOCKED : EXIT_USAGE;
		goto out;
	}
	if (!a->resume)
		for (int i = 0; i < p->n; i++)
			if (outdir_run_state(od, p->runs[i].id) != RUN_ABSENT) {
				fprintf(stderr, "collect: %s already holds %s of this plan; use "
					"--resume to go on, or another -o DIR\n", outbuf,
					p->runs[i].id);
				goto out;
			}
	FILE *mf = open_memstream(&tsv, &tsv_len);
	if (mf == NULL || plan_write_tsv(p, c, mf, &e) < 0) {
		if (mf)
			fclose(mf);
		fprintf(stderr, "collect: %s: cannot build plan.tsv\n", outbuf);
		goto out;
	}
	fclose(mf);
	snprintf(dir, sizeof(dir), "%s/campaign.ini", outbuf);
	if (outdir_copy_file(a->campaign, dir, &e) < 0 ||
	    outdir_write_file(path, tsv, tsv_len, &e) < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		goto out;
	}
	pg = progress_new(stderr, isatty(STDERR_FILENO), p->n);
	if (pg == NULL) {
		fprintf(stderr, "collect: out of memory\n");
		goto out;
	}
	rc = EXIT_OK;
	for (int k = 0; k < p->n && !g_stop; k++) {
		const struct plan_run *r = &p->runs[k];
		enum run_dir_state rs = outdir_run_state(od, r->id);
		struct runner_result rr;
		struct runjson_input in;
		char prefix[PLAN_ID_MAX + 128];
		int one;

		if (rs == RUN_COMPLETE) {
			failed |= recorded_failed(od, r->id);
			continue;
		}
		if (rs == RUN_INCOMPLETE && !r->wl.keep &&
		    outdir_path(od, r->id, dir, sizeof(dir), NULL) == 0)
			sweep_earlier(c, r, dir, outdir_lock_fd(od), pg);
		if (outdir_prepare_run(od, r->id, dir, sizeof(dir), &e) < 0) {
			fprintf(stderr, "collect: %s\n", e.msg);
			rc = EXIT_USAGE;
			break;
		}
		snprintf(prefix, sizeof(prefix), "s3bench/%s/%s/%llx/", c->name,
			 r->id + strlen("runs/"),
			 (unsigned long long)(time_now_ns() & 0xffffffffffffULL));
		memset(&in, 0, sizeof(in));
		in.campaign = c;
		in.cycle = r->cycle;
		in.subject = &c->subjects[r->subject];
		in.wl = &r->wl;
		in.timeout_s = r->timeout_s;
		progress_run_start(pg, k + 1, r->id, in.subject->id, &r->wl,
				   plan_total_expected(p, k + 1, NULL));
		one = do_run(&in, dir, prefix, outdir_lock_fd(od), pg, &rr, &e);
		if (one < 0) {
			progress_note(pg, "collect: %s", e.msg);
			failed = 1;
		} else {
			report_end(pg, &rr);
			failed |= one;
		}
		runner_result_clear(&rr);
	}
	if (g_stop) {
		progress_note(pg, "collect: stopped; the current run is recorded as interrupted;"
			      " run again with --resume to go on");
		rc = EXIT_INTERRUPTED;
	} else if (rc == EXIT_OK && failed) {
		rc = EXIT_FAILED;
	}
out:
	free(tsv);
	progress_free(pg);
	outdir_free(od);
	plan_free(p);
	campaign_free(c);
	return rc;
}

static void print_lat(const char *name, const struct lat_stats *l)
{
	printf(" * %s: Avg: %.1fms, 50%%: %.1fms, 90%%: %.1fms, 99%%: %.1fms, Fastest: %.1fms, "
	       "Slowest: %.1fms, StdDev: %.1fms\n", name, l->avg, l->p50, l->p90, l->p99, l->min,
	       l->max, l->stddev);
}

/* print_summary: the run's numbers in the shape of Warp's report. */
static void print_summary(const struct runner_result *rr, const struct workload *wl)
{
	struct run_summary s;
	char ran[UNITS_DURATION_MAX], span[128];
	char opname[32];

	snprintf(opname, sizeof(opname), "%s", plan_op_dir_name(wl->op));
	for (char *q = opname; *q; q++)
		*q = (char)(*q >= 'a' && *q <= 'z' ? *q - 32 : *q);
	if (!rr->complete || summary_from_json(rr->st.summary, &s, NULL) < 0) {
		printf("Report: %s. Concurrency: %d. No summary: run %s (%s)\n", opname,
		       wl->concurrency, "failed", err_class_name(rr->cls));
		for (int i = 0; i < rr->st.n_first; i++)
			printf(" * %s\n", rr->st.first[i]);
		return;
	}
	printf("Report: %s. Concurrency: %d. Ran: %s\n", opname, wl->concurrency,
	       units_format_duration(s.completion_s, ran, sizeof(ran)));
	summary_span_text(&s, span, sizeof(span));
	if (wl->op == WL_HEAD || wl->op == WL_DELETE || wl->op == WL_LIST)
		printf(" * Average: %.2f obj/s (%s)\n", s.obj_s, span);
	else
		printf(" * Average: %.2f MiB/s, %.2f obj/s (%s)\n", s.mib_s, s.obj_s, span);
	printf(" * Requests: %llu, errors: %llu, objects: %llu, bytes: %llu\n",
	       (unsigned long long)s.requests, (unsigned long long)s.errors,
	       (unsigned long long)s.objects, (unsigned long long)s.bytes);
	print_lat("Reqs", &s.latency);
	if (s.has_ttfb)
		print_lat("TTFB", &s.ttfb);
	if (s.seg_count > 0) {
		printf("\nThroughput, split into %d x 1s:\n", s.seg_count);
		printf(" * Fastest: %.1fMiB/s, %.2f obj/s\n", s.fastest.mib_s, s.fastest.obj_s);
		printf(" * 50%% Median: %.1fMiB/s, %.2f obj/s\n", s.median.mib_s, s.median.obj_s);
		printf(" * Slowest: %.1fMiB/s, %.2f obj/s\n", s.slowest.mib_s, s.slowest.obj_s);
	}
}

static int run_main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"endpoint", required_argument, 0, 'E'}, {"bucket", required_argument, 0, 'B'},
		{"region", required_argument, 0, 'R'}, {"path-style", no_argument, 0, 'P'},
		{"insecure", no_argument, 0, 'I'}, {"op", required_argument, 0, 'O'},
		{"size", required_argument, 0, 'S'}, {"concurrency", required_argument, 0, 'C'},
		{"duration", required_argument, 0, 'D'}, {"count", required_argument, 0, 'N'},
		{"until-done", no_argument, 0, 'U'}, {"objects", required_argument, 0, 'J'},
		{"batch", required_argument, 0, 'b'}, {"part-size", required_argument, 0, 'p'},
		{"timeout", required_argument, 0, 'T'}, {"keep", no_argument, 0, 'K'},
		{"output", required_argument, 0, 'o'}, {"help", no_argument, 0, 'h'},
		{0, 0, 0, 0},
	};
	struct cmp_subject subj;
	struct workload wl;
	struct runjson_input in;
	struct runner_result rr;
	struct outdir *od = NULL;
	struct err e;
	const char *out = NULL, *op = NULL, *size = NULL;
	double timeout_s = 0;
	int nbounds = 0, ch, rc = EXIT_USAGE, orc;
	long v;
	char prefix[128], path[4096];

	memset(&subj, 0, sizeof(subj));
	memset(&wl, 0, sizeof(wl));
	memset(&rr, 0, sizeof(rr));
	subj.id = "run";
	subj.path_style = -1;
	snprintf(subj.color, sizeof(subj.color), "#1f77b4");
	wl.concurrency = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'E': subj.endpoint = optarg; break;
		case 'B': subj.bucket = optarg; break;
		case 'R': subj.region = optarg; break;
		case 'P': subj.path_style = 1; break;
		case 'I': subj.insecure = 1; break;
		case 'O': op = optarg; break;
		case 'S': size = optarg; break;
		case 'C':
			if (parse_int_arg("--concurrency", optarg, 1, 1024, &v) < 0)
				return EXIT_USAGE;
			wl.concurrency = (int)v;
			break;
		case 'D':
			if (parse_duration_arg("--duration", optarg, &wl.duration_s) < 0)
				return EXIT_USAGE;
			wl.bound = WL_BOUND_DURATION;
			nbounds++;
			break;
		case 'N':
			if (parse_int_arg("--count", optarg, 1, 1000000000L, &v) < 0)
				return EXIT_USAGE;
			wl.count = (uint64_t)v;
			wl.bound = WL_BOUND_COUNT;
			nbounds++;
			break;
		case 'U': wl.bound = WL_BOUND_UNTIL_DONE; nbounds++; break;
		case 'J':
			if (parse_int_arg("--objects", optarg, 1, 100000000L, &v) < 0)
				return EXIT_USAGE;
			wl.objects = (uint64_t)v;
			break;
		case 'b':
			if (parse_int_arg("--batch", optarg, 1, 1000, &v) < 0)
				return EXIT_USAGE;
			wl.batch = (int)v;
			break;
		case 'p':
			if (units_parse_size(optarg, &wl.part_size, &e) < 0) {
				fprintf(stderr, "collect: --part-size: %s\n", e.msg);
				return EXIT_USAGE;
			}
			break;
		case 'T':
			if (parse_duration_arg("--timeout", optarg, &timeout_s) < 0)
				return EXIT_USAGE;
			break;
		case 'K': wl.keep = 1; break;
		case 'o': out = optarg; break;
		case 'h': fputs(usage_text, stdout); return EXIT_OK;
		default: return usage_error("run: unknown option");
		}
	}
	if (optind < argc)
		return usage_error("run: unexpected argument");
	if (!subj.endpoint || !subj.bucket || !op || !size || !wl.concurrency || !out)
		return usage_error("run needs --endpoint, --bucket, --op, --size, --concurrency "
				   "and -o DIR");
	if (nbounds != 1)
		return usage_error("run needs exactly one of --duration, --count, --until-done");
	if (strncmp(subj.endpoint, "http://", 7) != 0 && strncmp(subj.endpoint, "https://", 8))
		return usage_error("--endpoint: not an http:// or https:// URL");
	wl.op = WL_OP_COUNT;
	for (int i = 0; i < WL_OP_COUNT; i++)
		if (strcasecmp(op, plan_op_dir_name((enum wl_op)i)) == 0)
			wl.op = (enum wl_op)i;
	if (wl.op == WL_OP_COUNT)
		return usage_error("--op: not one of put, get, head, list, delete, multipart");
	if (units_parse_size(size, &wl.size, &e) < 0) {
		fprintf(stderr, "collect: --size: %s\n", e.msg);
		return EXIT_USAGE;
	}
	if (wl.bound == WL_BOUND_UNTIL_DONE && wl.op != WL_DELETE)
		return usage_error("--until-done is for --op delete");
	if (wl.op == WL_MULTIPART && wl.part_size == 0)
		wl.part_size = 5ULL << 20;
	if (timeout_s == 0)
		timeout_s = wl.bound == WL_BOUND_DURATION ? 2 * wl.duration_s + 60 : 1800;
	if (wl.bound == WL_BOUND_DURATION && timeout_s <= wl.duration_s)
		return usage_error("--timeout: not longer than --duration");
	if (subj.region == NULL)
		subj.region = getenv("AWS_REGION");
	if (subj.region == NULL || !subj.region[0])
		subj.region = getenv("AWS_DEFAULT_REGION");
	if (subj.region == NULL || !subj.region[0])
		subj.region = "us-east-1";
	if (subj.path_style < 0)
		subj.path_style = strstr(subj.endpoint, ".amazonaws.com") == NULL;
	subj.label = subj.endpoint;
	subj.cred_kind = CMP_CRED_DEFAULT;

	orc = outdir_open(out, &od, &e);
	if (orc != 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return orc == OUTDIR_LOCKED ? EXIT_LOCKED : EXIT_USAGE;
	}
	/* the longest name this function builds in path */
	if (strlen(out) + sizeof("/ops.tsv.zst") > sizeof(path)) {
		fprintf(stderr, "collect: %s: path too long for the run's files\n", out);
		goto out;
	}
	snprintf(path, sizeof(path), "%s/run.json", out);
	if (access(path, F_OK) == 0) {
		fprintf(stderr, "collect: %s already holds a run; use another -o DIR\n", out);
		goto out;
	}
	clean_earlier_run(out, stderr);
	outdir_remove_temps(out);
	snprintf(path, sizeof(path), "%s/ops.tsv.zst", out);
	unlink(path);
	snprintf(prefix, sizeof(prefix), "s3bench/run-%llx/",
		 (unsigned long long)(time_now_ns() & 0xffffffffffffULL));
	memset(&in, 0, sizeof(in));
	in.subject = &subj;
	in.wl = &wl;
	in.timeout_s = timeout_s;
	orc = do_run(&in, out, prefix, outdir_lock_fd(od), NULL, &rr, &e);
	if (orc < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXIT_FAILED;
		goto out;
	}
	print_summary(&rr, &wl);
	rc = g_stop ? EXIT_INTERRUPTED : orc == 0 ? EXIT_OK : EXIT_FAILED;
out:
	runner_result_clear(&rr);
	outdir_free(od);
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"output", required_argument, 0, 'o'}, {"only", required_argument, 0, 'n'},
		{"cycles", required_argument, 0, 'c'}, {"cycle", required_argument, 0, 'y'},
		{"resume", no_argument, 0, 'r'}, {"dry-run", no_argument, 0, 'd'},
		{"insecure", no_argument, 0, 'i'}, {"help", no_argument, 0, 'h'},
		{0, 0, 0, 0},
	};
	struct campaign_args a;
	int ch;
	long v;

	install_signals();
	if (argc >= 2 && strcmp(argv[1], "run") == 0)
		return run_main(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "clean") == 0)
		return clean_main(argc - 1, argv + 1);
	memset(&a, 0, sizeof(a));
	while ((ch = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'o': a.out = optarg; break;
		case 'n': a.only = optarg; break;
		case 'c':
			if (parse_int_arg("--cycles", optarg, 1, 999, &v) < 0)
				return EXIT_USAGE;
			a.cycles = (int)v;
			break;
		case 'y':
			if (parse_int_arg("--cycle", optarg, 1, 999, &v) < 0)
				return EXIT_USAGE;
			a.cycle = (int)v;
			break;
		case 'r': a.resume = 1; break;
		case 'd': a.dry_run = 1; break;
		case 'i': a.insecure = 1; break;
		case 'h': fputs(usage_text, stdout); return EXIT_OK;
		default: return usage_error("unknown option");
		}
	}
	if (optind != argc - 1)
		return usage_error(optind >= argc ? "no campaign file given"
						  : "one campaign file only");
	if (a.cycles && a.cycle)
		return usage_error("--cycles and --cycle exclude each other");
	a.campaign = argv[optind];
	return campaign_main(&a);
}
