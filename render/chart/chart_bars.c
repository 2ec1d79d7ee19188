/* render/chart/chart_bars.c: the HBAR, RANGE, STACK and FOREST layouts (see chart.h; a STACK
 * bar's segments and legend are drawn by render/chart/chart_stack.c). */
#include "render/chart/chart_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What is written after a row: its own text, else its value with the unit. */
static void row_text(const struct scene_pen *x, const struct chart *c, const struct row *rw,
		     char *buf, size_t n)
{
	if (rw->text)
		snprintf(buf, n, "%s", rw->text);
	else
		ch_fmt_value(x, rw->value, c->unit, buf, n);
}

/* A diamond of half-width r at cx, cy: a closed polyline, filled white, outlined. */
static void diamond(struct scene_pen *x, double cx, double cy, double r, const char *color)
{
	double pts[] = {cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy, cx, cy - r};
	char dark[8];
	ch_darken(dark, color, 0.6);
	scene_polyline(x, pts, 5, dark, 1.3);
}

/* The bar, range or stack of row rw of panel pn centred at cy (x0 = 0, k points per unit);
 * returns where it ends on the right (x0 when nothing is drawn). */
static double bar_shape(struct scene_pen *x, const struct chart *c, const struct panel *pn,
			const struct row *rw, double x0, double k, double cy)
{
	double end = x0, barh = 8.5;
	if (c->kind == CHART_STACK)
		return ch_stack_shape(x, c, pn, rw, x0, k, cy, barh);
	if (c->kind == CHART_HBAR && isfinite(rw->value)) {
		end = x0 + rw->value * k;
		scene_rect(x, x0, cy - barh / 2, end - x0, barh, rw->color);
	} else if (c->kind == CHART_RANGE && isfinite(rw->lo) && isfinite(rw->hi)) {
		double a = x0 + rw->lo * k;
		end = x0 + rw->hi * k;
		scene_line(x, a, cy, end, cy, rw->color, 4.5, 0);
		scene_line(x, a, cy - 4, a, cy + 4, rw->color, 1, 0);
		scene_line(x, end, cy - 4, end, cy + 4, rw->color, 1, 0);
	}
	if (c->kind == CHART_RANGE && isfinite(rw->value)) {
		double mx = x0 + rw->value * k;
		scene_circle(x, mx, cy, 3.2, "#ffffff", C_TEXT, 1.2);
		if (mx > end)
			end = mx + 3.2;
	}
	if (c->kind == CHART_RANGE && isfinite(rw->mark)) {
		double mx = x0 + rw->mark * k;
		diamond(x, mx, cy, 3.4, rw->color);
		if (mx + 3.4 > end)
			end = mx + 3.4;
	}
	return end;
}

/* HBAR, RANGE and STACK: panels in a grid, rows = subjects (STACK: the parts' legend on
 * top). */
void ch_layout_bars(struct scene_pen *x, const struct chart *c, double width)
{
	double y = ch_layout_title(x, c->title, width);
	if (c->kind == CHART_STACK)
		y = ch_layout_swatches(x, &c->series, y, width);
	/* a stack's bars need the width: its panels go one under the other */
	size_t cols = (c->npanels >= 2 && width >= 380 && c->kind != CHART_STACK) ? 2 : 1, p, r;
	double gapx = 18, pw = (width - gapx * (double)(cols - 1)) / (double)cols;
	double rowh = 14, labw = 0;
	char buf[256], num[TEXT_NUM_MAX];

	for (p = 0; p < c->npanels; p++)
		for (r = 0; r < c->panels[p].nrows; r++) {
			double w = scene_text_w(x, c->panels[p].rows[r].label, SZ_LABEL, 0);
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
			scene_text(x, SC_ROLE_PANEL, px, py + SZ_PANEL, pn->title, SZ_PANEL, 1,
				   SC_START, C_TEXT);
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
			if (isfinite(rw->mark) && rw->mark > maxv)
				maxv = rw->mark;
			row_text(x, c, rw, buf, sizeof(buf));
			double w = scene_text_w(x, buf, SZ_VALUE, 0);
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
			scene_line(x, tx, py, tx, ybot, t == 0 ? C_AXIS : C_GRID,
				   t == 0 ? 0.8 : 0.5, 0);
			scene_text(x, SC_ROLE_TICK, tx, ybot + SZ_TICK + 3,
				   text_num(x->nf, t * step, dec, num, sizeof(num)), SZ_TICK, 0,
				   SC_MIDDLE, C_MUTED);
		}
		double h = ybot + SZ_TICK + 6;
		if (*c->value_title && !*c->unit && (col == cols - 1 || p == c->npanels - 1)) {
			/* the unit on its own line under the ticks, at the scale's end (only
			 * when the value labels do not carry it already) */
			scene_text(x, SC_ROLE_AXIS_TITLE, x0 + bw, ybot + 2 * SZ_TICK + 6,
				   c->value_title, SZ_TICK, 0, SC_END, C_MUTED);
			h += SZ_TICK + 3;
		}
		for (r = 0; r < pn->nrows; r++) {
			const struct row *rw = &pn->rows[r];
			double cy = py + rowh * ((double)r + 0.5), end;
			ch_fit_label(x, rw->label, SZ_LABEL, 0, labw, buf, sizeof(buf));
			x->claim = rw->claim;
			scene_text(x, SC_ROLE_CATEGORY, x0 - 5, cy + SZ_LABEL * 0.35, buf, SZ_LABEL,
				   0, SC_END, C_TEXT);
			char tip[512];
			char u[64];
			x->tip = ch_tip(x, rw->label, pn->title, rw->value,
					ch_tip_unit(c->unit, c->value_title, u, sizeof(u)),
					c->kind == CHART_RANGE ? rw->lo : NAN,
					c->kind == CHART_RANGE ? rw->hi : NAN, rw->n, tip,
					sizeof(tip));
			end = bar_shape(x, c, pn, rw, x0, bw / thi, cy);
			x->tip = NULL;
			row_text(x, c, rw, buf, sizeof(buf));
			scene_text(x, SC_ROLE_VALUE, end + 4, cy + SZ_VALUE * 0.35, buf, SZ_VALUE,
				   0, SC_START, C_TEXT);
			x->claim = NULL;
		}
		if (h > scene_height(x->s))
			scene_set_height(x->s, h);
	}
}


