/* collect/run/runner.c: see runner.h. */
#include "collect/run/runner.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "collect/engine/realtime.h"
#include "collect/run/billing.h"
#include "collect/run/clientid.h"
#include "collect/run/leftover.h"
#include "collect/run/subject.h"
#include "collect/run/versions.h"
#include "collect/s3/creds.h"
#include "collect/s3/s3.h"
#include "collect/s3/s3_bill.h"
#include "collect/workload.h"
#include "core/opslog.h"
#include "core/timefmt.h"

#define STOP_GRACE_S 30.0  /* after a stop request, how long cleanup may take */
#define SWEEP_LIMIT_S 60.0 /* the most a cleanup after a kill may take */

/* ---- the child ---------------------------------------------------------------- */

static void on_tick(const struct engine_live *live, void *arg)
{
	int fd = *(const int *)arg;
	ssize_t w;

	if (fd < 0)
		return;
	/* one record per write (< PIPE_BUF, so atomic); dropped when the pipe is full */
	w = write(fd, live, sizeof(*live));
	(void)w;
}

/* calibration_record: a calibrating get's calibration (engine_result) into run.json's. */
static void calibration_record(const struct engine_result *res, struct run_state *st)
{
	st->has_calibration = res->calibrated;
	st->calibration.objects = (int64_t)res->calib_objects;
	st->calibration.seconds = res->calib_s;
	st->calibration.obj_s = res->calib_obj_s;
	st->calibration.prepared = (int64_t)(res->once_end - res->once_first);
}

/* payload_record: the payload certificate of the last phase that sent bodies (engine_result)
 * into run.json's; left as it was when none did. */
static void payload_record(const struct engine_result *res, const struct workload *wl,
			   struct run_state *st)
{
	struct runrec_payload *p = &st->payload;
	const struct bodycert *c = &res->payload;

	if (res->payload_phase == ENG_CERT_NONE)
		return;
	memset(p, 0, sizeof(*p));
	st->has_payload = 1;
	snprintf(p->data, sizeof(p->data), "%s", workload_send_value(WLF_DATA, &wl->send));
	snprintf(p->phase, sizeof(p->phase), "%s",
		 res->payload_phase == ENG_CERT_BENCHMARK ? "benchmark" : "prepare");
	p->bodies = (int64_t)c->offered;
	p->sampled = (int64_t)c->sampled;
	p->bytes = (int64_t)c->bytes;
	p->blocks_512 = (int64_t)c->blocks_512;
	p->blocks_4k = (int64_t)c->blocks_4k;
	p->unique_512_share = c->unique_512_share;
	p->unique_4k_share = c->unique_4k_share;
	p->zstd_ratio = c->zstd_ratio;
}

/* exhausted_text: why a reads = once get stopped early, into msg (ERR_MSG_MAX bytes). */
static void exhausted_text(const struct runner_job *job, const struct engine_result *res, char *msg)
{
	uint64_t n = res->once_end > 0 ? res->once_end - res->once_first
				       : workload_prepared_objects(job->wl);
	double at = res->summary.completion_s;

	snprintf(msg, ERR_MSG_MAX,
		 "reads = once: the %llu objects prepared for the benchmark ran out after %.1f s "
		 "of its %.0f s; it stopped there (objects = %.0f or more would last)",
		 (unsigned long long)n, at, job->wl->duration_s,
		 at > 0 ? ceil((double)n * job->wl->duration_s / at * WL_ONCE_MARGIN) : 0.0);
}

/* child_class: the run's class from what the phases gave (see runner.h). */
static enum err_class child_class(const struct run_state *st, const struct engine_result *res)
{
	enum err_class c = res->cls;

	if (st->phase[PHASE_PREPARE] == PH_FAILED) {
		if (c == EC_CONNECT)
			return EC_UNAVAILABLE;
		if (c == EC_DNS || c == EC_TLS || c == EC_AUTH || c == EC_UNAVAILABLE)
			return c;
		return EC_PREPARE_FAILED;
	}
	if (st->summary == NULL) {
		/* the service answered in prepare: a later connection failure (reset
		 * mid-body, server gone) is a connect failure, not an absent service */
		if (c == EC_CONNECT && st->phase[PHASE_PREPARE] != PH_DONE &&
		    st->phase[PHASE_PREPARE] != PH_SKIPPED) /* (done by another process) */
			return EC_UNAVAILABLE;
		return c != EC_NONE ? c : EC_CRASHED;
	}
	if (st->reads_exhausted)
		return EC_EXHAUSTED;
	return res->errors ? (c != EC_NONE ? c : EC_HTTP_5XX) : EC_NONE;
}

