/* analyze/warp/warp_cmp.c: see warp_cmp.h. The numbers are warp_report_json's, so that the
 * Average printed here is the one `analyze --warp` (and Warp) prints for each run. */
#include "analyze/warp/warp_cmp.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analyze/warp/warp.h"
#include "analyze/warp/warp_full.h"
#include "analyze/warp/warp_gofmt.h"
#include "analyze/warp/warp_merge.h"
#include "analyze/warp/warp_report.h"
#include "core/jnum.h"
#include "core/exitcode.h"

static void usage(FILE *f)
{
	fputs("usage: analyze --warp-cmp [--warp-engine server|analyze|full] BEFORE... -- AFTER...\n"
	      "  Compare two Warp runs op by op, as `warp cmp` is meant to: each op's Average\n"
	      "  before and after (as Warp's report prints it) and the change in percent,\n"
	      "  and the request time average and p99. BEFORE and AFTER are the result files\n"
	      "  of one run each (aggregated .json.zst or per-request .csv.zst; the files of a\n"
	      "  distributed run merged in the order given, first file first).\n"
	      "  --warp-engine  whose figures: server (default) Warp 1.3's distributed server;\n"
	      "                 analyze: warp merge + warp analyze of Warp 1.6.1 (one file:\n"
	      "                 as warp analyze prints it); full: warp analyze --full of\n"
	      "                 1.6.1 (CSV only; latency from the analyze engine)\n"
	      "Exit status: 0 all files read; 1 partial (some file unreadable: named on\n"
	      "stderr, the others compared); 2 usage, or a side without a readable file.\n",
	      f);
}

static void print_err(const char *msg, void *arg)
{
	(void)arg;
	fprintf(stderr, "analyze: %s\n", msg);
}

/* full_figures: each op's throughput in j (a report of files) from the full engine. */
static int full_figures(json_t *j, const char *const *files, int n)
{
	json_t *o;
	size_t i;

	json_array_foreach(json_object_get(j, "ops"), i, o) {
		struct warp_full_figures f;
		struct err e;

		if (warp_full_figures_of(files, n, json_string_value(json_object_get(o, "op")), &f,
					 &e) < 0) {
			fprintf(stderr, "analyze: %s\n", e.msg);
			return -1;
		}
		json_object_set_new(o, "skipped", json_boolean(f.skipped));
		json_object_set_new(o, "mib_s", json_real(f.mib_s));
		json_object_set_new(o, "obj_s", json_real(f.obj_s));
		json_object_set_new(o, "concurrency", json_integer(f.concurrency));
	}
	return 0;
}

/* side_json: the report of files[0..n) by the engine, as warp_report_json; NULL when
 * no file could be read or memory ran out (said on stderr). *failed counts unreadable
 * files (with the analyze and full engines one unreadable file fails the side). */
static json_t *side_json(const char *const *files, int n, const char *name, enum warp_engine g,
			 int *failed)
{
	struct warp_rt *rt = NULL;
	struct err e = {{0}};
	json_t *j = NULL;

	if (g == WARP_ENGINE_SERVER) {
		if (warp_load_merged(files, n, print_err, NULL, &rt, failed, &e) < 0) {
			fprintf(stderr, "analyze: %s\n", e.msg);
			return NULL;
		}
	} else if (warp_merge_read(files, n, &rt, &e) < 0) {
		fprintf(stderr, "analyze: %s\n", e.msg);
		*failed = n;
	}
	if (*failed == n)
		fprintf(stderr, "analyze: --warp-cmp: no %s file could be read\n", name);
	else if ((j = warp_report_json(rt)) == NULL)
		fputs("analyze: out of memory\n", stderr);
	else if (g == WARP_ENGINE_FULL && full_figures(j, files, n) < 0) {
		json_decref(j);
		j = NULL;
	}
	warp_rt_free(rt);
	return j;
}

static const json_t *find_op(const json_t *rep, const char *op)
{
	const json_t *ops = json_object_get(rep, "ops"), *o;
	size_t i;

	json_array_foreach(ops, i, o)
		if (strcmp(json_string_value(json_object_get(o, "op")), op) == 0)
			return o;
	return NULL;
}

static double num(const json_t *o, const char *k)
{
	return jnum_get(json_object_get(o, k));
}

/* pct: the change from a to b in percent with its sign, Warp's "%+.2f%%". */
static void pct(char *buf, size_t n, double a, double b)
{
	if (a > 0 && isfinite(b))
		snprintf(buf, n, "%+.2f%%", (b - a) / a * 100);
	else
		snprintf(buf, n, "n/a");
}

/* average: "42.26 MiB/s, 11079.28 obj/s[, N errors]" as Warp's report prints an
 * Average. */
static void average(char *buf, size_t n, const json_t *o)
{
	char m[352], ob[352], errs[48] = "";
	json_int_t ne = json_integer_value(json_object_get(o, "errors"));

	go_ftoa(ob, sizeof(ob), 2, num(o, "obj_s"));
	if (ne > 0)
		snprintf(errs, sizeof(errs), ", %lld errors", (long long)ne);
	if (num(o, "mib_s") > 0)
		snprintf(buf, n, "%s MiB/s, %s obj/s%s", go_ftoa(m, sizeof(m), 2, num(o, "mib_s")),
			 ob, errs);
	else
		snprintf(buf, n, "%s obj/s%s", ob, errs);
}

