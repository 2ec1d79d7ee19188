/* collect/run/cmd_run.c: `collect run`: one run from flags. The workload is built and
 * checked by collect/workload.h exactly as a campaign's runs are; endpoint and region
 * default as the AWS CLI's (subject_run_defaults). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/campaign/campaign.h"
#include "collect/replay.h"
#include "collect/run/cli.h"
#include "collect/run/leftover.h"
#include "collect/run/outdir.h"
#include "collect/run/subject.h"
#include "collect/run/subjflag.h"
#include "collect/run/versions.h"
#include "collect/s3/awsconf.h"
#include "collect/campaign/plan.h"
#include "collect/workload.h"
#include "core/summary.h"
#include "core/timefmt.h"
#include "core/units.h"

/* The flags of `collect run`, as given. */
struct run_opts {
	struct campaign_subject subj;
	const char *out;
	const char *text[WLF_COUNT_]; /* op, size and the whole numbers, as typed */
	enum wl_bound bound;
	int nbounds, keep, help;
	double duration_s, timeout_s;
	const struct run_one_runner *runner;   /* NULL: one client on this machine */
	struct clientres_opts client;          /* --client-nic, --client-shares-cpu */
	int auto_stop;                         /* --duration auto */
	double min_duration_s, max_duration_s; /* 0: WL_AUTO_MIN_S / WL_AUTO_MAX_S */
	const char *replay;                    /* --replay TRACE (collect replay); NULL: none */
	double speed;                          /* --speed: the trace's offsets times this */
	const char *ops, *window, *remap;      /* --ops, --window, --remap as typed */
	struct replay_trace trace;             /* the trace read (collect/replay.h) */
};

static const char needs[] = "run needs --endpoint (or AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or "
			    "the profile's endpoint_url in ~/.aws/config), --bucket, --op, --size, "
			    "--concurrency (or --rate) and -o DIR";

static const char needs_replay[] =
	"replay needs TRACE (an ops.tsv.zst, Warp's per-request .csv.zst or an S3 server access "
	"log), --endpoint (or "
	"AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or the profile's endpoint_url), --bucket and -o DIR";

/* FIELD_OPT + f: the getopt value of the option that gives workload field f's text. */
#define FIELD_OPT 1000

_Static_assert(FIELD_OPT + WLF_COUNT_ <= SUBJFLAG_CODE, "run's codes below the subject's");

/* The subject flags of `collect run` (collect/run/subjflag.h), before its own. */
#define RUN_SUBJECT_FLAGS (SUBJFLAG_ENDPOINT_SET | SUBJFLAG_ALLOW_RETENTION)

/* run_options: collect run's own options, after the subject's (FIELD_OPT + field: a
 * workload field taken as text). */
