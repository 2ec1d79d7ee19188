/* tests/unit/test_render_html.c: the HTML report of the committed fixture, with a subject
 * named <script>alert(1)</script>, parsed with libxml2's HTML parser: no parse error, no
 * script, no external reference, escaped data, accessible tables and charts, and every
 * throughput table cell equal to the model's value (render/doc/html.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "render/text/fonts.h"
#include "render/doc/html.h"
#include "render/model/model.h"
#include "render/model/model_query.h"
#include "render/report/report.h"
#include "tests/unit/check.h"

#define EVIL "<script>alert(1)</script>"

struct errs {
	int n;
	char first[512];
};

/* libxml2 2.9's HTML parser knows HTML 4 only: it reports HTML5 and SVG element names
 * (svg, line, polyline, ...) as "Tag ... invalid" (XML_HTML_UNKNOWN_TAG). Every other
 * report — a mismatched tag, a bad entity, an unescaped '<' — counts as an error. */
static void on_error(void *arg, xmlErrorPtr err)
{
	struct errs *e = arg;
	if (err->code == XML_HTML_UNKNOWN_TAG)
		return;
	if (!e->n++)
		snprintf(e->first, sizeof(e->first), "line %d: %s", err->line, err->message);
}

static int has_name(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

struct walk {
	int scripts, external, th_without_scope, tables, captions, svgs, svg_titled, evil_text;
	int inline_handlers;
};

static void walk(xmlNodePtr n, struct walk *w)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		const char *name = (const char *)n->name;
		if (!strcmp(name, "script") || !strcmp(name, "link") || !strcmp(name, "img") ||
		    !strcmp(name, "iframe") || !strcmp(name, "object") || !strcmp(name, "embed"))
			w->scripts++;
		for (xmlAttrPtr a = n->properties; a; a = a->next) {
			xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
			const char *an = (const char *)a->name;
			if ((!strcmp(an, "href") || !strcmp(an, "src")) && v && v[0] != '#')
				w->external++;
			if (v &&
			    (strstr((const char *)v, "url(") || strstr((const char *)v, "http:") ||
			     strstr((const char *)v, "https:")))
				w->external++;
			if (!strncmp(an, "on", 2))
				w->inline_handlers++;
			xmlFree(v);
		}
		if (!strcmp(name, "style")) {
			xmlChar *t = xmlNodeGetContent(n);
			if (t &&
			    (strstr((const char *)t, "url(") ||
			     strstr((const char *)t, "@import") || strstr((const char *)t, "http")))
				w->external++;
			xmlFree(t);
		}
		if (!strcmp(name, "th")) {
			xmlChar *scope = xmlGetProp(n, BAD_CAST "scope");
			if (scope == NULL ||
			    (strcmp((char *)scope, "col") && strcmp((char *)scope, "row")))
				w->th_without_scope++;
			xmlChar *t = xmlNodeGetContent(n);
			if (t && strstr((const char *)t, EVIL))
				w->evil_text++;
			xmlFree(t);
			xmlFree(scope);
		}
		if (!strcmp(name, "table")) {
			w->tables++;
			for (xmlNodePtr c = n->children; c; c = c->next)
				if (has_name(c, "caption"))
					w->captions++;
		}
		if (!strcmp(name, "svg")) {
			int t = 0, d = 0;
			w->svgs++;
			for (xmlNodePtr c = n->children; c; c = c->next) {
				t += has_name(c, "title");
				d += has_name(c, "desc");
			}
			w->svg_titled += t == 1 && d == 1;
		}
		walk(n->children, w);
	}
}

static xmlNodePtr find_id(xmlNodePtr n, const char *id)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		xmlChar *v = xmlGetProp(n, BAD_CAST "id");
		int hit = v && strcmp((char *)v, id) == 0;
		xmlFree(v);
		if (hit)
			return n;
		xmlNodePtr r = find_id(n->children, id);
		if (r)
			return r;
	}
	return NULL;
}

/* The text of a td up to its note ("12.34 n=2/3" → "12.34"). */
static void cell_value(xmlNodePtr td, char *out, size_t n)
{
	out[0] = 0;
	for (xmlNodePtr c = td->children; c; c = c->next)
		if (c->type == XML_TEXT_NODE) {
			snprintf(out, n, "%s", (const char *)c->content);
			break;
		}
}

