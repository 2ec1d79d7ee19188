/* render/chart/chart_xy.c: see chart_xy.h. */
#include "render/chart/chart_xy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart_int.h"

#define XY_MAX_TICKS 40

struct xychart {
	char *title, *desc, *x_title, *y_title, *note;
	enum xy_scale xscale, yscale;
	double xlo, xhi, ylo, yhi;
	int markers;
	struct series_set series; /* points in the order given (render/chart/series.h) */
	int oom;
};

static char *xy_keep(struct xychart *c, const char *s)
{
	char *r = strdup(s ? s : "");
	if (r == NULL)
		c->oom = 1;
	return r;
}

int chart_xy_is_empty(const struct xychart *c)
{
	return !series_any(&c->series);
}

void chart_xy_set_n(struct xychart *c, int s, const char *n)
{
	if (s >= 0 && (size_t)s < c->series.n)
		snprintf(c->series.v[s].tip_n, sizeof(c->series.v[s].tip_n), "%s", n ? n : "");
}

void chart_xy_set_claim(struct xychart *c, int s, const char *claim)
{
	series_set_claim(&c->series, s, claim);
}

const char *chart_xy_title(const struct xychart *c)
{
	return c->title;
}

struct xychart *chart_xy_new(const char *title, const char *desc)
{
	struct xychart *c = calloc(1, sizeof(*c));
	if (c == NULL)
		return NULL;
	c->title = xy_keep(c, title);
	c->desc = xy_keep(c, desc);
	c->x_title = xy_keep(c, "");
	c->y_title = xy_keep(c, "");
	c->note = xy_keep(c, "");
	c->xlo = c->xhi = c->ylo = c->yhi = NAN;
	c->markers = 1;
	if (c->oom) {
		chart_xy_free(c);
		return NULL;
	}
	return c;
}

void chart_xy_free(struct xychart *c)
{
	if (c == NULL)
		return;
	free(c->title);
	free(c->desc);
	free(c->x_title);
	free(c->y_title);
	free(c->note);
	series_free(&c->series);
	free(c);
}

void chart_xy_set_x(struct xychart *c, const char *title, enum xy_scale scale, double lo, double hi)
{
	free(c->x_title);
	c->x_title = xy_keep(c, title);
	c->xscale = scale;
	c->xlo = lo;
	c->xhi = hi;
}

void chart_xy_set_y(struct xychart *c, const char *title, double lo, double hi)
{
	free(c->y_title);
	c->y_title = xy_keep(c, title);
	c->ylo = lo;
	c->yhi = hi;
}

void chart_xy_set_y_scale(struct xychart *c, enum xy_scale scale)
{
	c->yscale = scale;
}

void chart_xy_set_note(struct xychart *c, const char *note)
{
	free(c->note);
	c->note = xy_keep(c, note);
}

void chart_xy_set_markers(struct xychart *c, int on)
{
	c->markers = on;
}

int chart_xy_add_series(struct xychart *c, const char *label, const char *color)
{
	return series_add(&c->series, label, color, 0);
}

void chart_xy_add_point(struct xychart *c, int s, double x, double y, int faint)
{
	struct series_pt *p = series_push(&c->series, s);
	if (p != NULL) {
		p->x = x;
		p->y = y;
		p->faint = faint;
	}
}

void chart_xy_add_desc(struct xychart *c, const char *text)
{
	size_t a = strlen(c->desc), b = strlen(text ? text : "");
	char *d = realloc(c->desc, a + b + 2);
	if (d == NULL) {
		c->oom = 1;
		return;
	}
	snprintf(d + a, b + 2, "%s%s", a && b ? " " : "", text ? text : "");
	c->desc = d;
}

size_t chart_xy_nseries(const struct xychart *c)
{
	return c->series.n;
}

/* Is point p one the chart draws (finite, and positive on a log axis)? */
static int xy_drawn(const struct xychart *c, const struct series_pt *p)
{
	return isfinite(p->x) && isfinite(p->y) && !(c->xscale == XY_LOG && p->x <= 0) &&
	       !(c->yscale == XY_LOG && p->y <= 0);
}