/* save: the state file; -1 (said on stderr) when it could not be written. */
static int save(const struct runner_job *job, const struct run_state *st)
{
	struct err e;

	if (run_state_write(job->dir, st, &e) == 0)
		return 0;
	fprintf(stderr, "collect: %s\n", e.msg);
	return -1;
}

/* merge_errors: the engine's first error texts, then ours when not already there. */
static void merge_errors(struct run_state *st, const struct engine_result *res,
			 char local[][ERR_MSG_MAX], int n_local)
{
	st->n_first = 0;
	for (int i = 0; i < res->n_first && i < ENGINE_FIRST_ERRORS; i++)
		run_state_add_error(st, res->first[i]);
	for (int i = 0; i < n_local; i++) {
		int dup = 0;
		for (int k = 0; k < st->n_first; k++)
			dup |= strstr(local[i], st->first[k]) != NULL;
		if (!dup)
			run_state_add_error(st, local[i]);
	}
}

/* transport_record: run.json's "transport" record of a benchmark (docs/FORMATS.md). No
 * connections_opened: summary.connections.opened is that count (rebuilt from the ops log
 * by --recompute); older files that have it are read as before. */
static void transport_record(const struct engine_transport *t, struct runrec_transport *out)
{
	memset(out, 0, sizeof(*out));
	out->http11 = (int64_t)t->http11;
	out->http2 = (int64_t)t->http2;
	out->http_other = (int64_t)t->http_other;
	for (int i = 0; i < t->n_addr && i < RUNREC_ADDRS_MAX; i++) {
		snprintf(out->addr[i].address, sizeof(out->addr[i].address), "%s", t->addr[i]);
		out->addr[i].requests = (int64_t)t->addr_requests[i];
		out->addr[i].bytes = (int64_t)t->addr_bytes[i];
		out->n_addr = i + 1;
	}
	for (int i = 0; i < t->n_tls && i < RUNREC_TLS_MAX; i++) {
		memcpy(out->tls[i].version, t->tls_version[i], sizeof(out->tls[i].version));
		memcpy(out->tls[i].cipher, t->tls_cipher[i], sizeof(out->tls[i].cipher));
		out->tls[i].connections = (int64_t)t->tls_conns[i];
		out->n_tls = i + 1;
	}
	out->nodelay_on = (int64_t)t->nodelay_on;
	out->nodelay_off = (int64_t)t->nodelay_off;
	for (int i = 0; i < t->n_conn && i < RUNREC_CONNS_MAX; i++) {
		const struct engine_conn *c = &t->conn[i];
		struct runrec_conn *o = &out->conn[i];

		o->id = (int64_t)c->id;
		o->requests = (int64_t)c->requests;
		o->opened_ns = c->opened_ns;
		memcpy(o->remote, c->remote, sizeof(o->remote));
		memcpy(o->tls_version, c->tls_version, sizeof(o->tls_version));
		memcpy(o->tls_cipher, c->tls_cipher, sizeof(o->tls_cipher));
		memcpy(o->tls_group, c->tls_group, sizeof(o->tls_group));
		out->n_conn = i + 1;
	}
	out->conns_more = (int64_t)t->conns_more;
}

/* job_client: the S3 client for the job's subject with credentials cr. */
static struct s3_client *job_client(const struct runner_job *job, struct creds *cr, struct err *e)
{
	long buffer_size = 0;

	/* large objects: 512 KiB libcurl buffers (far fewer syscalls per byte than the
	 * 16 KiB default), bounded to about 32 MiB over all workers */
	if (job->wl->size >= (1u << 20)) {
		long b = (32L << 20) / job->wl->concurrency;
		buffer_size = b > (512L << 10) ? (512L << 10) : b < (64L << 10) ? 0 : b;
	}
	return subject_client(job->subject, cr, buffer_size, &job->wl->send, e);
}

