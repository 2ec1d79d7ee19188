/* render/doc/pdf_paint.h: painting on a libharu page in the report's coordinates (x from the
 * page's left edge, y down from its top, in points): colours, rules, boxes, text in the faces
 * the layout measured (render/text/fonts.h), and a chart's scene (render/chart/scene.h) as
 * vector graphics. render/doc/pdf.c lays the document out on A4 pages; this draws. */
#ifndef RENDER_PDF_PAINT_H
#define RENDER_PDF_PAINT_H

#include <hpdf.h>

#include "render/chart/scene.h"
#include "render/text/fonts.h"

#define PDF_PAGE_W 595.276 /* A4, points */
#define PDF_PAGE_H 841.89

/* What text is drawn with: the faces, and a flag set when memory ran out or a character has
 * no face (the document is then refused). */
struct pdf_pen {
	struct fonts *f;
	int failed;
};

/* pdf_fill, pdf_stroke: p's fill or stroke colour "#rrggbb" (black when hex is NULL or not
 * that form). */
void pdf_fill(HPDF_Page p, const char *hex);
void pdf_stroke(HPDF_Page p, const char *hex);

/* pdf_text: s at x (its left edge), baseline y, on page p in size and weight bold, colour
 * color: one ShowText per run of characters drawn with one face (fonts_run), each going on
 * where the last ended. pen->failed set when memory runs out or a character has no face. */
void pdf_text(struct pdf_pen *pen, HPDF_Page p, double x, double y, const char *s, double size,
	      int bold, const char *color);

/* pdf_hline: a horizontal rule from x1 to x2 at y, line width lw. */
void pdf_hline(HPDF_Page p, double x1, double x2, double y, double lw, const char *color);

/* pdf_box: a filled rectangle of wd x h with its top left corner at (x, y). */
void pdf_box(HPDF_Page p, double x, double y, double wd, double h, const char *color);

/* pdf_scene: scene s with its origin at (ox, oy): rectangles, lines (dashed or not),
 * polylines, circles, polygons and text as its items say. */
void pdf_scene(struct pdf_pen *pen, HPDF_Page p, const struct scene *s, double ox, double oy);

#endif