/* Every cell of every throughput table equals the model, formatted as the report does. */
static void check_tables(xmlNodePtr root, const struct report_model *m, const struct numfmt *nf)
{
	int cells = 0, leads = 0, notes = 0;
	for (size_t o = 0; o < m->nops; o++)
		for (size_t k = 0; k < m->nconc; k++) {
			char id[64];
			snprintf(id, sizeof(id), "t-%s-c%d", m->ops[o], m->concurrency[k]);
			xmlNodePtr t = find_id(root, id), tb = NULL;
			CHECK(t != NULL, "table %s exists", id);
			for (xmlNodePtr c = t ? t->children : NULL; c; c = c->next)
				if (has_name(c, "tbody"))
					tb = c;
			size_t row = 0;
			for (xmlNodePtr tr = tb ? tb->children : NULL; tr; tr = tr->next) {
				if (!has_name(tr, "tr"))
					continue;
				size_t col = 0;
				for (xmlNodePtr td = tr->children; td; td = td->next) {
					if (!has_name(td, "td"))
						continue;
					const struct results_cell *c = model_cell(
						m, (int)col, m->ops[o], m->sizes[row],
						m->concurrency[k]);
					char got[128], want[TEXT_NUM_MAX];
					cell_value(td, got, sizeof(got));
					while (*got && got[strlen(got) - 1] == ' ')
						got[strlen(got) - 1] = 0;
					text_num(nf, c ? c->mib_s.value : NAN, -1, want,
						 sizeof(want));
					CHECK_STR(got, want, "%s row %zu col %zu", id, row, col);
					xmlChar *cls = xmlGetProp(td, BAD_CAST "class");
					leads += cls && strstr((char *)cls, "lead");
					xmlFree(cls);
					xmlChar *all = xmlNodeGetContent(td);
					notes += all && strstr((char *)all, "n=");
					xmlFree(all);
					cells++;
					col++;
				}
				CHECK(col == m->nsubjects, "%s row %zu: one column per subject", id,
				      row);
				row++;
			}
			CHECK(row == m->nsizes, "%s: one row per size", id);
		}
	CHECK(cells == (int)(m->nops * m->nconc * m->nsizes * m->nsubjects), "%d table cells",
	      cells);
	CHECK(leads == (int)m->doc.n_leaders, "%d leaders marked, %zu in the data", leads,
	      m->doc.n_leaders);
	int short_cells = 0;
	for (size_t i = 0; i < m->doc.n_cells; i++)
		short_cells += m->doc.cells[i].n < m->doc.cells[i].expected;
	CHECK(notes == short_cells, "n shown on %d cells, %d have n < expected", notes,
	      short_cells);
}

/* The text a 1.1 table cell must show: "v ± h" with h in v's decimals. */
static void want_ci(const struct numfmt *nf, const struct results_cell *c, char *out, size_t n)
{
	char v[TEXT_NUM_MAX], h[TEXT_NUM_MAX];
	double lo = c->mib_s.value - c->mib_s.ci_lo, hi = c->mib_s.ci_hi - c->mib_s.value;
	text_num(nf, c->mib_s.value, -1, v, sizeof(v));
	text_num(nf, lo > hi ? lo : hi, text_decimals(c->mib_s.value), h, sizeof(h));
	snprintf(out, n, "%s \xc2\xb1 %s", v, h);
}

/* A tbody's td cells of table id, in order, into tds (at most max); returns how many. */
static size_t table_tds(xmlNodePtr root, const char *id, xmlNodePtr *tds, size_t max)
{
	xmlNodePtr t = find_id(root, id), tb = NULL;
	size_t n = 0;
	for (xmlNodePtr c = t ? t->children : NULL; c; c = c->next)
		if (has_name(c, "tbody"))
			tb = c;
	for (xmlNodePtr tr = tb ? tb->children : NULL; tr; tr = tr->next)
		for (xmlNodePtr td = has_name(tr, "tr") ? tr->children : NULL; td; td = td->next)
			if (has_name(td, "td") && n < max)
				tds[n++] = td;
	return n;
}

static int has_class(xmlNodePtr n, const char *cls)
{
	xmlChar *v = xmlGetProp(n, BAD_CAST "class");
	int r = 0;
	for (char *p = v ? strstr((char *)v, cls) : NULL; p && !r; p = strstr(p + 1, cls))
		r = (p == (char *)v || p[-1] == ' ') &&
		    (p[strlen(cls)] == 0 || p[strlen(cls)] == ' ');
	xmlFree(v);
	return r;
}

