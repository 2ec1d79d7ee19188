/* render/doc/pdf.c: see pdf.h. */
#include "render/doc/pdf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/doc/colfit.h"
#include "render/doc/doc_attach.h"
#include "render/doc/pdf_paint.h"
#include "render/text/text.h"

#define PAGE_W PDF_PAGE_W
#define PAGE_H PDF_PAGE_H
#define MARGIN_L 50.0
#define MARGIN_R 50.0
#define MARGIN_T 56.0
#define MARGIN_B 62.0
#define TEXT_W (PAGE_W - MARGIN_L - MARGIN_R)
#define BODY 9.5
#define LEAD_COLOR "#0b5cad"
#define BODY_H (PAGE_H - MARGIN_T - MARGIN_B)
/* A section starts on a new page only when less than this share of the page is left,
 * or when its heading and first table or chart would not fit in what is left. */
#define SECTION_MIN_SHARE 0.25

struct tocent {
	const char *text;
	HPDF_Page page;
	double y;
	int pageno;
};

struct pw {
	HPDF_Doc pdf;
	const struct doc *d;
	HPDF_Page page;
	HPDF_Page *pages;
	size_t npages;
	double y;
	HPDF_Outline section;
	HPDF_Encoder enc;
	struct tocent *toc;
	size_t ntoc;
	HPDF_Page toc_page;
	double toc_y;
	struct pdf_pen pen; /* the fonts text is drawn in; failed */
};

static double width(const struct pw *w, const char *s, double size, int bold)
{
	return fonts_width(w->pen.f, s, size, bold);
}

static void put_text(struct pw *w, double x, double y, const char *s, double size, int bold,
		     const char *color)
{
	pdf_text(&w->pen, w->page, x, y, s, size, bold, color);
}

static void new_page(struct pw *w)
{
	HPDF_Page *pages = realloc(w->pages, (w->npages + 1) * sizeof(*pages));
	if (pages == NULL) {
		w->pen.failed = 1;
		return;
	}
	w->pages = pages;
	w->page = HPDF_AddPage(w->pdf);
	if (w->page == NULL) {
		w->pen.failed = 1;
		return;
	}
	HPDF_Page_SetSize(w->page, HPDF_PAGE_SIZE_A4, HPDF_PAGE_PORTRAIT);
	w->pages[w->npages++] = w->page;
	w->y = MARGIN_T;
}

/* Start a new page unless h more points fit on this one. Returns 1 on a new page. */
static int ensure(struct pw *w, double h)
{
	if (w->y + h <= PAGE_H - MARGIN_B)
		return 0;
	new_page(w);
	return 1;
}

/* Split s into lines of at most `maxw` points; calls out(line) for each. Words longer
 * than a line are cut between characters. Returns the number of lines. Out of memory:
 * sets w->pen.failed and stops. */
static int wrap(struct pw *w, const char *s, double size, int bold, double maxw,
		void (*out)(struct pw *, const char *, int, void *), void *arg)
{
	struct strbuf line = {0};
	int n = 0, oom = 0;
	const char *p = s;
	while (*p && !oom) {
		size_t wl = strcspn(p, " ");
		struct strbuf cand = {0};
		strbuf_adds(&cand, line.p ? line.p : "");
		if (line.len)
			strbuf_adds(&cand, " ");
		strbuf_add(&cand, p, wl);
		if (cand.failed) {
			strbuf_free(&cand);
			oom = 1;
			break;
		}
		if (!line.len || width(w, cand.p, size, bold) <= maxw) {
			strbuf_free(&line);
			line = cand;
		} else {
			if (out)
				out(w, line.p, n, arg);
			n++;
			strbuf_free(&line);
			strbuf_free(&cand);
			strbuf_add(&line, p, wl);
			if ((oom = line.failed))
				break;
		}
		/* a single word too wide: cut it at the last character that fits */
		while (line.len && width(w, line.p, size, bold) > maxw) {
			size_t cut = line.len;
			do {
				do
					cut--;
				while (cut > 0 && ((unsigned char)line.p[cut] & 0xc0) == 0x80);
				char save = line.p[cut];
				line.p[cut] = 0;
				double cw = width(w, line.p, size, bold);
				line.p[cut] = save;
				if (cw <= maxw)
					break;
			} while (cut > 1);
			if (cut == 0)
				cut = 1;
			struct strbuf head = {0}, rest = {0};
			strbuf_add(&head, line.p, cut);
			strbuf_adds(&rest, line.p + cut);
			if (head.failed || rest.failed) {
				strbuf_free(&head);
				strbuf_free(&rest);
				oom = 1;
				break;
			}
			if (out)
				out(w, head.p, n, arg);
			n++;
			strbuf_free(&head);
			strbuf_free(&line);
			line = rest;
		}
		p += wl;
		while (*p == ' ')
			p++;
	}
	if (oom) {
		/* out of memory: the report fails rather than show a cut paragraph */
		w->pen.failed = 1;
		strbuf_free(&line);
		return n;
	}
	if (line.len) {
		if (out)
			out(w, line.p, n, arg);
		n++;
	}
	strbuf_free(&line);
	return n;
}

