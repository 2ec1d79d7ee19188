/* render/chart/chart_xy.h: a chart of numeric x against numeric y, one line per series, laid
 * out into the same scene as the charts of render/chart/chart.h (so both back ends draw it).
 *
 * Used for the latency CDF (x = latency in ms on a log axis, y = share of requests in
 * %), throughput over the seconds of a run, and a figure per cycle (x = whole numbers).
 * Each series is a list of points in the order given; a NAN y breaks the line. A
 * "faint" point is drawn hollow and the segments that touch it dashed (e.g. the seconds
 * an average leaves out). A legend names the series; an optional note line follows it.
 * The y axis starts at 0 unless a range is set; the x range is the data's unless set. */
#ifndef RENDER_CHART_XY_H
#define RENDER_CHART_XY_H

#include <stddef.h>

#include "core/err.h"
#include "render/chart/chart.h"
#include "render/text/fonts.h"
#include "render/text/text.h"

enum xy_scale {
	XY_LINEAR,  /* nice 1-2-5 ticks */
	XY_LOG,     /* log10 axis: ticks at 1, 2, 5 × 10^k (fewer when they do not fit) */
	XY_INTEGER, /* linear, ticks on whole numbers only (cycles, seconds) */
};

struct xychart;

/* chart_xy_new: an empty chart; title and desc (the accessible description) are copied.
 * NULL when out of memory. Free with chart_xy_free (NULL is fine). */
struct xychart *chart_xy_new(const char *title, const char *desc);
void chart_xy_free(struct xychart *c);

/* chart_xy_set_x: the x axis title, scale and range (NAN lo/hi: from the data; a log axis
 * ignores values <= 0). Strings are copied. */
void chart_xy_set_x(struct xychart *c, const char *title, enum xy_scale scale, double lo,
		    double hi);

/* chart_xy_set_y: the y axis title (written above the axis) and range (NAN hi: from the
 * data, rounded up to a nice tick; lo is 0 when NAN). */
void chart_xy_set_y(struct xychart *c, const char *title, double lo, double hi);

/* chart_xy_set_y_scale: XY_LINEAR (the default) or XY_LOG: a log10 y axis over the positive
 * values (the range set with chart_xy_set_y, when positive, else the data's, rounded out to
 * powers of ten; a value <= 0 breaks the line). */
void chart_xy_set_y_scale(struct xychart *c, enum xy_scale scale);

/* chart_xy_set_note: a short muted line under the legend (copied; "" for none). */
void chart_xy_set_note(struct xychart *c, const char *note);

/* chart_xy_set_markers: 1 = a dot at each point (the default), 0 = lines only. */
void chart_xy_set_markers(struct xychart *c, int on);

/* chart_xy_add_series: a line (label and "#rrggbb" copied); returns its index or -1 when out
 * of memory (the chart then fails in chart_xy_layout). */
int chart_xy_add_series(struct xychart *c, const char *label, const char *color);

/* chart_xy_set_n: the sample size every point of series s shows in its tooltip (copied). */
void chart_xy_set_n(struct xychart *c, int s, const char *n);
/* chart_xy_set_claim: the claim ids (space-separated; copied; NULL or "": none) series s
 * shows: its line, points and legend entry carry them (SVG data-claim). */
void chart_xy_set_claim(struct xychart *c, int s, const char *claim);
/* chart_xy_add_point: append (x, y) to series s; faint 1 = hollow dot, dashed segments. */
void chart_xy_add_point(struct xychart *c, int s, double x, double y, int faint);

/* chart_xy_add_desc: " " and text appended to the description (SVG <desc>; copied). */
void chart_xy_add_desc(struct xychart *c, const char *text);

/* What one series of an x-y chart shows, for its description (chart_xy_summary). Only the
 * points the chart draws count: finite x and y, and > 0 on a log axis. */
struct xy_summary {
	const char *label; /* the series' label (owned by the chart) */
	size_t n;          /* the points counted */
	double hi_x, hi_y; /* the highest point (the first of equal ones); NAN when n is 0 */
	double lo_x, lo_y; /* the lowest point (the first of equal ones); NAN when n is 0 */
};

/* chart_xy_nseries: the number of series added. */
size_t chart_xy_nseries(const struct xychart *c);
/* chart_xy_summary: what series s shows (out zeroed, NAN figures, for an s out of range). */
void chart_xy_summary(const struct xychart *c, int s, struct xy_summary *out);
/* chart_xy_x_at: the x at which series s first reaches `level` (interpolated linearly
 * between the two points around it; exact at a point), counting the points
 * chart_xy_summary counts; NAN when it never does. For a CDF, the x at 50 % is the median. */
double chart_xy_x_at(const struct xychart *c, int s, double level);

/* chart_xy_is_empty: 1 when no series has a point with a finite y (nothing to draw). */
int chart_xy_is_empty(const struct xychart *c);
/* chart_xy_title: the title given to chart_xy_new (owned by c). */
const char *chart_xy_title(const struct xychart *c);
/* chart_xy_layout: lay c out `width` points wide; a new scene (free with scene_free) or NULL
 * with e set (also when a chart_xy_* call before ran out of memory). c is not changed. */
struct scene *chart_xy_layout(const struct xychart *c, const struct fonts *f,
			      const struct numfmt *nf, double width, struct err *e);

/* chart_xy_log_ticks: ticks of a log10 axis covering [lo, hi] (lo > 0): the range rounded
 * out to powers of ten (*tlo, *thi), and the ticks 1, 2, 5 × 10^k (`every` = 0), 10^k only
 * (every = 1) or every second power of ten (every = 2) inside it, into ticks (at most
 * max). Returns the number of ticks written; 0 when lo or hi is not a positive number.
 * Test seam: public for tests/unit/test_render_chart_xy.c; the layout is its only other
 * caller. */
int chart_xy_log_ticks(double lo, double hi, int every, double *ticks, int max, double *tlo,
		       double *thi);

#endif
