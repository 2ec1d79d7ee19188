/* tests/unit/test_parfor.c: analyze/read/parfor.h: every index handled exactly once,
 * whatever the thread count, never more at once than parfor_threads, and the count
 * parfor_threads picks. */
#include <stdatomic.h>
#include <stdlib.h>

#include "analyze/read/parfor.h"
#include "tests/unit/check.h"

struct hits {
	atomic_int *seen;
	atomic_int max_busy, busy;
};

static void touch(size_t i, void *arg)
{
	struct hits *h = arg;
	int b = atomic_fetch_add(&h->busy, 1) + 1;
	int m = atomic_load(&h->max_busy);

	while (b > m && !atomic_compare_exchange_weak(&h->max_busy, &m, b))
		;
	atomic_fetch_add(&h->seen[i], 1);
	atomic_fetch_sub(&h->busy, 1);
}

int main(void)
{
	static const size_t ns[] = {0, 1, 2, 7, 100, 1000};
	static const char *const threads[] = {"1", "2", "3", "8"};

	for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
		setenv("S3BENCH_ANALYZE_THREADS", threads[t], 1);
		for (size_t k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
			size_t n = ns[k], wrong = 0;
			struct hits h = {.seen = calloc(n ? n : 1, sizeof(atomic_int))};

			atomic_init(&h.busy, 0);
			atomic_init(&h.max_busy, 0);
			parfor(n, touch, &h);
			for (size_t i = 0; i < n; i++)
				wrong += atomic_load(&h.seen[i]) != 1;
			CHECK(wrong == 0, "threads %s, n %zu: %zu indices not handled once",
			      threads[t], n, wrong);
			CHECK(atomic_load(&h.max_busy) <= parfor_threads(n),
			      "threads %s, n %zu: %d at once, more than parfor_threads %d",
			      threads[t], n, atomic_load(&h.max_busy), parfor_threads(n));
			free(h.seen);
		}
		CHECK(parfor_threads(1000) == atoi(threads[t]), "parfor_threads with %s: %d",
		      threads[t], parfor_threads(1000));
		CHECK(parfor_threads(2) == (atoi(threads[t]) < 2 ? 1 : 2),
		      "parfor_threads(2) with %s: %d", threads[t], parfor_threads(2));
	}
	setenv("S3BENCH_ANALYZE_THREADS", "0", 1); /* not a count: the online CPUs */
	CHECK(parfor_threads(1000) >= 1, "parfor_threads with 0: %d", parfor_threads(1000));
	CHECK(parfor_threads(0) == 1, "parfor_threads(0): %d", parfor_threads(0));
	return check_done();
}
