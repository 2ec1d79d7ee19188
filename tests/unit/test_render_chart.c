/* tests/unit/test_render_chart.c: nice ticks, label placement without overlap, shared
 * font metrics, the series store both chart kinds use (render/chart/series.h), and every chart
 * of a real report laid out cleanly (render/chart/chart.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart/chart.h"
#include "render/doc/doc.h"
#include "render/model/model.h"
#include "render/report/report.h"
#include "render/chart/series.h"
#include "tests/unit/check.h"

static const struct numfmt en = {",", "."};

static void test_ticks_table(void)
{
	static const struct {
		double lo, hi;
		int target;
		double tlo, thi, step;
		int n;
	} cases[] = {
		{0, 95, 5, 0, 100, 20, 6},      {0, 1, 5, 0, 1, 0.2, 6},
		{0, 0, 5, 0, 1, 0.2, 6},        {0, 7.3, 4, 0, 8, 2, 5},
		{0, 1234, 5, 0, 1500, 500, 4},  {0, 0.034, 5, 0, 0.04, 0.01, 5},
		{10, 95, 5, 0, 100, 20, 6},     {0, 100, 5, 0, 100, 20, 6},
		{0, 100, 2, 0, 100, 50, 3},     {0, 370, 5, 0, 400, 100, 5},
		{0, 8000, 6, 0, 8000, 2000, 5}, {-5, 5, 5, -6, 6, 2, 7},
		{3, 3, 5, 1, 5, 1, 5},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		double tlo, thi, step;
		int n = chart_nice_ticks(cases[i].lo, cases[i].hi, cases[i].target, &tlo, &thi,
					 &step);
		CHECK_NUM(tlo, cases[i].tlo, 1e-9, "ticks %zu: low", i);
		CHECK_NUM(thi, cases[i].thi, 1e-9, "ticks %zu: high", i);
		CHECK_NUM(step, cases[i].step, 1e-12, "ticks %zu: step", i);
		CHECK(n == cases[i].n, "ticks %zu: %d ticks, want %d", i, n, cases[i].n);
	}
}

/* Over many ranges: steps are 1, 2 or 5 × 10^k, the range covers the data, and the
 * number of intervals stays near the target. */
static void test_ticks_property(void)
{
	unsigned seed = 12345;
	int bad_step = 0, bad_cover = 0, bad_count = 0;
	for (int i = 0; i < 5000; i++) {
		seed = seed * 1103515245u + 12345u;
		double hi = pow(10, (double)(seed % 1000) / 100.0 - 3) *
			    (1 + (seed >> 16) % 97 / 10.0);
		int target = 2 + (int)(seed >> 8) % 6;
		double tlo, thi, step;
		int n = chart_nice_ticks(0, hi, target, &tlo, &thi, &step);
		double mant = step / pow(10, floor(log10(step) + 1e-9));
		if (fabs(mant - 1) > 1e-6 && fabs(mant - 2) > 1e-6 && fabs(mant - 5) > 1e-6)
			bad_step++;
		if (tlo > 0 || thi < hi * (1 - 1e-12))
			bad_cover++;
		if (n - 1 < target / 2.5 || n - 1 > target * 2.5 + 1)
			bad_count++;
	}
	CHECK(bad_step == 0, "%d steps not 1-2-5", bad_step);
	CHECK(bad_cover == 0, "%d ranges not covering the data", bad_cover);
	CHECK(bad_count == 0, "%d tick counts far from the target", bad_count);
}

static size_t texts_with_role(const struct scene *s, enum sc_role role)
{
	size_t n = 0;
	for (size_t i = 0; i < scene_count(s); i++)
		if (scene_item(s, i)->kind == SC_TEXT && scene_item(s, i)->role == role)
			n++;
	return n;
}

