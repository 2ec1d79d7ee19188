/* collect/replay.c: see replay.h. One pass over the trace: each row's key is looked up in
 * an open-addressing table (a new key gets the next number and notes whether its first
 * request reads it); then the numbers are permuted so that the objects to prepare come
 * first. */
#include "collect/replay.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/opslog.h"

/* One distinct key. */
struct slot {
	char *key; /* NULL: empty */
	uint64_t id;
};

struct load {
	struct replay_trace *t;
	struct slot *tab;
	size_t cap, used;
	unsigned char *read_first; /* by id: its first request reads it */
	size_t obj_cap, req_cap;
	int64_t t0;
	int have_t0;
	uint64_t rows; /* rows read */
	struct err *e;
};

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* grow: double the table (rehash). -1 out of memory. */
static int grow(struct load *l)
{
	size_t cap = l->cap ? l->cap * 2 : 1024;
	struct slot *tab = calloc(cap, sizeof(*tab));

	if (tab == NULL)
		return -1;
	for (size_t i = 0; i < l->cap; i++) {
		size_t j;

		if (l->tab[i].key == NULL)
			continue;
		for (j = hash(l->tab[i].key) & (cap - 1); tab[j].key != NULL;
		     j = (j + 1) & (cap - 1))
			;
		tab[j] = l->tab[i];
	}
	free(l->tab);
	l->tab = tab;
	l->cap = cap;
	return 0;
}

/* object: the number of key (a new one for a key not seen, its first request reading it
 * when reads); -1 out of memory. */
static int64_t object(struct load *l, const char *key, int reads)
{
	struct replay_trace *t = l->t;
	size_t j;

	if ((l->used + 1) * 2 > l->cap && grow(l) < 0)
		return -1;
	for (j = hash(key) & (l->cap - 1); l->tab[j].key != NULL; j = (j + 1) & (l->cap - 1))
		if (strcmp(l->tab[j].key, key) == 0)
			return (int64_t)l->tab[j].id;
	if (t->n_obj == l->obj_cap) {
		size_t cap = l->obj_cap ? 2 * l->obj_cap : 1024;
		uint64_t *sz = realloc(t->size, cap * sizeof(*sz));
		unsigned char *rf = sz ? realloc(l->read_first, cap) : NULL;

		if (sz != NULL)
			t->size = sz;
		if (rf == NULL)
			return -1;
		l->read_first = rf;
		l->obj_cap = cap;
	}
	if ((l->tab[j].key = strdup(key)) == NULL)
		return -1;
	l->tab[j].id = t->n_obj;
	l->used++;
	t->size[t->n_obj] = 0;
	l->read_first[t->n_obj] = (unsigned char)reads;
	return (int64_t)t->n_obj++;
}

/* op_of: the replayed op of a row (-1: not replayed). */
static int op_of(const struct op_row *r)
{
	if (strcasecmp(r->op, "PUT") == 0)
		return REPLAY_PUT;
	if (strcasecmp(r->op, "GET") == 0)
		return REPLAY_GET;
	if (strcasecmp(r->op, "STAT") == 0)
		return REPLAY_HEAD;
	if (strcasecmp(r->op, "DELETE") == 0 && r->n_objects <= 1)
		return REPLAY_DELETE;
	return -1;
}

static int on_row(const struct op_row *r, void *arg)
{
	struct load *l = arg;
	struct replay_trace *t = l->t;
	int op = op_of(r);
	int64_t at = r->intended_ns ? r->intended_ns : r->start_ns, obj;
	struct replay_req *q;

	l->rows++;
	if (r->retried || r->hedge == OPS_HEDGE_LOST) {
		t->attempts++;
		return 0;
	}
	if (op < 0) {
		t->skipped++;
		return 0;
	}
	if (!l->have_t0 || at < l->t0) {
		l->t0 = at;
		l->have_t0 = 1;
	}
	if (t->n == l->req_cap) {
		size_t cap = l->req_cap ? 2 * l->req_cap : 4096;
		struct replay_req *v = realloc(t->req, cap * sizeof(*v));

		if (v == NULL)
			goto oom;
		t->req = v;
		l->req_cap = cap;
	}
	if ((obj = object(l, r->file, op != REPLAY_PUT)) < 0)
		goto oom;
	q = &t->req[t->n++];
	q->op = (enum replay_op)op;
	q->obj = (uint64_t)obj;
	q->bytes = r->bytes;
	q->at_ns = at; /* made an offset by offsets() */
	q->row = l->rows - 1;
	t->count[op]++;
	if ((op == REPLAY_PUT || op == REPLAY_GET) && r->bytes > t->size[obj])
		t->size[obj] = r->bytes;
	return 0;
oom:
	err_set(l->e, "out of memory");
	return -1;
}

static int by_time(const void *x, const void *y)
{
	const struct replay_req *a = x, *b = y;

	if (a->at_ns != b->at_ns)
		return a->at_ns < b->at_ns ? -1 : 1;
	return a->row < b->row ? -1 : a->row > b->row;
}

/* offsets: each request's time as its offset from the earliest (a rate run's rows come by
 * start, and a late one's intended start may precede an earlier row's), times speed. */
static void offsets(struct load *l)
{
	struct replay_trace *t = l->t;

	for (size_t i = 0; i < t->n; i++) {
		t->req[i].at_ns = (int64_t)((double)(t->req[i].at_ns - l->t0) * t->speed);
		if (t->req[i].at_ns > t->span_ns)
			t->span_ns = t->req[i].at_ns;
	}
	qsort(t->req, t->n, sizeof(*t->req), by_time);
}

/* renumber: the objects read first get 0..prepared-1, in the order first seen. */
static int renumber(struct load *l)
{
	struct replay_trace *t = l->t;
	uint64_t *to = malloc((t->n_obj + 1) * sizeof(*to));
	uint64_t *size = malloc((t->n_obj + 1) * sizeof(*size));
	uint64_t a = 0, b;

	if (to == NULL || size == NULL) {
		free(to);
		free(size);
		return -1;
	}
	for (uint64_t i = 0; i < t->n_obj; i++)
		a += l->read_first[i];
	t->prepared = a;
	b = a;
	a = 0;
	for (uint64_t i = 0; i < t->n_obj; i++) {
		to[i] = l->read_first[i] ? a++ : b++;
		size[to[i]] = t->size[i];
	}
	for (size_t i = 0; i < t->n; i++)
		t->req[i].obj = to[t->req[i].obj];
	free(t->size);
	t->size = size;
	free(to);
	return 0;
}

int replay_load(const char *path, double speed, struct replay_trace *t, struct err *e)
{
	struct load l = {.t = t, .e = e};
	int rc = -1;

	memset(t, 0, sizeof(*t));
	t->speed = speed;
	if (opslog_read(path, on_row, &l, e) != 0)
		goto done;
	if (t->n == 0) {
		err_set(e,
			"%s: no request to replay (PUT, GET, STAT or DELETE): %llu rows of other "
			"ops, %llu retried or lost attempts",
			path, (unsigned long long)t->skipped, (unsigned long long)t->attempts);
		goto done;
	}
	offsets(&l);
	if (renumber(&l) < 0) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	rc = 0;
done:
	for (size_t i = 0; i < l.cap; i++)
		free(l.tab[i].key);
	free(l.tab);
	free(l.read_first);
	return rc;
}

void replay_free(struct replay_trace *t)
{
	free(t->req);
	free(t->size);
	memset(t, 0, sizeof(*t));
}
