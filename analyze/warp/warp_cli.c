/* analyze/warp/warp_cli.c: `analyze --warp [--warp-server | --warp-full] FILE... [--json]`
 * (see warp.h for the contract, usage() below for the user's view). */
#include "analyze/warp/warp.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_detail.h"
#include "analyze/warp/warp_full.h"
#include "analyze/warp/warp_json.h"
#include "analyze/warp/warp_report.h"
#include "core/exitcode.h"

enum cli_mode {
	MODE_ANALYZE, /* warp analyze FILE (1.6.1): each file alone */
	MODE_SERVER,  /* Warp 1.3's distributed server: the files merged */
	MODE_FULL     /* warp analyze --full FILE (1.6.1): per-request engine */
};

/* What a loaded file's run looks like, to spot the clients of one distributed run. */
struct seen {
	const char *path;
	int64_t start;
	char ops[64];
	char client[64];
};

/* Starts of two clients' files of one run differ by a few seconds (the fixture runs:
 * up to 5 s); 10 s leaves room and still keeps consecutive runs apart. */
#define SAME_RUN_NS (10 * 1000000000LL)

int warp_cli_is_mode(const char *arg)
{
	return strcmp(arg, "--warp") == 0 || strcmp(arg, "--warp-server") == 0 ||
	       strcmp(arg, "--warp-full") == 0;
}

int warp_cli_engine_arg(int argc, char **argv, int *i, enum warp_engine *g)
{
	static const char opt[] = "--warp-engine";
	const char *v = NULL, *a = argv[*i];
	size_t n = sizeof(opt) - 1;

	if (strncmp(a, opt, n) != 0 || (a[n] != '\0' && a[n] != '='))
		return 0;
	if (a[n] == '=')
		v = a + n + 1;
	else if (*i + 1 < argc)
		v = argv[++*i];
	if (v == NULL || warp_engine_parse(v, g) < 0) {
		fprintf(stderr, "analyze: --warp-engine: want analyze, full or server, not '%s'\n",
			v ? v : "");
		return -1;
	}
	return 1;
}

int warp_cli_take_engine(int *argc, char **argv, enum warp_engine *engine)
{
	int i, k = 1;

	for (i = 1; i < *argc; i++) {
		int r = strcmp(argv[i], "--") == 0 ? 0
						   : warp_cli_engine_arg(*argc, argv, &i, engine);

		if (r < 0)
			return -1;
		if (r == 0)
			argv[k++] = argv[i];
	}
	*argc = k;
	argv[k] = NULL;
	return 0;
}

static void print_err(const char *msg, void *arg)
{
	(void)arg;
	fprintf(stderr, "analyze: %s\n", msg);
}

static void usage(FILE *f)
{
	fputs("usage: analyze --warp [--warp-server | --warp-full] FILE... [--json]\n"
	      "  Print what MinIO Warp prints for Warp result files: aggregated .json.zst\n"
	      "  (\"v\": 2) or per-request .csv.zst (ops.tsv.zst too).\n"
	      "  (default)      what `warp analyze FILE...` of Warp 1.6.1 prints (its default\n"
	      "                 engine: Realtime.Report with details): each file alone, in\n"
	      "                 the order given; times in UTC unless TZ names a zone\n"
	      "  --warp-server  what Warp 1.3's distributed server printed at the end of a\n"
	      "                 run: the files (one per client) merged in the order given,\n"
	      "                 the first file first (the order can change the figures)\n"
	      "  --warp-full    what `warp analyze --full FILE...` of Warp 1.6.1 prints (its\n"
	      "                 per-request engine, older releases' default); CSV input only\n"
	      "  --json         the same numbers as JSON\n"
	      "Progress lines Warp prints before a report (Loading \"FILE\", N operations\n"
	      "loaded... Done!) go to stderr. Exit status: 0 all files read; 1 partial (some\n"
	      "file unreadable or of the wrong kind: named on stderr, the others reported);\n"
	      "2 usage.\n",
	      f);
}

/* Go's %q of a plain path: quotes, with backslash and quote escaped. */
static void print_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void seen_of(struct seen *s, const char *path, const struct warp_rt *rt)
{
	size_t i, len = 0;

	memset(s, 0, sizeof(*s));
	s->path = path;
	s->start = rt->total.start;
	for (i = 0; i < rt->n_ops && len + 1 < sizeof(s->ops); i++)
		len += (size_t)snprintf(s->ops + len, sizeof(s->ops) - len, "%s,", rt->ops[i].op);
	if (rt->total.clients.n > 0)
		snprintf(s->client, sizeof(s->client), "%s", rt->total.clients.v[0]);
}

/* The first pair of files that look like two clients of one distributed run: the same
 * ops, starts within SAME_RUN_NS, other clients. Index of the second, or -1. */
static int same_run(const struct seen *s, int n, int *first)
{
	int i, k;

	for (i = 0; i < n; i++)
		for (k = i + 1; k < n; k++) {
			int64_t d = s[i].start - s[k].start;

			if (s[i].start == WARP_TIME_ZERO || s[k].start == WARP_TIME_ZERO)
				continue;
			if (strcmp(s[i].ops, s[k].ops) == 0 && d <= SAME_RUN_NS &&
			    d >= -SAME_RUN_NS &&
			    (strcmp(s[i].client, s[k].client) != 0 || s[i].client[0] == '\0')) {
				*first = i;
				return k;
			}
		}
	return -1;
}

static int put_text(char *text)
{
	if (text == NULL) {
		fputs("analyze: out of memory\n", stderr);
		return -1;
	}
	fputs(text, stdout);
	free(text);
	return 0;
}