/* Every item inside the scene, every text measured with the shared fonts. */
static void check_scene(const struct scene *s, const struct fonts *f, const char *what)
{
	size_t outside = 0, badw = 0;
	for (size_t i = 0; i < scene_count(s); i++) {
		const struct sc_item *it = scene_item(s, i);
		double x0 = it->x, y0 = it->y, x1 = it->x + it->w, y1 = it->y + it->h;
		if (it->kind == SC_TEXT) {
			scene_text_box(it, &x0, &y0, &x1, &y1);
			if (fabs(it->text_width - fonts_width(f, it->text, it->size, it->bold)) >
			    1e-9)
				badw++;
		} else if (it->kind == SC_LINE) {
			x1 = it->x2;
			y1 = it->y2;
		} else if (it->kind == SC_CIRCLE) {
			x0 = it->x - it->r;
			x1 = it->x + it->r;
			y0 = it->y - it->r;
			y1 = it->y + it->r;
		} else if (it->kind == SC_POLYLINE) {
			x1 = x0 = it->pts[0];
			y1 = y0 = it->pts[1];
		}
		if (fmin(x0, x1) < -0.5 || fmax(x0, x1) > scene_width(s) + 0.5 ||
		    fmin(y0, y1) < -0.5 || fmax(y0, y1) > scene_height(s) + 0.5)
			outside++;
	}
	CHECK(scene_overlaps(s) == 0, "%s: %zu overlapping labels", what, scene_overlaps(s));
	CHECK(outside == 0, "%s: %zu items outside the %gx%g scene", what, outside, scene_width(s),
	      scene_height(s));
	CHECK(badw == 0, "%s: %zu texts not measured with the shared fonts", what, badw);
}

/* Lines ending at nearly the same value: the end labels are pushed apart. */
static void test_line_labels(const struct fonts *f)
{
	const char *cats[] = {"1", "5", "10"};
	const double ends[][6] = {
		{100, 100.1, 100.2, 99.9, 100, 100.05},
		{0, 0, 0, 0, 0, 0},
		{400, 399, 1, 2, 3, 398},
		{1e6, 1e6 + 1, 5, 6, 1e6 - 1, 7},
	};
	for (size_t k = 0; k < sizeof(ends) / sizeof(ends[0]); k++) {
		struct err e;
		struct chart *c = chart_new(CHART_LINE, "PUT 5 MiB: throughput vs workers", "desc");
		chart_set_axis(c, "MiB/s", "", "workers");
		chart_set_categories(c, cats, 3);
		for (int s = 0; s < 6; s++) {
			char label[32];
			snprintf(label, sizeof(label), "Subject number %d", s);
			int si = chart_add_series(c, label, model_palette((size_t)s));
			chart_set_point(c, si, 0, ends[k][s] / 10);
			chart_set_point(c, si, 1, s == 3 ? NAN : ends[k][s] / 2);
			chart_set_point(c, si, 2, ends[k][s]);
		}
		for (int half = 0; half < 2; half++) {
			struct scene *sc = chart_layout(c, f, &en,
							half ? REPORT_HALF : REPORT_WIDTH, &e);
			char what[64];
			snprintf(what, sizeof(what), "line case %zu %s", k, half ? "half" : "full");
			CHECK(sc != NULL, "%s: layout: %s", what, e.msg);
			if (sc == NULL)
				continue;
			CHECK(texts_with_role(sc, SC_ROLE_VALUE) == 6, "%s: 6 end labels", what);
			CHECK(texts_with_role(sc, SC_ROLE_LEGEND) == 6, "%s: 6 legend entries",
			      what);
			check_scene(sc, f, what);
			scene_free(sc);
		}
		chart_free(c);
	}
}

/* Subject labels of 190 characters (the campaign's line limit allows them): the legend
 * shortens each with "…" to fit the chart, full width or half. */
