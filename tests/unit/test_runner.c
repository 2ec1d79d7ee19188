/* tests/unit/test_runner.c: one run in a child process, without an S3 server:
 *   missing credentials       -> auth, prepare failed, no summary
 *   nothing listening         -> unavailable
 *   a server that never answers -> killed at the time limit: timeout, signal 9
 *   a stop request            -> interrupted, killed
 * and the state file the child leaves behind. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/run/runner.h"
#include "core/timefmt.h"
#include "tests/unit/check.h"

static char root[] = "/tmp/s3bench-test-runner.XXXXXX";

/* silent_port: a listening socket that is never accepted from (connections complete in
 * the kernel's backlog, requests get no answer). Returns the port; *fd keeps it open. */
static int silent_port(int *fd)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);

	*fd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (*fd < 0 || bind(*fd, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(*fd, 64) < 0 ||
	    getsockname(*fd, (struct sockaddr *)&a, &len) < 0)
		return -1;
	return ntohs(a.sin_port);
}

/* closed_port: a port nothing listens on (bound, then closed). */
static int closed_port(void)
{
	int fd, port = silent_port(&fd);

	close(fd);
	return port;
}

static int run(const char *name, const char *endpoint, const char *cred_prefix, double timeout,
	       volatile sig_atomic_t *stop, struct runner_result *rr)
{
	static struct campaign_subject s;
	static struct workload wl;
	struct runner_job job;
	struct err e;
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/%s", root, name);
	mkdir(dir, 0755);
	memset(&s, 0, sizeof(s));
	s.id = "t";
	s.label = "t";
	s.endpoint = (char *)endpoint;
	s.region = "us-east-1";
	s.bucket = "runner-test";
	s.path_style = 1;
	s.cred_kind = CAMPAIGN_CRED_ENV;
	s.cred_name = (char *)cred_prefix;
	memset(&wl, 0, sizeof(wl));
	wl.op = WL_PUT;
	wl.size = 4096;
	wl.concurrency = 1;
	wl.bound = WL_BOUND_COUNT;
	wl.count = 2;
	memset(&job, 0, sizeof(job));
	job.dir = dir;
	job.subject = &s;
	job.wl = &wl;
	job.timeout_s = timeout;
	job.prefix = "s3bench/test/";
	job.stop = stop;
	job.close_fd = -1;
	int rc = runner_exec(&job, rr, &e);
	CHECK(rc == 0, "%s: runner_exec: %s", name, rc ? e.msg : "");
	return rc;
}

