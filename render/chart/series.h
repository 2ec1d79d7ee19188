/* render/chart/series.h: the series of a chart, one store for both chart kinds (the LINE chart of
 * render/chart/chart.h and the x-y chart of render/chart/chart_xy.h). Private to the chart module.
 *
 * A series is a label, a "#rrggbb" colour and its points in order. A LINE chart gives each
 * series one point per category (series_add with npts = the number of categories, set in
 * place with series_at); an x-y chart appends its points (series_push). A failed allocation
 * marks the set (oom) and the chart's layout then refuses the chart. */
#ifndef RENDER_SERIES_H
#define RENDER_SERIES_H

#include <stddef.h>

struct series_pt {
	double x, y;
	double lo, hi; /* LINE: the interval around y (NAN: no whisker) */
	int faint;     /* x-y: 1 = a hollow dot, dashed segments */
	char n[24];    /* the sample size shown in the point's tooltip ("" for none) */
};

struct series {
	char *label;
	char color[8];
	struct series_pt *pts;
	size_t n, cap;
	char tip_n[24]; /* x-y: the sample size every point's tooltip shows ("" for none) */
	char *claim;    /* the claim ids its line, points and legend entry show, or NULL */
	int aside;      /* LINE: drawn, but named by no summary (highest): not comparable */
};

struct series_set {
	struct series *v;
	size_t n;
	int oom; /* an allocation failed */
};

/* series_add: a new series (label and colour copied; a colour that is not "#rrggbb" is a
 * grey) with npts points, each at x = its index with y, lo, hi NAN. Returns its index, or
 * -1 with the set marked oom. */
int series_add(struct series_set *ss, const char *label, const char *color, size_t npts);

/* series_at: point i of series s, or NULL when either is out of range. */
struct series_pt *series_at(struct series_set *ss, int s, size_t i);

/* series_push: a new point at the end of series s (x, y, lo, hi NAN; not faint), or NULL
 * when s is out of range or out of memory (the set is then marked oom). */
struct series_pt *series_push(struct series_set *ss, int s);

/* series_any: 1 when some point of some series has a finite y (something to draw). */
int series_any(const struct series_set *ss);

/* series_set_claim: the claim ids (space-separated; copied, NULL or "": none) series s shows;
 * out of memory marks the set oom. */
void series_set_claim(struct series_set *ss, int s, const char *claim);

/* series_free: the series of ss and what they hold; ss itself is the caller's. */
void series_free(struct series_set *ss);

#endif
