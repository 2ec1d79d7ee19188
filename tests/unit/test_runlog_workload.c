/* tests/unit/test_runlog_workload.c: the workload fields of run.json (mix, size_spec,
 * range, rate, workers, campaign.p99_limit_ms) as core/runrec/runrec.h reads them into
 * analyze/read/runlog_workload.h, the errors naming the field, the
 * sizes and ranges in plain words, and the modes a subject ran with (send, retries,
 * duration = auto). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/runlog_workload.h"
#include "tests/unit/check.h"

static const struct {
	const char *size_spec, *range, *want;
} words[] = {
	{"random:4KiB..1MiB", NULL, "sizes log-uniform 4 KiB\u20131 MiB"},
	{"dist:4KiB:50,64KiB:30,1MiB:20", NULL, "sizes 4 KiB 50 %, 64 KiB 30 %, 1 MiB 20 %"},
	{"dist:4KiB:1,64KiB:3", NULL, "sizes 4 KiB 25 %, 64 KiB 75 %"},
	{"lognormal:64KiB,1.5", NULL, "sizes lognormal, median 64 KiB, \u03c3 1.5"},
	{"lognormal:64KiB,0.5,max=1MiB", NULL,
	 "sizes lognormal, median 64 KiB, \u03c3 0.5, at most 1 MiB"},
	{NULL, "random:64KiB", "ranged GET of 64 KiB at a random offset"},
	{NULL, "0..64KiB", "ranged GET of the first 64 KiB"},
	{NULL, "1MiB..2MiB", "ranged GET of bytes 1 MiB\u20132 MiB"},
	{"random:1KiB..2KiB", "random:512B",
	 "sizes log-uniform 1 KiB\u20132 KiB; ranged GET of 512 B at a random offset"},
	{"odd", "weird", "sizes odd; range weird"},
	{NULL, NULL, ""},
};

/* read_wl: the workload record wl and the campaign record camp (JSON texts; NULL: none)
 * read by the codec (core/runrec/runrec.h) and runlog_workload_from. */
static int read_wl(const json_t *wl, const json_t *camp, struct runlog_workload *w, struct err *e)
{
	struct runrec_workload rw;
	struct runrec_campaign rc;

	memset(w, 0, sizeof(*w));
	w->p99_limit_ms = NAN;
	memset(&rw, 0, sizeof(rw));
	if ((wl != NULL && runrec_workload_from_json(wl, "workload", &rw, e) < 0) ||
	    (camp != NULL && runrec_campaign_from_json(camp, "campaign", &rc, e) < 0))
		return -1;
	return runlog_workload_from(&rw, camp != NULL ? &rc : NULL, w, e);
}

static const struct {
	const char *wl, *camp, *want; /* want NULL: reads */
} docs[] = {
	{"{\"mix\": {\"get\": 45, \"put\": 15, \"head\": 30, \"delete\": 10}, \"rate\": 500.0, "
	 "\"workers\": 50, \"size_spec\": \"random:4KiB..1MiB\", \"range\": null}",
	 "{\"p99_limit_ms\": 25}", NULL},
	{"{\"mix\": {\"get\": 1, \"list\": 1}}", NULL, "workload.mix.list"},
	{"{\"mix\": {\"get\": -1}}", NULL, "workload.mix.get"},
	{"{\"mix\": {\"get\": 0}}", NULL, "workload.mix: every weight is 0"},
	{"{\"mix\": [1]}", NULL, "workload.mix"},
	{"{\"rate\": \"fast\"}", NULL, "workload.rate"},
	{"{\"rate\": -5}", NULL, "workload.rate"},
	{"{\"range\": 64}", NULL, "workload.range"},
	{"{\"size_spec\": \"\"}", NULL, "workload.size_spec"},
	{"{}", "{\"p99_limit_ms\": \"50ms\"}", "campaign.p99_limit_ms"},
};

/* modes: how a run's requests were sent, in the words the report's subjects table
 * compares: the send fields off their defaults, retries above 0, duration = auto */