int main(void)
{
	struct runner_result rr;
	volatile sig_atomic_t stop = 0;
	char ep[64], cmd[128];
	int fd, port;

	if (mkdtemp(root) == NULL) {
		CHECK(0, "mkdtemp");
		return check_done();
	}
	setenv("RT_ACCESS_KEY_ID", "AKIDRUNNERTEST", 1);
	setenv("RT_SECRET_ACCESS_KEY", "runner-test-secret", 1);

	/* credentials missing */
	snprintf(ep, sizeof(ep), "http://127.0.0.1:%d", closed_port());
	if (run("nocreds", ep, "NOSUCHPREFIX", 20, &stop, &rr) == 0) {
		CHECK(rr.cls == EC_AUTH && !rr.complete, "missing credentials: auth (%s)",
		      err_class_name(rr.cls));
		CHECK(rr.st.finished && rr.st.phase[PHASE_PREPARE] == PH_FAILED &&
			      rr.st.phase[PHASE_BENCHMARK] == PH_NOT_REACHED,
		      "phases");
		CHECK(rr.st.n_first >= 1 && strstr(rr.st.first[0], "NOSUCHPREFIX_ACCESS_KEY_ID"),
		      "the message names the variable: %s", rr.st.n_first ? rr.st.first[0] : "");
		CHECK(rr.wrapper.exited && rr.wrapper.exit_code == 1 && !rr.wrapper.timed_out,
		      "child exit 1");
		CHECK(rr.st.summary == NULL, "no summary");
		runner_result_clear(&rr);
	}

	/* a long prefix: its variables are read in full (a 160-byte name buffer once cut
	 * PREFIX_SECRET_ACCESS_KEY short and reported it unset); a prefix too long for any
	 * name is said so */
	{
		char pre[300], var[400];

		memset(pre, 'L', 145);
		pre[145] = '\0';
		snprintf(var, sizeof(var), "%s_ACCESS_KEY_ID", pre);
		setenv(var, "AKIDRUNNERTEST", 1);
		snprintf(var, sizeof(var), "%s_SECRET_ACCESS_KEY", pre);
		setenv(var, "runner-test-secret", 1);
		if (run("longprefix", ep, pre, 20, &stop, &rr) == 0) {
			CHECK(rr.cls == EC_UNAVAILABLE,
			      "145-character prefix: credentials "
			      "read, class unavailable (%s: %s)",
			      err_class_name(rr.cls), rr.st.n_first ? rr.st.first[0] : "");
			runner_result_clear(&rr);
		}
		memset(pre, 'L', 260);
		pre[260] = '\0';
		if (run("hugeprefix", ep, pre, 20, &stop, &rr) == 0) {
			CHECK(rr.cls == EC_AUTH && rr.st.n_first >= 1 &&
				      strstr(rr.st.first[0], "prefix is too long"),
			      "260-character prefix: auth, said too long (%s: %s)",
			      err_class_name(rr.cls), rr.st.n_first ? rr.st.first[0] : "");
			runner_result_clear(&rr);
		}
	}

	/* SIGCHLD ignored (inherited from a parent that does so): the child is reaped by the
	 * kernel, waitpid fails, and the exit code is unknown (-1), not a made-up 0 */
	signal(SIGCHLD, SIG_IGN);
	if (run("sigchld", ep, "NOSUCHPREFIX", 20, &stop, &rr) == 0) {
		CHECK(rr.wrapper.exited && rr.wrapper.exit_code == -1,
		      "SIGCHLD ignored: exit code unknown (%d)", rr.wrapper.exit_code);
		CHECK(rr.cls == EC_AUTH && rr.st.finished,
		      "SIGCHLD ignored: the state file "
		      "still gives the class (%s)",
		      err_class_name(rr.cls));
		runner_result_clear(&rr);
	}
	signal(SIGCHLD, SIG_DFL);

	/* nothing listening */
	if (run("refused", ep, "RT", 20, &stop, &rr) == 0) {
		CHECK(rr.cls == EC_UNAVAILABLE && !rr.complete, "refused: unavailable (%s)",
		      err_class_name(rr.cls));
		CHECK(rr.st.phase[PHASE_PREPARE] == PH_FAILED, "refused: prepare failed");
		CHECK(rr.wrapper.elapsed_s < 15, "refused: fast (%.1f s)", rr.wrapper.elapsed_s);
		for (int i = 0; i < rr.st.n_first; i++)
			CHECK(strstr(rr.st.first[i], "runner-test-secret") == NULL,
			      "no secret in the errors");
		runner_result_clear(&rr);
	}

	/* the child's body without a fork (so leak checkers see it): state file written */
	{
		struct campaign_subject s = {.id = "t",
					     .label = "t",
					     .endpoint = ep,
					     .region = "us-east-1",
					     .bucket = "runner-test",
					     .path_style = 1,
					     .cred_kind = CAMPAIGN_CRED_ENV,
					     .cred_name = "RT"};
		struct workload wl = {.op = WL_GET,
				      .size = 4096,
				      .concurrency = 2,
				      .bound = WL_BOUND_DURATION,
				      .duration_s = 1,
				      .objects = 3};
		struct runner_job job = {.subject = &s,
					 .wl = &wl,
					 .timeout_s = 20,
					 .prefix = "s3bench/test/",
					 .stop = &stop,
					 .close_fd = -1};
		struct run_state st;
		char dir[4096];

		snprintf(dir, sizeof(dir), "%s/direct", root);
		mkdir(dir, 0755);
		job.dir = dir;
		CHECK(runner_child_body(&job, -1) == 1, "direct child body: no summary");
		CHECK(run_state_read(dir, &st, NULL) == 0 && st.finished &&
			      st.cls == EC_UNAVAILABLE && st.phase[PHASE_PREPARE] == PH_FAILED &&
			      st.phase[PHASE_CLEANUP] != PH_NOT_REACHED,
		      "direct child body: finished state, unavailable, cleanup tried");
		run_state_clear(&st);
	}

	/* a server that never answers: the time limit kills the child */
	port = silent_port(&fd);
	CHECK(port > 0, "silent port");
	snprintf(ep, sizeof(ep), "http://127.0.0.1:%d", port);
	int64_t t0 = time_mono_ns();
	if (run("silent", ep, "RT", 1.5, &stop, &rr) == 0) {
		double el = (double)(time_mono_ns() - t0) / 1e9;
		CHECK(rr.wrapper.timed_out && !rr.wrapper.exited && rr.wrapper.signal == SIGKILL,
		      "silent: killed by the time limit (signal %d)", rr.wrapper.signal);
		CHECK(rr.cls == EC_TIMEOUT && !rr.complete, "silent: class timeout (%s)",
		      err_class_name(rr.cls));
		CHECK(el >= 1.5 && el < 4, "silent: killed after 1.5 s (%.2f s)", el);
		CHECK(rr.st.phase[PHASE_PREPARE] == PH_STARTED && !rr.st.finished,
		      "silent: the state file says prepare started");
		runner_result_clear(&rr);
	}

	/* a stop request while the run waits */
	stop = 1;
	if (run("stopped", ep, "RT", 20, &stop, &rr) == 0) {
		CHECK(rr.wrapper.interrupted && rr.cls == EC_KILLED && !rr.complete,
		      "stop: interrupted, class killed (%s)", err_class_name(rr.cls));
		CHECK(rr.wrapper.elapsed_s < 15, "stop: quick (%.1f s)", rr.wrapper.elapsed_s);
		runner_result_clear(&rr);
	}
	close(fd);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", root);
	return check_done();
}