static void test_long_labels(const struct fonts *f)
{
	const char *cats[] = {"1", "5", "10"};
	char label[2][256];
	struct chart *c = chart_new(CHART_LINE, "PUT 5 MiB: throughput vs workers", "desc");

	chart_set_axis(c, "MiB/s", "", "workers");
	chart_set_categories(c, cats, 3);
	for (int s = 0; s < 2; s++) {
		snprintf(
			label[s], sizeof(label[s]), "%s",
			s ? "Amazon S3 Standard in eu-south-2 Spain, accessed through the VPC "
			    "gateway endpoint from a c7gn.4xlarge client in the same availability "
			    "zone, default encryption SSE-S3, versioning suspended, lifecycle off"
			  : "Telef\xc3\xb3nica Cloud Object Storage Madrid-Norte region, dedicated "
			    "tenant for the benchmarking campaign of the storage team, erasure coded "
			    "8+3, versioning enabled, object lock off, replication none");
		int si = chart_add_series(c, label[s], model_palette((size_t)s));
		for (size_t k = 0; k < 3; k++)
			chart_set_point(c, si, k, 10.0 * (double)(k + 1) * (s + 1));
	}
	for (int half = 0; half < 2; half++) {
		struct err e;
		struct scene *sc = chart_layout(c, f, &en, half ? REPORT_HALF : REPORT_WIDTH, &e);
		const char *what = half ? "long labels, half width" : "long labels, full width";
		size_t cut = 0;

		CHECK(sc != NULL, "%s: layout: %s", what, e.msg);
		if (sc == NULL)
			continue;
		for (size_t i = 0; i < scene_count(sc); i++) {
			const struct sc_item *it = scene_item(sc, i);
			size_t n = it->kind == SC_TEXT ? strlen(it->text) : 0;

			if (it->role == SC_ROLE_LEGEND && n > 3 &&
			    !strcmp(it->text + n - 3, "\xe2\x80\xa6") &&
			    !strncmp(it->text, label[cut < 2 ? cut : 1], 10))
				cut++;
		}
		CHECK(cut == 2, "%s: both legend labels shortened with an ellipsis (%zu)", what,
		      cut);
		check_scene(sc, f, what);
		scene_free(sc);
	}
	chart_free(c);
}

static void test_bars(const struct fonts *f)
{
	const double vals[][5] = {
		{45.95, 63.22, 53.45, 50.93, 75.32},
		{1, 2, 3, 4, 123456789},
		{NAN, NAN, NAN, NAN, NAN},
		{0.001, 0.002, 0.0015, NAN, 0.004},
	};
	for (int kind = 0; kind < 2; kind++) {
		struct err e;
		struct chart *c = chart_new(kind ? CHART_RANGE : CHART_HBAR, "title", "desc");
		chart_set_axis(c, kind ? "obj/s" : "ms", kind ? "" : " ms", "");
		for (size_t p = 0; p < sizeof(vals) / sizeof(vals[0]); p++) {
			char title[32];
			snprintf(title, sizeof(title), "Panel %zu", p);
			int pi = chart_add_panel(c, title);
			for (int r = 0; r < 5; r++) {
				const char *label =
					r == 2 ? "A subject with a very long name indeed, longer than any column"
					: r == 3
						? "A client-limited subject with a long name, longer than "
						  "any column \xe2\x80\xa1"
						: "Subject";
				if (kind)
					chart_add_range(c, pi, label, "#336699", vals[p][r] / 2,
							vals[p][r], vals[p][r] * 1.5);
				else
					chart_add_bar(c, pi, label, "#336699", vals[p][r]);
			}
		}
		struct scene *sc = chart_layout(c, f, &en, REPORT_WIDTH, &e);
		CHECK(sc != NULL, "bars %d: layout: %s", kind, e.msg);
		if (sc) {
			CHECK(texts_with_role(sc, SC_ROLE_VALUE) == 20,
			      "bars %d: a value on each bar", kind);
			CHECK(texts_with_role(sc, SC_ROLE_PANEL) == 4,
			      "bars %d: one title per panel", kind);
			check_scene(sc, f, kind ? "range chart" : "bar chart");
			/* a missing value is written as a dash, never as 0 */
			size_t dashes = 0;
			for (size_t i = 0; i < scene_count(sc); i++)
				if (scene_item(sc, i)->kind == SC_TEXT &&
				    strcmp(scene_item(sc, i)->text, TEXT_NULL) == 0)
					dashes++;
			CHECK(dashes == (kind ? 6u : 6u), "bars %d: %zu dashes for 6 nulls", kind,
			      dashes);
			/* a shortened label keeps its trailing mark after the ellipsis */
			size_t marked = 0;
			for (size_t i = 0; i < scene_count(sc); i++) {
				const char *t = scene_item(sc, i)->text;
				size_t n = scene_item(sc, i)->kind == SC_TEXT ? strlen(t) : 0;

				marked += n > 7 && strncmp(t, "A client", 8) == 0 &&
					  strcmp(t + n - 7, "\xe2\x80\xa6 \xe2\x80\xa1") == 0;
			}
			CHECK(marked == 4,
			      "bars %d: the long marked label ends '… ‡' in each panel (%zu)", kind,
			      marked);
			scene_free(sc);
		}
		chart_free(c);
	}
}

