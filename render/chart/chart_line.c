/* render/chart/chart_line.c: the LINE layout (see chart.h), in its steps: the end labels'
 * texts, the plot's geometry, the axes, the series (lines, whiskers, points), the end
 * labels pushed apart. */
#include "render/chart/chart_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct endlab {
	double py, y; /* the point's y and the label's baseline */
	double px;
	size_t series;
	char text[TEXT_NUM_MAX + 16];
	double w;
};

static int cmp_endlab(const void *a, const void *b)
{
	const struct endlab *p = a, *q = b;
	return (p->py > q->py) - (p->py < q->py);
}

/* point_tip: the tooltip of point k of series i: "series · x-title category: value unit
 * [lo, hi] · n = N". */
static char *point_tip(const struct scene_pen *x, const struct chart *c, size_t i, size_t k,
		       char *buf, size_t n)
{
	const struct series_pt *q = &c->series.v[i].pts[k];
	char where[160];
	snprintf(where, sizeof(where), "%s%s%s", c->x_title ? c->x_title : "",
		 c->x_title && *c->x_title ? " " : "", k < c->ncats ? c->cats[k] : "");
	char u[64];
	return ch_tip(x, c->series.v[i].label, where, q->y,
		      ch_tip_unit(c->unit, c->value_title, u, sizeof(u)), q->lo, q->hi, q->n, buf,
		      n);
}

/* The interval whiskers of series i, spread a little sideways so that overlapping
 * intervals of different series stay apart; clipped to the plot. */
static void layout_whiskers(struct scene_pen *x, const struct chart *c, size_t i, double left,
			    double cw, double bottom, double tlo, double thi, double plot_h)
{
	double dx = ((double)i - (double)(c->series.n - 1) / 2) * 1.8;
	for (size_t k = 0; k < c->ncats; k++) {
		double lo = c->series.v[i].pts[k].lo, hi = c->series.v[i].pts[k].hi;
		if (!isfinite(lo) || !isfinite(hi))
			continue;
		if (lo < tlo)
			lo = tlo;
		double px = left + cw * ((double)k + 0.5) + dx;
		double y0 = bottom - (lo - tlo) / (thi - tlo) * plot_h;
		double y1 = bottom - (hi - tlo) / (thi - tlo) * plot_h;
		char tip[512];
		x->tip = point_tip(x, c, i, k, tip, sizeof(tip));
		scene_line(x, px, y0, px, y1, c->series.v[i].color, 0.9, 0);
		scene_line(x, px - 2, y0, px + 2, y0, c->series.v[i].color, 0.9, 0);
		scene_line(x, px - 2, y1, px + 2, y1, c->series.v[i].color, 0.9, 0);
		x->tip = NULL;
	}
}

/* The plot area of a line chart and its value scale. */
struct line_plot {
	double left, right, pw; /* x extent and width */
	double top, bottom, h;  /* y extent (bottom: the x axis) and height */
	double cw;              /* width of one category */
	double tlo, thi, step;  /* the value scale: ticks tlo..thi by step */
	int nt, dec;            /* tick count, decimals */
};

/* The y of value v in the plot. */
static double plot_y(const struct line_plot *p, double v)
{
	return p->bottom - (v - p->tlo) / (p->thi - p->tlo) * p->h;
}

/* The x of the middle of category k. */
static double plot_x(const struct line_plot *p, size_t k)
{
	return p->left + p->cw * ((double)k + 0.5);
}

/* The largest value or interval end of the chart (0 when none). */
static double line_max(const struct chart *c)
{
	double maxv = 0;
	for (size_t i = 0; i < c->series.n; i++)
		for (size_t k = 0; k < c->ncats; k++) {
			if (isfinite(c->series.v[i].pts[k].y) && c->series.v[i].pts[k].y > maxv)
				maxv = c->series.v[i].pts[k].y;
			if (isfinite(c->series.v[i].pts[k].hi) && c->series.v[i].pts[k].hi > maxv)
				maxv = c->series.v[i].pts[k].hi;
		}
	return maxv;
}

