/* collect/run/runner_child.c: a run's child (collect/run/runner.h, runner_child_body): the
 * subject's credentials and client, then the prepare, benchmark and cleanup phases, each
 * phase's record saved to run.json as it ends (docs/FORMATS.md, "run.json"). */
#include "collect/run/runner.h"
#include "collect/run/runner_int.h"

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

struct s3_client *runner_job_client(const struct runner_job *job, struct creds *cr, struct err *e)
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

void runner_job_opts(const struct runner_job *job, struct s3_client *cl, struct engine_opts *opts)
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

int runner_job_has(const struct runner_job *job, unsigned ph)
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

/* bench_record: what the benchmark phase left in res (CPU, the stop, the transport, the
 * payload, versioning, errors, credential refreshes) into st, saved before cleanup starts;
 * messages appended to local (n_local of them). */
static void bench_record(const struct runner_job *job, struct s3_client *cl, struct run_state *st,
			 const struct engine_result *res, char local[][ERR_MSG_MAX], int *n_local)
{
	st->cpu_s = res->cpu_s;
	st->cpu_us_per_op = res->cpu_us_per_op;
	st->auto_stop = job->wl->auto_stop;
	st->steady = res->steady;
	st->stopped_s = res->stopped_s;
	st->reads_exhausted = res->reads_exhausted;
	if (res->reads_exhausted && *n_local < 4)
		exhausted_text(job, res, local[(*n_local)++]);
	st->has_transport = 1;
	transport_record(&res->transport, &st->transport);
	payload_record(res, job->wl, st);
	st->has_versioning = versions_record(&res->ver, job->subject->allow_retention,
					     &st->versioning);
	st->errors = res->errors;
	st->cls = child_class(st, res);
	merge_errors(st, res, local, *n_local);
	subject_refresh_record(cl, &st->credentials);
	save(job, st);
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
	cl = runner_job_client(job, cr, &e);
	if (cl == NULL) {
		res.cls = EC_PREPARE_FAILED;
		snprintf(local[n_local++], ERR_MSG_MAX, "client: %s", e.msg);
		st.phase[PHASE_PREPARE] = PH_FAILED;
		goto finish;
	}
	runner_job_opts(job, cl, &opts);
	if (opts.client_id == NULL && clientid_of_process(id, sizeof(id)) == 0)
		opts.client_id = id;
	opts.on_tick = on_tick;
	opts.tick_arg = &live_fd;
	opts.on_created = on_created;
	opts.created_arg = (void *)job;
	billing_mark(cl, &mark);

	/* prepare: the bucket (created when missing) and the objects a run reads */
	if (runner_job_has(job, RUNNER_PREPARE)) {
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
	if (!runner_job_has(job, RUNNER_BENCHMARK)) {
		st.phase[PHASE_BENCHMARK] = PH_SKIPPED;
	} else if (st.phase[PHASE_PREPARE] != PH_FAILED) {
		child_benchmark(job, &opts, &st, &res, local, &n_local);
		billing_phase(cl, &mark, &st, PHASE_BENCHMARK);
		bench_record(job, cl, &st, &res, local, &n_local);
	}
	if (job->wl->keep || !runner_job_has(job, RUNNER_CLEANUP))
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
