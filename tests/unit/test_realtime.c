/* tests/unit/test_realtime.c: S3BENCH_REALTIME's values (a priority 1..99, 0 or unset or
 * empty for none, anything else refused naming the variable), and realtime_enter /
 * realtime_leave on the calling thread: SCHED_FIFO at the priority, then back to what it
 * was (as root; without CAP_SYS_NICE, EPERM and the thread unchanged). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/engine/realtime.h"
#include "tests/unit/check.h"

static int env_prio(const char *v, int *prio, struct err *e)
{
	if (v == NULL)
		unsetenv(REALTIME_ENV);
	else
		setenv(REALTIME_ENV, v, 1);
	*prio = -1;
	return realtime_env(prio, e);
}

static void check_values(void)
{
	static const char *const bad[] = {"abc", "-1", "100", "10x", " 5", "1e1", NULL};
	struct err e = {{0}};
	int prio;

	CHECK(env_prio(NULL, &prio, &e) == 0 && prio == 0, "unset: 0 (%d)", prio);
	CHECK(env_prio("", &prio, &e) == 0 && prio == 0, "empty: 0 (%d)", prio);
	CHECK(env_prio("0", &prio, &e) == 0 && prio == 0, "\"0\": 0 (%d)", prio);
	CHECK(env_prio("1", &prio, &e) == 0 && prio == 1, "\"1\": 1 (%d)", prio);
	CHECK(env_prio("99", &prio, &e) == 0 && prio == 99, "\"99\": 99 (%d)", prio);
	for (int i = 0; bad[i] != NULL; i++) {
		err_clear(&e);
		CHECK(env_prio(bad[i], &prio, &e) == -1 && prio == 0 &&
			      strstr(e.msg, REALTIME_ENV "=") == e.msg &&
			      strstr(e.msg, "from 1 to 99") != NULL,
		      "\"%s\" refused: %s", bad[i], e.msg);
	}
	unsetenv(REALTIME_ENV);
}

static void check_thread(void)
{
	struct realtime_saved s;
	struct sched_param sp;
	int policy, rc;

	rc = realtime_enter(7, &s);
	if (geteuid() != 0) {
		CHECK(rc == EPERM && !s.entered, "not root: EPERM (%d), not entered", rc);
		return;
	}
	CHECK(rc == 0 && s.entered, "root: entered (%d)", rc);
	pthread_getschedparam(pthread_self(), &policy, &sp);
	CHECK(policy == SCHED_FIFO && sp.sched_priority == 7, "SCHED_FIFO 7 (%d %d)", policy,
	      sp.sched_priority);
	realtime_leave(&s);
	pthread_getschedparam(pthread_self(), &policy, &sp);
	CHECK(policy == SCHED_OTHER && sp.sched_priority == 0, "back to SCHED_OTHER (%d %d)",
	      policy, sp.sched_priority);
}

int main(void)
{
	check_values();
	check_thread();
	return check_done();
}