static const struct option run_options[] = {
	{"op", required_argument, 0, FIELD_OPT + WLF_OP},
	{"size", required_argument, 0, FIELD_OPT + WLF_SIZE},
	{"concurrency", required_argument, 0, FIELD_OPT + WLF_CONCURRENCY},
	{"duration", required_argument, 0, 'D'},
	{"count", required_argument, 0, FIELD_OPT + WLF_COUNT},
	{"until-done", no_argument, 0, 'U'},
	{"objects", required_argument, 0, FIELD_OPT + WLF_OBJECTS},
	{"batch", required_argument, 0, FIELD_OPT + WLF_BATCH},
	{"page-size", required_argument, 0, FIELD_OPT + WLF_PAGE_SIZE},
	{"part-size", required_argument, 0, FIELD_OPT + WLF_PART_SIZE},
	{"timeout", required_argument, 0, 'T'},
	{"keep", no_argument, 0, 'K'},
	{"output", required_argument, 0, 'o'},
	{"help", no_argument, 0, 'h'},
	{"mix", required_argument, 0, FIELD_OPT + WLF_MIX},
	{"range", required_argument, 0, FIELD_OPT + WLF_RANGE},
	{"hedge", required_argument, 0, FIELD_OPT + WLF_HEDGE},
	{"rate", required_argument, 0, FIELD_OPT + WLF_RATE},
	{"seed", required_argument, 0, FIELD_OPT + WLF_SEED},
	{"client-nic", required_argument, 0, 'N'},
	{"client-shares-cpu", no_argument, 0, 'S'},
	{"retries", required_argument, 0, FIELD_OPT + WLF_RETRIES},
	{"min-duration", required_argument, 0, 'm'},
	{"max-duration", required_argument, 0, 'M'},
	{"checksum", required_argument, 0, FIELD_OPT + WLF_CHECKSUM},
	{"payload", required_argument, 0, FIELD_OPT + WLF_PAYLOAD},
	{"reads", required_argument, 0, FIELD_OPT + WLF_READS},
	{"http", required_argument, 0, FIELD_OPT + WLF_HTTP},
	{"http2-shared", required_argument, 0, FIELD_OPT + WLF_HTTP2_SHARED},
	{"keepalive", required_argument, 0, FIELD_OPT + WLF_KEEPALIVE},
	{"addresses", required_argument, 0, FIELD_OPT + WLF_ADDRESSES},
	{"tls-resume", required_argument, 0, FIELD_OPT + WLF_TLS_RESUME},
	{"data", required_argument, 0, FIELD_OPT + WLF_DATA},
	{"sse", required_argument, 0, FIELD_OPT + WLF_SSE},
	{"tags", required_argument, 0, FIELD_OPT + WLF_TAGS},
	{"buckets", required_argument, 0, FIELD_OPT + WLF_BUCKETS},
	{"prefixes", required_argument, 0, FIELD_OPT + WLF_PREFIXES},
	{"connect-timeout", required_argument, 0, FIELD_OPT + WLF_CONNECT_TIMEOUT},
	{"read-timeout", required_argument, 0, FIELD_OPT + WLF_READ_TIMEOUT},
	{"request-timeout", required_argument, 0, FIELD_OPT + WLF_REQUEST_TIMEOUT},
	{"replay", required_argument, 0, 'Y'},
	{"speed", required_argument, 0, 'Z'},
	{"ops", required_argument, 0, 'Q'},
	{"window", required_argument, 0, 'W'},
	{"remap", required_argument, 0, 'X'},
	{0, 0, 0, 0},
};

/* replay_flag: a replay's flag ch (getopt's code; its value in optarg) into o: 0, or the exit
 * code after the message (an unknown option among them). */
static int replay_flag(int ch, struct run_opts *o)
{
	switch (ch) {
	case 'Y':
		o->replay = optarg;
		break;
	case 'Q':
		o->ops = optarg;
		break;
	case 'W':
		o->window = optarg;
		break;
	case 'X':
		o->remap = optarg;
		break;
	case 'Z': {
		char *end;
		o->speed = strtod(optarg, &end);
		if (end == optarg || *end != '\0' || !(o->speed > 0) || o->speed > 1e6) {
			fprintf(stderr,
				"collect: --speed: '%s' is not a number above 0 "
				"(the trace's offsets are multiplied by it)\n",
				optarg);
			return EXITCODE_USAGE;
		}
		break;
	}
	default:
		return cli_usage_error("run: unknown option");
	}
	return 0;
}

/* run_flag: the flag ch (getopt's code; its value in optarg) into o: 0, or the exit code
 * after the message. */
static int run_flag(int ch, struct run_opts *o)
{
	if (subjflag_read(ch, optarg, &o->subj))
		return 0;
	switch (ch) {
	case 'U':
		o->bound = WL_BOUND_UNTIL_DONE;
		o->nbounds++;
		break;
	case 'K':
		o->keep = 1;
		break;
	case 'o':
		o->out = optarg;
		break;
	case 'm':
		if (cli_parse_duration("--min-duration", optarg, &o->min_duration_s) < 0)
			return EXITCODE_USAGE;
		break;
	case 'M':
		if (cli_parse_duration("--max-duration", optarg, &o->max_duration_s) < 0)
			return EXITCODE_USAGE;
		break;
	case 'D':
		o->auto_stop = strcmp(optarg, "auto") == 0;
		if (!o->auto_stop && cli_parse_duration("--duration", optarg, &o->duration_s) < 0)
			return EXITCODE_USAGE;
		o->bound = WL_BOUND_DURATION;
		o->nbounds++;
		break;
	case 'T':
		if (cli_parse_duration("--timeout", optarg, &o->timeout_s) < 0)
			return EXITCODE_USAGE;
		break;
	case 'N': {
		struct err be;
		if (units_parse_bitrate(optarg, &o->client.nic_mbit, &be) < 0) {
			fprintf(stderr, "collect: run: --client-nic: %s\n", be.msg);
			return EXITCODE_USAGE;
		}
		break;
	}
	case 'S':
		o->client.shares_cpu = 1;
		break;
	default:
		return replay_flag(ch, o);
	}
	return 0;
}

