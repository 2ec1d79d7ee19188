/* analyze/warp/warp.c: see warp.h. */
#include "analyze/warp/warp.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_csv.h"
#include "analyze/warp/warp_json.h"
#include "analyze/warp/warp_report.h"

enum {
	WARP_EXIT_OK = 0,
	WARP_EXIT_PARTIAL = 1,
	WARP_EXIT_USAGE = 2
};

int warp_load_file(const char *path, struct warp_rt **out, struct err *e)
{
	int agg = warp_json_is_aggregate(path, e);

	*out = NULL;
	if (agg < 0)
		return -1;
	if (agg)
		return warp_json_read(path, out, e);
	return warp_csv_read(path, out, e);
}

int warp_load_merged(const char *const *files, int n,
		     void (*report_err)(const char *msg, void *arg), void *arg,
		     struct warp_rt **out, int *n_failed, struct err *e)
{
	struct warp_rt *all = warp_rt_new(), *one = NULL;
	int i;

	*out = NULL;
	*n_failed = 0;
	if (all == NULL)
		return err_set(e, "warp: out of memory");
	for (i = 0; i < n; i++) {
		struct err fe;

		if (warp_load_file(files[i], &one, &fe) < 0) {
			(*n_failed)++;
			if (report_err)
				report_err(fe.msg, arg);
			continue;
		}
		if (warp_rt_merge(all, one, e) < 0) {
			warp_rt_free(one);
			warp_rt_free(all);
			return -1;
		}
		warp_rt_free(one);
		one = NULL;
	}
	*out = all;
	return 0;
}

static void print_err(const char *msg, void *arg)
{
	(void)arg;
	fprintf(stderr, "analyze: %s\n", msg);
}

static void usage(FILE *f)
{
	fputs("usage: analyze --warp FILE... [--json]\n"
	      "  Print Warp's own report of one run from Warp result files: aggregated\n"
	      "  .json.zst (\"v\": 2) or per-request .csv.zst. The files of a distributed run\n"
	      "  are merged in the order given (first file first), as Warp's server does.\n"
	      "  --json   the same numbers as JSON\n"
	      "Exit status: 0 all files read; 1 partial (some file unreadable: named on\n"
	      "stderr, the others reported); 2 usage.\n",
	      f);
}

int warp_cli_main(int argc, char **argv)
{
	const char **files = NULL;
	struct warp_rt *rt = NULL;
	struct err e;
	int i, n = 0, json = 0, failed = 0, rc = WARP_EXIT_USAGE;

	files = calloc((size_t)argc + 1, sizeof(*files));
	if (files == NULL) {
		fputs("analyze: out of memory\n", stderr);
		return WARP_EXIT_PARTIAL;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--warp") == 0)
			continue;
		if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			rc = WARP_EXIT_OK;
			goto done;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			fprintf(stderr, "analyze: --warp: unknown option %s\n", argv[i]);
			usage(stderr);
			goto done;
		} else {
			files[n++] = argv[i];
		}
	}
	if (n == 0) {
		fputs("analyze: --warp needs at least one Warp result file\n", stderr);
		usage(stderr);
		goto done;
	}
	if (warp_load_merged(files, n, print_err, NULL, &rt, &failed, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		rc = WARP_EXIT_PARTIAL;
		goto done;
	}
	rc = failed ? WARP_EXIT_PARTIAL : WARP_EXIT_OK;
	if (failed == n)
		goto done;
	if (json) {
		json_t *j = warp_report_json(rt);
		char *s = j ? json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(17)) : NULL;

		if (s == NULL) {
			fputs("analyze: out of memory\n", stderr);
			rc = WARP_EXIT_PARTIAL;
		} else {
			printf("%s\n", s);
		}
		free(s);
		json_decref(j);
	} else {
		char *text = warp_report_text(rt);

		if (text == NULL) {
			fputs("analyze: out of memory\n", stderr);
			rc = WARP_EXIT_PARTIAL;
		} else {
			fputs(text, stdout);
		}
		free(text);
	}
done:
	warp_rt_free(rt);
	free(files);
	return rc;
}
