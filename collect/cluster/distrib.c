/* collect/cluster/distrib.c: see distrib.h. The collective steps of one run, in the order every
 * rank takes them: task broadcast, go broadcast (after rank 0's prepare), then when go:
 * clock round trips, start broadcast, benchmark, outcome files and row files to rank 0. */
#include "collect/cluster/distrib.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/dskeys.h"
#include "collect/run/clientid.h"
#include "collect/run/clients.h"
#include "collect/workload.h"
#include "core/opslog.h"
#include "core/timefmt.h"

#define CLOCK_ROUNDS 10

enum {
	TASK_END,
	TASK_RUN
};

/* What rank 0 broadcasts for one run: fixed-size, so that one broadcast carries it (every
 * rank runs the same build of collect, so struct workload has one layout). */
struct task {
	int cmd;
	int path_style, insecure, cred_kind;
	double timeout_s;
	struct workload wl;
	struct clientres_opts client; /* the campaign's (or --client-nic's): every client's */
	char prefix[512];
	char id[128], endpoint[1024], region[128], bucket[256], cred_name[256];
	char ca_bundle[1024]; /* the subject's CAs (its ca_bundle, else --ca-bundle or rank
				 0's AWS_CA_BUNDLE): the same path on every host; "" none */
	/* what wl's borrowed members point to, copied: wl's pointers are rank 0's, and
	 * task_point points them here on each rank */
	char delimiter[16]; /* "" none */
	struct dskeys dataset;
	int has_dataset;
	char ds_name[128], ds_prefix[512], ds_layout[40], ds_keys_sha256[72];
};

/* After rank 0's prepare: whether the benchmark goes ahead, and its time limit. */
struct go {
	int ok;
	double limit_s;
};

struct distrib {
	struct cluster *c;
	volatile sig_atomic_t *stop;
	int rank, size;
	char id[CLIENT_ID_LEN + 1];
	char *ids;      /* rank 0: size x (CLIENT_ID_LEN + 1) bytes */
	char tmp[1024]; /* this rank's temporary directory */
	char run[1100]; /* tmp/run: the directory of its benchmark children */
	char **from;    /* rank 0: RUN/from-R.json then RUN/from-R.tsv.zst for
				     each rank R (2 x size names; rank 0's own unused) */
	int *status;    /* rank 0: size entries for cluster_collect_file */
	struct run_one_runner runner;
	struct clientres_opts own; /* this rank's own NIC speed (S3BENCH_CLIENT_NIC) */
};

/* One client's benchmark as rank 0 sees it. */
struct outcome {
	struct runner_result rr;
	int have; /* its outcome file arrived */
	struct cluster_clock clock;
};

static int exec_run(void *arg, const struct runner_job *job, struct runner_result *rr,
		    struct run_clients *clients, struct err *e);

/* clear_dir: remove every file of the flat directory dir. */
static void clear_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[2048];

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	closedir(d);
}

/* from_names: rank 0's names of the files the other ranks send. */
static int from_names(struct distrib *d, struct err *e)
{
	d->from = calloc((size_t)d->size * 2, sizeof(*d->from));
	d->status = calloc((size_t)d->size, sizeof(*d->status));
	if (d->from == NULL || d->status == NULL)
		return err_set(e, "out of memory");
	for (int r = 0; r < d->size; r++) {
		size_t n = strlen(d->run) + 32;
		d->from[r] = malloc(n);
		d->from[d->size + r] = malloc(n);
		if (d->from[r] == NULL || d->from[d->size + r] == NULL)
			return err_set(e, "out of memory");
		snprintf(d->from[r], n, "%s/from-%d.json", d->run, r);
		snprintf(d->from[d->size + r], n, "%s/from-%d.tsv.zst", d->run, r);
	}
	return 0;
}

struct distrib *distrib_new(struct cluster *c, volatile sig_atomic_t *stop, struct err *e)
{
	struct distrib *d = calloc(1, sizeof(*d));
	const char *t = getenv("TMPDIR");