void chart_xy_summary(const struct xychart *c, int s, struct xy_summary *out)
{
	*out = (struct xy_summary){NULL, 0, NAN, NAN, NAN, NAN};
	if (s < 0 || (size_t)s >= c->series.n)
		return;
	const struct series *se = &c->series.v[s];
	out->label = se->label;
	for (size_t i = 0; i < se->n; i++) {
		const struct series_pt *p = &se->pts[i];
		if (!xy_drawn(c, p))
			continue;
		if (out->n == 0 || p->y > out->hi_y) {
			out->hi_x = p->x;
			out->hi_y = p->y;
		}
		if (out->n == 0 || p->y < out->lo_y) {
			out->lo_x = p->x;
			out->lo_y = p->y;
		}
		out->n++;
	}
}

double chart_xy_x_at(const struct xychart *c, int s, double level)
{
	const struct series_pt *prev = NULL;
	if (s < 0 || (size_t)s >= c->series.n || !isfinite(level))
		return NAN;
	const struct series *se = &c->series.v[s];
	for (size_t i = 0; i < se->n; i++) {
		const struct series_pt *p = &se->pts[i];
		if (!xy_drawn(c, p))
			continue;
		if (p->y >= level) {
			if (prev == NULL || p->y == level)
				return p->x;
			return prev->x + (p->x - prev->x) * (level - prev->y) / (p->y - prev->y);
		}
		prev = p;
	}
	return NAN;
}

int chart_xy_log_ticks(double lo, double hi, int every, double *ticks, int max, double *tlo,
		       double *thi)
{
	static const double mant[] = {1, 2, 5};
	if (!(lo > 0) || !(hi > 0) || !isfinite(lo) || !isfinite(hi))
		return 0;
	if (hi < lo) {
		double t = lo;
		lo = hi;
		hi = t;
	}
	int k0 = (int)floor(log10(lo) + 1e-9), k1 = (int)ceil(log10(hi) - 1e-9), n = 0;
	if (k1 <= k0)
		k1 = k0 + 1;
	*tlo = pow(10, k0);
	*thi = pow(10, k1);
	for (int k = k0; k <= k1 && n < max; k++) {
		if (every == 2 && (k - k0) % 2)
			continue;
		for (int m = 0; m < (every ? 1 : 3) && n < max; m++) {
			double v = mant[m] * pow(10, k);
			if (v <= *thi * (1 + 1e-9))
				ticks[n++] = v;
		}
	}
	return n;
}

/* The axis of one dimension: its range, scale and ticks, and how a value maps to it. */
struct axis {
	enum xy_scale scale;
	double lo, hi;
	double ticks[XY_MAX_TICKS];
	int nticks, dec;
};

/* Position of v on the axis as a fraction 0..1 (NAN for a value a log axis cannot show). */
static double axis_frac(const struct axis *a, double v)
{
	if (a->scale == XY_LOG)
		return v > 0 ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo)) : NAN;
	return (v - a->lo) / (a->hi - a->lo);
}

/* Decimals for a tick label: enough to show v (0.05 → 2), none from 1 up. */
static int log_decimals(double v)
{
	return v >= 1 ? 0 : (int)ceil(-log10(v) - 1e-9);
}

static void tick_label(const struct scene_pen *x, const struct axis *a, int i, char *buf, size_t n)
{
	double v = a->ticks[i];
	text_num(x->nf, v, a->scale == XY_LOG ? log_decimals(v) : a->dec, buf, n);
}

/* Do the tick labels of a horizontal axis `len` points long stay apart? */
static int hticks_fit(const struct scene_pen *x, const struct axis *a, double len)
{
	double prev = -1e9;
	for (int i = 0; i < a->nticks; i++) {
		char num[TEXT_NUM_MAX];
		tick_label(x, a, i, num, sizeof(num));
		double w = scene_text_w(x, num, SZ_TICK, 0), px = axis_frac(a, a->ticks[i]) * len;
		if (px - w / 2 < prev + 4)
			return 0;
		prev = px + w / 2;
	}
	return 1;
}