struct para {
	double x, size, lh;
	int bold;
	const char *color;
};

static void para_line(struct pw *w, const char *s, int i, void *arg)
{
	struct para *p = arg;
	(void)i;
	ensure(w, p->lh);
	put_text(w, p->x, w->y + p->size, s, p->size, p->bold, p->color);
	w->y += p->lh;
}

static void paragraph(struct pw *w, const char *s, double x, double maxw, double size, int bold,
		      const char *color)
{
	struct para p = {x, size, size * 1.4, bold, color};
	wrap(w, s, size, bold, maxw, para_line, &p);
}

static void outline(struct pw *w, int level, const char *text)
{
	HPDF_Outline parent = level == 1 || w->section == NULL ? NULL
							       : w->section; /* NULL: the root */
	HPDF_Outline o = HPDF_CreateOutline(w->pdf, parent, text, w->enc);
	if (o == NULL)
		return;
	HPDF_Destination dst = HPDF_Page_CreateDestination(w->page);
	HPDF_Destination_SetFitH(dst, (HPDF_REAL)(PAGE_H - w->y + 14));
	HPDF_Outline_SetDestination(o, dst);
	if (level == 1) {
		HPDF_Outline_SetOpened(o, HPDF_FALSE);
		w->section = o;
	}
}

/* section_start: the height heading i needs with what follows it up to and including
 * its section's first table or chart (estimated as they will be laid out). */
static double section_start(struct pw *w, const struct doc *d, size_t i);

static void heading(struct pw *w, const struct doc *d, size_t i)
{
	const struct doc_block *b = &d->blocks[i];
	if (b->level == 1) {
		double left = PAGE_H - MARGIN_B - w->y;
		if (left < SECTION_MIN_SHARE * BODY_H || left < 14 + section_start(w, d, i))
			new_page(w);
		else
			w->y += 14;
		struct tocent *t = realloc(w->toc, (w->ntoc + 1) * sizeof(*t));
		if (t) {
			w->toc = t;
			t[w->ntoc].text = b->text;
			t[w->ntoc].page = w->page;
			t[w->ntoc].y = w->y;
			t[w->ntoc].pageno = (int)w->npages;
			w->ntoc++;
		}
		outline(w, 1, b->text);
		paragraph(w, b->text, MARGIN_L, TEXT_W, 16, 1, "#1f2328");
		pdf_hline(w->page, MARGIN_L, MARGIN_L + TEXT_W, w->y + 1, 0.6, "#c8ced6");
		w->y += 12;
	} else {
		double need = 8 + section_start(w, d, i); /* kept with its first table or chart */
		ensure(w, need <= BODY_H ? need : 120);
		w->y += 8;
		outline(w, 2, b->text);
		paragraph(w, b->text, MARGIN_L, TEXT_W, 12, 1, "#1f2328");
		w->y += 4;
	}
}

/* ---- tables ---- */

struct layout {
	double *x, *wd; /* ncols left edges and widths */
	double size, lh;
};

struct cellpos {
	double x, y, wd;
	struct layout *lay;
	int right, bold;
	const char *color;
	double size; /* the font size: lay->size, or a note's 0.8 of it */
};

static void cell_line(struct pw *w, const char *s, int i, void *arg)
{
	struct cellpos *c = arg;
	double tx = c->x;
	if (c->right)
		tx = c->x + c->wd - width(w, s, c->size, c->bold);
	put_text(w, tx, c->y + c->lay->size + (double)i * c->lay->lh, s, c->size, c->bold,
		 c->color);
}

static double cell_inner(const struct doc_cell *c, const struct layout *lay, double wd)
{
	return wd - 8 - (c->color[0] ? lay->size + 3 : 0);
}

