/* tests/unit/test_render_findings.c: key findings and the headline generated from the
 * data (render/report/findings.h), in English and Korean. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "render/report/findings.h"
#include "render/model/model_query.h"
#include "render/report/report_base.h"
#include "tests/unit/check.h"

static char fixture[4096], stats_fixture[4096], tdir[4096];

static struct report_model *load_from(const char *path, void (*edit)(json_t *root))
{
	json_error_t je;
	struct err e = {{0}};
	json_t *root = json_load_file(path, 0, &je);
	if (root == NULL)
		return NULL;
	if (edit)
		edit(root);
	char *text = json_dumps(root, 0);
	struct report_model *m = model_load_string(text, "f/aggregate.json", &e);
	CHECK(m != NULL, "model loads: %s", e.msg);
	free(text);
	json_decref(root);
	return m;
}

static struct report_model *load(void (*edit)(json_t *root))
{
	return load_from(fixture, edit);
}

static int has(const struct findings *f, const char *s)
{
	for (size_t i = 0; i < f->nitems; i++)
		if (strstr(f->items[i], s))
			return 1;
	return 0;
}

/* Backblaze B2 leads PUT 5 MiB at 10 workers; counts follow. */
static void b2_leads_one(json_t *root)
{
	json_t *l = json_array_get(json_object_get(root, "leaders"), 3);
	json_object_set_new(l, "subject", json_string("b2"));
	json_object_set_new(l, "mib_s", json_real(300.26));
	json_t *lc = json_object_get(root, "leader_counts");
	json_object_set_new(json_array_get(lc, 0), "led", json_integer(3));
	json_object_set_new(json_array_get(lc, 1), "led", json_integer(1));
	/* the highest PUT cell: B2 at 5 MiB, 10 workers */
	size_t i;
	json_t *c;
	json_array_foreach(json_object_get(root, "cells"), i, c)
		if (!strcmp(json_string_value(json_object_get(c, "subject")), "b2") &&
		    !strcmp(json_string_value(json_object_get(c, "op")), "put") &&
		    json_integer_value(json_object_get(c, "size")) == 5242880 &&
		    json_integer_value(json_object_get(c, "concurrency")) == 10)
			json_object_set_new(json_object_get(c, "mib_s"), "value",
					    json_real(300.26));
}

static void no_leaders(json_t *root)
{
	json_object_set_new(root, "leaders", json_array());
	json_object_set_new(root, "leader_counts", json_array());
	json_object_set_new(root, "excluded", json_array());
	json_object_set_new(root, "consistency", json_array());
}

/* GET: Cloudflare R2 leads every configuration, clearly but for one tie with AWS S3. */
static void r2_clear_get(json_t *root)
{
	size_t i;
	json_t *l;
	json_array_foreach(json_object_get(root, "leaders"), i, l) {
		if (strcmp(json_string_value(json_object_get(l, "op")), "get") != 0)
			continue;
		int tie = json_integer_value(json_object_get(l, "size")) == 262144 &&
			  json_integer_value(json_object_get(l, "concurrency")) == 1;
		json_object_set_new(l, "subject", json_string("r2"));
		json_object_set_new(l, "status", json_string(tie ? "tie" : "clear"));
		json_object_set_new(l, "clear", json_boolean(!tie));
		json_object_set_new(l, "tied_with", tie ? json_pack("[s]", "aws") : json_array());
	}
}

/* b2_leads_one, the cells run by 3 clients on 2 hosts. */
static void distributed(json_t *root)
{
	size_t i;
	json_t *c;
	b2_leads_one(root);
	json_array_foreach(json_object_get(root, "cells"), i, c) {
		json_object_set_new(c, "clients", json_integer(3));
		json_object_set_new(c, "client_hosts", json_integer(2));
	}
}

