/* collect/replay.c: see replay.h. One pass over the trace: each row's key is looked up in
 * an open-addressing table (a new key gets the next number); then the requests the ops
 * filter and the window keep are chosen, each object's size and whether its first kept
 * request reads it noted, and the numbers of the objects kept permuted so that those to
 * prepare come first. */
#include "collect/replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "core/accesslog.h"
#include "core/opslog.h"
#include "core/units.h"

/* One distinct key. */
struct slot {
	const char *key; /* NULL: empty; the string is the trace's t->key[id] */
	uint64_t id;
};

struct load {
	struct replay_trace *t;
	struct slot *tab;
	size_t cap, used;
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

/* object: the number of key (a new one for a key not seen); -1 out of memory. */
static int64_t object(struct load *l, const char *key)
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
		char **k = realloc(t->key, cap * sizeof(*k));

		if (k == NULL)
			return -1;
		t->key = k;
		l->obj_cap = cap;
	}
	if ((t->key[t->n_obj] = strdup(key)) == NULL)
		return -1;
	l->tab[j].key = t->key[t->n_obj];
	l->tab[j].id = t->n_obj;
	l->used++;
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
	if ((obj = object(l, r->file)) < 0)
		goto oom;
	q = &t->req[t->n++];
	q->op = (enum replay_op)op;
	q->obj = (uint64_t)obj;
	q->bytes = r->bytes;
	q->at_ns = at; /* made an offset by offsets() */
	q->row = l->rows - 1;
	return 0;
oom:
	err_set(l->e, "out of memory");
	return -1;
}

/* on_bad: a line that does not read: counted, the first messages kept. */
static int on_bad(unsigned long line, const char *msg, void *arg)
{
	struct load *l = arg;
	struct replay_trace *t = l->t;

	(void)line;
	if (t->bad < REPLAY_BAD_SHOWN)
		snprintf(t->bad_msg[t->bad], sizeof(t->bad_msg[0]), "%s", msg);
	t->bad++;
	return 0;
}

static int by_time(const void *x, const void *y)
{
	const struct replay_req *a = x, *b = y;

	if (a->at_ns != b->at_ns)
		return a->at_ns < b->at_ns ? -1 : 1;
	return a->row < b->row ? -1 : a->row > b->row;
}

/* keep: the requests the ops filter and the window keep, in the trace's order; each
 * object's size (the most bytes a PUT or GET of it moved) and whether its first kept
 * request reads it (read_first: 1 reads, 2 writes, 0 not kept). */
static void keep(struct load *l, unsigned char *read_first)
{
	struct replay_trace *t = l->t;
	const struct replay_opts *o = &t->o;
	size_t k = 0;

	for (size_t i = 0; i < t->n; i++) {
		struct replay_req q = t->req[i];
		int64_t off = q.at_ns - l->t0;

		if ((o->ops != 0 && !(o->ops & (1u << q.op))) || off < o->from_ns ||
		    (o->to_ns > 0 && off >= o->to_ns)) {
			t->filtered++;
			continue;
		}
		t->req[k++] = q;
		t->count[q.op]++;
		if (read_first[q.obj] == 0)
			read_first[q.obj] = q.op == REPLAY_PUT ? 2 : 1;
		if ((q.op == REPLAY_PUT || q.op == REPLAY_GET) && q.bytes > t->size[q.obj])
			t->size[q.obj] = q.bytes;
	}
	t->n = k;
}

/* offsets: each request's time as its offset from the earliest kept (a rate run's rows come
 * by start, and a late one's intended start may precede an earlier row's), times speed. */
static void offsets(struct load *l)
{
	struct replay_trace *t = l->t;
	int64_t t0 = t->req[0].at_ns;

	for (size_t i = 1; i < t->n; i++)
		t0 = t->req[i].at_ns < t0 ? t->req[i].at_ns : t0;
	for (size_t i = 0; i < t->n; i++) {
		t->req[i].at_ns = (int64_t)((double)(t->req[i].at_ns - t0) * t->o.speed);
		if (t->req[i].at_ns > t->span_ns)
			t->span_ns = t->req[i].at_ns;
	}
	qsort(t->req, t->n, sizeof(*t->req), by_time);
}

