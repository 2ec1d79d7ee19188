/* tests/tools/fake_campaign.c: write a SYNTHETIC s3bench DATA_DIR (docs/FORMATS.md)
 * shaped like a full published matrix, for analyze's and render's tests and
 * benchmarks. Nothing here is a measurement: the campaign title says so.
 *
 *   fake_campaign OUTDIR [--subjects N] [--cycles N] [--seed N] [--xss]
 *                        [--ops-logs [--ops-rows N] [--ops-seconds S]]
 *                        [--no-failures] [--one-model]
 *                        [--speed K=F]... [--noise CV] [--drop K:C]
 *                        [--cell K:OP:SIZE:C=F] [--vantage NAME]
 *
 * Matrix: N subjects ("Provider A".., one colour each) x put/get x 256KiB, 5MiB,
 * 50MiB, 100MiB x concurrency 1, 5, 10 x cycles, plus one-off list, head and delete
 * runs per subject (runs/once/). Numbers come from a per-subject model and a
 * seeded generator: the same seed gives the same files.
 *
 * Failures written unless --no-failures (subject k means the k-th, clamped to the
 * last when there are fewer):
 *   subject 4, put 100MiB c10, cycles 2 and 5: no summary, class timeout
 *   subject 2, get 5MiB c5, cycle 3: no summary, class unavailable
 *   subject 5, get 256KiB c1, cycle 1: no summary, class prepare-failed
 *   subject 1, put 50MiB c10, cycle 4: a summary AND wrapper timed_out (included)
 *   subject 5, delete one-off: no summary, class http-5xx
 * --xss puts "<script>alert(1)</script>" into subject 3's label.
 * --ops-logs also writes each run's ops.tsv.zst (short synthetic runs of about
 * 8 s) and computes the summary from those rows with core's summary module, so
 * `analyze --recompute` must agree with run.json.
 * --ops-rows N  with --ops-logs: each run's log holds about N rows (N / concurrency per
 *               worker, back to back over the run's length: mean duration
 *               length x concurrency / N, the model's noise around it), the
 *               published study's request counts (bench/study.sh); default: the
 *               model's durations (at least 250 ms each)
 * --ops-seconds S  with --ops-logs: the runs' length in seconds (default 8)
 * --vantage NAME  [campaign] vantage = NAME and run.json campaign.vantage (where the client
 *               measured from); each matrix run's summary.segments.log_sd is then 0.02 (a
 *               within-run spread, for the variance components of analyze DIR1 DIR2)
 * Known truth for the statistics tests (analyze_stats.sh):
 *   --one-model   every subject follows the first subject's model (only its colour,
 *                 and --speed, differ)
 *   --speed K=F   subject K (1-based) is F times as fast: its per-connection
 *                 bandwidth and ceiling times F, its per-request overhead over F
 *                 (repeatable)
 *   --noise CV    every subject's run-to-run variation (standard deviation of the
 *                 noise factor) instead of its model's
 *   --drop K:C    subject K has no run at all in cycle C (nothing written)
 *   --cell K:OP:SIZE:C=F  one cell only (subject K, op put or get, SIZE bytes,
 *                 concurrency C) has F times its throughput (its noise unchanged):
 *                 the known change of the baseline tests (not with --ops-logs)
 * Exit status: 0 written, 1 write error, 2 usage. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "core/err.h"
#include "core/fsutil.h"
#include "core/opslog.h"
#include "core/summary.h"
#include "core/timefmt.h"
#include "core/units.h"

#define MIB 1048576.0
#define NS 1000000000LL
#define BASE_NS (1793491200LL * NS) /* 2026-11-01T00:00:00Z */
#define RUN_SPACING_NS (400LL * NS)

struct rng {
	uint64_t s;
};

static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double rng_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) / 9007199254740992.0;
}