/* job_opts: the engine options of the job (no live counters). */
static void job_opts(const struct runner_job *job, struct s3_client *cl, struct engine_opts *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->client = cl;
	opts->client_id = job->client_id;
	opts->bucket = job->subject->bucket;
	/* a run over a dataset reads it where it lives; job->prefix (the run's own, which a
	 * sweep after a kill would empty) holds nothing then */
	opts->prefix = job->wl->dataset != NULL ? job->wl->dataset_prefix : job->prefix;
	opts->endpoint = job->subject->endpoint;
	opts->wl = job->wl;
	opts->stop = job->stop;
	opts->start_at_ns = job->start_at_ns;
	opts->read_part = job->read_part;
	opts->read_parts = job->read_parts;
	opts->allow_retention = job->subject->allow_retention;
	if (realtime_env(&opts->realtime_prio, NULL) != 0) /* checked at start (cmd_main) */
		opts->realtime_prio = 0;
}

/* job_has: whether the job's child runs phase bit `ph` (RUNNER_*). */
static int job_has(const struct runner_job *job, unsigned ph)
{
	return job->phases == 0 || (job->phases & ph) != 0;
}

/* child_prepare: the prepare phase: the objects under the run's prefix, or in
 * job->n_shares parts under the share prefixes (part k gets objects / n, the first
 * objects % n parts one more). */
static int child_prepare(const struct runner_job *job, const struct engine_opts *opts,
			 struct engine_result *res, struct err *e)
{
	struct engine_opts o = *opts;
	struct workload wl = *job->wl;
	uint64_t n = (uint64_t)job->n_shares, total = workload_prepared_objects(job->wl);

	if (job->n_shares <= 0)
		return engine_prepare(opts, res, e);
	o.wl = &wl;
	for (uint64_t k = 0; k < n; k++) {
		wl.objects = total / n + (k < total % n);
		o.prefix = job->share_prefix[k];
		if (wl.objects > 0 && engine_prepare(&o, res, e) < 0)
			return -1;
	}
	return 0;
}

/* client_clock: the client record's clock and scheduling figures (docs/FORMATS.md): how
 * far the real-time clock drifted and the rate run's real-time priority; a priority asked
 * for (S3BENCH_REALTIME) and refused is said on stderr. */
static void client_clock(const struct runner_job *job, const struct engine_opts *opts,
			 const struct engine_result *res, struct runrec_clientres *client)
{
	client->realtime_drift_ms = (double)res->realtime_drift_ns / 1e6;
	client->realtime_priority = RUNREC_NULL_INT;
	if (job->wl->rate <= 0)
		return;
	client->realtime_priority = res->realtime_errno == 0 ? opts->realtime_prio : 0;
	if (opts->realtime_prio > 0 && res->realtime_errno != 0)
		fprintf(stderr,
			"collect: %s: %s=%d: SCHED_FIFO refused (%s): the rate run went at normal "
			"priority\n",
			job->dir, REALTIME_ENV, opts->realtime_prio, strerror(res->realtime_errno));
}

/* child_benchmark: the benchmark phase: ops.tsv.zst opened, the engine's benchmark
 * run into it, the log closed; st->summary set when the run completed. Messages are
 * appended to local (n_local of them). */
