/* tests/preload/clockskew.c: an LD_PRELOAD library that makes the process's real-time
 * clock run fast or jump, the way NTP or a VM's host moves a machine's clock, to test
 * that a run's timings do not depend on it (docs/METHODOLOGY.md, "One clock per run").
 *
 * Only CLOCK_REALTIME (and _COARSE) read through clock_gettime is moved; CLOCK_MONOTONIC
 * and every other clock are the kernel's. The offset added to the real time, counted from
 * the process's first read of any clock through clock_gettime:
 *   CLOCKSKEW_PPM=N      the clock runs N parts per million fast (negative: slow)
 *   CLOCKSKEW_STEP_MS=M  and jumps by M ms (negative: back) ...
 *   CLOCKSKEW_STEP_AT=S  ... S seconds after that first read (default 1)
 * Unset or 0: no change.
 *
 * Build: cc -shared -fPIC -o clockskew.so clockskew.c -ldl (the Makefile does it). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef int (*gettime_fn)(clockid_t, struct timespec *);

static gettime_fn real_gettime;
static int64_t mono0, ppm, step_ns, step_at_ns;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int64_t ns_of(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

static int64_t env_int(const char *name, int64_t dflt)
{
	const char *s = getenv(name);

	return s != NULL && *s != '\0' ? strtoll(s, NULL, 10) : dflt;
}

static void init(void)
{
	struct timespec ts;

	real_gettime = (gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
	ppm = env_int("CLOCKSKEW_PPM", 0);
	step_ns = env_int("CLOCKSKEW_STEP_MS", 0) * 1000000LL;
	step_at_ns = env_int("CLOCKSKEW_STEP_AT", 1) * 1000000000LL;
	real_gettime(CLOCK_MONOTONIC, &ts);
	mono0 = ns_of(&ts);
}

int clock_gettime(clockid_t id, struct timespec *tp)
{
	struct timespec m;
	int64_t since, t;
	int rc;

	pthread_once(&once, init);
	rc = real_gettime(id, tp);
	if (rc != 0 || (id != CLOCK_REALTIME && id != CLOCK_REALTIME_COARSE))
		return rc;
	real_gettime(CLOCK_MONOTONIC, &m);
	since = ns_of(&m) - mono0;
	t = ns_of(tp) + since / 1000000 * ppm + since % 1000000 * ppm / 1000000;
	if (step_ns != 0 && since >= step_at_ns)
		t += step_ns;
	tp->tv_sec = (time_t)(t / 1000000000LL);
	tp->tv_nsec = (long)(t % 1000000000LL);
	return 0;
}