static void print_reqs(const json_t *b, const json_t *a)
{
	const json_t *rb = json_object_get(b, "requests_ms"),
		     *ra = json_object_get(a, "requests_ms");
	static const char *const k[] = {"avg", "p99"};
	char c[32];

	if (!json_is_object(rb) || !json_is_object(ra))
		return;
	printf("* Reqs:");
	for (size_t i = 0; i < 2; i++) {
		pct(c, sizeof(c), num(rb, k[i]), num(ra, k[i]));
		printf("%s %s: %.1fms -> %.1fms (%s)", i ? "," : "", k[i] == k[0] ? "Avg" : "99%",
		       num(rb, k[i]), num(ra, k[i]), c);
	}
	printf("\n");
}

/* print_op: one op's block; b or a NULL when the op is on one side only. */
static void print_op(const char *op, const json_t *b, const json_t *a)
{
	char avg_b[800], avg_a[800], c1[32], c2[32];
	int sb, sa;

	printf("-------------------\nOperation: %s\n", op);
	if (b == NULL || a == NULL) {
		printf("* Only in %s: not compared\n", b ? "before" : "after");
		return;
	}
	sb = json_is_true(json_object_get(b, "skipped"));
	sa = json_is_true(json_object_get(a, "skipped"));
	if (sb || sa) {
		printf("* Too few samples %s: not compared\n", sb && sa ? "before and after"
							       : sb     ? "before"
									: "after");
		return;
	}
	average(avg_b, sizeof(avg_b), b);
	average(avg_a, sizeof(avg_a), a);
	pct(c1, sizeof(c1), num(b, "mib_s"), num(a, "mib_s"));
	pct(c2, sizeof(c2), num(b, "obj_s"), num(a, "obj_s"));
	if (num(b, "mib_s") > 0)
		printf("* Average: %s (%+.1f MiB/s) throughput, %s (%+.1f) obj/s\n", c1,
		       num(a, "mib_s") - num(b, "mib_s"), c2, num(a, "obj_s") - num(b, "obj_s"));
	else
		printf("* Average: %s (%+.1f) obj/s\n", c2, num(a, "obj_s") - num(b, "obj_s"));
	printf("  Before: %s\n  After:  %s\n", avg_b, avg_a);
	print_reqs(b, a);
}

/* print_all: every op of either side in name order (both reports list theirs sorted). */
static void print_all(const json_t *before, const json_t *after)
{
	const json_t *ob = json_object_get(before, "ops"), *oa = json_object_get(after, "ops");
	size_t i = 0, j = 0;

	while (i < json_array_size(ob) || j < json_array_size(oa)) {
		const char *nb = json_string_value(json_object_get(json_array_get(ob, i), "op"));
		const char *na = json_string_value(json_object_get(json_array_get(oa, j), "op"));
		int d = nb == NULL ? 1 : na == NULL ? -1 : strcmp(nb, na);

		if (d == 0)
			print_op(nb, find_op(before, nb), find_op(after, na));
		else if (d < 0)
			print_op(nb, find_op(before, nb), NULL);
		else
			print_op(na, NULL, find_op(after, na));
		i += d <= 0;
		j += d >= 0;
	}
}

int warp_cmp_main(int argc, char **argv)
{
	const char **files = calloc((size_t)argc + 1, sizeof(*files));
	json_t *before = NULL, *after = NULL;
	int n = 0, split = -1, fb = 0, fa = 0, rc = EXITCODE_USAGE;
	enum warp_engine g = WARP_ENGINE_SERVER;

	if (files == NULL) {
		fputs("analyze: out of memory\n", stderr);
		return EXITCODE_USAGE;
	}
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--warp-cmp") == 0)
			continue;
		if (split < 0) {
			int r = warp_cli_engine_arg(argc, argv, &i, &g);

			if (r < 0)
				goto done;
			if (r > 0)
				continue;
		}
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			rc = EXITCODE_OK;
			goto done;
		}
		if (strcmp(argv[i], "--") == 0 && split < 0) {
			split = n;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			fprintf(stderr, "analyze: --warp-cmp: unknown option %s\n", argv[i]);
			usage(stderr);
			goto done;
		} else {
			files[n++] = argv[i];
		}
	}
	if (split <= 0 || split == n) {
		fputs("analyze: --warp-cmp needs BEFORE files, then --, then AFTER files\n",
		      stderr);
		usage(stderr);
		goto done;
	}
	before = side_json(files, split, "BEFORE", g, &fb);
	after = side_json(files + split, n - split, "AFTER", g, &fa);
	if (before == NULL || after == NULL)
		goto done;
	print_all(before, after);
	rc = fb || fa ? EXITCODE_PARTIAL : EXITCODE_OK;
done:
	json_decref(before);
	json_decref(after);
	free(files);
	return rc;
}