/* rng_noise: a factor around 1 with standard deviation cv (Box-Muller), >= 0.2. */
static double rng_noise(struct rng *r, double cv)
{
	double u = rng_unit(r), v = rng_unit(r);
	double g = sqrt(-2 * log(u > 1e-12 ? u : 1e-12)) * cos(2 * M_PI * v);
	double f = 1 + cv * g;

	return f < 0.2 ? 0.2 : f;
}

struct profile {
	const char *color;
	double conn_mib_s;  /* one connection's bandwidth */
	double cap_mib_s;   /* the subject's ceiling */
	double overhead_ms; /* per-request latency */
	double get_factor;  /* GET throughput / PUT throughput */
	double cv;          /* run-to-run variation */
};

static const struct profile profiles[] = {
	/* A: high ceiling (leads large objects at high concurrency) */
	{"#1f77b4", 90, 1100, 25, 1.25, 0.05},
	/* B: slow PUT, fast GET */
	{"#ff7f0e", 60, 600, 40, 1.70, 0.10},
	/* C: fast connections, low ceiling (leads mid sizes) */
	{"#2ca02c", 120, 700, 15, 1.20, 0.03},
	/* D: slow and noisy */
	{"#d62728", 40, 350, 60, 1.25, 0.20},
	/* E: lowest per-request overhead (leads small objects) */
	{"#9467bd", 60, 800, 10, 1.25, 0.08},
	{"#8c564b", 50, 500, 35, 1.30, 0.12},
	{"#e377c2", 100, 800, 20, 1.10, 0.06},
	{"#7f7f7f", 30, 300, 80, 1.40, 0.15},
};
#define N_PROFILES (sizeof(profiles) / sizeof(profiles[0]))

static const uint64_t sizes[] = {256 * 1024, 5 << 20, 50 << 20, 100 << 20};
static const int concs[] = {1, 5, 10};
static const char *const mops[] = {"put", "get"};

#define MAX_SUBJECTS 26

struct opts {
	const char *out;
	int subjects, cycles, xss, ops_logs, failures;
	long ops_rows, ops_seconds; /* --ops-rows (0: the model's durations), --ops-seconds */
	uint64_t seed;
	int one_model;
	double speed[MAX_SUBJECTS];   /* throughput factor per subject */
	double noise;                 /* < 0: each model's own cv */
	int drop_subject, drop_cycle; /* 1-based; 0: none */
	int cell_subject;             /* --cell: 1-based; 0: none */
	char cell_op[8];
	unsigned long long cell_size;
	int cell_conc;
	double cell_factor;
	const char *vantage; /* --vantage NAME; NULL: none */
};

/* model_of: subject k's model under --one-model, --speed and --noise. */
static struct profile model_of(const struct opts *o, int k)
{
	struct profile p = profiles[(o->one_model ? 0 : k) % N_PROFILES];

	p.color = profiles[k % N_PROFILES].color;
	p.conn_mib_s *= o->speed[k % MAX_SUBJECTS];
	p.cap_mib_s *= o->speed[k % MAX_SUBJECTS];
	p.overhead_ms /= o->speed[k % MAX_SUBJECTS];
	if (o->noise >= 0)
		p.cv = o->noise;
	return p;
}

/* What one run is asked to do. */
struct job {
	int subject; /* 0-based */
	int cycle;   /* 0: one-off */
	const char *op;
	uint64_t size;
	int conc;
	int64_t objects; /* -1: null */
	int64_t start_ns;
};

/* A planned failure (see the header comment). */
struct failure {
	int subject; /* 1-based, clamped to the last subject */
	const char *op;
	uint64_t size;
	int conc, cycle; /* cycle 0: one-off */
	const char *cls; /* NULL: summary kept but the wrapper timed out */
	const char *first;
	int timed_out, signal, exit_code;
};

