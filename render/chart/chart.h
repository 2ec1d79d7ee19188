/* render/chart/chart.h: the chart model and its layout into a scene.
 *
 * A chart is described once (chart_*) and laid out once (chart_layout) into a scene
 * (render/chart/scene.h: plain primitives in points, text measured with the fonts both back
 * ends use), which render/doc/svg.c and render/doc/pdf.c draw.
 *
 * Kinds:
 *   CHART_LINE   categories on x (e.g. workers 1, 5, 10), one line per series, nice
 *                ticks on y from 0, a legend, the last value of each line labelled at
 *                the right end (labels pushed apart so they never overlap).
 *   CHART_HBAR   one or more panels (e.g. one per object size), rows = subjects on the
 *                vertical axis, a horizontal bar per row with its value written after it.
 *   CHART_RANGE  like HBAR, but each row is a range lo..hi with a mark at mid (slowest ..
 *                fastest with the median marked), the mid value written after it; a row
 *                may carry a second mark (a diamond, e.g. p99.9) and its own text.
 *   CHART_FOREST a forest plot: rows (e.g. one per size × workers), each with one or
 *                more estimates with their intervals (a ratio A/B and its 95 % CI) on a
 *                log axis, a dashed reference line at 1; filled markers for significant
 *                estimates, hollow for the others; each estimate's text at the right.
 *   CHART_STACK  like HBAR, but each bar is split into parts laid end to end (e.g. a
 *                request's DNS, connect, TLS, send, wait and transfer): the parts are
 *                named once as series (chart_add_series, in order; a legend of coloured
 *                swatches above the panels), each row gives one value per part
 *                (chart_add_stack); a part's value is written inside it where it fits,
 *                the row's total (or its own text) after the bar, and every part carries
 *                a tooltip naming the row, the panel, the part and its value.
 * LINE points may carry an interval (chart_set_interval), drawn as a whisker. */
#ifndef RENDER_CHART_H
#define RENDER_CHART_H

#include <stddef.h>

#include "core/err.h"
#include "render/chart/scene.h"
#include "render/text/fonts.h"
#include "render/text/text.h"

enum chart_kind {
	CHART_LINE,
	CHART_HBAR,
	CHART_RANGE,
	CHART_FOREST,
	CHART_STACK
};

struct chart;

/* chart_new: an empty chart; title and desc are copied (desc is the accessible
 * description: SVG <desc>). Free with chart_free. NULL when out of memory. */
struct chart *chart_new(enum chart_kind kind, const char *title, const char *desc);
void chart_free(struct chart *c);

/* chart_set_axis: the value axis title (e.g. "MiB/s") and the unit written after
 * value labels (e.g. " ms", "%"; "" for none); for LINE, x_title names the categories
 * ("workers"). Strings are copied. */
void chart_set_axis(struct chart *c, const char *value_title, const char *unit,
		    const char *x_title);

/* LINE: the x categories (copied), then series and their points. STACK: the series are
 * the parts of every bar (chart_add_series with the part's name and colour; no points). */
void chart_set_categories(struct chart *c, const char *const *labels, size_t n);
/* chart_add_series: a line (label and "#rrggbb" copied); returns its index or -1. */
int chart_add_series(struct chart *c, const char *label, const char *color);
/* chart_set_point: value of series s at category i; NAN (the default) = no point. */
void chart_set_point(struct chart *c, int s, size_t i, double y);
/* chart_set_interval: the interval lo..hi around point i of series s (a whisker with
 * caps); NAN (the default) = none. */
void chart_set_interval(struct chart *c, int s, size_t i, double lo, double hi);

/* chart_is_empty: 1 when c has nothing to draw: no point (LINE), no bar or range with a
 * value (HBAR, RANGE, STACK), no estimate with a value (FOREST). Such a chart is not
 * drawn; the report says why instead (render/report/report.c report_add_scene). 0 when an
 * allocation failed while it was built (chart_layout then refuses it). */
int chart_is_empty(const struct chart *c);
/* chart_title: the title given to chart_new (owned by c). */
const char *chart_title(const struct chart *c);
/* chart_add_desc: " " and text appended to the description (SVG <desc>; copied). */
void chart_add_desc(struct chart *c, const char *text);

