/* tests/fuzz/fuzz_warp_json.c: libFuzzer target for the Warp aggregated result reader
 * (analyze/warp/warp_json.h) and the report built from what it read (warp_report_text,
 * warp_report_json, as `analyze --warp` prints them), and the same file merged with
 * itself (warp_load_merged, as for `analyze --warp FILE FILE`, a distributed run).
 *
 * The input is a file's bytes, read as they are (plain JSON, or .json.zst when they
 * start with a zstd frame), then, when plain, compressed into two zstd frames split at
 * an input-chosen point: both reads must agree. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp.h"
#include "analyze/warp/warp_json.h"
#include "analyze/warp/warp_model.h"
#include "analyze/warp/warp_report.h"
#include "tests/fuzz/fuzz_file.h"

struct outcome {
	int rc, agg;
	struct err e;
	char *text; /* the printed report, when read */
};

static void read_one(const char *path, struct outcome *o)
{
	struct warp_rt *rt = NULL;
	json_t *j;

	memset(o, 0, sizeof(*o));
	o->agg = warp_json_is_aggregate(path, NULL);
	o->rc = warp_json_read(path, &rt, &o->e);
	if ((o->rc == 0) != (rt != NULL) || (o->rc != 0 && o->e.msg[0] == '\0')) {
		fprintf(stderr, "warp_json_read: rc %d, result %p, message \"%s\"\n", o->rc,
			(void *)rt, o->e.msg);
		abort();
	}
	if (rt == NULL)
		return;
	o->text = warp_report_text(rt);
	if (o->text == NULL) {
		fprintf(stderr, "warp_report_text: NULL\n");
		abort();
	}
	j = warp_report_json(rt);
	if (j == NULL) {
		fprintf(stderr, "warp_report_json: NULL\n");
		abort();
	}
	json_decref(j);
	warp_rt_free(rt);
}

static void report(const struct warp_rt *rt)
{
	char *text = warp_report_text(rt);
	json_t *j = warp_report_json(rt);

	if (text == NULL || j == NULL) {
		fprintf(stderr, "warp_report_text/json: NULL\n");
		abort();
	}
	free(text);
	json_decref(j);
}

/* The file twice, merged as Warp's server merges its clients' results. */
static void merged(const char *path)
{
	const char *files[2] = {path, path};
	struct warp_rt *rt = NULL;
	struct err e;
	int failed = 0;

	if (warp_load_merged(files, 2, NULL, NULL, &rt, &failed, &e) < 0 || rt == NULL ||
	    failed != 0) {
		fprintf(stderr, "warp_load_merged: a file read alone fails merged (%d)\n", failed);
		abort();
	}
	report(rt);
	warp_rt_free(rt);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct outcome plain, zst;
	const void *z;
	size_t zn, split;

	read_one(fuzz_file(data, size), &plain);
	if (plain.rc == 0)
		merged(fuzz_file(data, size));
	if (!fuzz_has_zstd_magic(data, size)) {
		split = size ? (size_t)data[size - 1] * size / 255 : 0;
		z = fuzz_zstd(data, size, split, &zn);
		read_one(fuzz_file(z, zn), &zst);
		if (plain.rc != zst.rc || plain.agg != zst.agg ||
		    strcmp(plain.e.msg, zst.e.msg) != 0 ||
		    (plain.text && zst.text && strcmp(plain.text, zst.text) != 0)) {
			fprintf(stderr,
				"plain and zstd reads differ:\n  plain: %d %d %s\n"
				"  zstd:  %d %d %s\n",
				plain.rc, plain.agg, plain.e.msg, zst.rc, zst.agg, zst.e.msg);
			abort();
		}
		free(zst.text);
	}
	free(plain.text);
	return 0;
}
