/* collect/run/runner.c: see runner.h. */
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

#define STOP_GRACE_S 30.0  /* after a stop request, how long cleanup may take */
#define SWEEP_LIMIT_S 60.0 /* the most a cleanup after a kill may take */

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
	if (cr != NULL && (cl = runner_job_client(job, cr, &e)) != NULL) {
		runner_job_opts(job, cl, &opts);
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

	return runner_job_has(job, RUNNER_CLEANUP) && !job->wl->keep && !res->wrapper.interrupted &&
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
	if (!runner_job_has(job, RUNNER_PREPARE))
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