static void child_benchmark(const struct runner_job *job, struct engine_opts *opts,
			    struct run_state *st, struct engine_result *res,
			    char local[][ERR_MSG_MAX], int *n_local)
{
	struct opslog_writer *log;
	struct opslog_writer_opts cols;
	struct clientres *cres;
	char path[4096];
	struct err e;
	int rc;

	snprintf(path, sizeof(path), "%s/ops.tsv.zst", job->dir);
	if (job->bench_prefix != NULL)
		opts->prefix = job->bench_prefix;
	st->phase[PHASE_BENCHMARK] = PH_STARTED;
	save(job, st);
	/* a rate run's rows carry their intended start (the `intended` column), ... */
	workload_log_columns(job->wl, &cols);
	log = opslog_writer_open_opts(path, &cols, &e);
	if (log == NULL) {
		res->cls = EC_LOCAL_IO;
		snprintf(local[(*n_local)++], ERR_MSG_MAX, "%s", e.msg);
		st->phase[PHASE_BENCHMARK] = PH_FAILED;
		return;
	}
	opts->log = log;
	err_clear(&e);
	cres = clientres_start();
	rc = engine_benchmark(opts, res, &e);
	clientres_stop(cres);
	if (rc < 0)
		snprintf(local[(*n_local)++], ERR_MSG_MAX, "%s", e.msg);
	opts->log = NULL;
	if (opslog_writer_close(log, &e) < 0) {
		rc = -1;
		res->cls = EC_LOCAL_IO; /* the ops log could not be written out */
		snprintf(local[(*n_local)++], ERR_MSG_MAX, "%s", e.msg);
	}
	opts->prefix = job->wl->dataset != NULL ? job->wl->dataset_prefix : job->prefix;
	if (rc == 0 && res->has_summary) {
		st->summary = summary_to_json(&res->summary);
		st->has_client = clientres_record(cres, &job->client, res->local_ip, res->peer_ip,
						  res->kept_start_mono, res->kept_end_mono,
						  &st->client) == 0;
		if (st->has_client)
			client_clock(job, opts, res, &st->client);
	}
	clientres_free(cres);
	summary_clear(&res->summary);
	st->phase[PHASE_BENCHMARK] = st->summary ? PH_DONE : PH_FAILED;
}

/* child_cleanup: the cleanup phase (the run's objects deleted); its errors do not
 * change the run's class or error count, a message is kept while there is room. */
static void child_cleanup(const struct runner_job *job, const struct engine_opts *opts,
			  struct run_state *st, const struct engine_result *res,
			  char local[][ERR_MSG_MAX], int *n_local)
{
	struct engine_result cres;
	struct err e;
	int rc;

	st->phase[PHASE_CLEANUP] = PH_STARTED;
	save(job, st);
	memcpy(&cres, res, sizeof(cres));
	err_clear(&e);
	rc = engine_cleanup(opts, &cres, &e);
	st->phase[PHASE_CLEANUP] = rc == 0 ? PH_DONE : PH_FAILED;
	st->has_versioning = versions_record(&cres.ver, job->subject->allow_retention,
					     &st->versioning);
	if (rc < 0 && *n_local < 4)
		snprintf(local[(*n_local)++], ERR_MSG_MAX, "%s", e.msg);
}

/* on_created: the buckets the prepare created, into the run's .subject.json (for the
 * cleanup after a kill, --resume and `collect clean`: collect/run/clean.h), as soon as
 * the engine has them (engine_opts.on_created; arg: the job). */
static void on_created(const unsigned char *created, void *arg)
{
	const struct runner_job *job = arg;
	struct err e;

	if (leftover_write_subject(job->dir, job->subject, job->wl, created, &e) < 0)
		fprintf(stderr, "collect: %s\n", e.msg);
}

