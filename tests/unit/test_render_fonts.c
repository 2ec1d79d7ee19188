/* tests/unit/test_render_fonts.c: render/text/fonts.c — the embedded Unicode faces, the
 * per-character fallback between them, what is drawn for a character no face has, and
 * widths that agree with libharu's own measure of the face that draws each run. */
#include <stdlib.h>
#include <string.h>

#include "render/text/fonts.h"
#include "tests/unit/check.h"

#define TOKYO "\xe6\x9d\xb1\xe4\xba\xac" /* 東京 */
#define EN_DASH "\xe2\x80\x93"
#define FFFD "\xef\xbf\xbd"

/* face_of: libharu's name of the font of the first run of s, "" when none. */
static const char *face_of(struct fonts *f, const char *s, int bold, char *buf, size_t n,
			   size_t *used)
{
	HPDF_Font font;
	*used = fonts_run(f, s, bold, &font, buf, n);
	return font ? HPDF_Font_GetFontName(font) : "";
}

/* run_width: libharu's width of the UTF-8 run text in font at size. */
static double run_width(HPDF_Font font, const char *text, double size)
{
	HPDF_TextWidth tw = HPDF_Font_TextWidth(font, (const HPDF_BYTE *)text,
						(HPDF_UINT)strlen(text));
	return tw.width * size / 1000.0;
}

/* libharu's measure, run by run, must equal fonts_width. */
static void test_widths_agree(struct fonts *f, const char *lang, const char *s, int bold)
{
	char buf[256];
	double sum = 0;
	HPDF_Font font;
	size_t used;
	for (const char *p = s; (used = fonts_run(f, p, bold, &font, buf, sizeof(buf))) > 0;
	     p += used)
		sum += font ? run_width(font, buf, 9.5) : -1000;
	CHECK_NUM(fonts_width(f, s, 9.5, bold), sum, 1e-9,
		  "%s: width of '%s' (bold %d) = "
		  "libharu's runs",
		  lang, s, bold);
}

static void test_en(void)
{
	struct err e = {{0}};
	struct fonts *f = fonts_new(NULL, &e);
	char buf[64];
	size_t used;
	CHECK(f != NULL, "en: fonts_new: %s", e.msg);
	if (f == NULL)
		return;
	/* Latin, Greek, Cyrillic: DejaVu Sans; Han: NanumGothic, per character */
	CHECK_STR(face_of(f, "Ceph RGW " EN_DASH " " TOKYO, 0, buf, sizeof(buf), &used),
		  "DejaVuSans,Book", "en: Latin in DejaVu Sans");
	CHECK_STR(buf, "Ceph RGW " EN_DASH " ", "en: the first run stops before the Han");
	CHECK_STR(face_of(f, "Ceph RGW " EN_DASH " " TOKYO + used, 0, buf, sizeof(buf), &used),
		  "NanumGothic", "en: Han falls back to NanumGothic");
	CHECK_STR(buf, TOKYO, "en: the Han run");
	CHECK_STR(face_of(f,
			  "\xce\x95\xce\xbb\xce\xbb\xce\xac\xce\xb4\xce\xb1 "
			  "\xd0\x9e\xd0\xb1\xd1\x8a",
			  1, buf, sizeof(buf), &used),
		  "DejaVuSans-Bold,Bold", "en: bold Greek and Cyrillic in DejaVu Sans Bold");
	CHECK(used == strlen(buf), "en: Greek and Cyrillic in one run");
	CHECK_STR(face_of(f, "\xed\x95\x9c", 1, buf, sizeof(buf), &used), "NanumGothicBold,Bold",
		  "en: bold Hangul in NanumGothicBold");
	/* what no face has: U+FFFD; control characters: spaces; bad bytes: U+FFFD */
	face_of(f, "\xf0\x9f\x9a\x80\xe4\xb8\x9c", 0, buf, sizeof(buf), &used);
	CHECK_STR(buf, FFFD FFFD, "en: an emoji and the simplified Han 东 become U+FFFD");
	CHECK(used == 7, "en: both characters consumed (%zu bytes)", used);
	face_of(f, "a\tb\x01", 0, buf, sizeof(buf), &used);
	CHECK_STR(buf, "a b ", "en: control characters are drawn as spaces");
	face_of(f, "x\xff\xc3", 0, buf, sizeof(buf), &used);
	CHECK_STR(buf, "x" FFFD FFFD, "en: invalid UTF-8 bytes become U+FFFD");
	CHECK_NUM(fonts_width(f, "\xf0\x9f\x9a\x80", 10, 0), fonts_width(f, FFFD, 10, 0), 1e-9,
		  "en: a missing character is measured as U+FFFD");
	/* a full buffer cuts the run between characters */
	face_of(f, TOKYO, 0, buf, 5, &used);
	CHECK(used == 3 && strcmp(buf, "\xe6\x9d\xb1") == 0,
	      "en: a 5-byte buffer holds one "
	      "Han character (%zu bytes used)",
	      used);
	CHECK(fonts_run(f, "", 0, &(HPDF_Font){0}, buf, sizeof(buf)) == 0, "en: end of text");
	test_widths_agree(f, "en", "Provider C led 7 of 12 PUT configurations", 0);
	test_widths_agree(f, "en", "Ceph RGW " EN_DASH " " TOKYO, 1);
	test_widths_agree(f, "en",
			  "Caf\xc3\xa9 \xc5\x81\xc3\xb3"
			  "d\xc5\xba \xed\x95\x9c",
			  0);
	CHECK(strncmp(fonts_css_family(f), "'DejaVu Sans', NanumGothic", 26) == 0,
	      "en: CSS names DejaVu Sans first, then NanumGothic: %s", fonts_css_family(f));
	fonts_free(f);
}