/* The workers labels of distributed cells: the total, then the split (report_workers). */
static void test_workers(struct text_lang *en, struct text_lang *ko)
{
	struct report_workers w;
	struct findings f;
	struct err e = {{0}};
	char buf[64];

	CHECK(report_workers(en, 8, 1, 1, REPORT_WORKERS_LONG, &w) == 0 && !strcmp(w.total, "8") &&
		      !*w.per_client,
	      "one client: the count, no split");
	CHECK(report_workers(en, 8, 3, 2, REPORT_WORKERS_LONG, &w) == 1 && !strcmp(w.total, "24"),
	      "3 clients: the total");
	CHECK_STR(w.per_client, " (3 clients × 8) on 2 hosts", "long split with hosts");
	report_workers(en, 8, 3, 1, REPORT_WORKERS_LONG, &w);
	CHECK_STR(w.per_client, " (3 clients × 8) on 1 host", "one host");
	report_workers(en, 8, 3, 2, REPORT_WORKERS_BRIEF, &w);
	CHECK_STR(w.per_client, " (3 × 8)", "brief split");
	CHECK_STR(report_workers_cell(en, 8, 3, buf, sizeof(buf)), "24 (3 × 8)", "table cell");
	CHECK_STR(report_workers_cell(en, 8, 1, buf, sizeof(buf)), "8", "table cell, one client");
	CHECK_STR(report_workers_cell(ko, 8, 3, buf, sizeof(buf)), "24(3 × 8)",
		  "table cell, Korean");

	struct report_model *m = load(distributed);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f,
			  "Backblaze B2 led PUT at 5 MiB at concurrency 30 (3 × 10) (300.3 MiB/s)."),
		      "led-at finding: the total workers");
		CHECK(has(&f,
			  "Highest PUT figure: 300.3 MiB/s by Backblaze B2 (5 MiB objects, 30 workers "
			  "(3 clients × 10) on 2 hosts)."),
		      "highest figure: the total workers and hosts");
		findings_free(&f);
	}
	if (m && findings_build(m, ko, &f, &e) == 0) {
		CHECK(has(&f,
			  "\xec\x9e\x91\xec\x97\x85\xec\x9e\x90 30\xea\xb0\x9c(\xed\x81\xb4\xeb\x9d\xbc"
			  "\xec\x9d\xb4\xec\x96\xb8\xed\x8a\xb8 3\xea\xb0\x9c \xc3\x97 10), \xed\x98\xb8"
			  "\xec\x8a\xa4\xed\x8a\xb8 2\xea\xb0\x9c)."),
		      "highest figure in Korean");
		findings_free(&f);
	}
	model_free(m);
}

/* Two rate sweeps: AWS held 100 req/s and was client-limited (workers) at 200; B2 held
 * none, the server's limit at 50. */
static void rate_sweeps(json_t *root)
{
	json_t *sw = json_pack(
		"[{s:s, s:s, s:i, s:i, s:f, s:f, s:{s:s, s:f, s:[s]}, s:[{s:f, s:f, s:b, s:{s:s, "
		"s:[]}}, {s:f, s:f, s:b, s:{s:s, s:[s,s], s:[s]}}]},"
		" {s:s, s:s, s:i, s:i, s:f, s:n, s:{s:s, s:f, s:[]}, s:[{s:f, s:f, s:b, s:{s:s, "
		"s:[]}}]}]",
		"subject", "aws", "op", "get", "size", 4096, "concurrency", 8, "p99_limit_ms", 50.0,
		"max_sustained", 100.0, "limit", "by", "client", "at", 200.0, "reasons", "workers",
		"points", "offered", 100.0, "achieved", 100.0, "sustained", 1, "client_limit",
		"verdict", "not limited", "reasons", "offered", 200.0, "achieved", 61.0,
		"sustained", 0, "client_limit", "verdict", "limited", "reasons", "shared-cpu",
		"workers", "blocking", "workers", "subject", "b2", "op", "get", "size", 4096,
		"concurrency", 8, "p99_limit_ms", 50.0, "max_sustained", "limit", "by", "server",
		"at", 50.0, "reasons", "points", "offered", 50.0, "achieved", 20.0, "sustained", 0,
		"client_limit", "verdict", "not limited", "reasons");
	json_object_set_new(root, "rate_sweeps", sw);
}