/* renumber: the objects kept, those read first 0..prepared-1 then the others, each in the
 * order first seen; the others dropped. */
static int renumber(struct load *l, const unsigned char *read_first)
{
	struct replay_trace *t = l->t;
	uint64_t *to = malloc((t->n_obj + 1) * sizeof(*to));
	uint64_t *size = malloc((t->n_obj + 1) * sizeof(*size));
	char **key = malloc((t->n_obj + 1) * sizeof(*key));
	uint64_t a = 0, b;

	if (to == NULL || size == NULL || key == NULL) {
		free(to);
		free(size);
		free(key);
		return -1;
	}
	for (uint64_t i = 0; i < t->n_obj; i++)
		a += read_first[i] == 1;
	t->prepared = a;
	b = a;
	a = 0;
	for (uint64_t i = 0; i < t->n_obj; i++) {
		if (read_first[i] == 0) {
			free(t->key[i]);
			continue;
		}
		to[i] = read_first[i] == 1 ? a++ : b++;
		size[to[i]] = t->size[i];
		key[to[i]] = t->key[i];
	}
	for (size_t i = 0; i < t->n; i++)
		t->req[i].obj = to[t->req[i].obj];
	free(t->size);
	free(t->key);
	t->size = size;
	t->key = key;
	t->n_obj = b;
	free(to);
	return 0;
}

/* spread: an access log's times are whole seconds: each run of consecutive requests of one
 * second is spread evenly over it, in the log's order. */
static void spread(struct replay_trace *t)
{
	for (size_t i = 0, j; i < t->n; i = j) {
		for (j = i + 1; j < t->n && t->req[j].at_ns == t->req[i].at_ns; j++)
			;
		for (size_t k = i; k < j; k++)
			t->req[k].at_ns += (int64_t)((k - i) * 1000000000 / (j - i));
	}
}

/* choose: keep, offsets and renumber over the requests read. -1 out of memory. */
static int choose(struct load *l)
{
	struct replay_trace *t = l->t;
	unsigned char *read_first = calloc(t->n_obj + 1, 1);
	int rc = -1;

	t->size = calloc(t->n_obj + 1, sizeof(*t->size));
	if (read_first == NULL || t->size == NULL)
		goto done;
	keep(l, read_first);
	if (t->n > 0) {
		offsets(l);
		if (renumber(l, read_first) < 0)
			goto done;
	}
	rc = 0;
done:
	free(read_first);
	return rc;
}

/* ops_text: t->o.ops spelled into t->ops_text. */
static void ops_text(struct replay_trace *t)
{
	static const char *const names[REPLAY_OP_COUNT] = {[REPLAY_PUT] = "put",
							   [REPLAY_GET] = "get",
							   [REPLAY_HEAD] = "head",
							   [REPLAY_DELETE] = "delete"};
	static const enum replay_op order[] = {REPLAY_GET, REPLAY_PUT, REPLAY_HEAD, REPLAY_DELETE};
	size_t n = 0;

	t->ops_text[0] = '\0';
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]) && t->o.ops != 0; i++)
		if (t->o.ops & (1u << order[i]))
			n += (size_t)snprintf(t->ops_text + n, sizeof(t->ops_text) - n, "%s%s",
					      n ? "," : "", names[order[i]]);
}

int replay_load(const char *path, const struct replay_opts *o, struct replay_trace *t,
		struct err *e)
{
	struct load l = {.t = t, .e = e};
	struct stat st;
	uint64_t size;
	int rc = -1;

