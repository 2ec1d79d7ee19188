/* tests/unit/test_render_chart_xy.c: the x-y chart (render/chart/chart_xy.h): ticks of a log
 * axis, points placed on log and linear axes, faint points dashed and hollow, tick
 * labels that never overlap at the report's widths; what a series shows (its highest and
 * lowest point, the x where it reaches a level) for the description's data sentence. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart_xy.h"
#include "tests/unit/check.h"

static const struct numfmt en = {",", "."};

static void test_log_ticks(void)
{
	double t[40], lo, hi;
	int n = chart_xy_log_ticks(0.3, 70, 0, t, 40, &lo, &hi);
	static const double want[] = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100};
	CHECK(n == 10, "0.3..70: %d ticks, want 10", n);
	for (int i = 0; i < n && i < 10; i++)
		CHECK_NUM(t[i], want[i], want[i] * 1e-12, "0.3..70: tick %d", i);
	CHECK_NUM(lo, 0.1, 1e-15, "0.3..70: range from 0.1");
	CHECK_NUM(hi, 100, 1e-12, "0.3..70: range to 100");
	n = chart_xy_log_ticks(0.3, 70, 1, t, 40, &lo, &hi);
	CHECK(n == 4 && fabs(t[0] - 0.1) < 1e-15 && fabs(t[3] - 100) < 1e-12,
	      "powers of ten only: 0.1 1 10 100 (%d)", n);
	n = chart_xy_log_ticks(0.02, 3000, 2, t, 40, &lo, &hi);
	CHECK(n == 4 && fabs(t[0] - 0.01) < 1e-15 && fabs(t[1] - 1) < 1e-12 &&
		      fabs(t[2] - 100) < 1e-12 && fabs(t[3] - 1e4) < 1e-9,
	      "every second power: 0.01 1 100 10000 (%d)", n);
	/* a range inside one decade still spans one: 2..5 -> 1..10 */
	n = chart_xy_log_ticks(2, 5, 0, t, 40, &lo, &hi);
	CHECK(n == 4 && lo == 1 && hi == 10, "2..5: 1 2 5 10 (%d, %g..%g)", n, lo, hi);
	n = chart_xy_log_ticks(10, 10, 0, t, 40, &lo, &hi);
	CHECK(n >= 2 && lo == 10 && hi == 100, "10..10: 10..100 (%d, %g..%g)", n, lo, hi);
	CHECK(chart_xy_log_ticks(0, 10, 0, t, 40, &lo, &hi) == 0, "0 is not on a log axis");
	CHECK(chart_xy_log_ticks(NAN, 10, 0, t, 40, &lo, &hi) == 0, "NAN is not on a log axis");
	CHECK(chart_xy_log_ticks(0.3, 70, 0, t, 3, &lo, &hi) == 3, "at most max ticks");
}

/* The x of each tick label and of each polyline point. */
static size_t labels(const struct scene *s, enum sc_role role, const char **txt, double *x,
		     size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < scene_count(s) && n < max; i++) {
		const struct sc_item *it = scene_item(s, i);
		if (it->kind == SC_TEXT && it->role == role) {
			txt[n] = it->text;
			x[n++] = it->x;
		}
	}
	return n;
}

