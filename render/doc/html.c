/* render/doc/html.c: see html.h. */
#include "render/doc/html.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fsutil.h"
#include "render/doc/doc_attach.h"
#include "render/doc/svg.h"

static void esc(struct strbuf *b, const char *s)
{
	text_html_escape(b, s ? s : "");
}

/* claim_attrs: ' data-claim="IDS"' and ' data-lead="VERDICT"' for what is not NULL. */
static void claim_attrs(struct strbuf *b, const char *claim, const char *lead)
{
	if (claim != NULL) {
		strbuf_adds(b, " data-claim=\"");
		esc(b, claim);
		strbuf_adds(b, "\"");
	}
	if (lead != NULL) {
		strbuf_adds(b, " data-lead=\"");
		esc(b, lead);
		strbuf_adds(b, "\"");
	}
}

/* claims_script: the claims JSON in a script element (README, "Checking a published
 * report"): "</" written "<\/" so that no text of it ends the element. */
static void claims_script(struct strbuf *b, const char *json)
{
	if (json == NULL)
		return;
	strbuf_adds(b, "<script type=\"application/json\" id=\"s3bench-claims\">");
	for (const char *p = json; *p; p++) {
		if (p[0] == '<' && p[1] == '/')
			strbuf_adds(b, "<\\");
		else
			strbuf_addc(b, *p);
	}
	strbuf_adds(b, "</script>\n");
}

/* A header cell is aligned like its column's data: `num` says the column is numeric. */
static void cell(struct strbuf *b, const struct doc_cell *c, int head, int num)
{
	const char *tag = head || (c->flags & CELL_ROWHEAD) ? "th" : "td";
	char cls[48] = "";
	snprintf(cls, sizeof(cls), "%s%s%s%s%s%s", (c->flags & CELL_NUM) || num ? " num" : "",
		 c->color[0] ? " subj" : "", c->flags & CELL_LEAD ? " lead" : "",
		 c->flags & CELL_TIE ? " tie" : "", c->flags & CELL_UNRESOLVED ? " unresolved" : "",
		 c->flags & CELL_MUTED ? " muted" : "");
	strbuf_addf(b, "<%s", tag);
	if (head)
		strbuf_adds(b, " scope=\"col\"");
	else if (c->flags & CELL_ROWHEAD)
		strbuf_adds(b, " scope=\"row\"");
	if (cls[0])
		strbuf_addf(b, " class=\"%s\"", cls + 1);
	claim_attrs(b, c->claim, c->lead);
	strbuf_adds(b, ">");
	if (c->color[0])
		strbuf_addf(b, "<span class=\"sw\" style=\"background:%s\"></span>", c->color);
	esc(b, c->text);
	if (c->note) {
		strbuf_adds(b, " <span class=\"n\">");
		esc(b, c->note);
		strbuf_adds(b, "</span>");
	}
	strbuf_addf(b, "</%s>", tag);
}

static void table(struct strbuf *b, const struct doc_table *t)
{
	strbuf_adds(b, "<div class=\"table-wrap\"><table id=\"");
	esc(b, t->id);
	strbuf_adds(b, "\"><caption>");
	esc(b, t->caption);
	strbuf_adds(b, "</caption>\n<thead><tr>");
	for (size_t i = 0; i < t->ncols; i++)
		cell(b, &t->head[i], 1, t->nrows && (t->rows[0][i].flags & CELL_NUM));
	strbuf_adds(b, "</tr></thead>\n<tbody>\n");
	for (size_t r = 0; r < t->nrows; r++) {
		strbuf_adds(b, "<tr>");
		for (size_t i = 0; i < t->ncols; i++)
			cell(b, &t->rows[r][i], 0, 0);
		strbuf_adds(b, "</tr>\n");
	}
	strbuf_adds(b, "</tbody></table>");
	if (t->foot) {
		strbuf_adds(b, "<p class=\"foot\">");
		esc(b, t->foot);
		strbuf_adds(b, "</p>");
	}
	strbuf_adds(b, "</div>\n");
}