/* The end labels' texts (the last point of each line) into labs; returns how many, and
 * the widest one's width in *rightw. */
static size_t end_labels(struct scene_pen *x, const struct chart *c, struct endlab *labs,
			 double *rightw)
{
	size_t nl = 0;
	*rightw = 0;
	for (size_t i = 0; i < c->series.n && c->ncats; i++) {
		double v = c->series.v[i].pts[c->ncats - 1].y;
		if (!isfinite(v))
			continue;
		labs[nl].series = i;
		ch_fmt_value(x, v, c->unit, labs[nl].text, sizeof(labs[nl].text));
		labs[nl].w = scene_text_w(x, labs[nl].text, SZ_VALUE, 0);
		if (labs[nl].w > *rightw)
			*rightw = labs[nl].w;
		nl++;
	}
	return nl;
}

/* The plot's geometry below y, right of the tick labels and left of the end labels
 * (rightw wide): y ticks as many as fit vertically, up to maxv. */
static void line_geometry(struct scene_pen *x, const struct chart *c, double y, double width,
			  double maxv, double rightw, struct line_plot *p)
{
	p->top = y + 4;
	p->h = width * 0.42 < 110 ? 110 : width * 0.42;
	p->bottom = p->top + p->h;
	int target = (int)(p->h / (SZ_TICK * 3.2));
	if (target > 6)
		target = 6;
	p->nt = chart_nice_ticks(0, maxv, target, &p->tlo, &p->thi, &p->step);
	p->dec = ch_tick_decimals(p->step);
	p->left = ch_ticks_width(x, p->tlo, p->step, p->nt, p->dec) + 6;
	p->right = width - (rightw > 0 ? rightw + 12 : 4);
	p->pw = p->right - p->left;
	p->cw = c->ncats ? p->pw / (double)c->ncats : p->pw;
}

/* The axes: the value title, the y ticks with their grid lines, the category ticks and
 * labels, the x title. Returns the y below them. */
static double line_axes(struct scene_pen *x, const struct chart *c, const struct line_plot *p)
{
	char num[TEXT_NUM_MAX];
	if (*c->value_title)
		scene_text(x, SC_ROLE_AXIS_TITLE, 0, p->top - 6, c->value_title, SZ_TICK, 0,
			   SC_START, C_MUTED);
	for (int t = 0; t < p->nt; t++) {
		double v = p->tlo + t * p->step, py = plot_y(p, v);
		scene_line(x, p->left, py, p->right, py, t == 0 ? C_AXIS : C_GRID,
			   t == 0 ? 0.8 : 0.5, 0);
		scene_text(x, SC_ROLE_TICK, p->left - 4, py + SZ_TICK * 0.35,
			   text_num(x->nf, v, p->dec, num, sizeof(num)), SZ_TICK, 0, SC_END,
			   C_MUTED);
	}
	for (size_t k = 0; k < c->ncats; k++) {
		double px = plot_x(p, k);
		scene_line(x, px, p->bottom, px, p->bottom + 3, C_AXIS, 0.8, 0);
		char lab[128];
		ch_fit_label(x, c->cats[k], SZ_TICK, 0, p->cw - 2, lab, sizeof(lab));
		scene_text(x, SC_ROLE_CATEGORY, px, p->bottom + 4 + SZ_TICK, lab, SZ_TICK, 0,
			   SC_MIDDLE, C_MUTED);
	}
	double bottom = p->bottom + 4 + SZ_TICK + 2;
	if (*c->x_title) {
		scene_text(x, SC_ROLE_AXIS_TITLE, p->left + p->pw / 2, bottom + SZ_TICK + 2,
			   c->x_title, SZ_TICK, 0, SC_MIDDLE, C_MUTED);
		bottom += SZ_TICK + 4;
	}
	return bottom;
}

