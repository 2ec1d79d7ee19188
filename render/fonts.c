/* render/fonts.c: see fonts.h. */
#include "render/fonts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/text.h"

struct fonts {
	HPDF_Doc pdf;
	HPDF_Font regular, bold;
	int utf8;
	struct err *e;   /* where libharu's error handler writes, during fonts_new only */
};

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
	struct fonts *f = user;
	if (f->e)
		err_set(f->e, "libharu error 0x%04x (detail %u)", (unsigned)error_no,
			(unsigned)detail_no);
}

struct fonts *fonts_new(const char *lang, struct err *e)
{
	struct fonts *f = calloc(1, sizeof *f);
	if (!f) {
		err_set(e, "out of memory");
		return NULL;
	}
	f->e = e;
	f->pdf = HPDF_New(on_error, f);
	if (!f->pdf) {
		err_set(e, "libharu: cannot create a document");
		goto fail;
	}
	if (lang && strcmp(lang, "ko") == 0) {
		f->utf8 = 1;
		if (HPDF_UseUTFEncodings(f->pdf) != HPDF_OK ||
		    HPDF_SetCurrentEncoder(f->pdf, "UTF-8") != HPDF_OK)
			goto fail;
		const char *name = HPDF_LoadTTFontFromFile(f->pdf, FONTS_KO_PATH, HPDF_TRUE);
		if (!name) {
			err_prefix(e, "%s: cannot load the Korean font (Debian fonts-nanum)",
				   FONTS_KO_PATH);
			goto fail;
		}
		/* one embedded face: loading a second 4.6 MB TTF doubles the time; bold is
		 * drawn by stroking the regular outlines (fonts_fake_bold) */
		f->regular = f->bold = HPDF_GetFont(f->pdf, name, "UTF-8");
	} else {
		f->regular = HPDF_GetFont(f->pdf, "Helvetica", "WinAnsiEncoding");
		f->bold = HPDF_GetFont(f->pdf, "Helvetica-Bold", "WinAnsiEncoding");
	}
	if (!f->regular || !f->bold) {
		err_prefix(e, "libharu: cannot get the report fonts");
		goto fail;
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
	if (!f)
		return;
	if (f->pdf)
		HPDF_Free(f->pdf);
	free(f);
}

const char *fonts_encode(const struct fonts *f, const char *text, char *buf, size_t n)
{
	if (f->utf8) {
		snprintf(buf, n, "%s", text);
		return buf;
	}
	return text_to_cp1252(text, buf, n);
}

double fonts_width(const struct fonts *f, const char *text, double size, int bold)
{
	char stack[1024], *buf = stack;
	size_t len = strlen(text) + 1;
	double w;
	if (len > sizeof stack && !(buf = malloc(len)))
		return 0.6 * size * (double)len;
	fonts_encode(f, text, buf, len);
	HPDF_TextWidth tw = HPDF_Font_TextWidth(bold ? f->bold : f->regular,
						(const HPDF_BYTE *)buf, (HPDF_UINT)strlen(buf));
	w = tw.width * size / 1000.0;
	if (buf != stack)
		free(buf);
	return w;
}

HPDF_Doc fonts_doc(const struct fonts *f)
{
	return f->pdf;
}

HPDF_Font fonts_font(const struct fonts *f, int bold)
{
	return bold ? f->bold : f->regular;
}

const char *fonts_css_family(const struct fonts *f)
{
	return f->utf8 ? "NanumGothic, 'Nanum Gothic', sans-serif"
		       : "Helvetica, Arial, 'Liberation Sans', sans-serif";
}

int fonts_utf8(const struct fonts *f)
{
	return f->utf8;
}

int fonts_fake_bold(const struct fonts *f)
{
	return f->regular == f->bold;
}