static const struct failure failures[] = {
	{4, "put", 100 << 20, 10, 2, "timeout", "PUT bench/obj-7: request timed out after 120 s", 1,
	 9, -1},
	{4, "put", 100 << 20, 10, 5, "timeout", "PUT bench/obj-3: request timed out after 120 s", 1,
	 9, -1},
	{2, "get", 5 << 20, 5, 3, "unavailable", "connect: Connection refused", 0, 0, 3},
	{5, "get", 256 * 1024, 1, 1, "prepare-failed",
	 "prepare: HTTP 503 SlowDown: Please reduce your request rate.", 0, 0, 3},
	{1, "put", 50 << 20, 10, 4, NULL, NULL, 1, 15, 124},
	{5, "delete", 256 * 1024, 10, 0, "http-5xx",
	 "HTTP 500 InternalError: We encountered an internal error, \"please\" retry.", 0, 0, 3},
};

static const struct failure *failure_for(const struct opts *o, const struct job *j)
{
	if (!o->failures)
		return NULL;
	for (size_t i = 0; i < sizeof(failures) / sizeof(failures[0]); i++) {
		const struct failure *f = &failures[i];
		int s = f->subject <= o->subjects ? f->subject - 1 : o->subjects - 1;

		if (s == j->subject && strcmp(f->op, j->op) == 0 && f->size == j->size &&
		    f->conc == j->conc && f->cycle == j->cycle && f->cycle <= o->cycles)
			return f;
	}
	return NULL;
}

static void lat_from(struct lat_stats *l, double avg_ms)
{
	l->avg = avg_ms;
	l->p50 = avg_ms * 0.95;
	l->p90 = avg_ms * 1.30;
	l->p99 = avg_ms * 1.80;
	l->min = avg_ms * 0.50;
	l->max = avg_ms * 3.00;
	l->stddev = avg_ms * 0.30;
}

/* model_summary: a summary straight from the subject's model (no rows). */
static void model_summary(const struct opts *o, const struct job *j, struct rng *r,
			  struct run_summary *s)
{
	const struct profile model = model_of(o, j->subject), *p = &model;
	double dur = 60, obj_s, mib_s, bw;

	memset(s, 0, sizeof(*s));
	if (strcmp(j->op, "put") == 0 || strcmp(j->op, "get") == 0) {
		double size_mib = (double)j->size / MIB;
		double per_req = p->overhead_ms / 1000 + size_mib / p->conn_mib_s;

		bw = j->conc * size_mib / per_req;
		if (bw > p->cap_mib_s)
			bw = p->cap_mib_s;
		if (strcmp(j->op, "get") == 0)
			bw *= p->get_factor;
		mib_s = bw * rng_noise(r, p->cv);
		if (j->subject + 1 == o->cell_subject && strcmp(j->op, o->cell_op) == 0 &&
		    j->size == o->cell_size && j->conc == o->cell_conc)
			mib_s *= o->cell_factor;
		obj_s = mib_s * MIB / (double)j->size;
		s->has_ttfb = 1;
		lat_from(&s->latency, 1000.0 * j->conc / obj_s);
		lat_from(&s->ttfb, strcmp(j->op, "get") == 0 ? p->overhead_ms * rng_noise(r, 0.1)
							     : s->latency.avg * 0.98);
	} else {
		double base = strcmp(j->op, "list") == 0   ? 12000
			      : strcmp(j->op, "head") == 0 ? 1500
							   : 4000;

		obj_s = base * (p->conn_mib_s / 75) * rng_noise(r, p->cv);
		mib_s = 0;
		s->has_ttfb = strcmp(j->op, "list") == 0;
		lat_from(&s->latency,
			 p->overhead_ms * rng_noise(r, 0.1) * (strcmp(j->op, "head") == 0 ? 1 : 3));
		if (s->has_ttfb)
			lat_from(&s->ttfb, s->latency.avg * 0.7);
	}
	s->seconds = dur - 4;
	s->mib_s = mib_s;
	s->obj_s = obj_s;
	s->requests = (uint64_t)(obj_s * dur) + 1;
	s->objects = s->requests;
	s->bytes = strcmp(j->op, "put") == 0 || strcmp(j->op, "get") == 0 ? s->requests * j->size
									  : 0;
	s->start_ns = j->start_ns;
	s->end_ns = j->start_ns + (int64_t)(dur * NS) + (int64_t)(rng_unit(r) * 0.5 * NS);
	s->completion_s = (double)(s->end_ns - s->start_ns) / NS;
	s->seg_count = (int)s->seconds;
	if (o->vantage != NULL && j->cycle > 0) {
		s->has_log_sd = 1;
		s->log_sd = 0.02;
	}
	s->median = (struct seg_value){mib_s * 1.01, obj_s * 1.01};
	s->fastest = (struct seg_value){mib_s * 1.20, obj_s * 1.20};
	s->slowest = (struct seg_value){mib_s * 0.70, obj_s * 0.70};
}