/* Each series: its line (broken where a value is missing), its whiskers, its points. */
static void line_series(struct scene_pen *x, const struct chart *c, const struct line_plot *p)
{
	double *pts = malloc(2 * (c->ncats + 1) * sizeof(*pts));
	if (pts == NULL)
		scene_fail(x->s);
	for (size_t i = 0; pts && i < c->series.n; i++) {
		size_t np = 0;
		x->claim = c->series.v[i].claim;
		for (size_t k = 0; k <= c->ncats; k++) {
			double v = k < c->ncats ? c->series.v[i].pts[k].y : NAN;
			if (isfinite(v)) {
				pts[2 * np] = plot_x(p, k);
				pts[2 * np + 1] = plot_y(p, v);
				np++;
			} else {
				scene_polyline(x, pts, np, c->series.v[i].color, 1.8);
				np = 0;
			}
		}
		layout_whiskers(x, c, i, p->left, p->cw, p->bottom, p->tlo, p->thi, p->h);
		for (size_t k = 0; k < c->ncats; k++) {
			double v = c->series.v[i].pts[k].y;
			char tip[512];
			if (!isfinite(v))
				continue;
			x->tip = point_tip(x, c, i, k, tip, sizeof(tip));
			ch_marker(x, i, plot_x(p, k), plot_y(p, v), 2.6, c->series.v[i].color,
				  "#ffffff", 0.6);
			x->tip = NULL;
		}
		x->claim = NULL;
	}
	free(pts);
}

/* The end labels pushed apart: sorted by the point's y, each at least one line below
 * the previous one, then the whole stack moved up if it runs past the plot bottom; a
 * label moved away from its point gets a leader line. */
static void line_end_labels(struct scene_pen *x, const struct chart *c, const struct line_plot *p,
			    struct endlab *labs, size_t nl)
{
	double gap = SZ_VALUE + 1.5, lx = p->left + p->cw * ((double)c->ncats - 0.5) + 8;
	size_t i;
	for (i = 0; i < nl; i++) {
		labs[i].py = plot_y(p, c->series.v[labs[i].series].pts[c->ncats - 1].y);
		labs[i].px = lx - 8;
	}
	qsort(labs, nl, sizeof(*labs), cmp_endlab);
	for (i = 0; i < nl; i++) {
		labs[i].y = labs[i].py + SZ_VALUE * 0.35;
		if (i > 0 && labs[i].y < labs[i - 1].y + gap)
			labs[i].y = labs[i - 1].y + gap;
	}
	for (i = nl; i-- > 0;) {
		double lim = i + 1 < nl ? labs[i + 1].y - gap : p->bottom + SZ_VALUE;
		if (labs[i].y > lim)
			labs[i].y = lim;
	}
	for (i = 0; i < nl; i++) {
		char col[8];
		const char *sc = c->series.v[labs[i].series].color;
		if (fabs(labs[i].y - SZ_VALUE * 0.35 - labs[i].py) > 1.5)
			scene_line(x, labs[i].px + 3, labs[i].py, lx - 1.5,
				   labs[i].y - SZ_VALUE * 0.35, sc, 0.5, 0);
		ch_darken(col, sc, 0.7);
		x->claim = c->series.v[labs[i].series].claim;
		scene_text(x, SC_ROLE_VALUE, lx, labs[i].y, labs[i].text, SZ_VALUE, 0, SC_START,
			   col);
		x->claim = NULL;
	}
}

void ch_layout_line(struct scene_pen *x, const struct chart *c, double width)
{
	struct line_plot p;
	double y = ch_layout_title(x, c->title, width), rightw;
	struct endlab *labs = calloc(c->series.n + 1, sizeof(*labs));
	if (labs == NULL) {
		scene_fail(x->s);
		return;
	}
	y = ch_layout_legend(x, &c->series, y, width, 1);
	if (*c->value_title)
		y += SZ_TICK + 4;
	size_t nl = end_labels(x, c, labs, &rightw);
	line_geometry(x, c, y, width, line_max(c), rightw, &p);
	double bottom = line_axes(x, c, &p);
	line_series(x, c, &p);
	line_end_labels(x, c, &p, labs, nl);
	scene_set_height(x->s, bottom + 2);
	free(labs);
}