	if (d == NULL) {
		err_set(e, "out of memory");
		return NULL;
	}
	d->c = c;
	d->stop = stop;
	d->rank = cluster_rank(c);
	d->size = cluster_size(c);
	d->runner.exec = exec_run;
	d->runner.arg = d;
	d->runner.clients = d->size;
	clientid_of_process(d->id, sizeof(d->id));
	if (clientres_own_nic(&d->own, e) < 0)
		goto fail;
	if (d->rank == 0 && (d->ids = calloc((size_t)d->size, sizeof(d->id))) == NULL) {
		err_set(e, "out of memory");
		goto fail;
	}
	snprintf(d->tmp, sizeof(d->tmp), "%s/s3bench-rank%d-XXXXXX", t && t[0] ? t : "/tmp",
		 d->rank);
	if (mkdtemp(d->tmp) == NULL) {
		err_set(e, "%s: %s", d->tmp, strerror(errno));
		d->tmp[0] = '\0';
		goto fail;
	}
	snprintf(d->run, sizeof(d->run), "%s/run", d->tmp);
	if (mkdir(d->run, 0700) < 0) {
		err_set(e, "%s: %s", d->run, strerror(errno));
		goto fail;
	}
	if (d->rank == 0 && from_names(d, e) < 0)
		goto fail;
	if (cluster_gather(c, d->id, sizeof(d->id), d->ids, e) < 0)
		goto fail;
	return d;
fail:
	distrib_free(d);
	return NULL;
}

void distrib_free(struct distrib *d)
{
	if (d == NULL)
		return;
	if (d->tmp[0]) {
		clear_dir(d->run);
		rmdir(d->run);
		clear_dir(d->tmp);
		rmdir(d->tmp);
	}
	for (int r = 0; d->from != NULL && r < 2 * d->size; r++)
		free(d->from[r]);
	free(d->from);
	free(d->status);
	free(d->ids);
	free(d);
}

const struct run_one_runner *distrib_runner(struct distrib *d)
{
	return &d->runner;
}

static const char *rank_id(const struct distrib *d, int r)
{
	return d->ids + (size_t)r * sizeof(d->id);
}

/* own_prefix: whether op's benchmark works under the client's own prefix (it writes
 * or deletes objects) rather than the run's shared objects. */
static int own_prefix(enum wl_op op)
{
	return op == WL_PUT || op == WL_MULTIPART || op == WL_PUT_EMPTY || op == WL_DELETE ||
	       op == WL_MIXED;
}

/* shared_out: whether op's prepared objects are split between the clients, each share
 * under its client's prefix (delete and mixed remove objects: no other client may read
 * or delete them). Client r of n gets total / n objects, the first total % n one more,
 * as the prepare's shares (collect/run/runner.c). */
static int shared_out(enum wl_op op)
{
	return op == WL_DELETE || op == WL_MIXED;
}

static uint64_t client_objects(const struct workload *wl, int r, int n)
{
	uint64_t total = workload_prepared_objects(wl);

	return total / (uint64_t)n + ((uint64_t)r < total % (uint64_t)n);
}

static int copy_field(char *dst, size_t n, const char *src, const char *what, struct err *e)
{
	if (src == NULL)
		src = "";
	if (strlen(src) >= n)
		return err_set(e, "distributed run: the %s is too long (%zu bytes at most)", what,
			       n - 1);
	memcpy(dst, src, strlen(src) + 1);
	return 0;
}