/* Linear ticks: multiples of a nice step inside [lo, hi] (whole numbers for XY_INTEGER),
 * about `target` intervals. */
static void linear_ticks(struct axis *a, int target)
{
	double tlo, thi, step;
	chart_nice_ticks(a->lo, a->hi, target, &tlo, &thi, &step);
	if (a->scale == XY_INTEGER && step < 1)
		step = 1;
	a->dec = ch_tick_decimals(step);
	a->nticks = 0;
	for (double v = ceil(a->lo / step - 1e-9) * step;
	     v <= a->hi + step * 1e-9 && a->nticks < XY_MAX_TICKS; v += step)
		a->ticks[a->nticks++] = fabs(v) < step * 1e-9 ? 0 : v;
}

/* The x axis: range from the chart or the data, ticks that fit `len` points. */
static void x_axis(const struct scene_pen *x, const struct xychart *c, double len, struct axis *a)
{
	double lo = INFINITY, hi = -INFINITY;
	for (size_t s = 0; s < c->series.n; s++)
		for (size_t i = 0; i < c->series.v[s].n; i++) {
			double v = c->series.v[s].pts[i].x;
			if (!isfinite(v) || (c->xscale == XY_LOG && v <= 0) ||
			    !isfinite(c->series.v[s].pts[i].y))
				continue;
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
	a->scale = c->xscale;
	a->lo = isfinite(c->xlo) ? c->xlo : lo;
	a->hi = isfinite(c->xhi) ? c->xhi : hi;
	if (a->scale == XY_LOG) {
		if (!(a->lo > 0) || !isfinite(a->hi)) {
			a->lo = 1;
			a->hi = 10;
		}
		for (int every = 0; every <= 2; every++) {
			a->nticks = chart_xy_log_ticks(a->lo, a->hi, every, a->ticks, XY_MAX_TICKS,
						       &a->lo, &a->hi);
			if (hticks_fit(x, a, len))
				break;
		}
		return;
	}
	if (!isfinite(a->lo) || !isfinite(a->hi)) {
		a->lo = 0;
		a->hi = 1;
	}
	if (a->hi <= a->lo)
		a->hi = a->lo + 1;
	for (int target = 8; target >= 1; target--) {
		linear_ticks(a, target);
		if (hticks_fit(x, a, len))
			break;
	}
}

/* A log y axis: the positive data's range (or the one set) rounded out to powers of
 * ten, ticks 1-2-5, or powers of ten only when those would crowd plot_h. */
static void y_log_axis(const struct xychart *c, double plot_h, struct axis *a)
{
	double lo = INFINITY, hi = -INFINITY;
	for (size_t s = 0; s < c->series.n; s++)
		for (size_t i = 0; i < c->series.v[s].n; i++) {
			double v = c->series.v[s].pts[i].y;
			if (isfinite(v) && v > 0) {
				lo = v < lo ? v : lo;
				hi = v > hi ? v : hi;
			}
		}
	lo = isfinite(c->ylo) && c->ylo > 0 ? c->ylo : lo;
	hi = isfinite(c->yhi) && c->yhi > 0 ? c->yhi : hi;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = 1;
		hi = 10;
	}
	a->scale = XY_LOG;
	for (int every = 0; every <= 2; every++) {
		a->nticks = chart_xy_log_ticks(lo, hi, every, a->ticks, XY_MAX_TICKS, &a->lo,
					       &a->hi);
		if (a->nticks * SZ_TICK * 1.6 <= plot_h)
			break;
	}
}