/* How many <text> elements under n contain s. */
static int texts_containing(xmlNodePtr n, const char *s)
{
	int k = 0;
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (has_name(n, "text")) {
			xmlChar *t = xmlNodeGetContent(n);
			k += t && strstr((char *)t, s) != NULL;
			xmlFree(t);
		}
		k += texts_containing(n->children, s);
	}
	return k;
}

/* The svg whose <title> contains s, or NULL. */
static xmlNodePtr svg_titled(xmlNodePtr n, const char *s)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (has_name(n, "svg"))
			for (xmlNodePtr c = n->children; c; c = c->next)
				if (has_name(c, "title")) {
					xmlChar *t = xmlNodeGetContent(c);
					int hit = t && strstr((char *)t, s);
					xmlFree(t);
					if (hit)
						return n;
				}
		xmlNodePtr r = svg_titled(n->children, s);
		if (r)
			return r;
	}
	return NULL;
}

/* Format 1.1 (tests/fixtures/render/stats): every throughput cell shows value ± CI and
 * n; "lead" marks exactly the clear leaders, "tie" exactly the tie groups; a forest plot
 * per op with one row per size × workers. */
static void test_stats(const char *top, const char *tdir)
{
	char path[4096];
	struct err e = {{0}};
	struct text_lang *l = NULL;
	struct fonts *f = NULL;
	struct doc *d = NULL;
	struct strbuf html = {0};
	snprintf(path, sizeof(path), "%s/tests/fixtures/render/stats/aggregate.json",
		 top ? top : ".");
	struct report_model *m = model_load(path, &e);
	if (m == NULL || (l = text_lang_load(tdir, "en", &e)) == NULL ||
	    (f = fonts_new(NULL, &e)) == NULL || (d = report_build(m, l, f, &e)) == NULL ||
	    html_write(d, tdir, fonts_css_family(f), &html, &e)) {
		CHECK(0, "1.1 report: %s", e.msg);
		goto done;
	}
	htmlDocPtr doc = htmlReadMemory(html.p, (int)html.len, "report.html", "UTF-8",
					HTML_PARSE_NONET | HTML_PARSE_NOERROR |
						HTML_PARSE_NOWARNING);
	CHECK(doc != NULL, "1.1 report parses");
	if (doc == NULL)
		goto done;
	xmlNodePtr root = xmlDocGetRootElement(doc);
	int cells = 0, leads = 0, ties = 0, want_leads = 0, want_ties = 0;
	for (size_t o = 0; o < m->nops; o++)
		for (size_t k = 0; k < m->nconc; k++) {
			char id[64];
			xmlNodePtr tds[64];
			snprintf(id, sizeof(id), "t-%s-c%d", m->ops[o], m->concurrency[k]);
			size_t n = table_tds(root, id, tds, 64);
			CHECK(n == m->nsizes * m->nsubjects, "%s: %zu cells", id, n);
			for (size_t i = 0; i < n; i++) {
				size_t z = i / m->nsubjects, sj = i % m->nsubjects;
				const struct results_cell *c = model_cell(
					m, (int)sj, m->ops[o], m->sizes[z], m->concurrency[k]);
				const struct results_leader *ld = model_leader(
					m, m->ops[o], m->sizes[z], m->concurrency[k]);
				char got[128], want[128], note[32];
				xmlChar *all = xmlNodeGetContent(tds[i]);
				cell_value(tds[i], got, sizeof(got));
				while (*got && got[strlen(got) - 1] == ' ')
					got[strlen(got) - 1] = 0;
				want_ci(text_lang_numfmt(l), c, want, sizeof(want));
				CHECK_STR(got, want, "%s cell %zu: value ± CI", id, i);
				snprintf(note, sizeof(note),
					 c->n < c->expected ? "n=%d/%d" : "n=%d", c->n,
					 c->expected);
				CHECK(all && strstr((char *)all, note), "%s cell %zu shows %s", id,
				      i, note);
				xmlFree(all);
				leads += has_class(tds[i], "lead");
				ties += has_class(tds[i], "tie");
				int clear = ld && ld->status == RESULTS_LEAD_CLEAR &&
					    ld->subject == (int)sj;
				int tie = model_in_tie(ld, (int)sj);
				want_leads += clear;
				want_ties += tie;
				CHECK(has_class(tds[i], "lead") == clear &&
					      has_class(tds[i], "tie") == tie,
				      "%s cell %zu: lead %d tie %d", id, i, clear, tie);
				cells++;
			}
		}
	CHECK(cells == 24 && want_leads == 1 && want_ties == 18 && leads == 1 && ties == 18,
	      "%d cells, %d clear leads, %d tie cells", cells, leads, ties);
	CHECK(strstr(html.p, "Blue: tied at the top") != NULL, "the tie legend line");
	for (size_t o = 0; o < m->nops; o++) {
		char t[64];
		snprintf(t, sizeof(t), "%s throughput of each subject relative", o ? "GET" : "PUT");
		xmlNodePtr svg = svg_titled(root, t);
		CHECK(svg != NULL, "the %s forest plot", o ? "GET" : "PUT");
		CHECK(svg && texts_containing(svg->children, " w. vs ") ==
				      (int)(m->nsizes * m->nconc),
		      "forest: one row per size × workers");
		CHECK(svg && texts_containing(svg->children, "Backblaze B2: ") ==
				      (int)(m->nsizes * m->nconc),
		      "forest: a B2 estimate in every row (B2 never leads)");
	}
	CHECK(find_id(root, "t-lat-put") && find_id(root, "t-lat-get"), "pooled latency tables");
	CHECK(strstr(html.p, "Bonferroni adjustment over the 24 comparisons"),
	      "methodology settings");
	xmlFreeDoc(doc);
done:
	strbuf_free(&html);
	doc_free(d);
	fonts_free(f);
	text_lang_free(l);
	model_free(m);
}

