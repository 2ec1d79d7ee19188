/* render/main.c: bin/render, the render stage's command line.
 *
 *   render RESULTS_DIR [-o REPORT_DIR] [--format html,pdf] [--templates DIR] [--lang CODE]
 *
 * The flags, then one call: render_defaults, parse_args, render_run (render/render.h does
 * the work). Exit codes (core/exitcode.h) in --help. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "core/err.h"
#include "core/exitcode.h"
#include "core/version.h"
#include "render/render.h"
#include "render/text/tmpldir.h"

/* usage: --help, with the languages of the templates that --templates (NULL: the first
 * place of tmpldir_find's order) gives. */
static void usage(FILE *f, const char *templates)
{
	char tdir[4096], langs[256] = "";
	struct err e = {{0}};

	if (tmpldir_find(templates, tdir, sizeof(tdir), &e) < 0 ||
	    tmpldir_langs(tdir, langs, sizeof(langs)) == 0)
		snprintf(langs, sizeof(langs), "none found");
	fputs("usage: render RESULTS_DIR [-o REPORT_DIR] [--format html,pdf] [--templates DIR]\n"
	      "              [--lang CODE]\n"
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
	      "  -l, --lang CODE       the report's language (default: en): a directory of the\n"
	      "                        templates with a strings.txt (",
	      f);
	fprintf(f, "here: %s", langs);
	fputs(").\n"
	      "                        The PDF embeds DejaVu Sans (fonts-dejavu-core) and\n"
	      "                        NanumGothic (fonts-nanum), the face the language's\n"
	      "                        font.first names first: labels in any script either\n"
	      "                        covers print as written\n"
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

/* parse_formats: --format's list ("html", "pdf", "html,pdf") into the two flags; 0, or
 * -1 after saying which word is neither. */
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

/* parse_args: the flags into *o (its defaults set): 0 to go on, 1 when --help was given
 * (the other flags read, for --templates), 2 for --version, -1 on a usage error (printed). */
static int parse_args(int argc, char **argv, struct render_opts *o)
{
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'},
		{"format", required_argument, NULL, 'f'},
		{"templates", required_argument, NULL, 't'},
		{"lang", required_argument, NULL, 'l'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c, help = 0;

	while ((c = getopt_long(argc, argv, "o:f:t:l:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->out_dir = optarg;
			break;
		case 't':
			o->templates = optarg;
			break;
		case 'l':
			o->lang = optarg;
			break;
		case 'f':
			if (parse_formats(optarg, &o->want_html, &o->want_pdf) != 0)
				return -1;
			break;
		case 'h':
			help = 1;
			break;
		case 'V':
			return 2;
		default:
			usage(stderr, o->templates);
			return -1;
		}
	}
	if (help)
		return 1;
	if (optind != argc - 1) {
		fprintf(stderr, "render: expected one RESULTS_DIR\n");
		usage(stderr, o->templates);
		return -1;
	}
	o->results_dir = argv[optind];
	return 0;
}

int main(int argc, char **argv)
{
	struct render_opts o;
	int r;

	render_defaults(&o);
	r = parse_args(argc, argv, &o);
	if (r == 1) {
		usage(stdout, o.templates);
		return EXITCODE_OK;
	}
	if (r == 2)
		return version_print(stdout, "s3bench-render");
	if (r < 0)
		return EXITCODE_USAGE;
	return render_run(&o);
}