/* What a chart's data says, for its description (chart_summary). */
struct chart_summary {
	enum chart_kind kind;
	const char *top; /* LINE: the series highest at the most categories; HBAR / RANGE: the
			   * row with the highest value (one panel) or highest in the most
			   * panels; STACK: the part that is the largest of the most bars;
			   * NULL when nothing was compared. Owned by the chart. */
	const char *low; /* HBAR / RANGE with one panel: the row with the lowest value */
	double top_value, low_value; /* one panel: their values; else NAN */
	size_t wins, of; /* top is highest at `wins` of `of` categories or panels (STACK: bars) */
	size_t filled, estimates; /* FOREST: filled (significant) estimates of all drawn */
	/* aside: the first row or series set aside (not comparable) that has a value; NULL:
	 * none. Owned by the chart. */
	const char *aside;
};

/* chart_summary: the summary of c's values (ties go to the earlier series or row). */
void chart_summary(const struct chart *c, struct chart_summary *out);

/* chart_set_n: the sample size of point i of series s (LINE), shown in its tooltip
 * ("7", "3/5"; copied, cut to 23 bytes). */
void chart_set_n(struct chart *c, int s, size_t i, const char *n);
/* chart_set_row_n: the sample size of the last row of panel p (HBAR, RANGE, STACK), or of the
 * last estimate of that row (FOREST), for the tooltips. */
void chart_set_row_n(struct chart *c, int p, const char *n);

/* HBAR / RANGE / STACK: panels, then rows. chart_add_panel returns the panel index or -1. */
int chart_add_panel(struct chart *c, const char *title);
/* chart_add_bar: a row of panel p; NAN value = no bar, "–" written. */
void chart_add_bar(struct chart *c, int p, const char *label, const char *color, double value);
/* chart_add_range: a row of panel p with lo..hi and mid; NAN mid = nothing drawn. */
void chart_add_range(struct chart *c, int p, const char *label, const char *color, double lo,
		     double mid, double hi);
/* chart_add_range_mark: a RANGE row with a second mark at `mark` (a diamond; NAN = none)
 * and `text` (copied; NULL = the mid value) written after the row. */
void chart_add_range_mark(struct chart *c, int p, const char *label, const char *color, double lo,
			  double mid, double hi, double mark, const char *text);

/* chart_add_stack: a STACK row of panel p: n part values in the order of the series (a
 * NAN, zero or negative value draws no segment; parts past the series are ignored); the
 * row's value is the sum of its positive parts (NAN when no part is finite); text (copied;
 * NULL = that total with the unit) is written after the bar. parts is copied. */
void chart_add_stack(struct chart *c, int p, const char *label, const double *parts, size_t n,
		     const char *text);

/* FOREST: panels, rows, then the estimates of the last row of panel p. The value axis
 * is logarithmic and shows the reference 1 (values must be > 0). */
void chart_add_row(struct chart *c, int p, const char *label);
/* chart_add_estimate: value with its interval lo..hi (NAN: no interval, the point only;
 * NAN value: nothing drawn but the text), filled or hollow, text copied (NULL: the
 * value) written at the right. */
void chart_add_estimate(struct chart *c, int p, const char *color, double value, double lo,
			double hi, int filled, const char *text);

/* chart_set_series_claim: the claim ids (aggregate.json claims[], space-separated; copied;
 * NULL or "": none) series s shows (LINE): its line, points, end label and legend entry
 * carry them (SVG data-claim). chart_set_row_claim: the same for the last row of panel p
 * (HBAR, RANGE, STACK: its label, marks and text), or for that row's last estimate
 * (FOREST: its marks and text). */
void chart_set_series_claim(struct chart *c, int s, const char *claim);
void chart_set_row_claim(struct chart *c, int p, const char *claim);
/* chart_set_row_aside: the last row of panel p is drawn but not comparable: the summary
 * (chart_summary's highest and lowest row) never names it. chart_set_series_aside: the same
 * for series s of a LINE chart (never its highest). */
void chart_set_row_aside(struct chart *c, int p);
void chart_set_series_aside(struct chart *c, int s);

/* ---- the layout ---- */

/* chart_layout: lay c out `width` points wide (the height follows from the content),
 * measuring text with f and writing numbers with nf. Returns a new scene (free with
 * scene_free) or NULL with e set, also when a chart_* call before ran out of memory.
 * c is not changed and may be freed afterwards. */
struct scene *chart_layout(const struct chart *c, const struct fonts *f, const struct numfmt *nf,
			   double width, struct err *e);

/* ---- axis ticks (render/chart/chart_draw.c) ---- */

/* chart_nice_ticks: ticks for [lo, hi] with about `target` intervals, on a 1-2-5 step
 * (step = 1, 2 or 5 × 10^k); writes the rounded-out range and step. lo == hi (or no
 * data) is widened to a non-empty range; lo 0 stays 0. Returns the number of ticks
 * (range / step + 1). */
int chart_nice_ticks(double lo, double hi, int target, double *tlo, double *thi, double *step);

#endif
