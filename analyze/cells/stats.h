/* analyze/cells/stats.h: descriptive statistics over a set of samples.
 *
 * "No value" is NaN throughout (the JSON and CSV writers turn it into null / an
 * empty field); nothing here ever substitutes 0 for a missing value. Formulas and
 * ranks are stated in docs/METHODOLOGY.md. */
#ifndef ANALYZE_STATS_H
#define ANALYZE_STATS_H

#include <stddef.h>

struct stats {
	size_t n;      /* samples */
	double mean;   /* arithmetic mean; NaN when n = 0 */
	double median; /* middle value (n odd) or mean of the two middle values (n even) */
	double min, max;
	double stddev; /* sample standard deviation, divisor n - 1; NaN when n < 2 */
	double cv;     /* stddev / mean; NaN when stddev is NaN or mean <= 0 */
};

/* stats_compute: statistics of v[0..n-1] into *out. v is only read (n = 0 and
 * v = NULL is fine: every field but n is then NaN). Returns 0, or -1 when a sample
 * is not finite (the caller filters samples first) or memory runs out. */
int stats_compute(const double *v, size_t n, struct stats *out);

/* stats_percentile: the p-th percentile (0 <= p <= 100) of v[0..n-1], by nearest
 * rank on the ascending order: the value at 1-based rank ceil(p/100 * n), rank 1
 * for p = 0. v is only read. NaN when n = 0, p is out of range or memory runs out.
 * Test seam: only the unit tests call it. */
double stats_percentile(const double *v, size_t n, double p);

/* stats_mean_of: the mean of the finite values among v[0..n-1] (NaN ones are
 * skipped: a missing value is not a zero); NaN when none is finite. */
double stats_mean_of(const double *v, size_t n);

/* stats_min_of / stats_max_of: lowest / highest finite value; NaN when none. */
double stats_min_of(const double *v, size_t n);
double stats_max_of(const double *v, size_t n);

#endif
