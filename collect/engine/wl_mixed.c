/* collect/engine/wl_mixed.c: mixed: each request's op drawn from workload.mix
 * (collect/engine/wl_draw.h,
 * each worker its own stream of the run's seed), over one pool of objects shared by the
 * workers; rows GET, PUT, STAT (head) and DELETE, one per request, as Warp's mixed
 * benchmark writes them. See wl.h.
 *
 * The pool holds the objects a get or head may read: at the start the N prepared ones
 * (workload.objects, default 100), numbers 0..N-1; a put of a new object joins it once
 * the PUT succeeded (number (worker + 1) x 2^32 + SEQ, key PREFIX put/wWWWW/SEQ). Each
 * object's size is wl_obj_size(number), so a get checks its body length against it.
 * Under the pool's lock, a drawn op claims its object:
 *   get, head  a random pool object; its count of users goes up until the answer.
 *   put        a new object while pool + new puts in flight < CEILING (2N); at the
 *              ceiling an overwrite of a random pool object (same key, same size, same
 *              bytes: a get reading it meanwhile still gets the object's length), so the
 *              put's share stays the mix's and the pool stays within 2N.
 *   delete     a random pool object without users, only while the pool holds more than
 *              FLOOR (N/2, at least 1) objects; the object leaves the pool at once (no get
 *              can pick it any more) and is never put back, whatever the answer. When the
 *              pool is at the floor, or MIX_TRIES random picks all found objects in use,
 *              the op is drawn again from the mix without delete.
 * With reads = once a get claims an object no get has read yet (a prepared one, or one a
 * put of the run created), which leaves the unread list for good (heads, overwrites and
 * deletes still pick it); when a get finds the list empty the run stops, recorded
 * (eng_reads_exhausted), every worker's next request refused. Without `objects` the
 * prepare phase makes one object per expected request (workload_prepared_objects), so a
 * count or rate run does not run out.
 * So a get or head never reads a deleted object (no 404 is ever a server error of the
 * run), deletes remove only objects of the run, and the pool stays in [FLOOR, 2N]. The
 * shares: put, get and head are the mix's; delete's too while puts outweigh deletes (the
 * pool grows, the default mix: put 15, delete 10). When deletes outweigh puts the pool
 * shrinks to the floor and stays there: deletes then happen about as often as new puts,
 * and the rest of delete's weight goes to get, head and put in proportion to theirs
 * (docs/METHODOLOGY.md). Cleanup removes everything under the prefix (collect/s3/sweep.h). */
#include "collect/engine/wl.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "collect/engine/wl_draw.h"

#define MIX_TRIES 8 /* random picks of an unused object for a delete */

struct slot {
	uint64_t num;   /* object number */
	uint32_t users; /* gets, heads and overwrites in flight */
	int32_t pos;    /* index in pool.live; -1: not readable (being deleted, or free) */
	int32_t upos;   /* reads = once: index in pool.unread; -1: read by a get, or gone */
};

/* The shared pool (wl_kind.shared_new). slot[0 .. nslot) are in use or on the free list;
 * live[0 .. nlive) are the readable ones (random picks by index). */
struct pool {
	pthread_mutex_t lock;
	struct slot *slot;
	uint32_t *free_, *live, *unread;
	uint32_t cap, nslot, nfree, nlive, nunread;
	int once;         /* reads = once: gets claim from unread[0 .. nunread) only */
	int exhausted;    /* reads = once: a get found no unread object; the run stops */
	uint32_t pending; /* new objects being put */
	uint32_t floor, ceiling;
};

struct mixed_state {
	int seeded;
	uint64_t rng;  /* the worker's draws (wl_draw.h) */
	enum wl_op op; /* the request in flight */
	int fresh;     /* put: of a new object (else an overwrite of slot) */
	uint32_t slot; /* its pool slot (get, head, overwrite, delete) */
	uint64_t num, size;
};

/* pool_grow: room for one more slot; 0, or -1 out of memory. */
static int pool_grow(struct pool *p)
{
	uint32_t cap = p->cap ? p->cap * 2 : 64;
	struct slot *s;
	uint32_t *f, *l, *u;

	if (p->nslot < p->cap)
		return 0;
	if ((s = realloc(p->slot, cap * sizeof(*s))) == NULL)
		return -1;
	p->slot = s;
	if ((f = realloc(p->free_, cap * sizeof(*f))) == NULL)
		return -1;
	p->free_ = f;
	if ((l = realloc(p->live, cap * sizeof(*l))) == NULL)
		return -1;
	p->live = l;
	if ((u = realloc(p->unread, cap * sizeof(*u))) == NULL)
		return -1;
	p->unread = u;
	p->cap = cap;
	return 0;
}