/* note_below: 1 when c's note does not fit on the line beside its text (inner points wide):
 * it is then wrapped on lines of its own below the text. */
static int note_below(struct pw *w, const struct doc_cell *c, const struct layout *lay,
		      double inner, int bold)
{
	return c->note != NULL && width(w, c->text ? c->text : "", lay->size, bold) + 3 +
						  width(w, c->note, lay->size * 0.8, 0) >
					  inner;
}

static int cell_lines(struct pw *w, const struct doc_cell *c, const struct layout *lay, double wd,
		      int head)
{
	const char *t = c->text ? c->text : "";
	int bold = head || (c->flags & CELL_LEAD);
	double inner = cell_inner(c, lay, wd);
	if (note_below(w, c, lay, inner, bold)) {
		int n = wrap(w, t, lay->size, bold, inner, NULL, NULL);
		return (n < 1 ? 1 : n) + wrap(w, c->note, lay->size * 0.8, 0, inner, NULL, NULL);
	}
	if (c->note)
		inner -= width(w, c->note, lay->size * 0.8, 0) + 3;
	int n = wrap(w, t, lay->size, bold, inner, NULL, NULL);
	return n < 1 ? 1 : n;
}

static double row_height(struct pw *w, const struct doc_cell *row, const struct doc_table *t,
			 const struct layout *lay, int head)
{
	int lines = 1;
	for (size_t i = 0; i < t->ncols; i++) {
		int n = cell_lines(w, &row[i], lay, lay->wd[i], head);
		if (n > lines)
			lines = n;
	}
	return (double)lines * lay->lh + 6;
}

static void draw_row(struct pw *w, const struct doc_cell *row, const struct doc_table *t,
		     struct layout *lay, int head, double h)
{
	for (size_t i = 0; i < t->ncols; i++) {
		const struct doc_cell *c = &row[i];
		int right = (c->flags & CELL_NUM) ||
			    (head && i > 0 &&
			     (t->rows && t->nrows && (t->rows[0][i].flags & CELL_NUM)));
		int bold = head || (c->flags & CELL_LEAD);
		double x = lay->x[i] + 4, inner = cell_inner(c, lay, lay->wd[i]);
		if ((c->flags & CELL_LEAD) && !head)
			pdf_box(w->page, lay->x[i], w->y, lay->wd[i], h, "#fff4d6");
		else if ((c->flags & CELL_TIE) && !head)
			pdf_box(w->page, lay->x[i], w->y, lay->wd[i], h, "#e3eefa");
		else if ((c->flags & CELL_UNRESOLVED) && !head)
			pdf_box(w->page, lay->x[i], w->y, lay->wd[i], h, "#eeeeee");
		if (c->color[0]) {
			pdf_box(w->page, x, w->y + 3 + lay->size * 0.15, lay->size * 0.8,
				lay->size * 0.8, c->color);
			x += lay->size + 3;
		}
		int below = note_below(w, c, lay, inner, bold);
		if (c->note && !below) {
			double nw = width(w, c->note, lay->size * 0.8, 0);
			inner -= nw + 3;
			put_text(w,
				 right ? x + inner + 3
				       : x + width(w, c->text ? c->text : "", lay->size, bold) + 3,
				 w->y + 3 + lay->size, c->note, lay->size * 0.8, 0, "#5f6368");
		}
		struct cellpos pos = {x,
				      w->y + 3,
				      inner,
				      lay,
				      right,
				      bold,
				      (c->flags & CELL_MUTED) ? "#8a9096" : "#1f2328",
				      lay->size};
		int n = wrap(w, c->text ? c->text : "", lay->size, bold, inner, cell_line, &pos);
		if (below) { /* the note on lines of its own, below the text */
			pos.y += (double)(n < 1 ? 1 : n) * lay->lh;
			pos.bold = 0;
			pos.color = "#5f6368";
			pos.size = lay->size * 0.8;
			wrap(w, c->note, pos.size, 0, inner, cell_line, &pos);
		}
	}
	w->y += h;
	pdf_hline(w->page, lay->x[0], lay->x[0] + TEXT_W, w->y, head ? 1 : 0.4,
		  head ? "#1f2328" : "#dde1e5");
}

/* table_layout: the font size and the column widths from the content (colfit): the
 * largest size from 8 (7 with more than 8 columns) down to 5.5 at which no word is cut. */
