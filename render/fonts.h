/* render/fonts.h: the fonts of a report and their metrics, shared by every back end.
 *
 * One libharu document holds the fonts: the PDF back end draws into it, and the chart
 * layout measures text with the same fonts (HPDF_Font_TextWidth), so labels fit the
 * same way in the SVG and in the PDF. English uses the PDF standard fonts Helvetica and
 * Helvetica-Bold (WinAnsiEncoding; the HTML asks for Helvetica, which fontconfig maps to
 * the metric-compatible Liberation Sans); Korean embeds NanumGothic (UTF-8), the font the
 * HTML names too (one face: bold is emboldened regular). All text given to fonts_* is
 * UTF-8. */
#ifndef RENDER_FONTS_H
#define RENDER_FONTS_H

#include <stddef.h>

#include <hpdf.h>

#include "core/err.h"

#define FONTS_KO_PATH "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"

struct fonts;

/* fonts_new: a new PDF document with the fonts of language `lang` ("ko" embeds
 * NanumGothic, anything else uses Helvetica). NULL with e set when libharu or the
 * font file fails. Free with fonts_free (which frees the document). */
struct fonts *fonts_new(const char *lang, struct err *e);
void fonts_free(struct fonts *f);

/* fonts_width: width in points of UTF-8 `text` at `size` points. */
double fonts_width(const struct fonts *f, const char *text, double size, int bold);

/* fonts_doc / fonts_font: the libharu document and a font, for the PDF back end. */
HPDF_Doc fonts_doc(const struct fonts *f);
HPDF_Font fonts_font(const struct fonts *f, int bold);

/* fonts_encode: `text` (UTF-8) in the byte encoding of the PDF fonts (Windows-1252 for
 * the standard fonts, UTF-8 as is for the embedded ones) into buf; returns buf. */
const char *fonts_encode(const struct fonts *f, const char *text, char *buf, size_t n);

/* fonts_css_family: the CSS font-family list the HTML uses for the same fonts. */
const char *fonts_css_family(const struct fonts *f);

/* fonts_utf8: 1 when the fonts take UTF-8 (the embedded Korean font). */
int fonts_utf8(const struct fonts *f);

/* fonts_fake_bold: 1 when bold has no face of its own (Korean: one embedded face, bold
 * measured as regular); the PDF then strokes the outlines to embolden them. */
int fonts_fake_bold(const struct fonts *f);

#endif