static size_t items_of(const struct scene *s, enum sc_kind kind)
{
	size_t n = 0;
	for (size_t i = 0; i < scene_count(s); i++)
		n += scene_item(s, i)->kind == kind;
	return n;
}

static int has_text(const struct scene *s, const char *t)
{
	for (size_t i = 0; i < scene_count(s); i++)
		if (scene_item(s, i)->kind == SC_TEXT && strcmp(scene_item(s, i)->text, t) == 0)
			return 1;
	return 0;
}

/* The highest tick value of a chart ("1,000" read as 1000). */
static double top_tick(const struct scene *s)
{
	double top = -1;
	for (size_t i = 0; i < scene_count(s); i++) {
		const struct sc_item *it = scene_item(s, i);
		char buf[64], *o = buf;
		if (it->kind != SC_TEXT || it->role != SC_ROLE_TICK)
			continue;
		for (const char *p = it->text; *p && o < buf + sizeof(buf) - 1; p++)
			if (*p != ',')
				*o++ = *p;
		*o = 0;
		if (atof(buf) > top)
			top = atof(buf);
	}
	return top;
}

/* A forest plot: one row per category, estimates with intervals on a log axis, a dashed
 * reference at 1, filled (significant) and hollow markers, a text per estimate. */
static void test_forest(const struct fonts *f)
{
	struct err e;
	struct chart *c = chart_new(CHART_FOREST, "PUT: AWS / B2", "desc");
	chart_set_axis(c, "throughput ratio (log scale)", "", "");
	chart_add_series(c, "B2", "#e21e29");
	chart_add_series(c, "R2", "#2ca02c");
	int p = chart_add_panel(c, "");
	static const double est[][3] = {
		{1.41, 1.35, 1.46}, {0.71, 0.45, 0.74}, {0.95, 0.80, 1.12}, {2.5, 0.9, 6.9}};
	for (int r = 0; r < 4; r++) {
		char row[32];
		snprintf(row, sizeof(row), "size %d, 10 w. vs AWS S3", r);
		chart_add_row(c, p, row);
		chart_add_estimate(c, p, "#e21e29", est[r][0], est[r][1], est[r][2], r < 2, NULL);
		chart_add_estimate(c, p, "#2ca02c", r == 3 ? NAN : est[r][0] * 0.9, NAN, NAN, 0,
				   r == 3 ? "R2: not enough runs" : NULL);
	}
	for (int half = 0; half < 2; half++) {
		struct scene *sc = chart_layout(c, f, &en, half ? REPORT_HALF : REPORT_WIDTH, &e);
		CHECK(sc != NULL, "forest: layout: %s", e.msg);
		if (sc == NULL)
			continue;
		check_scene(sc, f, half ? "forest half" : "forest");
		CHECK(texts_with_role(sc, SC_ROLE_CATEGORY) == 4,
		      "forest: one row label per category");
		CHECK(texts_with_role(sc, SC_ROLE_VALUE) == 8, "forest: a text per estimate");
		CHECK(texts_with_role(sc, SC_ROLE_LEGEND) == 2, "forest: the legend");
		CHECK(has_text(sc, "1.41") && has_text(sc, "R2: not enough runs"),
		      "forest: values");
		CHECK(has_text(sc, "1") && has_text(sc, "0.5") && has_text(sc, "2"),
		      "forest: log ticks");
		size_t dashed = 0, filled = 0, hollow = 0;
		double x1 = NAN, xhalf = NAN, x2 = NAN;
		for (size_t i = 0; i < scene_count(sc); i++) {
			const struct sc_item *it = scene_item(sc, i);
			if (it->kind == SC_LINE && it->dash)
				dashed++;
			if (it->kind == SC_CIRCLE && it->r > 2.5)
				filled += strcmp(it->fill, "#ffffff") != 0,
					hollow += !strcmp(it->fill, "#ffffff");
			if (it->kind == SC_TEXT && it->role == SC_ROLE_TICK) {
				if (!strcmp(it->text, "1"))
					x1 = it->x;
				else if (!strcmp(it->text, "0.5"))
					xhalf = it->x;
				else if (!strcmp(it->text, "2"))
					x2 = it->x;
			}
		}
		CHECK(dashed == 1, "forest: one dashed reference line, got %zu", dashed);
		CHECK(filled == 2 && hollow == 5, "forest: 2 filled, 5 hollow markers (%zu, %zu)",
		      filled, hollow);
		CHECK(fabs((x1 - xhalf) - (x2 - x1)) < 0.01,
		      "forest: log axis (1/2 and 2 equidistant from 1)");
		scene_free(sc);
	}
	chart_free(c);
}

