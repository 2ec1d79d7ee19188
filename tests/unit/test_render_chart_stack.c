/* tests/unit/test_render_chart_stack.c: the stacked bar chart (CHART_STACK, render/chart/chart.h,
 * render/chart/chart_stack.c) and the report's "Where the time goes" chart built with it
 * (render/report/report_climit.c): one segment per positive part, laid end to end, each as wide
 * as its value on the panel's scale, in its part's colour, with a tooltip like the other
 * charts' marks; the legend names the parts; the values that fit are written inside; the
 * description says which part is the largest; the report's bars are the means of the
 * included runs' phases. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/palette.h"
#include "render/chart/chart.h"
#include "render/doc/doc.h"
#include "render/model/model.h"
#include "render/report/report.h"
#include "tests/unit/check.h"

static const struct numfmt en = {",", "."};
static const char *const parts[6] = {"DNS", "connect", "TLS", "send", "wait", "transfer"};

/* A segment of a scene: a RECT with a tooltip "who · panel · part: value unit · n = N". */
struct seg {
	char who[64], panel[64], part[32];
	double value, x, w, y;
	char fill[8];
};

/* segs: the scene's segments parsed from their tooltips (at most max); returns how many. */
static size_t segs(const struct scene *s, struct seg *out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < scene_count(s) && n < max; i++) {
		const struct sc_item *it = scene_item(s, i);
		const char *a, *b, *c;
		if (it->kind != SC_RECT || it->tip == NULL)
			continue;
		a = strstr(it->tip, " · ");
		b = a ? strstr(a + 1, " · ") : NULL;
		c = b ? strstr(b, ": ") : NULL;
		if (c == NULL)
			continue;
		struct seg *g = &out[n++];
		snprintf(g->who, sizeof(g->who), "%.*s", (int)(a - it->tip), it->tip);
		snprintf(g->panel, sizeof(g->panel), "%.*s", (int)(b - a - 4), a + 4);
		snprintf(g->part, sizeof(g->part), "%.*s", (int)(c - b - 4), b + 4);
		g->value = atof(c + 2);
		g->x = it->x, g->w = it->w, g->y = it->y;
		snprintf(g->fill, sizeof(g->fill), "%s", it->fill);
	}
	return n;
}

static size_t texts_with_role(const struct scene *s, enum sc_role role)
{
	size_t n = 0;
	for (size_t i = 0; i < scene_count(s); i++)
		n += scene_item(s, i)->kind == SC_TEXT && scene_item(s, i)->role == role;
	return n;
}

/* Every item inside the scene, no two labels overlapping. */
static void check_clean(const struct scene *s, const char *what)
{
	size_t outside = 0;
	for (size_t i = 0; i < scene_count(s); i++) {
		const struct sc_item *it = scene_item(s, i);
		double x0 = it->x, y0 = it->y, x1 = it->x + it->w, y1 = it->y + it->h;
		if (it->kind == SC_TEXT)
			scene_text_box(it, &x0, &y0, &x1, &y1);
		else if (it->kind == SC_LINE)
			x1 = it->x2, y1 = it->y2;
		if (fmin(x0, x1) < -0.5 || fmax(x0, x1) > scene_width(s) + 0.5 ||
		    fmin(y0, y1) < -0.5 || fmax(y0, y1) > scene_height(s) + 0.5)
			outside++;
	}
	CHECK(scene_overlaps(s) == 0, "%s: %zu overlapping labels", what, scene_overlaps(s));
	CHECK(outside == 0, "%s: %zu items outside the scene", what, outside);
}