/* The y axis: from lo (0 unless set) to hi (the data's maximum rounded up unless set). */
static void y_axis(const struct xychart *c, double plot_h, struct axis *a)
{
	if (c->yscale == XY_LOG) {
		y_log_axis(c, plot_h, a);
		return;
	}
	double hi = 0, tlo, thi, step;
	for (size_t s = 0; s < c->series.n; s++)
		for (size_t i = 0; i < c->series.v[s].n; i++)
			if (isfinite(c->series.v[s].pts[i].y) && c->series.v[s].pts[i].y > hi)
				hi = c->series.v[s].pts[i].y;
	int target = (int)(plot_h / (SZ_TICK * 3.2));
	target = target > 6 ? 6 : target < 2 ? 2 : target;
	a->scale = XY_LINEAR;
	a->lo = isfinite(c->ylo) ? c->ylo : 0;
	if (isfinite(c->yhi)) {
		a->hi = c->yhi > a->lo ? c->yhi : a->lo + 1;
	} else {
		chart_nice_ticks(a->lo, hi > a->lo ? hi : a->lo, target, &tlo, &thi, &step);
		a->hi = thi;
	}
	linear_ticks(a, target);
}

/* The legend and the note from y; returns the y below them. */
static double xy_legend(struct scene_pen *x, const struct xychart *c, double y, double width)
{
	double row = ch_layout_legend(x, &c->series, y, width, 0);
	if (*c->note) {
		char buf[512];
		ch_fit_label(x, c->note, SZ_TICK, 0, width, buf, sizeof(buf));
		scene_text(x, SC_ROLE_LEGEND, 0, row + SZ_TICK * 0.8, buf, SZ_TICK, 0, SC_START,
			   C_MUTED);
		row += SZ_TICK + 5;
	}
	return row;
}

/* Where the plot is: left, top, width, height in points. */
struct plot {
	double left, top, w, h;
	struct axis xa, ya;
};

static double px_of(const struct plot *p, double v)
{
	return p->left + axis_frac(&p->xa, v) * p->w;
}

static double py_of(const struct plot *p, double v)
{
	return p->top + p->h - axis_frac(&p->ya, v) * p->h;
}

/* One series: solid stretches as polylines, segments touching a faint point dashed,
 * then the dots. A point a log axis cannot show, or with a NAN y, breaks the line. */
static void xy_series(struct scene_pen *x, const struct xychart *c, const struct series *se,
		      const struct plot *p)
{
	double *pts = malloc(2 * (se->n + 1) * sizeof(*pts));
	size_t np = 0;
	if (pts == NULL) {
		scene_fail(x->s);
		return;
	}
	for (size_t i = 0; i <= se->n; i++) {
		const struct series_pt *q = i < se->n ? &se->pts[i] : NULL;
		double qx = q ? px_of(p, q->x) : NAN, qy = q ? py_of(p, q->y) : NAN;
		int ok = q && isfinite(qx) && isfinite(qy);
		int faint_seg = ok && np && (q->faint || se->pts[i - 1].faint);
		if (!ok || faint_seg) {
			scene_polyline(x, pts, np, se->color, 1.6);
			if (faint_seg)
				scene_line(x, pts[2 * np - 2], pts[2 * np - 1], qx, qy, se->color,
					   1, 1);
			np = 0;
		}
		if (ok) {
			pts[2 * np] = qx;
			pts[2 * np + 1] = qy;
			np++;
		}
	}
	free(pts);
	size_t k = (size_t)(se - c->series.v); /* the series' marker shape */
	for (size_t i = 0; c->markers && i < se->n; i++) {
		double qx = px_of(p, se->pts[i].x), qy = py_of(p, se->pts[i].y);
		char where[160], xs[TEXT_NUM_MAX], tip[512];
		if (!isfinite(qx) || !isfinite(qy))
			continue;
		snprintf(where, sizeof(where), "%s %s", c->x_title ? c->x_title : "",
			 text_num(x->nf, se->pts[i].x, se->pts[i].x == floor(se->pts[i].x) ? 0 : -1,
				  xs, sizeof(xs)));
		char u[64];
		x->tip = ch_tip(x, se->label, where, se->pts[i].y,
				ch_tip_unit("", c->y_title, u, sizeof(u)), NAN, NAN,
				se->pts[i].n[0] ? se->pts[i].n : se->tip_n, tip, sizeof(tip));
		if (se->pts[i].faint)
			ch_marker(x, k, qx, qy, 2.4, "#ffffff", se->color, 1);
		else
			ch_marker(x, k, qx, qy, 2.4, se->color, "#ffffff", 0.5);
		x->tip = NULL;
	}
}

