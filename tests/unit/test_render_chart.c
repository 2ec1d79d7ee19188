/* tests/unit/test_render_chart.c: nice ticks, label placement without overlap, shared
 * font metrics, and every chart of a real report laid out cleanly (render/chart.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart.h"
#include "render/doc.h"
#include "render/model.h"
#include "render/report.h"
#include "tests/unit/check.h"

static const struct numfmt en = { ",", "." };

static void test_ticks_table(void)
{
	static const struct { double lo, hi; int target; double tlo, thi, step; int n; } cases[] = {
		{ 0, 95, 5, 0, 100, 20, 6 },
		{ 0, 1, 5, 0, 1, 0.2, 6 },
		{ 0, 0, 5, 0, 1, 0.2, 6 },
		{ 0, 7.3, 4, 0, 8, 2, 5 },
		{ 0, 1234, 5, 0, 1500, 500, 4 },
		{ 0, 0.034, 5, 0, 0.04, 0.01, 5 },
		{ 10, 95, 5, 0, 100, 20, 6 },
		{ 0, 100, 5, 0, 100, 20, 6 },
		{ 0, 100, 2, 0, 100, 50, 3 },
		{ 0, 370, 5, 0, 400, 100, 5 },
		{ 0, 8000, 6, 0, 8000, 2000, 5 },
		{ -5, 5, 5, -6, 6, 2, 7 },
		{ 3, 3, 5, 1, 5, 1, 5 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double tlo, thi, step;
		int n = chart_nice_ticks(cases[i].lo, cases[i].hi, cases[i].target, &tlo, &thi, &step);
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
		double hi = pow(10, (double)(seed % 1000) / 100.0 - 3) * (1 + (seed >> 16) % 97 / 10.0);
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
			if (fabs(it->text_width - fonts_width(f, it->text, it->size, it->bold)) > 1e-9)
				badw++;
		} else if (it->kind == SC_LINE) {
			x1 = it->x2;
			y1 = it->y2;
		} else if (it->kind == SC_CIRCLE) {
			x0 = it->x - it->r; x1 = it->x + it->r;
			y0 = it->y - it->r; y1 = it->y + it->r;
		} else if (it->kind == SC_POLYLINE) {
			x1 = x0 = it->pts[0];
			y1 = y0 = it->pts[1];
		}
		if (fmin(x0, x1) < -0.5 || fmax(x0, x1) > scene_width(s) + 0.5 ||
		    fmin(y0, y1) < -0.5 || fmax(y0, y1) > scene_height(s) + 0.5)
			outside++;
	}
	CHECK(scene_overlaps(s) == 0, "%s: %zu overlapping labels", what, scene_overlaps(s));
	CHECK(outside == 0, "%s: %zu items outside the %gx%g scene", what, outside,
	      scene_width(s), scene_height(s));
	CHECK(badw == 0, "%s: %zu texts not measured with the shared fonts", what, badw);
}

/* Lines ending at nearly the same value: the end labels are pushed apart. */
static void test_line_labels(const struct fonts *f)
{
	const char *cats[] = { "1", "5", "10" };
	const double ends[][6] = {
		{ 100, 100.1, 100.2, 99.9, 100, 100.05 },
		{ 0, 0, 0, 0, 0, 0 },
		{ 400, 399, 1, 2, 3, 398 },
		{ 1e6, 1e6 + 1, 5, 6, 1e6 - 1, 7 },
	};
	for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++) {
		struct err e;
		struct chart *c = chart_new(CHART_LINE, "PUT 5 MiB: throughput vs workers", "desc");
		chart_set_axis(c, "MiB/s", "", "workers");
		chart_set_categories(c, cats, 3);
		for (int s = 0; s < 6; s++) {
			char label[32];
			snprintf(label, sizeof label, "Subject number %d", s);
			int si = chart_add_series(c, label, model_palette((size_t)s));
			chart_set_point(c, si, 0, ends[k][s] / 10);
			chart_set_point(c, si, 1, s == 3 ? NAN : ends[k][s] / 2);
			chart_set_point(c, si, 2, ends[k][s]);
		}
		for (int half = 0; half < 2; half++) {
			struct scene *sc = chart_layout(c, f, &en, half ? REPORT_HALF : REPORT_WIDTH, &e);
			char what[64];
			snprintf(what, sizeof what, "line case %zu %s", k, half ? "half" : "full");
			CHECK(sc != NULL, "%s: layout: %s", what, e.msg);
			if (!sc)
				continue;
			CHECK(texts_with_role(sc, SC_ROLE_VALUE) == 6, "%s: 6 end labels", what);
			CHECK(texts_with_role(sc, SC_ROLE_LEGEND) == 6, "%s: 6 legend entries", what);
			check_scene(sc, f, what);
			scene_free(sc);
		}
		chart_free(c);
	}
}