static int table_layout(struct pw *w, const struct doc_table *t, struct layout *lay)
{
	double x = MARGIN_L;
	lay->x = malloc(2 * t->ncols * sizeof(*lay->x));
	if (lay->x == NULL) {
		w->pen.failed = 1;
		return -1;
	}
	lay->wd = lay->x + t->ncols;
	for (lay->size = t->ncols > 8 ? 7 : 8; lay->size > 5.5; lay->size -= 0.5) {
		int cut = colfit_table(w->pen.f, t, lay->size, TEXT_W, lay->wd);
		if (cut < 0) {
			w->pen.failed = 1;
			return -1;
		}
		if (cut == 0)
			break;
	}
	if (lay->size <= 5.5 && colfit_table(w->pen.f, t, lay->size, TEXT_W, lay->wd) < 0) {
		w->pen.failed = 1;
		return -1;
	}
	lay->lh = lay->size * 1.25;
	for (size_t i = 0; i < t->ncols; i++) {
		lay->x[i] = x;
		x += lay->wd[i];
	}
	return 0;
}

/* table_start: the height of a table's caption, header row and first row. */
static double table_start(struct pw *w, const struct doc_table *t)
{
	struct layout lay;
	if (t->ncols == 0 || table_layout(w, t, &lay) < 0)
		return 0;
	double h = 18 + row_height(w, t->head, t, &lay, 1) +
		   (t->nrows ? row_height(w, t->rows[0], t, &lay, 0) : 0) +
		   wrap(w, t->caption, 9, 1, TEXT_W, NULL, NULL) * 9 * 1.4;
	free(lay.x);
	return h;
}

static double section_start(struct pw *w, const struct doc *d, size_t i)
{
	const struct doc_block *b = &d->blocks[i];
	int level = b->level;
	double h = level == 1 ? wrap(w, b->text, 16, 1, TEXT_W, NULL, NULL) * 16 * 1.4 + 12
			      : wrap(w, b->text, 12, 1, TEXT_W, NULL, NULL) * 12 * 1.4 + 4;
	for (size_t k = i + 1; k < d->nblocks; k++) {
		b = &d->blocks[k];
		switch (b->kind) {
		case BLK_HEADING:
			if (b->level <= level)
				return h;
			h += 12 + wrap(w, b->text, 12, 1, TEXT_W, NULL, NULL) * 12 * 1.4;
			break;
		case BLK_PARA:
		case BLK_LIST: {
			double t = 0;
			if (b->kind == BLK_PARA)
				t = wrap(w, b->text, BODY, 0, TEXT_W - (b->lead ? 14 : 0), NULL,
					 NULL) *
					    BODY * 1.4 +
				    5;
			for (size_t j = 0; b->kind == BLK_LIST && j < b->nitems; j++)
				t += wrap(w, b->items[j], BODY, 0, TEXT_W - 14, NULL, NULL) * BODY *
					     1.4 +
				     4;
			/* past a third of a page of text the text flows on: 3 lines suffice */
			if (h + t > BODY_H / 3)
				return h + 3 * BODY * 1.4;
			h += t;
			break;
		}
		case BLK_TABLE:
			return h + table_start(w, b->table);
		case BLK_CHARTS: {
			double top = 0; /* the first row of charts */
			for (size_t j = 0; j < b->nscenes && j < (size_t)b->per_row; j++)
				if (scene_height(b->scenes[j]) > top)
					top = scene_height(b->scenes[j]);
			return h + top + 16;
		}
		}
	}
	return h;
}

static void table(struct pw *w, const struct doc_table *t)
{
	struct layout lay;
	if (t->ncols == 0 || table_layout(w, t, &lay) < 0)
		return;
	double hh = row_height(w, t->head, t, &lay, 1);
	double first = t->nrows ? row_height(w, t->rows[0], t, &lay, 0) : 0;
	ensure(w, 18 + hh + first);
	w->y += 6;
	paragraph(w, t->caption, MARGIN_L, TEXT_W, 9, 1, "#1f2328");
	w->y += 2;
	draw_row(w, t->head, t, &lay, 1, hh);
	for (size_t r = 0; r < t->nrows; r++) {
		double h = r == 0 ? first : row_height(w, t->rows[r], t, &lay, 0);
		if (ensure(w, h)) {
			/* the table goes on: repeat the header row on the new page */
			draw_row(w, t->head, t, &lay, 1, hh);
		}
		draw_row(w, t->rows[r], t, &lay, 0, h);
	}
	if (t->foot) {
		w->y += 3;
		paragraph(w, t->foot, MARGIN_L, TEXT_W, 7, 0, "#5f6368");
	}
	w->y += 8;
	free(lay.x);
}