/* task_of_job: the broadcast form of job. */
static int task_of_job(const struct runner_job *job, struct task *t, struct err *e)
{
	const struct campaign_subject *s = job->subject;

	memset(t, 0, sizeof(*t));
	t->cmd = TASK_RUN;
	t->path_style = s->path_style;
	t->insecure = s->insecure;
	t->cred_kind = (int)s->cred_kind;
	t->timeout_s = job->timeout_s;
	t->wl = *job->wl;
	t->client = job->client;
	if (copy_field(t->prefix, sizeof(t->prefix), job->prefix, "key prefix", e) < 0 ||
	    copy_field(t->id, sizeof(t->id), s->id, "subject id", e) < 0 ||
	    copy_field(t->endpoint, sizeof(t->endpoint), s->endpoint, "endpoint", e) < 0 ||
	    copy_field(t->region, sizeof(t->region), s->region, "region", e) < 0 ||
	    copy_field(t->bucket, sizeof(t->bucket), s->bucket, "bucket", e) < 0)
		return -1;
	if (copy_field(t->cred_name, sizeof(t->cred_name), s->cred_name, "credentials name", e) < 0)
		return -1;
	if (copy_field(t->ca_bundle, sizeof(t->ca_bundle), s->ca_bundle, "ca_bundle path", e) < 0)
		return -1;
	if (copy_field(t->delimiter, sizeof(t->delimiter), job->wl->delimiter, "delimiter", e) < 0)
		return -1;
	t->has_dataset = job->wl->dataset != NULL;
	if (!t->has_dataset)
		return 0;
	t->dataset = *job->wl->dataset;
	if (copy_field(t->ds_name, sizeof(t->ds_name), job->wl->dataset_name, "dataset name", e) <
		    0 ||
	    copy_field(t->ds_prefix, sizeof(t->ds_prefix), job->wl->dataset_prefix,
		       "dataset prefix", e) < 0 ||
	    copy_field(t->ds_layout, sizeof(t->ds_layout), job->wl->dataset_layout,
		       "dataset layout", e) < 0 ||
	    copy_field(t->ds_keys_sha256, sizeof(t->ds_keys_sha256), job->wl->dataset_keys_sha256,
		       "dataset key digest", e) < 0)
		return -1;
	return 0;
}

/* task_point: t->wl's borrowed members pointed at t's copies (task_of_job), on the rank
 * that holds t: rank 0's pointers mean nothing in another process. */
static void task_point(struct task *t)
{
	t->wl.delimiter = t->delimiter[0] ? t->delimiter : NULL;
	t->wl.dataset = t->has_dataset ? &t->dataset : NULL;
	t->wl.dataset_name = t->has_dataset ? t->ds_name : NULL;
	t->wl.dataset_prefix = t->has_dataset ? t->ds_prefix : NULL;
	t->wl.dataset_layout = t->has_dataset ? t->ds_layout : NULL;
	t->wl.dataset_keys_sha256 = t->has_dataset ? t->ds_keys_sha256 : NULL;
}

/* subject_of_task: the subject of t (pointing into t). */
static void subject_of_task(struct task *t, struct campaign_subject *s)
{
	memset(s, 0, sizeof(*s));
	s->id = t->id;
	s->label = t->id;
	s->endpoint = t->endpoint;
	s->region = t->region;
	s->bucket = t->bucket;
	s->path_style = t->path_style;
	s->insecure = t->insecure;
	s->cred_kind = (enum campaign_cred_kind)t->cred_kind;
	s->cred_name = t->cred_name[0] ? t->cred_name : NULL;
	s->ca_bundle = t->ca_bundle[0] ? t->ca_bundle : NULL;
}

/* The members of an outcome: what rank 0 needs of a client's run. */
static const uint64_t outcome_members = RUNREC_BIT(RUNREC_FORMAT) | RUNREC_BIT(RUNREC_PHASES) |
					RUNREC_BIT(RUNREC_WRAPPER) | RUNREC_BIT(RUNREC_ERRORS) |
					RUNREC_BIT(RUNREC_CPU) | RUNREC_BIT(RUNREC_TRANSPORT) |
					RUNREC_BIT(RUNREC_CLIENT) | RUNREC_BIT(RUNREC_STATUS) |
					RUNREC_BIT(RUNREC_SUMMARY);

/* outcome_write: rr as a small run.json record at path (what rank 0 needs of a client's
 * run: core/runrec/runrec.h). */