/* pool_add: object num joins the readable pool; 0, or -1 out of memory. */
static int pool_add(struct pool *p, uint64_t num)
{
	uint32_t i;

	if (p->nfree > 0) {
		i = p->free_[--p->nfree];
	} else {
		if (pool_grow(p) != 0)
			return -1;
		i = p->nslot++;
	}
	p->slot[i] = (struct slot){.num = num,
				   .users = 0,
				   .pos = (int32_t)p->nlive,
				   .upos = p->once ? (int32_t)p->nunread : -1};
	p->live[p->nlive++] = i;
	if (p->once)
		p->unread[p->nunread++] = i;
	return 0;
}

/* pool_read: slot i leaves the unread list (a get claimed it, or it is being deleted). */
static void pool_read(struct pool *p, uint32_t i)
{
	uint32_t upos, last;

	if (p->slot[i].upos < 0)
		return;
	upos = (uint32_t)p->slot[i].upos;
	last = p->unread[--p->nunread];
	p->unread[upos] = last;
	p->slot[last].upos = (int32_t)upos;
	p->slot[i].upos = -1;
}

/* pool_unlist: slot i leaves the readable pool (it stays allocated). */
static void pool_unlist(struct pool *p, uint32_t i)
{
	uint32_t pos = (uint32_t)p->slot[i].pos, last = p->live[--p->nlive];

	p->live[pos] = last;
	p->slot[last].pos = (int32_t)pos;
	p->slot[i].pos = -1;
	pool_read(p, i);
}

static void pool_free(void *sh)
{
	struct pool *p = sh;

	pthread_mutex_destroy(&p->lock);
	free(p->slot);
	free(p->free_);
	free(p->live);
	free(p->unread);
	free(p);
}

static int pool_new(struct eng *g, void **sh, struct err *e)
{
	uint64_t n = workload_prepared_objects(eng_workload(g));
	struct pool *p = calloc(1, sizeof(*p));

	if (p == NULL || pthread_mutex_init(&p->lock, NULL) != 0) {
		free(p);
		return err_set(e, "mixed: out of memory for the object pool");
	}
	p->once = eng_workload(g)->send.reads == WL_READS_ONCE;
	p->floor = n / 2 > 1 ? (uint32_t)(n / 2) : 1;
	p->ceiling = (uint32_t)(2 * n);
	for (uint64_t i = 0; i < n; i++)
		if (pool_add(p, i) != 0) {
			pool_free(p);
			return err_set(e, "mixed: out of memory for a pool of %llu objects",
				       (unsigned long long)n);
		}
	*sh = p;
	return 0;
}

/* claim: the object of op for worker state s (pool lock held); 1 when op can go, 0 when
 * the pool refuses it (a delete at the floor or among used objects), -1 when a get of a
 * reads = once run finds no unread object (the pool is then exhausted). */
static int claim(struct pool *p, struct worker *w, struct mixed_state *s, enum wl_op op)
{
	uint32_t i;

	s->op = op;
	s->fresh = op == WL_PUT && p->nlive + p->pending < p->ceiling;
	if (s->fresh) {
		p->pending++;
		s->num = ((uint64_t)(w->id + 1) << 32) + w->seq;
		return 1;
	}
	if (op == WL_GET && p->once) {
		if (p->nunread == 0) {
			p->exhausted = 1;
			return -1;
		}
		i = p->unread[rng_below(&s->rng, p->nunread)];
		pool_read(p, i);
		p->slot[i].users++;
		s->slot = i;
		s->num = p->slot[i].num;
		return 1;
	}
	if (op != WL_DELETE) { /* get, head, overwrite: nlive >= floor >= 1 */
		i = p->live[rng_below(&s->rng, p->nlive)];
		p->slot[i].users++;
		s->slot = i;
		s->num = p->slot[i].num;
		return 1;
	}
	for (int t = 0; t < MIX_TRIES && p->nlive > p->floor; t++) {
		i = p->live[rng_below(&s->rng, p->nlive)];
		if (p->slot[i].users == 0) {
			pool_unlist(p, i);
			s->slot = i;
			s->num = p->slot[i].num;
			return 1;
		}
	}
	return 0;
}