/* ---- FOREST ---- */

struct logaxis {
	double la, lb; /* log of the axis ends */
	double x0, w;  /* where the axis is drawn */
};

static double lx(const struct logaxis *a, double v)
{
	return a->x0 + (log(v) - a->la) / (a->lb - a->la) * a->w;
}

/* The axis range: every estimate and interval end and the reference, padded. */
static void forest_range(const struct chart *c, struct logaxis *a)
{
	double lo = c->ref, hi = c->ref;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t r = 0; r < c->panels[p].nrows; r++)
			for (size_t k = 0; k < c->panels[p].rows[r].nmarks; k++) {
				const struct fmark *m = &c->panels[p].rows[r].marks[k];
				double v[3] = {m->value, m->lo, m->hi};
				for (int i = 0; i < 3; i++)
					if (isfinite(v[i]) && v[i] > 0) {
						lo = v[i] < lo ? v[i] : lo;
						hi = v[i] > hi ? v[i] : hi;
					}
			}
	a->la = log(lo);
	a->lb = log(hi);
	double pad = (a->lb - a->la) * 0.06;
	if (pad < 0.04)
		pad = 0.04;
	a->la -= pad;
	a->lb += pad;
}

/* A ratio tick: "2", "0.5", "1.25" (at most 2 decimals, no trailing zeros) into buf
 * (TEXT_NUM_MAX bytes). */
static const char *tick_label(const struct scene_pen *x, double v, char *buf)
{
	int dec = fabs(v * 10 - floor(v * 10 + 0.5)) < 1e-9 ? 1 : 2;
	if (fabs(v - floor(v + 0.5)) < 1e-9)
		dec = 0;
	return text_num(x->nf, v, dec, buf, TEXT_NUM_MAX);
}

/* Ticks on the log axis: the reference first, then round ratios by priority, each kept
 * only when its label clears the ones kept before. Returns how many (into t). */
static size_t forest_ticks(const struct scene_pen *x, const struct logaxis *a, double ref,
			   double *t, size_t max)
{
	static const double cand[] = {0.5,  2,   0.8, 1.25, 0.25, 4,  0.1,  10, 0.9,  1.1,
				      0.67, 1.5, 3,   5,    0.2,  20, 0.05, 50, 0.01, 100};
	double px[32], hw[32];
	size_t n = 0;
	char num[TEXT_NUM_MAX];
	for (size_t i = 0; i <= sizeof(cand) / sizeof(cand[0]) && n < max && n < 32; i++) {
		double v = i == 0 ? ref : cand[i - 1];
		if (log(v) < a->la || log(v) > a->lb || (i > 0 && v == ref))
			continue;
		double p = lx(a, v), w = scene_text_w(x, tick_label(x, v, num), SZ_TICK, 0) / 2 + 3;
		int clear = 1;
		for (size_t j = 0; j < n && clear; j++)
			clear = fabs(px[j] - p) > hw[j] + w;
		if (!clear)
			continue;
		px[n] = p;
		hw[n] = w;
		t[n++] = v;
	}
	return n;
}

/* One estimate on the row line at cy. */
static void forest_mark(struct scene_pen *x, const struct logaxis *a, const struct fmark *m,
			double cy)
{
	double lo = m->lo, hi = m->hi, xa = a->x0, xb = a->x0 + a->w;
	if (isfinite(lo) && isfinite(hi) && lo > 0 && hi > 0) {
		double p0 = lx(a, lo), p1 = lx(a, hi);
		p0 = p0 < xa ? xa : p0;
		p1 = p1 > xb ? xb : p1;
		scene_line(x, p0, cy, p1, cy, m->color, 1.3, 0);
		scene_line(x, p0, cy - 2.5, p0, cy + 2.5, m->color, 1, 0);
		scene_line(x, p1, cy - 2.5, p1, cy + 2.5, m->color, 1, 0);
	}
	if (isfinite(m->value) && m->value > 0) {
		if (m->filled)
			scene_circle(x, lx(a, m->value), cy, 3, m->color, "#ffffff", 0.6);
		else
			scene_circle(x, lx(a, m->value), cy, 2.8, "#ffffff", m->color, 1.3);
	}
}