static int outcome_write(const char *path, const struct runner_result *rr, struct err *e)
{
	struct runrec *r = malloc(sizeof(*r));
	json_t *o;
	int rc;

	if (r == NULL)
		return err_set(e, "%s: out of memory", path);
	runrec_init(r);
	r->absent = ~outcome_members;
	run_state_record(&rr->st, r);
	r->errors.cls = rr->cls != EC_NONE ? err_class_name(rr->cls) : NULL;
	run_wrapper_record(&rr->wrapper, &r->wrapper);
	r->status = rr->complete ? RUNREC_COMPLETE : RUNREC_FAILED;
	o = runrec_to_json(r);
	rc = o != NULL && json_dump_file(o, path, JSON_COMPACT) == 0
		     ? 0
		     : err_set(e, "%s: cannot write", path);
	json_decref(o);
	free(r);
	return rc;
}

/* outcome_read: what outcome_write wrote into rr (initialised first). */
static int outcome_read(const char *path, struct runner_result *rr, struct err *e)
{
	struct runrec *r = malloc(sizeof(*r));

	memset(rr, 0, sizeof(*rr));
	run_state_init(&rr->st);
	if (r == NULL)
		return err_set(e, "%s: out of memory", path);
	if (runrec_load(path, r, e) < 0) {
		free(r);
		return -1;
	}
	run_state_from_record(r, &rr->st);
	rr->complete = r->status != NULL && strcmp(r->status, RUNREC_COMPLETE) == 0;
	rr->cls = rr->st.cls;
	run_wrapper_from_record(&r->wrapper, &rr->wrapper);
	runrec_clear(r);
	free(r);
	return 0;
}

/* bench_job: this rank's benchmark child's job for task t. */
static void bench_job(struct distrib *d, struct task *t, const struct campaign_subject *s,
		      double limit_s, int64_t start_at, char *own, size_t n, struct runner_job *job)
{
	memset(job, 0, sizeof(*job));
	job->dir = d->run;
	job->subject = s;
	job->wl = &t->wl;
	job->timeout_s = limit_s;
	job->prefix = t->prefix;
	job->client_id = d->id;
	job->client = t->client;
	if (d->own.nic_own) { /* this client's own speed, over the campaign's */
		job->client.nic_mbit = d->own.nic_mbit;
		job->client.nic_own = 1;
	}
	job->stop = d->stop;
	job->close_fd = -1;
	job->phases = RUNNER_BENCHMARK;
	job->start_at_ns = start_at;
	snprintf(own, n, "%s%s/", t->prefix, d->id);
	job->bench_prefix = own_prefix(t->wl.op) ? own : NULL;
	if (shared_out(t->wl.op))
		t->wl.objects = client_objects(&t->wl, d->rank, d->size);
	/* reads = once: each client reads its own part of the objects, none another read */
	if (t->wl.op == WL_GET && t->wl.send.reads == WL_READS_ONCE) {
		job->read_part = d->rank;
		job->read_parts = d->size;
	}
}

/* client_bench: every rank's part of a run that goes ahead (collective): clocks, the
 * common start, the benchmark child (its live counters to on_live, rank 0's progress),
 * then outcome and rows to rank 0 as RUN/from-R.json and RUN/from-R.tsv.zst (rank 0's
 * own stay RUN/outcome.json and RUN/ops.tsv.zst). clocks: rank 0's, size entries. */
