/* tests/tools/gen_wl_runs.c: write a SYNTHETIC data directory of issue-13 runs (a rate
 * sweep for two subjects, a mixed run, a size-distribution ranged GET), each with its
 * ops.tsv.zst (core's writer; the rate runs with the `intended` column) and run.json
 * (its summary computed by core/summary from the same rows, as collect does), for
 * tests/e2e/analyze_workloads.sh. Nothing in it is a measurement.
 *
 *   gen_wl_runs OUT_DIR [--cycles N] [--p99-limit MS] [--seconds S]
 *
 * The servers are simulated: one FIFO queue per subject with a service time of
 * 1/capacity (rgw 800/s, s3rver 300/s, +-30 % seeded jitter); a rate run's request i is
 * intended at i / rate, sent when one of its workers (ceil(rate x 0.1 s), at most 64)
 * is free. Rates 100, 200, 400, 700, 1000 req/s; cycles 2; 8-s runs.
 *
 * Exit status: 0 written, 1 error, 2 usage. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "core/err.h"
#include "core/fsutil.h"
#include "core/opslog.h"
#include "core/runrec/runrec.h"
#include "core/summary.h"

#define NS 1000000000LL
#define BASE_NS (1796169600LL * NS) /* 2026-12-02T00:00:00Z */
#define MAXW 64

struct gen {
	const char *out;
	int cycles;
	double p99_limit, seconds;
	uint64_t rng;
};

static double rnd(struct gen *g)
{
	g->rng ^= g->rng << 13;
	g->rng ^= g->rng >> 7;
	g->rng ^= g->rng << 17;
	return (double)(g->rng >> 11) / 9007199254740992.0;
}

struct sink {
	struct opslog_writer *w;
	struct summary_acc *acc;
};

static int emit(struct sink *k, const struct op_row *r, struct err *e)
{
	if (opslog_writer_add(k->w, r, e) < 0 || summary_acc_add(k->acc, r, e) < 0)
		return -1;
	return 0;
}

/* One run's workload description for run.json. */
struct wl_desc {
	const char *op, *size_spec, *range;
	int64_t mix[RUNREC_MIX_OPS]; /* all 0: not a mixed run */
	uint64_t size;
	int concurrency, workers;
	double rate;
};

/* The members of the records this tool writes (core/runrec/runrec.h); the others are
 * left out, as in a file of an older collector. */
static const uint64_t members = RUNREC_BIT(RUNREC_FORMAT) | RUNREC_BIT(RUNREC_CAMPAIGN) |
				RUNREC_BIT(RUNREC_CYCLE) | RUNREC_BIT(RUNREC_SUBJECT) |
				RUNREC_BIT(RUNREC_WORKLOAD) | RUNREC_BIT(RUNREC_PHASES) |
				RUNREC_BIT(RUNREC_WRAPPER) | RUNREC_BIT(RUNREC_ERRORS) |
				RUNREC_BIT(RUNREC_STATUS) | RUNREC_BIT(RUNREC_SUMMARY);

static void workload_record(const struct wl_desc *d, double seconds, struct runrec_workload *w)
{
	*w = (struct runrec_workload){.op = d->op,
				      .size = (int64_t)d->size,
				      .concurrency = d->concurrency,
				      .bound = "duration",
				      .duration_s = seconds,
				      .objects = 64,
				      .timeout_s = 60.0,
				      .size_spec = d->size_spec,
				      .range = d->range,
				      .rate = d->rate,
				      .workers = d->workers,
				      .seed = 7,
				      .buckets = 1,
				      .prefixes = 1};
	for (int k = 0; k < RUNREC_MIX_OPS; k++) {
		w->mix[k] = d->mix[k];
		w->has_mix |= d->mix[k] > 0;
	}
}