static void charts(struct pw *w, const struct doc_block *b)
{
	size_t per = (size_t)b->per_row;
	for (size_t i = 0; i < b->nscenes; i += per) {
		double h = 0;
		for (size_t k = i; k < i + per && k < b->nscenes; k++)
			if (scene_height(b->scenes[k]) > h)
				h = scene_height(b->scenes[k]);
		ensure(w, h + 14);
		w->y += 6;
		double x = MARGIN_L;
		for (size_t k = i; k < i + per && k < b->nscenes; k++) {
			pdf_scene(&w->pen, w->page, b->scenes[k], x, w->y);
			x += scene_width(b->scenes[k]) +
			     (TEXT_W - per * scene_width(b->scenes[k])) /
				     (per > 1 ? (double)(per - 1) : 1);
		}
		w->y += h + 10;
	}
}

static void cover(struct pw *w)
{
	const struct doc *d = w->d;
	size_t nsec = 0;
	new_page(w);
	w->y = MARGIN_T + 10;
	paragraph(w, d->title, MARGIN_L, TEXT_W, 22, 1, "#1f2328");
	w->y += 4;
	paragraph(w, d->subtitle, MARGIN_L, TEXT_W, 12, 1, LEAD_COLOR);
	w->y += 2;
	paragraph(w, d->meta, MARGIN_L, TEXT_W, 8, 0, "#5f6368");
	w->y += 4;
	pdf_hline(w->page, MARGIN_L, MARGIN_L + TEXT_W, w->y, 2, LEAD_COLOR);
	w->y += 18;
	/* the contents, filled in with page numbers at the end */
	for (size_t i = 0; i < d->nblocks; i++)
		if (d->blocks[i].kind == BLK_HEADING && d->blocks[i].level == 1)
			nsec++;
	put_text(w, MARGIN_L, w->y + 11, d->toc, 11, 1, "#1f2328");
	w->y += 20;
	w->toc_page = w->page;
	w->toc_y = w->y;
	w->y += (double)nsec * 14 + 8;
}

static void finish(struct pw *w)
{
	char num[16], buf[128];
	/* contents with page numbers and links */
	for (size_t i = 0; i < w->ntoc; i++) {
		double y = w->toc_y + (double)i * 14;
		snprintf(num, sizeof(num), "%d", w->toc[i].pageno);
		snprintf(buf, sizeof(buf), "%zu.  ", i + 1);
		pdf_text(&w->pen, w->toc_page, MARGIN_L + 4, y + 9.5, buf, 9.5, 0, "#5f6368");
		pdf_text(&w->pen, w->toc_page, MARGIN_L + 22, y + 9.5, w->toc[i].text, 9.5, 0,
			 LEAD_COLOR);
		pdf_text(&w->pen, w->toc_page, MARGIN_L + TEXT_W - width(w, num, 9.5, 0), y + 9.5,
			 num, 9.5, 0, "#1f2328");
		HPDF_Rect r = {(HPDF_REAL)MARGIN_L, (HPDF_REAL)(PAGE_H - y - 12),
			       (HPDF_REAL)(MARGIN_L + TEXT_W), (HPDF_REAL)(PAGE_H - y)};
		HPDF_Destination dst = HPDF_Page_CreateDestination(w->toc[i].page);
		HPDF_Destination_SetFitH(dst, (HPDF_REAL)(PAGE_H - w->toc[i].y + 14));
		HPDF_Annotation a = HPDF_Page_CreateLinkAnnot(w->toc_page, r, dst);
		if (a)
			HPDF_LinkAnnot_SetBorderStyle(a, 0, 0, 0);
	}
	/* footers: title at the left, "Page n of N" at the right */
	for (size_t i = 0; i < w->npages; i++) {
		struct strbuf t = {0};
		char n[16], total[16];
		snprintf(n, sizeof(n), "%zu", i + 1);
		snprintf(total, sizeof(total), "%zu", w->npages);
		const char *names[] = {"n", "total"};
		const char *vals[] = {n, total};
		text_subst(&t, w->d->page, names, vals, 2);
		pdf_hline(w->pages[i], MARGIN_L, MARGIN_L + TEXT_W, PAGE_H - MARGIN_B + 22, 0.4,
			  "#c8ced6");
		pdf_text(&w->pen, w->pages[i], MARGIN_L, PAGE_H - MARGIN_B + 33, w->d->title, 7, 0,
			 "#5f6368");
		if (t.p)
			pdf_text(&w->pen, w->pages[i], MARGIN_L + TEXT_W - width(w, t.p, 7, 0),
				 PAGE_H - MARGIN_B + 33, t.p, 7, 0, "#5f6368");
		strbuf_free(&t);
	}
}

