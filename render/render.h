/* render/render.h: the render stage end to end, behind bin/render's flags (render/main.c):
 * find the templates (render/text/tmpldir.h), load aggregate.json into the report model,
 * the language's strings and its fonts, build the report (render/report/report.h) and
 * write REPORT_DIR/report.html and report.pdf, each to a temporary name renamed when
 * complete (core/fsutil.h).
 *
 * Use: render_defaults(&o), set the fields from the command line, render_run(&o). */
#ifndef RENDER_RENDER_H
#define RENDER_RENDER_H

struct render_opts {
	const char *results_dir; /* RESULTS_DIR: aggregate.json is read from it */
	const char *out_dir;     /* -o: NULL = RESULTS_DIR/../report */
	const char *templates;   /* --templates: NULL = tmpldir_find's order */
	const char *lang;        /* --lang: a language of the templates (default "en") */
	int want_html, want_pdf; /* --format (default both) */
};

/* render_defaults: *o with no directory, language "en", both formats. */
void render_defaults(struct render_opts *o);

/* render_run: the report o asks for; every problem is named on stderr ("render: ...").
 * Returns the exit status of bin/render (core/exitcode.h): EXITCODE_OK, the report was
 * written; EXITCODE_INPUT, aggregate.json missing or invalid, or a template or font
 * missing; EXITCODE_USAGE, o->lang is not a language of the templates (their languages
 * named), or o asks for no format; EXITCODE_OUTPUT, the report could not be written. */
int render_run(const struct render_opts *o);

#endif
