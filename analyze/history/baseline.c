/* analyze/history/baseline.c: see baseline.h. */
#include "analyze/history/baseline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/compare.h"

/* One cell of either side. Strings point into its document. */
struct side_cell {
	const char *subject, *op;
	uint64_t size;
	int conc;
	double *v; /* the valid runs' figures (> 0), owned */
	size_t n;
	double value;     /* the cell's own figure (policy), NaN when null */
	double pooled[2]; /* latency_ms.pooled p50, p99 (histogram); NaN: none */
	double mean[2];   /* latency_ms p50, p99 (means of the runs'); NaN: none */
	int matched;
};

struct side {
	struct side_cell *c;
	size_t n;
};

int baseline_load(const char *results_dir, const char *source, struct baseline *b, struct err *e)
{
	size_t len = strlen(results_dir) + sizeof("/aggregate.json");

	memset(b, 0, sizeof(*b));
	b->path = malloc(len);
	if (b->path == NULL)
		return err_set(e, "out of memory");
	snprintf(b->path, len, "%s/aggregate.json", results_dir);
	if ((b->source = strdup(source ? source : b->path)) == NULL) {
		baseline_clear(b);
		return err_set(e, "out of memory");
	}
	if (results_read(b->path, &b->doc, e) < 0) {
		baseline_clear(b);
		return -1;
	}
	return 0;
}

void baseline_clear(struct baseline *b)
{
	free(b->path);
	free(b->source);
	results_free(&b->doc);
	memset(b, 0, sizeof(*b));
}

/* side_read: the cells of a document (its strings borrowed). */
static int side_read(const struct results *doc, struct side *s, struct err *e)
{
	s->c = calloc(doc->n_cells + 1, sizeof(*s->c));
	if (s->c == NULL)
		return err_set(e, "baseline: out of memory");
	s->n = doc->n_cells;
	for (size_t i = 0; i < doc->n_cells; i++) {
		const struct results_cell *c = &doc->cells[i];
		const struct results_pooled *pool = &c->latency_ms.pooled;
		int hist = pool->source == RESULTS_POOL_HISTOGRAM;
		struct side_cell *d = &s->c[i];

		d->subject = results_subject_id(doc, c->subject);
		d->op = c->op;
		d->size = c->size;
		d->conc = c->concurrency;
		d->value = c->size == 0 ? c->obj_s.value : c->mib_s.value;
		d->mean[0] = c->latency_ms.p50;
		d->mean[1] = c->latency_ms.p99;
		d->pooled[0] = hist ? pool->p50 : NAN;
		d->pooled[1] = hist ? pool->p99 : NAN;
		d->v = calloc(c->n_runs + 1, sizeof(*d->v));
		if (d->v == NULL)
			return err_set(e, "baseline: out of memory");
		for (size_t j = 0; j < c->n_runs; j++) {
			double v = c->size == 0 ? c->runs[j].obj_s : c->runs[j].mib_s;

			if (c->runs[j].included && isfinite(v) && v > 0)
				d->v[d->n++] = v;
		}
	}
	return 0;
}

static void side_free(struct side *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->c[i].v);
	free(s->c);
}

static int same_cell(const struct side_cell *a, const struct side_cell *b)
{
	return strcmp(a->subject, b->subject) == 0 && strcmp(a->op, b->op) == 0 &&
	       a->size == b->size && a->conc == b->conc;
}

/* key: the record's key of cell c. */
static void key(const struct side_cell *c, struct results_cell_key *k, int *ok)
{
	k->subject = strdup(c->subject);
	k->op = strdup(c->op);
	k->size = c->size;
	k->concurrency = c->conc;
	if (k->subject == NULL || k->op == NULL)
		*ok = 0;
}

/* lat_change: latency p50/p99 old, new and new/old; pooled percentiles when both
 * sides have them, else the means of the runs' own percentiles (basis says which). */
static void lat_change(const struct side_cell *n, const struct side_cell *o,
		       struct results_change *x, int *ok)
{
	int pooled = isfinite(n->pooled[0]) && isfinite(o->pooled[0]);
	const double *nv = pooled ? n->pooled : n->mean, *ov = pooled ? o->pooled : o->mean;
	struct results_latency_change *v[] = {&x->p50, &x->p99};

	for (size_t k = 0; k < 2; k++)
		v[k]->old = v[k]->new_ = v[k]->ratio = NAN;
	if (!isfinite(nv[0]) || !isfinite(ov[0]))
		return;
	if ((x->latency_basis = strdup(pooled ? "pooled" : "run-mean")) == NULL)
		*ok = 0;
	for (size_t k = 0; k < 2; k++) {
		v[k]->old = ov[k];
		v[k]->new_ = nv[k];
		v[k]->ratio = ov[k] > 0 ? nv[k] / ov[k] : NAN;
	}
}

/* One compared cell. */
struct pair {
	const struct side_cell *n, *o;
	struct compare_test t;
};

static void change(const struct pair *p, const struct compare_adjusted *adj, double alpha,
		   struct results_change *x, int *ok)
{
	int tested = p->t.test != NULL;

