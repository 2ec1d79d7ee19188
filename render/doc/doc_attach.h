/* render/doc/doc_attach.h: files a report carries (the Provenance section's downloads;
 * README, "Checking a published report"): the HTML back end embeds each file meant for it
 * as a download link with a data: URI (base64), so the report stays one file with no
 * external reference; the PDF back end embeds each file meant for it as a PDF embedded
 * file (libharu's HPDF_AttachFile), under its bare name. The document owns the list
 * (doc_free frees it through doc_attach_free). */
#ifndef RENDER_DOC_ATTACH_H
#define RENDER_DOC_ATTACH_H

#include <hpdf.h>

#include "core/err.h"
#include "core/strbuf.h"
#include "render/doc/doc.h"

enum {
	ATTACH_HTML = 1,
	ATTACH_PDF = 2
};

struct doc_attach {
	char *dir;      /* the folder holding the file */
	char *name;     /* its name there, also the name shown and embedded */
	char *mime;     /* the HTML download's media type */
	char *label;    /* the words before the HTML links ("Downloads:") */
	char *base64;   /* ATTACH_HTML: the file's content, read by doc_attach */
	unsigned where; /* ATTACH_HTML | ATTACH_PDF */
};

/* doc_attach: carry dir/name in the report's back ends `where` (a file meant for HTML is
 * read now). 0, or -1 with e set: the file cannot be read, out of memory. */
int doc_attach(struct doc *d, const char *dir, const char *name, const char *mime,
	       const char *label, unsigned where, struct err *e);

/* doc_attach_html: the HTML downloads, one paragraph "LABEL link, link" appended to b
 * (the label of the first file meant for HTML); nothing when there is none. */
void doc_attach_html(struct strbuf *b, const struct doc *d);

/* doc_attach_pdf: embed the files meant for the PDF into pdf (read when the PDF is
 * saved). -1 with e set when one cannot be opened. */
int doc_attach_pdf(HPDF_Doc pdf, const struct doc *d, struct err *e);

/* doc_attach_free: free d's list. */
void doc_attach_free(struct doc *d);

#endif
