/* render/doc/pdf.h: the PDF back end (libharu) — A4 pages, page numbers, an outline
 * (bookmark) per section, tables that split across pages with the header row repeated,
 * and the charts' scenes drawn as vector graphics with the same fonts their layout
 * measured (render/text/fonts.h). */
#ifndef RENDER_PDF_H
#define RENDER_PDF_H

#include "render/doc/doc.h"
#include "render/text/fonts.h"

/* pdf_write: draw d into the document of f and save it to `path` (written as is; the
 * caller renames a temporary name). f's document receives the pages: call once per
 * fonts object. Returns 0, or -1 with e set (libharu error, cannot write). */
int pdf_write(const struct doc *d, struct fonts *f, const char *path, struct err *e);

#endif
