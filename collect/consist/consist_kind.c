/* collect/consist/consist_kind.c: one consistency probe of each kind (consist.h;
 * docs/METHODOLOGY.md, "Consistency windows"): the change (after a setup that made the old
 * state visible where the kind needs one), then polls every poll interval, timed from the
 * change's answer, until a poll sees the new state or max_wait passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collect/consist/consist_int.h"
#include "core/timefmt.h"

/* What a poll looks for. */
enum target {
	T_BODY0,    /* GET answers 200 with body 0 */
	T_BODY1,    /* GET answers 200 with body 1 */
	T_ABSENT,   /* GET answers 404 */
	T_LISTED,   /* ListObjectsV2 of the key as prefix names the key */
	T_UNLISTED, /* it does not */
};

/* A GET's body: its first CONSIST_BODY bytes kept. */
struct got {
	unsigned char b[CONSIST_BODY];
	size_t n;
};

static size_t keep(void *arg, const char *data, size_t n)
{
	struct got *g = arg;
	size_t k = n < CONSIST_BODY - g->n ? n : CONSIST_BODY - g->n;

	memcpy(g->b + g->n, data, k);
	g->n += k;
	return n;
}

/* send_one: a with s3_retry's retries of transient failures; a request with no answer stops the
 * probes (x->stopped). Returns the status (0: none; res->error says why). */
static long send_one(struct consist_ctx *x, struct s3_args *a, struct s3_result *res)
{
	struct err e = {{0}};

	if (x->stopped[0] != '\0') {
		memset(res, 0, sizeof(*res));
		snprintf(res->error, sizeof(res->error), "not sent: %s", x->stopped);
		return 0;
	}
	s3_retry(x->r, a, res, &e);
	if (res->status == 0)
		snprintf(x->stopped, sizeof(x->stopped), "%s %s: %s", s3_op_name(a->op), a->key,
			 res->error[0] ? res->error : e.msg);
	return res->status;
}

/* look: one poll of key for t: 1 the new state seen, 0 the old one, -1 a failure (why in
 * p->detail). */
static int look(struct consist_ctx *x, const char *key, enum target t, struct consist_probe *p)
{
	struct s3_args a = {.bucket = x->bucket, .key = key};
	struct s3_result res;
	struct got g = {.n = 0};
	long st;

	if (t == T_LISTED || t == T_UNLISTED) {
		int listed = 0;
		a.op = S3_LIST_OBJECTS;
		a.key = NULL;
		a.prefix = key;
		if ((st = send_one(x, &a, &res)) / 100 != 2)
			goto failed;
		for (size_t i = 0; i < res.n_keys; i++)
			listed |= strcmp(res.keys[i], key) == 0;
		return listed == (t == T_LISTED);
	}
	a.op = S3_GET_OBJECT;
	a.sink = keep;
	a.sink_arg = &g;
	st = send_one(x, &a, &res);
	if (st == 404)
		return t == T_ABSENT;
	if (st / 100 != 2)
		goto failed;
	if (t == T_ABSENT)
		return 0;
	if (g.n == CONSIST_BODY && memcmp(g.b, x->body[t == T_BODY1], CONSIST_BODY) == 0)
		return 1;
	/* the other body: the old state of an overwrite; anything else is no state written */
	if (g.n == CONSIST_BODY && memcmp(g.b, x->body[t != T_BODY1], CONSIST_BODY) == 0)
		return 0;
	snprintf(p->detail, sizeof(p->detail), "GET %s: %zu bytes that neither PUT wrote", key,
		 g.n);
	return -1;
failed:
	snprintf(p->detail, sizeof(p->detail), "%s %s: %s", s3_op_name(a.op), key,
		 res.error[0] ? res.error : "failed");
	return -1;
}

/* sleep_until: CLOCK_MONOTONIC reaches t (ns). */
static void sleep_until(int64_t t)
{
	struct timespec ts = {.tv_sec = (time_t)(t / 1000000000),
			      .tv_nsec = (long)(t % 1000000000)};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0)
		;
}

/* poll_until: key polled for t from t0 (the change's answer, monotonic ns) every poll interval
 * until seen or max_wait passes, into p (outcome, window, stale polls). */
static void poll_until(struct consist_ctx *x, const char *key, enum target t, int64_t t0,
		       struct consist_probe *p)
{
	for (;;) {
		int64_t sent = time_mono_ns();
		int r = look(x, key, t, p);

		if (r < 0) {
			p->outcome = CO_UNTESTED;
			p->window_ns = -1;
			return;
		}
		if (r == 1) {
			p->outcome = p->stale_polls == 0 ? CO_STRONG : CO_STALE;
			p->window_ns = p->stale_polls == 0 ? 0 : sent - t0;
			return;
		}
		p->stale_polls++;
		p->stale_ns = sent - t0;
		if (time_mono_ns() - t0 >= x->o->max_wait_ns) {
			p->outcome = CO_TIMEOUT;
			p->window_ns = x->o->max_wait_ns;
			return;
		}
		sleep_until(sent + x->o->poll_ns);
	}
}

