/* render/doc/pdf_paint.c: see pdf_paint.h. */
#include "render/doc/pdf_paint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* rgb: "#rrggbb" as fractions of 1 (black when hex is NULL or not that form). */
static void rgb(const char *hex, double *r, double *g, double *b)
{
	unsigned R = 0, G = 0, B = 0;
	if (hex != NULL && sscanf(hex, "#%02x%02x%02x", &R, &G, &B) != 3)
		R = G = B = 0;
	*r = R / 255.0;
	*g = G / 255.0;
	*b = B / 255.0;
}

void pdf_fill(HPDF_Page p, const char *hex)
{
	double r, g, b;
	rgb(hex, &r, &g, &b);
	HPDF_Page_SetRGBFill(p, (HPDF_REAL)r, (HPDF_REAL)g, (HPDF_REAL)b);
}

void pdf_stroke(HPDF_Page p, const char *hex)
{
	double r, g, b;
	rgb(hex, &r, &g, &b);
	HPDF_Page_SetRGBStroke(p, (HPDF_REAL)r, (HPDF_REAL)g, (HPDF_REAL)b);
}

void pdf_text(struct pdf_pen *pen, HPDF_Page p, double x, double y, const char *s, double size,
	      int bold, const char *color)
{
	char stack[1024], *buf = stack;
	size_t cap = 3 * strlen(s) + 4, used;
	HPDF_Font font;
	if (!*s)
		return;
	if (cap > sizeof(stack) && (buf = malloc(cap)) == NULL) {
		pen->failed = 1;
		return;
	}
	pdf_fill(p, color);
	HPDF_Page_BeginText(p);
	HPDF_Page_MoveTextPos(p, (HPDF_REAL)x, (HPDF_REAL)(PDF_PAGE_H - y));
	while ((used = fonts_run(pen->f, s, bold, &font, buf, cap)) > 0) {
		if (font == NULL) {
			pen->failed = 1;
			break;
		}
		HPDF_Page_SetFontAndSize(p, font, (HPDF_REAL)size);
		HPDF_Page_ShowText(p, buf);
		s += used;
	}
	HPDF_Page_EndText(p);
	if (buf != stack)
		free(buf);
}

void pdf_hline(HPDF_Page p, double x1, double x2, double y, double lw, const char *color)
{
	pdf_stroke(p, color);
	HPDF_Page_SetLineWidth(p, (HPDF_REAL)lw);
	HPDF_Page_MoveTo(p, (HPDF_REAL)x1, (HPDF_REAL)(PDF_PAGE_H - y));
	HPDF_Page_LineTo(p, (HPDF_REAL)x2, (HPDF_REAL)(PDF_PAGE_H - y));
	HPDF_Page_Stroke(p);
}

void pdf_box(HPDF_Page p, double x, double y, double wd, double h, const char *color)
{
	pdf_fill(p, color);
	HPDF_Page_Rectangle(p, (HPDF_REAL)x, (HPDF_REAL)(PDF_PAGE_H - y - h), (HPDF_REAL)wd,
			    (HPDF_REAL)h);
	HPDF_Page_Fill(p);
}

/* path: the points of a path item as a libharu path (move, then lines). */
static void path(HPDF_Page p, const struct sc_item *it, double ox, double oy)
{
	for (size_t k = 0; k < it->npts; k++) {
		HPDF_REAL px = (HPDF_REAL)(ox + it->pts[2 * k]);
		HPDF_REAL py = (HPDF_REAL)(PDF_PAGE_H - oy - it->pts[2 * k + 1]);
		if (k == 0)
			HPDF_Page_MoveTo(p, px, py);
		else
			HPDF_Page_LineTo(p, px, py);
	}
}

void pdf_scene(struct pdf_pen *pen, HPDF_Page p, const struct scene *s, double ox, double oy)
{
	for (size_t i = 0; i < scene_count(s); i++) {
		const struct sc_item *it = scene_item(s, i);
		switch (it->kind) {
		case SC_RECT:
			if (it->w > 0 && it->h > 0)
				pdf_box(p, ox + it->x, oy + it->y, it->w, it->h, it->fill);
			break;
		case SC_LINE:
			pdf_stroke(p, it->stroke);
			HPDF_Page_SetLineWidth(p, (HPDF_REAL)it->stroke_width);
			if (it->dash) {
				HPDF_UINT16 pat[] = {3, 2};
				HPDF_Page_SetDash(p, pat, 2, 0);
			}
			HPDF_Page_MoveTo(p, (HPDF_REAL)(ox + it->x),
					 (HPDF_REAL)(PDF_PAGE_H - oy - it->y));
			HPDF_Page_LineTo(p, (HPDF_REAL)(ox + it->x2),
					 (HPDF_REAL)(PDF_PAGE_H - oy - it->y2));
			HPDF_Page_Stroke(p);
			if (it->dash)
				HPDF_Page_SetDash(p, NULL, 0, 0);
			break;
		case SC_POLYLINE:
			pdf_stroke(p, it->stroke);
			HPDF_Page_SetLineWidth(p, (HPDF_REAL)it->stroke_width);
			HPDF_Page_SetLineJoin(p, HPDF_ROUND_JOIN);
			path(p, it, ox, oy);
			HPDF_Page_Stroke(p);
			HPDF_Page_SetLineJoin(p, HPDF_MITER_JOIN);
			break;
		case SC_CIRCLE:
			/* colours and width before the path: libharu refuses them inside it */
			pdf_fill(p, it->fill);
			if (it->stroke[0]) {
				pdf_stroke(p, it->stroke);
				HPDF_Page_SetLineWidth(p, (HPDF_REAL)it->stroke_width);
			}
			HPDF_Page_Circle(p, (HPDF_REAL)(ox + it->x),
					 (HPDF_REAL)(PDF_PAGE_H - oy - it->y), (HPDF_REAL)it->r);
			if (it->stroke[0]) {
				HPDF_Page_FillStroke(p);
			} else {
				HPDF_Page_Fill(p);
			}
			break;
		case SC_POLYGON:
			pdf_fill(p, *it->fill ? it->fill : "#ffffff");
			if (it->stroke[0]) {
				pdf_stroke(p, it->stroke);
				HPDF_Page_SetLineWidth(p, (HPDF_REAL)it->stroke_width);
			}
			path(p, it, ox, oy);
			HPDF_Page_ClosePath(p);
			if (it->stroke[0])
				HPDF_Page_FillStroke(p);
			else
				HPDF_Page_Fill(p);
			break;
		case SC_TEXT: {
			double tx = ox + it->x;
			if (it->anchor == SC_MIDDLE)
				tx -= it->text_width / 2;
			else if (it->anchor == SC_END)
				tx -= it->text_width;
			pdf_text(pen, p, tx, oy + it->y, it->text, it->size, it->bold, it->fill);
			break;
		}
		}
	}
}