static int client_bench(struct distrib *d, struct task *t, const struct go *g,
			const struct runner_job *tmpl, struct cluster_clock *clocks, struct err *e)
{
	struct campaign_subject s;
	struct runner_job job;
	struct runner_result rr;
	struct cluster_clock mine;
	struct err re = {{0}};
	struct task mine_t;
	char own[600], out[1200], ops[1200];
	int64_t start_at;
	int rc = -1;

	subject_of_task(t, &s);
	if (cluster_sync_clocks(d->c, CLOCK_ROUNDS, clocks, &mine, e) < 0 ||
	    (start_at = cluster_start_at(d->c, DISTRIB_LEAD_S, &mine, e)) < 0)
		return -1;
	mine_t = *t; /* bench_job sets this client's share of the objects */
	task_point(&mine_t);
	bench_job(d, &mine_t, &s, g->limit_s, start_at, own, sizeof(own), &job);
	if (tmpl != NULL) {
		job.on_live = tmpl->on_live;
		job.live_arg = tmpl->live_arg;
	}
	if (runner_exec(&job, &rr, &re) < 0) {
		/* not started: an outcome that says so all the same */
		memset(&rr, 0, sizeof(rr));
		rr.cls = EC_CRASHED;
		run_state_add_error(&rr.st, re.msg);
	}
	snprintf(out, sizeof(out), "%s/outcome.json", d->run);
	snprintf(ops, sizeof(ops), "%s/ops.tsv.zst", d->run);
	if (outcome_write(out, &rr, e) < 0)
		unlink(out); /* rank 0 then reports the client without its outcome */
	runner_result_clear(&rr);
	if (cluster_collect_file(d->c, out, d->from, d->status, e) == 0 &&
	    cluster_collect_file(d->c, ops, d->from != NULL ? d->from + d->size : NULL, d->status,
				 e) == 0)
		rc = 0;
	return rc;
}

int distrib_serve(struct distrib *d, struct err *e)
{
	struct task t;
	struct go g;

	for (;;) {
		clear_dir(d->run);
		if (cluster_bcast(d->c, &t, sizeof(t), e) < 0)
			return -1;
		if (t.cmd != TASK_RUN)
			return 0;
		if (cluster_bcast(d->c, &g, sizeof(g), e) < 0)
			return -1;
		if (g.ok && client_bench(d, &t, &g, NULL, NULL, e) < 0)
			return -1;
	}
}

int distrib_end(struct distrib *d, struct err *e)
{
	struct task t;

	memset(&t, 0, sizeof(t));
	t.cmd = TASK_END;
	return cluster_bcast(d->c, &t, sizeof(t), e);
}

/* ---- rank 0: one run ------------------------------------------------------------- */

/* One run on rank 0, from its task to its record. */
struct run0 {
	struct distrib *d;
	const struct runner_job *job;
	struct task t;
	struct go g;
	struct runner_result prep, clean;
	struct outcome *oc;           /* size entries */
	struct cluster_clock *clocks; /* size entries */
	char (*share)[600];           /* delete: each client's prefix */
	const char **share_ptr;
	int merge_failed; /* the clients' rows could not be merged */
	int has_sum;      /* the clients' rows merged have a summary (some request won) */
	int64_t t0, m0;
};

static double since(const struct run0 *x)
{
	return (double)(time_mono_ns() - x->m0) / 1e9;
}

/* prepare: the prepare child (a delete prepares each client's share under its own
 * prefix) and the go broadcast. -1 only when MPI fails. */
static int prepare(struct run0 *x, struct err *e)
{
	struct distrib *d = x->d;
	struct runner_job pj = *x->job;
	struct err pe = {{0}};

	pj.phases = RUNNER_PREPARE;
	if (shared_out(x->t.wl.op)) {
		pj.n_shares = d->size;
		pj.share_prefix = x->share_ptr;
	}
	if (runner_exec(&pj, &x->prep, &pe) < 0) {
		x->prep.cls = EC_CRASHED;
		run_state_add_error(&x->prep.st, pe.msg);
	}
	x->g.ok = x->prep.st.phase[PHASE_PREPARE] == PH_DONE && !*d->stop;
	x->g.limit_s = x->job->timeout_s - since(x);
	if (x->g.limit_s < 5)
		x->g.limit_s = 5;
	return cluster_bcast(d->c, &x->g, sizeof(x->g), e);
}

/* cleanup: the cleanup child (the whole run's prefix), unless the workload keeps its
 * objects or the collector is being stopped. */
static void cleanup(struct run0 *x)
{
	struct runner_job cj = *x->job;
	struct err ce = {{0}};

	cj.phases = RUNNER_CLEANUP;
	cj.on_live = NULL;
	cj.timeout_s = x->job->timeout_s - since(x);
	if (cj.timeout_s < 60)
		cj.timeout_s = 60;
	if (x->t.wl.keep || *x->d->stop) {
		x->clean.st.phase[PHASE_CLEANUP] = PH_SKIPPED;
		return;
	}
	if (runner_exec(&cj, &x->clean, &ce) < 0) {
		x->clean.st.phase[PHASE_CLEANUP] = PH_FAILED;
		run_state_add_error(&x->clean.st, ce.msg);
	}
}