static const char *warp_op(const char *op)
{
	return strcmp(op, "put") == 0    ? "PUT"
	       : strcmp(op, "get") == 0  ? "GET"
	       : strcmp(op, "list") == 0 ? "LIST"
	       : strcmp(op, "head") == 0 ? "STAT"
					 : "DELETE";
}

/* row_ms: one request's duration in ms: --ops-rows' mean with the model's noise (at
 * least 1 us), else the model's own (at least 250 ms). */
static double row_ms(const struct profile *p, const struct job *j, double mean_ms, int is_data,
		     struct rng *r)
{
	double ms;

	if (mean_ms > 0) {
		ms = mean_ms * rng_noise(r, p->cv);
		return ms < 0.001 ? 0.001 : ms;
	}
	ms = (p->overhead_ms + (is_data ? (double)j->size / MIB / p->conn_mib_s * 1000 : 0)) *
	     rng_noise(r, p->cv);
	return ms < 250 ? 250 : ms;
}

/* rows_summary: write ops.tsv.zst for a synthetic run (--ops-seconds long, each
 * worker back to back) and summarize those very rows with core's accumulator. */
static int rows_summary(const struct opts *o, const struct job *j, const char *file, struct rng *r,
			struct run_summary *s, struct err *e)
{
	const struct profile model = model_of(o, j->subject), *p = &model;
	struct opslog_writer *w = opslog_writer_open(file, e);
	struct summary_acc *acc = summary_acc_new();
	int is_data = strcmp(j->op, "put") == 0 || strcmp(j->op, "get") == 0;
	uint64_t idx = 0;
	char key[64];
	int rc = -1;

	if (w == NULL || acc == NULL) {
		if (acc == NULL)
			err_set(e, "out of memory");
		goto done;
	}
	int64_t span = o->ops_seconds * NS;
	/* --ops-rows: the mean duration that gives each worker its share of the rows */
	double mean_ms = o->ops_rows > 0 ? (double)span / 1e6 * j->conc / (double)o->ops_rows : 0;

	for (int t = 0; t < j->conc; t++) {
		int64_t now = j->start_ns + t * 3 * NS / 1000;

		while (now < j->start_ns + span) {
			int64_t d = (int64_t)(row_ms(p, j, mean_ms, is_data, r) * 1e6);
			struct op_row row = {
				.idx = idx++,
				.thread = t,
				.op = warp_op(j->op),
				.client_id = "",
				.n_objects = strcmp(j->op, "list") == 0     ? 1000
					     : strcmp(j->op, "delete") == 0 ? 100
									    : 1,
				.bytes = is_data ? j->size : 0,
				.endpoint = "https://synthetic.invalid",
				.file = key,
				.error = "",
				.start_ns = now,
				.end_ns = now + d,
				.duration_ns = d,
				.cat = "",
			};

			snprintf(key, sizeof(key), "bench/obj-%llu", (unsigned long long)row.idx);
			if (strcmp(j->op, "put") == 0) {
				row.last_byte_ns = now + d * 9 / 10;
				row.first_byte_ns = now + d - d / 50;
			} else if (strcmp(j->op, "get") == 0 || strcmp(j->op, "list") == 0) {
				row.first_byte_ns = now + d / 5;
			}
			if (opslog_writer_add(w, &row, e) < 0 || summary_acc_add(acc, &row, e) < 0)
				goto done;
			now += d;
		}
	}
	if (summary_acc_finish(acc, s, e) < 0)
		goto done;
	rc = opslog_writer_close(w, e);
	w = NULL;
done:
	opslog_writer_abort(w);
	summary_acc_free(acc);
	return rc;
}