/* parse_flags: argv into o (o->help for --help). 0, or EXITCODE_USAGE after saying why. */
static int parse_flags(int argc, char **argv, struct run_opts *o)
{
	struct option all[SUBJFLAG_COUNT + sizeof(run_options) / sizeof(run_options[0])];
	size_t n = subjflag_options(RUN_SUBJECT_FLAGS, all);
	int ch, rc;

	memcpy(all + n, run_options, sizeof(run_options));
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:h", all, NULL)) != -1) {
		if (ch >= FIELD_OPT && ch < FIELD_OPT + WLF_COUNT_) {
			o->text[ch - FIELD_OPT] = optarg;
			if (ch == FIELD_OPT + WLF_COUNT) {
				o->bound = WL_BOUND_COUNT;
				o->nbounds++;
			}
			continue;
		}
		if (ch == 'h') {
			o->help = 1;
			return 0;
		}
		if ((rc = run_flag(ch, o)) != 0)
			return rc;
	}
	if (optind < argc)
		return cli_usage_error("run: unexpected argument");
	return 0;
}

/* field_error: "collect: --OPTION: what" for field f; returns EXITCODE_USAGE. */
static int field_error(enum wl_field f, const char *what)
{
	fprintf(stderr, "collect: %s: %s\n", workload_field_option(f), what);
	return EXITCODE_USAGE;
}

/* parse_specs: the flags of mixed, ranged, rate and seeded runs over wl's defaults. 0, or
 * EXITCODE_USAGE after naming the option at fault. */
static int parse_specs(const struct run_opts *o, struct workload *wl)
{
	const char *const *t = o->text;
	struct err e;

	if (t[WLF_MIX] && workload_parse_mix(t[WLF_MIX], &wl->mix, &e) < 0)
		return field_error(WLF_MIX, e.msg);
	if (t[WLF_RANGE] && workload_parse_range(t[WLF_RANGE], &wl->range, &e) < 0)
		return field_error(WLF_RANGE, e.msg);
	if (t[WLF_HEDGE] && workload_parse_hedge(t[WLF_HEDGE], &wl->hedge, &e) < 0)
		return field_error(WLF_HEDGE, e.msg);
	if (t[WLF_RATE] && workload_parse_rate(t[WLF_RATE], &wl->rate, &e) < 0)
		return field_error(WLF_RATE, e.msg);
	if (t[WLF_SEED] && workload_parse_seed(t[WLF_SEED], &wl->seed, &e) < 0)
		return field_error(WLF_SEED, e.msg);
	if (t[WLF_RETRIES]) {
		uint64_t n;

		if (workload_parse_number(WLF_RETRIES, t[WLF_RETRIES], &n, &e) < 0)
			return field_error(WLF_RETRIES, e.msg);
		wl->retries = (int)n;
	}
	for (int f = WLF_CHECKSUM; f <= WLF_SEND_LAST; f++)
		if (t[f] && workload_parse_send((enum wl_field)f, t[f], &wl->send, &e) < 0)
			return field_error((enum wl_field)f, e.msg);
	return 0;
}

/* build_workload: the workload of o: workload_defaults for the op, the flags over them,
 * then workload_check. 0, or EXITCODE_USAGE after naming the option at fault. */