/* read_outcomes: each client's outcome file, and a warning for a clock far off. */
static void read_outcomes(struct run0 *x)
{
	struct distrib *d = x->d;
	char path[1200];

	for (int r = 0; r < d->size; r++) {
		struct outcome *o = &x->oc[r];
		o->clock = x->clocks[r];
		if (r == 0)
			snprintf(path, sizeof(path), "%s/outcome.json", d->run);
		o->have = outcome_read(r == 0 ? path : d->from[r], &o->rr, NULL) == 0;
		if (r > 0 && (o->clock.offset_s > DISTRIB_OFFSET_WARN_S ||
			      o->clock.offset_s < -DISTRIB_OFFSET_WARN_S))
			fprintf(stderr,
				"collect: warning: the clock of client %d (host %s) is "
				"%.1f ms off rank 0's (round trip %.2f ms); synchronize the "
				"clients' clocks (NTP, chrony)\n",
				r, cluster_host(d->c, r), o->clock.offset_s * 1e3,
				o->clock.rtt_s * 1e3);
	}
}

/* lost_every_race: whether rank r's client, in a conditional-write run where another
 * client won, had every request answered with a conflict and no error: it lost each key
 * to the others, which is the contention measured, not a failure of its own (its requests
 * are in the run's rows and summary; it has no summary of its own). */
static int lost_every_race(const struct run0 *x, int r)
{
	const struct outcome *o = &x->oc[r];

	return x->has_sum && workload_conditional(&x->t.wl) && o->have && !o->rr.complete &&
	       o->rr.cls == EC_HTTP_4XX && o->rr.st.errors == 0 && !o->rr.wrapper.interrupted;
}

/* client_of: rank r's entry of run.json "clients". */
static void client_of(const struct run0 *x, int r, struct client_result *c)
{
	const struct outcome *o = &x->oc[r];

	memset(c, 0, sizeof(*c));
	c->rank = r;
	snprintf(c->host, sizeof(c->host), "%s", cluster_host(x->d->c, r));
	snprintf(c->client_id, sizeof(c->client_id), "%s", rank_id(x->d, r));
	c->offset_s = o->clock.offset_s;
	c->rtt_s = o->clock.rtt_s;
	if (!x->g.ok) {
		snprintf(c->reason, sizeof(c->reason), "not started: the run's prepare failed");
		return;
	}
	if (!o->have) {
		c->cls = EC_CRASHED;
		snprintf(c->reason, sizeof(c->reason), "its outcome did not reach rank 0");
		return;
	}
	c->complete = o->rr.complete || lost_every_race(x, r);
	c->cls = c->complete ? EC_NONE : o->rr.cls;
	if (!c->complete)
		snprintf(c->reason, sizeof(c->reason), "%s",
			 o->rr.st.n_first ? o->rr.st.first[0] : "failed without a message");
	c->summary = o->rr.st.summary;
	c->client = o->rr.st.has_client ? &o->rr.st.client : NULL;
}

/* compose_state: the run's state from its phases and clients: errors and transports summed
 * (run_state_add_transport), the first failing client named first, the class of the
 * prepare, else of the first failing client, else of the first client with errors. bad:
 * the first failing client or -1. */
