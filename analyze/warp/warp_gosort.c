/* analyze/warp/warp_gosort.c: see warp_gosort.h. Indices are signed (ptrdiff_t) as in Go,
 * where the algorithm relies on int arithmetic such as j >= 1 loops. */
#include "analyze/warp/warp_gosort.h"

#include <stdint.h>

struct ls {
	int (*less)(size_t, size_t, void *);
	void (*swap)(size_t, size_t, void *);
	void *ctx;
	int go119; /* Go 1.19's pattern-breaking generator (shifts 13, 17, 5) */
};

typedef ptrdiff_t idx;

enum hint {
	HINT_UNKNOWN,
	HINT_INCREASING,
	HINT_DECREASING
};

static int lt(const struct ls *d, idx i, idx j)
{
	return d->less((size_t)i, (size_t)j, d->ctx);
}

static void sw(const struct ls *d, idx i, idx j)
{
	d->swap((size_t)i, (size_t)j, d->ctx);
}

/* Number of bits needed to represent x (Go's bits.Len). */
static int bit_len(uint64_t x)
{
	int n = 0;

	while (x) {
		n++;
		x >>= 1;
	}
	return n;
}

static void insertion(const struct ls *d, idx a, idx b)
{
	idx i, j;

	for (i = a + 1; i < b; i++)
		for (j = i; j > a && lt(d, j, j - 1); j--)
			sw(d, j, j - 1);
}

static void sift_down(const struct ls *d, idx lo, idx hi, idx first)
{
	idx root = lo;

	for (;;) {
		idx child = 2 * root + 1;

		if (child >= hi)
			return;
		if (child + 1 < hi && lt(d, first + child, first + child + 1))
			child++;
		if (!lt(d, first + root, first + child))
			return;
		sw(d, first + root, first + child);
		root = child;
	}
}

static void heap_sort(const struct ls *d, idx a, idx b)
{
	idx first = a, hi = b - a, i;

	for (i = (hi - 1) / 2; i >= 0; i--)
		sift_down(d, i, hi, first);
	for (i = hi - 1; i >= 0; i--) {
		sw(d, first, first + i);
		sift_down(d, 0, i, first);
	}
}

/* Order a and b so that data[*a] <= data[*b]; count a swap of roles. */
static void order2(const struct ls *d, idx *a, idx *b, int *swaps)
{
	if (lt(d, *b, *a)) {
		idx t = *a;

		*a = *b;
		*b = t;
		(*swaps)++;
	}
}

static idx median3(const struct ls *d, idx a, idx b, idx c, int *swaps)
{
	order2(d, &a, &b, swaps);
	order2(d, &b, &c, swaps);
	order2(d, &a, &b, swaps);
	return b;
}

static idx choose_pivot(const struct ls *d, idx a, idx b, enum hint *h)
{
	idx l = b - a, i = a + l / 4 * 1, j = a + l / 4 * 2, k = a + l / 4 * 3;
	int swaps = 0;

	if (l >= 8) {
		if (l >= 50) {
			i = median3(d, i - 1, i, i + 1, &swaps);
			j = median3(d, j - 1, j, j + 1, &swaps);
			k = median3(d, k - 1, k, k + 1, &swaps);
		}
		j = median3(d, i, j, k, &swaps);
	}
	*h = swaps == 0 ? HINT_INCREASING : swaps == 12 ? HINT_DECREASING : HINT_UNKNOWN;
	return j;
}

static void reverse_range(const struct ls *d, idx a, idx b)
{
	idx i = a, j = b - 1;

	while (i < j)
		sw(d, i++, j--);
}

static int partial_insertion(const struct ls *d, idx a, idx b)
{
	idx i = a + 1, k;
	int step;

	for (step = 0; step < 5; step++) {
		while (i < b && !lt(d, i, i - 1))
			i++;
		if (i == b)
			return 1;
		if (b - a < 50)
			return 0;
		sw(d, i, i - 1);
		if (i - a >= 2)
			for (k = i - 1; k >= 1; k--) {
				if (!lt(d, k, k - 1))
					break;
				sw(d, k, k - 1);
			}
		if (b - i >= 2)
			for (k = i + 1; k < b; k++) {
				if (!lt(d, k, k - 1))
					break;
				sw(d, k, k - 1);
			}
	}
	return 0;
}