static void test_bars(const struct fonts *f)
{
	const double vals[][5] = {
		{ 45.95, 63.22, 53.45, 50.93, 75.32 },
		{ 1, 2, 3, 4, 123456789 },
		{ NAN, NAN, NAN, NAN, NAN },
		{ 0.001, 0.002, 0.0015, NAN, 0.004 },
	};
	for (int kind = 0; kind < 2; kind++) {
		struct err e;
		struct chart *c = chart_new(kind ? CHART_RANGE : CHART_HBAR, "title", "desc");
		chart_set_axis(c, kind ? "obj/s" : "ms", kind ? "" : " ms", "");
		for (size_t p = 0; p < sizeof vals / sizeof vals[0]; p++) {
			char title[32];
			snprintf(title, sizeof title, "Panel %zu", p);
			int pi = chart_add_panel(c, title);
			for (int r = 0; r < 5; r++) {
				const char *label = r == 2 ? "A subject with a very long name indeed, longer than any column"
							   : "Subject";
				if (kind)
					chart_add_range(c, pi, label, "#336699", vals[p][r] / 2, vals[p][r],
							vals[p][r] * 1.5);
				else
					chart_add_bar(c, pi, label, "#336699", vals[p][r]);
			}
		}
		struct scene *sc = chart_layout(c, f, &en, REPORT_WIDTH, &e);
		CHECK(sc != NULL, "bars %d: layout: %s", kind, e.msg);
		if (sc) {
			CHECK(texts_with_role(sc, SC_ROLE_VALUE) == 20, "bars %d: a value on each bar", kind);
			CHECK(texts_with_role(sc, SC_ROLE_PANEL) == 4, "bars %d: one title per panel", kind);
			check_scene(sc, f, kind ? "range chart" : "bar chart");
			/* a missing value is written as a dash, never as 0 */
			size_t dashes = 0;
			for (size_t i = 0; i < scene_count(sc); i++)
				if (scene_item(sc, i)->kind == SC_TEXT &&
				    strcmp(scene_item(sc, i)->text, TEXT_NULL) == 0)
					dashes++;
			CHECK(dashes == (kind ? 6u : 6u), "bars %d: %zu dashes for 6 nulls", kind, dashes);
			scene_free(sc);
		}
		chart_free(c);
	}
}

/* Every chart of the report built from a committed fixture, in both languages:
 * small (format 1.0) and small11 (the same with the 1.1 fields, tests/fixtures/render/
 * add_v11.py), which adds the latency CDFs and the throughput-over-time charts. */
static void test_report_charts(const char *fixture, size_t want)
{
	const char *top = getenv("TOP");
	char path[4096], tdir[4096];
	struct err e = { { 0 } };
	snprintf(path, sizeof path, "%s/tests/fixtures/render/%s/aggregate.json", top ? top : ".",
		 fixture);
	snprintf(tdir, sizeof tdir, "%s/templates", top ? top : ".");
	struct report_model *m = model_load(path, &e);
	CHECK(m != NULL, "fixture loads: %s", e.msg);
	if (!m)
		return;
	static const char *const langs[] = { "en", "ko" };
	for (size_t li = 0; li < 2; li++) {
		struct text_lang *l = text_lang_load(tdir, langs[li], &e);
		struct fonts *f = l ? fonts_new(langs[li], &e) : NULL;
		struct doc *d = f ? report_build(m, l, f, &e) : NULL;
		CHECK(d != NULL, "%s report builds: %s", langs[li], e.msg);
		size_t charts = 0;
		for (size_t i = 0; d && i < d->nblocks; i++)
			for (size_t k = 0; k < d->blocks[i].nscenes; k++) {
				char what[128];
				snprintf(what, sizeof what, "%s: %s", langs[li],
					 scene_title(d->blocks[i].scenes[k]));
				check_scene(d->blocks[i].scenes[k], f, what);
				charts++;
			}
		CHECK(!d || charts == want, "%s %s: %zu charts, want %zu", fixture, langs[li],
		      charts, want);
		doc_free(d);
		fonts_free(f);
		text_lang_free(l);
	}
	model_free(m);
}

int main(void)
{
	struct err e;
	struct fonts *f = fonts_new("en", &e);
	test_ticks_table();
	test_ticks_property();
	CHECK(f != NULL, "fonts: %s", e.msg);
	if (f) {
		test_line_labels(f);
		test_bars(f);
		CHECK(fonts_width(f, "MiB/s", 10, 1) > fonts_width(f, "MiB/s", 10, 0),
		      "bold is wider than regular");
		CHECK_NUM(fonts_width(f, "i", 10, 0), 2.22, 0.01, "Helvetica 'i' is 222/1000 em");
	}
	fonts_free(f);
	/* 2 ops × 2 sizes scaling + 2 ops × 2 concurrencies latency + CV + 3 ranges + 2 per
	 * cycle; 1.1: + 2 ops × 2 sizes CDF + 2 over time */
	test_report_charts("small", 4 + 4 + 1 + 3 + 2);
	test_report_charts("small11", 4 + 4 + 1 + 3 + 2 + 4 + 2);
	return check_done();
}