static int build_workload(struct run_opts *o, struct workload *wl)
{
	static const enum wl_field nums[] = {WLF_CONCURRENCY, WLF_COUNT, WLF_OBJECTS, WLF_BATCH,
					     WLF_PAGE_SIZE};
	uint64_t v[5] = {0, 0, 0, 0, 0};
	enum wl_op op;
	enum wl_field f;
	struct err e;

	if (workload_parse_op(o->text[WLF_OP], &op, &e) < 0)
		return field_error(WLF_OP, e.msg);
	workload_defaults(wl, op);
	if (workload_parse_sizes(o->text[WLF_SIZE], &wl->sizes, &wl->size, &e) < 0)
		return field_error(WLF_SIZE, e.msg);
	if (parse_specs(o, wl) != 0)
		return EXITCODE_USAGE;
	if (o->text[WLF_PART_SIZE] &&
	    units_parse_size(o->text[WLF_PART_SIZE], &wl->part_size, &e) < 0)
		return field_error(WLF_PART_SIZE, e.msg);
	for (int i = 0; i < 5; i++)
		if (o->text[nums[i]] &&
		    workload_parse_number(nums[i], o->text[nums[i]], &v[i], &e) < 0)
			return field_error(nums[i], e.msg);
	/* a rate run's --concurrency is a cap on its workers, by default a generous one */
	wl->concurrency = o->text[WLF_CONCURRENCY] ? (int)v[0]
			  : wl->rate > 0           ? workload_rate_cap(wl->rate)
						   : 1;
	wl->bound = o->bound;
	wl->duration_s = o->bound == WL_BOUND_DURATION ? o->duration_s : 0;
	if (o->auto_stop) {
		/* duration = auto: the bound is max_duration; the default time limit follows it */
		wl->auto_stop = 1;
		wl->duration_s = o->max_duration_s > 0 ? o->max_duration_s : WL_AUTO_MAX_S;
		wl->min_duration_s = o->min_duration_s > 0 ? o->min_duration_s : WL_AUTO_MIN_S;
	}
	wl->count = v[1];
	wl->objects = v[2];
	wl->batch = (int)v[3];
	wl->page_size = (int)v[4];
	wl->keep = o->keep;
	if (o->timeout_s == 0)
		o->timeout_s = workload_default_timeout(wl);
	if (workload_check(wl, o->timeout_s, &f, &e) < 0)
		return field_error(f, e.msg);
	if (o->subj.bucket != NULL &&
	    workload_check_bucket_names(o->subj.bucket, workload_buckets(wl), &e) < 0)
		return field_error(WLF_BUCKETS, e.msg);
	return 0;
}

/* replay_flags: --ops, --window and --remap into *ro. 0, or EXITCODE_USAGE after saying
 * why. */
static int replay_flags(const struct run_opts *o, struct replay_opts *ro)
{
	static const char *const names[] = {"--ops", "--window", "--remap"};
	struct err e;
	int bad = -1;

	if (o->ops != NULL && replay_parse_ops(o->ops, &ro->ops, &e) < 0)
		bad = 0;
	else if (o->window != NULL &&
		 replay_parse_window(o->window, &ro->from_ns, &ro->to_ns, &e) < 0)
		bad = 1;
	else if (o->remap != NULL && replay_parse_remap(o->remap, &ro->keep_keys, &e) < 0)
		bad = 2;
	if (bad < 0)
		return 0;
	fprintf(stderr, "collect: %s: %s\n", names[bad], e.msg);
	return EXITCODE_USAGE;
}

/* build_replay: the workload of `collect replay`: the trace read (o->trace), a mixed
 * open-loop run over its span whose requests are the trace's (collect/replay.h), with the
 * send flags over it. 0, or EXITCODE_USAGE after saying why. */