static void compose_state(const struct run0 *x, int bad, struct run_state *st, enum err_class *cls)
{
	const struct distrib *d = x->d;
	char text[ERR_MSG_MAX + 300];

	st->phase[PHASE_PREPARE] = x->prep.st.phase[PHASE_PREPARE];
	st->phase[PHASE_BENCHMARK] = !x->g.ok ? PH_NOT_REACHED : bad < 0 ? PH_DONE : PH_FAILED;
	st->phase[PHASE_CLEANUP] = x->clean.st.phase[PHASE_CLEANUP];
	st->finished = 1;
	st->errors = x->prep.st.errors + x->clean.st.errors;
	*cls = EC_NONE;
	if (!x->g.ok) {
		/* prepared, but the collector is being stopped: killed as a single run's */
		*cls = x->prep.st.phase[PHASE_PREPARE] == PH_DONE ? EC_KILLED
		       : x->prep.cls != EC_NONE                   ? x->prep.cls
								  : EC_PREPARE_FAILED;
		for (int i = 0; i < x->prep.st.n_first; i++)
			run_state_add_error(st, x->prep.st.first[i]);
	}
	if (bad >= 0) {
		struct client_result c;
		client_of(x, bad, &c);
		*cls = c.cls != EC_NONE ? c.cls : EC_CRASHED;
		snprintf(text, sizeof(text), "client %d (host %s, client_id %s) failed: %s", bad,
			 c.host, c.client_id, c.reason);
		run_state_add_error(st, text);
	}
	for (int r = 0; x->g.ok && r < d->size; r++) {
		const struct run_state *cs = &x->oc[r].rr.st;
		int lost = lost_every_race(x, r); /* no error of its own */

		st->errors += cs->errors;
		st->cpu_s += cs->cpu_s;
		run_state_add_transport(st, cs, r);
		if (*cls == EC_NONE && x->oc[r].rr.cls != EC_NONE && !lost)
			*cls = x->oc[r].rr.cls;
		for (int i = r == bad ? 1 : 0; !lost && i < cs->n_first; i++)
			run_state_add_error(st, cs->first[i]);
	}
	if (x->merge_failed && *cls == EC_NONE)
		*cls = EC_CRASHED;
	for (int i = 0; i < x->clean.st.n_first; i++)
		run_state_add_error(st, x->clean.st.first[i]);
}

/* compose: the run's result from its phases and clients, and its "clients" record. */
static int compose(struct run0 *x, struct run_summary *sum, int has_sum, uint64_t rows,
		   struct runner_result *rr, struct run_clients *clients, struct err *e)
{
	const struct distrib *d = x->d;
	struct client_result *cr = calloc((size_t)d->size, sizeof(*cr));
	const struct runrec_clientres *busiest;
	int bad = -1, interrupted = x->prep.wrapper.interrupted || *d->stop, rc;

	if (cr == NULL)
		return err_set(e, "out of memory");
	x->has_sum = has_sum;
	for (int r = 0; r < d->size; r++) {
		client_of(x, r, &cr[r]);
		if (x->g.ok && !cr[r].complete && bad < 0)
			bad = r;
		interrupted |= x->oc[r].rr.wrapper.interrupted;
	}
	compose_state(x, bad, &rr->st, &rr->cls);
	if (rows > 0)
		rr->st.cpu_us_per_op = rr->st.cpu_s * 1e6 / (double)rows;
	rr->wrapper = bad >= 0 && x->oc[bad].have ? x->oc[bad].rr.wrapper
		      : x->g.ok && x->oc[0].have  ? x->oc[0].rr.wrapper
						  : x->prep.wrapper;
	rr->wrapper.started_ns = x->t0;
	rr->wrapper.ended_ns = time_now_ns();
	rr->wrapper.elapsed_s = since(x);
	rr->wrapper.interrupted = interrupted;
	rr->complete = x->g.ok && bad < 0 && has_sum && !interrupted;
	if (rr->complete)
		rr->st.summary = summary_to_json(sum);
	if (rr->complete && rr->st.summary == NULL)
		rr->complete = 0;
	busiest = clients_busiest(cr, d->size);
	rr->st.has_client = busiest != NULL;
	if (busiest != NULL)
		rr->st.client = *busiest;
	rc = clients_record(cr, d->size, x->t.wl.concurrency, clients, e);
	free(cr);
	return rc;
}

/* run0_new: rank 0's bookkeeping of one run (NULL when out of memory). */
static struct run0 *run0_new(struct distrib *d, const struct runner_job *job)
{
	struct run0 *x = calloc(1, sizeof(*x));

