/* tests/fuzz/fuzz_warp_csv.c: libFuzzer target for the Warp per-request log reader
 * (analyze/warp/warp_csv.h: warp_csv_read, Warp's aggregate.Live of a .csv.zst or of our
 * ops.tsv.zst) and what analyze --warp does with its result: the text and JSON
 * reports (warp_report.h, warp_detail.h) and the merge of several clients' results
 * (warp_rt_merge); and analyze --warp-full's engine on the same file (warp_full.h:
 * it may refuse the file, with a message, never crash).
 *
 * The input is a file's bytes, read as they are (plain, or zstd when they start with
 * a zstd frame). A result read without error must report, merge into an empty result
 * and merge with itself; the merged result must report too. A failure must carry a
 * message. Rows further apart than a day are left to fuzz_opslog (the aggregate keeps
 * one entry per second of the span: more memory than the fuzzer's limit). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/warp/warp_csv.h"
#include "analyze/warp/warp_detail.h"
#include "analyze/warp/warp_full.h"
#include "analyze/warp/warp_model.h"
#include "analyze/warp/warp_report.h"
#include "core/opslog.h"
#include "tests/fuzz/fuzz_file.h"

#define SPAN_NS (86400LL * 1000000000LL)

struct span {
	int64_t lo, hi;
};

static void widen(struct span *s, int64_t t)
{
	if (t == 0)
		return;
	if (s->lo == 0 || t < s->lo)
		s->lo = t;
	if (s->hi == 0 || t > s->hi)
		s->hi = t;
}

static int on_row(const struct op_row *r, void *arg)
{
	widen(arg, r->start_ns);
	widen(arg, r->first_byte_ns);
	widen(arg, r->last_byte_ns);
	widen(arg, r->end_ns);
	return 0;
}

static void report(const struct warp_rt *rt, const char *what)
{
	char *text = warp_report_text(rt), *detail = warp_detail_text(rt);
	json_t *j = warp_report_json(rt);

	if (text == NULL || j == NULL || detail == NULL) {
		fprintf(stderr, "warp_report_text/json/detail: NULL for %s\n", what);
		abort();
	}
	free(text);
	free(detail);
	json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct warp_rt *rt = NULL, *sum;
	struct span s = {0, 0};
	struct err e = {{0}};
	const char *path = fuzz_file(data, size);

	/* the rows before a bad one count too: warp_csv_read has added them when it fails */
	(void)opslog_read_full(path, on_row, NULL, &s, &e);
	if (s.lo != s.hi && (uint64_t)s.hi - (uint64_t)s.lo > (uint64_t)SPAN_NS)
		return 0;
	e.msg[0] = '\0';
	if (warp_csv_read(path, &rt, &e) < 0) {
		if (rt != NULL || e.msg[0] == '\0') {
			fprintf(stderr, "warp_csv_read failed with a result or no message\n");
			abort();
		}
		return 0;
	}
	if (rt == NULL) {
		fprintf(stderr, "warp_csv_read: 0 without a result\n");
		abort();
	}
	report(rt, "the file");
	{
		FILE *sink = fopen("/dev/null", "w");
		json_t *arr = json_array();

		if (sink == NULL || arr == NULL)
			abort();
		e.msg[0] = '\0';
		if ((warp_full_report(path, sink, sink, NULL, &e) < 0 ||
		     warp_full_report(path, sink, sink, arr, &e) < 0) &&
		    e.msg[0] == '\0') {
			fprintf(stderr, "warp_full_report failed without a message\n");
			abort();
		}
		json_decref(arr);
		fclose(sink);
	}
	sum = warp_rt_new();
	if (sum == NULL)
		abort();
	if (warp_rt_merge(sum, rt, &e) < 0 || warp_rt_merge(sum, rt, &e) < 0) {
		fprintf(stderr, "warp_rt_merge: %s\n", e.msg);
		abort();
	}
	report(sum, "the file merged twice");
	warp_rt_free(sum);
	warp_rt_free(rt);
	return 0;
}