static void test_log_placement(const struct fonts *f)
{
	struct err e = {0};
	struct xychart *c = chart_xy_new("CDF", "desc");
	chart_xy_set_x(c, "ms", XY_LOG, NAN, NAN);
	chart_xy_set_y(c, "%", 0, 100);
	chart_xy_set_markers(c, 0);
	int s = chart_xy_add_series(c, "A", "#1f77b4");
	chart_xy_add_point(c, s, 1, 0, 0);
	chart_xy_add_point(c, s, 10, 50, 0);
	chart_xy_add_point(c, s, 100, 100, 0);
	chart_xy_add_point(c, s, 0, 100, 0); /* not on a log axis: breaks the line, no point */
	struct scene *sc = chart_xy_layout(c, f, &en, 240, &e);
	CHECK(sc != NULL, "layout: %s", e.msg);
	if (sc == NULL)
		goto done;
	const struct sc_item *pl = NULL;
	size_t npl = 0;
	for (size_t i = 0; i < scene_count(sc); i++)
		if (scene_item(sc, i)->kind == SC_POLYLINE) {
			pl = scene_item(sc, i);
			npl++;
		}
	CHECK(npl == 1 && pl && pl->npts == 3, "one line of 3 points (%zu lines)", npl);
	if (pl && pl->npts == 3) {
		double d1 = pl->pts[2] - pl->pts[0], d2 = pl->pts[4] - pl->pts[2];
		CHECK(d1 > 50 && fabs(d1 - d2) < 1e-9, "decades equally wide: %g and %g", d1, d2);
		CHECK(pl->pts[1] > pl->pts[3] && pl->pts[3] > pl->pts[5], "y grows upwards");
		CHECK_NUM((pl->pts[1] + pl->pts[5]) / 2, pl->pts[3], 1e-9, "50 %% halfway up");
		/* the ticks 1, 10, 100 sit exactly under the points */
		const char *txt[64];
		double x[64];
		size_t n = labels(sc, SC_ROLE_CATEGORY, txt, x, 64);
		int hit = 0;
		for (size_t i = 0; i < n; i++) {
			if (strcmp(txt[i], "1") == 0 && fabs(x[i] - pl->pts[0]) < 1e-9)
				hit++;
			if (strcmp(txt[i], "10") == 0 && fabs(x[i] - pl->pts[2]) < 1e-9)
				hit++;
			if (strcmp(txt[i], "100") == 0 && fabs(x[i] - pl->pts[4]) < 1e-9)
				hit++;
		}
		CHECK(hit == 3, "ticks 1, 10, 100 under the points (%d of 3; %zu ticks)", hit, n);
		CHECK(n == 7, "1..100: 1 2 5 10 20 50 100 (%zu)", n);
	}
	CHECK(scene_overlaps(sc) == 0, "no overlapping text");
	scene_free(sc);
done:
	chart_xy_free(c);
}

/* A wide log range on a narrow chart: labels thin out instead of overlapping. */
static void test_log_thinning(const struct fonts *f)
{
	struct err e = {0};
	for (int w = 120; w <= 495; w += 75) {
		struct xychart *c = chart_xy_new("", "");
		chart_xy_set_x(c, "ms", XY_LOG, NAN, NAN);
		int s = chart_xy_add_series(c, "A", "#1f77b4");
		chart_xy_add_point(c, s, 0.0123, 1, 0);
		chart_xy_add_point(c, s, 98765, 2, 0);
		struct scene *sc = chart_xy_layout(c, f, &en, w, &e);
		CHECK(sc && scene_overlaps(sc) == 0, "width %d: laid out without overlap", w);
		const char *txt[64];
		double x[64];
		size_t n = sc ? labels(sc, SC_ROLE_CATEGORY, txt, x, 64) : 0;
		CHECK(n >= 2, "width %d: at least two x ticks (%zu)", w, n);
		scene_free(sc);
		chart_xy_free(c);
	}
}

static void test_linear_faint(const struct fonts *f)
{
	struct err e = {0};
	struct xychart *c = chart_xy_new("Over time", "desc");
	chart_xy_set_x(c, "second", XY_INTEGER, 0, 10);
	chart_xy_set_y(c, "MiB/s", NAN, NAN);
	int s = chart_xy_add_series(c, "A", "#ff7f0e");
	for (int i = 0; i < 10; i++)
		chart_xy_add_point(c, s, i + 0.5, 100 + i, i < 2 || i > 7);
	struct scene *sc = chart_xy_layout(c, f, &en, 240, &e);
	CHECK(sc != NULL, "layout: %s", e.msg);
	if (sc == NULL)
		goto done;
	size_t dashed = 0, hollow = 0, full = 0, poly = 0, npts = 0;
	double left = NAN, x0 = NAN, x10 = NAN;
	for (size_t i = 0; i < scene_count(sc); i++) {
		const struct sc_item *it = scene_item(sc, i);
		if (it->kind == SC_LINE && it->dash)
			dashed++;
		if (it->kind == SC_CIRCLE && strcmp(it->fill, "#ffffff") == 0)
			hollow++;
		else if (it->kind == SC_CIRCLE)
			full++;
		if (it->kind == SC_POLYLINE) {
			poly++;
			npts = it->npts;
			left = it->pts[0];
		}
		if (it->kind == SC_TEXT && it->role == SC_ROLE_CATEGORY &&
		    strcmp(it->text, "0") == 0)
			x0 = it->x;
		if (it->kind == SC_TEXT && it->role == SC_ROLE_CATEGORY &&
		    strcmp(it->text, "10") == 0)
			x10 = it->x;
	}
	/* seconds 0,1 and 8,9 faint: segments 0-1, 1-2, 7-8, 8-9 dashed; 2..7 one line */
	CHECK(dashed == 4, "4 dashed segments (%zu)", dashed);
	CHECK(hollow == 4 && full == 6, "4 hollow and 6 full dots (%zu, %zu)", hollow, full);
	CHECK(poly == 1 && npts == 6, "one solid line through seconds 2..7 (%zu lines, %zu pts)",
	      poly, npts);
	CHECK(isfinite(x0) && isfinite(x10), "ticks 0 and 10 written");
	if (isfinite(x0) && isfinite(x10))
		CHECK_NUM(left, x0 + (x10 - x0) * 0.25, 1e-9, "second 2 (x 2.5) a quarter along");
	const char *txt[64];
	double x[64];
	size_t n = labels(sc, SC_ROLE_TICK, txt, x, 64);
	CHECK(n >= 2 && strcmp(txt[0], "0") == 0, "y from 0 (%s)", n ? txt[0] : "none");
	CHECK(scene_overlaps(sc) == 0, "no overlapping text");
	scene_free(sc);
done:
	chart_xy_free(c);
}