	if (x == NULL)
		return NULL;
	x->d = d;
	x->job = job;
	x->t0 = time_now_ns();
	x->m0 = time_mono_ns();
	run_state_init(&x->prep.st);
	run_state_init(&x->clean.st);
	x->oc = calloc((size_t)d->size, sizeof(*x->oc));
	x->clocks = calloc((size_t)d->size, sizeof(*x->clocks));
	x->share = calloc((size_t)d->size, sizeof(*x->share));
	x->share_ptr = calloc((size_t)d->size, sizeof(*x->share_ptr));
	if (x->oc == NULL || x->clocks == NULL || x->share == NULL || x->share_ptr == NULL) {
		free(x->oc);
		free(x->clocks);
		free(x->share);
		free(x->share_ptr);
		free(x);
		return NULL;
	}
	for (int r = 0; r < d->size; r++) {
		snprintf(x->share[r], sizeof(x->share[r]), "%s%s/", job->prefix, rank_id(d, r));
		x->share_ptr[r] = x->share[r];
	}
	return x;
}

static void run0_free(struct run0 *x)
{
	for (int r = 0; r < x->d->size; r++)
		runner_result_clear(&x->oc[r].rr);
	runner_result_clear(&x->prep);
	runner_result_clear(&x->clean);
	free(x->oc);
	free(x->clocks);
	free(x->share);
	free(x->share_ptr);
	free(x);
}

/* exec_run: the run_one_runner of rank 0 (collect/run/run_one.h). */
static int exec_run(void *arg, const struct runner_job *job, struct runner_result *rr,
		    struct run_clients *clients, struct err *e)
{
	struct distrib *d = arg;
	struct run0 *x;
	struct run_summary sum;
	struct opslog_writer_opts cols;
	const char **in = NULL;
	char out[4096], mine[1200];
	struct err me = {{0}};
	uint64_t rows = 0;
	int has_sum = 0, rc = -1;

	memset(rr, 0, sizeof(*rr));
	run_state_init(&rr->st);
	if (job->wl->trace != NULL) /* its requests are a trace in rank 0's memory */
		return err_set(e, "%s: a replay is not distributed: run it with collect alone",
			       job->dir);
	if (shared_out(job->wl->op) && workload_prepared_objects(job->wl) < (uint64_t)d->size)
		return err_set(e,
			       "%s: a distributed %s needs at least one object per "
			       "client (objects %llu, clients %d)",
			       job->dir, workload_op_name(job->wl->op),
			       (unsigned long long)workload_prepared_objects(job->wl), d->size);
	x = run0_new(d, job);
	in = calloc((size_t)d->size, sizeof(*in));
	if (x == NULL || in == NULL) {
		err_set(e, "out of memory");
		goto out;
	}
	clear_dir(d->run);
	if (task_of_job(job, &x->t, e) < 0 || cluster_bcast(d->c, &x->t, sizeof(x->t), e) < 0 ||
	    prepare(x, e) < 0)
		goto out;
	if (x->g.ok) {
		if (client_bench(d, &x->t, &x->g, job, x->clocks, e) < 0)
			goto out;
		read_outcomes(x);
	}
	cleanup(x);
	snprintf(out, sizeof(out), "%s/ops.tsv.zst", job->dir);
	snprintf(mine, sizeof(mine), "%s/ops.tsv.zst", d->run);
	for (int r = 0; r < d->size; r++)
		in[r] = r == 0 ? mine : d->from[d->size + r];
	workload_log_columns(job->wl, &cols);
	if (x->g.ok &&
	    clients_merge_logs(in, d->size, out, &cols, &sum, &has_sum, &rows, &me) < 0) {
		/* the rows are lost: the run fails, saying why */
		x->merge_failed = 1;
		run_state_add_error(&x->clean.st, me.msg);
	}
	rc = compose(x, &sum, has_sum, rows, rr, clients, e);
	if (has_sum)
		summary_clear(&sum);
out:
	free(in);
	if (x != NULL)
		run0_free(x);
	return rc;
}