/* The same without the limit records (files written before analyze carried them). */
static void rate_sweeps_old(json_t *root)
{
	size_t i;
	json_t *s;
	rate_sweeps(root);
	json_array_foreach(json_object_get(root, "rate_sweeps"), i, s)
		json_object_del(s, "limit");
}

/* The sustained-rate finding names the client's worker cap as the limit, not the provider
 * (report_workload_sustained), in both languages; the model carries the limit and the
 * points' client-limit reasons. */
static void test_rate_limit(struct text_lang *en, struct text_lang *ko)
{
	struct findings f;
	struct err e = {{0}};
	struct report_model *m = load(rate_sweeps);
	if (m == NULL)
		return;
	CHECK(m->doc.n_rate_sweeps == 2, "two sweeps loaded");
	if (m->doc.n_rate_sweeps == 2) {
		const struct results_sweep *a = &m->doc.rate_sweeps[0], *b = &m->doc.rate_sweeps[1];
		char why[64], pt[2][64];
		model_reasons(a->limit_reasons, why, sizeof(why));
		CHECK(a->limit_by == RESULTS_LIMIT_CLIENT && a->limit_at == 200 &&
			      !strcmp(why, "workers"),
		      "aws: the client's limit at 200 (workers): %d %g '%s'", a->limit_by,
		      a->limit_at, why);
		CHECK(a->n_points == 2 &&
			      !*model_reasons(a->points[0].blocking, pt[0], sizeof(pt[0])) &&
			      !strcmp(model_reasons(a->points[1].blocking, pt[1], sizeof(pt[1])),
				      "workers"),
		      "aws: the 200/s point client-limited by workers");
		CHECK(b->limit_by == RESULTS_LIMIT_SERVER && b->limit_at == 50,
		      "b2: the server's at 50");
	}
	if (findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f,
			  "AWS S3 held 100 req/s, then was client-limited (workers) at 200 req/s "
			  "(the client's limit, not the provider's)"),
		      "en: the worker cap named as the limit");
		CHECK(has(&f, "Backblaze B2 sustained none of its rates"), "en: b2 the server's");
		CHECK(!has(&f, "AWS S3 sustained none"), "en: aws not blamed");
		findings_free(&f);
	}
	if (findings_build(m, ko, &f, &e) == 0) {
		CHECK(has(&f,
			  "AWS S3 100 req/s \xec\x9c\xa0\xec\xa7\x80, 200 req/s\xec\x97\x90\xec\x84\x9c "
			  "\xed\x81\xb4\xeb\x9d\xbc\xec\x9d\xb4\xec\x96\xb8\xed\x8a\xb8 "
			  "\xed\x95\x9c\xea\xb3\x84 (workers)"),
		      "ko: the worker cap named as the limit");
		findings_free(&f);
	}
	model_free(m);
	m = load(rate_sweeps_old);
	if (m && m->doc.n_rate_sweeps && findings_build(m, en, &f, &e) == 0) {
		CHECK(m->doc.rate_sweeps[0].limit_by == RESULTS_LIMIT_UNKNOWN,
		      "old file: limit unknown");
		CHECK(has(&f, "AWS S3 held 100 req/s") && !has(&f, "client-limited"),
		      "old file: the plain sentence");
		findings_free(&f);
	}
	model_free(m);
}

/* Too few cycles: no test anywhere. */
static void untested(json_t *root)
{
	size_t i;
	json_t *l;
	json_object_set_new(json_object_get(root, "campaign"), "cycles", json_integer(1));
	json_array_foreach(json_object_get(root, "leaders"), i, l) {
		json_object_set_new(l, "status", json_string("untested"));
		json_object_set_new(l, "clear", json_false());
		json_object_set_new(l, "tied_with", json_array());
		json_object_set_new(l, "detectable_ratio", json_null());
	}
}