/* The HTML report of the 1.1 fixture after edit(root), into html; 0 on success. */
static int html_of(const char *top, const char *tdir, void (*edit)(json_t *), struct strbuf *html)
{
	char path[4096];
	struct err e = {{0}};
	json_error_t je;
	struct text_lang *l = NULL;
	struct fonts *f = NULL;
	struct doc *d = NULL;
	struct report_model *m = NULL;
	int rc = -1;
	snprintf(path, sizeof(path), "%s/tests/fixtures/render/stats/aggregate.json",
		 top ? top : ".");
	json_t *root = json_load_file(path, 0, &je);
	if (root == NULL)
		return -1;
	edit(root);
	char *text = json_dumps(root, 0);
	json_decref(root);
	if ((m = model_load_string(text, "p/aggregate.json", &e)) &&
	    (l = text_lang_load(tdir, "en", &e)) && (f = fonts_new(NULL, &e)) &&
	    (d = report_build(m, l, f, &e)) &&
	    html_write(d, tdir, fonts_css_family(f), html, &e) == 0)
		rc = 0;
	CHECK(rc == 0, "edited 1.1 report: %s", e.msg);
	free(text);
	doc_free(d);
	fonts_free(f);
	text_lang_free(l);
	model_free(m);
	return rc;
}

/* The median policy: cells[0] (AWS S3, PUT 256 KiB, 1 worker) gets an asymmetric
 * order-statistics interval. */
static void median_policy(json_t *root)
{
	json_t *st = json_object_get(json_array_get(json_object_get(root, "cells"), 0), "mib_s");
	json_object_set_new(json_object_get(root, "policy"), "name", json_string("median"));
	json_object_set_new(st, "ci95", json_pack("[f, f]", 6.2, 6.9));
	json_object_set_new(st, "ci_method", json_string("order-statistics"));
	json_object_set_new(st, "ci_coverage", json_real(0.75));
}

/* Best-of: no interval anywhere. */
static void best_policy(json_t *root)
{
	size_t i;
	json_t *c;
	json_object_set_new(json_object_get(root, "policy"), "name", json_string("best"));
	json_array_foreach(json_object_get(root, "cells"), i, c) {
		json_t *st = json_object_get(c, "mib_s");
		json_object_set_new(st, "ci95", json_null());
		json_object_set_new(st, "ci_method", json_null());
		json_object_set_new(st, "ci_coverage", json_null());
	}
}

static void test_policies(const char *top, const char *tdir)
{
	struct strbuf html = {0};
	if (html_of(top, tdir, median_policy, &html) == 0) {
		CHECK(strstr(html.p, ">6.64 [6.20, 6.90] <span class=\"n\">n=3</span>") != NULL,
		      "order statistics: [lo, hi] with n");
		CHECK(strstr(html.p, "own distribution-free confidence interval of the median") !=
			      NULL,
		      "the foot names the order-statistics interval");
	}
	strbuf_free(&html);
	if (html_of(top, tdir, best_policy, &html) == 0) {
		CHECK(strstr(html.p, ">6.64 <span class=\"n\">n=3</span>") != NULL,
		      "best-of: the value alone");
		CHECK(strstr(html.p, "Best-of-N figures have no confidence interval.") != NULL,
		      "best-of: the foot says there is no interval");
		int pm = 0, cells = 0;
		for (const char *p = strstr(html.p, " <span class=\"n\">n="); p;
		     p = strstr(p + 1, " <span class=\"n\">n=")) {
			const char *td = p;
			while (td > html.p && *td != '>')
				td--;
			cells++;
			pm += memmem(td, (size_t)(p - td), "\xc2\xb1", 2) != NULL;
		}
		CHECK(cells >= 24 && pm == 0, "best-of: %d cells with n, %d with ±", cells, pm);
	}
	strbuf_free(&html);
}

