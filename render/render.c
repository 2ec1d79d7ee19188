/* render/render.c: see render.h. */
#include "render/render.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/err.h"
#include "core/exitcode.h"
#include "core/fsutil.h"
#include "render/doc/doc_attach.h"
#include "render/doc/html.h"
#include "render/doc/pdf.h"
#include "render/model/model.h"
#include "render/model/model_claims.h"
#include "render/report/report.h"
#include "render/report/report_prov.h"
#include "render/text/fonts.h"
#include "render/text/text.h"
#include "render/text/tmpldir.h"

void render_defaults(struct render_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->lang = "en";
	o->want_html = 1;
	o->want_pdf = 1;
}

/* write_report: dir/name atomically (core/fsutil.h); the PDF is written by libharu into
 * the temporary name (it reopens and truncates the file fs_atomic_open made, the same
 * inode), which fs_atomic_commit then fsyncs and renames over the previous report. */
static int write_report(const char *dir, const char *name, const struct strbuf *html,
			const struct doc *d, struct fonts *f, struct err *e)
{
	char path[PATH_MAX];
	struct fs_atomic out;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return err_set(e, "%.64s...: directory path too long", dir);
	if (html)
		return fs_write_file(path, html->p, html->len, e);
	if (fs_atomic_open(&out, path, e))
		return -1;
	if (pdf_write(d, f, out.tmp, e)) {
		fs_atomic_abort(&out);
		return -1;
	}
	return fs_atomic_commit(&out, e);
}

/* exists: 1 when the path fmt (one %s: arg) names a file or directory */
static int exists(const char *fmt, const char *arg)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), fmt, arg);
	return stat(path, &st) == 0;
}

/* results_hint: when dir holds no aggregate.json, the message in e made plainer: a
 * missing dir named itself; for a campaign's directory, its runs/ or a file of a results
 * directory (aggregate.json) given for the results directory, the one to give. */
static void results_hint(const char *dir, struct err *e)
{
	char msg[ERR_MSG_MAX], up[PATH_MAX];
	size_t len = strlen(dir);
	const char *slash;

	if (exists("%s/aggregate.json", dir))
		return;
	if (!exists("%s", dir)) {
		err_set(e, "%s: No such file or directory", dir);
		return;
	}
	snprintf(msg, sizeof(msg), "%s", e->msg);
	if (exists("%s/results/aggregate.json", dir)) {
		err_set(e, "%s; %s is a campaign's directory: give its results, render %s/results",
			msg, dir, dir);
		return;
	}
	while (len > 1 && dir[len - 1] == '/')
		len--;
	for (slash = dir + len; slash > dir && slash[-1] != '/'; slash--)
		;
	snprintf(up, sizeof(up), "%.*s", slash > dir + 1 ? (int)(slash - dir - 1) : 1,
		 slash > dir ? dir : ".");
	if (exists("%s/aggregate.json", up))
		err_set(e,
			"%s; %s is in a results directory: give its results directory: render %s",
			msg, dir, up);
	else if (exists("%s/results/aggregate.json", up))
		err_set(e,
			"%s; %s is in a campaign's directory: give its results directory: render "
			"%s/results",
			msg, dir, up);
}

/* check_lang: 0 when o->lang is a language of the templates in tdir, or when tdir has
 * none (text_lang_load then names the missing file); -1 after naming those it has. */
static int check_lang(const struct render_opts *o, const char *tdir)
{
	char langs[256];

	if (tmpldir_langs(tdir, langs, sizeof(langs)) == 0 || tmpldir_is_lang(tdir, o->lang))
		return 0;
	fprintf(stderr, "render: --lang: '%s' is not a language of %s (%s)\n", o->lang, tdir,
		langs);
	return -1;
}

/* load_lang: the language's strings and its fonts, the face its strings.txt names in
 * font.first leading (render/text/fonts.h). */
static int load_lang(const char *tdir, const char *lang, struct text_lang **l, struct fonts **f,
		     struct err *e)
{
	const char *first;

	if ((*l = text_lang_load(tdir, lang, e)) == NULL)
		return -1;
	first = text_lang_get(*l, "font.first");
	if (first != NULL && !fonts_has_face(first))
		return err_set(e, "%s/%s/strings.txt: font.first: '%s' is not %s or %s", tdir, lang,
			       first, FONTS_DEJAVU, FONTS_NANUM);
	*f = fonts_new(first, e);
	return *f == NULL ? -1 : 0;
}

/* attach_claims: the claims the report words (aggregate.json claims[]) as ODIR/claims.json,
 * embedded in the PDF beside aggregate.json (docs/FORMATS.md, "Claims"); nothing for a file
 * without claims[]. -1 with e set. */
static int attach_claims(struct doc *d, const struct report_model *m, const char *odir,
			 struct err *e)
{
	char path[4200];
	json_t *a;
	int rc;

	if (!m->doc.has_claims)
		return 0;
	if ((a = model_claims_to_json(m)) == NULL)
		return err_set(e, "claims.json: out of memory");
	snprintf(path, sizeof(path), "%s/claims.json", odir);
	rc = results_dump(a, path, e);
	json_decref(a);
	if (rc < 0)
		return -1;
	return doc_attach(d, odir, "claims.json", "application/json", "", ATTACH_PDF, e);
}

int render_run(const struct render_opts *o)
{
	char tdir[4096], odir[4096], agg[4096];
	int rc = EXITCODE_INPUT;
	struct err e = {{0}};
	struct report_model *m = NULL;
	struct text_lang *l = NULL;
	struct fonts *f = NULL;
	struct doc *d = NULL;
	struct strbuf html = {0};

	if (!o->want_html && !o->want_pdf) {
		fprintf(stderr, "render: --format: nothing to write\n");
		return EXITCODE_USAGE;
	}
	if (tmpldir_find(o->templates, tdir, sizeof(tdir), &e) < 0) {
		fprintf(stderr, "render: %s\n", e.msg);
		return EXITCODE_INPUT;
	}
	if (check_lang(o, tdir) < 0)
		return EXITCODE_USAGE;
	snprintf(agg, sizeof(agg), "%s/aggregate.json", o->results_dir);
	if ((size_t)(o->out_dir ? snprintf(odir, sizeof(odir), "%s", o->out_dir)
				: snprintf(odir, sizeof(odir), "%s/../report", o->results_dir)) >=
	    sizeof(odir)) {
		fprintf(stderr, "render: %.64s...: directory path too long\n", odir);
		return EXITCODE_OUTPUT;
	}

	if ((m = model_load(agg, &e)) == NULL || load_lang(tdir, o->lang, &l, &f, &e) < 0 ||
	    (d = report_build(m, l, f, &e)) == NULL ||
	    report_provenance(d, l, o->results_dir, &e) < 0) /* render/report/report_prov.h */
		goto fail;
	if (o->want_html && html_write(d, tdir, fonts_css_family(f), &html, &e))
		goto fail;
	rc = EXITCODE_OUTPUT;
	if (fs_mkdirs(odir, &e))
		goto fail;
	if (o->want_html && write_report(odir, "report.html", &html, NULL, NULL, &e))
		goto fail;
	if (o->want_pdf &&
	    (attach_claims(d, m, odir, &e) < 0 || write_report(odir, "report.pdf", NULL, d, f, &e)))
		goto fail;
	rc = EXITCODE_OK;
	goto done;
fail:
	if (m == NULL)
		results_hint(o->results_dir, &e);
	fprintf(stderr, "render: %s\n", e.msg);
done:
	strbuf_free(&html);
	doc_free(d);
	fonts_free(f);
	text_lang_free(l);
	model_free(m);
	return rc;
}