/* The grid, ticks and axis titles around the plot; returns the y below them. */
static double xy_axes(struct scene_pen *x, const struct xychart *c, const struct plot *p)
{
	char num[TEXT_NUM_MAX];
	double bottom = p->top + p->h;
	if (*c->y_title)
		scene_text(x, SC_ROLE_AXIS_TITLE, 0, p->top - 6, c->y_title, SZ_TICK, 0, SC_START,
			   C_MUTED);
	for (int t = 0; t < p->ya.nticks; t++) {
		double py = py_of(p, p->ya.ticks[t]);
		scene_line(x, p->left, py, p->left + p->w, py, t == 0 ? C_AXIS : C_GRID,
			   t == 0 ? 0.8 : 0.5, 0);
		tick_label(x, &p->ya, t, num, sizeof(num));
		scene_text(x, SC_ROLE_TICK, p->left - 4, py + SZ_TICK * 0.35, num, SZ_TICK, 0,
			   SC_END, C_MUTED);
	}
	for (int t = 0; t < p->xa.nticks; t++) {
		double px = px_of(p, p->xa.ticks[t]);
		if (c->xscale == XY_LOG)
			scene_line(x, px, p->top, px, bottom, C_GRID, 0.5, 0);
		scene_line(x, px, bottom, px, bottom + 3, C_AXIS, 0.8, 0);
		tick_label(x, &p->xa, t, num, sizeof(num));
		scene_text(x, SC_ROLE_CATEGORY, px, bottom + 4 + SZ_TICK, num, SZ_TICK, 0,
			   SC_MIDDLE, C_MUTED);
	}
	bottom += 4 + SZ_TICK + 2;
	if (*c->x_title) {
		scene_text(x, SC_ROLE_AXIS_TITLE, p->left + p->w / 2, bottom + SZ_TICK + 2,
			   c->x_title, SZ_TICK, 0, SC_MIDDLE, C_MUTED);
		bottom += SZ_TICK + 4;
	}
	return bottom;
}

struct scene *chart_xy_layout(const struct xychart *c, const struct fonts *f,
			      const struct numfmt *nf, double width, struct err *e)
{
	struct scene *s = scene_new(width, c->title, c->desc, c->oom || c->series.oom, e);
	struct scene_pen x = {s, f, nf, NULL, NULL};
	struct plot p;
	double y;
	if (s == NULL)
		return NULL;
	y = ch_layout_title(&x, c->title, width);
	y = xy_legend(&x, c, y, width);
	if (*c->y_title)
		y += SZ_TICK + 4;
	p.top = y + 4;
	p.h = width * 0.42 < 110 ? 110 : width * 0.42;
	y_axis(c, p.h, &p.ya);
	double leftw = 0;
	for (int t = 0; t < p.ya.nticks; t++) {
		char num[TEXT_NUM_MAX];
		tick_label(&x, &p.ya, t, num, sizeof(num));
		double w = scene_text_w(&x, num, SZ_TICK, 0);
		leftw = w > leftw ? w : leftw;
	}
	/* room for half a tick label at each end of the x axis */
	p.left = leftw + 8;
	p.w = width - p.left - 12;
	x_axis(&x, c, p.w, &p.xa);
	double bottom = xy_axes(&x, c, &p);
	for (size_t i = 0; i < c->series.n; i++) {
		x.claim = c->series.v[i].claim;
		xy_series(&x, c, &c->series.v[i], &p);
		x.claim = NULL;
	}
	scene_set_height(s, bottom + 2);
	return scene_done(s, e);
}
