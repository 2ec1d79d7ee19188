/* core/sort_i64.h: sorting 64-bit integers (latencies in ns) fast: the summaries' and
 * Warp's percentile sorts, which need only the values in order. */
#ifndef CORE_SORT_I64_H
#define CORE_SORT_I64_H

#include <stddef.h>
#include <stdint.h>

/* sort_i64: v[0..n-1] in ascending order, in place. An LSD radix sort on 11-bit digits of
 * the value with its sign bit flipped (the six digit counts taken in one pass; passes
 * where every value has the same digit are skipped: durations in ns need 3 or 4), with a
 * scratch copy of v for the time of the call; qsort for n under 512 or when that memory
 * cannot be had. */
void sort_i64(int64_t *v, size_t n);

#endif
