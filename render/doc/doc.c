/* render/doc/doc.c: see doc.h. */
#include "render/doc/doc.h"
#include "render/doc/doc_attach.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dupe(struct doc *d, const char *s)
{
	char *r = strdup(s ? s : "");
	if (r == NULL)
		d->oom = 1;
	return r;
}

struct doc *doc_new(const char *lang, const char *title, const char *subtitle, const char *meta)
{
	struct doc *d = calloc(1, sizeof(*d));
	if (d == NULL)
		return NULL;
	d->lang = dupe(d, lang);
	d->title = dupe(d, title);
	d->subtitle = dupe(d, subtitle);
	d->meta = dupe(d, meta);
	d->toc = dupe(d, "Contents");
	d->page = dupe(d, "{n} / {total}");
	if (d->oom) {
		doc_free(d);
		return NULL;
	}
	return d;
}

static void free_cell(struct doc_cell *c)
{
	free(c->text);
	free(c->note);
	free(c->claim);
	free(c->lead);
}

static void free_table(struct doc_table *t)
{
	if (t == NULL)
		return;
	for (size_t i = 0; i < t->ncols; i++)
		free_cell(&t->head[i]);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t i = 0; i < t->ncols; i++)
			free_cell(&t->rows[r][i]);
		free(t->rows[r]);
	}
	free(t->head);
	free(t->rows);
	free(t->widths);
	free(t->id);
	free(t->caption);
	free(t->foot);
	free(t);
}

void doc_free(struct doc *d)
{
	if (d == NULL)
		return;
	for (size_t i = 0; i < d->nblocks; i++) {
		struct doc_block *b = &d->blocks[i];
		free(b->id);
		free(b->text);
		for (size_t k = 0; k < b->nitems; k++)
			free(b->items[k]);
		free(b->items);
		for (size_t k = 0; b->claims != NULL && k < (b->kind == BLK_LIST ? b->nitems : 1);
		     k++)
			free(b->claims[k]);
		free(b->claims);
		free_table(b->table);
		for (size_t k = 0; k < b->nscenes; k++)
			scene_free(b->scenes[k]);
		free(b->scenes);
	}
	free(d->blocks);
	doc_attach_free(d);
	free(d->lang);
	free(d->title);
	free(d->subtitle);
	free(d->meta);
	free(d->toc);
	free(d->page);
	free(d->claims_json);
	free(d->headline_ids);
	free(d);
}