/* finish: close the log and write run.json with the summary of the rows. */
static int finish(struct gen *g, const char *dir, const char *subj, int cycle,
		  const struct wl_desc *d, struct sink *k, struct err *e)
{
	struct run_summary s;
	struct runrec *r;
	json_t *sum;
	int rc = -1, rgw = strcmp(subj, "rgw") == 0;

	if (opslog_writer_close(k->w, e) < 0)
		return -1;
	if (summary_acc_finish(k->acc, &s, e) < 0)
		return -1;
	if (d->rate > 0 && summary_acc_rate(k->acc, d->rate, g->seconds, &s, e) < 0) {
		summary_clear(&s);
		return -1;
	}
	sum = summary_to_json(&s);
	summary_clear(&s);
	if (sum == NULL || (r = malloc(sizeof(*r))) == NULL) {
		json_decref(sum);
		return err_set(e, "%s: out of memory", dir);
	}
	runrec_init(r);
	r->absent = ~members;
	r->has_campaign = 1;
	r->campaign = (struct runrec_campaign){.name = "wl-demo",
					       .title = "Workloads demo (synthetic)",
					       .client = "gen_wl_runs",
					       .order = "interleave",
					       .cycles = g->cycles,
					       .p99_limit_ms = g->p99_limit};
	r->cycle = cycle;
	r->subject = (struct runrec_subject){.id = subj,
					     .label = rgw ? "Ceph RGW" : "s3rver (Node)",
					     .color = rgw ? "#e4572e" : "#1f77b4",
					     .endpoint = "http://127.0.0.1:1",
					     .region = "us-east-1"};
	workload_record(d, g->seconds, &r->workload);
	for (int p = 0; p < PHASE_COUNT; p++)
		r->phase[p] = PH_DONE;
	r->wrapper = (struct runrec_wrapper){.exit_code = 0, .elapsed_s = 9.0};
	r->status = RUNREC_COMPLETE;
	r->summary = sum;
	rc = runrec_write(r, dir, "run.json", 0, e);
	free(r);
	json_decref(sum);
	return rc;
}

static int open_run(struct gen *g, const char *subj, int cycle, const char *name, int rate,
		    char *dir, size_t n, struct sink *k, struct err *e)
{
	struct opslog_writer_opts o = {.intended = rate};
	char ops[4096];

	snprintf(dir, n, "%s/runs/cycle-%02d/%s/%s", g->out, cycle, subj, name);
	if (fs_mkdirs(dir, e) < 0)
		return -1;
	snprintf(ops, sizeof(ops), "%s/ops.tsv.zst", dir);
	k->w = opslog_writer_open_opts(ops, &o, e);
	k->acc = summary_acc_new();
	return k->w && k->acc ? 0 : -1;
}

/* rate_run: the open-loop schedule against a FIFO server of the given capacity. */
static int rate_run(struct gen *g, const char *subj, double cap, int cycle, int rate, struct err *e)
{
	struct wl_desc d = {.op = "get", .size = 4096, .concurrency = MAXW, .rate = rate};
	int64_t t0 = BASE_NS + (int64_t)cycle * 3600 * NS + (int64_t)rate * 10 * NS;
	int64_t free_at[MAXW] = {0}, server = 0;
	long n = (long)(rate * g->seconds);
	char dir[4096], name[64];
	struct sink k = {0};
	int rc = -1;

	/* the simulated schedule's workers: ceil(rate x 0.1 s), at most MAXW (run.json's
	 * workers is the cap, MAXW) */
	int nw = (int)ceil(rate * 0.1);
	if (nw > MAXW)
		nw = MAXW;
	d.workers = MAXW;
	snprintf(name, sizeof(name), "get-4KiB-c%d-r%d", MAXW, rate);
	if (open_run(g, subj, cycle, name, 1, dir, sizeof(dir), &k, e) < 0)
		goto done;
	for (long i = 0; i < n; i++) {
		int64_t intended = t0 + (int64_t)((double)i * NS / rate), st, en;
		int w = 0;

		for (int j = 1; j < nw; j++)
			if (free_at[j] < free_at[w])
				w = j;
		st = intended > free_at[w] ? intended : free_at[w];
		en = (st > server ? st : server) + (int64_t)(NS / cap * (0.7 + 0.6 * rnd(g)));
		server = en;
		free_at[w] = en;
		struct op_row r = {
			.thread = w,
			.op = "GET",
			.client_id = "gen",
			.n_objects = 1,
			.bytes = 4096,
			.endpoint = "http://127.0.0.1:1",
			.file = "obj",
			.error = "",
			.cat = "",
			.start_ns = st,
			.first_byte_ns = st + (en - st) / 2,
			.end_ns = en,
			.duration_ns = en - st,
			.intended_ns = intended,
		};
		if (emit(&k, &r, e) < 0)
			goto done;
	}
	rc = finish(g, dir, subj, cycle, &d, &k, e);
	k.w = NULL;
done:
	opslog_writer_abort(k.w);
	summary_acc_free(k.acc);
	return rc;
}

