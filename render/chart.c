/* render/chart.c: the chart model and its layout into a scene (see chart.h). */
#include "render/chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart_int.h"

struct row {
	char *label;
	char color[8];
	double value, lo, hi;
};

struct panel {
	char *title;
	struct row *rows;
	size_t nrows;
};

struct series {
	char *label;
	char color[8];
	double *y;          /* ncats values */
};

struct chart {
	enum chart_kind kind;
	char *title, *desc, *value_title, *unit, *x_title;
	char **cats;
	size_t ncats;
	struct series *series;
	size_t nseries;
	struct panel *panels;
	size_t npanels;
	int oom;            /* an allocation failed: chart_layout refuses the chart */
};

static char *dupe(const char *s)
{
	return strdup(s ? s : "");
}

/* dupe() for a string the chart keeps; a failure marks the chart. */
static char *keep(struct chart *c, const char *s)
{
	char *r = dupe(s);
	if (!r)
		c->oom = 1;
	return r;
}

struct chart *chart_new(enum chart_kind kind, const char *title, const char *desc)
{
	struct chart *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->kind = kind;
	c->title = keep(c, title);
	c->desc = keep(c, desc);
	c->value_title = keep(c, "");
	c->unit = keep(c, "");
	c->x_title = keep(c, "");
	if (c->oom) {
		chart_free(c);
		return NULL;
	}
	return c;
}

void chart_free(struct chart *c)
{
	size_t i, j;
	if (!c)
		return;
	free(c->title); free(c->desc); free(c->value_title); free(c->unit); free(c->x_title);
	for (i = 0; i < c->ncats; i++)
		free(c->cats[i]);
	free(c->cats);
	for (i = 0; i < c->nseries; i++) {
		free(c->series[i].label);
		free(c->series[i].y);
	}
	free(c->series);
	for (i = 0; i < c->npanels; i++) {
		for (j = 0; j < c->panels[i].nrows; j++)
			free(c->panels[i].rows[j].label);
		free(c->panels[i].rows);
		free(c->panels[i].title);
	}
	free(c->panels);
	free(c);
}

void chart_set_axis(struct chart *c, const char *value_title, const char *unit,
		    const char *x_title)
{
	free(c->value_title); free(c->unit); free(c->x_title);
	c->value_title = keep(c, value_title);
	c->unit = keep(c, unit);
	c->x_title = keep(c, x_title);
}

void chart_set_categories(struct chart *c, const char *const *labels, size_t n)
{
	char **cats = calloc(n + 1, sizeof *cats);
	if (!cats) {
		c->oom = 1;
		return;
	}
	for (size_t i = 0; i < c->ncats; i++)
		free(c->cats[i]);
	free(c->cats);
	for (size_t i = 0; i < n; i++)
		cats[i] = keep(c, labels[i]);
	c->cats = cats;
	c->ncats = n;
}

int chart_add_series(struct chart *c, const char *label, const char *color)
{
	struct series *s = realloc(c->series, (c->nseries + 1) * sizeof *s);
	if (!s) {
		c->oom = 1;
		return -1;
	}
	c->series = s;
	s = &c->series[c->nseries];
	s->y = malloc((c->ncats + 1) * sizeof *s->y);
	if (!s->y) {
		c->oom = 1;
		return -1;
	}
	s->label = keep(c, label);
	ch_set_color(s->color, color);
	for (size_t i = 0; i < c->ncats; i++)
		s->y[i] = NAN;
	return (int)c->nseries++;
}

void chart_set_point(struct chart *c, int s, size_t i, double y)
{
	if (s >= 0 && (size_t)s < c->nseries && i < c->ncats)
		c->series[s].y[i] = y;
}

int chart_add_panel(struct chart *c, const char *title)
{
	struct panel *p = realloc(c->panels, (c->npanels + 1) * sizeof *p);
	if (!p) {
		c->oom = 1;
		return -1;
	}
	c->panels = p;
	memset(&p[c->npanels], 0, sizeof *p);
	p[c->npanels].title = keep(c, title);
	return (int)c->npanels++;
}

static struct row *add_row(struct chart *c, int p, const char *label, const char *color)
{
	if (p < 0 || (size_t)p >= c->npanels)
		return NULL;
	struct panel *pn = &c->panels[p];
	struct row *r = realloc(pn->rows, (pn->nrows + 1) * sizeof *r);
	if (!r) {
		c->oom = 1;
		return NULL;
	}
	pn->rows = r;
	r = &pn->rows[pn->nrows++];
	r->label = keep(c, label);
	ch_set_color(r->color, color);
	r->value = r->lo = r->hi = NAN;
	return r;
}