const char *consist_key(const struct consist_ctx *x, enum consist_kind k, unsigned seq, char *buf,
			size_t n)
{
	snprintf(buf, n, "%s%s-%06u", x->prefix, consist_kind_name(k), seq);
	return buf;
}

/* live: the key of x's current probe (kind k) remembered for the cleanup (put 1) or
 * forgotten (put 0: deleted). */
static void live(struct consist_ctx *x, enum consist_kind k, int put)
{
	struct consist_live *v;

	if (!put) {
		if (x->n_live > 0 && x->live[x->n_live - 1].seq == x->seq)
			x->n_live--;
		return;
	}
	if (x->n_live > 0 && x->live[x->n_live - 1].seq == x->seq)
		return;
	if (x->n_live == x->cap_live) {
		size_t cap = x->cap_live ? 2 * x->cap_live : 64;
		if ((v = realloc(x->live, cap * sizeof(*v))) == NULL) {
			x->lost++;
			return;
		}
		x->live = v;
		x->cap_live = cap;
	}
	x->live[x->n_live++] = (struct consist_live){x->seq, k};
}

/* change: a PUT of body `which` (0, 1) or, which -1, a DELETE of key; 0 when it succeeded
 * (*t0 then the monotonic time of its answer), else -1 with p untested. */
static int change(struct consist_ctx *x, enum consist_kind k, const char *key, int which,
		  int64_t *t0, struct consist_probe *p)
{
	struct s3_body b = {.mem = x->body[which < 0 ? 0 : which], .len = CONSIST_BODY};
	struct s3_args a = {.op = which < 0 ? S3_DELETE_OBJECT : S3_PUT_OBJECT,
			    .bucket = x->bucket,
			    .key = key,
			    .body = which < 0 ? NULL : &b};
	struct s3_result res;
	long st = send_one(x, &a, &res);

	*t0 = time_mono_ns();
	if (st / 100 == 2) {
		live(x, k, which >= 0);
		return 0;
	}
	p->outcome = CO_UNTESTED;
	p->window_ns = -1;
	snprintf(p->detail, sizeof(p->detail), "%s %s: %s", s3_op_name(a.op), key,
		 res.error[0] ? res.error : "failed");
	return -1;
}

/* setup: key written with body `which` and its state t seen before the probe's change;
 * 0, or -1 with p untested (a failure, or t not seen within max_wait). */
static int setup(struct consist_ctx *x, enum consist_kind k, const char *key, int which,
		 enum target t, struct consist_probe *p)
{
	int64_t t0;

	if (change(x, k, key, which, &t0, p) < 0)
		return -1;
	poll_until(x, key, t, t0, p);
	if (p->outcome == CO_UNTESTED)
		return -1;
	if (p->outcome == CO_TIMEOUT) {
		snprintf(p->detail, sizeof(p->detail),
			 "the setup's PUT of %s was not seen within max_wait", key);
		p->outcome = CO_UNTESTED;
		p->window_ns = -1;
		return -1;
	}
	memset(p, 0, sizeof(*p));
	return 0;
}

void consist_probe_one(struct consist_ctx *x, enum consist_kind k, struct consist_probe *p)
{
	static const enum target before[CK_COUNT] = {
		[CK_OVERWRITE] = T_BODY0, [CK_DELETE] = T_BODY0, [CK_LIST_DELETE] = T_LISTED};
	static const enum target after[CK_COUNT] = {[CK_NEW_WRITE] = T_BODY0,
						    [CK_OVERWRITE] = T_BODY1,
						    [CK_DELETE] = T_ABSENT,
						    [CK_LIST_CREATE] = T_LISTED,
						    [CK_LIST_DELETE] = T_UNLISTED};
	static const int what[CK_COUNT] = {[CK_NEW_WRITE] = 0,
					   [CK_OVERWRITE] = 1,
					   [CK_DELETE] = -1,
					   [CK_LIST_CREATE] = 0,
					   [CK_LIST_DELETE] = -1};
	char key[400];
	int64_t t0;

	memset(p, 0, sizeof(*p));
	consist_key(x, k, ++x->seq, key, sizeof(key));
	if ((k == CK_OVERWRITE || k == CK_DELETE || k == CK_LIST_DELETE) &&
	    setup(x, k, key, 0, before[k], p) < 0)
		return;
	if (change(x, k, key, what[k], &t0, p) < 0)
		return;
	poll_until(x, key, after[k], t0, p);
}