static void subject_id(int k, char *buf, size_t n)
{
	snprintf(buf, n, "provider-%c", 'a' + k % 26);
}

static void subject_label(const struct opts *o, int k, char *buf, size_t n)
{
	snprintf(buf, n, "Provider %c%s", 'A' + k % 26,
		 o->xss && k == 2 ? " <script>alert(1)</script>" : "");
}

static json_t *run_json(const struct opts *o, const struct job *j, const struct failure *f,
			const struct run_summary *s)
{
	char id[32], label[96], started[RFC3339_MAX], ended[RFC3339_MAX];
	int64_t end_ns = s ? s->end_ns + NS / 2 : j->start_ns + 120 * NS;
	json_t *first = json_array(), *root;

	subject_id(j->subject, id, sizeof(id));
	subject_label(o, j->subject, label, sizeof(label));
	rfc3339_format(started, sizeof(started), j->start_ns - NS);
	rfc3339_format(ended, sizeof(ended), end_ns);
	if (f != NULL && f->first != NULL)
		json_array_append_new(first, json_string(f->first));
	root = json_pack(
		"{s:s, s:{s:s,s:s,s:s,s:s}, s:{s:s,s:s,s:i},"
		" s:{s:s,s:s,s:s,s:s,s:s,s:i}, s:o,"
		" s:{s:s,s:s,s:s,s:s,s:s,s:s,s:s},"
		" s:{s:s,s:I,s:i,s:s,s:i,s:n,s:o,s:o,s:n,s:i},"
		" s:{s:s,s:s,s:s},"
		" s:{s:s,s:s,s:f,s:i,s:i,s:b},"
		" s:{s:I,s:o,s:o}, s:s}",
		"format", "s3bench-run/1", "tool", "name", "s3bench", "version", "0.1.0", "libcurl",
		"synthetic", "openssl", "synthetic", "host", "hostname", "fake-campaign", "os",
		"synthetic", "cpus", 2, "campaign", "name", "synthetic-fixture", "title",
		"SYNTHETIC DATA: fake_campaign test fixture, not a measurement", "client",
		"fake_campaign generator (no network)", "file", "campaign.ini", "order",
		"interleave", "cycles", o->cycles, "cycle",
		j->cycle > 0 ? json_integer(j->cycle) : json_null(), "subject", "id", id, "label",
		label, "endpoint", "https://synthetic.invalid", "region", "us-east-1", "bucket",
		"bench", "addressing", "path", "color", profiles[j->subject % N_PROFILES].color,
		"workload", "op", j->op, "size", (json_int_t)j->size, "concurrency", j->conc,
		"bound", j->cycle > 0 ? "duration" : "until-done", "duration_s", 60, "count",
		"objects", j->objects >= 0 ? json_integer(j->objects) : json_null(), "batch",
		strcmp(j->op, "delete") == 0 ? json_integer(100) : json_null(), "part_size",
		"timeout_s", 420, "phases", "prepare",
		strcmp(j->op, "put") == 0                          ? "skipped"
		: f && f->cls && !strcmp(f->cls, "prepare-failed") ? "failed"
								   : "done",
		"benchmark",
		s                                        ? "done"
		: f && !strcmp(f->cls, "prepare-failed") ? "not-reached"
							 : "failed",
		"cleanup", "done", "wrapper", "started", started, "ended", ended, "elapsed_s",
		(double)(end_ns - j->start_ns + NS) / NS, "exit_code", f ? f->exit_code : 0,
		"signal", f ? f->signal : 0, "timed_out", f ? f->timed_out : 0, "errors", "count",
		(json_int_t)(f && f->first ? 1 : 0), "class",
		f && f->cls ? json_string(f->cls) : json_null(), "first", first, "status",
		s ? "complete" : "failed");
	if (root != NULL && s != NULL && json_object_set_new(root, "summary", summary_to_json(s)))
		root = (json_decref(root), NULL);
	if (root != NULL && o->vantage != NULL &&
	    json_object_set_new(json_object_get(root, "campaign"), "vantage",
				json_string(o->vantage)))
		root = (json_decref(root), NULL);
	return root;
}