/* LINE whiskers and the RANGE second mark with its own text. */
static void test_intervals(const struct fonts *f)
{
	struct err e;
	const char *cats[] = {"1", "10"};
	struct chart *c = chart_new(CHART_LINE, "PUT 5 MiB", "desc");
	chart_set_categories(c, cats, 2);
	int s = chart_add_series(c, "A", "#336699");
	chart_set_point(c, s, 0, 40);
	chart_set_point(c, s, 1, 270);
	chart_set_interval(c, s, 1, 250, 330);
	struct scene *sc = chart_layout(c, f, &en, REPORT_HALF, &e);
	CHECK(sc != NULL, "whiskers: layout: %s", e.msg);
	if (sc) {
		size_t whisk = 0;
		for (size_t i = 0; i < scene_count(sc); i++)
			whisk += scene_item(sc, i)->kind == SC_LINE &&
				 !strcmp(scene_item(sc, i)->stroke, "#336699");
		CHECK(whisk == 1 + 3, "the legend's line and one whisker (stem, two caps), got %zu",
		      whisk);
		CHECK(top_tick(sc) >= 330, "the axis reaches the interval's top (330): %g",
		      top_tick(sc));
		check_scene(sc, f, "whiskers");
		scene_free(sc);
	}
	chart_free(c);
	c = chart_new(CHART_RANGE, "latency", "desc");
	int p = chart_add_panel(c, "5 MiB");
	chart_add_range_mark(c, p, "A", "#336699", 40, 40, 135, 201,
			     "40.42\xe2\x80\x93"
			     "135.3");
	chart_add_range_mark(c, p, "B", "#336699", 50, 50, 160, NAN,
			     "50\xe2\x80\x93"
			     "160 *");
	sc = chart_layout(c, f, &en, REPORT_WIDTH, &e);
	CHECK(sc != NULL, "marks: layout: %s", e.msg);
	if (sc) {
		CHECK(items_of(sc, SC_POLYLINE) == 1, "one diamond for the one p99.9");
		CHECK(has_text(sc, "40.42\xe2\x80\x93"
				   "135.3") &&
			      has_text(sc, "50\xe2\x80\x93"
					   "160 *"),
		      "the rows' own texts");
		CHECK(top_tick(sc) >= 201, "the axis reaches the mark (201): %g", top_tick(sc));
		check_scene(sc, f, "range marks");
		scene_free(sc);
	}
	chart_free(c);
}