void chart_add_bar(struct chart *c, int p, const char *label, const char *color, double value)
{
	struct row *r = add_row(c, p, label, color);
	if (r)
		r->value = value;
}

void chart_add_range(struct chart *c, int p, const char *label, const char *color,
		     double lo, double mid, double hi)
{
	struct row *r = add_row(c, p, label, color);
	if (r) {
		r->value = mid;
		r->lo = lo;
		r->hi = hi;
	}
}

int chart_nice_ticks(double lo, double hi, int target, double *tlo, double *thi, double *step)
{
	if (target < 1)
		target = 1;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = 0;
		hi = 1;
	}
	if (hi < lo) {
		double t = lo;
		lo = hi;
		hi = t;
	}
	if (hi == lo) {
		if (hi == 0)
			hi = 1;
		else if (lo == 0 || hi > 0)
			hi = hi + fabs(hi) * 0.5, lo = lo == 0 ? 0 : lo - fabs(lo) * 0.5;
		else
			lo = lo - fabs(lo) * 0.5, hi = hi + fabs(hi) * 0.5;
	}
	double raw = (hi - lo) / target;
	double mag = pow(10, floor(log10(raw)));
	double f = raw / mag, s;
	if (f <= 1.0 + 1e-9)
		s = 1;
	else if (f <= 2.0 + 1e-9)
		s = 2;
	else if (f <= 5.0 + 1e-9)
		s = 5;
	else
		s = 10;
	s *= mag;
	*tlo = floor(lo / s + 1e-9) * s;
	*thi = ceil(hi / s - 1e-9) * s;
	*step = s;
	return (int)floor((*thi - *tlo) / s + 0.5) + 1;
}

static double layout_title(struct ctx *x, const struct chart *c)
{
	if (!*c->title)
		return 0;
	ch_text(x, SC_ROLE_TITLE, 0, SZ_TITLE, c->title, SZ_TITLE, 1, SC_START, C_TEXT);
	return SZ_TITLE + 7;
}

/* The legend from y; returns the y below it. */
static double layout_legend(struct ctx *x, const struct chart *c, double y, double width)
{
	double cx = 0, row = y;
	for (size_t i = 0; i < c->nseries; i++) {
		double w = 16 + ch_text_w(x, c->series[i].label, SZ_LABEL, 0);
		if (cx > 0 && cx + w > width) {
			cx = 0;
			row += SZ_LABEL + 5;
		}
		ch_line(x, cx, row + SZ_LABEL * 0.45, cx + 12, row + SZ_LABEL * 0.45,
		     c->series[i].color, 2, 0);
		ch_circle(x, cx + 6, row + SZ_LABEL * 0.45, 2.2, c->series[i].color, NULL, 0);
		ch_text(x, SC_ROLE_LEGEND, cx + 15, row + SZ_LABEL * 0.8, c->series[i].label, SZ_LABEL,
		     0, SC_START, C_TEXT);
		cx += w + 10;
	}
	return c->nseries ? row + SZ_LABEL + 6 : y;
}

