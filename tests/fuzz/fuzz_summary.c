/* tests/fuzz/fuzz_summary.c: libFuzzer target for summary_from_json (core/summary.h),
 * the run.json "summary" reader shared by collect and analyze.
 *
 * The input is JSON text. A summary read without error is written back with
 * summary_to_json, dumped, loaded and read again: the second read must succeed and
 * give the same values (what collect writes, analyze must read back). */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_lat(const struct lat_stats *a, const struct lat_stats *b)
{
	return a->avg == b->avg && a->p50 == b->p50 && a->p90 == b->p90 && a->p99 == b->p99 &&
	       a->min == b->min && a->max == b->max && a->stddev == b->stddev;
}

static int same_seg(const struct seg_value *a, const struct seg_value *b)
{
	return a->mib_s == b->mib_s && a->obj_s == b->obj_s;
}

static int same_hist(const struct hist *a, const struct hist *b)
{
	return a == NULL || b == NULL ? a == b : hist_equal(a, b);
}

static int same(const struct run_summary *a, const struct run_summary *b)
{
	return a->requests == b->requests && a->objects == b->objects && a->bytes == b->bytes &&
	       a->errors == b->errors && a->start_ns == b->start_ns && a->end_ns == b->end_ns &&
	       a->seconds == b->seconds && a->mib_s == b->mib_s && a->obj_s == b->obj_s &&
	       same_lat(&a->latency, &b->latency) && a->has_ttfb == b->has_ttfb &&
	       (!a->has_ttfb || same_lat(&a->ttfb, &b->ttfb)) && a->seg_count == b->seg_count &&
	       (a->seg_count == 0 ||
		(same_seg(&a->fastest, &b->fastest) && same_seg(&a->median, &b->median) &&
		 same_seg(&a->slowest, &b->slowest))) &&
	       a->completion_s == b->completion_s && same_hist(a->lat_hist, b->lat_hist) &&
	       same_hist(a->ttfb_hist, b->ttfb_hist);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run_summary s, s2;
	struct err e;
	json_error_t je;
	json_t *root, *out, *back;
	char *text;

	root = json_loadb((const char *)data, size, 0, &je);
	if (root == NULL)
		return 0;
	e.msg[0] = '\0';
	if (summary_from_json(root, &s, &e) < 0) {
		if (e.msg[0] == '\0') {
			fprintf(stderr, "summary_from_json failed without a message\n");
			abort();
		}
		json_decref(root);
		return 0;
	}
	json_decref(root);
	out = summary_to_json(&s);
	if (out == NULL) {
		fprintf(stderr, "summary_to_json: NULL for a summary it read\n");
		abort();
	}
	text = json_dumps(out, JSON_COMPACT);
	json_decref(out);
	if (text == NULL)
		abort();
	back = json_loads(text, 0, &je);
	if (back == NULL) {
		fprintf(stderr, "summary_to_json wrote bad JSON: %s\n%s\n", je.text, text);
		abort();
	}
	if (summary_from_json(back, &s2, &e) < 0) {
		fprintf(stderr, "summary written by summary_to_json does not read back: %s\n%s\n",
			e.msg, text);
		abort();
	}
	if (!same(&s, &s2)) {
		fprintf(stderr, "summary changed through summary_to_json:\n%s\n", text);
		abort();
	}
	json_decref(back);
	free(text);
	summary_clear(&s);
	summary_clear(&s2);
	return 0;
}
