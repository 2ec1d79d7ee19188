/* tests/unit/test_render_colfit.c: table columns sized from their content
 * (render/doc/colfit.h; a long row header wraps, the other columns stay whole) and charts with nothing to draw (chart_is_empty,
 * chart_xy_is_empty), which the report replaces with a sentence. */
#include <math.h>
#include <string.h>

#include "render/chart/chart.h"
#include "render/chart/chart_xy.h"
#include "render/doc/colfit.h"
#include "render/doc/doc.h"
#include "tests/unit/check.h"

static double sum(const double *v, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s;
}

static void test_colfit(void)
{
	static const double mn[] = {40, 20, 30}, pref[] = {60, 20, 90};
	double out[3];

	/* everything fits: preferred widths, the rest shared in their proportion */
	CHECK(colfit(3, mn, pref, 340, out) == 0, "fits");
	CHECK_NUM(out[0], 60 + 170 * 60 / 170.0, 1e-9, "col 0 preferred + share");
	CHECK_NUM(sum(out, 3), 340, 1e-9, "sums to the total");
	/* preferred too wide, minimums fit: min + share of what each wanted beyond it */
	CHECK(colfit(3, mn, pref, 130, out) == 0, "minimums fit");
	CHECK_NUM(out[0], 40 + 40 * 20 / 80.0, 1e-9, "col 0: min 40 + 10");
	CHECK_NUM(out[1], 20, 1e-9, "col 1 wants no more than its minimum");
	CHECK_NUM(out[2], 30 + 40 * 60 / 80.0, 1e-9, "col 2: min 30 + 30");
	CHECK(out[0] >= mn[0] && out[1] >= mn[1] && out[2] >= mn[2], "no column below its minimum");
	/* not even the minimums fit: scaled down, reported */
	CHECK(colfit(3, mn, pref, 45, out) == 1, "too narrow: 1");
	CHECK_NUM(sum(out, 3), 45, 1e-9, "still sums to the total");
	CHECK_NUM(out[0], 20, 1e-9, "minimums scaled by 1/2");
}

/* A table whose headers are long words and whose cells are short: every column gets at
 * least its widest header word. */
static void test_colfit_table(struct fonts *f)
{
	static const char *const heads[] = {"Subject",     "Completion (s)", "Throughput obj/s",
					    "Fastest",     "Slowest",        "Concurrency",
					    "Measurement", "Percentile"};
	struct doc *d = doc_new("en", "t", "", "");
	struct doc_table *t = d ? doc_table(d, "t", "caption", 8) : NULL;
	double wd[8];
	CHECK(t != NULL, "setup");
	if (t == NULL) {
		doc_free(d);
		return;
	}
	for (size_t i = 0; i < 8; i++)
		doc_table_head(t, i, heads[i], 1);
	doc_table_row(t);
	for (size_t i = 0; i < 8; i++)
		doc_table_cell(t, i, i ? "1.0" : "Ceph RGW", i ? CELL_NUM : CELL_ROWHEAD, NULL,
			       NULL);
	CHECK(colfit_table(f, t, 8, 495, wd) == 0, "8 columns at 8 pt fit 495 pt");
	int whole = 1;
	for (size_t i = 0; i < 8; i++) {
		const char *w = strchr(heads[i], ' ') ? "Completion" : heads[i];
		if (i == 2)
			w = "Throughput";
		whole &= wd[i] >= fonts_width(f, w, 8, 1) + 8 - 1e-9;
	}
	CHECK(whole, "every column holds its widest header word");
	CHECK_NUM(sum(wd, 8), 495, 1e-6, "the table fills the line");
	doc_free(d);
}

/* A subject label of 190 characters as a row header: it wraps (its column's minimum is
 * its widest word), and the other columns keep their headers' words and their numbers
 * whole. A label up to a third of the line stays on one line. */
