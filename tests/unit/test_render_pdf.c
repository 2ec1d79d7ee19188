/* tests/unit/test_render_pdf.c: the PDF back end on the committed fixture and on a long
 * table (render/doc/pdf.h): a complete A4 file with one page object per page, an outline,
 * contents links, and a long table split over several pages. Content checks
 * (pdftotext, qpdf, pdftoppm) are in tests/e2e/render.sh. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fsutil.h"
#include "render/doc/pdf.h"
#include "render/report/report.h"
#include "tests/unit/check.h"

static size_t count(const char *buf, size_t len, const char *what)
{
	size_t n = 0, wl = strlen(what);
	for (size_t i = 0; i + wl <= len; i++)
		if (memcmp(buf + i, what, wl) == 0)
			n++;
	return n;
}

/* Pages of the file: "/Type /Page" objects, not "/Type /Pages". */
static size_t pages(const char *buf, size_t len)
{
	return count(buf, len, "/Type /Page") - count(buf, len, "/Type /Pages");
}

static void test_report(const char *lang)
{
	const char *top = getenv("TOP");
	char path[4096], tdir[4096], out[] = "/tmp/s3bench-pdf-XXXXXX";
	struct err e = {{0}};
	snprintf(path, sizeof(path), "%s/tests/fixtures/render/small/aggregate.json",
		 top ? top : ".");
	snprintf(tdir, sizeof(tdir), "%s/templates", top ? top : ".");
	struct report_model *m = model_load(path, &e);
	struct text_lang *l = m ? text_lang_load(tdir, lang, &e) : NULL;
	struct fonts *f = l ? fonts_new(text_lang_get(l, "font.first"), &e) : NULL;
	struct doc *d = f ? report_build(m, l, f, &e) : NULL;
	int fd = mkstemp(out);
	CHECK(d && fd >= 0, "%s: report builds: %s", lang, e.msg);
	if (d && fd >= 0) {
		close(fd);
		CHECK(pdf_write(d, f, out, &e) == 0, "%s: pdf_write: %s", lang, e.msg);
		size_t len;
		char *buf = fs_read_file(out, 0, &len, NULL);
		CHECK(buf && len > 1000 && memcmp(buf, "%PDF-1.", 7) == 0, "%s: a PDF header",
		      lang);
		CHECK(buf && count(buf, len, "%%EOF") >= 1, "%s: complete (%%%%EOF)", lang);
		size_t np = buf ? pages(buf, len) : 0;
		CHECK(np >= 8 && np <= 16, "%s: %zu pages", lang, np);
		CHECK(buf && count(buf, len, "/MediaBox [ 0 0 595") +
					      count(buf, len, "/MediaBox [0 0 595") >=
				      np,
		      "%s: every page A4", lang);
		CHECK(buf && count(buf, len, "/Outlines") >= 1, "%s: an outline", lang);
		CHECK(buf && count(buf, len, "/Subtype /Link") >= 8, "%s: contents links", lang);
		/* each face used is embedded once; no standard (Windows-1252) font */
		if (strcmp(lang, "ko") == 0)
			CHECK(buf &&
				      count(buf, len, "+NanumGothic") >
					      count(buf, len, "+NanumGothicBold") &&
				      count(buf, len, "+NanumGothicBold") >= 1,
			      "ko: NanumGothic and NanumGothicBold embedded");
		else
			CHECK(buf && count(buf, len, "+DejaVuSans,Book") >= 1 &&
				      count(buf, len, "+DejaVuSans-Bold") >= 1,
			      "en: DejaVu Sans and DejaVu Sans Bold embedded");
		/* a face is a Type0 font and its CIDFont: two /BaseFont each */
		CHECK(buf &&
			      count(buf, len, "/FontFile2") ==
				      count(buf, len, "/BaseFont /HPDFA") / 2 &&
			      count(buf, len, "/Helvetica") == 0 &&
			      count(buf, len, "WinAnsiEncoding") == 0,
		      "%s: only embedded TrueType fonts, each once", lang);
		free(buf);
	}
	unlink(out);
	doc_free(d);
	fonts_free(f);
	text_lang_free(l);
	model_free(m);
}

/* A 200-row table goes over several pages. */
static void test_long_table(void)
{
	struct err e = {{0}};
	struct fonts *f = fonts_new(NULL, &e);
	struct doc *d = doc_new("en", "Long", "", "");
	char out[] = "/tmp/s3bench-pdf-XXXXXX";
	int fd = mkstemp(out);
	CHECK(f && d && fd >= 0, "setup: %s", e.msg);
	if (f && d && fd >= 0) {
		close(fd);
		doc_heading(d, 1, "long", "Long table");
		struct doc_table *t = doc_table(d, "t-long", "200 rows", 3);
		doc_table_head(t, 0, "Row", 1);
		doc_table_head(t, 1, "Value", 1);
		doc_table_head(t, 2, "Note", 3);
		for (int i = 0; i < 200; i++) {
			char a[16], b[16];
			snprintf(a, sizeof(a), "%d", i);
			snprintf(b, sizeof(b), "%d.5", i * 3);
			doc_table_row(t);
			doc_table_cell(t, 0, a, CELL_ROWHEAD, NULL, NULL);
			doc_table_cell(t, 1, b, CELL_NUM, i % 7 ? NULL : "n=1/2", NULL);
			doc_table_cell(
				t, 2,
				i % 10 ? "short"
				       : "a long note that needs to wrap onto a second line "
					 "because it is much wider than its column in the table",
				0, NULL, NULL);
		}
		CHECK(pdf_write(d, f, out, &e) == 0, "long table: pdf_write: %s", e.msg);
		size_t len;
		char *buf = fs_read_file(out, 0, &len, NULL);
		size_t np = buf ? pages(buf, len) : 0;
		CHECK(np >= 4 && np <= 9, "long table: %zu pages", np);
		free(buf);
	}
	unlink(out);
	doc_free(d);
	fonts_free(f);
}

/* A table wider than 64 columns (an appendix of many cycles) is drawn too, not skipped:
 * its 120 rows need several pages. */
static void test_wide_table(void)
{
	struct err e = {{0}};
	struct fonts *f = fonts_new(NULL, &e);
	struct doc *d = doc_new("en", "Wide", "", "");
	char out[] = "/tmp/s3bench-pdf-XXXXXX";
	int fd = mkstemp(out);
	CHECK(f && d && fd >= 0, "setup: %s", e.msg);
	if (f && d && fd >= 0) {
		close(fd);
		doc_heading(d, 1, "wide", "Wide table");
		struct doc_table *t = doc_table(d, "t-wide", "70 columns", 70);
		for (size_t i = 0; i < 70; i++)
			doc_table_head(t, i, "C", 1);
		for (int r = 0; r < 120; r++) {
			doc_table_row(t);
			for (size_t i = 0; i < 70; i++)
				doc_table_cell(t, i, "1", CELL_NUM, NULL, NULL);
		}
		CHECK(pdf_write(d, f, out, &e) == 0, "wide table: pdf_write: %s", e.msg);
		size_t len;
		char *buf = fs_read_file(out, 0, &len, NULL);
		size_t np = buf ? pages(buf, len) : 0;
		CHECK(np >= 3, "wide table: %zu pages (the table is drawn)", np);
		free(buf);
	}
	unlink(out);
	doc_free(d);
	fonts_free(f);
}

int main(void)
{
	test_report("en");
	test_report("ko");
	test_long_table();
	test_wide_table();
	return check_done();
}
