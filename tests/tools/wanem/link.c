/* tests/tools/wanem/link.c: see link.h. */
#include "tests/tools/wanem/link.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void bucket_init(struct bucket *b, double rate, double min_depth, int64_t now)
{
	b->rate = rate;
	b->depth = rate * 0.005 > min_depth ? rate * 0.005 : min_depth;
	b->tokens = b->depth;
	b->last = now;
	b->backlog = 0;
}

static void refill(struct bucket *b, int64_t now)
{
	if (now > b->last) {
		double cap = b->backlog && b->rate > b->depth ? b->rate : b->depth;

		b->tokens += b->rate * (double)(now - b->last) / 1e9;
		if (b->tokens > cap)
			b->tokens = cap;
		b->last = now;
	}
}

size_t bucket_avail(struct bucket *b, int64_t now)
{
	if (b->rate <= 0)
		return SIZE_MAX;
	refill(b, now);
	return b->tokens >= 1 ? (size_t)b->tokens : 0;
}

void bucket_take(struct bucket *b, size_t n)
{
	if (b->rate > 0)
		b->tokens -= (double)n;
}

int64_t bucket_ready_at(struct bucket *b, double need, int64_t now)
{
	if (b->rate <= 0)
		return now;
	refill(b, now);
	if (need > b->depth)
		need = b->depth;
	if (b->tokens >= need)
		return now;
	return now + (int64_t)((need - b->tokens) / b->rate * 1e9) + 1;
}

int queue_push(struct queue *q, const void *p, size_t n, int64_t due)
{
	struct chunk *c = malloc(sizeof(*c) + n);

	if (c == NULL)
		return -1;
	if (due < q->last_due)
		due = q->last_due;
	q->last_due = due;
	c->next = NULL;
	c->due = due;
	c->len = n;
	c->off = 0;
	if (n)
		memcpy(c->d, p, n);
	if (q->tail)
		q->tail->next = c;
	else
		q->head = c;
	q->tail = c;
	q->bytes += n;
	return 0;
}

void queue_pop(struct queue *q)
{
	struct chunk *c = q->head;

	if (c == NULL)
		return;
	q->head = c->next;
	if (q->head == NULL)
		q->tail = NULL;
	q->bytes -= c->len;
	free(c);
}

void queue_free(struct queue *q)
{
	while (q->head)
		queue_pop(q);
}

double rand_unit(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return (double)(z >> 11) / 9007199254740992.0;
}
