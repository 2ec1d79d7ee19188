/* tests/unit/test_render_findings.c: key findings and the headline generated from the
 * data (render/findings.h), in English and Korean. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "render/findings.h"
#include "tests/unit/check.h"

static char fixture[4096], tdir[4096];

static struct report_model *load(void (*edit)(json_t *root))
{
	json_error_t je;
	struct err e = { { 0 } };
	json_t *root = json_load_file(fixture, 0, &je);
	if (!root)
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
			json_object_set_new(json_object_get(c, "mib_s"), "value", json_real(300.26));
}

static void no_leaders(json_t *root)
{
	json_object_set_new(root, "leaders", json_array());
	json_object_set_new(root, "leader_counts", json_array());
	json_object_set_new(root, "excluded", json_array());
	json_object_set_new(root, "consistency", json_array());
}

int main(void)
{
	const char *top = getenv("TOP");
	struct err e = { { 0 } };
	struct findings f;
	snprintf(fixture, sizeof fixture, "%s/tests/fixtures/render/small/aggregate.json", top ? top : ".");
	snprintf(tdir, sizeof tdir, "%s/templates", top ? top : ".");
	struct text_lang *en = text_lang_load(tdir, "en", &e), *ko = text_lang_load(tdir, "ko", &e);
	CHECK(en && ko, "languages: %s", e.msg);
	if (!en || !ko)
		return check_done();

	struct report_model *m = load(NULL);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f, "AWS S3 led 4 of 4 PUT configurations"), "PUT leader count");
		CHECK(has(&f, "AWS S3 led 4 of 4 GET configurations"), "GET leader count");
		CHECK(has(&f, "Highest PUT figure: 266.3 MiB/s by AWS S3 (5 MiB objects, 10 workers)"),
		      "highest PUT figure");
		CHECK(has(&f, "Highest GET figure: 434.6 MiB/s by AWS S3"), "highest GET figure");
		CHECK(has(&f, "Most consistent: AWS S3 (mean CV 2.3%); least consistent: Backblaze B2 (mean CV 5.8%)"),
		      "most and least consistent");
		CHECK(has(&f, "One run was excluded"), "excluded count");
		CHECK(!has(&f, "Backblaze B2 led"), "no 'other leader' sentence when nobody else led");
		CHECK(has(&f, "Fastest LIST: AWS S3 at 4,200 obj/s."), "fastest LIST from ops[]");
		CHECK_STR(f.headline, "AWS S3 led 4 of 4 PUT configurations; AWS S3 led 4 of 4 GET configurations",
			  "headline");
		findings_free(&f);
	}
	model_free(m);

	m = load(b2_leads_one);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(has(&f, "AWS S3 led 3 of 4 PUT configurations"), "PUT count after the change");
		CHECK(has(&f, "Backblaze B2 led PUT at 5 MiB at concurrency 10 (300.3 MiB/s)."),
		      "where another subject led");
		CHECK(has(&f, "Highest PUT figure: 300.3 MiB/s by Backblaze B2"), "highest follows the data");
		findings_free(&f);
	}
	if (m && findings_build(m, ko, &f, &e) == 0) {
		CHECK(has(&f, "AWS S3\xec\x9d\xb4(\xea\xb0\x80) PUT \xea\xb5\xac\xec\x84\xb1 4\xea\xb0\x9c \xec\xa4\x91 3\xea\xb0\x9c"),
		      "Korean leader sentence: %s", f.nitems ? f.items[0] : "");
		CHECK(has(&f, "Backblaze B2") && has(&f, "300.3 MiB/s"), "Korean other-leader sentence");
		findings_free(&f);
	}
	model_free(m);

	m = load(no_leaders);
	if (m && findings_build(m, en, &f, &e) == 0) {
		CHECK(!has(&f, " led "), "no leader sentence without leader data");
		CHECK(!has(&f, "consistent") && !has(&f, "excluded"), "no consistency or exclusion sentence");
		CHECK(has(&f, "Highest PUT figure"), "highest figure still from the cells");
		CHECK_STR(f.headline, "", "empty headline");
		findings_free(&f);
	}
	model_free(m);
	text_lang_free(en);
	text_lang_free(ko);
	return check_done();
}