static int write_run(const struct opts *o, const struct job *j, struct rng *r, struct err *e)
{
	char id[32], sz[UNITS_SIZE_MAX], dir[PATH_MAX], file[PATH_MAX + 32], tmp[PATH_MAX + 64];
	const struct failure *f = failure_for(o, j);
	struct run_summary sum;
	int have = f == NULL || f->cls == NULL;
	json_t *root;
	int rc;

	subject_id(j->subject, id, sizeof(id));
	units_format_size(j->size, sz, sizeof(sz));
	if (j->cycle > 0)
		snprintf(dir, sizeof(dir), "%s/runs/cycle-%02d/%s/%s-%s-c%d", o->out, j->cycle, id,
			 j->op, sz, j->conc);
	else
		snprintf(dir, sizeof(dir), "%s/runs/once/%s/%s-%s-c%d", o->out, id, j->op, sz,
			 j->conc);
	if (fs_mkdirs(dir, e) < 0)
		return -1;
	if (have && o->ops_logs) {
		snprintf(file, sizeof(file), "%s/ops.tsv.zst", dir);
		if (rows_summary(o, j, file, r, &sum, e) < 0)
			return -1;
	} else if (have) {
		model_summary(o, j, r, &sum);
	}
	root = run_json(o, j, f, have ? &sum : NULL);
	if (have)
		summary_clear(&sum);
	if (root == NULL)
		return err_set(e, "%s: could not build run.json", dir);
	snprintf(file, sizeof(file), "%s/run.json", dir);
	snprintf(tmp, sizeof(tmp), "%s/.run.json.tmp.%ld", dir, (long)getpid());
	rc = json_dump_file(root, tmp, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (rc != 0 || rename(tmp, file) != 0)
		return err_set(e, "%s: cannot write", file);
	return 0;
}

static int write_ini(const struct opts *o, struct err *e)
{
	char file[PATH_MAX], id[32], label[96];
	FILE *f;

	snprintf(file, sizeof(file), "%s/campaign.ini", o->out);
	if ((f = fopen(file, "w")) == NULL)
		return err_set(e, "%s: %s", file, strerror(errno));
	fprintf(f,
		"; SYNTHETIC campaign written by fake_campaign (seed %llu): not a measurement\n"
		"[campaign]\nname = synthetic-fixture\n"
		"title = SYNTHETIC DATA: fake_campaign test fixture, not a measurement\n"
		"cycles = %d\norder = interleave\nclient = fake_campaign generator (no network)\n"
		"%s%s%s\n"
		"[matrix]\nops = put, get\nsizes = 256KiB, 5MiB, 50MiB, 100MiB\n"
		"concurrency = 1, 5, 10\nduration = 1m\ntimeout = 7m\n\n"
		"[list]\nobjects = 100000\nsize = 256KiB\nconcurrency = 10\n\n"
		"[head]\nobjects = 50000\nconcurrency = 10\n\n"
		"[delete]\nobjects = 100000\nsize = 256KiB\nconcurrency = 10\nbatch = 100\n",
		(unsigned long long)o->seed, o->cycles, o->vantage ? "vantage = " : "",
		o->vantage ? o->vantage : "", o->vantage ? "\n" : "");
	for (int k = 0; k < o->subjects; k++) {
		subject_id(k, id, sizeof(id));
		subject_label(o, k, label, sizeof(label));
		fprintf(f,
			"\n[subject %s]\nlabel = %s\nendpoint = https://synthetic.invalid\n"
			"region = us-east-1\nbucket = bench\ncolor = %s\n",
			id, label, profiles[k % N_PROFILES].color);
	}
	if (fclose(f) != 0)
		return err_set(e, "%s: %s", file, strerror(errno));
	return 0;
}

static int generate(const struct opts *o, struct err *e)
{
	static const char *const once_ops[] = {"list", "head", "delete"};
	static const int64_t once_objects[] = {100000, 50000, 100000};
	struct rng r = {o->seed * 0x2545f4914f6cdd1dULL + 1};
	int64_t t = BASE_NS;

	if (fs_mkdirs(o->out, e) < 0 || write_ini(o, e) < 0)
		return -1;
	for (int c = 1; c <= o->cycles; c++)
		for (size_t op = 0; op < 2; op++)
			for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++)
				for (size_t k = 0; k < sizeof(concs) / sizeof(concs[0]); k++)
					for (int s = 0; s < o->subjects; s++) {
						struct job j = {s,        c,  mops[op], sizes[z],
								concs[k], -1, t};

						t += RUN_SPACING_NS;
						if (s + 1 == o->drop_subject && c == o->drop_cycle)
							continue;
						if (write_run(o, &j, &r, e) < 0)
							return -1;
					}
	for (size_t op = 0; op < 3; op++)
		for (int s = 0; s < o->subjects; s++) {
			struct job j = {s, 0, once_ops[op], 256 * 1024, 10, once_objects[op], t};

			t += RUN_SPACING_NS;
			if (write_run(o, &j, &r, e) < 0)
				return -1;
		}
	return 0;
}