static int put_json(json_t *j)
{
	char *s = j ? json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(17)) : NULL;

	json_decref(j);
	if (s == NULL) {
		fputs("analyze: out of memory\n", stderr);
		return -1;
	}
	printf("%s\n", s);
	free(s);
	return 0;
}

/* One file, Warp 1.6.1's default engine: text to stdout, or its JSON appended to arr. */
static int analyze_one(const char *path, int json, json_t *arr, struct seen *seen)
{
	struct warp_rt *rt = NULL;
	struct err e;
	int agg = warp_json_is_aggregate(path, &e);

	if (agg < 0 || warp_load_file161(path, &rt, &e) < 0) {
		print_err(e.msg, NULL);
		return 1;
	}
	if (agg) {
		fputs("Loading ", stderr);
		print_quoted(stderr, path);
		fputc('\n', stderr);
	} else {
		fprintf(stderr, "%lld operations loaded... Done!\n",
			(long long)rt->total.total_requests);
	}
	seen_of(seen, path, rt);
	if (json) {
		json_t *j = warp_report_json(rt);

		if (j == NULL || json_object_set_new(j, "file", json_string(path)) < 0 ||
		    json_array_append_new(arr, j) < 0) {
			warp_rt_free(rt);
			return -1;
		}
	} else if (put_text(warp_detail_text(rt)) < 0) {
		warp_rt_free(rt);
		return -1;
	}
	warp_rt_free(rt);
	return 0;
}

static int run_analyze(const char **files, int n, int json)
{
	struct seen *seen = calloc((size_t)n + 1, sizeof(*seen));
	json_t *arr = json ? json_array() : NULL;
	int i, ns = 0, failed = 0, oom = 0, a = -1, b;

	if (seen == NULL || (json && arr == NULL)) {
		free(seen);
		json_decref(arr);
		fputs("analyze: out of memory\n", stderr);
		return EXITCODE_PARTIAL;
	}
	for (i = 0; i < n && !oom; i++) {
		int r = analyze_one(files[i], json, arr, &seen[ns]);

		if (r < 0)
			oom = 1;
		else if (r > 0)
			failed++;
		else
			ns++;
	}
	if (json && !oom && failed < n)
		oom = put_json(json_pack("{s:s,s:s,s:o}", "engine", "analyze", "warp_version",
					 "1.6.1", "reports", arr)) < 0;
	else
		json_decref(arr);
	b = same_run(seen, ns, &a);
	if (b >= 0)
		fprintf(stderr,
			"analyze: note: %s and %s look like two clients' files of one distributed "
			"run; each file is reported alone (as warp analyze does): analyze --warp "
			"--warp-server FILE... prints the merged report of Warp's server\n",
			seen[a].path, seen[b].path);
	free(seen);
	return oom || failed ? EXITCODE_PARTIAL : EXITCODE_OK;
}

static int run_server(const char **files, int n, int json)
{
	struct warp_rt *rt = NULL;
	struct err e;
	int failed = 0, rc;

	if (warp_load_merged(files, n, print_err, NULL, &rt, &failed, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		return EXITCODE_PARTIAL;
	}
	rc = failed ? EXITCODE_PARTIAL : EXITCODE_OK;
	if (failed < n) {
		int r;

		if (json) {
			json_t *j = warp_report_json(rt);

			if (j != NULL)
				json_object_set_new(j, "engine", json_string("server"));
			r = put_json(j);
		} else {
			r = put_text(warp_report_text(rt));
		}
		if (r < 0)
			rc = EXITCODE_PARTIAL;
	}
	warp_rt_free(rt);
	return rc;
}

static int run_full(const char **files, int n, int json)
{
	json_t *arr = json ? json_array() : NULL;
	int i, failed = 0;

	for (i = 0; i < n; i++) {
		struct err e;
		int r = warp_full_report(files[i], stdout, stderr, arr, &e);

		if (r < 0) {
			print_err(e.msg, NULL);
			failed++;
		}
	}
	if (json && failed < n) {
		if (put_json(json_pack("{s:s,s:s,s:o}", "engine", "full", "warp_version", "1.6.1",
				       "reports", arr)) < 0)
			failed++;
	} else {
		json_decref(arr);
	}
	return failed ? EXITCODE_PARTIAL : EXITCODE_OK;
}

int warp_cli_main(int argc, char **argv)
{
	const char **files = calloc((size_t)argc + 1, sizeof(*files));
	enum cli_mode mode = MODE_ANALYZE;
	int i, n = 0, json = 0, rc = EXITCODE_USAGE, modes = 0;

	if (files == NULL) {
		fputs("analyze: out of memory\n", stderr);
		return EXITCODE_PARTIAL;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--warp") == 0)
			continue;
		if (strcmp(argv[i], "--warp-server") == 0) {
			mode = MODE_SERVER;
			modes++;
		} else if (strcmp(argv[i], "--warp-full") == 0) {
			mode = MODE_FULL;
			modes++;
		} else if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			rc = EXITCODE_OK;
			goto done;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			fprintf(stderr, "analyze: --warp: unknown option %s\n", argv[i]);
			usage(stderr);
			goto done;
		} else {
			files[n++] = argv[i];
		}
	}
	if (modes > 1) {
		fputs("analyze: --warp-server and --warp-full exclude each other\n", stderr);
		usage(stderr);
		goto done;
	}
	if (n == 0) {
		fputs("analyze: --warp needs at least one Warp result file\n", stderr);
		usage(stderr);
		goto done;
	}
	if (mode == MODE_SERVER)
		rc = run_server(files, n, json);
	else if (mode == MODE_FULL)
		rc = run_full(files, n, json);
	else
		rc = run_analyze(files, n, json);
done:
	free(files);
	return rc;
}