static void modes(void)
{
	static const struct {
		const char *wl, *want;
	} m[] = {
		{"{\"send\": {\"checksum\": \"none\", \"payload\": \"unsigned\"}, \"retries\": 0, "
		 "\"duration_auto\": null}",
		 NULL},
		{"{\"send\": {\"checksum\": \"crc32\", \"payload\": \"streaming-trailer\"}, "
		 "\"retries\": 3}",
		 "checksum crc32, payload streaming-trailer, retries 3"},
		{"{\"retries\": 2, \"duration_auto\": {\"min_s\": 20.0, \"max_s\": 300.0, "
		 "\"window_s\": 10, \"band\": 0.05}}",
		 "retries 2, duration auto 20s..5m"},
		{"{\"send\": {\"reads\": \"once\"}, \"duration_auto\": {\"min_s\": 5.0, "
		 "\"max_s\": 90.0}}",
		 "reads once, duration auto 5s..1m30s"},
		/* the subject's own fixed duration; a section's (duration_subject false) is no
		 * mode, nor an older run.json's without the field */
		{"{\"retries\": 1, \"duration_s\": 45.0, \"duration_subject\": true}",
		 "retries 1, duration 45s"},
		{"{\"duration_s\": 90.0, \"duration_subject\": true, \"buckets\": 2}",
		 "duration 1m30s, buckets 2"},
		{"{\"duration_s\": 45.0, \"duration_subject\": false}", NULL},
		{"{\"duration_s\": 45.0}", NULL},
		{"{\"duration_s\": null, \"duration_subject\": true}", NULL},
	};
	struct runlog_workload w;
	struct err e;

	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		json_t *wl = json_loads(m[i].wl, 0, NULL);
		CHECK(read_wl(wl, NULL, &w, &e) == 0, "modes %zu: %s", i, e.msg);
		CHECK_STR(w.send, m[i].want, "modes %zu", i);
		runlog_workload_clear(&w);
		json_decref(wl);
	}
}

/* merge: a subject's modes over all its runs, in one canonical order */
static void merge(void)
{
	const char *const a[] = {"payload signed, retries 2", NULL,
				 "payload signed, retries 2, duration auto 1s..3s"};
	const char *const b[] = {"duration auto 1s..3s, retries 2", "payload signed"};
	const char *const none[] = {NULL, NULL};
	char *x = NULL, *y = NULL, *z = (char *)"";

	CHECK(runlog_workload_modes_merge(a, 3, &x) == 0 &&
		      runlog_workload_modes_merge(b, 2, &y) == 0 &&
		      runlog_workload_modes_merge(none, 2, &z) == 0,
	      "merged");
	CHECK_STR(x, "payload signed, retries 2, duration auto 1s..3s", "union of three runs");
	CHECK_STR(y, x, "the same modes in another order of runs: the same text");
	CHECK(z == NULL, "runs with the defaults only: NULL");
	free(x);
	free(y);
}

int main(void)
{
	char buf[256];
	struct runlog_workload w;
	struct err e;

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		CHECK_STR(
			runlog_workload_plain(words[i].size_spec, words[i].range, buf, sizeof(buf)),
			words[i].want, "plain words %zu", i);
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		json_t *wl = json_loads(docs[i].wl, 0, NULL);
		json_t *camp = docs[i].camp ? json_loads(docs[i].camp, 0, NULL) : NULL;
		int rc = read_wl(wl, camp, &w, &e);

		if (docs[i].want == NULL) {
			CHECK(rc == 0, "doc %zu reads: %s", i, e.msg);
			CHECK_STR(w.mix, "get:45,put:15,head:30,delete:10", "canonical mix");
			CHECK(w.mix_w[2] == 30 && w.rate == 500 && w.workers == 50 &&
				      w.p99_limit_ms == 25 && w.range == NULL,
			      "fields");
			CHECK_STR(w.size_spec, "random:4KiB..1MiB", "size_spec");
		} else {
			CHECK(rc == -1 && strstr(e.msg, docs[i].want), "doc %zu: '%s'", i, e.msg);
			CHECK(w.mix == NULL && isnan(w.p99_limit_ms), "doc %zu: cleared", i);
		}
		runlog_workload_clear(&w);
		json_decref(wl);
		json_decref(camp);
	}
	CHECK(read_wl(NULL, NULL, &w, &e) == 0 && w.rate == 0 && isnan(w.p99_limit_ms),
	      "no workload fields: closed loop, no limit");
	modes();
	merge();
	return check_done();
}
