/* analyze/claims/claim_list.c: see claim_list.h. */
#include "analyze/claims/claim_list.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/workload_cells.h"

struct claim_key claim_key_of(const char *kind)
{
	return (struct claim_key){.kind = kind, .size = -1, .concurrency = -1, .subject = -1};
}

struct claim_key claim_key_cell(const char *kind, const struct agg_cell *c)
{
	struct claim_key k = claim_key_of(kind);

	k.op = c->op;
	k.size = (long long)c->size;
	k.concurrency = c->concurrency;
	k.subject = (int)c->subject;
	results_claim_extra(k.extra, sizeof(k.extra), c->rate, c->mix != NULL, c->size_spec != NULL,
			    c->range != NULL);
	return k;
}

static int id_taken(const struct claim_list *l, const char *id)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].id != NULL && strcmp(l->v[i].id, id) == 0)
			return 1;
	return 0;
}

/* make_id: k's id (unique in l) as a new string; NULL when memory runs out. */
static char *make_id(const struct claim_list *l, const struct aggregate *a,
		     const struct claim_key *k)
{
	char id[RESULTS_CLAIM_ID_MAX];
	size_t len;

	results_claim_id(id, sizeof(id), k->kind, k->tag, k->op, k->size, k->concurrency,
			 k->subject >= 0 ? a->subjects[k->subject].id : NULL, k->extra);
	len = strlen(id);
	for (int dup = 2; id_taken(l, id) && len + 12 < sizeof(id); dup++)
		snprintf(id + len, sizeof(id) - len, "/%d", dup);
	return strdup(id);
}

static void fail(struct claim_list *l)
{
	l->failed = 1;
}

int claims_add(struct claim_list *l, const struct aggregate *a, const struct claim_key *k,
	       const char *verdict)
{
	struct results_claim *c;

	if (l->failed)
		return -1;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		struct results_claim *v = realloc(l->v, cap * sizeof(*v));

		if (v == NULL) {
			fail(l);
			return -1;
		}
		l->v = v;
		l->cap = cap;
	}
	c = &l->v[l->n];
	memset(c, 0, sizeof(*c));
	c->size = k->size;
	c->concurrency = k->concurrency;
	c->subject = k->subject;
	c->id = make_id(l, a, k);
	c->kind = strdup(k->kind);
	c->verdict = strdup(verdict);
	c->op = k->op != NULL ? strdup(k->op) : NULL;
	l->n++; /* claims_free frees what was allocated */
	if (c->id == NULL || c->kind == NULL || c->verdict == NULL ||
	    (k->op != NULL && c->op == NULL)) {
		fail(l);
		return -1;
	}
	return 0;
}

struct results_claim *claims_last(struct claim_list *l)
{
	return l->failed || l->n == 0 ? NULL : &l->v[l->n - 1];
}

void claims_also(struct claim_list *l, int s)
{
	struct results_claim *c = claims_last(l);
	int *v;

	if (c == NULL)
		return;
	for (size_t i = 0; i < c->n_subjects; i++)
		if (c->subjects[i] == s)
			return;
	v = realloc(c->subjects, (c->n_subjects + 1) * sizeof(*v));
	if (v == NULL) {
		fail(l);
		return;
	}
	c->subjects = v;
	c->subjects[c->n_subjects++] = s;
}

void claims_reason(struct claim_list *l, const char *r)
{
	struct results_claim *c = claims_last(l);
	char **v;

	if (c == NULL || r == NULL)
		return;
	for (size_t i = 0; i < c->n_reasons; i++)
		if (strcmp(c->reasons[i], r) == 0)
			return;
	v = realloc(c->reasons, (c->n_reasons + 1) * sizeof(*v));
	if (v == NULL) {
		fail(l);
		return;
	}
	c->reasons = v;
	if ((c->reasons[c->n_reasons] = strdup(r)) == NULL) {
		fail(l);
		return;
	}
	c->n_reasons++;
}

void claims_reason_bits(struct claim_list *l, unsigned reasons)
{
	for (unsigned bit = 1; bit <= WL_R_LATE_SENDS; bit <<= 1)
		if (reasons & bit)
			claims_reason(l, workload_cells_reason_name(bit));
}

/* figure_on: a new figure name on claim c of l; NULL when c is NULL or memory runs out. */
static struct results_claim_figure *figure_on(struct claim_list *l, struct results_claim *c,
					      const char *name)
{
	struct results_claim_figure *v, *f;

	if (c == NULL)
		return NULL;
	v = realloc(c->figures, (c->n_figures + 1) * sizeof(*v));
	if (v == NULL) {
		fail(l);
		return NULL;
	}
	c->figures = v;
	f = &v[c->n_figures];
	*f = (struct results_claim_figure){.num = NAN, .name = strdup(name)};
	if (f->name == NULL) {
		fail(l);
		return NULL;
	}
	c->n_figures++;
	return f;
}

/* figure: a new figure name on the last claim; NULL when there is none or memory runs out. */
static struct results_claim_figure *figure(struct claim_list *l, const char *name)
{
	return figure_on(l, claims_last(l), name);
}

void claims_num(struct claim_list *l, const char *name, double v)
{
	struct results_claim_figure *f = figure(l, name);

	if (f != NULL)
		f->num = v;
}

void claims_num_at(struct claim_list *l, size_t i, const char *name, double v)
{
	struct results_claim_figure *f = figure_on(l, l->failed || i >= l->n ? NULL : &l->v[i],
						   name);

	if (f != NULL)
		f->num = v;
}

void claims_text(struct claim_list *l, const char *name, const char *text)
{
	struct results_claim_figure *f = figure(l, name);

	if (f != NULL && text != NULL && (f->text = strdup(text)) == NULL)
		fail(l);
}

const struct results_claim *claims_find(const struct claim_list *l, const char *id)
{
	return results_claim_find(l->v, l->n, id);
}

void claims_free(struct claim_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		results_claim_free(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

int claim_subject_of(const struct aggregate *a, const char *id)
{
	for (size_t i = 0; id != NULL && i < a->n_subjects; i++)
		if (a->subjects[i].id != NULL && strcmp(a->subjects[i].id, id) == 0)
			return (int)i;
	return -1;
}