int runner_child_body(const struct runner_job *job, int live_fd)
{
	const struct campaign_subject *s = job->subject;
	struct run_state st;
	struct engine_result res;
	struct creds *cr = NULL;
	struct s3_client *cl = NULL;
	struct engine_opts opts;
	struct err e;
	char local[4][ERR_MSG_MAX], id[CLIENT_ID_LEN + 1];
	int n_local = 0, rc;
	struct billing_mark mark;
	int64_t t_prep;

	run_state_init(&st);
	memset(&res, 0, sizeof(res));
	save(job, &st);
	t_prep = time_mono_ns();
	st.credentials.fetched_ns = time_now_ns();
	cr = subject_creds(s, &e);
	if (cr != NULL) {
		st.has_credentials = 1;
		subject_creds_record(cr, st.credentials.fetched_ns, time_mono_ns() - t_prep,
				     &st.credentials);
	}
	if (cr == NULL) {
		res.cls = EC_AUTH;
		snprintf(local[n_local++], ERR_MSG_MAX, "%s%s",
			 strncmp(e.msg, "credentials", 11) == 0 ? "" : "credentials: ", e.msg);
		st.phase[PHASE_PREPARE] = PH_FAILED;
		goto finish;
	}
	cl = job_client(job, cr, &e);
	if (cl == NULL) {
		res.cls = EC_PREPARE_FAILED;
		snprintf(local[n_local++], ERR_MSG_MAX, "client: %s", e.msg);
		st.phase[PHASE_PREPARE] = PH_FAILED;
		goto finish;
	}
	job_opts(job, cl, &opts);
	if (opts.client_id == NULL && clientid_of_process(id, sizeof(id)) == 0)
		opts.client_id = id;
	opts.on_tick = on_tick;
	opts.tick_arg = &live_fd;
	opts.on_created = on_created;
	opts.created_arg = (void *)job;
	billing_mark(cl, &mark);

	/* prepare: the bucket (created when missing) and the objects a run reads */
	if (job_has(job, RUNNER_PREPARE)) {
		st.phase[PHASE_PREPARE] = PH_STARTED;
		save(job, &st);
		err_clear(&e);
		t_prep = time_mono_ns();
		rc = child_prepare(job, &opts, &res, &e);
		opts.prepare_s = (double)(time_mono_ns() - t_prep) / 1e9;
		st.phase[PHASE_PREPARE] = rc == 0 ? PH_DONE : PH_FAILED;
		st.has_versioning = versions_record(&res.ver, s->allow_retention, &st.versioning);
		calibration_record(&res, &st);
		payload_record(&res, job->wl, &st);
		billing_phase(cl, &mark, &st, PHASE_PREPARE);
		if (rc < 0)
			snprintf(local[n_local++], ERR_MSG_MAX, "%s", e.msg);
	} else {
		st.phase[PHASE_PREPARE] = PH_SKIPPED;
		/* another process prepared: the buckets it created, from the record */
		leftover_created(job->dir, s->bucket, workload_buckets(job->wl), res.created);
	}
	if (!job_has(job, RUNNER_BENCHMARK)) {
		st.phase[PHASE_BENCHMARK] = PH_SKIPPED;
	} else if (st.phase[PHASE_PREPARE] != PH_FAILED) {
		child_benchmark(job, &opts, &st, &res, local, &n_local);
		billing_phase(cl, &mark, &st, PHASE_BENCHMARK);
		/* the summary is on disk before cleanup starts */
		st.cpu_s = res.cpu_s;
		st.cpu_us_per_op = res.cpu_us_per_op;
		st.auto_stop = job->wl->auto_stop;
		st.steady = res.steady;
		st.stopped_s = res.stopped_s;
		st.reads_exhausted = res.reads_exhausted;
		if (res.reads_exhausted && n_local < 4)
			exhausted_text(job, &res, local[n_local++]);
		st.has_transport = 1;
		transport_record(&res.transport, &st.transport);
		payload_record(&res, job->wl, &st);
		st.has_versioning = versions_record(&res.ver, s->allow_retention, &st.versioning);
		st.errors = res.errors;
		st.cls = child_class(&st, &res);
		merge_errors(&st, &res, local, n_local);
		subject_refresh_record(cl, &st.credentials);
		save(job, &st);
	}
	if (job->wl->keep || !job_has(job, RUNNER_CLEANUP))
		st.phase[PHASE_CLEANUP] = PH_SKIPPED;
	else {
		child_cleanup(job, &opts, &st, &res, local, &n_local);
		billing_phase(cl, &mark, &st, PHASE_CLEANUP);
	}
finish:
	if (cl != NULL)
		subject_refresh_record(cl, &st.credentials);
	st.errors = res.errors;
	st.cls = child_class(&st, &res);
	merge_errors(&st, &res, local, n_local);
	st.finished = 1;
	rc = save(job, &st) < 0 ? RUNNER_EXIT_LOCAL_IO : st.summary ? 0 : 1;
	s3_client_free(cl);
	creds_free(cr);
	run_state_clear(&st);
	return rc;
}

/* ---- the parent --------------------------------------------------------------- */

/* crash_signal: a signal the process raises on itself when it crashes. */
static int crash_signal(int sig)
{
	return sig == SIGSEGV || sig == SIGABRT || sig == SIGBUS || sig == SIGFPE ||
	       sig == SIGILL || sig == SIGTRAP || sig == SIGSYS;
}