int pdf_write(const struct doc *d, struct fonts *f, const char *path, struct err *e)
{
	struct pw w = {0};
	int rc = -1;
	w.pdf = fonts_doc(f);
	w.pen.f = f;
	w.d = d;
	w.enc = HPDF_GetEncoder(w.pdf, "UTF-8");
	HPDF_SetCompressionMode(w.pdf, HPDF_COMP_ALL);
	HPDF_SetPageMode(w.pdf, HPDF_PAGE_MODE_USE_OUTLINE);
	HPDF_SetInfoAttr(w.pdf, HPDF_INFO_CREATOR, "s3bench render");
	/* with the UTF-8 encoder current, libharu writes info strings as UTF-16BE */
	HPDF_SetInfoAttr(w.pdf, HPDF_INFO_TITLE, d->title);
	cover(&w);
	for (size_t i = 0; i < d->nblocks && !w.pen.failed; i++) {
		const struct doc_block *b = &d->blocks[i];
		switch (b->kind) {
		case BLK_HEADING:
			heading(&w, d, i);
			break;
		case BLK_PARA:
			ensure(&w, 30);
			if (b->lead) {
				/* a rule along the whole paragraph, kept on one page with it */
				int lines = wrap(&w, b->text, BODY, 0, TEXT_W - 14, NULL, NULL);
				double h = lines * BODY * 1.4;
				ensure(&w, h + 4);
				pdf_box(w.page, MARGIN_L, w.y - 1, 2.5, h + 2, LEAD_COLOR);
				pdf_box(w.page, MARGIN_L + 2.5, w.y - 1, TEXT_W - 2.5, h + 2,
					"#f6f8fa");
				paragraph(&w, b->text, MARGIN_L + 10, TEXT_W - 14, BODY, 0,
					  "#1f2328");
			} else {
				paragraph(&w, b->text, MARGIN_L, TEXT_W, BODY, 0, "#1f2328");
			}
			w.y += 5;
			break;
		case BLK_LIST:
			for (size_t k = 0; k < b->nitems; k++) {
				ensure(&w, 28);
				pdf_box(w.page, MARGIN_L + 3, w.y + 4, 4, 4, LEAD_COLOR);
				paragraph(&w, b->items[k], MARGIN_L + 14, TEXT_W - 14,
					  BODY + (b->lead ? 0.5 : 0), 0, "#1f2328");
				w.y += 4;
			}
			w.y += 4;
			break;
		case BLK_TABLE:
			table(&w, b->table);
			break;
		case BLK_CHARTS:
			charts(&w, b);
			break;
		}
	}
	if (w.pen.failed && HPDF_GetError(w.pdf) == HPDF_OK) {
		err_set(e, "%s: out of memory while laying out the PDF", path);
		goto done;
	}
	if (w.pen.failed) {
		err_set(e, "%s: cannot lay out the PDF (libharu error 0x%04lx, detail %lu)", path,
			(unsigned long)HPDF_GetError(w.pdf),
			(unsigned long)HPDF_GetErrorDetail(w.pdf));
		goto done;
	}
	finish(&w);
	if (doc_attach_pdf(w.pdf, d, e) < 0) /* render/doc/doc_attach.h */
		goto done;
	if (HPDF_GetError(w.pdf) != HPDF_OK) {
		err_set(e, "%s: libharu error 0x%04lx (detail %lu)", path,
			(unsigned long)HPDF_GetError(w.pdf),
			(unsigned long)HPDF_GetErrorDetail(w.pdf));
		goto done;
	}
	if (HPDF_SaveToFile(w.pdf, path) != HPDF_OK) {
		err_set(e, "%s: cannot write the PDF (libharu error 0x%04lx)", path,
			(unsigned long)HPDF_GetError(w.pdf));
		goto done;
	}
	rc = 0;
done:
	free(w.pages);
	free(w.toc);
	return rc;
}
