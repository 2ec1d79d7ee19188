/* tests/tools/wanem/link.h: one direction of an emulated path: the bytes in flight, each
 * chunk held until its due time (the one-way delay), and the token buckets that cap the rate
 * at which bytes enter it (per connection and for all connections together). */
#ifndef TESTS_TOOLS_WANEM_LINK_H
#define TESTS_TOOLS_WANEM_LINK_H

#include <stddef.h>
#include <stdint.h>

/* A token bucket in bytes (or requests): rate per second, depth the most it holds. */
struct bucket {
	double rate, depth, tokens;
	int64_t last; /* ns of the last refill */
	int backlog;  /* its reader is held back by it: a late wake-up keeps its tokens */
};

/* A piece of the stream in flight; len 0 is the end of the stream (a FIN to pass on). */
struct chunk {
	struct chunk *next;
	int64_t due; /* ns (monotonic) when it may be written */
	size_t len, off;
	char d[];
};

struct queue {
	struct chunk *head, *tail;
	size_t bytes;     /* payload held */
	int64_t last_due; /* chunks leave in order: no due before this */
};

/* mono_ns: the monotonic clock in nanoseconds. */
int64_t mono_ns(void);

/* bucket_init: rate per second (0: unlimited) with depth max(rate x 5 ms, min_depth), full. */
void bucket_init(struct bucket *b, double rate, double min_depth, int64_t now);

/* bucket_avail: the whole tokens b holds at now (refilled first); SIZE_MAX when unlimited.
 * A refill caps the tokens at the depth, except while b->backlog is set: then the tokens of
 * up to one second accrue, so that a reader that wakes late (a loaded machine) catches up
 * and the long-run rate stays the cap; an idle reader starts with one depth at most. */
size_t bucket_avail(struct bucket *b, int64_t now);

/* bucket_take: spend n tokens (n <= bucket_avail). */
void bucket_take(struct bucket *b, size_t n);

/* bucket_ready_at: the ns at which b holds need tokens (now when it does already; need
 * is capped at its depth). */
int64_t bucket_ready_at(struct bucket *b, double need, int64_t now);

/* queue_push: append a copy of n bytes (n 0: the end-of-stream mark) due at due (moved
 * up to the last chunk's due, so order is kept); 0, or -1 when out of memory. */
int queue_push(struct queue *q, const void *p, size_t n, int64_t due);

/* queue_pop: free the head chunk. */
void queue_pop(struct queue *q);

/* queue_free: free every chunk. */
void queue_free(struct queue *q);

/* rand_unit: a uniform draw in [0, 1) from the state *s (splitmix64). */
double rand_unit(uint64_t *s);

#endif
