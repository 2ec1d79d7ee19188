/* tests/unit/test_timeseries.c: analyze/cells/timeseries's latency per second
 * (timeseries_latency): each second's successful requests by their end, their largest
 * latency, and their p99 only from 299 requests (the minimum-N rule at 298 and 299). */
#include <math.h>
#include <stdlib.h>

#include "analyze/cells/timeseries.h"
#include "tests/unit/check.h"

#define S0 1000LL
#define NS 1000000000LL
#define MS 1000000LL

int main(void)
{
	size_t n = 0, cap = 1000;
	struct ts_req *r = malloc(cap * sizeof(*r));
	struct ts_latency out[5];

	/* second 3 first (the function sorts): 298 requests of 1 .. 298 ms */
	for (int i = 1; i <= 298; i++)
		r[n++] = (struct ts_req){(S0 + 3) * NS + i, i * MS};
	/* second 0: 300 requests of 1 .. 300 ms, ending anywhere in it */
	for (int i = 1; i <= 300; i++)
		r[n++] = (struct ts_req){S0 * NS + (int64_t)(i - 1) * (NS / 300), i * MS};
	/* second 1: 5 requests; second 4: 299 of 2 .. 600 ms */
	for (int i = 1; i <= 5; i++)
		r[n++] = (struct ts_req){(S0 + 1) * NS + NS - i, 10 * i * MS};
	for (int i = 1; i <= 299; i++)
		r[n++] = (struct ts_req){(S0 + 4) * NS, 2 * i * MS};
	/* outside: before bucket 0 and after the last */
	r[n++] = (struct ts_req){S0 * NS - 1, 9999 * MS};
	r[n++] = (struct ts_req){(S0 + 5) * NS, 9999 * MS};
	CHECK(timeseries_latency(r, n, S0, 5, out) == 0, "timeseries_latency");
	CHECK(out[0].requests == 300 && out[0].max_ms == 300 && out[0].p99_ms == 297,
	      "second 0: 300 requests, max 300 ms, p99 rank 297 (got %llu, %g, %g)",
	      (unsigned long long)out[0].requests, out[0].max_ms, out[0].p99_ms);
	CHECK(out[1].requests == 5 && out[1].max_ms == 50 && isnan(out[1].p99_ms),
	      "second 1: 5 requests, max 50 ms, no p99");
	CHECK(out[2].requests == 0 && isnan(out[2].max_ms) && isnan(out[2].p99_ms),
	      "second 2: none");
	CHECK(out[3].requests == 298 && out[3].max_ms == 298 && isnan(out[3].p99_ms),
	      "second 3: 298 requests do not bound a p99");
	CHECK(out[4].requests == 299 && out[4].max_ms == 598 && out[4].p99_ms == 2 * 297,
	      "second 4: 299 requests, p99 rank 297 (got %g)", out[4].p99_ms);
	free(r);
	return check_done();
}