static void test_ko(void)
{
	struct err e = {{0}};
	struct fonts *f = fonts_new(FONTS_NANUM, &e);
	char buf[64];
	size_t used;
	CHECK(f != NULL, "ko: fonts_new: %s", e.msg);
	if (f == NULL)
		return;
	CHECK_STR(face_of(f, "PUT \xea\xb5\xac\xec\x84\xb1", 0, buf, sizeof(buf), &used),
		  "NanumGothic", "ko: Latin and Hangul in NanumGothic");
	CHECK(used == strlen("PUT \xea\xb5\xac\xec\x84\xb1"), "ko: one run");
	/* U+2009 thin space: in DejaVu Sans, not in NanumGothic */
	CHECK_STR(face_of(f, "\xe2\x80\x89", 0, buf, sizeof(buf), &used), "DejaVuSans,Book",
		  "ko: what NanumGothic lacks falls back to DejaVu Sans");
	test_widths_agree(f, "ko", "\xec\x84\x9c\xec\x9a\xb8 \xe3\x82\xb9 " TOKYO, 1);
	CHECK(strncmp(fonts_css_family(f), "NanumGothic", 11) == 0,
	      "ko: CSS names NanumGothic "
	      "first: %s",
	      fonts_css_family(f));
	fonts_free(f);
}

/* A face the report does not embed is refused, naming the two it does. */
static void test_unknown_face(void)
{
	struct err e = {{0}};
	struct fonts *f = fonts_new("Comic Sans", &e);
	CHECK(f == NULL && strstr(e.msg, "'Comic Sans'") && strstr(e.msg, FONTS_DEJAVU) &&
		      strstr(e.msg, FONTS_NANUM),
	      "an unknown face is refused: %s", e.msg);
	fonts_free(f);
	CHECK(fonts_has_face(FONTS_DEJAVU) && fonts_has_face(FONTS_NANUM) &&
		      !fonts_has_face("DejaVu") && !fonts_has_face(""),
	      "fonts_has_face knows the two faces by their exact names");
}

int main(void)
{
	test_unknown_face();
	test_en();
	test_ko();
	return check_done();
}
