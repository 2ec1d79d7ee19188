/* collect/engine/realtime.c: see realtime.h. */
#include "collect/engine/realtime.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

int realtime_env(int *prio, struct err *e)
{
	const char *v = getenv(REALTIME_ENV);
	char *end;
	long n;

	*prio = 0;
	if (v == NULL || *v == '\0')
		return 0;
	errno = 0;
	n = strtol(v, &end, 10);
	if (!isdigit((unsigned char)*v) || errno != 0 || *end != '\0' || n > REALTIME_PRIO_MAX)
		return err_set(e,
			       REALTIME_ENV "=%s: not a SCHED_FIFO priority from 1 to %d (0 or "
					    "unset: normal scheduling)",
			       v, REALTIME_PRIO_MAX);
	*prio = (int)n;
	return 0;
}

int realtime_enter(int prio, struct realtime_saved *s)
{
	struct sched_param sp = {0};
	int rc;

	s->entered = 0;
	rc = pthread_getschedparam(pthread_self(), &s->policy, &sp);
	if (rc != 0)
		return rc;
	s->priority = sp.sched_priority;
	sp.sched_priority = prio;
	rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	if (rc == 0)
		s->entered = 1;
	return rc;
}

void realtime_leave(const struct realtime_saved *s)
{
	struct sched_param sp = {.sched_priority = s->priority};

	if (s->entered)
		pthread_setschedparam(pthread_self(), s->policy, &sp);
}
