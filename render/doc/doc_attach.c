/* render/doc/doc_attach.c: see doc_attach.h. */
#include "render/doc/doc_attach.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "render/text/text.h"

/* add_base64: the file path as base64 appended to b, in chunks of 48 KiB. */
static int add_base64(struct strbuf *b, const char *path, struct err *e)
{
	unsigned char in[49152], out[65537];
	FILE *f = fopen(path, "rb");
	size_t k;

	if (f == NULL)
		return err_set(e, "%s: cannot open: %s", path, strerror(errno));
	/* whole chunks of a multiple of 3 bytes, so that the pieces join without padding */
	while ((k = fread(in, 1, sizeof(in), f)) > 0) {
		while (k < sizeof(in) && !feof(f) && !ferror(f))
			k += fread(in + k, 1, sizeof(in) - k, f);
		int n = EVP_EncodeBlock(out, in, (int)k);

		strbuf_add(b, (const char *)out, (size_t)n);
	}
	k = (size_t)ferror(f);
	fclose(f);
	if (k)
		return err_set(e, "%s: read error", path);
	return b->failed ? err_set(e, "%s: out of memory", path) : 0;
}

int doc_attach(struct doc *d, const char *dir, const char *name, const char *mime,
	       const char *label, unsigned where, struct err *e)
{
	struct doc_attach *n = realloc(d->attach, (d->nattach + 1) * sizeof(*n));
	char path[PATH_MAX];
	struct strbuf b64 = {0};

	if (n == NULL)
		return err_set(e, "out of memory");
	d->attach = n;
	n += d->nattach;
	memset(n, 0, sizeof(*n));
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((where & ATTACH_HTML) && add_base64(&b64, path, e) < 0) {
		strbuf_free(&b64);
		return -1;
	}
	n->base64 = strbuf_take(&b64);
	n->dir = strdup(dir);
	n->name = strdup(name);
	n->mime = strdup(mime);
	n->label = strdup(label);
	n->where = where;
	d->nattach++; /* freed by doc_attach_free even when incomplete */
	if (n->dir == NULL || n->name == NULL || n->mime == NULL || n->label == NULL ||
	    ((where & ATTACH_HTML) && n->base64 == NULL))
		return err_set(e, "out of memory");
	return 0;
}

void doc_attach_html(struct strbuf *b, const struct doc *d)
{
	int any = 0;

	for (size_t i = 0; i < d->nattach; i++) {
		const struct doc_attach *a = &d->attach[i];

		if (!(a->where & ATTACH_HTML) || a->base64 == NULL)
			continue;
		if (!any) {
			strbuf_adds(b, "<p class=\"downloads\">");
			text_html_escape(b, a->label);
			strbuf_adds(b, " ");
		} else
			strbuf_adds(b, ", ");
		any = 1;
		strbuf_adds(b, "<a download=\"");
		text_html_escape(b, a->name);
		strbuf_adds(b, "\" href=\"data:");
		text_html_escape(b, a->mime);
		strbuf_adds(b, ";base64,");
		strbuf_adds(b, a->base64);
		strbuf_adds(b, "\">");
		text_html_escape(b, a->name);
		strbuf_adds(b, "</a>");
	}
	if (any)
		strbuf_adds(b, "</p>\n");
}

/* next_pdf: the file meant for the PDF whose name comes next after prev's (NULL: the first);
 * NULL after the last. */
static const struct doc_attach *next_pdf(const struct doc *d, const struct doc_attach *prev)
{
	const struct doc_attach *best = NULL;

	for (size_t i = 0; i < d->nattach; i++) {
		const struct doc_attach *a = &d->attach[i];

		if ((a->where & ATTACH_PDF) && (prev == NULL || strcmp(a->name, prev->name) > 0) &&
		    (best == NULL || strcmp(a->name, best->name) < 0))
			best = a;
	}
	return best;
}

int doc_attach_pdf(HPDF_Doc pdf, const struct doc *d, struct err *e)
{
	int here = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc = 0;

	if (here < 0)
		return err_set(e, "cannot open the current folder: %s", strerror(errno));
	/* from inside the folder, so that the PDF names the file without its path; in the order
	 * of their names, as a PDF's name tree of embedded files must be */
	for (const struct doc_attach *a = next_pdf(d, NULL); a != NULL && rc == 0;
	     a = next_pdf(d, a)) {
		if (chdir(a->dir) < 0)
			rc = err_set(e, "%s: %s", a->dir, strerror(errno));
		else if (HPDF_AttachFile(pdf, a->name) == NULL)
			rc = err_set(e, "%s/%s: cannot embed in the PDF (libharu error 0x%04lx)",
				     a->dir, a->name, (unsigned long)HPDF_GetError(pdf));
		if (fchdir(here) < 0 && rc == 0)
			rc = err_set(e, "cannot return to the current folder: %s", strerror(errno));
	}
	close(here);
	return rc;
}

void doc_attach_free(struct doc *d)
{
	for (size_t i = 0; i < d->nattach; i++) {
		free(d->attach[i].dir);
		free(d->attach[i].name);
		free(d->attach[i].mime);
		free(d->attach[i].label);
		free(d->attach[i].base64);
	}
	free(d->attach);
	d->attach = NULL;
	d->nattach = 0;
}