/* A log y axis (the latency-vs-offered-load chart): ticks at powers of ten around the
 * data (1.2 .. 2000 ms: 1 .. 10,000), a value 10 times larger drawn higher by the same
 * distance at any height, a value <= 0 not drawn. */
static void test_log_y(const struct fonts *f)
{
	struct err e = {0};
	struct xychart *c = chart_xy_new("Latency against offered load", "desc");
	chart_xy_set_x(c, "offered requests per second", XY_LINEAR, 0, NAN);
	chart_xy_set_y(c, "ms (log)", NAN, NAN);
	chart_xy_set_y_scale(c, XY_LOG);
	int s = chart_xy_add_series(c, "p99", "#1f77b4");
	chart_xy_add_point(c, s, 100, 1.2, 0);
	chart_xy_add_point(c, s, 400, 12, 0);
	chart_xy_add_point(c, s, 700, 120, 0);
	chart_xy_add_point(c, s, 1000, 2000, 0);
	chart_xy_add_point(c, s, 1100, 0, 0);
	struct scene *sc = chart_xy_layout(c, f, &en, 495, &e);
	CHECK(sc != NULL, "layout: %s", e.msg);
	if (sc == NULL)
		goto done;
	const char *txt[64];
	double x[64], ys[8];
	size_t n = labels(sc, SC_ROLE_TICK, txt, x, 64), k = 0;
	CHECK(n >= 5 && strcmp(txt[0], "1") == 0 && strcmp(txt[n - 1], "10,000") == 0,
	      "y ticks 1 .. 10,000 (%s .. %s)", n ? txt[0] : "none", n ? txt[n - 1] : "none");
	for (size_t i = 0; i < scene_count(sc) && k < 8; i++) {
		const struct sc_item *it = scene_item(sc, i);
		if (it->kind == SC_CIRCLE)
			ys[k++] = it->y;
	}
	CHECK(k == 4, "four points drawn (0 is not on a log axis), got %zu", k);
	CHECK(k == 4 && fabs((ys[0] - ys[1]) - (ys[1] - ys[2])) < 1e-6 && ys[3] < ys[2],
	      "equal ratios, equal distances");
	CHECK(scene_overlaps(sc) == 0, "no overlapping text");
	scene_free(sc);
done:
	chart_xy_free(c);
}

/* The data sentence's figures: per series the highest and lowest drawn point (the first
 * of equal ones; points a log axis cannot show and NAN gaps left out), the x where a CDF
 * reaches 50 % (exact at a point, interpolated between two), and the description the
 * scene carries once a sentence is added. */
