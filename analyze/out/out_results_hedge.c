/* analyze/out/out_results_hedge.c: hedge[] of aggregate.json assembled from `analyze
 * --hedge`'s what-if (analyze/cells/hedge_cells.h; see out_results.h). */
#include "analyze/out/out_results.h"

#include <math.h>
#include <stdlib.h>

/* at: one threshold's what-if. */
static void at(const struct hedge_at *h, struct results_hedge_at *x, int *ok)
{
	x->threshold = out_dup(h->name, ok);
	x->t_ms = h->t_ms;
	x->p99_ms = h->p99_ms;
	x->p999_ms = h->p999_ms;
	x->extra = h->extra;
}

/* live: a live-hedged cell's measure and its point's what-if at its threshold. */
static void live(const struct hedge_cell *h, struct results_hedge *x, int *ok)
{
	struct results_hedge_live *l = calloc(1, sizeof(*l));

	if ((x->live = l) == NULL) {
		*ok = 0;
		return;
	}
	l->threshold_ms = h->threshold_ms;
	l->hedged = h->hedged;
	l->won_by_duplicate = h->won_by_duplicate;
	l->extra = h->requests ? (double)h->hedged / (double)h->requests : NAN;
	if (h->whatif_at == NULL)
		return;
	if ((l->whatif = calloc(1, sizeof(*l->whatif))) == NULL)
		*ok = 0;
	else
		at(h->whatif_at, l->whatif, ok);
}

static void one(const struct hedge_cell *h, struct results_hedge *x, int *ok)
{
	const struct agg_cell *c = h->cell;

	x->subject = (int)c->subject;
	x->op = out_dup(c->op, ok);
	x->size = c->size;
	x->concurrency = c->concurrency;
	x->size_spec = out_dup(c->size_spec, ok);
	x->range = out_dup(c->range, ok);
	x->hedge = out_dup(c->hedge, ok);
	x->rate = c->rate > 0 ? c->rate : NAN;
	x->requests = h->requests;
	x->p99_supported = h->p99_supported;
	x->p999_supported = h->p999_supported;
	x->p50_ms = h->p50_ms;
	x->p95_ms = h->p95_ms;
	x->p99_ms = h->p99_ms;
	x->p999_ms = h->p999_ms;
	x->new_connections = (long long)h->setups;
	x->new_connection_ms = h->setup_ms;
	if ((x->at = calloc(h->n_at + 1, sizeof(*x->at))) == NULL) {
		*ok = 0;
		return;
	}
	x->n_at = h->n_at;
	for (size_t i = 0; i < h->n_at; i++)
		at(&h->at[i], &x->at[i], ok);
	if (h->live)
		live(h, x, ok);
}

void out_hedges(const struct hedge_list *l, struct results *doc, int *ok)
{
	size_t n = l != NULL ? l->n : 0;

	if ((doc->hedge = calloc(n + 1, sizeof(*doc->hedge))) == NULL) {
		*ok = 0;
		return;
	}
	doc->n_hedge = n;
	for (size_t i = 0; i < n; i++)
		one(&l->v[i], &doc->hedge[i], ok);
}