static int build_replay(struct run_opts *o, struct workload *wl)
{
	static const enum wl_field refused[] = {WLF_OP,  WLF_SIZE,  WLF_COUNT, WLF_OBJECTS,
						WLF_MIX, WLF_RANGE, WLF_RATE,  WLF_HEDGE};
	struct replay_trace *t = &o->trace;
	struct replay_opts ro = {.speed = o->speed};
	enum wl_field f;
	struct err e;
	uint64_t v = 0;

	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (o->text[refused[i]])
			return field_error(refused[i], "not with a replay: the trace gives it");
	if (o->nbounds != 0)
		return cli_usage_error("replay: the trace's span is the bound (no --duration, "
				       "--count or --until-done)");
	if (replay_flags(o, &ro) != 0)
		return EXITCODE_USAGE;
	if (replay_load(o->replay, &ro, t, &e) < 0) {
		fprintf(stderr, "collect: replay: %s\n", e.msg);
		return EXITCODE_USAGE;
	}
	for (uint64_t i = 0; i < t->bad && i < REPLAY_BAD_SHOWN; i++)
		fprintf(stderr, "collect: replay: %s (line skipped)\n", t->bad_msg[i]);
	if (t->bad > REPLAY_BAD_SHOWN)
		fprintf(stderr, "collect: replay: %s: %llu more lines that do not read, skipped\n",
			o->replay, (unsigned long long)(t->bad - REPLAY_BAD_SHOWN));
	workload_defaults(wl, WL_MIXED);
	if (parse_specs(o, wl) != 0)
		return EXITCODE_USAGE;
	if (o->text[WLF_CONCURRENCY] &&
	    workload_parse_number(WLF_CONCURRENCY, o->text[WLF_CONCURRENCY], &v, &e) < 0)
		return field_error(WLF_CONCURRENCY, e.msg);
	workload_replay(wl, t, (int)v);
	wl->keep = o->keep;
	if (o->timeout_s == 0)
		o->timeout_s = workload_default_timeout(wl);
	if (workload_check(wl, o->timeout_s, &f, &e) < 0)
		return field_error(f, e.msg);
	fprintf(stderr,
		"collect: replay %s: %zu requests (PUT %llu, GET %llu, STAT %llu, DELETE %llu) "
		"over %.3f s at speed %g; %llu objects, %llu %s; %llu rows of other ops, "
		"%llu retried or lost attempts, %llu requests by ops or window and %llu bad "
		"lines left out\n",
		o->replay, t->n, (unsigned long long)t->count[REPLAY_PUT],
		(unsigned long long)t->count[REPLAY_GET], (unsigned long long)t->count[REPLAY_HEAD],
		(unsigned long long)t->count[REPLAY_DELETE], (double)t->span_ns / 1e9, t->o.speed,
		(unsigned long long)t->n_obj, (unsigned long long)t->prepared,
		t->o.keep_keys ? "read first (remap = none: a sample HEAD'ed)" : "prepared",
		(unsigned long long)t->skipped, (unsigned long long)t->attempts,
		(unsigned long long)t->filtered, (unsigned long long)t->bad);
	return 0;
}

static void print_lat(const char *name, const struct lat_stats *l)
{
	printf(" * %s: Avg: %.1fms, 50%%: %.1fms, 90%%: %.1fms, 99%%: %.1fms, Fastest: %.1fms, "
	       "Slowest: %.1fms, StdDev: %.1fms\n",
	       name, l->avg, l->p50, l->p90, l->p99, l->min, l->max, l->stddev);
}

/* print_phase_retries: the prepare and cleanup retries when there were any (run.json
 * phase_retries), what a versioned bucket kept (run.json versioning) and the keys'
 * refreshes (run.json credentials). */
static void print_phase_retries(const struct run_state *st)
{
	char ver[256];

	if (st->has_versioning && versions_text(&st->versioning, ver, sizeof(ver)) != NULL)
		printf(" * %s\n", ver);
	if (st->has_credentials && st->credentials.refreshes > 0)
		printf(" * Credentials: fetched again %lld times (%lld failed) from %s\n",
		       (long long)st->credentials.refreshes, (long long)st->credentials.failed,
		       st->credentials.source);
	if (st->billing.retries[PHASE_PREPARE] + st->billing.retries[PHASE_CLEANUP] == 0)
		return;
	printf(" * Prepare and cleanup retries: %llu and %llu (throttled or failed requests sent "
	       "again after a backoff; every attempt billed)\n",
	       (unsigned long long)st->billing.retries[PHASE_PREPARE],
	       (unsigned long long)st->billing.retries[PHASE_CLEANUP]);
}

