/* collect/engine/hedge.c: see hedge.h. */
#include "collect/engine/hedge.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/engine/engine_int.h"
#include "core/opslog.h"
#include "core/summary.h"

int hedge_init(struct eng *g, struct err *e)
{
	struct hedge *h = &g->hedge;

	memset(h, 0, sizeof(*h));
	atomic_init(&h->t_ns, 0);
	atomic_init(&h->done_warm, 0);
	h->p50_ms = NAN;
	if (g->phase != ENG_PHASE_BENCH || g->wl->op != WL_GET ||
	    g->wl->hedge.kind == WL_HEDGE_NONE)
		return 0;
	h->on = 1;
	h->warm = malloc(WL_HEDGE_WARMUP * sizeof(*h->warm));
	if (h->warm == NULL)
		return err_set(e, "engine: hedge: out of memory");
	pthread_mutex_init(&h->lock, NULL);
	h->lock_ok = 1;
	for (int i = 0; i < g->nworkers; i++) {
		struct worker *w = &g->w[i];
		CURL *c;

		if ((w->hreq = s3_req_new(g->o->client, e)) == NULL)
			return err_prefix(e, "engine: hedge");
		s3_req_set_user(w->hreq, w);
		c = s3_req_easy(w->hreq);
		curl_easy_setopt(c, CURLOPT_FRESH_CONNECT, 1L);
		curl_easy_setopt(c, CURLOPT_FORBID_REUSE, 1L);
	}
	return 0;
}

void hedge_fini(struct eng *g)
{
	struct hedge *h = &g->hedge;

	for (int i = 0; h->on && g->w != NULL && i < g->nworkers; i++) {
		s3_req_free(g->w[i].hreq);
		g->w[i].hreq = NULL;
	}
	free(h->warm);
	h->warm = NULL;
	if (h->lock_ok)
		pthread_mutex_destroy(&h->lock);
	h->lock_ok = 0;
}

void hedge_arm(struct eng *g, struct worker *w, int64_t now)
{
	int64_t t = g->hedge.on ? atomic_load(&g->hedge.t_ns) : 0;

	w->hedge_due = t > 0 ? now + t : 0;
	w->hedge_sent = 0;
}

/* launch: send w's duplicate; 0 when it is in flight (or could not be: then none). */
static int launch(struct eng *g, struct worker *w, CURLM *m)
{
	struct err e = {{0}};

	w->hedge_due = 0;
	if (eng_stopped(g) || s3_req_setup(w->hreq, &w->args, &e) != 0 ||
	    curl_multi_add_handle(m, s3_req_easy(w->hreq)) != CURLM_OK)
		return -1;
	w->hedge_sent = 1;
	return 0;
}

int64_t hedge_release(struct eng *g, int first, int last, CURLM *m, int64_t now, int *active)
{
	int64_t next = 0;

	if (!g->hedge.on)
		return 0;
	for (int i = first; i < last; i++) {
		struct worker *w = &g->w[i];

		if (!w->busy || w->hedge_due == 0)
			continue;
		if (w->hedge_due <= now) {
			if (launch(g, w, m) == 0)
				(*active)++;
		} else if (next == 0 || w->hedge_due < next) {
			next = w->hedge_due;
		}
	}
	return next;
}

/* lost_row: the cancelled attempt's row (no request: eng_row and the summary skip it). */
static void lost_row(struct eng *g, struct worker *w, const struct s3_result *res)
{
	w->row_hedge = OPS_HEDGE_LOST;
	w->row_res = res;
	eng_row(g, w, "GET", 1, 0, w->key.p != NULL ? w->key.p : "", res->error, res->cls,
		res->start_ns, res->first_byte_ns, res->last_byte_ns, res->end_ns);
	w->row_res = NULL;
}

void hedge_settle(struct eng *g, struct worker *w, struct s3_req *r, CURLcode cc, CURLM *m,
		  int *active)
{
	struct s3_req *other = r == w->hreq ? w->req : w->hreq;
	struct s3_result lost;

	w->hedge_due = 0;
	w->row_hedge = OPS_HEDGE_NONE;
	if (!w->hedge_sent) {
		s3_req_finish(r, cc, &w->res);
		return;
	}
	w->hedge_sent = 0;
	curl_multi_remove_handle(m, s3_req_easy(other));
	(*active)--;
	s3_req_cancel(other, &lost);
	lost_row(g, w, &lost);
	s3_req_finish(r, cc, &w->res);
	if (r == w->hreq) {
		/* the application saw the request from the original's start; the phases are
		 * the duplicate's own and would not add up to that: none */
		w->res.start_ns = lost.start_ns;
		w->res.ph.valid = 0;
		w->row_hedge = OPS_HEDGE_DUP;
	} else {
		w->row_hedge = OPS_HEDGE_ORIG;
	}
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return (a > b) - (a < b);
}

/* rank: the q-quantile of the sorted v[0..n-1], nearest rank. */
static int64_t rank(const int64_t *v, size_t n, double q)
{
	double x = q * (double)n;
	size_t k = (size_t)ceil(x - x * 1e-12);

	return v[(k < 1 ? 1 : k > n ? n : k) - 1];
}

/* warm_done: the warm-up's answers (lock held, all in): the threshold, or the refusal. */
static void warm_done(struct eng *g)
{
	struct hedge *h = &g->hedge;
	const struct wl_hedge *wh = &g->wl->hedge;
	int64_t t;

	qsort(h->warm, h->n_warm, sizeof(*h->warm), cmp_i64);
	h->p50_ms = (double)rank(h->warm, h->n_warm, 0.5) / 1e6;
	if (wh->kind == WL_HEDGE_FIXED) {
		t = (int64_t)(wh->ms * 1e6);
		h->refused = wh->ms < h->p50_ms;
	} else {
		t = rank(h->warm, h->n_warm, wh->kind == WL_HEDGE_P95 ? 0.95 : 0.99);
	}
	if (!h->refused)
		atomic_store(&h->t_ns, t > 0 ? t : 1);
	atomic_store(&h->done_warm, 1);
}

void hedge_note(struct eng *g, const struct s3_result *res)
{
	struct hedge *h = &g->hedge;

	if (!h->on || atomic_load(&h->done_warm) || res->cls != EC_NONE)
		return;
	pthread_mutex_lock(&h->lock);
	if (!atomic_load(&h->done_warm) && h->n_warm < WL_HEDGE_WARMUP) {
		h->warm[h->n_warm++] = res->end_ns - res->start_ns;
		if (h->n_warm == WL_HEDGE_WARMUP)
			warm_done(g);
	}
	pthread_mutex_unlock(&h->lock);
}

void hedge_abandon(struct worker *w, CURLM *m)
{
	if (w->hreq != NULL && w->hedge_sent)
		curl_multi_remove_handle(m, s3_req_easy(w->hreq));
	w->hedge_sent = 0;
	w->hedge_due = 0;
}

void hedge_result(const struct eng *g, struct run_summary *s)
{
	const struct hedge *h = &g->hedge;
	int64_t t = atomic_load(&h->t_ns);

	if (!h->on)
		return;
	s->has_hedge = 1;
	snprintf(s->hedge.threshold, sizeof(s->hedge.threshold), "%s", g->wl->hedge.spec);
	s->hedge.threshold_ms = t > 0 ? (double)t / 1e6 : NAN;
	s->hedge.refused = h->refused;
	s->hedge.warm_p50_ms = h->p50_ms;
	s->hedge.requests = s->requests;
	s->hedge.extra = s->requests ? (double)s->hedge.hedged / (double)s->requests : 0;
}
