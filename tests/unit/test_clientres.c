/* tests/unit/test_clientres.c: the NIC speed of a client record (collect/run/clientres.h):
 * a client's own S3BENCH_CLIENT_NIC (read by clientres_own_nic: unset, empty, a bit rate,
 * not a bit rate) wins over the campaign's client_nic and says so in speed_source; the
 * campaign's applies without it; neither: /sys/class/net or unknown. The busiest thread's
 * share of a core: a thread that spins between the first sample and the last, against its
 * own CPU clock (whatever else the machine runs, the two must agree). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/timefmt.h"

#include "collect/run/clientres.h"
#include "tests/unit/check.h"

/* own_nic: clientres_own_nic with S3BENCH_CLIENT_NIC = v (NULL: unset) over o. */
static int own_nic(const char *v, struct clientres_opts *o, struct err *e)
{
	if (v == NULL)
		unsetenv(CLIENTRES_NIC_ENV);
	else
		setenv(CLIENTRES_NIC_ENV, v, 1);
	return clientres_own_nic(o, e);
}

static void test_own_nic(void)
{
	struct clientres_opts o = {1000, 0, 1};
	struct err e = {{0}};

	CHECK(own_nic(NULL, &o, &e) == 0 && o.nic_mbit == 1000 && !o.nic_own && o.shares_cpu,
	      "unset: the campaign's 1000 Mbit/s stays");
	CHECK(own_nic("", &o, &e) == 0 && o.nic_mbit == 1000 && !o.nic_own, "empty: unset");
	CHECK(own_nic("2.5Gbit", &o, &e) == 0 && o.nic_mbit == 2500 && o.nic_own && o.shares_cpu,
	      "2.5Gbit: 2500 Mbit/s, its own (%g)", o.nic_mbit);
	o = (struct clientres_opts){1000, 0, 0};
	CHECK(own_nic("10GB", &o, &e) == -1 && o.nic_mbit == 1000 && !o.nic_own,
	      "10GB: refused, o unchanged");
	CHECK(strstr(e.msg, "S3BENCH_CLIENT_NIC=10GB: '10GB' is not a bit rate") != NULL,
	      "the message names the variable and the value: %s", e.msg);
	unsetenv(CLIENTRES_NIC_ENV);
}

/* nic_of: the record's nic.speed_mbit and speed_source for opts o; 0, or -1 without a
 * record. */
static int nic_of(const struct clientres *c, const struct clientres_opts *o, double *mbit,
		  const char **src, struct runrec_clientres *rec)
{
	int rc = clientres_record(c, o, "127.0.0.1", "127.0.0.1", 0, 0, rec);

	*mbit = rec->nic.speed_mbit;
	*src = rec->nic.speed_source;
	return rc;
}

static void test_record(void)
{
	struct clientres *c = clientres_start();
	struct clientres_opts own = {250, 1, 0}, camp = {1000, 0, 0}, none = {0, 0, 0};
	struct runrec_clientres rec;
	const char *src;
	double mbit;

	CHECK(c != NULL, "the sampler starts (/proc/stat)");
	if (c == NULL)
		return;
	clientres_stop(c);
	CHECK(nic_of(c, &own, &mbit, &src, &rec) == 0 && mbit == 250 &&
		      strcmp(src, "environment") == 0,
	      "a client's own speed: 250, environment (%g, %s)", mbit, src);
	CHECK(nic_of(c, &camp, &mbit, &src, &rec) == 0 && mbit == 1000 &&
		      strcmp(src, "campaign") == 0,
	      "the campaign's: 1000, campaign (%g, %s)", mbit, src);
	CHECK(nic_of(c, &none, &mbit, &src, &rec) == 0 &&
		      (strcmp(src, "sysfs") == 0 || strcmp(src, "unknown") == 0),
	      "neither: sysfs or unknown (loopback: %s)", src);
	clientres_free(c);
}

/* A thread that spins for 1.2 s, then waits until told to end (or ends at once). */
struct spinner {
	double cpu_s; /* its own CPU time after the spin */
	int linger;   /* 1: stay until `done` */
	pthread_mutex_t lock;
	pthread_cond_t cv;
	int spun, done;
};

static void *spin(void *arg)
{
	struct spinner *s = arg;
	int64_t t0 = time_mono_ns();
	volatile uint64_t x = 0;
	struct timespec cpu;

	while (time_mono_ns() - t0 < 1200000000LL)
		for (int i = 0; i < 100000; i++)
			x += (uint64_t)i;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
	pthread_mutex_lock(&s->lock);
	s->cpu_s = (double)cpu.tv_sec + (double)cpu.tv_nsec / 1e9;
	s->spun = 1;
	pthread_cond_broadcast(&s->cv);
	while (s->linger && !s->done)
		pthread_cond_wait(&s->cv, &s->lock);
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

/* spin_record: the record of a sampler around a spinner (linger: it still lives at the
 * last sample); the spinner's CPU share of the benchmark window into *want. */
static int spin_record(int linger, struct runrec_clientres *rec, double *want)
{
	struct spinner s = {.linger = linger};
	struct clientres *c = clientres_start();
	pthread_t th;
	int rc = -1;

	pthread_mutex_init(&s.lock, NULL);
	pthread_cond_init(&s.cv, NULL);
	if (c != NULL && pthread_create(&th, NULL, spin, &s) == 0) {
		pthread_mutex_lock(&s.lock);
		while (!s.spun)
			pthread_cond_wait(&s.cv, &s.lock);
		pthread_mutex_unlock(&s.lock);
		if (!linger)
			pthread_join(th, NULL);
		clientres_stop(c);
		pthread_mutex_lock(&s.lock);
		s.done = 1;
		pthread_cond_broadcast(&s.cv);
		pthread_mutex_unlock(&s.lock);
		if (linger)
			pthread_join(th, NULL);
		rc = clientres_record(c, NULL, "", "", 0, 0, rec);
		*want = 100.0 * s.cpu_s / rec->benchmark.seconds;
	}
	clientres_free(c);
	pthread_cond_destroy(&s.cv);
	pthread_mutex_destroy(&s.lock);
	return rc;
}

static void test_thread(void)
{
	struct runrec_clientres rec;
	double want = 0, tick = 100.0 / (double)sysconf(_SC_CLK_TCK), got, tol;

	/* /proc counts clock ticks: the figure is within two of them over the window */
	CHECK(spin_record(1, &rec, &want) == 0, "a record around a spinning thread");
	got = rec.benchmark.busiest_thread_pct;
	tol = 2 * tick / rec.benchmark.seconds + 0.5;
	CHECK(fabs(got - want) <= tol,
	      "busiest thread %.1f %% of a core, its own clock %.1f %% (+- %.1f) over %.2f s", got,
	      want, tol, rec.benchmark.seconds);
	CHECK(!rec.has_kept, "no kept window asked: none");
	/* a thread that ended before the last sample counts until the last sample that
	 * listed it: at most a sampling period of its CPU is lost */
	CHECK(spin_record(0, &rec, &want) == 0, "a record around a thread that ended");
	got = rec.benchmark.busiest_thread_pct;
	tol += 100.0 * CLIENTRES_PERIOD_MS / 1000.0 / rec.benchmark.seconds;
	CHECK(got <= want + 2 * tick / rec.benchmark.seconds + 0.5 && got >= want - tol,
	      "an ended thread: %.1f %% of a core, its own clock %.1f %% (- %.1f)", got, want, tol);
}

int main(void)
{
	test_own_nic();
	test_record();
	test_thread();
	return check_done();
}
