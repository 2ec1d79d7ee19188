/* render/text/fonts.c: see fonts.h. Beyond hpdf.h it uses libharu 2.3's installed lower-level
 * headers: glyph lookup and widths of a loaded TrueType font (hpdf_fontdef.h,
 * HPDF_GetFontDef in hpdf_doc.h) and a stream object for the ToUnicode CMap
 * (hpdf_objects.h, hpdf_streams.h). */
#include "render/text/fonts.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hpdf_doc.h>
#include <hpdf_fontdef.h>
#include <hpdf_objects.h>
#include <hpdf_streams.h>

#define NFACES 2
#define REPLACEMENT 0xFFFDu

struct face {
	HPDF_FontDef def; /* glyph ids and widths */
	const char *name; /* libharu's name of the loaded font */
	HPDF_Font font;   /* the PDF font, created on first use by fonts_run */
};

/* What lookup found for a character of the BMP, per weight: 0 not looked up yet, else
 * (face + 1) << 16 | width in 1/1000 em. libharu's glyph lookup is a linear search of
 * the cmap segments (thousands in NanumGothic): once per character, not per use. */
#define CACHED(k, w) ((uint32_t)((k) + 1) << 16 | (uint16_t)(w))

struct fonts {
	HPDF_Doc pdf;
	struct face face[2][NFACES]; /* [bold][order] */
	uint32_t *cache[2];          /* [bold][code point], 65,536 entries each */
	int nanum_first;
	struct err *e; /* where libharu's error handler writes, during fonts_new only */
};

static const char *const files[2][NFACES] = {
	/* [bold][0: DejaVu, 1: Nanum] */
	{FONTS_DIR_DEJAVU "/DejaVuSans.ttf", FONTS_DIR_NANUM "/NanumGothic.ttf"},
	{FONTS_DIR_DEJAVU "/DejaVuSans-Bold.ttf", FONTS_DIR_NANUM "/NanumGothicBold.ttf"},
};

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
	struct fonts *f = user;
	if (f->e)
		err_set(f->e, "libharu error 0x%04x (detail %u)", (unsigned)error_no,
			(unsigned)detail_no);
}

int fonts_has_face(const char *name)
{
	return strcmp(name, FONTS_DEJAVU) == 0 || strcmp(name, FONTS_NANUM) == 0;
}

struct fonts *fonts_new(const char *first, struct err *e)
{
	struct fonts *f;
	if (first != NULL && !fonts_has_face(first)) {
		err_set(e, "'%s' is not a face of the report (%s, %s)", first, FONTS_DEJAVU,
			FONTS_NANUM);
		return NULL;
	}
	f = calloc(1, sizeof(*f));
	if (f == NULL) {
		err_set(e, "out of memory");
		return NULL;
	}
	f->e = e;
	if ((f->cache[0] = calloc(0x10000, sizeof(uint32_t))) == NULL ||
	    (f->cache[1] = calloc(0x10000, sizeof(uint32_t))) == NULL) {
		err_set(e, "out of memory");
		goto fail;
	}
	f->pdf = HPDF_New(on_error, f);
	if (f->pdf == NULL) {
		err_set(e, "libharu: cannot create a document");
		goto fail;
	}
	if (HPDF_UseUTFEncodings(f->pdf) != HPDF_OK ||
	    HPDF_SetCurrentEncoder(f->pdf, "UTF-8") != HPDF_OK)
		goto fail;
	f->nanum_first = first != NULL && strcmp(first, FONTS_NANUM) == 0;
	for (int bold = 0; bold < 2; bold++)
		for (int k = 0; k < NFACES; k++) {
			const char *file = files[bold][k];
			struct face *fc = &f->face[bold][k == 0 ? f->nanum_first : !f->nanum_first];
			fc->name = HPDF_LoadTTFontFromFile(f->pdf, file, HPDF_TRUE);
			if (fc->name == NULL ||
			    (fc->def = HPDF_GetFontDef(f->pdf, fc->name)) == NULL) {
				err_prefix(e, "%s: cannot load the font (Debian %s)", file,
					   k == 0 ? "fonts-dejavu-core" : "fonts-nanum");
				goto fail;
			}
		}
	f->e = NULL;
	return f;
fail:
	f->e = NULL;
	fonts_free(f);
	return NULL;
}

void fonts_free(struct fonts *f)
{
	if (f == NULL)
		return;
	if (f->pdf)
		HPDF_Free(f->pdf);
	free(f->cache[0]);
	free(f->cache[1]);
	free(f);
}

/* next_cp: decode the UTF-8 character at *p (not at the end) and advance *p; invalid
 * or overlong bytes give U+FFFD and advance by one. */