static void body(struct strbuf *b, const struct doc *d, const char *font)
{
	int nchart = 0, open = 0;
	strbuf_adds(b, "<div class=\"cover\"><h1>");
	esc(b, d->title);
	strbuf_adds(b, "</h1>\n<p class=\"headline\"");
	claim_attrs(b, d->headline_ids, NULL);
	strbuf_adds(b, ">");
	esc(b, d->subtitle);
	strbuf_adds(b, "</p>\n<p class=\"meta\">");
	esc(b, d->meta);
	strbuf_adds(b, "</p></div>\n<div class=\"toc\"><h2>");
	esc(b, d->toc);
	strbuf_adds(b, "</h2><ol>\n");
	for (size_t i = 0; i < d->nblocks; i++)
		if (d->blocks[i].kind == BLK_HEADING && d->blocks[i].level == 1) {
			strbuf_adds(b, "<li><a href=\"#");
			esc(b, d->blocks[i].id);
			strbuf_adds(b, "\">");
			esc(b, d->blocks[i].text);
			strbuf_adds(b, "</a></li>\n");
		}
	strbuf_adds(b, "</ol></div>\n");
	for (size_t i = 0; i < d->nblocks; i++) {
		const struct doc_block *k = &d->blocks[i];
		switch (k->kind) {
		case BLK_HEADING:
			if (k->level == 1) {
				if (open)
					strbuf_adds(b, "</div>\n");
				strbuf_adds(b, "<div class=\"section\">");
				open = 1;
			}
			strbuf_addf(b, "<h%d id=\"", k->level + 1);
			esc(b, k->id);
			strbuf_adds(b, "\">");
			esc(b, k->text);
			strbuf_addf(b, "</h%d>\n", k->level + 1);
			break;
		case BLK_PARA:
			strbuf_adds(b, k->lead ? "<p class=\"lead\"" : "<p");
			claim_attrs(b, k->claims ? k->claims[0] : NULL, NULL);
			strbuf_adds(b, ">");
			esc(b, k->text);
			strbuf_adds(b, "</p>\n");
			break;
		case BLK_LIST:
			strbuf_adds(b, k->lead ? "<ul class=\"findings\">\n" : "<ul>\n");
			for (size_t j = 0; j < k->nitems; j++) {
				strbuf_adds(b, "<li");
				claim_attrs(b, k->claims ? k->claims[j] : NULL, NULL);
				strbuf_adds(b, ">");
				esc(b, k->items[j]);
				strbuf_adds(b, "</li>\n");
			}
			strbuf_adds(b, "</ul>\n");
			break;
		case BLK_TABLE:
			table(b, k->table);
			break;
		case BLK_CHARTS:
			strbuf_addf(b, "<div class=\"charts per%d\">\n", k->per_row);
			for (size_t j = 0; j < k->nscenes; j++) {
				char id[32];
				snprintf(id, sizeof(id), "c%d", ++nchart);
				strbuf_adds(b, "<div class=\"fig\">");
				svg_write(b, k->scenes[j], id, font);
				strbuf_adds(b, "</div>\n");
			}
			strbuf_adds(b, "</div>\n");
			break;
		}
	}
	doc_attach_html(b, d); /* the last section's downloads (render/doc/doc_attach.h) */
	if (open)
		strbuf_adds(b, "</div>\n");
	claims_script(b, d->claims_json);
}

int html_write(const struct doc *d, const char *templates, const char *font_family,
	       struct strbuf *out, struct err *e)
{
	char path[4096];
	char *skel = NULL, *css = NULL;
	struct strbuf style = {0}, title = {0}, bod = {0};
	int rc = -1;
	snprintf(path, sizeof(path), "%s/report.html", templates);
	if ((skel = fs_read_file(path, 0, NULL, e)) == NULL)
		goto done;
	snprintf(path, sizeof(path), "%s/report.css", templates);
	if ((css = fs_read_file(path, 0, NULL, e)) == NULL)
		goto done;
	{
		const char *names[] = {"font"};
		const char *vals[] = {font_family};
		text_subst(&style, css, names, vals, 1);
	}
	esc(&title, d->title);
	body(&bod, d, font_family);
	{
		const char *names[] = {"lang", "title", "style", "body"};
		const char *vals[] = {d->lang, title.p ? title.p : "", style.p ? style.p : "",
				      bod.p ? bod.p : ""};
		text_subst(out, skel, names, vals, 4);
	}
	if (out->failed || style.failed || title.failed || bod.failed) {
		err_set(e, "html: out of memory");
		goto done;
	}
	rc = 0;
done:
	free(skel);
	free(css);
	strbuf_free(&style);
	strbuf_free(&title);
	strbuf_free(&bod);
	return rc;
}