static int parse_num(const char *s, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return errno || end == s || *end || *out < lo || *out > hi ? -1 : 0;
}

/* cell_opt: --cell K:OP:SIZE:C=F's value into o; -1 when malformed. */
static int cell_opt(const char *v, struct opts *o)
{
	int k, c, used = 0;
	char op[8];
	unsigned long long size;
	double f;

	if (sscanf(v, "%d:%7[a-z]:%llu:%d=%lf%n", &k, op, &size, &c, &f, &used) != 5 ||
	    v[used] != '\0' || k < 1 || k > MAX_SUBJECTS || c < 1 || !(f > 0 && f <= 100) ||
	    (strcmp(op, "put") && strcmp(op, "get")))
		return -1;
	o->cell_subject = k;
	memcpy(o->cell_op, op, sizeof(op));
	o->cell_size = size;
	o->cell_conc = c;
	o->cell_factor = f;
	return 0;
}

/* model_opt: --speed K=F, --noise CV, --drop K:C or --cell K:OP:SIZE:C=F at argv[*i]
 * (its value taken); 1 when argv[*i] is none of them, 0 when parsed, -1 on a bad
 * value (printed). */
static int model_opt(int argc, char **argv, int *i, struct opts *o)
{
	const char *a = argv[*i], *v;
	char *end;
	long k, c;
	double f;

	if ((strcmp(a, "--speed") && strcmp(a, "--noise") && strcmp(a, "--drop") &&
	     strcmp(a, "--cell")) ||
	    *i + 1 >= argc)
		return 1;
	v = argv[++*i];
	errno = 0;
	if (!strcmp(a, "--cell")) {
		if (cell_opt(v, o) < 0)
			goto bad;
		return 0;
	}
	if (!strcmp(a, "--noise")) {
		f = strtod(v, &end);
		if (errno || end == v || *end || !(f >= 0 && f <= 1))
			goto bad;
		o->noise = f;
		return 0;
	}
	k = strtol(v, &end, 10);
	if (errno || end == v || k < 1 || k > MAX_SUBJECTS || *end != (a[2] == 's' ? '=' : ':'))
		goto bad;
	v = end + 1;
	if (a[2] == 's') {
		f = strtod(v, &end);
		if (errno || end == v || *end || !(f > 0 && f <= 100))
			goto bad;
		o->speed[k - 1] = f;
	} else {
		if (parse_num(v, 1, 1000000, &c) < 0)
			goto bad;
		o->drop_subject = (int)k;
		o->drop_cycle = (int)c;
	}
	return 0;
bad:
	fprintf(stderr, "fake_campaign: %s: bad value '%s'\n", a, argv[*i]);
	return -1;
}