static uint32_t next_cp(const char **p)
{
	const unsigned char *s = (const unsigned char *)*p;
	uint32_t cp, min;
	int need;
	if (s[0] < 0x80) {
		(*p)++;
		return s[0];
	}
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		need = 1, min = 0x80, cp = s[0] & 0x1Fu;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		need = 2, min = 0x800, cp = s[0] & 0x0Fu;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		need = 3, min = 0x10000, cp = s[0] & 0x07u;
	else
		goto bad;
	for (int i = 1; i <= need; i++) {
		if ((s[i] & 0xC0) != 0x80)
			goto bad;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		goto bad;
	*p += need + 1;
	return cp;
bad:
	(*p)++;
	return REPLACEMENT;
}

/* lookup: the face (index in face[bold]) that has a glyph for cp (BMP), or -1; its
 * advance width in 1/1000 em in *width. Cached in f->cache. */
static int lookup(const struct fonts *f, int bold, uint32_t cp, int *width)
{
	uint32_t c = f->cache[bold][cp];
	if (c == 0) {
		c = CACHED(-1, 0);
		for (int k = 0; k < NFACES; k++) {
			HPDF_FontDef def = f->face[bold][k].def;
			if (HPDF_TTFontDef_GetGlyphid(def, (HPDF_UINT16)cp)) {
				c = CACHED(k, HPDF_TTFontDef_GetCharWidth(def, (HPDF_UINT16)cp));
				break;
			}
		}
		f->cache[bold][cp] = c;
	}
	*width = (int)(c & 0xFFFF);
	return (int)(c >> 16) - 1;
}

/* pick: the face (index in face[bold]) that draws *cp, which becomes the character
 * actually drawn (a space for a control character, U+FFFD when no face has it); its
 * width in 1/1000 em in *width. */
static int pick(const struct fonts *f, int bold, uint32_t *cp, int *width)
{
	int k;
	if (*cp < 0x20 || (*cp >= 0x7F && *cp < 0xA0))
		*cp = ' ';
	if (*cp <= 0xFFFF && (k = lookup(f, bold, *cp, width)) >= 0)
		return k;
	*cp = REPLACEMENT;
	k = lookup(f, bold, *cp, width);
	return k < 0 ? 0 : k;
}

double fonts_width(const struct fonts *f, const char *text, double size, int bold)
{
	long units = 0;
	int w;
	bold = !!bold;
	while (*text) {
		uint32_t cp = next_cp(&text);
		pick(f, bold, &cp, &w);
		units += w;
	}
	return (double)units * size / 1000.0;
}

/* put_utf8: cp (<= U+FFFF) as UTF-8 into buf at *o when it fits with a NUL after it;
 * 0 if not. */
static int put_utf8(char *buf, size_t n, size_t *o, uint32_t cp)
{
	unsigned char u[3];
	size_t len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
	if (len == 1) {
		u[0] = (unsigned char)cp;
	} else if (len == 2) {
		u[0] = (unsigned char)(0xC0 | cp >> 6);
		u[1] = (unsigned char)(0x80 | (cp & 0x3F));
	} else {
		u[0] = (unsigned char)(0xE0 | cp >> 12);
		u[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		u[2] = (unsigned char)(0x80 | (cp & 0x3F));
	}
	if (*o + len + 1 > n)
		return 0;
	memcpy(buf + *o, u, len);
	*o += len;
	buf[*o] = '\0';
	return 1;
}

/* to_unicode: a ToUnicode CMap for a font whose CIDs are the UTF-16 code units (what
 * libharu's UTF-8 encoder writes): CID c is U+c. libharu 2.3 gives such fonts a copy of
 * its encoding CMap instead (a cidrange, which ToUnicode may not hold: poppler warns
 * and text extraction guesses). Spec: PDF 1.7, 9.10.3; at most 100 ranges a block. */
static HPDF_Dict to_unicode(HPDF_Doc pdf)
{
	HPDF_Dict cm = HPDF_DictStream_New(pdf->mmgr, pdf->xref);
	char line[64];
	int hi = 0, n = 0;
	if (cm == NULL)
		return NULL;
	cm->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
	HPDF_Stream_WriteStr(cm->stream,
			     "/CIDInit /ProcSet findresource begin\n12 dict begin\n"
			     "begincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) "
			     "/Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n"
			     "/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\n"
			     "endcodespacerange\n");
	for (hi = 0; hi < 256; hi++) {
		if (hi >= 0xD8 && hi <= 0xDF) /* surrogates: no character */
			continue;
		if (n % 100 == 0) {
			int left = 256 - 8 - n;
			snprintf(line, sizeof(line), "%s%d beginbfrange\n", n ? "endbfrange\n" : "",
				 left < 100 ? left : 100);
			HPDF_Stream_WriteStr(cm->stream, line);
		}
		snprintf(line, sizeof(line), "<%02X00> <%02XFF> <%02X00>\n", hi, hi, hi);
		HPDF_Stream_WriteStr(cm->stream, line);
		n++;
	}
	HPDF_Stream_WriteStr(cm->stream, "endbfrange\nendcmap\nCMapName currentdict /CMap "
					 "defineresource pop\nend\nend\n");
	return cm;
}

size_t fonts_run(struct fonts *f, const char *text, int bold, HPDF_Font *font, char *buf, size_t n)
{
	const char *p = text;
	size_t o = 0;
	int k = -1;
	bold = !!bold;
	*font = NULL;
	if (n > 0)
		buf[0] = '\0';
	while (*p) {
		const char *at = p;
		uint32_t cp = next_cp(&p);
		int w, kk = pick(f, bold, &cp, &w);
		if ((k >= 0 && kk != k) || !put_utf8(buf, n, &o, cp)) {
			p = at;
			break;
		}
		k = kk;
	}
	if (k < 0)
		return 0;
	struct face *fc = &f->face[bold][k];
	if (fc->font == NULL) {
		HPDF_Dict cm;
		fc->font = HPDF_GetFont(f->pdf, fc->name, "UTF-8");
		if (fc->font && ((cm = to_unicode(f->pdf)) == NULL ||
				 HPDF_Dict_Add(fc->font, "ToUnicode", cm) != HPDF_OK))
			fc->font = NULL;
	}
	*font = fc->font;
	return (size_t)(p - text);
}

HPDF_Doc fonts_doc(const struct fonts *f)
{
	return f->pdf;
}

const char *fonts_css_family(const struct fonts *f)
{
	return f->nanum_first ? "NanumGothic, 'Nanum Gothic', 'DejaVu Sans', sans-serif"
			      : "'DejaVu Sans', NanumGothic, 'Nanum Gothic', sans-serif";
}