/* The wording of clear leads, ties and too few cycles (format 1.1), in both languages. */
static void test_stats(struct text_lang *en, struct text_lang *ko)
{
	struct err e = {{0}};
	struct findings f;
	struct report_model *m = load_from(stats_fixture, NULL);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f, "Cloudflare R2 led 1 of 4 GET configurations (3 ties)."),
		      "clear lead with ties");
		CHECK(has(&f,
			  "No clear PUT leader in 4 of 4 configurations (differences within noise; "
			  "this campaign could detect differences above 16 %)."),
		      "PUT ties, detectable 16 %%");
		CHECK(has(&f,
			  "No clear GET leader in 3 of 4 configurations (differences within noise; "
			  "this campaign could detect differences above 21 %)."),
		      "GET ties, detectable 21 %%");
		CHECK(!has(&f, "AWS S3 led PUT") && !has(&f, "AWS S3 led GET at"),
		      "a tie is not claimed as a lead");
		CHECK(!has(&f, "format 1.0"), "no 'no statistics' sentence");
		CHECK_STR(
			f.headline,
			"No clear PUT leader; Cloudflare R2 led 1 of 4 GET configurations (3 ties)",
			"headline with statistics");
		findings_free(&f);
	}
	if (m && findings_build(m, ko, &f, &e) == 0) {
		CHECK(has(&f,
			  "Cloudflare R2\xec\x9d\xb4(\xea\xb0\x80) GET \xea\xb5\xac\xec\x84\xb1 4\xea\xb0\x9c "
			  "\xec\xa4\x91 1\xea\xb0\x9c\xec\x97\x90\xec\x84\x9c 1\xec\x9c\x84\xec\x98\x80\xeb\x8b\xa4 "
			  "(\xeb\x8f\x99\xeb\xa5\xa0 3\xea\xb0\x9c)."),
		      "Korean: clear lead with ties");
		CHECK(has(&f,
			  "PUT \xea\xb5\xac\xec\x84\xb1 4\xea\xb0\x9c \xec\xa4\x91 4\xea\xb0\x9c\xec\x97\x90\xec\x84\x9c\xeb\x8a\x94 "
			  "\xeb\xaa\x85\xed\x99\x95\xed\x95\x9c 1\xec\x9c\x84\xea\xb0\x80 \xec\x97\x86\xeb\x8b\xa4") &&
			      has(&f, "16 %"),
		      "Korean: no clear PUT leader, 16 %%");
		findings_free(&f);
	}
	model_free(m);

	m = load_from(stats_fixture, r2_clear_get);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f, "Cloudflare R2 led 3 of 4 GET configurations (1 tie)."),
		      "3 clear, 1 tie");
		CHECK(has(&f, "No clear GET leader in 1 of 4 configurations"), "the one tie");
		findings_free(&f);
	}
	model_free(m);

	m = load_from(stats_fixture, untested);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f,
			  "No PUT claims: too few cycles to test the differences (cycles run: 1;"),
		      "too few cycles: PUT");
		CHECK(has(&f, "No GET claims: too few cycles"), "too few cycles: GET");
		CHECK(!has(&f, " led ") && !has(&f, "No clear"), "no lead and no tie claimed");
		CHECK_STR(f.headline,
			  "PUT: too few cycles for claims; GET: too few cycles for claims",
			  "headline: too few cycles");
		findings_free(&f);
	}
	if (m && findings_build(m, ko, &f, &e) == 0) {
		CHECK(has(&f,
			  "PUT\xeb\x8a\x94 \xed\x8c\x90\xeb\x8b\xa8\xed\x95\x98\xec\xa7\x80 "
			  "\xec\x95\x8a\xeb\x8a\x94\xeb\x8b\xa4: \xec\xa3\xbc\xea\xb8\xb0\xea\xb0\x80 "
			  "\xeb\x84\x88\xeb\xac\xb4 \xec\xa0\x81\xec\x96\xb4"),
		      "Korean: too few cycles");
		findings_free(&f);
	}
	model_free(m);
}