static void classify(struct runner_result *res, double limit_s, double prep_s)
{
	const struct run_wrapper *w = &res->wrapper;
	const struct run_state *st = &res->st;

	if (w->timed_out)
		res->cls = EC_TIMEOUT;
	else if (!w->exited && !w->interrupted && crash_signal(w->signal))
		res->cls = EC_CRASHED;
	else if (w->interrupted || !w->exited)
		res->cls = EC_KILLED;
	else if (!st->finished)
		res->cls = w->exit_code == RUNNER_EXIT_LOCAL_IO ? EC_LOCAL_IO : EC_CRASHED;
	else
		res->cls = st->cls;
	res->complete = st->summary != NULL && st->phase[PHASE_BENCHMARK] == PH_DONE &&
			!w->interrupted;
	if (w->interrupted) {
		run_state_add_error(&res->st, "run interrupted: the collector was stopped "
					      "(SIGINT/SIGTERM)");
	} else if (w->timed_out) {
		char msg[128];
		snprintf(msg, sizeof(msg),
			 "run killed at its time limit of %.0f s (after %.1f s%s)", limit_s,
			 w->elapsed_s, prep_s > 0 ? ", its prepare's own limit added" : "");
		run_state_add_error(&res->st, msg);
	} else if (!w->exited && !w->interrupted) {
		char msg[128];
		snprintf(msg, sizeof(msg), "run's process %s by signal %d (%s)",
			 crash_signal(w->signal) ? "crashed" : "killed", w->signal,
			 strsignal(w->signal));
		run_state_add_error(&res->st, msg);
	} else if (res->cls == EC_LOCAL_IO && !st->finished) {
		run_state_add_error(&res->st, "the run's process could not write its result into "
					      "the run directory (state file; see stderr)");
	} else if (res->cls == EC_CRASHED && !st->finished) {
		char msg[128];
		snprintf(msg, sizeof(msg), "run's process exited with code %d without its result",
			 w->exit_code);
		run_state_add_error(&res->st, msg);
	}
}

/* spawn: fork a child for job with a pipe from it. In the parent (return > 0) *rd is the
 * pipe's non-blocking read end; in the child (return 0) *wr is its non-blocking write
 * end, the collector's lock is closed, SIGPIPE ignored, and the child dies with its
 * parent (it must leave with _exit, which keeps the parent's stdio buffers out). -1 with
 * errno when the pipe or the fork failed. */
static pid_t spawn(const struct runner_job *job, int *rd, int *wr)
{
	int fds[2];
	pid_t pid, parent = getpid();

	if (pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		int saved = errno;
		close(fds[0]);
		close(fds[1]);
		errno = saved;
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		if (job->close_fd >= 0)
			close(job->close_fd);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);
		signal(SIGPIPE, SIG_IGN);
		fcntl(fds[1], F_SETFL, O_NONBLOCK);
		*wr = fds[1];
		return 0;
	}
	close(fds[1]);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	*rd = fds[0];
	return pid;
}

/* sweep_body: in a child, the cleanup a killed run did not get to: delete what it left
 * under its prefix. On failure the message goes to fd. Returns the exit code. */
static int sweep_body(const struct runner_job *job, int fd)
{
	struct creds *cr;
	struct s3_client *cl = NULL;
	struct engine_opts opts;
	struct engine_result r;
	struct err e = {{0}};
	int rc = 1;

	cr = subject_creds(job->subject, &e);
	if (cr != NULL && (cl = job_client(job, cr, &e)) != NULL) {
		job_opts(job, cl, &opts);
		/* twice at most: the server may still be finishing the killed run's requests */
		for (int i = 0; i < 2 && rc != 0; i++) {
			if (i > 0)
				nanosleep(&(struct timespec){0, 500000000L}, NULL);
			memset(&r, 0, sizeof(r));
			/* the buckets its prepare created, removed once emptied */
			leftover_created(job->dir, job->subject->bucket, workload_buckets(job->wl),
					 r.created);
			err_clear(&e);
			rc = engine_cleanup(&opts, &r, &e) == 0 ? 0 : 1;
		}
	}
	/* the requests it sent, first on the pipe (sweep_in_child bills them), then the
	 * message */
	struct bill_counts b;
	s3_client_bill_read(cl, &b);
	ssize_t w = write(fd, &b, sizeof(b));
	if (rc != 0 && w == (ssize_t)sizeof(b))
		w = write(fd, e.msg, strnlen(e.msg, sizeof(e.msg) - 1));
	(void)w;
	s3_client_free(cl);
	creds_free(cr);
	return rc;
}