/* The chart model alone: two panels, three bars, a missing, a zero and a tiny part. */
static void test_chart(const struct fonts *f)
{
	static const double v[3][6] = {{0.05, 0.4, 0.8, 0.2, 2.5, 1.05},
				       {NAN, 0, 0.001, 0.3, 1.2, 0.5},
				       {0.1, 0.1, 0, 9.6, 0.1, 0.2}};
	struct err e;
	struct chart *c = chart_new(CHART_STACK, "Where the time goes", "Stacked bars.");
	chart_set_axis(c, "ms", " ms", "");
	for (int k = 0; k < 6; k++)
		chart_add_series(c, parts[k], palette_color((size_t)k));
	int p0 = chart_add_panel(c, "GET 4 KiB"), p1 = chart_add_panel(c, "PUT 1 MiB");
	chart_add_stack(c, p0, "Alpha", v[0], 6, "5 ms, round trip 0.2 ms");
	chart_set_row_n(c, p0, "3");
	chart_add_stack(c, p0, "Beta", v[1], 6, NULL);
	chart_add_stack(c, p1, "Alpha", v[2], 6, NULL);
	struct chart_summary sm;
	chart_summary(c, &sm);
	CHECK(sm.top != NULL && strcmp(sm.top, "wait") == 0 && sm.wins == 2 && sm.of == 3,
	      "summary: wait is the largest part of 2 of 3 bars (%s, %zu of %zu)",
	      sm.top ? sm.top : "-", sm.wins, sm.of);
	CHECK(!chart_is_empty(c), "a stack with values is not empty");
	for (int half = 0; half < 2; half++) {
		struct scene *sc = chart_layout(c, f, &en, half ? REPORT_HALF : REPORT_WIDTH, &e);
		const char *what = half ? "stack half" : "stack";
		struct seg g[32];
		CHECK(sc != NULL, "%s: layout: %s", what, e.msg);
		if (sc == NULL)
			continue;
		check_clean(sc, what);
		size_t n = segs(sc, g, 32), swatches = 0;
		CHECK(n == 6 + 4 + 5, "%s: a segment per positive part: %zu, want 15", what, n);
		CHECK(texts_with_role(sc, SC_ROLE_LEGEND) == 6, "%s: the legend names 6 parts",
		      what);
		CHECK(texts_with_role(sc, SC_ROLE_VALUE) == 3, "%s: a text after each bar", what);
		for (size_t i = 0; i < scene_count(sc); i++) {
			const struct sc_item *it = scene_item(sc, i);
			swatches += it->kind == SC_RECT && it->tip == NULL && it->w == it->h;
		}
		CHECK(swatches == 6, "%s: 6 legend swatches, got %zu", what, swatches);
		/* each bar's segments: in the parts' order, end to end from the same x0, as wide
		 * as the value on its panel's scale, in the part's colour */
		double k[2] = {NAN, NAN}, x0 = g[0].x;
		size_t bad_k = 0, bad_gap = 0, bad_col = 0, bad_order = 0;
		for (size_t i = 0; i < n; i++) {
			int pn = strcmp(g[i].panel, "GET 4 KiB") != 0;
			int r = pn ? 2 : strcmp(g[i].who, "Alpha") == 0 ? 0 : 1;
			int part = 0;
			while (part < 6 && strcmp(parts[part], g[i].part) != 0)
				part++;
			if (part == 6) {
				bad_order++;
				continue;
			}
			double want = v[r][part];
			if (isnan(k[pn]))
				k[pn] = g[i].w / want;
			bad_k += fabs(g[i].w / want - k[pn]) > 1e-9 * k[pn];
			bad_col += strcmp(g[i].fill, palette_color((size_t)part)) != 0;
			if (i > 0 && g[i - 1].y == g[i].y) {
				bad_gap += fabs(g[i - 1].x + g[i - 1].w - g[i].x) > 1e-9;
				bad_order += strcmp(g[i - 1].part, g[i].part) == 0;
			} else if (pn == 0) { /* the rows of a panel start alike */
				bad_gap += fabs(g[i].x - x0) > 1e-9;
			}
			bad_k += fabs(g[i].value - want) > 1e-5 * want;
		}
		CHECK(bad_k == 0 && bad_gap == 0 && bad_col == 0 && bad_order == 0,
		      "%s: widths proportional (%zu), end to end (%zu), colours (%zu), order (%zu)",
		      what, bad_k, bad_gap, bad_col, bad_order);
		/* the wait segment's tooltip, worded as the bar chart's marks word theirs */
		int tip_ok = 0, own_text = 0, inside = 0, white = 0;
		for (size_t i = 0; i < scene_count(sc); i++) {
			const struct sc_item *it = scene_item(sc, i);
			if (it->kind == SC_RECT && it->tip &&
			    strcmp(it->tip, "Alpha · GET 4 KiB · wait: 2.50000 ms · n = 3") == 0)
				tip_ok = 1;
			if (it->kind == SC_TEXT && it->role == SC_ROLE_VALUE &&
			    strcmp(it->text, "5 ms, round trip 0.2 ms") == 0)
				own_text = 1;
			if (it->kind == SC_TEXT && it->role == SC_ROLE_PART) {
				inside++;
				white += strcmp(it->fill, "#ffffff") == 0;
			}
		}
		CHECK(tip_ok, "%s: the wait segment's tooltip names row, panel, part, value, n",
		      what);
		CHECK(own_text, "%s: the row's own text after its bar", what);
		CHECK(inside >= 3 && white >= 1 && white < inside,
		      "%s: values inside the wide segments (%d), white on the dark ones (%d)", what,
		      inside, white);
		scene_free(sc);
	}
	chart_free(c);
	c = chart_new(CHART_STACK, "empty", "");
	chart_add_series(c, "a", "#000000");
	int p = chart_add_panel(c, "");
	double none[1] = {NAN};
	chart_add_stack(c, p, "x", none, 1, NULL);
	CHECK(chart_is_empty(c), "a stack whose parts are all missing is empty");
	chart_free(c);
}