int main(void)
{
	const char *top = getenv("TOP");
	struct err e = {{0}};
	struct findings f;
	snprintf(fixture, sizeof(fixture), "%s/tests/fixtures/render/small/aggregate.json",
		 top ? top : ".");
	snprintf(stats_fixture, sizeof(stats_fixture),
		 "%s/tests/fixtures/render/stats/aggregate.json", top ? top : ".");
	snprintf(tdir, sizeof(tdir), "%s/templates", top ? top : ".");
	struct text_lang *en = text_lang_load(tdir, "en", &e), *ko = text_lang_load(tdir, "ko", &e);
	CHECK(en && ko, "languages: %s", e.msg);
	if (en == NULL || ko == NULL)
		return check_done();

	test_rate_limit(en, ko);
	struct report_model *m = load(NULL);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f, "AWS S3 led 4 of 4 PUT configurations"), "PUT leader count");
		CHECK(has(&f, "AWS S3 led 4 of 4 GET configurations"), "GET leader count");
		CHECK(has(&f,
			  "Highest PUT figure: 266.3 MiB/s by AWS S3 (5 MiB objects, 10 workers)"),
		      "highest PUT figure");
		CHECK(has(&f, "Highest GET figure: 434.6 MiB/s by AWS S3"), "highest GET figure");
		CHECK(has(&f,
			  "Most consistent: AWS S3 (mean CV 2.3%); least consistent: Backblaze B2 (mean CV 5.8%)"),
		      "most and least consistent");
		CHECK(has(&f, "One run was excluded"), "excluded count");
		CHECK(!has(&f, "Backblaze B2 led"),
		      "no 'other leader' sentence when nobody else led");
		CHECK(has(&f, "Fastest LIST: AWS S3 at 4,200 obj/s."), "fastest LIST from ops[]");
		CHECK_STR(
			f.headline,
			"AWS S3 led 4 of 4 PUT configurations; AWS S3 led 4 of 4 GET configurations",
			"headline");
		CHECK(has(&f, "These data carry no significance tests (format 1.0)"),
		      "1.0: says that no test was made");
		findings_free(&f);
	}
	model_free(m);

	m = load(b2_leads_one);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f, "AWS S3 led 3 of 4 PUT configurations"),
		      "PUT count after the change");
		CHECK(has(&f, "Backblaze B2 led PUT at 5 MiB at concurrency 10 (300.3 MiB/s)."),
		      "where another subject led");
		CHECK(has(&f, "Highest PUT figure: 300.3 MiB/s by Backblaze B2"),
		      "highest follows the data");
		findings_free(&f);
	}
	if (m && findings_build(m, ko, &f, &e) == 0) {
		CHECK(has(&f,
			  "AWS S3\xec\x9d\xb4(\xea\xb0\x80) PUT \xea\xb5\xac\xec\x84\xb1 4\xea\xb0\x9c \xec\xa4\x91 3\xea\xb0\x9c"),
		      "Korean leader sentence: %s", f.nitems ? f.items[0] : "");
		CHECK(has(&f, "Backblaze B2") && has(&f, "300.3 MiB/s"),
		      "Korean other-leader sentence");
		findings_free(&f);
	}
	model_free(m);

	m = load(no_leaders);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(!has(&f, " led "), "no leader sentence without leader data");
		CHECK(!has(&f, "consistent") && !has(&f, "excluded"),
		      "no consistency or exclusion sentence");
		CHECK(has(&f, "Highest PUT figure"), "highest figure still from the cells");
		CHECK_STR(f.headline, "", "empty headline");
		findings_free(&f);
	}
	model_free(m);
	test_stats(en, ko);
	test_workers(en, ko);
	text_lang_free(en);
	text_lang_free(ko);
	return check_done();
}
