/* tests/unit/test_hedge.c: analyze/stats/hedge, the hedging what-if's exact distribution,
 * on samples whose hedged quantiles are worked out by hand (docs/METHODOLOGY.md, "What
 * hedging would buy"): 98 answers of 1 ms and 2 of 1 s, a threshold of 10 ms, a new
 * connection of 0.5 ms: a hedged request answers after 10 + 0.5 + Y ms, so the hedged p99
 * and p99.9 are 11.5 ms (P(H > 11.5 ms) = 0.02 x 0.02) and only p99.99 keeps the 1 s. */
#include <stdint.h>

#include "analyze/stats/hedge.h"
#include "tests/unit/check.h"

#define MS 1000000LL

int main(void)
{
	int64_t x[100], c[1] = {MS / 2};
	struct hedge_sample s = {x, 100, c, 1};

	for (int i = 0; i < 100; i++)
		x[i] = i % 50 == 7 ? 1000 * MS : MS; /* two of 1 s, unsorted */
	hedge_sort(&s);
	CHECK(x[0] == MS && x[99] == 1000 * MS && x[97] == MS && x[98] == 1000 * MS, "sorted");
	CHECK(hedge_plain(&s, 0.98) == MS && hedge_plain(&s, 0.99) == 1000 * MS,
	      "unhedged: p98 1 ms, p99 1 s (nearest rank)");
	CHECK_NUM(hedge_extra(&s, 10 * MS), 0.02, 1e-15, "at 10 ms, 2 %% of requests re-sent");
	CHECK(hedge_quantile(&s, 10 * MS, 0.99) == 11 * MS + MS / 2,
	      "hedged p99: 11.5 ms (got %lld)", (long long)hedge_quantile(&s, 10 * MS, 0.99));
	CHECK(hedge_quantile(&s, 10 * MS, 0.999) == 11 * MS + MS / 2, "hedged p99.9: 11.5 ms");
	CHECK(hedge_quantile(&s, 10 * MS, 0.9999) == 1000 * MS, "hedged p99.99: 1 s (0.0004 left)");
	CHECK(hedge_quantile(&s, 10 * MS, 0.5) == MS, "hedged p50: 1 ms, untouched");
	/* no set-up measured: C = 0 */
	s.k = 0;
	CHECK(hedge_quantile(&s, 10 * MS, 0.99) == 11 * MS, "no set-up: 11 ms");
	/* a threshold at or above every answer changes nothing */
	for (int i = 0; i < 100; i++)
		x[i] = (i + 1) * MS;
	CHECK(hedge_quantile(&s, 100 * MS, 0.99) == hedge_plain(&s, 0.99) &&
		      hedge_quantile(&s, 100 * MS, 0.5) == hedge_plain(&s, 0.5) &&
		      hedge_extra(&s, 100 * MS) == 0,
	      "threshold at the max: the plain quantiles, nothing re-sent");
	/* 1 .. 100 ms at T = 95 ms: P(H > 98 ms) = 0.02 x 0.97, P(H > 99 ms) = 0.01 x 0.96 */
	CHECK(hedge_quantile(&s, 95 * MS, 0.99) == 99 * MS, "1..100 ms at 95 ms: p99 99 ms");
	CHECK(hedge_quantile(&s, 95 * MS, 0.98) == 98 * MS, "1..100 ms at 95 ms: p98 98 ms");
	return check_done();
}