	memset(t, 0, sizeof(*t));
	if (o != NULL)
		t->o = *o;
	if (!(t->o.speed > 0))
		t->o.speed = 1.0;
	if ((t->path = strdup(path)) == NULL) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	ops_text(t);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) { /* a device or a pipe never ends */
		err_set(e, "%s: not a regular file", path);
		goto done;
	}
	if (digest_file(path, t->digest, &size, e) < 0 ||
	    (t->access_log = accesslog_is(path, e)) < 0 ||
	    (t->access_log ? accesslog_read(path, on_row, on_bad, &l, e)
			   : opslog_read_skip(path, on_row, on_bad, &l, e)) != 0)
		goto done;
	if (t->access_log)
		spread(t);
	if (choose(&l) < 0) {
		err_set(e, "%s: out of memory", path);
		goto done;
	}
	if (t->n == 0) {
		err_set(e,
			"%s: no request to replay (PUT, GET, STAT or DELETE): %llu rows of other "
			"ops, %llu retried or lost attempts, %llu left out by ops or window, %llu "
			"lines that do not read",
			path, (unsigned long long)t->skipped, (unsigned long long)t->attempts,
			(unsigned long long)t->filtered, (unsigned long long)t->bad);
		goto done;
	}
	rc = 0;
done:
	free(l.tab); /* its keys are t->key's */
	return rc;
}

void replay_free(struct replay_trace *t)
{
	for (uint64_t i = 0; t->key != NULL && i < t->n_obj; i++)
		free(t->key[i]);
	free(t->key);
	free(t->req);
	free(t->size);
	free(t->path);
	memset(t, 0, sizeof(*t));
}

int replay_parse_ops(const char *s, unsigned *mask, struct err *e)
{
	static const struct {
		const char *name;
		enum replay_op op;
	} names[] = {{"get", REPLAY_GET},
		     {"put", REPLAY_PUT},
		     {"head", REPLAY_HEAD},
		     {"stat", REPLAY_HEAD},
		     {"delete", REPLAY_DELETE}};
	const char *p = s;

	*mask = 0;
	while (*p != '\0') {
		size_t n, m, i;

		p += strspn(p, " \t"); /* blanks around an item, as in "get, put" */
		n = strcspn(p, ",");
		for (m = n; m > 0 && (p[m - 1] == ' ' || p[m - 1] == '\t'); m--)
			;
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strlen(names[i].name) == m && strncasecmp(p, names[i].name, m) == 0)
				break;
		if (i == sizeof(names) / sizeof(names[0]))
			return err_set(e,
				       "'%.*s' is not an op of a replay (get, put, head, delete)",
				       (int)m, p);
		*mask |= 1u << names[i].op;
		p += n + (p[n] == ',');
	}
	if (*mask == 0)
		return err_set(e, "'%s': no op (get, put, head, delete, comma-separated)", s);
	return 0;
}

/* window_end: one side of a window ("" : none, 0) into *ns. */
static int window_end(const char *s, size_t n, int64_t *ns, struct err *e)
{
	char buf[64];
	double v;

	*ns = 0;
	if (n == 0)
		return 0;
	if (n >= sizeof(buf))
		return err_set(e, "'%.*s...' is not a duration", 20, s);
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (units_parse_duration(buf, &v, e) < 0)
		return -1;
	*ns = (int64_t)(v * 1e9 + 0.5);
	return 0;
}

int replay_parse_window(const char *s, int64_t *from_ns, int64_t *to_ns, struct err *e)
{
	const char *dots = strstr(s, "..");
	struct err own;

	if (dots == NULL)
		return err_set(e,
			       "'%s' is not START..END (durations from the trace's first request, "
			       "either may be left out: 30s..90s, ..1m, 2m..)",
			       s);
	if (window_end(s, (size_t)(dots - s), from_ns, &own) < 0 ||
	    window_end(dots + 2, strlen(dots + 2), to_ns, &own) < 0)
		return err_set(e, "'%s': %s", s, own.msg);
	if (*to_ns > 0 && *to_ns <= *from_ns)
		return err_set(e, "'%s': the end is not after the start", s);
	return 0;
}

int replay_parse_remap(const char *s, int *keep_keys, struct err *e)
{
	if (strcmp(s, "keys") == 0 || strcmp(s, "none") == 0) {
		*keep_keys = s[0] == 'n';
		return 0;
	}
	return err_set(e, "'%s' is not keys or none", s);
}