/* The phases of run i of subject s, op o, size z (deterministic; aws has no DNS). */
static double phase(int s, int o, int z, int w, int cycle, int k)
{
	if (s == 0 && k == 0)
		return 0;
	return (k + 1) * 0.05 * (s + 1) * (z + 1) * (o + 1) * (w ? 2 : 1) +
	       (k == 4 ? 0.01 * cycle : 0);
}

/* The time-share claim of cell (s, o, z, w) with the means want[] (analyze's claims_time:
 * spread, each part's mean over the included runs) appended to claims. */
static void share_claim(json_t *claims, int s, int o, int z, int w, const double *want, int n)
{
	static const char *const ms[6] = {"dns_ms",  "connect_ms", "tls_ms",
					  "send_ms", "wait_ms",    "transfer_ms"};
	const char *subj = s ? "b2" : "aws", *op = o ? "get" : "put";
	long long size = z ? 5242880 : 262144;
	int conc = w ? 10 : 1;
	char id[128];
	json_t *c = json_object(), *f = json_object();
	double total = 0;

	snprintf(id, sizeof(id), "time-share/%s/%lld/c%d/%s", op, size, conc, subj);
	json_object_set_new(c, "id", json_string(id));
	json_object_set_new(c, "kind", json_string("time-share"));
	json_object_set_new(c, "verdict", json_string("spread"));
	json_object_set_new(c, "op", json_string(op));
	json_object_set_new(c, "size", json_integer(size));
	json_object_set_new(c, "concurrency", json_integer(conc));
	json_object_set_new(c, "subject", json_string(subj));
	json_object_set_new(c, "subjects", json_array());
	json_object_set_new(c, "reasons", json_array());
	json_object_set_new(f, "part", json_null());
	for (int k = 0; k < 6; k++) {
		json_object_set_new(f, ms[k], json_real(want[k]));
		total += want[k];
	}
	json_object_set_new(f, "total_ms", json_real(total));
	json_object_set_new(f, "rtt_ms", json_real(0.1 * (s + 1)));
	json_object_set_new(f, "runs", json_integer(n));
	json_object_set_new(f, "n", json_integer(n));
	json_object_set_new(c, "figures", f);
	json_array_append_new(claims, c);
}

/* The "small" fixture with request_phases on every run (the excluded one's absurd) and the
 * time-share claim of each cell (subject, op, size, workers): its parts' means over the
 * included runs, into want[s][o][z][w] and the runs into nruns. */
static char *phases_fixture(double want[2][2][2][2][6], int nruns[2][2][2][2])
{
	const char *top = getenv("TOP");
	char path[4096];
	json_error_t je;
	snprintf(path, sizeof(path), "%s/tests/fixtures/render/small/aggregate.json",
		 top ? top : ".");
	json_t *a = json_load_file(path, 0, &je), *v, *claims;
	size_t i;
	if (a == NULL)
		return NULL;
	memset(want, 0, sizeof(double) * 2 * 2 * 2 * 2 * 6);
	memset(nruns, 0, sizeof(int) * 2 * 2 * 2 * 2);
	json_array_foreach(json_object_get(a, "runs"), i, v) {
		int s = strcmp(json_string_value(json_object_get(v, "subject")), "aws") != 0;
		int o = strcmp(json_string_value(json_object_get(v, "op")), "put") != 0;
		int z = json_integer_value(json_object_get(v, "size")) != 262144;
		int w = json_integer_value(json_object_get(v, "concurrency")) != 1;
		int cyc = (int)json_integer_value(json_object_get(v, "cycle"));
		int in = json_is_true(json_object_get(v, "included"));
		json_t *ph = json_object();
		for (int k = 0; k < 6; k++) {
			double x = in ? phase(s, o, z, w, cyc, k) : 1000;
			json_object_set_new(ph,
					    parts[k][0] == 'D'   ? "dns"
					    : parts[k][0] == 'T' ? "tls"
								 : parts[k],
					    json_real(x));
			want[s][o][z][w][k] += in ? x : 0;
		}
		json_object_set_new(ph, "rtt_ms", json_real(0.1 * (s + 1)));
		json_object_set_new(v, "request_phases", ph);
		nruns[s][o][z][w] += in;
	}
	for (int k = 0; k < 2 * 2 * 2 * 2 * 6; k++)
		(&want[0][0][0][0][0])[k] /= (&nruns[0][0][0][0])[k / 6];
	claims = json_object_get(a, "claims");
	for (int x = 0; json_is_array(claims) && x < 16; x++)
		share_claim(claims, x >> 3, (x >> 2) & 1, (x >> 1) & 1, x & 1,
			    want[x >> 3][(x >> 2) & 1][(x >> 1) & 1][x & 1],
			    nruns[x >> 3][(x >> 2) & 1][(x >> 1) & 1][x & 1]);
	char *text = json_dumps(a, 0);
	json_decref(a);
	return text;
}