static void test_long_rowhead(struct fonts *f)
{
	static const char *const heads[] = {"Subject", "Object size", "Wkrs",    "p50",
					    "p99",     "Max",         "Requests"};
	static const char *const cells[] = {"256 KiB", "10", "1,030", "1,952", "3,372", "28,035"};
	static const char *const label =
		"Telef\xc3\xb3nica Cloud Object Storage Madrid-Norte region, dedicated tenant for "
		"the benchmarking campaign of the storage team, erasure coded 8+3, versioning "
		"enabled, object lock off, replication none";
	struct doc *d = doc_new("en", "t", "", "");
	struct doc_table *t = d ? doc_table(d, "t", "caption", 7) : NULL;
	double wd[7], mid = 0;
	int whole = 1;

	CHECK(t != NULL && strlen(label) > 185, "setup");
	if (t == NULL) {
		doc_free(d);
		return;
	}
	for (size_t i = 0; i < 7; i++)
		doc_table_head(t, i, heads[i], 1);
	doc_table_row(t);
	doc_table_cell(t, 0, label, CELL_ROWHEAD, NULL, NULL);
	for (size_t i = 1; i < 7; i++)
		doc_table_cell(t, i, cells[i - 1], CELL_NUM, NULL, NULL);
	CHECK(colfit_table(f, t, 8, 495, wd) == 0, "a long row header fits 495 pt at 8 pt");
	for (size_t i = 1; i < 7; i++)
		whole &= wd[i] >= fonts_width(f, cells[i - 1], 8, 0) + 8 - 1e-9 &&
			 wd[i] >=
				 fonts_width(f, strchr(heads[i], ' ') ? "Object" : heads[i], 8, 1) +
					 8 - 1e-9;
	CHECK(whole, "the other columns hold their numbers and header words whole");
	CHECK(wd[0] < fonts_width(f, label, 8, 0), "the label wraps (%g pt)", wd[0]);
	CHECK_NUM(sum(wd, 7), 495, 1e-6, "the table fills the line");
	/* a label of a third of the line stays whole */
	doc_table_row(t);
	doc_table_cell(t, 0, "MinIO on NVMe, 8 nodes", CELL_ROWHEAD, NULL, NULL);
	CHECK(colfit_table(f, t, 8, 495, wd) == 0 &&
		      (mid = fonts_width(f, "MinIO on NVMe, 8 nodes", 8, 0)) < 495 / 3.0 &&
		      wd[0] >= mid + 8,
	      "a short label stays on one line (%g of %g pt)", wd[0], mid + 8);
	doc_free(d);
}

static void test_empty(void)
{
	struct chart *c = chart_new(CHART_RANGE, "t", "d");
	int p = chart_add_panel(c, "");
	chart_add_range(c, p, "a", "#000000", NAN, NAN, NAN);
	CHECK(chart_is_empty(c), "range chart of '–' rows: empty");
	chart_add_range(c, p, "b", "#000000", 1, 2, 3);
	CHECK(!chart_is_empty(c), "one range: not empty");
	CHECK_STR(chart_title(c), "t", "title kept");
	chart_free(c);
	c = chart_new(CHART_FOREST, "f", "d");
	p = chart_add_panel(c, "");
	chart_add_row(c, p, "row");
	chart_add_estimate(c, p, "#000000", NAN, NAN, NAN, 0, "not enough runs");
	CHECK(chart_is_empty(c), "forest of untested rows: empty");
	chart_free(c);
	c = chart_new(CHART_LINE, "l", "d");
	const char *cats[] = {"1", "2"};
	chart_set_categories(c, cats, 2);
	int s = chart_add_series(c, "a", "#000000");
	CHECK(chart_is_empty(c), "line without points: empty");
	chart_set_point(c, s, 1, 5);
	CHECK(!chart_is_empty(c), "one point: not empty");
	chart_free(c);
	struct xychart *x = chart_xy_new("x", "d");
	s = chart_xy_add_series(x, "a", "#000000");
	chart_xy_add_point(x, s, 1, NAN, 0);
	CHECK(chart_xy_is_empty(x), "x-y chart of gaps: empty");
	chart_xy_add_point(x, s, 2, 3, 0);
	CHECK(!chart_xy_is_empty(x) && strcmp(chart_xy_title(x), "x") == 0, "one point: drawn");
	chart_xy_free(x);
}

int main(void)
{
	struct err e;
	struct fonts *f = fonts_new(NULL, &e);
	test_colfit();
	CHECK(f != NULL, "fonts: %s", e.msg);
	if (f) {
		test_colfit_table(f);
		test_long_rowhead(f);
	}
	fonts_free(f);
	test_empty();
	return check_done();
}
