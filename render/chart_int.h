/* render/chart_int.h: the primitives that lay a chart out into a scene, private to the
 * chart layouts (render/chart.c, render/chart_xy.c). Named ch_* as in the render-claims
 * branch's header of the same name, which declares the same functions. The scene is what
 * both back ends draw (render/chart.h); text is measured with the report's fonts so that
 * labels fit the same way in SVG and PDF.
 *
 * Every function here adds items to x->s; a failed allocation sets x->s->oom, which
 * the layout's caller turns into an error (the scene is then freed, never drawn). */
#ifndef RENDER_CHART_INT_H
#define RENDER_CHART_INT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart.h"

#define C_TEXT "#222222"
#define C_MUTED "#5f6368"
#define C_GRID "#e4e6e8"
#define C_AXIS "#9aa0a6"

#define SZ_TITLE 9.5
#define SZ_PANEL 8.0
#define SZ_LABEL 7.5
#define SZ_TICK 6.8
#define SZ_VALUE 7.0

struct scene {
	double width, height;
	char *title, *desc;
	struct sc_item *items;
	size_t n, cap;
	int oom;
};

static inline void ch_set_color(char dst[8], const char *src)
{
	snprintf(dst, 8, "%s", src && src[0] == '#' && strlen(src) == 7 ? src : "#777777");
}

/* ---- scene building ---- */

static inline struct sc_item *ch_push(struct scene *s, enum sc_kind kind, enum sc_role role)
{
	if (s->oom)
		return NULL;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct sc_item *it = realloc(s->items, cap * sizeof *it);
		if (!it) {
			s->oom = 1;
			return NULL;
		}
		s->items = it;
		s->cap = cap;
	}
	struct sc_item *it = &s->items[s->n++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->role = role;
	it->stroke_width = 1;
	return it;
}

struct ctx {
	struct scene *s;
	const struct fonts *f;
	const struct numfmt *nf;
};

static inline double ch_text_w(const struct ctx *x, const char *t, double size, int bold)
{
	return fonts_width(x->f, t, size, bold);
}

static inline void ch_text(struct ctx *x, enum sc_role role, double px, double py, const char *t,
			   double size, int bold, enum sc_anchor anchor, const char *color)
{
	struct sc_item *it = ch_push(x->s, SC_TEXT, role);
	if (!it)
		return;
	it->x = px;
	it->y = py;
	it->text = strdup(t);
	if (!it->text)
		x->s->oom = 1;
	it->size = size;
	it->bold = bold;
	it->anchor = anchor;
	ch_set_color(it->fill, color);
	it->text_width = ch_text_w(x, t, size, bold);
}

static inline void ch_rect(struct ctx *x, double px, double py, double w, double h,
			   const char *fill)
{
	struct sc_item *it = ch_push(x->s, SC_RECT, SC_ROLE_OTHER);
	if (!it)
		return;
	it->x = px; it->y = py; it->w = w; it->h = h;
	ch_set_color(it->fill, fill);
	it->stroke_width = 0;
}

static inline void ch_line(struct ctx *x, double x1, double y1, double x2, double y2,
			   const char *color, double width, int dash)
{
	struct sc_item *it = ch_push(x->s, SC_LINE, SC_ROLE_OTHER);
	if (!it)
		return;
	it->x = x1; it->y = y1; it->x2 = x2; it->y2 = y2;
	ch_set_color(it->stroke, color);
	it->stroke_width = width;
	it->dash = dash;
}

static inline void ch_circle(struct ctx *x, double cx, double cy, double r, const char *fill,
			     const char *stroke, double width)
{
	struct sc_item *it = ch_push(x->s, SC_CIRCLE, SC_ROLE_OTHER);
	if (!it)
		return;
	it->x = cx; it->y = cy; it->r = r;
	ch_set_color(it->fill, fill);
	if (stroke)
		ch_set_color(it->stroke, stroke);
	it->stroke_width = width;
}

static inline void ch_polyline(struct ctx *x, const double *pts, size_t n, const char *color,
			       double width)
{
	if (n < 2)
		return;
	struct sc_item *it = ch_push(x->s, SC_POLYLINE, SC_ROLE_OTHER);
	if (!it)
		return;
	it->pts = malloc(2 * n * sizeof *it->pts);
	if (!it->pts) {
		x->s->oom = 1;
		return;
	}
	memcpy(it->pts, pts, 2 * n * sizeof *pts);
	it->npts = n;
	ch_set_color(it->stroke, color);
	it->stroke_width = width;
}

/* A darker shade of a colour, for text in a series' colour. */
static inline void ch_darken(char out[8], const char *in, double k)
{
	unsigned r = 0x77, g = 0x77, b = 0x77;
	sscanf(in, "#%02x%02x%02x", &r, &g, &b);
	snprintf(out, 8, "#%02x%02x%02x", (unsigned)(r * k), (unsigned)(g * k), (unsigned)(b * k));
}

static inline int ch_tick_decimals(double step)
{
	int d = 0;
	while (d < 6 && fabs(step * pow(10, d) - floor(step * pow(10, d) + 0.5)) > 1e-6)
		d++;
	return d;
}

static inline void ch_fmt_value(const struct ctx *x, double v, const char *unit, char *buf,
				size_t n)
{
	char num[TEXT_NUM_MAX];
	text_num(x->nf, v, -1, num, sizeof num);
	snprintf(buf, n, "%s%s", num, isnan(v) ? "" : unit);
}

/* The widest of the n tick labels tlo, tlo + step, ... written with dec decimals. */
static inline double ch_ticks_width(const struct ctx *x, double tlo, double step, int n, int dec)
{
	double maxw = 0;
	for (int i = 0; i < n; i++) {
		char num[TEXT_NUM_MAX];
		double w = ch_text_w(x, text_num(x->nf, tlo + i * step, dec, num, sizeof num), SZ_TICK, 0);
		if (w > maxw)
			maxw = w;
	}
	return maxw;
}

/* Ticks on a horizontal axis of `len` points whose labels do not overlap. */
static inline int ch_fit_hticks(const struct ctx *x, double hi, double len, double *thi,
				double *step)
{
	double tlo;
	int n = 2;
	for (int target = 6; target >= 1; target--) {
		n = chart_nice_ticks(0, hi, target, &tlo, thi, step);
		double maxw = ch_ticks_width(x, tlo, *step, n, ch_tick_decimals(*step));
		if (n < 2 || len / (n - 1) >= maxw + 6)
			return n;
	}
	return n;
}

/* Shorten t (with "…") until it is at most w points wide; writes into buf. */
static inline void ch_fit_label(const struct ctx *x, const char *t, double size, int bold, double w,
				char *buf, size_t n)
{
	size_t len;
	snprintf(buf, n, "%s", t);
	if (ch_text_w(x, buf, size, bold) <= w)
		return;
	len = strlen(buf);
	while (len > 0) {
		do
			len--;
		while (len > 0 && ((unsigned char)buf[len] & 0xc0) == 0x80);
		if (len + 4 > n)
			continue;
		memcpy(buf + len, "\xe2\x80\xa6", 4);
		if (ch_text_w(x, buf, size, bold) <= w)
			return;
	}
}


#endif
