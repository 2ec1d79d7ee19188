/* render/chart/chart_int.h: the chart model's insides and what its layouts share. Private to
 * the chart room: the report builds charts with chart.h only. The layers, from the
 * bottom: the scene (render/chart/scene.h) and the series (series.h); the layouts' common
 * drawing (render/chart/chart_draw.c); the layouts (chart_line.c: LINE; chart_bars.c: HBAR,
 * RANGE, FOREST and STACK with the parts of chart_stack.c; chart_xy.c: the x-y chart); on
 * top, chart.c: the model and chart_layout's dispatch. chart_summary.c reads the model for
 * the report (what a chart's data says). */
#ifndef RENDER_CHART_INT_H
#define RENDER_CHART_INT_H

#include "render/chart/chart.h"
#include "render/chart/scene.h"
#include "render/chart/series.h"

#define C_TEXT "#222222"
#define C_MUTED "#5f6368"
#define C_GRID "#e4e6e8"
#define C_AXIS "#9aa0a6"

#define SZ_TITLE 9.5
#define SZ_PANEL 8.0
#define SZ_LABEL 7.5
#define SZ_TICK 6.8
#define SZ_VALUE 7.0

struct fmark { /* FOREST: one estimate with its interval */
	char color[8];
	double value, lo, hi;
	int filled;  /* 1: a filled marker (significant), 0: hollow */
	char *text;  /* written at the right, or NULL for the value */
	char n[24];  /* the sample size for the tooltip ("" for none) */
	char *claim; /* the claim ids it shows, or NULL */
};

struct row {
	char *label;
	char color[8];
	double value, lo, hi;
	double mark;         /* RANGE: a second mark (e.g. p99.9), NAN for none */
	char *text;          /* written after the row instead of the value, or NULL */
	struct fmark *marks; /* FOREST */
	size_t nmarks;
	double *parts; /* STACK: one value per series (NAN: none); value is their sum */
	size_t nparts;
	char n[24];  /* the sample size for the tooltip ("" for none) */
	char *claim; /* the claim ids its marks, label and text show, or NULL */
	int aside;   /* drawn, but named by no summary (highest, lowest): not comparable */
};

struct panel {
	char *title;
	struct row *rows;
	size_t nrows;
};

struct chart {
	enum chart_kind kind;
	char *title, *desc, *value_title, *unit, *x_title;
	char **cats;
	size_t ncats;
	struct series_set series; /* LINE: one point per category (render/chart/series.h) */
	struct panel *panels;
	size_t npanels;
	double ref; /* FOREST: the reference line (1 for a ratio) */
	int oom;    /* an allocation failed: chart_layout refuses the chart */
};

/* The layouts' common drawing (render/chart/chart_draw.c). */

/* ch_marker: the marker of series number k (circle, square, triangle, diamond, inverted
 * triangle, in turn) centred at cx, cy, radius about r, so lines differ by shape too. */
void ch_marker(struct scene_pen *x, size_t k, double cx, double cy, double r, const char *fill,
	       const char *stroke, double width);
/* ch_tip: the tooltip "who · where: value unit [lo, hi] · n = N" into buf (parts that are
 * NULL, "" or NAN are left out); value and each bound in 6 significant digits. Returns buf. While a
 * layout sets x->tip to it, every mark drawn carries it. */
char *ch_tip(const struct scene_pen *x, const char *who, const char *where, double value,
	     const char *unit, double lo, double hi, const char *n, char *buf, size_t len);

/* ch_tip_unit: what a tooltip writes after a value: unit when it is not empty, else " "
 * and the axis title (e.g. " MiB/s"), into buf. Returns buf. */
char *ch_tip_unit(const char *unit, const char *title, char *buf, size_t n);

/* A darker shade of a colour (k < 1), for text in a series' colour. */
void ch_darken(char out[8], const char *in, double k);
/* How many decimals the ticks of a 1-2-5 step need. */
int ch_tick_decimals(double step);
/* v with the unit after it ("–" for NAN, without unit). */
void ch_fmt_value(const struct scene_pen *x, double v, const char *unit, char *buf, size_t n);
/* The widest of n tick labels tlo, tlo + step, ... with dec decimals. */
double ch_ticks_width(const struct scene_pen *x, double tlo, double step, int n, int dec);
/* Ticks 0..hi on a horizontal axis of len points whose labels do not overlap; returns n. */
int ch_fit_hticks(const struct scene_pen *x, double hi, double len, double *thi, double *step);
/* t shortened with "…" to at most w points, into buf; a trailing mark (" ‡": a space and one
 * character not an ASCII letter or digit) is kept after the "…". */
void ch_fit_label(const struct scene_pen *x, const char *t, double size, int bold, double w,
		  char *buf, size_t n);
/* The title, in as many lines as it takes to stay within `width` (each measured; see
 * chart_draw.c for where a line breaks); returns the y below it (0 when title is ""). */
double ch_layout_title(struct scene_pen *x, const char *title, double width);
/* The legend of the series from y, each a short line in its colour (with a dot on it when
 * dots is 1) and its label; returns the y below it. */
double ch_layout_legend(struct scene_pen *x, const struct series_set *ss, double y, double width,
			int dots);

/* The STACK parts of render/chart/chart_stack.c. ch_layout_swatches: the legend of the parts from
 * y, a filled square in each part's colour and its name, wrapping within width; returns
 * the y below it. ch_stack_shape: the segments of row rw of panel pn centred at cy, from
 * x0 at k points per unit, each with its tooltip and, where it fits, its value inside;
 * returns where the bar ends. */
double ch_layout_swatches(struct scene_pen *x, const struct series_set *ss, double y, double width);
double ch_stack_shape(struct scene_pen *x, const struct chart *c, const struct panel *pn,
		      const struct row *rw, double x0, double k, double cy, double barh);

/* The layouts of render/chart/chart_bars.c (HBAR, RANGE, STACK; FOREST). */
void ch_layout_bars(struct scene_pen *x, const struct chart *c, double width);
void ch_layout_forest(struct scene_pen *x, const struct chart *c, double width);
/* The LINE layout of render/chart/chart_line.c: title, legend, axes, the series, their end
 * labels; the scene's height is set below them. */
void ch_layout_line(struct scene_pen *x, const struct chart *c, double width);

#endif