/* print_summary: the run's numbers in the shape of Warp's report. */
/* print_retries: the retry and throttling lines of s (docs/METHODOLOGY.md, "Retries"). */
static void print_retries(const struct run_summary *s)
{
	if (s->has_retries) {
		/* Reqs above is end to end (from each request's first attempt) */
		printf(" * Retries: up to %d; %llu of %llu requests retried (%.1f %%), %.2f attempts "
		       "per request\n",
		       s->retry.max, (unsigned long long)s->retry.retried,
		       (unsigned long long)s->retry.requests, s->retry.share * 100,
		       s->retry.per_request);
		print_lat("First attempt", &s->retry.first_attempt);
	} else {
		printf(" * Retries: off, no request was retried\n");
	}
	if (s->throttled_attempts > 0)
		/* what the provider answered, before retries hid it */
		printf(" * Throttled (503, 429): %llu of %llu attempts (%.1f %%), %llu of %llu "
		       "requests at their first attempt (%.1f %%)\n",
		       (unsigned long long)s->throttled_attempts, (unsigned long long)s->attempts,
		       s->attempts ? 100.0 * (double)s->throttled_attempts / (double)s->attempts
				   : 0,
		       (unsigned long long)s->throttled_first_attempts,
		       (unsigned long long)s->requests,
		       s->requests
			       ? 100.0 * (double)s->throttled_first_attempts / (double)s->requests
			       : 0);
}

/* print_hedge: the hedging line of s, when the run hedged (collect/engine/hedge.h). */
static void print_hedge(const struct run_summary *s)
{
	if (s->has_hedge && s->hedge.refused)
		printf(" * Hedge: %s refused: below the cell's p50 (%.3f ms over the run's first %d "
		       "answers), nearly every request would go twice: not hedged\n",
		       s->hedge.threshold, s->hedge.warm_p50_ms, WL_HEDGE_WARMUP);
	else if (s->has_hedge)
		printf(" * Hedge: %s (%.3f ms after the first %d answers): %llu of %llu requests "
		       "hedged (%.1f %% extra), %llu answered by the duplicate\n",
		       s->hedge.threshold, s->hedge.threshold_ms, WL_HEDGE_WARMUP,
		       (unsigned long long)s->hedge.hedged, (unsigned long long)s->hedge.requests,
		       s->hedge.extra * 100, (unsigned long long)s->hedge.won_by_duplicate);
}