/* Every chart of the report built from a committed fixture, in both languages:
 * small (format 1.0) and small11 (the same with the 1.1 fields, tests/fixtures/render/
 * add_v11.py), which adds the latency CDFs and the throughput-over-time charts. */
static void test_report_charts(const char *fixture, size_t want)
{
	const char *top = getenv("TOP");
	char path[4096], tdir[4096];
	struct err e = {{0}};
	snprintf(path, sizeof(path), "%s/tests/fixtures/render/%s/aggregate.json", top ? top : ".",
		 fixture);
	snprintf(tdir, sizeof(tdir), "%s/templates", top ? top : ".");
	struct report_model *m = model_load(path, &e);
	CHECK(m != NULL, "fixture loads: %s", e.msg);
	if (m == NULL)
		return;
	static const char *const langs[] = {"en", "ko"};
	for (size_t li = 0; li < 2; li++) {
		struct text_lang *l = text_lang_load(tdir, langs[li], &e);
		struct fonts *f = l ? fonts_new(text_lang_get(l, "font.first"), &e) : NULL;
		struct doc *d = f ? report_build(m, l, f, &e) : NULL;
		CHECK(d != NULL, "%s report builds: %s", langs[li], e.msg);
		size_t charts = 0;
		for (size_t i = 0; d && i < d->nblocks; i++)
			for (size_t k = 0; k < d->blocks[i].nscenes; k++) {
				char what[128];
				snprintf(what, sizeof(what), "%s: %s", langs[li],
					 scene_title(d->blocks[i].scenes[k]));
				check_scene(d->blocks[i].scenes[k], f, what);
				charts++;
			}
		CHECK(d == NULL || charts == want, "%s %s: %zu charts, want %zu", fixture,
		      langs[li], charts, want);
		doc_free(d);
		fonts_free(f);
		text_lang_free(l);
	}
	model_free(m);
}

/* The series store: a LINE series has one blank point per category, set in place; an x-y
 * series grows as points are pushed (past its first allocation); out of range is NULL. */
static void test_series(void)
{
	struct series_set ss = {0};
	int a = series_add(&ss, "A", "#336699", 3), b = series_add(&ss, NULL, "red", 0);
	CHECK(a == 0 && b == 1 && ss.n == 2 && !ss.oom, "two series: %d %d", a, b);
	CHECK(strcmp(ss.v[0].label, "A") == 0 && strcmp(ss.v[1].label, "") == 0 &&
		      strcmp(ss.v[0].color, "#336699") == 0 &&
		      strcmp(ss.v[1].color, "#777777") == 0,
	      "labels copied, a colour that is not #rrggbb is grey (%s)", ss.v[1].color);
	struct series_pt *p = series_at(&ss, a, 2);
	CHECK(p != NULL && p->x == 2 && isnan(p->y) && isnan(p->lo) && isnan(p->hi) && !p->faint,
	      "a category point starts blank at x = its index");
	CHECK(series_at(&ss, a, 3) == NULL && series_at(&ss, 2, 0) == NULL &&
		      series_at(&ss, -1, 0) == NULL && series_at(&ss, b, 0) == NULL,
	      "out of range: NULL");
	for (int i = 0; i < 40; i++) {
		p = series_push(&ss, b);
		if (p != NULL)
			p->y = i;
	}
	CHECK(ss.v[b].n == 40 && ss.v[b].pts[39].y == 39 && isnan(ss.v[b].pts[39].x) &&
		      ss.v[a].n == 3,
	      "pushed points kept in order (%zu)", ss.v[b].n);
	CHECK(series_push(&ss, 5) == NULL && !ss.oom, "push to no series: NULL, not out of memory");
	series_free(&ss);
	CHECK(ss.n == 0 && ss.v == NULL, "freed");
}

/* test_summary_aside: a series (LINE) or row (HBAR) set aside as not comparable is never the
 * summary's highest or lowest, and the summary names it (aside); without it, the same data's
 * highest is that one. Values per series or row over two categories (HBAR: the first). */
