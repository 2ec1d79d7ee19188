/* analyze/stats/hedge.h: what hedging would buy: the latency of requests that are sent
 * again, on a new connection, when still unanswered after a threshold T, the first answer
 * taken (docs/METHODOLOGY.md, "What hedging would buy").
 *
 * The model: a request's latency X is drawn from the cell's recorded latencies x[0..n-1];
 * its duplicate, sent at T, answers after T + C + Y, with Y an independent draw from the
 * same latencies and C a new connection's set-up time drawn from the cell's measured ones
 * c[0..k-1] (connect + TLS of the requests that opened a connection; none measured: C = 0).
 * The hedged latency is H = X when X <= T, else min(X, T + C + Y), so that
 *   P(H > h) = P(X > h)                       for h < T,
 *   P(H > h) = P(X > h) P(C + Y > h - T)      for h >= T,
 * computed exactly over the empirical distributions (no simulation), and the extra
 * requests are P(X > T) of the requests. */
#ifndef ANALYZE_HEDGE_H
#define ANALYZE_HEDGE_H

#include <stddef.h>
#include <stdint.h>

/* The recorded latencies and set-up times (ns), each sorted ascending (hedge_sort). */
struct hedge_sample {
	int64_t *x; /* n >= 1 latencies */
	size_t n;
	int64_t *c; /* k set-up times; k = 0: not measured (C = 0) */
	size_t k;
};

/* hedge_sort: sort s's two arrays ascending (in place). */
void hedge_sort(struct hedge_sample *s);

/* hedge_plain: the q-quantile (0 < q < 1) of the latencies, nearest rank (the smallest
 * recorded x with a share >= q at or below it), ns. */
int64_t hedge_plain(const struct hedge_sample *s, double q);

/* hedge_quantile: the q-quantile (0 < q < 1) of the hedged latency H at threshold t (ns):
 * the smallest whole ns h with P(H <= h) >= q (a share computed to within 1e-12 counts as
 * reaching q, as nearest rank does). */
int64_t hedge_quantile(const struct hedge_sample *s, int64_t t, double q);

/* hedge_extra: the share of requests a threshold t re-sends, P(X > t). */
double hedge_extra(const struct hedge_sample *s, int64_t t);

#endif