static void print_summary(const struct runner_result *rr, const struct workload *wl)
{
	struct run_summary s;
	char ran[UNITS_DURATION_MAX], span[128];
	char opname[32];

	snprintf(opname, sizeof(opname), "%s", workload_op_name(wl->op));
	for (char *q = opname; *q; q++)
		*q = (char)(*q >= 'a' && *q <= 'z' ? *q - 32 : *q);
	if (!rr->complete || summary_from_json(rr->st.summary, &s, NULL) < 0) {
		printf("Report: %s. Concurrency: %d. No summary: run %s (%s)\n", opname,
		       wl->concurrency, "failed", err_class_name(rr->cls));
		for (int i = 0; i < rr->st.n_first; i++)
			printf(" * %s\n", rr->st.first[i]);
		print_phase_retries(&rr->st);
		return;
	}
	summary_span_text(&s, span, sizeof(span));
	printf("Report: %s. Concurrency: %d. Ran: %s\n", opname, wl->concurrency,
	       units_format_duration(s.completion_s, ran, sizeof(ran)));
	if (wl->op == WL_HEAD || wl->op == WL_DELETE || wl->op == WL_LIST)
		printf(" * Average: %.2f obj/s (%s)\n", s.obj_s, span);
	else
		printf(" * Average: %.2f MiB/s, %.2f obj/s (%s)\n", s.mib_s, s.obj_s, span);
	printf(" * Requests: %llu, errors: %llu, objects: %llu, bytes: %llu\n",
	       (unsigned long long)s.requests, (unsigned long long)s.errors,
	       (unsigned long long)s.objects, (unsigned long long)s.bytes);
	if (workload_conditional(wl)) /* docs/METHODOLOGY.md, "Conditional writes" */
		printf(" * Conditional writes: %llu succeeded, %llu conflicts (412 or 409)\n",
		       (unsigned long long)(s.requests - s.errors - s.conflicts),
		       (unsigned long long)s.conflicts);
	print_lat("Reqs", &s.latency);
	if (s.has_ttfb)
		print_lat("TTFB", &s.ttfb);
	if (s.has_rate) {
		/* open loop: Reqs above is the service time, this the latency a client saw */
		char offered[32];
		printf(" * Rate: offered %s, achieved %.1f/s (%llu of %llu requests sent, %llu within "
		       "%.3g ms of their slot): %s\n",
		       workload_format_rate(s.rate.offered, offered, sizeof(offered)),
		       s.rate.achieved, (unsigned long long)s.rate.sent,
		       (unsigned long long)s.rate.slots, (unsigned long long)s.rate.on_time,
		       s.rate.tolerance_ms, run_one_rate_verdict(&s.rate, workload_workers(wl)));
		printf(" * Workers: %d used of a cap of %d, %lld slots late for want of a worker\n",
		       s.rate.peak_workers, workload_workers(wl), (long long)s.rate.late_no_worker);
		print_lat("Reqs from intended start", &s.rate.intended);
	}
	print_retries(&s);
	if (s.has_checksums)
		printf(" * Checksums: %llu GETs verified, %llu had none to check (none returned, "
		       "composite, ranged)\n",
		       (unsigned long long)s.checksums_verified,
		       (unsigned long long)s.checksums_absent);
	print_hedge(&s);
	print_phase_retries(&rr->st);
	if (s.seg_count > 0) {
		printf("\nThroughput, split into %d x 1s:\n", s.seg_count);
		printf(" * Fastest: %.1fMiB/s, %.2f obj/s\n", s.fastest.mib_s, s.fastest.obj_s);
		printf(" * 50%% Median: %.1fMiB/s, %.2f obj/s\n", s.median.mib_s, s.median.obj_s);
		printf(" * Slowest: %.1fMiB/s, %.2f obj/s\n", s.slowest.mib_s, s.slowest.obj_s);
	}
	summary_clear(&s);
}

/* sweep_earlier: what an earlier `collect run -o DIR` killed before its cleanup left in its
 * buckets, deleted before the new run starts in dir; says so, or why not, on stderr. */
static void sweep_earlier(const char *dir)
{
	struct leftover_swept sw;
	struct err e = {{0}};
	char text[224];
	int rc = leftover_sweep_earlier(dir, NULL, dir, ".", &sw, &e);

	if (rc == 1)
		return;
	if (sw.unbilled[0] != '\0')
		fprintf(stderr, "collect: %s: the cleanup's requests are not billed: %s\n", dir,
			sw.unbilled);
	if (rc == 0)
		fprintf(stderr,
			"collect: %s: an earlier run killed before its cleanup left %s/%s: %s\n",
			dir, sw.bucket, sw.prefix, leftover_what(&sw.n, text, sizeof(text)));
	else
		fprintf(stderr, "collect: %s: what an earlier killed run left may remain: %s\n",
			dir, e.msg);
}