int main(void)
{
	const char *top = getenv("TOP");
	char path[4096], tdir[4096];
	struct err e = {{0}};
	json_error_t je;
	struct report_model *m = NULL;
	struct text_lang *l = NULL;
	struct fonts *f = NULL;
	struct doc *d = NULL;
	struct strbuf html = {0};
	snprintf(path, sizeof(path), "%s/tests/fixtures/render/small/aggregate.json",
		 top ? top : ".");
	snprintf(tdir, sizeof(tdir), "%s/templates", top ? top : ".");

	/* the fixture with a hostile subject label and endpoint */
	json_t *root = json_load_file(path, 0, &je);
	CHECK(root != NULL, "fixture parses");
	if (root == NULL)
		return check_done();
	json_t *s1 = json_array_get(json_object_get(root, "subjects"), 1);
	json_object_set_new(s1, "label", json_string(EVIL));
	json_object_set_new(s1, "endpoint", json_string("\"><img src=x onerror=alert(2)>"));
	char *text = json_dumps(root, 0);
	json_decref(root);
	m = model_load_string(text, "evil/aggregate.json", &e);
	free(text);
	CHECK(m != NULL, "evil fixture loads: %s", e.msg);
	if (m == NULL || (l = text_lang_load(tdir, "en", &e)) == NULL ||
	    (f = fonts_new(NULL, &e)) == NULL || (d = report_build(m, l, f, &e)) == NULL ||
	    html_write(d, tdir, fonts_css_family(f), &html, &e)) {
		CHECK(0, "report: %s", e.msg);
		goto done;
	}
	CHECK(strstr(html.p, "<script") == NULL, "no <script in the output");
	CHECK(strstr(html.p, "&lt;script&gt;alert(1)&lt;/script&gt;") != NULL, "label escaped");
	CHECK(strstr(html.p, "<img") == NULL, "endpoint escaped");

	struct errs errs = {0, ""};
	xmlSetStructuredErrorFunc(&errs, on_error);
	htmlDocPtr doc = htmlReadMemory(html.p, (int)html.len, "report.html", "UTF-8",
					HTML_PARSE_NONET);
	xmlSetStructuredErrorFunc(NULL, NULL);
	CHECK(doc != NULL, "libxml2 parses the report");
	CHECK(errs.n == 0, "%d parse errors; first: %s", errs.n, errs.first);
	if (doc) {
		struct walk w = {0};
		xmlNodePtr r = xmlDocGetRootElement(doc);
		xmlChar *lang = xmlGetProp(r, BAD_CAST "lang");
		CHECK(lang && strcmp((char *)lang, "en") == 0, "<html lang=\"en\">");
		xmlFree(lang);
		walk(r, &w);
		CHECK(w.scripts == 0, "%d script/link/img/iframe elements", w.scripts);
		CHECK(w.external == 0, "%d external references", w.external);
		CHECK(w.inline_handlers == 0, "%d on* attributes", w.inline_handlers);
		CHECK(w.th_without_scope == 0, "%d th without scope", w.th_without_scope);
		CHECK(w.tables > 10 && w.captions == w.tables, "%d tables, %d captions", w.tables,
		      w.captions);
		CHECK(w.svgs == 14 && w.svg_titled == w.svgs, "%d charts, %d with title and desc",
		      w.svgs, w.svg_titled);
		CHECK(w.evil_text >= 3, "the hostile label reads back as text (%d headers)",
		      w.evil_text);
		check_tables(r, m, text_lang_numfmt(l));
		xmlFreeDoc(doc);
	}
done:
	strbuf_free(&html);
	doc_free(d);
	fonts_free(f);
	text_lang_free(l);
	model_free(m);
	test_stats(top, tdir);
	test_policies(top, tdir);
	xmlCleanupParser();
	return check_done();
}