static void test_summary_aside(void)
{
	static const struct {
		enum chart_kind kind;
		int aside; /* the series or row set aside; -1: none */
		const char *top, *low;
		size_t wins, of;
	} cases[] = {
		{CHART_LINE, -1, "A", NULL, 2, 2}, {CHART_LINE, 0, "B", NULL, 1, 2},
		{CHART_LINE, 1, "A", NULL, 2, 2},  {CHART_HBAR, -1, "A", "C", 1, 1},
		{CHART_HBAR, 0, "B", "C", 1, 1},   {CHART_HBAR, 2, "A", "B", 1, 1},
	};
	static const char *const lab[3] = {"A", "B", "C"}, *const cats[2] = {"1", "2"};
	static const double v[3][2] = {{30, 30}, {20, 10}, {10, 20}};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct chart *c = chart_new(cases[i].kind, "t", "d");
		struct chart_summary sm;
		int p = cases[i].kind == CHART_LINE ? -1 : chart_add_panel(c, "");

		if (p < 0)
			chart_set_categories(c, cats, 2);
		for (int k = 0; k < 3; k++) {
			if (p >= 0) {
				chart_add_bar(c, p, lab[k], "#336699", v[k][0]);
				if (k == cases[i].aside)
					chart_set_row_aside(c, p);
				continue;
			}
			int si = chart_add_series(c, lab[k], "#336699");
			chart_set_point(c, si, 0, v[k][0]);
			chart_set_point(c, si, 1, v[k][1]);
			if (k == cases[i].aside)
				chart_set_series_aside(c, si);
		}
		chart_summary(c, &sm);
		CHECK(sm.top != NULL && strcmp(sm.top, cases[i].top) == 0 &&
			      sm.wins == cases[i].wins && sm.of == cases[i].of,
		      "summary %zu: top %s %zu of %zu, want %s %zu of %zu", i,
		      sm.top ? sm.top : "(none)", sm.wins, sm.of, cases[i].top, cases[i].wins,
		      cases[i].of);
		CHECK(cases[i].low == NULL || (sm.low != NULL && strcmp(sm.low, cases[i].low) == 0),
		      "summary %zu: lowest %s, want %s", i, sm.low ? sm.low : "(none)",
		      cases[i].low);
		CHECK(cases[i].aside < 0
			      ? sm.aside == NULL
			      : sm.aside != NULL && strcmp(sm.aside, lab[cases[i].aside]) == 0,
		      "summary %zu: set aside %s", i, sm.aside ? sm.aside : "(none)");
		chart_free(c);
	}
}

int main(void)
{
	struct err e;
	struct fonts *f = fonts_new(NULL, &e);
	test_ticks_table();
	test_ticks_property();
	test_series();
	test_summary_aside();
	CHECK(f != NULL, "fonts: %s", e.msg);
	if (f) {
		test_line_labels(f);
		test_long_labels(f);
		test_bars(f);
		test_forest(f);
		test_intervals(f);
		CHECK(fonts_width(f, "MiB/s", 10, 1) > fonts_width(f, "MiB/s", 10, 0),
		      "bold is wider than regular");
		CHECK_NUM(fonts_width(f, "i", 10, 0), 2.77, 0.01,
			  "DejaVu Sans 'i' is 569/2048 em (277/1000)");
	}
	fonts_free(f);
	/* 2 ops × 2 sizes scaling + 2 ops × 2 concurrencies latency + CV + 3 ranges + 2 per
	 * cycle; 1.1 adds a forest plot per op, and where the file has them 2 ops × 2 sizes
	 * CDF + 2 over time */
	test_report_charts("small", 4 + 4 + 1 + 3 + 2);
	test_report_charts("stats", 4 + 4 + 1 + 3 + 2 + 2 + 4 + 2);
	test_report_charts("small11", 4 + 4 + 1 + 3 + 2 + 4 + 2);
	return check_done();
}