/* closed_run: a closed-loop run of `workers` workers, each request's op drawn from
 * the mix (mixed) or a GET of a size from the distribution and a 64-KiB range. */
static int closed_run(struct gen *g, const char *subj, int cycle, int mixed, struct err *e)
{
	static const char *const ops[4] = {"GET", "STAT", "PUT", "DELETE"};
	static const double cum[4] = {0.45, 0.75, 0.90, 1.0};
	static const uint64_t sizes[3] = {4096, 65536, 1048576};
	static const double scum[3] = {0.5, 0.8, 1.0};
	struct wl_desc mix = {.op = "mixed",
			      .size = 65536,
			      .concurrency = 4,
			      .workers = 4,
			      .mix = {45, 15, 30, 10}};
	struct wl_desc dist = {.op = "get",
			       .size = 1048576,
			       .concurrency = 4,
			       .workers = 4,
			       .size_spec = "dist:4KiB:50,64KiB:30,1MiB:20",
			       .range = "random:64KiB"};
	const struct wl_desc *d = mixed ? &mix : &dist;
	int64_t t0 = BASE_NS + (int64_t)cycle * 3600 * NS + 1800 * NS;
	char dir[4096];
	struct sink k = {0};
	int rc = -1;

	if (open_run(g, subj, cycle, mixed ? "mixed-64KiB-c4" : "get-dist-c4", 0, dir, sizeof(dir),
		     &k, e) < 0)
		goto done;
	for (int w = 0; w < 4; w++)
		for (int64_t t = t0; t < t0 + (int64_t)(g->seconds * NS);) {
			double u = rnd(g);
			int op = 0, z = 0;
			int64_t dur;

			while (mixed && u > cum[op])
				op++;
			while (!mixed && u > scum[z])
				z++;
			dur = (int64_t)(NS / 1000.0 * (2 + 6 * rnd(g) + (op == 2 ? 5 : 0)));
			struct op_row r = {
				.thread = w,
				.op = ops[op],
				.client_id = "gen",
				.n_objects = 1,
				.bytes = mixed ? (op == 0 || op == 2 ? 65536 : 0)
					       : (sizes[z] < 65536 ? sizes[z] : 65536),
				.endpoint = "http://127.0.0.1:1",
				.file = "obj",
				.error = "",
				.cat = "",
				.start_ns = t,
				.first_byte_ns = t + dur / 3,
				.end_ns = t + dur,
				.duration_ns = dur,
			};
			if (emit(&k, &r, e) < 0)
				goto done;
			t += dur;
		}
	rc = finish(g, dir, subj, cycle, d, &k, e);
	k.w = NULL;
done:
	opslog_writer_abort(k.w);
	summary_acc_free(k.acc);
	return rc;
}

int main(int argc, char **argv)
{
	static const int rates[] = {100, 200, 400, 700, 1000};
	struct gen g = {.cycles = 2, .p99_limit = 50, .seconds = 8, .rng = 88172645463325252ULL};
	struct err e = {{0}};

	if (argc < 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: gen_wl_runs OUT_DIR [--cycles N] [--p99-limit MS] "
				"[--seconds S]\n");
		return 2;
	}
	g.out = argv[1];
	for (int i = 2; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--cycles") == 0)
			g.cycles = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--p99-limit") == 0)
			g.p99_limit = atof(argv[i + 1]);
		else if (strcmp(argv[i], "--seconds") == 0)
			g.seconds = atof(argv[i + 1]);
		else
			return fprintf(stderr, "gen_wl_runs: unknown option %s\n", argv[i]), 2;
	}
	for (int c = 1; c <= g.cycles; c++)
		for (int s = 0; s < 2; s++) {
			const char *subj = s ? "s3rver" : "rgw";

			for (size_t r = 0; r < sizeof(rates) / sizeof(rates[0]); r++)
				if (rate_run(&g, subj, s ? 300 : 800, c, rates[r], &e) < 0)
					goto fail;
			if (closed_run(&g, subj, c, 1, &e) < 0 ||
			    closed_run(&g, subj, c, 0, &e) < 0)
				goto fail;
		}
	return 0;
fail:
	fprintf(stderr, "gen_wl_runs: %s\n", e.msg);
	return 1;
}