	key(p->n, &x->key, ok);
	x->by_obj = p->n->size == 0;
	x->old = p->o->value;
	x->new_ = p->n->value;
	x->n_old = (long long)p->o->n;
	x->n_new = (long long)p->n->n;
	x->ratio = tested ? p->t.ratio : NAN;
	x->ci_lo = tested ? p->t.lo : NAN;
	x->ci_hi = tested ? p->t.hi : NAN;
	x->adj_lo = adj->lo;
	x->adj_hi = adj->hi;
	x->adj_level = 1 - alpha;
	x->p = tested ? p->t.p : NAN;
	x->p_adj = adj->p_adj;
	x->test = tested ? strdup(p->t.test) : NULL;
	x->significant = adj->significant;
	x->change = !adj->significant ? NULL
		    : p->t.ratio < 1  ? strdup("regression")
				      : strdup("improvement");
	x->note = tested ? NULL : strdup("not enough runs");
	if ((tested && x->test == NULL) || (adj->significant && x->change == NULL) ||
	    (!tested && x->note == NULL))
		*ok = 0;
	lat_change(p->n, p->o, x, ok);
}

/* pairs_of: every cell of nw with its match in old (marked matched on both sides). */
static struct pair *pairs_of(struct side *nw, struct side *old, size_t *np)
{
	struct pair *v = calloc(nw->n ? nw->n : 1, sizeof(*v));

	*np = 0;
	if (v == NULL)
		return NULL;
	for (size_t i = 0; i < nw->n; i++)
		for (size_t j = 0; j < old->n; j++) {
			if (old->c[j].matched || !same_cell(&nw->c[i], &old->c[j]))
				continue;
			nw->c[i].matched = old->c[j].matched = 1;
			v[*np].n = &nw->c[i];
			v[*np].o = &old->c[j];
			compare_welch_log(nw->c[i].v, nw->c[i].n, old->c[j].v, old->c[j].n,
					  COMPARE_CONFIDENCE, &v[*np].t);
			(*np)++;
			break;
		}
	return v;
}

/* unmatched: the cells of s on its side only, into *k and *n. */
static void unmatched(const struct side *s, struct results_cell_key **k, size_t *n, int *ok)
{
	if ((*k = calloc(s->n + 1, sizeof(**k))) == NULL) {
		*ok = 0;
		return;
	}
	for (size_t i = 0; i < s->n; i++)
		if (!s->c[i].matched)
			key(&s->c[i], &(*k)[(*n)++], ok);
}

/* head: what the comparison is against and how it is made. */
static void head(const struct baseline *b, double alpha, long long family,
		 struct results_baseline *x, int *ok)
{
	const struct results *old = &b->doc;

	x->source = strdup(b->source);
	x->generated = old->generated ? strdup(old->generated) : NULL;
	x->campaign = old->campaign.name ? strdup(old->campaign.name) : NULL;
	x->test = strdup("welch");
	x->scale = strdup("log");
	x->confidence = COMPARE_CONFIDENCE;
	x->alpha = alpha;
	x->adjust = strdup("bonferroni");
	x->family = family;
	if (x->source == NULL || (old->generated && x->generated == NULL) ||
	    (old->campaign.name && x->campaign == NULL) || x->test == NULL || x->scale == NULL ||
	    x->adjust == NULL)
		*ok = 0;
}

int baseline_build(const struct results *nw, const struct baseline *b, double alpha,
		   struct results_baseline **out, size_t *n_sig, struct err *e)
{
	struct side sn = {0}, so = {0};
	struct pair *pairs = NULL;
	struct results_baseline *x = NULL;
	size_t np = 0, sig = 0, family = 0;
	int ok = 1, rc = -1;

	*out = NULL;
	if (side_read(nw, &sn, e) < 0 || side_read(&b->doc, &so, e) < 0)
		goto done;
	if ((pairs = pairs_of(&sn, &so, &np)) == NULL || (x = calloc(1, sizeof(*x))) == NULL ||
	    (x->cells = calloc(np + 1, sizeof(*x->cells))) == NULL) {
		err_set(e, "baseline: out of memory");
		goto done;
	}
	for (size_t i = 0; i < np; i++)
		family += pairs[i].t.test != NULL && isfinite(pairs[i].t.p);
	head(b, alpha, (long long)family, x, &ok);
	for (size_t i = 0; i < np; i++) {
		struct compare_adjusted adj;

		compare_adjust_test(&pairs[i].t, family, alpha, &adj);
		sig += adj.significant;
		change(&pairs[i], &adj, alpha, &x->cells[x->n_cells++], &ok);
	}
	x->significant = (long long)sig;
	unmatched(&sn, &x->only_new, &x->n_only_new, &ok);
	unmatched(&so, &x->only_old, &x->n_only_old, &ok);
	if (!ok) {
		err_set(e, "baseline: out of memory");
		goto done;
	}
	*out = x;
	x = NULL;
	if (n_sig)
		*n_sig = sig;
	rc = 0;
done:
	if (x != NULL)
		results_baseline_free(x);
	free(x);
	free(pairs);
	side_free(&sn);
	side_free(&so);
	return rc;
}