static void break_patterns(const struct ls *d, idx a, idx b)
{
	idx len = b - a, i;
	uint64_t r, mask;

	if (len < 8)
		return;
	r = (uint64_t)len;
	mask = ((uint64_t)1 << bit_len((uint64_t)len)) - 1;
	for (i = a + (len / 4) * 2 - 1; i <= a + (len / 4) * 2 + 1; i++) {
		idx other;

		if (d->go119) {
			r ^= r << 13;
			r ^= r >> 17;
			r ^= r << 5;
		} else {
			r ^= r << 13;
			r ^= r >> 7;
			r ^= r << 17;
		}
		other = (idx)(r & mask);
		if (other >= len)
			other -= len;
		sw(d, i, a + other);
	}
}

/* Elements < pivot to the left, >= pivot to the right; returns the pivot's place and
 * whether nothing had to move. */
static idx partition(const struct ls *d, idx a, idx b, idx pivot, int *already)
{
	idx i = a + 1, j = b - 1;

	sw(d, a, pivot);
	while (i <= j && lt(d, i, a))
		i++;
	while (i <= j && !lt(d, j, a))
		j--;
	if (i > j) {
		sw(d, j, a);
		*already = 1;
		return j;
	}
	sw(d, i, j);
	i++;
	j--;
	for (;;) {
		while (i <= j && lt(d, i, a))
			i++;
		while (i <= j && !lt(d, j, a))
			j--;
		if (i > j)
			break;
		sw(d, i, j);
		i++;
		j--;
	}
	sw(d, j, a);
	*already = 0;
	return j;
}

/* Elements equal to the pivot first, then the greater ones; returns where they start. */
static idx partition_equal(const struct ls *d, idx a, idx b, idx pivot)
{
	idx i = a + 1, j = b - 1;

	sw(d, a, pivot);
	for (;;) {
		while (i <= j && !lt(d, a, i))
			i++;
		while (i <= j && lt(d, a, j))
			j--;
		if (i > j)
			break;
		sw(d, i, j);
		i++;
		j--;
	}
	return i;
}

static void pdq(const struct ls *d, idx a, idx b, int limit)
{
	int balanced = 1, partitioned = 1;

	for (;;) {
		idx len = b - a, pivot, mid;
		enum hint h;
		int already;

		if (len <= 12) {
			insertion(d, a, b);
			return;
		}
		if (limit == 0) {
			heap_sort(d, a, b);
			return;
		}
		if (!balanced) {
			break_patterns(d, a, b);
			limit--;
		}
		pivot = choose_pivot(d, a, b, &h);
		if (h == HINT_DECREASING) {
			reverse_range(d, a, b);
			pivot = (b - 1) - (pivot - a);
			h = HINT_INCREASING;
		}
		if (balanced && partitioned && h == HINT_INCREASING && partial_insertion(d, a, b))
			return;
		if (a > 0 && !lt(d, a - 1, pivot)) {
			a = partition_equal(d, a, b, pivot);
			continue;
		}
		mid = partition(d, a, b, pivot, &already);
		partitioned = already;
		if (mid - a < b - mid) {
			balanced = mid - a >= len / 8;
			pdq(d, a, mid, limit);
			a = mid + 1;
		} else {
			balanced = b - mid >= len / 8;
			pdq(d, mid + 1, b, limit);
			b = mid;
		}
	}
}

static void sort_slice(struct ls *d, size_t n)
{
	if (n >= 2)
		pdq(d, 0, (idx)n, bit_len((uint64_t)n));
}

void gosort_slice(size_t n, int (*less)(size_t i, size_t j, void *ctx),
		  void (*swap)(size_t i, size_t j, void *ctx), void *ctx)
{
	sort_slice(&(struct ls){less, swap, ctx, 0}, n);
}

void gosort_slice_go119(size_t n, int (*less)(size_t i, size_t j, void *ctx),
			void (*swap)(size_t i, size_t j, void *ctx), void *ctx)
{
	sort_slice(&(struct ls){less, swap, ctx, 1}, n);
}
