/* analyze/warp_gosort.h: Go's sort.Slice, reproduced move for move.
 *
 * Warp picks its Fastest / Median / Slowest segment after sorting with Go's
 * sort.Slice, which is a pattern-defeating quicksort and not stable: where keys tie,
 * the element that ends up at a given index depends on the exact sequence of
 * comparisons and swaps. To print the same segment Warp printed, this is an
 * independent C implementation of that algorithm (pdqsort with insertion sort below
 * 13 elements, ninther pivots from 50, pattern breaking with a xorshift generator
 * seeded by the length, heapsort fallback after bits.Len(n) bad pivots) driven by
 * index-based less/swap callbacks exactly like Go's lessSwap. */
#ifndef ANALYZE_WARP_GOSORT_H
#define ANALYZE_WARP_GOSORT_H

#include <stddef.h>

/* gosort_slice: sort n elements with less(i, j) and swap(i, j) (indices), in the
 * order Go's sort.Slice leaves them. Cannot fail. */
void gosort_slice(size_t n, int (*less)(size_t i, size_t j, void *ctx),
		  void (*swap)(size_t i, size_t j, void *ctx), void *ctx);

#endif
