/* tests/unit/test_warp_fixtures.c: Warp's own printed reports, reproduced from the
 * real Warp result files of an 8-client distributed run (read from
 * ../shared/fixtures/warp, or $S3BENCH_WARP_FIXTURES; skipped when absent). Each
 * expected file must appear as one contiguous block of our output. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/fsutil.h"
#include "tests/unit/check.h"
#include "analyze/warp/warp.h"
#include "analyze/warp/warp_report.h"

static const struct {
	const char *op, *id, *expected;
} runs[] = {
	{"put", "211410", "put-211410.txt"},
	{"get", "213436", "get-213436.txt"},
	{"get", "213757", "get-213757.txt"},
};

static void collect_err(const char *msg, void *arg)
{
	(void)arg;
	fprintf(stderr, "load: %s\n", msg);
}

int main(void)
{
	const char *dir = getenv("S3BENCH_WARP_FIXTURES");
	char base[512];
	struct stat st;
	size_t r;

	if (dir == NULL || dir[0] == '\0') {
		const char *top = getenv("TOP");

		snprintf(base, sizeof(base), "%s/../shared/fixtures/warp", top ? top : ".");
		dir = base;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		char why[1200];
		snprintf(why, sizeof(why),
			 "Warp fixtures absent: %s (../shared/fixtures/warp "
			 "beside the checkout, or S3BENCH_WARP_FIXTURES)",
			 dir);
		CHECK_SKIP((int)(sizeof(runs) / sizeof(runs[0])) * 4, why);
		return check_done();
	}
	for (r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		const char *files[16];
		char *paths[16];
		int n = 0, k, failed = -1;
		struct warp_rt *rt = NULL;
		struct err e;
		char path[1024], *want, *got;

		for (k = 0; k < 8; k++) {
			glob_t g;

			snprintf(path, sizeof(path),
				 "%s/warp-%d/warp-%s-2025-08-05\\[%s\\]-*.json.zst", dir, k,
				 runs[r].op, runs[r].id);
			if (glob(path, 0, NULL, &g) == 0 && g.gl_pathc == 1) {
				paths[n] = strdup(g.gl_pathv[0]);
				files[n] = paths[n];
				n++;
			}
			globfree(&g);
		}
		CHECK(n == 8, "%s-%s: 8 client files, found %d", runs[r].op, runs[r].id, n);
		snprintf(path, sizeof(path), "%s/expected/%s", dir, runs[r].expected);
		want = fs_read_file(path, 0, NULL, NULL);
		CHECK(want != NULL, "read %s", path);
		CHECK(warp_load_merged(files, n, collect_err, NULL, &rt, &failed, &e) == 0 &&
			      failed == 0,
		      "%s: load: %s", runs[r].expected, e.msg);
		got = rt ? warp_report_text(rt) : NULL;
		CHECK(got && want && strstr(got, want) != NULL,
		      "%s reproduced as one contiguous block", runs[r].expected);
		if (strcmp(runs[r].op, "get") == 0)
			CHECK(got && (strstr(got, "\n\xe2\x94\x80\xe2\x94\x80") != NULL) &&
				      (strstr(got, "\nReport: PUT. ") ||
				       strstr(got, "\nSkipping PUT too few")),
			      "%s: the prepare PUTs follow the GET block", runs[r].expected);
		else
			CHECK(got && strstr(got, "\xe2\x94\x80") == NULL,
			      "%s: one op, no separator", runs[r].expected);
		if (got && want && strstr(got, want) == NULL)
			fprintf(stderr, "--- want:\n%s--- got:\n%s---\n", want, got);
		free(got);
		free(want);
		warp_rt_free(rt);
		for (k = 0; k < n; k++)
			free(paths[k]);
	}
	return check_done();
}
