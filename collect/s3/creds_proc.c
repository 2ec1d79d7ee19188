/* collect/s3/creds_proc.c: a credential_process run with a time limit (creds_int.h): by
 * /bin/sh -c in a process group of its own, its stdout read into a buffer, its stderr
 * passed through (as the AWS CLI does), the whole group killed at the deadline.
 * posix_spawn, not fork: the refresher runs it in a process with other threads. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "collect/s3/creds_int.h"
#include "core/timefmt.h"

extern char **environ;

int creds_process_timeout_s(struct err *e)
{
	const char *v = getenv("S3BENCH_CREDENTIAL_PROCESS_TIMEOUT");
	char *end;
	long n;

	if (v == NULL || v[0] == '\0')
		return CREDS_PROCESS_TIMEOUT_S;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno != 0 || end == v || *end != '\0' || n < 1 || n > 3600)
		return err_set(
			e,
			"S3BENCH_CREDENTIAL_PROCESS_TIMEOUT: '%.40s' is not a number of seconds "
			"from 1 to 3600",
			v);
	return (int)n;
}

/* spawn: /bin/sh -c command in a process group of its own, its stdout the write end of a
 * pipe whose read end is *fd; *pid. -1 when it cannot start. */
static int spawn(const char *command, pid_t *pid, int *fd)
{
	char *argv[] = {"sh", "-c", (char *)command, NULL};
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int p[2], rc;

	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], 1);
	posix_spawnattr_init(&at);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&at, 0);
	fflush(NULL);
	rc = posix_spawn(pid, "/bin/sh", &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(p[1]);
	if (rc != 0) {
		close(p[0]);
		return -1;
	}
	*fd = p[0];
	return 0;
}

/* collect_out: the process's stdout into out (past max bytes the rest is read and
 * dropped) until it closes or the deadline (monotonic ns) passes; 1 when the deadline
 * passed first. */
static int collect_out(int fd, int64_t deadline, size_t max, struct strbuf *out)
{
	char buf[4096];

	for (;;) {
		int64_t left = deadline - time_mono_ns();
		struct pollfd pf = {fd, POLLIN, 0};
		ssize_t got;

		if (left <= 0)
			return 1;
		if (poll(&pf, 1, (int)(left / 1000000) + 1) <= 0)
			continue;
		got = read(fd, buf, sizeof(buf));
		if (got <= 0)
			break;
		if (out->len <= max && strbuf_add(out, buf, (size_t)got) < 0)
			break;
	}
	memset(buf, 0, sizeof(buf));
	return 0;
}

/* reap: the process's status once it ends, killed (its whole group) at the deadline;
 * *timed_out set when it was. */
static int reap(pid_t pid, int64_t deadline, int *timed_out)
{
	struct timespec ms = {0, 10000000};
	int st = 0;

	while (!*timed_out && waitpid(pid, &st, WNOHANG) == 0) {
		if (time_mono_ns() >= deadline)
			*timed_out = 1;
		else
			nanosleep(&ms, NULL);
	}
	if (*timed_out) {
		kill(-pid, SIGKILL);
		waitpid(pid, &st, 0);
	}
	return st;
}

int creds_run_process(const char *command, int limit_s, size_t max, struct strbuf *out,
		      const char *what, struct err *e)
{
	int64_t deadline = time_mono_ns() + (int64_t)limit_s * 1000000000;
	int timed_out, st, fd;
	pid_t pid;

	if (spawn(command, &pid, &fd) != 0)
		return err_set(e, "%s: cannot start /bin/sh", what);
	timed_out = collect_out(fd, deadline, max, out);
	close(fd);
	st = reap(pid, deadline, &timed_out);
	if (timed_out)
		return err_set(e, "%s: no answer within %d s (the command was stopped)", what,
			       limit_s);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return err_set(e, "%s: the command failed (%s %d)", what,
			       WIFSIGNALED(st) ? "signal" : "exit status",
			       WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	if (out->len > max)
		return err_set(e, "%s: more than %zu bytes of output", what, max);
	return 0;
}