void ch_layout_forest(struct scene_pen *x, const struct chart *c, double width)
{
	double y = ch_layout_title(x, c->title, width), labw = 0, tw = 0, sub = 10.5, ticks[32];
	char buf[256];
	struct logaxis a;
	size_t p, r, k;
	y = ch_layout_legend(x, &c->series, y, width, 1);
	for (p = 0; p < c->npanels; p++)
		for (r = 0; r < c->panels[p].nrows; r++) {
			const struct row *rw = &c->panels[p].rows[r];
			double w = scene_text_w(x, rw->label, SZ_LABEL, 0);
			labw = w > labw ? w : labw;
			for (k = 0; k < rw->nmarks; k++) {
				ch_fmt_value(x, rw->marks[k].value, "", buf, sizeof(buf));
				w = scene_text_w(x, rw->marks[k].text ? rw->marks[k].text : buf,
						 SZ_VALUE, 0);
				tw = w > tw ? w : tw;
			}
		}
	labw = labw > width * 0.34 ? width * 0.34 : labw;
	tw = tw > width * 0.3 ? width * 0.3 : tw;
	forest_range(c, &a);
	a.x0 = labw + 8;
	a.w = width - a.x0 - tw - 10;
	if (a.w < 40)
		a.w = 40;
	size_t nt = forest_ticks(x, &a, c->ref, ticks, 32);
	for (p = 0; p < c->npanels; p++) {
		const struct panel *pn = &c->panels[p];
		if (*pn->title) {
			scene_text(x, SC_ROLE_PANEL, 0, y + SZ_PANEL, pn->title, SZ_PANEL, 1,
				   SC_START, C_TEXT);
			y += SZ_PANEL + 6;
		}
		double top = y;
		for (r = 0; r < pn->nrows; r++)
			y += (double)(pn->rows[r].nmarks ? pn->rows[r].nmarks : 1) * sub + 3;
		for (k = 0; k < nt; k++) {
			int ref = ticks[k] == c->ref;
			scene_line(x, lx(&a, ticks[k]), top - 2, lx(&a, ticks[k]), y,
				   ref ? C_TEXT : C_GRID, ref ? 0.9 : 0.5, ref);
		}
		double cy = top;
		for (r = 0; r < pn->nrows; r++) {
			const struct row *rw = &pn->rows[r];
			size_t nm = rw->nmarks ? rw->nmarks : 1;
			ch_fit_label(x, rw->label, SZ_LABEL, 0, labw, buf, sizeof(buf));
			scene_text(x, SC_ROLE_CATEGORY, a.x0 - 6, cy + sub / 2 + SZ_LABEL * 0.35,
				   buf, SZ_LABEL, 0, SC_END, C_TEXT);
			for (k = 0; k < rw->nmarks; k++) {
				const struct fmark *m = &rw->marks[k];
				double my = cy + sub * ((double)k + 0.5);
				char col[8];
				char tip[512];
				/* the text names the subject where the row does not */
				x->tip = ch_tip(x, rw->label, m->text, m->value, "", m->lo, m->hi,
						m->n, tip, sizeof(tip));
				x->claim = m->claim;
				forest_mark(x, &a, m, my);
				x->tip = NULL;
				ch_fmt_value(x, m->value, "", buf, sizeof(buf));
				ch_darken(col, m->color, 0.7);
				scene_text(x, SC_ROLE_VALUE, a.x0 + a.w + 6, my + SZ_VALUE * 0.35,
					   m->text ? m->text : buf, SZ_VALUE, 0, SC_START, col);
				x->claim = NULL;
			}
			cy += (double)nm * sub + 3;
			if (r + 1 < pn->nrows)
				scene_line(x, 0, cy - 1.5, width, cy - 1.5, C_GRID, 0.3, 0);
		}
		scene_line(x, a.x0, y, a.x0 + a.w, y, C_AXIS, 0.8, 0);
		for (k = 0; k < nt; k++)
			scene_text(x, SC_ROLE_TICK, lx(&a, ticks[k]), y + SZ_TICK + 3,
				   tick_label(x, ticks[k], buf), SZ_TICK, 0, SC_MIDDLE, C_MUTED);
		y += SZ_TICK + 6;
		if (*c->value_title) {
			scene_text(x, SC_ROLE_AXIS_TITLE, a.x0 + a.w / 2, y + SZ_TICK + 2,
				   c->value_title, SZ_TICK, 0, SC_MIDDLE, C_MUTED);
			y += SZ_TICK + 4;
		}
		y += 8;
	}
	scene_set_height(x->s, y);
}
