/* analyze/read/parfor.c: see parfor.h. */
#include "analyze/read/parfor.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#define PARFOR_MAX 64

struct pf {
	size_t n;
	atomic_size_t next;
	void (*fn)(size_t i, void *arg);
	void *arg;
};

static void *worker(void *p)
{
	struct pf *f = p;
	size_t i;

	while ((i = atomic_fetch_add(&f->next, 1)) < f->n)
		f->fn(i, f->arg);
	return NULL;
}

int parfor_threads(size_t n)
{
	const char *env = getenv("S3BENCH_ANALYZE_THREADS");
	long t = sysconf(_SC_NPROCESSORS_ONLN);
	char *end;

	if (env != NULL && *env != '\0') {
		long v = strtol(env, &end, 10);

		if (*end == '\0' && v >= 1)
			t = v;
	}
	if (t > PARFOR_MAX)
		t = PARFOR_MAX;
	if (n < (size_t)t)
		t = (long)n;
	return t < 1 ? 1 : (int)t;
}

void parfor(size_t n, void (*fn)(size_t i, void *arg), void *arg)
{
	struct pf f = {.n = n, .fn = fn, .arg = arg};
	pthread_t th[PARFOR_MAX];
	int nt = parfor_threads(n), started = 0;

	atomic_init(&f.next, 0);
	for (int k = 1; k < nt; k++) {
		if (pthread_create(&th[started], NULL, worker, &f) != 0)
			break;
		started++;
	}
	worker(&f);
	for (int k = 0; k < started; k++)
		pthread_join(th[k], NULL);
}