/* The report's chart from the time-share claims: 8 panels (op × size × workers: never one
 * average of two worker counts), a bar per subject, each part as its claim gives it, each bar
 * marked with its claim; the table kept beside it. */
static void test_report(void)
{
	const char *top = getenv("TOP");
	char tdir[4096];
	double want[2][2][2][2][6];
	int nruns[2][2][2][2];
	struct err e = {{0}};
	char *json = phases_fixture(want, nruns);
	CHECK(json != NULL, "the fixture loads");
	struct report_model *m = json ? model_load_string(json, "phases", &e) : NULL;
	CHECK(m != NULL, "the model loads: %s", e.msg);
	snprintf(tdir, sizeof(tdir), "%s/templates", top ? top : ".");
	struct text_lang *l = m ? text_lang_load(tdir, "en", &e) : NULL;
	struct fonts *f = l ? fonts_new(NULL, &e) : NULL;
	struct doc *d = f ? report_build(m, l, f, &e) : NULL;
	CHECK(d != NULL, "the report builds: %s", e.msg);
	const struct scene *sc = NULL;
	int table = 0;
	for (size_t i = 0; d && i < d->nblocks; i++) {
		for (size_t k = 0; k < d->blocks[i].nscenes; k++)
			if (strcmp(scene_title(d->blocks[i].scenes[k]),
				   text_lang_str(l, "chart.time")) == 0)
				sc = d->blocks[i].scenes[k];
		table |= d->blocks[i].kind == BLK_TABLE && sc != NULL &&
			 strcmp(d->blocks[i].table->id, "t-time") == 0;
	}
	CHECK(sc != NULL, "the report has the stacked chart");
	CHECK(table, "the table follows it");
	if (sc != NULL) {
		struct seg g[128];
		size_t n = segs(sc, g, 128), bad = 0, unmarked = 0;
		static const char *const panels[8] = {
			"PUT 256 KiB, 1 worker", "PUT 256 KiB, 10 workers",
			"PUT 5 MiB, 1 worker",   "PUT 5 MiB, 10 workers",
			"GET 256 KiB, 1 worker", "GET 256 KiB, 10 workers",
			"GET 5 MiB, 1 worker",   "GET 5 MiB, 10 workers"};
		double kp[8] = {NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
		CHECK(n == 8 * (5 + 6), "8 panels × (aws 5 parts + b2 6): %zu segments", n);
		for (size_t i = 0; i < n; i++) {
			int s = strcmp(g[i].who, "AWS S3") != 0, pn = 0, k = 0;
			while (pn < 8 && strcmp(panels[pn], g[i].panel) != 0)
				pn++;
			while (k < 6 && strcmp(parts[k], g[i].part) != 0)
				k++;
			if (pn == 8 || k == 6) {
				bad++;
				continue;
			}
			double w = want[s][pn / 4][(pn / 2) & 1][pn & 1][k];
			if (isnan(kp[pn]))
				kp[pn] = g[i].w / w;
			bad += fabs(g[i].w / w - kp[pn]) > 1e-9 * kp[pn] ||
			       fabs(g[i].value - w) > 1e-5 * w;
		}
		CHECK(bad == 0,
		      "every segment as wide as its cell's mean on its panel's scale (%zu off)",
		      bad);
		for (size_t i = 0; i < scene_count(sc); i++) {
			const struct sc_item *it = scene_item(sc, i);
			unmarked += it->kind == SC_RECT && it->tip != NULL &&
				    (it->claim == NULL ||
				     strncmp(it->claim, "time-share/", 11) != 0);
		}
		CHECK(unmarked == 0, "every segment carries its time-share claim (%zu not)",
		      unmarked);
		CHECK(nruns[1][0][0][1] == 2,
		      "b2's PUT 256 KiB mean at 10 workers is over its 2 included runs");
		CHECK(strstr(scene_desc(sc), "transfer is the largest part of 16 of 16 bars.") !=
			      NULL,
		      "the description says what the data says: %s", scene_desc(sc));
		CHECK(texts_with_role(sc, SC_ROLE_LEGEND) == 6, "the legend names the 6 parts");
		check_clean(sc, "report stack");
	}
	doc_free(d);
	fonts_free(f);
	text_lang_free(l);
	model_free(m);
	free(json);
}

int main(void)
{
	struct err e;
	struct fonts *f = fonts_new(NULL, &e);
	CHECK(f != NULL, "fonts: %s", e.msg);
	if (f)
		test_chart(f);
	fonts_free(f);
	test_report();
	return check_done();
}
