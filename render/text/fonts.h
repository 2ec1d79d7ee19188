/* render/text/fonts.h: the fonts of a report and their metrics, shared by every back end.
 *
 * One libharu document holds the fonts: the PDF back end draws into it, and the chart
 * layout measures text with the same fonts, so labels fit the same way in the SVG and in
 * the PDF. Every language embeds Unicode TrueType fonts (UTF-8, libharu 2.3 writes only
 * the glyphs used into each embedded font file):
 *
 *   DejaVu Sans and DejaVu Sans Bold (Debian fonts-dejavu-core): Latin, Greek, Cyrillic
 *   NanumGothic and NanumGothicBold (Debian fonts-nanum): Hangul, and the Hanja, kana,
 *     Greek and Cyrillic of KS X 1001 (4,888 Han characters: 東京 yes, the simplified
 *     东 no)
 *
 * The language says which face leads (strings.txt's font.first: English DejaVu Sans,
 * Korean NanumGothic); each character is drawn with the first face that has a glyph for
 * it (the fallback is per character, as a browser does with the CSS font-family list
 * fonts_css_family gives). A character that
 * neither face has (outside the Basic Multilingual Plane, e.g. emoji, or a Han form
 * outside KS X 1001) is drawn and measured as U+FFFD "�" in the PDF and the chart
 * layout; the HTML shows it with whatever font the browser finds. Control characters
 * become spaces. All text given to fonts_* is UTF-8 (invalid bytes count as U+FFFD).
 * Each font gets a ToUnicode CMap of its own (libharu's is not valid), so text copied or
 * extracted from the PDF is the text drawn. */
#ifndef RENDER_FONTS_H
#define RENDER_FONTS_H

#include <stddef.h>

#include <hpdf.h>

#include "core/err.h"

#define FONTS_DIR_DEJAVU "/usr/share/fonts/truetype/dejavu"
#define FONTS_DIR_NANUM "/usr/share/fonts/truetype/nanum"

struct fonts;

/* The faces' family names, as a language's strings.txt names the one its text leads with
 * (font.first; templates/README.md). */
#define FONTS_DEJAVU "DejaVu Sans"
#define FONTS_NANUM "NanumGothic"

/* fonts_has_face: 1 when name is FONTS_DEJAVU or FONTS_NANUM, else 0. */
int fonts_has_face(const char *name);

/* fonts_new: a new PDF document (UTF-8 encodings on) with both faces loaded, `first`
 * (FONTS_DEJAVU or FONTS_NANUM; NULL: FONTS_DEJAVU) first. NULL with e set when first
 * is another name, libharu fails or a font file is missing (the message names the file
 * and its Debian package). Free with fonts_free (which frees the document). */
struct fonts *fonts_new(const char *lang, struct err *e);
void fonts_free(struct fonts *f);

/* fonts_width: width in points of UTF-8 `text` at `size` points, each character
 * measured in the face that draws it (fonts_run). */
double fonts_width(const struct fonts *f, const char *text, double size, int bold);

/* fonts_doc: the libharu document, for the PDF back end. */
HPDF_Doc fonts_doc(const struct fonts *f);

/* fonts_run: the first run of `text` drawn with one face: its font (created in the
 * document on first use; NULL when libharu fails) in *font and the run's text as
 * UTF-8 for that font in buf (n bytes; characters no face has become U+FFFD, control
 * characters spaces; n >= 4, and a run is cut short rather than split inside a
 * character when buf is full). Returns how many bytes of `text` the run covers: 0 only
 * at its end. */
size_t fonts_run(struct fonts *f, const char *text, int bold, HPDF_Font *font, char *buf, size_t n);

/* fonts_css_family: the CSS font-family list the HTML uses for the same faces, in the
 * same order. */
const char *fonts_css_family(const struct fonts *f);

#endif