struct endlab {
	double py, y;        /* the point's y and the label's baseline */
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

static void layout_line(struct ctx *x, const struct chart *c, double width)
{
	double y = layout_title(x, c), maxv = 0;
	size_t i, k, nl = 0;
	struct endlab *labs = calloc(c->nseries + 1, sizeof *labs);
	if (!labs) {
		x->s->oom = 1;
		return;
	}
	y = layout_legend(x, c, y, width);
	if (*c->value_title)
		y += SZ_TICK + 4;
	for (i = 0; i < c->nseries; i++)
		for (k = 0; k < c->ncats; k++)
			if (isfinite(c->series[i].y[k]) && c->series[i].y[k] > maxv)
				maxv = c->series[i].y[k];
	/* end labels: the last point of each line */
	double rightw = 0;
	for (i = 0; i < c->nseries && c->ncats; i++) {
		double v = c->series[i].y[c->ncats - 1];
		if (!isfinite(v))
			continue;
		labs[nl].series = i;
		ch_fmt_value(x, v, c->unit, labs[nl].text, sizeof labs[nl].text);
		labs[nl].w = ch_text_w(x, labs[nl].text, SZ_VALUE, 0);
		if (labs[nl].w > rightw)
			rightw = labs[nl].w;
		nl++;
	}
	double plot_top = y + 4, plot_h = width * 0.42 < 110 ? 110 : width * 0.42;
	double plot_bottom = plot_top + plot_h;
	/* y ticks: as many as fit vertically */
	double tlo, thi, step;
	int target = (int)(plot_h / (SZ_TICK * 3.2));
	if (target > 6)
		target = 6;
	int nt = chart_nice_ticks(0, maxv, target, &tlo, &thi, &step);
	int dec = ch_tick_decimals(step);
	double leftw = ch_ticks_width(x, tlo, step, nt, dec);
	char num[TEXT_NUM_MAX];
	double left = leftw + 6, right = width - (rightw > 0 ? rightw + 12 : 4);
	double pw = right - left;
	if (*c->value_title)
		ch_text(x, SC_ROLE_AXIS_TITLE, 0, plot_top - 6, c->value_title, SZ_TICK, 0, SC_START,
		     C_MUTED);
	for (int t = 0; t < nt; t++) {
		double v = tlo + t * step, py = plot_bottom - (v - tlo) / (thi - tlo) * plot_h;
		ch_line(x, left, py, right, py, t == 0 ? C_AXIS : C_GRID, t == 0 ? 0.8 : 0.5, 0);
		ch_text(x, SC_ROLE_TICK, left - 4, py + SZ_TICK * 0.35,
		     text_num(x->nf, v, dec, num, sizeof num), SZ_TICK, 0, SC_END, C_MUTED);
	}
	double cw = c->ncats ? pw / (double)c->ncats : pw;
	for (k = 0; k < c->ncats; k++) {
		double px = left + cw * ((double)k + 0.5);
		ch_line(x, px, plot_bottom, px, plot_bottom + 3, C_AXIS, 0.8, 0);
		char lab[128];
		ch_fit_label(x, c->cats[k], SZ_TICK, 0, cw - 2, lab, sizeof lab);
		ch_text(x, SC_ROLE_CATEGORY, px, plot_bottom + 4 + SZ_TICK, lab, SZ_TICK, 0, SC_MIDDLE,
		     C_MUTED);
	}
	double bottom = plot_bottom + 4 + SZ_TICK + 2;
	if (*c->x_title) {
		ch_text(x, SC_ROLE_AXIS_TITLE, left + pw / 2, bottom + SZ_TICK + 2, c->x_title, SZ_TICK,
		     0, SC_MIDDLE, C_MUTED);
		bottom += SZ_TICK + 4;
	}
	/* lines and points */
	double *pts = malloc(2 * (c->ncats + 1) * sizeof *pts);
	if (!pts)
		x->s->oom = 1;
	for (i = 0; pts && i < c->nseries; i++) {
		size_t np = 0;
		for (k = 0; k <= c->ncats; k++) {
			double v = k < c->ncats ? c->series[i].y[k] : NAN;
			if (isfinite(v)) {
				pts[2 * np] = left + cw * ((double)k + 0.5);
				pts[2 * np + 1] = plot_bottom - (v - tlo) / (thi - tlo) * plot_h;
				np++;
			} else {
				ch_polyline(x, pts, np, c->series[i].color, 1.8);
				np = 0;
			}
		}
		for (k = 0; k < c->ncats; k++) {
			double v = c->series[i].y[k];
			if (isfinite(v))
				ch_circle(x, left + cw * ((double)k + 0.5),
				       plot_bottom - (v - tlo) / (thi - tlo) * plot_h, 2.4,
				       c->series[i].color, "#ffffff", 0.6);
		}
	}
	free(pts);
	/* end labels pushed apart: sorted by the point's y, each at least one line below the
	 * previous one, then the whole stack moved up if it runs past the plot bottom */
	double gap = SZ_VALUE + 1.5, lx = left + cw * ((double)c->ncats - 0.5) + 8;
	for (i = 0; i < nl; i++) {
		double v = c->series[labs[i].series].y[c->ncats - 1];
		labs[i].py = plot_bottom - (v - tlo) / (thi - tlo) * plot_h;
		labs[i].px = lx - 8;
	}
	qsort(labs, nl, sizeof *labs, cmp_endlab);
	for (i = 0; i < nl; i++) {
		labs[i].y = labs[i].py + SZ_VALUE * 0.35;
		if (i > 0 && labs[i].y < labs[i - 1].y + gap)
			labs[i].y = labs[i - 1].y + gap;
	}
	for (i = nl; i-- > 0;) {
		double lim = i + 1 < nl ? labs[i + 1].y - gap : plot_bottom + SZ_VALUE;
		if (labs[i].y > lim)
			labs[i].y = lim;
	}
	for (i = 0; i < nl; i++) {
		char col[8];
		const char *sc = c->series[labs[i].series].color;
		if (fabs(labs[i].y - SZ_VALUE * 0.35 - labs[i].py) > 1.5)
			ch_line(x, labs[i].px + 3, labs[i].py, lx - 1.5, labs[i].y - SZ_VALUE * 0.35, sc,
			     0.5, 0);
		ch_darken(col, sc, 0.7);
		ch_text(x, SC_ROLE_VALUE, lx, labs[i].y, labs[i].text, SZ_VALUE, 0, SC_START, col);
	}
	x->s->height = bottom + 2;
	free(labs);
}

/* HBAR and RANGE: panels in a grid, rows = subjects. */
static void layout_bars(struct ctx *x, const struct chart *c, double width)
{
	double y = layout_title(x, c);
	size_t cols = (c->npanels >= 2 && width >= 380) ? 2 : 1, p, r;
	double gapx = 18, pw = (width - gapx * (double)(cols - 1)) / (double)cols;
	double rowh = 14, barh = 8.5, labw = 0;
	char buf[256], num[TEXT_NUM_MAX];

	for (p = 0; p < c->npanels; p++)
		for (r = 0; r < c->panels[p].nrows; r++) {
			double w = ch_text_w(x, c->panels[p].rows[r].label, SZ_LABEL, 0);
			if (w > labw)
				labw = w;
		}
	if (labw > pw * 0.38)
		labw = pw * 0.38;
	double rowy = y;
	for (p = 0; p < c->npanels; p++) {
		const struct panel *pn = &c->panels[p];
		size_t col = p % cols;
		double px = (double)col * (pw + gapx);
		if (col == 0 && p > 0) {
			size_t maxrows = 0;
			for (size_t q = p - cols; q < p; q++)
				if (c->panels[q].nrows > maxrows)
					maxrows = c->panels[q].nrows;
			rowy += (*c->panels[p - cols].title ? SZ_PANEL + 6 : 0) +
				(double)maxrows * rowh + 2 * SZ_TICK + 19;
		}
		double py = rowy;
		if (*pn->title) {
			ch_text(x, SC_ROLE_PANEL, px, py + SZ_PANEL, pn->title, SZ_PANEL, 1, SC_START,
			     C_TEXT);
			py += SZ_PANEL + 6;
		}
		/* value labels and the space they need at the right */
		double maxv = 0, valw = 0;
		for (r = 0; r < pn->nrows; r++) {
			const struct row *rw = &pn->rows[r];
			double hi = c->kind == CHART_RANGE ? rw->hi : rw->value;
			if (isfinite(hi) && hi > maxv)
				maxv = hi;
			if (isfinite(rw->value) && rw->value > maxv)
				maxv = rw->value;
			ch_fmt_value(x, rw->value, c->unit, buf, sizeof buf);
			double w = ch_text_w(x, buf, SZ_VALUE, 0);
			if (w > valw)
				valw = w;
		}
		double x0 = px + labw + 6, bw = pw - labw - 6 - valw - 8;
		if (bw < 20)
			bw = 20;
		double thi, step;
		int nt = ch_fit_hticks(x, maxv, bw, &thi, &step), dec = ch_tick_decimals(step);
		double ybot = py + (double)pn->nrows * rowh;
		for (int t = 0; t < nt; t++) {
			double tx = x0 + (t * step) / thi * bw;
			ch_line(x, tx, py, tx, ybot, t == 0 ? C_AXIS : C_GRID, t == 0 ? 0.8 : 0.5, 0);
			ch_text(x, SC_ROLE_TICK, tx, ybot + SZ_TICK + 3,
			     text_num(x->nf, t * step, dec, num, sizeof num), SZ_TICK, 0, SC_MIDDLE,
			     C_MUTED);
		}
		double h = ybot + SZ_TICK + 6;
		if (*c->value_title && !*c->unit && (col == cols - 1 || p == c->npanels - 1)) {
			/* the unit on its own line under the ticks, at the scale's end (only
			 * when the value labels do not carry it already) */
			ch_text(x, SC_ROLE_AXIS_TITLE, x0 + bw, ybot + 2 * SZ_TICK + 6,
			     c->value_title, SZ_TICK, 0, SC_END, C_MUTED);
			h += SZ_TICK + 3;
		}
		for (r = 0; r < pn->nrows; r++) {
			const struct row *rw = &pn->rows[r];
			double cy = py + rowh * ((double)r + 0.5), end = x0;
			ch_fit_label(x, rw->label, SZ_LABEL, 0, labw, buf, sizeof buf);
			ch_text(x, SC_ROLE_CATEGORY, x0 - 5, cy + SZ_LABEL * 0.35, buf, SZ_LABEL, 0,
			     SC_END, C_TEXT);
			if (c->kind == CHART_HBAR && isfinite(rw->value)) {
				end = x0 + rw->value / thi * bw;
				ch_rect(x, x0, cy - barh / 2, end - x0, barh, rw->color);
			} else if (c->kind == CHART_RANGE && isfinite(rw->lo) && isfinite(rw->hi)) {
				double a = x0 + rw->lo / thi * bw;
				end = x0 + rw->hi / thi * bw;
				ch_line(x, a, cy, end, cy, rw->color, 4.5, 0);
				ch_line(x, a, cy - 4, a, cy + 4, rw->color, 1, 0);
				ch_line(x, end, cy - 4, end, cy + 4, rw->color, 1, 0);
			}
			if (c->kind == CHART_RANGE && isfinite(rw->value)) {
				double mx = x0 + rw->value / thi * bw;
				ch_circle(x, mx, cy, 3.2, "#ffffff", C_TEXT, 1.2);
				if (mx > end)
					end = mx + 3.2;
			}
			ch_fmt_value(x, rw->value, c->unit, buf, sizeof buf);
			ch_text(x, SC_ROLE_VALUE, end + 4, cy + SZ_VALUE * 0.35, buf, SZ_VALUE, 0,
			     SC_START, C_TEXT);
		}
		if (h > x->s->height)
			x->s->height = h;
	}
}

struct scene *chart_layout(const struct chart *c, const struct fonts *f,
			   const struct numfmt *nf, double width, struct err *e)
{
	struct scene *s = calloc(1, sizeof *s);
	struct ctx x = { s, f, nf };
	if (!s || c->oom) {
		err_set(e, "chart '%s': out of memory", c->title);
		free(s);
		return NULL;
	}
	s->width = width;
	s->title = dupe(c->title);
	s->desc = dupe(c->desc);
	if (c->kind == CHART_LINE)
		layout_line(&x, c, width);
	else
		layout_bars(&x, c, width);
	if (s->oom || !s->title || !s->desc) {
		err_set(e, "chart '%s': out of memory", c->title);
		scene_free(s);
		return NULL;
	}
	return s;
}

void scene_free(struct scene *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->items[i].text);
		free(s->items[i].pts);
	}
	free(s->items);
	free(s->title);
	free(s->desc);
	free(s);
}

