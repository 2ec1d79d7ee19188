/* analyze/claims/claim_list.c: see claim_list.h. */
#include "analyze/claims/claim_list.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/workload_cells.h"

#define CLAIM_ID_MAX 512

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
	if (c->rate > 0)
		snprintf(k.extra, sizeof(k.extra), "r%g", c->rate);
	else if (c->mix != NULL)
		snprintf(k.extra, sizeof(k.extra), "mix");
	else if (c->size_spec != NULL)
		snprintf(k.extra, sizeof(k.extra), "dist");
	else if (c->range != NULL)
		snprintf(k.extra, sizeof(k.extra), "range");
	return k;
}

/* put: "/" and s at the end of id (n bytes) when s is not empty. */
static void put(char *id, size_t n, const char *s)
{
	size_t len = strlen(id);

	if (s != NULL && *s && len + 1 < n)
		snprintf(id + len, n - len, "%s%s", len ? "/" : "", s);
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
	char id[CLAIM_ID_MAX] = "", part[64];
	size_t len;

	put(id, sizeof(id), k->kind);
	put(id, sizeof(id), k->tag);
	put(id, sizeof(id), k->op);
	snprintf(part, sizeof(part), "%lld", k->size);
	put(id, sizeof(id), k->size >= 0 ? part : NULL);
	snprintf(part, sizeof(part), "c%d", k->concurrency);
	put(id, sizeof(id), k->concurrency >= 0 ? part : NULL);
	put(id, sizeof(id), k->subject >= 0 ? a->subjects[k->subject].id : NULL);
	put(id, sizeof(id), k->extra);
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
	struct claim *c;

	if (l->failed)
		return -1;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		struct claim *v = realloc(l->v, cap * sizeof(*v));

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

struct claim *claims_last(struct claim_list *l)
{
	return l->failed || l->n == 0 ? NULL : &l->v[l->n - 1];
}

void claims_also(struct claim_list *l, int s)
{
	struct claim *c = claims_last(l);
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
	struct claim *c = claims_last(l);
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

/* figure: a new figure name on the last claim; NULL when there is none or memory runs out. */
static struct claim_figure *figure(struct claim_list *l, const char *name)
{
	struct claim *c = claims_last(l);
	struct claim_figure *v, *f;

	if (c == NULL)
		return NULL;
	v = realloc(c->figures, (c->n_figures + 1) * sizeof(*v));
	if (v == NULL) {
		fail(l);
		return NULL;
	}
	c->figures = v;
	f = &v[c->n_figures];
	*f = (struct claim_figure){.num = NAN, .name = strdup(name)};
	if (f->name == NULL) {
		fail(l);
		return NULL;
	}
	c->n_figures++;
	return f;
}

void claims_num(struct claim_list *l, const char *name, double v)
{
	struct claim_figure *f = figure(l, name);

	if (f != NULL)
		f->num = v;
}

void claims_text(struct claim_list *l, const char *name, const char *text)
{
	struct claim_figure *f = figure(l, name);

	if (f != NULL && text != NULL && (f->text = strdup(text)) == NULL)
		fail(l);
}

const struct claim *claims_find(const struct claim_list *l, const char *id)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].id != NULL && strcmp(l->v[i].id, id) == 0)
			return &l->v[i];
	return NULL;
}

const struct claim_figure *claims_figure(const struct claim *c, const char *name)
{
	for (size_t i = 0; i < c->n_figures; i++)
		if (strcmp(c->figures[i].name, name) == 0)
			return &c->figures[i];
	return NULL;
}

void claims_free(struct claim_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		struct claim *c = &l->v[i];

		free(c->id);
		free(c->kind);
		free(c->verdict);
		free(c->op);
		free(c->subjects);
		for (size_t k = 0; k < c->n_reasons; k++)
			free(c->reasons[k]);
		free(c->reasons);
		for (size_t k = 0; k < c->n_figures; k++) {
			free(c->figures[k].name);
			free(c->figures[k].text);
		}
		free(c->figures);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
