/* render/chart/scene.h: the scene, a chart laid out: a display list of plain primitives in
 * points (origin top left, y down). The chart layouts write it (render/chart/chart.h,
 * chart_xy.h); the back ends read it: render/doc/svg.c (inline SVG for the HTML) and
 * render/doc/pdf.c (libharu vector graphics). Text items carry the width they were measured
 * at (render/text/fonts.h, the fonts both back ends use), so a label fits the same way in
 * both. */
#ifndef RENDER_SCENE_H
#define RENDER_SCENE_H

#include <stddef.h>

#include "core/err.h"
#include "render/text/fonts.h"
#include "render/text/text.h"

enum sc_kind {
	SC_RECT,
	SC_LINE,
	SC_POLYLINE,
	SC_CIRCLE,
	SC_TEXT,
	SC_POLYGON /* a closed, filled and stroked path (a marker: square, triangle, ...) */
};
enum sc_role {
	SC_ROLE_OTHER,
	SC_ROLE_TITLE,
	SC_ROLE_TICK,
	SC_ROLE_AXIS_TITLE,
	SC_ROLE_CATEGORY,
	SC_ROLE_LEGEND,
	SC_ROLE_VALUE,
	SC_ROLE_PANEL,
	SC_ROLE_PART /* STACK: a part's value written inside its segment */
};
enum sc_anchor {
	SC_START,
	SC_MIDDLE,
	SC_END
};

struct sc_item {
	enum sc_kind kind;
	enum sc_role role;
	/* RECT: x,y,w,h. LINE: x,y to x2,y2. CIRCLE: centre x,y, radius r.
	 * TEXT: anchor point x, baseline y. POLYLINE: pts[2*i], pts[2*i+1]. */
	double x, y, w, h, x2, y2, r;
	double *pts;
	size_t npts;
	char fill[8];   /* "#rrggbb" or "" for none */
	char stroke[8]; /* "#rrggbb" or "" for none */
	double stroke_width;
	int dash;    /* 1: dashed line */
	char *text;  /* TEXT: UTF-8, unescaped */
	double size; /* TEXT: font size in points */
	int bold;
	enum sc_anchor anchor;
	double text_width; /* TEXT: measured width in points */
	char *tip;         /* a mark's tooltip (its exact value, subject and n; the SVG back end
			    * writes it as the element's <title>), or NULL */
	char *claim;       /* the ids of the claims this item shows (aggregate.json claims[],
			    * space-separated; the SVG back end writes data-claim), or NULL */
};

struct scene;

/* ---- reading a scene (the back ends) ---- */

/* scene_free: s and everything it holds (NULL is fine). */
void scene_free(struct scene *s);
/* The scene's size in points, its title and accessible description (SVG <desc>; owned by
 * s), its number of items and item i (NULL past the end; owned by s). */
double scene_width(const struct scene *s);
double scene_height(const struct scene *s);
const char *scene_title(const struct scene *s);
const char *scene_desc(const struct scene *s);
/* scene_about: what the whole chart is about, as the report named it (scene_set_about: the
 * SVG back end writes data-about), or NULL. */
const char *scene_about(const struct scene *s);
size_t scene_count(const struct scene *s);
const struct sc_item *scene_item(const struct scene *s, size_t i);

/* scene_text_box: the box a TEXT item covers (x0,y0 top left, x1,y1 bottom right), from its
 * measured width and font size (ascent 0.8 em, descent 0.2 em). Test seam: the report does
 * not call it; scene_overlaps and tests/unit/test_render_chart*.c do. */
void scene_text_box(const struct sc_item *it, double *x0, double *y0, double *x1, double *y1);

/* scene_overlaps: how many pairs of TEXT items' boxes intersect (0 for a clean chart).
 * Test seam: only the chart tests call it. */
size_t scene_overlaps(const struct scene *s);

/* ---- writing a scene (the chart layouts) ---- */

/* A pen: the scene being written, the fonts its text is measured with, the number format
 * the layouts write values in (the scene itself does not use it), the tooltip every mark
 * drawn carries while it is set, and the claim ids every item drawn (mark or text) carries
 * while they are set. */
struct scene_pen {
	struct scene *s;
	const struct fonts *f;
	const struct numfmt *nf;
	const char *tip;
	const char *claim;
};

/* scene_new: an empty scene `width` points wide with copies of title and desc (free with
 * scene_free), or NULL with e set when out of memory or when the chart being laid out
 * already ran out (oom). */
struct scene *scene_new(double width, const char *title, const char *desc, int oom, struct err *e);
/* scene_done: the finished scene s, or NULL with s freed and e set when writing it ran out
 * of memory. */
struct scene *scene_done(struct scene *s, struct err *e);
/* scene_set_height: the scene's height in points (what its content covers). */
void scene_set_height(struct scene *s, double h);
/* scene_set_about: what the whole chart is about (copied; e.g. "cdf/get/1048576/c8", the
 * category a chart of one category draws), for a program reading the report. 0, or -1 when
 * out of memory (s keeps no about). */
int scene_set_about(struct scene *s, const char *about);
/* scene_fail: mark s out of memory (a layout's own allocation failed): scene_done refuses
 * it. */
void scene_fail(struct scene *s);

/* scene_color: dst = src when it is "#rrggbb", else a grey. */
void scene_color(char dst[8], const char *src);

/* The primitives: each appends one item to x->s; a failed allocation marks the scene
 * (scene_done then refuses it) and the item is dropped. Colours go through scene_color;
 * every mark (not text) carries x->tip when it is set, every item x->claim.
 * scene_text_w: the width of t in points at size (bold or not), as scene_text measures it.
 * scene_text: t (copied) with its anchor at px and its baseline at py.
 * scene_polygon: a closed polygon of n points (n >= 3), filled and stroked (NULL/"" for
 * none); scene_polyline: an open one (n >= 2); pts holds x, y pairs and is copied. */
double scene_text_w(const struct scene_pen *x, const char *t, double size, int bold);
void scene_text(struct scene_pen *x, enum sc_role role, double px, double py, const char *t,
		double size, int bold, enum sc_anchor anchor, const char *color);
void scene_rect(struct scene_pen *x, double px, double py, double w, double h, const char *fill);
void scene_line(struct scene_pen *x, double x1, double y1, double x2, double y2, const char *color,
		double width, int dash);
void scene_circle(struct scene_pen *x, double cx, double cy, double r, const char *fill,
		  const char *stroke, double width);
void scene_polyline(struct scene_pen *x, const double *pts, size_t n, const char *color,
		    double width);
void scene_polygon(struct scene_pen *x, const double *pts, size_t n, const char *fill,
		   const char *stroke, double width);

#endif