static struct doc_block *add(struct doc *d, enum blk_kind kind)
{
	struct doc_block *b = realloc(d->blocks, (d->nblocks + 1) * sizeof(*b));
	if (b == NULL) {
		d->oom = 1;
		return NULL;
	}
	d->blocks = b;
	b = &d->blocks[d->nblocks++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	return b;
}

void doc_heading(struct doc *d, int level, const char *id, const char *text)
{
	struct doc_block *b = add(d, BLK_HEADING);
	if (b == NULL)
		return;
	b->level = level;
	b->id = dupe(d, id);
	b->text = dupe(d, text);
}

void doc_para(struct doc *d, const char *text, int lead)
{
	struct doc_block *b = add(d, BLK_PARA);
	if (b == NULL)
		return;
	b->text = dupe(d, text);
	b->lead = lead;
}

/* dupe_or_null: a copy of s, NULL for NULL or "". */
static char *dupe_or_null(struct doc *d, const char *s)
{
	return s != NULL && *s ? dupe(d, s) : NULL;
}

void doc_para_claim(struct doc *d, const char *text, const char *claim)
{
	doc_para(d, text, 0);
	if (d->oom || claim == NULL || !*claim)
		return;
	struct doc_block *b = &d->blocks[d->nblocks - 1];
	if ((b->claims = calloc(1, sizeof(*b->claims))) == NULL) {
		d->oom = 1;
		return;
	}
	b->claims[0] = dupe_or_null(d, claim);
}

void doc_list_claims(struct doc *d, const char *const *items, const char *const *claims, size_t n,
		     int lead)
{
	struct doc_block *b = add(d, BLK_LIST);
	if (b == NULL)
		return;
	b->lead = lead;
	b->items = calloc(n + 1, sizeof(*b->items));
	if (b->items == NULL ||
	    (claims && (b->claims = calloc(n + 1, sizeof(*b->claims))) == NULL)) {
		d->oom = 1;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		b->items[i] = dupe(d, items[i]);
		if (claims)
			b->claims[i] = dupe_or_null(d, claims[i]);
	}
	b->nitems = n;
}

void doc_list(struct doc *d, const char *const *items, size_t n, int lead)
{
	doc_list_claims(d, items, NULL, n, lead);
}

void doc_claims(struct doc *d, const char *json, const char *headline_ids)
{
	free(d->claims_json);
	free(d->headline_ids);
	d->claims_json = dupe_or_null(d, json);
	d->headline_ids = dupe_or_null(d, headline_ids);
}

void doc_charts(struct doc *d, struct scene **scenes, size_t n, int per_row)
{
	struct doc_block *b = add(d, BLK_CHARTS);
	if (b == NULL) {
		for (size_t i = 0; i < n; i++)
			scene_free(scenes[i]);
		return;
	}
	b->per_row = per_row < 1 ? 1 : per_row;
	b->scenes = calloc(n + 1, sizeof(*b->scenes));
	if (b->scenes == NULL) {
		d->oom = 1;
		for (size_t i = 0; i < n; i++)
			scene_free(scenes[i]);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (scenes[i])
			b->scenes[b->nscenes++] = scenes[i];
}

struct doc_table *doc_table(struct doc *d, const char *id, const char *caption, size_t ncols)
{
	struct doc_table *t = calloc(1, sizeof(*t));
	struct doc_block *b;
	if (t == NULL || (t->head = calloc(ncols, sizeof(*t->head))) == NULL ||
	    (t->widths = calloc(ncols, sizeof(*t->widths))) == NULL ||
	    (b = add(d, BLK_TABLE)) == NULL) {
		if (t) {
			free(t->head);
			free(t->widths);
		}
		free(t);
		d->oom = 1;
		return NULL;
	}
	t->doc = d;
	t->ncols = ncols;
	t->id = dupe(d, id);
	t->caption = dupe(d, caption);
	for (size_t i = 0; i < ncols; i++)
		t->widths[i] = 1;
	b->table = t;
	return t;
}

static void set_cell(struct doc_table *t, struct doc_cell *c, const char *text, unsigned flags,
		     const char *note, const char *color)
{
	free_cell(c);
	c->claim = c->lead = NULL;
	c->text = dupe(t->doc, text);
	c->note = note && *note ? dupe(t->doc, note) : NULL;
	c->flags = flags;
	snprintf(c->color, sizeof(c->color), "%s", color ? color : "");
}

void doc_table_head(struct doc_table *t, size_t i, const char *text, double width)
{
	if (t == NULL || i >= t->ncols)
		return;
	set_cell(t, &t->head[i], text, CELL_HEAD, NULL, NULL);
	t->widths[i] = width;
}

void doc_table_row(struct doc_table *t)
{
	if (t == NULL)
		return;
	struct doc_cell **rows = realloc(t->rows, (t->nrows + 1) * sizeof(*rows));
	if (rows == NULL) {
		t->doc->oom = 1;
		return;
	}
	t->rows = rows;
	rows[t->nrows] = calloc(t->ncols, sizeof(**rows));
	if (rows[t->nrows])
		t->nrows++;
	else
		t->doc->oom = 1;
}

void doc_table_cell(struct doc_table *t, size_t i, const char *text, unsigned flags,
		    const char *note, const char *color)
{
	if (t == NULL || !t->nrows || i >= t->ncols)
		return;
	set_cell(t, &t->rows[t->nrows - 1][i], text, flags, note, color);
}

void doc_table_claim(struct doc_table *t, size_t i, const char *claim, const char *lead)
{
	if (t == NULL || !t->nrows || i >= t->ncols)
		return;
	struct doc_cell *c = &t->rows[t->nrows - 1][i];
	free(c->claim);
	free(c->lead);
	c->claim = dupe_or_null(t->doc, claim);
	c->lead = dupe_or_null(t->doc, lead);
}

void doc_table_foot(struct doc_table *t, const char *text)
{
	if (t == NULL)
		return;
	free(t->foot);
	t->foot = dupe(t->doc, text);
}

void doc_labels(struct doc *d, const char *toc, const char *page)
{
	free(d->toc);
	free(d->page);
	d->toc = dupe(d, toc);
	d->page = dupe(d, page);
}
