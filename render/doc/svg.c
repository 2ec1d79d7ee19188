/* render/doc/svg.c: see svg.h. */
#include "render/doc/svg.h"

static void attr_color(struct strbuf *b, const char *name, const char *c)
{
	strbuf_addf(b, " %s=\"%s\"", name, *c ? c : "none");
}

/* points: the points="..." attribute of a path item. */
static void points(struct strbuf *b, const struct sc_item *it)
{
	strbuf_adds(b, " points=\"");
	for (size_t k = 0; k < it->npts; k++)
		strbuf_addf(b, "%s%.2f,%.2f", k ? " " : "", it->pts[2 * k], it->pts[2 * k + 1]);
	strbuf_adds(b, "\"");
}

/* claim: the item's data-claim attribute, when it shows claims. */
static void claim(struct strbuf *b, const struct sc_item *it)
{
	if (it->claim == NULL)
		return;
	strbuf_adds(b, " data-claim=\"");
	text_html_escape(b, it->claim);
	strbuf_adds(b, "\"");
}

/* end: close an element: with its tooltip as a <title> child (the native SVG tooltip, no
 * script) when it has one, else self-closed. */
static void end(struct strbuf *b, const struct sc_item *it, const char *tag)
{
	claim(b, it);
	if (it->tip == NULL) {
		strbuf_adds(b, "/>\n");
		return;
	}
	strbuf_adds(b, "><title>");
	text_html_escape(b, it->tip);
	strbuf_addf(b, "</title></%s>\n", tag);
}

void svg_write(struct strbuf *b, const struct scene *s, const char *id, const char *font_family)
{
	double w = scene_width(s), h = scene_height(s);
	strbuf_addf(b,
		    "<svg class=\"chart\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" "
		    "role=\"img\" aria-labelledby=\"%s-t %s-d\" font-family=\"",
		    w, h, w, h, id, id);
	text_html_escape(b, font_family);
	strbuf_adds(b, "\"");
	if (scene_about(s) != NULL) {
		strbuf_adds(b, " data-about=\"");
		text_html_escape(b, scene_about(s));
		strbuf_adds(b, "\"");
	}
	strbuf_addf(b, "><title id=\"%s-t\">", id);
	text_html_escape(b, scene_title(s));
	strbuf_addf(b, "</title><desc id=\"%s-d\">", id);
	text_html_escape(b, scene_desc(s));
	strbuf_adds(b, "</desc>\n");
	for (size_t i = 0; i < scene_count(s); i++) {
		const struct sc_item *it = scene_item(s, i);
		switch (it->kind) {
		case SC_RECT:
			strbuf_addf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"",
				    it->x, it->y, it->w, it->h);
			attr_color(b, "fill", it->fill);
			end(b, it, "rect");
			break;
		case SC_LINE:
			strbuf_addf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"",
				    it->x, it->y, it->x2, it->y2);
			attr_color(b, "stroke", it->stroke);
			strbuf_addf(b, " stroke-width=\"%.2f\"%s", it->stroke_width,
				    it->dash ? " stroke-dasharray=\"3 2\"" : "");
			end(b, it, "line");
			break;
		case SC_POLYLINE:
			strbuf_adds(b, "<polyline");
			points(b, it);
			strbuf_adds(b, " fill=\"none\"");
			attr_color(b, "stroke", it->stroke);
			strbuf_addf(b, " stroke-width=\"%.2f\" stroke-linejoin=\"round\"",
				    it->stroke_width);
			end(b, it, "polyline");
			break;
		case SC_POLYGON:
			strbuf_adds(b, "<polygon");
			points(b, it);
			attr_color(b, "fill", it->fill);
			if (*it->stroke)
				strbuf_addf(b, " stroke=\"%s\" stroke-width=\"%.2f\"", it->stroke,
					    it->stroke_width);
			end(b, it, "polygon");
			break;
		case SC_CIRCLE:
			strbuf_addf(b, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"", it->x, it->y,
				    it->r);
			attr_color(b, "fill", it->fill);
			if (*it->stroke)
				strbuf_addf(b, " stroke=\"%s\" stroke-width=\"%.2f\"", it->stroke,
					    it->stroke_width);
			end(b, it, "circle");
			break;
		case SC_TEXT:
			strbuf_addf(b, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\"", it->x,
				    it->y, it->size);
			if (it->anchor != SC_START)
				strbuf_addf(b, " text-anchor=\"%s\"",
					    it->anchor == SC_MIDDLE ? "middle" : "end");
			if (it->bold)
				strbuf_adds(b, " font-weight=\"bold\"");
			attr_color(b, "fill", it->fill);
			claim(b, it);
			strbuf_adds(b, ">");
			text_html_escape(b, it->text);
			strbuf_adds(b, "</text>\n");
			break;
		}
	}
	strbuf_adds(b, "</svg>");
}
