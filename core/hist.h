/* core/hist.h: a log-linear histogram of durations in nanoseconds (HdrHistogram's idea,
 * written for s3bench), so that percentiles of ALL requests of several runs can be taken
 * after the runs are summarized: histograms merge, sorted duration lists would not fit.
 *
 * Buckets (M = HIST_SUB_BITS = 7, so 2^M = 128 sub-buckets per power of two):
 *   v < 2^M                 bucket v (width 1 ns: exact)
 *   2^e <= v < 2^(e+1), e >= M
 *                           bucket (e - M + 1) * 2^M + (v >> (e - M)) - 2^M
 *                           (width 2^(e - M) ns, lowest value (v >> (e - M)) << (e - M))
 * Values above HIST_HIGHEST_NS (1 h) are recorded as HIST_HIGHEST_NS and counted in
 * `clamped`; negative values as 0 (also counted). The exact minimum and maximum of the
 * values as given are kept.
 *
 * A percentile (nearest rank, as core/summary.c defines pXX) is the middle of its bucket
 * (low + (width - 1) / 2, integer division), clamped to [min, max]: within 1/256 of the
 * true value (docs/METHODOLOGY.md, "Pooled latency", the error bound).
 *
 * JSON form (run.json "summary.latency_hist", docs/FORMATS.md):
 *   {"unit": "ns", "sub_bucket_bits": 7, "highest": 3600000000000, "count": N,
 *    "min": NS, "max": NS, "clamped": K, "buckets": [[index, count], ...]}
 * buckets: the non-empty ones, index ascending. The scheme fields let a reader check
 * that it decodes the indexes as they were written. */
#ifndef CORE_HIST_H
#define CORE_HIST_H

#include <stdint.h>
#include <jansson.h>

#include "core/err.h"

#define HIST_SUB_BITS 7
#define HIST_HIGHEST_NS 3600000000000LL /* 1 h */

struct hist;

/* hist_new: a new empty histogram; NULL when out of memory. Free with hist_free. */
struct hist *hist_new(void);
void hist_free(struct hist *h);

/* hist_copy: a new histogram equal to h; NULL when out of memory. */
struct hist *hist_copy(const struct hist *h);

/* hist_record: count one value (ns). -1 only when out of memory (h unchanged). */
int hist_record(struct hist *h, int64_t v_ns);

/* hist_merge: add every value of src to dst (the histogram of the union); src is only
 * read. -1 only when out of memory (dst unchanged). */
int hist_merge(struct hist *dst, const struct hist *src);

/* Values recorded, values clamped, exact min and max (0 when empty). hist_clamped and
 * hist_min are test seams (only the unit tests call them). */
uint64_t hist_count(const struct hist *h);
uint64_t hist_clamped(const struct hist *h);
int64_t hist_min(const struct hist *h);
int64_t hist_max(const struct hist *h);

/* hist_percentile: the value (ns) of nearest rank ceil(q * count) (q in [0, 1]; rank at
 * least 1): the middle of its bucket clamped to [min, max] (q = 0 gives min, q = 1 max,
 * exactly). 0 when empty. ceil is taken of q * count less a relative 1e-12, so that
 * q = 0.9 of 10 is rank 9 despite rounding. */
int64_t hist_percentile(const struct hist *h, double q);

/* hist_rank_bounds: the bucket holding the rank-th smallest value (1 <= rank <= count):
 * its lowest and highest value (ns) clamped to [min, max], so that the value itself lies
 * in [*lo, *hi] (rank 1 gives the exact min as *lo, rank count the exact max as *hi).
 * -1 when rank is outside 1 .. count (nothing written). */
int hist_rank_bounds(const struct hist *h, uint64_t rank, int64_t *lo, int64_t *hi);

/* hist_equal: 1 when a and b hold the same counts, min, max and clamped; else 0. */
int hist_equal(const struct hist *a, const struct hist *b);

/* hist_bucket_of: the bucket of v (clamped as hist_record does); hist_bucket_low /
 * hist_bucket_width: the lowest value and the width (ns) of bucket i. HIST_BUCKETS is
 * the number of buckets (the bucket of HIST_HIGHEST_NS is the last). Test seams: only
 * tests/unit/test_hist.c calls these four. */
int hist_bucket_of(int64_t v_ns);
int64_t hist_bucket_low(int i);
int64_t hist_bucket_width(int i);
int hist_buckets(void);

/* hist_to_json: a new JSON object in the form above; NULL when out of memory. */
json_t *hist_to_json(const struct hist *h);

/* hist_from_json: a new histogram from obj. Every field is checked (scheme, ranges,
 * ascending indexes, counts summing to count, min and max in the first and last
 * bucket); the message starts with `path` and names the field at fault
 * ("summary.latency_hist.buckets[3]: ..."). NULL on failure. */
struct hist *hist_from_json(const json_t *obj, const char *path, struct err *e);

#endif
