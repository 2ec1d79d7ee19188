/* render/main.c: bin/render — the comparison report as self-contained HTML and PDF.
 *
 *   render RESULTS_DIR [-o REPORT_DIR] [--format html,pdf] [--templates DIR] [--lang en|ko]
 *
 * Reads RESULTS_DIR/aggregate.json alone and writes REPORT_DIR/report.html and
 * REPORT_DIR/report.pdf (each to a temporary name, renamed when complete). */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/err.h"
#include "core/exitcode.h"
#include "core/fsutil.h"
#include "core/version.h"
#include "render/text/fonts.h"
#include "render/doc/html.h"
#include "render/model/model.h"
#include "render/doc/pdf.h"
#include "render/report/report.h"
#include "render/report/report_prov.h"
#include "render/text/text.h"
#include "render/text/tmpldir.h"

static void usage(FILE *f)
{
	fputs("usage: render RESULTS_DIR [-o REPORT_DIR] [--format html,pdf] [--templates DIR]\n"
	      "              [--lang en|ko]\n"
	      "\n"
	      "Writes the comparison report from RESULTS_DIR/aggregate.json alone (no network,\n"
	      "no raw logs): REPORT_DIR/report.html (one self-contained file) and\n"
	      "REPORT_DIR/report.pdf (A4). Files are written to temporary names and renamed\n"
	      "when complete.\n"
	      "\n"
	      "options:\n"
	      "  -o, --output DIR      report directory (default: RESULTS_DIR/../report)\n"
	      "  -f, --format LIST     html, pdf or html,pdf (default: html,pdf)\n"
	      "  -t, --templates DIR   HTML skeleton, CSS and prose (default: below)\n"
	      "  -l, --lang CODE       en (default) or ko: the report's language. The PDF embeds\n"
	      "                        DejaVu Sans (fonts-dejavu-core) and NanumGothic\n"
	      "                        (fonts-nanum), ko with NanumGothic first: labels in\n"
	      "                        any script either covers print as written\n"
	      "  -h, --help            this text\n"
	      "  -V, --version         version, source commit and library versions\n"
	      "\n",
	      f);
	fputs(tmpldir_help(), f);
	fputs("\n"
	      "exit codes:\n"
	      "  0  the report was written\n"
	      "  1  bad input: aggregate.json missing or invalid (the message names the file\n"
	      "     and field), a template or font missing\n"
	      "  2  usage error\n"
	      "  3  the report could not be written (directory, disk, PDF library, memory)\n",
	      f);
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

/* parse_formats: --format's list ("html", "pdf", "html,pdf") into the two flags; 0, or
 * -1 after saying which word is neither. */
/* results_hint: when dir holds no aggregate.json but dir/results does (a campaign's
 * output directory given for its results directory), say so after the message in e. */
static void results_hint(const char *dir, struct err *e)
{
	char path[PATH_MAX], msg[ERR_MSG_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/aggregate.json", dir);
	if (stat(path, &st) == 0)
		return;
	snprintf(path, sizeof(path), "%s/results/aggregate.json", dir);
	if (stat(path, &st) != 0)
		return;
	snprintf(msg, sizeof(msg), "%s", e->msg);
	err_set(e, "%s; %s is a campaign's directory: give its results, render %s/results", msg,
		dir, dir);
}

static int parse_formats(const char *arg, int *want_html, int *want_pdf)
{
	char buf[64], *tok, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", arg);
	*want_html = *want_pdf = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (strcmp(tok, "html") == 0) {
			*want_html = 1;
		} else if (strcmp(tok, "pdf") == 0) {
			*want_pdf = 1;
		} else {
			fprintf(stderr, "render: --format: '%s' is not html or pdf\n", tok);
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"output", required_argument, NULL, 'o'},
		{"format", required_argument, NULL, 'f'},
		{"templates", required_argument, NULL, 't'},
		{"lang", required_argument, NULL, 'l'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	const char *out = NULL, *lang = "en", *templates = NULL;
	char tdir[4096], odir[4096], agg[4096];
	int want_html = 1, want_pdf = 1, c, rc = EXITCODE_INPUT;
	struct err e = {{0}};
	struct report_model *m = NULL;
	struct text_lang *l = NULL;
	struct fonts *f = NULL;
	struct doc *d = NULL;
	struct strbuf html = {0};

	while ((c = getopt_long(argc, argv, "o:f:t:l:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 't':
			templates = optarg;
			break;
		case 'l':
			lang = optarg;
			break;
		case 'f':
			if (parse_formats(optarg, &want_html, &want_pdf) != 0)
				return EXITCODE_USAGE;
			break;
		case 'h':
			usage(stdout);
			return EXITCODE_OK;
		case 'V':
			return version_print(stdout, "s3bench-render");
		default:
			usage(stderr);
			return EXITCODE_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "render: expected one RESULTS_DIR\n");
		usage(stderr);
		return EXITCODE_USAGE;
	}
	if (strcmp(lang, "en") != 0 && strcmp(lang, "ko") != 0) {
		fprintf(stderr, "render: --lang: '%s' is not en or ko\n", lang);
		return EXITCODE_USAGE;
	}
	if (!want_html && !want_pdf) {
		fprintf(stderr, "render: --format: nothing to write\n");
		return EXITCODE_USAGE;
	}
	if (tmpldir_find(templates, tdir, sizeof(tdir), &e) < 0) {
		fprintf(stderr, "render: %s\n", e.msg);
		return EXITCODE_INPUT;
	}
	snprintf(agg, sizeof(agg), "%s/aggregate.json", argv[optind]);
	if ((size_t)(out ? snprintf(odir, sizeof(odir), "%s", out)
			 : snprintf(odir, sizeof(odir), "%s/../report", argv[optind])) >=
	    sizeof(odir)) {
		fprintf(stderr, "render: %.64s...: directory path too long\n", odir);
		return EXITCODE_OUTPUT;
	}

	if ((m = model_load(agg, &e)) == NULL || (l = text_lang_load(tdir, lang, &e)) == NULL ||
	    (f = fonts_new(lang, &e)) == NULL || (d = report_build(m, l, f, &e)) == NULL ||
	    report_provenance(d, l, argv[optind], &e) < 0) /* render/report/report_prov.h */
		goto fail;
	if (want_html && html_write(d, tdir, fonts_css_family(f), &html, &e))
		goto fail;
	rc = EXITCODE_OUTPUT;
	if (fs_mkdirs(odir, &e))
		goto fail;
	if (want_html && write_report(odir, "report.html", &html, NULL, NULL, &e))
		goto fail;
	if (want_pdf && write_report(odir, "report.pdf", NULL, d, f, &e))
		goto fail;
	rc = EXITCODE_OK;
	goto done;
fail:
	if (m == NULL)
		results_hint(argv[optind], &e);
	fprintf(stderr, "render: %s\n", e.msg);
done:
	strbuf_free(&html);
	doc_free(d);
	fonts_free(f);
	text_lang_free(l);
	model_free(m);
	return rc;
}
