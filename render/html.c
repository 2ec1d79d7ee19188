/* render/html.c: see html.h. */
#include "render/html.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/svg.h"

static void esc(struct sb *b, const char *s)
{
	text_html_escape(b, s ? s : "");
}

/* A header cell is aligned like its column's data: `num` says the column is numeric. */
static void cell(struct sb *b, const struct doc_cell *c, int head, int num)
{
	const char *tag = head || (c->flags & CELL_ROWHEAD) ? "th" : "td";
	char cls[32] = "";
	snprintf(cls, sizeof cls, "%s%s%s%s%s", (c->flags & CELL_NUM) || num ? " num" : "",
		 c->color[0] ? " subj" : "", c->flags & CELL_LEAD ? " lead" : "",
		 c->flags & CELL_TIE ? " tie" : "", c->flags & CELL_MUTED ? " muted" : "");
	sb_addf(b, "<%s", tag);
	if (head)
		sb_add(b, " scope=\"col\"");
	else if (c->flags & CELL_ROWHEAD)
		sb_add(b, " scope=\"row\"");
	if (cls[0])
		sb_addf(b, " class=\"%s\"", cls + 1);
	sb_add(b, ">");
	if (c->color[0])
		sb_addf(b, "<span class=\"sw\" style=\"background:%s\"></span>", c->color);
	esc(b, c->text);
	if (c->note) {
		sb_add(b, " <span class=\"n\">");
		esc(b, c->note);
		sb_add(b, "</span>");
	}
	sb_addf(b, "</%s>", tag);
}

static void table(struct sb *b, const struct doc_table *t)
{
	sb_add(b, "<div class=\"table-wrap\"><table id=\"");
	esc(b, t->id);
	sb_add(b, "\"><caption>");
	esc(b, t->caption);
	sb_add(b, "</caption>\n<thead><tr>");
	for (size_t i = 0; i < t->ncols; i++)
		cell(b, &t->head[i], 1, t->nrows && (t->rows[0][i].flags & CELL_NUM));
	sb_add(b, "</tr></thead>\n<tbody>\n");
	for (size_t r = 0; r < t->nrows; r++) {
		sb_add(b, "<tr>");
		for (size_t i = 0; i < t->ncols; i++)
			cell(b, &t->rows[r][i], 0, 0);
		sb_add(b, "</tr>\n");
	}
	sb_add(b, "</tbody></table>");
	if (t->foot) {
		sb_add(b, "<p class=\"foot\">");
		esc(b, t->foot);
		sb_add(b, "</p>");
	}
	sb_add(b, "</div>\n");
}

static void body(struct sb *b, const struct doc *d, const char *font)
{
	int nchart = 0, open = 0;
	sb_add(b, "<div class=\"cover\"><h1>");
	esc(b, d->title);
	sb_add(b, "</h1>\n<p class=\"headline\">");
	esc(b, d->subtitle);
	sb_add(b, "</p>\n<p class=\"meta\">");
	esc(b, d->meta);
	sb_add(b, "</p></div>\n<div class=\"toc\"><h2>");
	esc(b, d->toc);
	sb_add(b, "</h2><ol>\n");
	for (size_t i = 0; i < d->nblocks; i++)
		if (d->blocks[i].kind == BLK_HEADING && d->blocks[i].level == 1) {
			sb_add(b, "<li><a href=\"#");
			esc(b, d->blocks[i].id);
			sb_add(b, "\">");
			esc(b, d->blocks[i].text);
			sb_add(b, "</a></li>\n");
		}
	sb_add(b, "</ol></div>\n");
	for (size_t i = 0; i < d->nblocks; i++) {
		const struct doc_block *k = &d->blocks[i];
		switch (k->kind) {
		case BLK_HEADING:
			if (k->level == 1) {
				if (open)
					sb_add(b, "</div>\n");
				sb_add(b, "<div class=\"section\">");
				open = 1;
			}
			sb_addf(b, "<h%d id=\"", k->level + 1);
			esc(b, k->id);
			sb_add(b, "\">");
			esc(b, k->text);
			sb_addf(b, "</h%d>\n", k->level + 1);
			break;
		case BLK_PARA:
			sb_add(b, k->lead ? "<p class=\"lead\">" : "<p>");
			esc(b, k->text);
			sb_add(b, "</p>\n");
			break;
		case BLK_LIST:
			sb_add(b, k->lead ? "<ul class=\"findings\">\n" : "<ul>\n");
			for (size_t j = 0; j < k->nitems; j++) {
				sb_add(b, "<li>");
				esc(b, k->items[j]);
				sb_add(b, "</li>\n");
			}
			sb_add(b, "</ul>\n");
			break;
		case BLK_TABLE:
			table(b, k->table);
			break;
		case BLK_CHARTS:
			sb_addf(b, "<div class=\"charts per%d\">\n", k->per_row);
			for (size_t j = 0; j < k->nscenes; j++) {
				char id[32];
				snprintf(id, sizeof id, "c%d", ++nchart);
				sb_add(b, "<div class=\"fig\">");
				svg_write(b, k->scenes[j], id, font);
				sb_add(b, "</div>\n");
			}
			sb_add(b, "</div>\n");
			break;
		}
	}
	if (open)
		sb_add(b, "</div>\n");
}

int html_write(const struct doc *d, const char *templates, const char *font_family,
	       struct sb *out, struct err *e)
{
	char path[4096];
	char *skel = NULL, *css = NULL;
	struct sb style = { 0 }, title = { 0 }, bod = { 0 };
	int rc = -1;
	snprintf(path, sizeof path, "%s/report.html", templates);
	if (!(skel = text_read_file(path, e)))
		goto done;
	snprintf(path, sizeof path, "%s/report.css", templates);
	if (!(css = text_read_file(path, e)))
		goto done;
	{
		const char *names[] = { "font" };
		const char *vals[] = { font_family };
		text_subst(&style, css, names, vals, 1);
	}
	esc(&title, d->title);
	body(&bod, d, font_family);
	{
		const char *names[] = { "lang", "title", "style", "body" };
		const char *vals[] = { d->lang, title.s ? title.s : "", style.s ? style.s : "",
				       bod.s ? bod.s : "" };
		text_subst(out, skel, names, vals, 4);
	}
	if (out->oom || style.oom || title.oom || bod.oom) {
		err_set(e, "html: out of memory");
		goto done;
	}
	rc = 0;
done:
	free(skel);
	free(css);
	sb_free(&style);
	sb_free(&title);
	sb_free(&bod);
	return rc;
}
