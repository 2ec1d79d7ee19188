/* render/doc/html.h: the HTML back end — one self-contained file: inline CSS (with a print
 * stylesheet) and inline SVG charts, no script, no external resource (no URL at all).
 * Every string from the data is escaped. Tables have <caption> and <th scope>.
 *
 * The skeleton is TEMPLATES/report.html with {lang}, {title}, {style} and {body}; the
 * stylesheet is TEMPLATES/report.css (its "{font}" is replaced by the report font). */
#ifndef RENDER_HTML_H
#define RENDER_HTML_H

#include "render/doc/doc.h"
#include "render/text/text.h"

/* html_write: append the whole document d to out. font_family is the CSS list of the
 * fonts the charts were measured with. Returns 0, or -1 with e naming a template file
 * that could not be read. */
int html_write(const struct doc *d, const char *templates, const char *font_family,
	       struct strbuf *out, struct err *e);

#endif