/* key_of: w->key = the key of object num (prepared, or a put's). */
static int key_of(struct eng *g, struct worker *w, uint64_t num)
{
	if (num >> 32 == 0)
		return wl_key_obj(g, &w->key, num);
	return wl_key_put_n(g, &w->key, (int)((num >> 32) - 1), num & 0xffffffffULL);
}

static int mixed_next(struct eng *g, struct worker *w, struct s3_args *a)
{
	const struct workload *wl = eng_workload(g);
	struct mixed_state *s = w->st;
	struct pool *p = eng_shared(g);
	struct wl_mix m = wl->mix;
	enum wl_op op;
	int go;

	if (!eng_more(g, w))
		return -1;
	if (!s->seeded) {
		s->rng = rng_stream(wl_seed(g), (unsigned)w->id);
		s->seeded = 1;
	}
	pthread_mutex_lock(&p->lock);
	go = p->exhausted ? -1 : 0;
	op = go < 0 ? WL_GET : wl_draw_op(&m, &s->rng);
	while (go == 0 && (go = claim(p, w, s, op)) == 0) { /* only a delete is refused: */
		m.w[WL_DELETE] = 0;                         /* draw among the others */
		op = wl_draw_op(&m, &s->rng);               /* WL_GET when nothing is left */
	}
	pthread_mutex_unlock(&p->lock);
	if (go < 0) { /* reads = once: every object read; the run stops */
		eng_reads_exhausted(g);
		return -1;
	}
	if (s->fresh)
		w->seq++;
	s->size = wl_obj_size(g, s->num);
	if (key_of(g, w, s->num) != 0)
		return -1;
	a->key = strbuf_cstr(&w->key);
	switch (op) {
	case WL_PUT:
		wl_set_body(g, w, s->num, 0, s->size);
		a->op = S3_PUT_OBJECT;
		a->body = &w->body;
		break;
	case WL_HEAD:
		a->op = S3_HEAD_OBJECT;
		break;
	case WL_DELETE:
		a->op = S3_DELETE_OBJECT;
		break;
	default:
		a->op = S3_GET_OBJECT;
		break;
	}
	return 0;
}

/* release: the pool after the answer to s's request (ok: it succeeded). */
static void release(struct pool *p, const struct mixed_state *s, int ok)
{
	pthread_mutex_lock(&p->lock);
	if (s->op == WL_PUT && s->fresh) {
		p->pending--;
		if (ok)
			pool_add(p, s->num); /* out of memory: the object is left to cleanup */
	} else if (s->op == WL_DELETE) {
		p->free_[p->nfree++] = s->slot;
	} else {
		p->slot[s->slot].users--;
	}
	pthread_mutex_unlock(&p->lock);
}

static void mixed_done(struct eng *g, struct worker *w, const struct s3_result *res)
{
	struct mixed_state *s = w->st;
	struct s3_result r2;

	release(eng_shared(g), s, res->cls == EC_NONE);
	switch (s->op) {
	case WL_PUT:
		wl_row(g, w, "PUT", 1, res->bytes_up, res);
		break;
	case WL_HEAD:
		wl_row(g, w, "STAT", 1, 0, res);
		break;
	case WL_DELETE:
		wl_row(g, w, "DELETE", 1, 0, res);
		break;
	default:
		if (res->cls == EC_NONE && res->bytes_down != s->size) {
			r2 = *res;
			snprintf(r2.error, sizeof(r2.error), "%s body: %llu of %llu bytes",
				 res->bytes_down < s->size ? "short" : "long",
				 (unsigned long long)res->bytes_down, (unsigned long long)s->size);
			r2.cls = EC_HTTP_5XX;
			res = &r2;
		}
		wl_row(g, w, "GET", 1, res->bytes_down, res);
		break;
	}
	w->done++;
}

const struct wl_kind wl_kind_mixed = {
	.name = "mixed",
	.state_size = sizeof(struct mixed_state),
	.next = mixed_next,
	.done = mixed_done,
	.shared_new = pool_new,
	.shared_free = pool_free,
};
