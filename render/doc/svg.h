/* render/doc/svg.h: the SVG back end — a laid-out chart scene as inline SVG for the HTML.
 *
 * The SVG has no namespace URL (inline SVG in HTML needs none), no script, no external
 * reference; it carries <title> and <desc> (role="img", aria-labelledby) and every text
 * is escaped. Coordinates are the scene's points, scaled by the viewBox. */
#ifndef RENDER_SVG_H
#define RENDER_SVG_H

#include "render/chart/scene.h"
#include "render/text/text.h"

/* svg_write: append scene s as an <svg> element to b; `id` (ASCII letters, digits, '-')
 * makes the title/desc ids unique in the page; font_family is the CSS font list for
 * the text (the fonts the layout measured). */
void svg_write(struct strbuf *b, const struct scene *s, const char *id, const char *font_family);

#endif
