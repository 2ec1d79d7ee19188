/* tests/fuzz/fuzz_aggregate.c: libFuzzer target for render's results reader
 * (render/model/model.h: model_load_string, results/aggregate.json; render reads no other
 * results file) and for what render builds from a model it accepted: the report
 * document (report_build: tables, findings, chart layout measured with the fonts) and
 * its HTML (html_write, with the SVG charts). The PDF back end draws the same document
 * into a new font document each time (pdf_write takes one per call, which costs a
 * font load per input), so it is left to the render tests.
 *
 * The input is the JSON text (NUL bytes end it, as for a file read by model_load).
 * A refusal must carry a message; an accepted model must build and write without
 * error. Templates come from $FUZZ_TEMPLATES, else ./templates (fuzz.sh runs from the
 * top of the tree). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/doc/doc.h"
#include "render/text/fonts.h"
#include "render/doc/html.h"
#include "render/model/model.h"
#include "render/report/report.h"
#include "render/text/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct env {
	const char *templates;
	struct text_lang *lang;
	struct fonts *fonts;
};

/* setup: the language and fonts, once (kept for the whole run, not leaks). */
static const struct env *setup(void)
{
	static struct env env;
	struct err e = {{0}};

	if (env.fonts != NULL)
		return &env;
	env.templates = getenv("FUZZ_TEMPLATES") ? getenv("FUZZ_TEMPLATES") : "templates";
	env.lang = text_lang_load(env.templates, "en", &e);
	if (env.lang == NULL || (env.fonts = fonts_new(NULL, &e)) == NULL) {
		fprintf(stderr, "fuzz_aggregate: %s\n", e.msg);
		abort();
	}
	return &env;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct env *env = setup();
	struct report_model *m;
	struct doc *d;
	struct strbuf html = {0};
	struct err e = {{0}};
	char *text = malloc(size + 1);

	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	m = model_load_string(text, "aggregate.json", &e);
	free(text);
	if (m == NULL) {
		if (e.msg[0] == '\0') {
			fprintf(stderr, "model_load_string failed without a message\n");
			abort();
		}
		return 0;
	}
	d = report_build(m, env->lang, env->fonts, &e);
	if (d == NULL) {
		fprintf(stderr, "report_build refused a model model_load accepted: %s\n", e.msg);
		abort();
	}
	if (html_write(d, env->templates, fonts_css_family(env->fonts), &html, &e) != 0 ||
	    html.p == NULL) {
		fprintf(stderr, "html_write: %s\n", e.msg[0] ? e.msg : "no output");
		abort();
	}
	strbuf_free(&html);
	doc_free(d);
	model_free(m);
	return 0;
}