double scene_width(const struct scene *s) { return s->width; }
double scene_height(const struct scene *s) { return s->height; }
const char *scene_title(const struct scene *s) { return s->title; }
const char *scene_desc(const struct scene *s) { return s->desc; }
size_t scene_count(const struct scene *s) { return s->n; }

const struct sc_item *scene_item(const struct scene *s, size_t i)
{
	return i < s->n ? &s->items[i] : NULL;
}

void scene_text_box(const struct sc_item *it, double *x0, double *y0, double *x1, double *y1)
{
	double left = it->x;
	if (it->anchor == SC_MIDDLE)
		left -= it->text_width / 2;
	else if (it->anchor == SC_END)
		left -= it->text_width;
	*x0 = left;
	*x1 = left + it->text_width;
	*y0 = it->y - it->size * 0.8;
	*y1 = it->y + it->size * 0.2;
}

size_t scene_overlaps(const struct scene *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++) {
		double a0, b0, a1, b1;
		if (s->items[i].kind != SC_TEXT)
			continue;
		scene_text_box(&s->items[i], &a0, &b0, &a1, &b1);
		for (size_t j = i + 1; j < s->n; j++) {
			double c0, d0, c1, d1;
			if (s->items[j].kind != SC_TEXT)
				continue;
			scene_text_box(&s->items[j], &c0, &d0, &c1, &d1);
			if (a0 < c1 && c0 < a1 && b0 < d1 && d0 < b1)
				n++;
		}
	}
	return n;
}
