/* analyze/warp/warp_gosort.h: Go's sort.Slice, reproduced move for move.
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

/* gosort_slice_go119: the same for Go 1.19, whose pattern-breaking generator shifts
 * by 13, 17, 5 instead of 13, 7, 17 (changed in a later Go; Warp 1.x is built with Go
 * 1.24). Kept to check this implementation against the Go toolchain Debian 12 ships:
 * everything else in the algorithm is the same. */
void gosort_slice_go119(size_t n, int (*less)(size_t i, size_t j, void *ctx),
			void (*swap)(size_t i, size_t j, void *ctx), void *ctx);

#endif