/* prepare_allowance: the seconds the run's time limit grows by for its prepare phase,
 * from the child's last live record (NULL: none yet, 0): in prepare, its own limit (or,
 * while the child still measures the path, ENGINE_PREPARE_MIN_S) plus STOP_GRACE_S; after
 * it, how long it took. The benchmark and cleanup keep the run's whole limit. */
static double prepare_allowance(const struct engine_live *live)
{
	if (live == NULL)
		return 0;
	if (live->prepare)
		return (live->limit_s > 0 ? live->limit_s : ENGINE_PREPARE_MIN_S) + STOP_GRACE_S;
	return live->prepare_s;
}

/* needs_sweep: the run's child ended before its cleanup (killed at the time limit, by a
 * signal, or without its result), objects may be left, and the collector is not being
 * stopped. */
static int needs_sweep(const struct runner_job *job, const struct runner_result *res)
{
	const struct run_state *st = &res->st;

	return job_has(job, RUNNER_CLEANUP) && !job->wl->keep && !res->wrapper.interrupted &&
	       !(job->stop && *job->stop) && !st->finished &&
	       st->phase[PHASE_PREPARE] != PH_NOT_REACHED && st->phase[PHASE_CLEANUP] != PH_DONE &&
	       st->phase[PHASE_CLEANUP] != PH_SKIPPED;
}

/* sweep_in_child: delete what a run killed before its cleanup left under job->prefix (the
 * engine's cleanup, in a child of its own under the job's time limit, 60 s at most, tried
 * twice). The requests it sent into *bill (zero when the sweep's child was killed before
 * it could say). 0 when done; -1 with "the cleanup of BUCKET/PREFIX failed (...)" or
 * "... stopped at its N s limit" in e. */
static int sweep_in_child(const struct runner_job *job, struct bill_counts *bill, struct err *e)
{
	double limit = job->timeout_s < SWEEP_LIMIT_S ? job->timeout_s : SWEEP_LIMIT_S;
	char raw[sizeof(struct bill_counts) + ERR_MSG_MAX], *msg = raw + sizeof(struct bill_counts);
	int rd = -1, wr = -1, status = 0, reaped = 0, killed = 0;
	size_t got = 0;
	int64_t t0 = time_mono_ns();
	pid_t pid = spawn(job, &rd, &wr);

	if (pid < 0)
		return err_set(e, "the cleanup of %s/%s could not start: %s", job->subject->bucket,
			       job->prefix, strerror(errno));
	if (pid == 0)
		_exit(sweep_body(job, wr));
	while (!reaped) {
		struct pollfd pfd = {rd, POLLIN, 0};
		ssize_t n;
		pid_t w;

		if (poll(&pfd, 1, 100) > 0)
			while (got + 1 < sizeof(raw) &&
			       (n = read(rd, raw + got, sizeof(raw) - 1 - got)) > 0)
				got += (size_t)n;
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid || (w < 0 && errno != EINTR))
			reaped = w == pid ? 1 : -1;
		else if (!killed && ((double)(time_mono_ns() - t0) / 1e9 > limit ||
				     (job->stop && *job->stop))) {
			kill(pid, SIGKILL);
			killed = 1;
		}
	}
	close(rd);
	raw[got] = '\0';
	if (bill != NULL) {
		memset(bill, 0, sizeof(*bill));
		if (got >= sizeof(*bill)) /* none when the child was killed first */
			memcpy(bill, raw, sizeof(*bill));
	}
	if (got < sizeof(struct bill_counts))
		msg[0] = '\0';
	if (reaped == 1 && !killed && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (killed)
		return err_set(e, "the cleanup of %s/%s stopped at its %.0f s limit",
			       job->subject->bucket, job->prefix, limit);
	return err_set(e, "the cleanup of %s/%s failed (%s)", job->subject->bucket, job->prefix,
		       msg[0] ? msg : "no message");
}

/* sweep_after_kill: the cleanup a killed run did not do, its requests billed as the run's
 * cleanup (run.json billing.cleanup), its outcome in the cleanup phase. */
static void sweep_after_kill(const struct runner_job *job, struct runner_result *res)
{
	struct err se;
	char text[ERR_MSG_MAX + 64];
	struct bill_counts b;
	int src = sweep_in_child(job, &b, &se);

	bill_add(&res->st.billing.bill[PHASE_CLEANUP], &b);
	res->st.billing.phases |= 1u << PHASE_CLEANUP;
	if (src == 0) {
		res->st.phase[PHASE_CLEANUP] = PH_DONE;
	} else {
		res->st.phase[PHASE_CLEANUP] = PH_FAILED;
		snprintf(text, sizeof(text), "after the kill, %s: objects may remain there",
			 se.msg);
		run_state_add_error(&res->st, text);
	}
}