int main(int argc, char **argv)
{
	struct opts o = {.subjects = 5,
			 .cycles = 7,
			 .seed = 1,
			 .failures = 1,
			 .noise = -1,
			 .ops_seconds = 8};
	struct err e = {{0}};
	long v;
	int m;

	for (int k = 0; k < MAX_SUBJECTS; k++)
		o.speed[k] = 1;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if ((!strcmp(a, "--subjects") || !strcmp(a, "--cycles") || !strcmp(a, "--seed")) &&
		    i + 1 < argc) {
			if (parse_num(argv[++i], a[2] == 's' && a[3] == 'e' ? 0 : 1,
				      a[2] == 's' && a[3] == 'u' ? 26 : 1000000, &v) < 0) {
				fprintf(stderr, "fake_campaign: %s: bad value '%s'\n", a, argv[i]);
				return 2;
			}
			if (!strcmp(a, "--subjects"))
				o.subjects = (int)v;
			else if (!strcmp(a, "--cycles"))
				o.cycles = (int)v;
			else
				o.seed = (uint64_t)v;
		} else if ((!strcmp(a, "--ops-rows") || !strcmp(a, "--ops-seconds")) &&
			   i + 1 < argc) {
			if (parse_num(argv[++i], 1, a[6] == 'r' ? 100000000 : 86400, &v) < 0) {
				fprintf(stderr, "fake_campaign: %s: bad value '%s'\n", a, argv[i]);
				return 2;
			}
			if (a[6] == 'r')
				o.ops_rows = (long)v;
			else
				o.ops_seconds = (long)v;
		} else if ((m = model_opt(argc, argv, &i, &o)) <= 0) {
			if (m < 0)
				return 2;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			printf("usage: fake_campaign OUTDIR [--subjects N] [--cycles N] [--seed N] "
			       "[--xss] [--ops-logs [--ops-rows N] [--ops-seconds S]] [--no-failures] "
			       "[--one-model] [--speed K=F]... "
			       "[--noise CV] [--drop K:C] [--cell K:OP:SIZE:C=F] [--vantage NAME]\n"
			       "Writes a SYNTHETIC s3bench DATA_DIR (see the header of "
			       "tests/tools/fake_campaign.c).\n");
			return 0;
		} else if (!strcmp(a, "--vantage") && i + 1 < argc) {
			o.vantage = argv[++i];
		} else if (!strcmp(a, "--xss")) {
			o.xss = 1;
		} else if (!strcmp(a, "--ops-logs")) {
			o.ops_logs = 1;
		} else if (!strcmp(a, "--no-failures")) {
			o.failures = 0;
		} else if (!strcmp(a, "--one-model")) {
			o.one_model = 1;
		} else if (a[0] != '-' && o.out == NULL) {
			o.out = a;
		} else {
			fprintf(stderr,
				"usage: fake_campaign OUTDIR [--subjects N] [--cycles N] "
				"[--seed N] [--xss] [--ops-logs [--ops-rows N] [--ops-seconds S]] "
				"[--no-failures] [--one-model] "
				"[--speed K=F]... [--noise CV] [--drop K:C] [--cell K:OP:SIZE:C=F] "
				"[--vantage NAME]\n");
			return 2;
		}
	}
	if (o.out == NULL) {
		fprintf(stderr, "fake_campaign: OUTDIR is missing\n");
		return 2;
	}
	if (generate(&o, &e) < 0) {
		fprintf(stderr, "fake_campaign: %s\n", e.msg);
		return 1;
	}
	return 0;
}