static void test_summary(const struct fonts *f)
{
	struct err e = {0};
	struct xychart *c = chart_xy_new("CDF", "Cumulative distribution.");
	struct xy_summary s;
	chart_xy_set_x(c, "ms", XY_LOG, NAN, NAN);
	chart_xy_set_y(c, "%", 0, 100);
	int a = chart_xy_add_series(c, "A", "#1f77b4");
	int b = chart_xy_add_series(c, "B", "#ff7f0e");
	int none = chart_xy_add_series(c, "none", "#2ca02c");
	chart_xy_add_point(c, a, 0, 0, 0); /* x 0: not on the log axis, not counted */
	chart_xy_add_point(c, a, 2, 0, 0);
	chart_xy_add_point(c, a, 4, 50, 0);
	chart_xy_add_point(c, a, 9, 100, 0);
	chart_xy_add_point(c, a, 12, 100, 0); /* equal to the highest: the first one stays */
	chart_xy_add_point(c, b, 1, 10, 0);
	chart_xy_add_point(c, b, 3, NAN, 0);
	chart_xy_add_point(c, b, 5, 40, 0);
	chart_xy_add_point(c, b, 7, 60, 1);
	chart_xy_add_point(c, none, 1, NAN, 0);
	CHECK(chart_xy_nseries(c) == 3, "3 series (%zu)", chart_xy_nseries(c));
	chart_xy_summary(c, a, &s);
	CHECK(s.n == 4 && s.label && strcmp(s.label, "A") == 0, "A: 4 drawn points (%zu)", s.n);
	CHECK(s.hi_x == 9 && s.hi_y == 100, "A: highest 100 at 9 (%g at %g)", s.hi_y, s.hi_x);
	CHECK(s.lo_x == 2 && s.lo_y == 0, "A: lowest 0 at 2, not at 0 (%g at %g)", s.lo_y, s.lo_x);
	CHECK_NUM(chart_xy_x_at(c, a, 50), 4, 0, "A: median at the point 4");
	CHECK_NUM(chart_xy_x_at(c, a, 75), 6.5, 1e-12, "A: 75 %% halfway from 4 to 9");
	chart_xy_summary(c, b, &s);
	CHECK(s.n == 3 && s.hi_x == 7 && s.hi_y == 60 && s.lo_x == 1 && s.lo_y == 10,
	      "B: 3 points, highest 60 at 7 (faint counts), lowest 10 at 1 (%zu; %g@%g, %g@%g)",
	      s.n, s.hi_y, s.hi_x, s.lo_y, s.lo_x);
	CHECK_NUM(chart_xy_x_at(c, b, 50), 6, 1e-12, "B: 50 %% between 5 (40) and 7 (60)");
	CHECK(isnan(chart_xy_x_at(c, b, 90)), "B never reaches 90: NAN");
	chart_xy_summary(c, none, &s);
	CHECK(s.n == 0 && isnan(s.hi_y) && isnan(s.lo_x), "no drawn point: n 0, NAN figures");
	chart_xy_summary(c, 7, &s);
	CHECK(s.n == 0 && s.label == NULL, "a series out of range: nothing");
	CHECK(isnan(chart_xy_x_at(c, -1, 50)), "x_at of a series out of range: NAN");
	chart_xy_add_desc(c, "A: median 4 ms.");
	chart_xy_add_desc(c, "");
	struct scene *sc = chart_xy_layout(c, f, &en, 240, &e);
	CHECK(sc != NULL, "layout: %s", e.msg);
	if (sc)
		CHECK_STR(scene_desc(sc), "Cumulative distribution. A: median 4 ms.",
			  "the sentence follows the description after one blank");
	scene_free(sc);
	chart_xy_free(c);
	/* a log y axis leaves out y <= 0 */
	c = chart_xy_new("t", "");
	chart_xy_set_y_scale(c, XY_LOG);
	a = chart_xy_add_series(c, "A", "#1f77b4");
	chart_xy_add_point(c, a, 1, 0, 0);
	chart_xy_add_point(c, a, 2, 5, 0);
	chart_xy_add_point(c, a, 3, 50, 0);
	chart_xy_summary(c, a, &s);
	CHECK(s.n == 2 && s.lo_y == 5 && s.lo_x == 2, "log y: 0 not counted, lowest 5 at 2");
	chart_xy_add_desc(c, "only");
	sc = chart_xy_layout(c, f, &en, 240, &e);
	if (sc)
		CHECK_STR(scene_desc(sc), "only", "an empty description: no leading blank");
	scene_free(sc);
	chart_xy_free(c);
}

int main(void)
{
	struct err e = {0};
	struct fonts *f = fonts_new(NULL, &e);
	CHECK(f != NULL, "fonts: %s", e.msg);
	test_log_ticks();
	if (f) {
		test_log_placement(f);
		test_log_thinning(f);
		test_linear_faint(f);
		test_log_y(f);
		test_summary(f);
	}
	fonts_free(f);
	return check_done();
}