int runner_exec(const struct runner_job *job, struct runner_result *res, struct err *e)
{
	struct runner_job jc = *job; /* with the collector's client_id, not the child's */
	char id[CLIENT_ID_LEN + 1];
	int rd = -1, wr = -1, status = 0, term_sent = 0, reaped = 0;
	pid_t pid;
	int64_t t0, last_live = 0, term_at = 0;
	struct engine_live live, buf[16];
	int have_live = 0;
	double prep_allow = 0;
	unsigned char created[WL_SPREAD_MAX];

	memset(res, 0, sizeof(*res));
	run_state_init(&res->st);
	/* where the run's prefix lives, for `collect clean` and the next `collect run -o` */
	/* a child without the prepare (a distributed run's cleanup) keeps the buckets the
	 * prepare's child recorded as created */
	memset(created, 0, sizeof(created));
	if (!job_has(job, RUNNER_PREPARE))
		leftover_created(job->dir, job->subject->bucket, workload_buckets(job->wl),
				 created);
	if (leftover_write_subject(job->dir, job->subject, job->wl, created, e) < 0)
		return -1;
	res->wrapper.started_ns = time_now_ns();
	t0 = time_mono_ns();
	if (jc.client_id == NULL && clientid_of_process(id, sizeof(id)) == 0)
		jc.client_id = id;
	pid = spawn(&jc, &rd, &wr);
	if (pid < 0)
		return err_set(e, "%s: cannot start the run's process: %s", job->dir,
			       strerror(errno));
	if (pid == 0)
		_exit(runner_child_body(&jc, wr));
	for (;;) {
		struct pollfd pfd = {rd, POLLIN, 0};
		ssize_t n;
		pid_t w;
		int64_t now;

		if (poll(&pfd, 1, 200) > 0) {
			while ((n = read(rd, buf, sizeof(buf))) > 0) {
				size_t k = (size_t)n / sizeof(buf[0]);
				if (k > 0) {
					live = buf[k - 1];
					have_live = 1;
				}
			}
		}
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid) {
			reaped = 1;
			break;
		}
		if (w < 0 && errno != EINTR) {
			/* ECHILD: reaped by someone else (SIGCHLD ignored): status unknown */
			res->wrapper.exited = 1;
			res->wrapper.exit_code = -1;
			break;
		}
		now = time_mono_ns();
		prep_allow = prepare_allowance(have_live ? &live : NULL);
		if (!res->wrapper.timed_out &&
		    (double)(now - t0) / 1e9 > job->timeout_s + prep_allow) {
			kill(pid, SIGKILL);
			res->wrapper.timed_out = 1;
		}
		if (job->stop && *job->stop && !term_sent) {
			kill(pid, SIGTERM);
			term_sent = 1;
			term_at = now;
			res->wrapper.interrupted = 1;
		}
		if (term_sent && (double)(now - term_at) / 1e9 > STOP_GRACE_S)
			kill(pid, SIGKILL);
		if (job->on_live && now - last_live >= 1000000000LL) {
			job->on_live(have_live ? &live : NULL, job->live_arg);
			last_live = now;
		}
	}
	close(rd);
	res->wrapper.ended_ns = time_now_ns();
	res->wrapper.elapsed_s = (double)(time_mono_ns() - t0) / 1e9;
	if (!reaped) {
		/* exit_code -1 from the loop */
	} else if (WIFEXITED(status)) {
		res->wrapper.exited = 1;
		res->wrapper.exit_code = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		res->wrapper.signal = WTERMSIG(status);
	}
	if (job->stop && *job->stop)
		res->wrapper.interrupted = 1;
	run_state_read(job->dir, &res->st, NULL);
	classify(res, job->timeout_s + prep_allow, prep_allow);
	if (needs_sweep(job, res))
		sweep_after_kill(job, res);
	return 0;
}

void runner_result_clear(struct runner_result *res)
{
	run_state_clear(&res->st);
}
