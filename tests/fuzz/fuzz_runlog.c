/* tests/fuzz/fuzz_runlog.c: libFuzzer target for the run.json reader
 * (analyze/read/runlog.h, runlog_read, which parses "summary" with summary_from_json).
 * A run read without error must compare equal to itself (runlog_compare). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/runlog.h"
#include "tests/fuzz/fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct runlog r;
	struct err e;
	char diff[256];

	e.msg[0] = '\0';
	if (runlog_read(fuzz_file(data, size), "runs/cycle-01/a/put-4KiB-c1", &r, &e) < 0) {
		if (e.msg[0] == '\0' || r.path != NULL || r.subject != NULL) {
			fprintf(stderr, "runlog_read failed without a message or left fields\n");
			abort();
		}
		return 0;
	}
	if (r.subject == NULL || r.op == NULL || r.path == NULL) {
		fprintf(stderr, "runlog_read: success without subject, op or path\n");
		abort();
	}
	if (r.has_summary && runlog_compare(&r.summary, &r.summary, diff, sizeof(diff)) != 0) {
		fprintf(stderr, "runlog_compare: a summary differs from itself: %s\n", diff);
		abort();
	}
	runlog_clear(&r);
	return 0;
}