/* execute: take DIR, run, record and print the summary; returns the exit code. */
static int execute(const struct run_opts *o, const struct workload *wl, volatile sig_atomic_t *stop)
{
	struct runjson_input in;
	struct runner_result rr;
	struct outdir *od = NULL;
	struct err e;
	char prefix[128], path[4096];
	int orc, rc = EXITCODE_USAGE;

	memset(&rr, 0, sizeof(rr));
	orc = outdir_open(o->out, &od, &e);
	if (orc != 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		return orc == OUTDIR_LOCKED ? EXITCODE_LOCKED : EXITCODE_USAGE;
	}
	/* the longest name this function builds in path */
	if (strlen(o->out) + sizeof("/ops.tsv.zst") > sizeof(path)) {
		fprintf(stderr, "collect: %s: path too long for the run's files\n", o->out);
		goto out;
	}
	snprintf(path, sizeof(path), "%s/run.json", o->out);
	if (access(path, F_OK) == 0) {
		fprintf(stderr, "collect: %s already holds a run; use another -o DIR\n", o->out);
		goto out;
	}
	/* what a killed earlier `collect run -o DIR` left in its bucket (needs .prefix, which
	 * outdir_remove_temps deletes: first) */
	sweep_earlier(o->out);
	outdir_remove_temps(o->out);
	snprintf(path, sizeof(path), "%s/ops.tsv.zst", o->out);
	unlink(path);
	snprintf(prefix, sizeof(prefix), "s3bench/run-%llx/",
		 (unsigned long long)(time_now_ns() & 0xffffffffffffULL));
	memset(&in, 0, sizeof(in));
	in.subject = &o->subj;
	in.wl = wl;
	in.timeout_s = o->timeout_s;
	in.client = o->client;
	orc = run_one(&in, o->out, prefix, outdir_lock_fd(od), stop, NULL, o->runner, &rr, &e);
	if (orc < 0) {
		fprintf(stderr, "collect: %s\n", e.msg);
		rc = EXITCODE_PARTIAL;
		goto out;
	}
	print_summary(&rr, wl);
	rc = *stop ? EXITCODE_INTERRUPTED : orc == 0 ? EXITCODE_OK : EXITCODE_PARTIAL;
out:
	runner_result_clear(&rr);
	outdir_free(od);
	return rc;
}

int cmd_run(int argc, char **argv, volatile sig_atomic_t *stop, const struct run_one_runner *runner)
{
	struct run_opts o;
	struct workload wl;
	struct awsconf conf;
	int rc;

	memset(&o, 0, sizeof(o));
	memset(&conf, 0, sizeof(conf));
	o.runner = runner;
	o.subj.id = "run";
	o.subj.path_style = -1;
	snprintf(o.subj.color, sizeof(o.subj.color), "#1f77b4");
	if ((rc = parse_flags(argc, argv, &o)) != 0)
		return rc;
	if (o.help) {
		fputs(cli_usage_text, stdout);
		return EXITCODE_OK;
	}
	if (o.replay == NULL && (o.speed > 0 || o.ops || o.window || o.remap))
		return cli_usage_error("run: --speed, --ops, --window and --remap are for a replay "
				       "(collect replay TRACE)");
	if (o.subj.bucket == NULL || o.out == NULL ||
	    (o.replay == NULL && (!o.text[WLF_OP] || !o.text[WLF_SIZE] ||
				  (!o.text[WLF_CONCURRENCY] && !o.text[WLF_RATE]))))
		return cli_usage_error(o.replay ? needs_replay : needs);
	if ((rc = subjflag_complete(&o.subj, &conf, needs)) != 0)
		goto out;
	o.subj.label = o.subj.endpoint;
	{
		char note[512];

		if (subject_addressing_note(&o.subj, note, sizeof(note)) != NULL)
			fprintf(stderr, "collect: %s\n", note);
	}
	if (o.replay == NULL && o.nbounds != 1) {
		rc = cli_usage_error("run needs exactly one of --duration, --count, --until-done");
		goto out;
	}
	if ((rc = o.replay ? build_replay(&o, &wl) : build_workload(&o, &wl)) == 0)
		rc = execute(&o, &wl, stop);
out:
	replay_free(&o.trace);
	awsconf_clear(&conf);
	return rc;
}

int cmd_replay(int argc, char **argv, volatile sig_atomic_t *stop,
	       const struct run_one_runner *runner)
{
	char **av;
	int rc;

	if (argc < 2 || argv[1][0] == '-') {
		if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
			fputs(cli_usage_text, stdout);
			return EXITCODE_OK;
		}
		return cli_usage_error(needs_replay);
	}
	if ((av = calloc((size_t)argc + 2, sizeof(*av))) == NULL) {
		fprintf(stderr, "collect: replay: out of memory\n");
		return EXITCODE_USAGE;
	}
	av[0] = "run";
	av[1] = "--replay";
	av[2] = argv[1];
	for (int i = 2; i < argc; i++)
		av[i + 1] = argv[i];
	rc = cmd_run(argc + 1, av, stop, runner);
	free(av);
	return rc;
}
