/* tests/unit/test_campaign_modes.c: the workload-mode keys a [subject] overrides (a
 * provider that lacks a feature): the send keys (checksum, payload, reads, http,
 * http2_shared, keepalive, addresses, connect_timeout, read_timeout, request_timeout), retries, duration = D | auto with max_duration and
 * min_duration; what the plan's runs of each subject carry (timeouts derived anew when
 * the section's was derived), and the errors, each naming file, line, section and key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/plan.h"
#include "collect/s3/checksum.h"
#include "collect/s3/s3.h"
#include "collect/workload.h"
#include "tests/unit/check.h"

#define HEAD "[campaign]\nname = m\n" /* 1-2 */
#define MAT                                                         \
	"[matrix]\nops = put, get\nsizes = 4KiB\nconcurrency = 2\n" \
	"duration = 30s\nretries = 1\nchecksum = crc32\npayload = streaming\n" /* 3-10 */
#define SUBJ_A "[subject a]\nendpoint = http://a\nbucket = b\n"                /* 11-13 */

static struct campaign *parse(const char *text, struct err *e)
{
	return campaign_parse_string(text, "m.ini", e);
}

/* run: the plan run with this id, or NULL */
static const struct plan_run *run(const struct plan *p, const char *id)
{
	for (int i = 0; i < p->n; i++)
		if (strcmp(p->runs[i].id, id) == 0)
			return &p->runs[i];
	return NULL;
}

static void test_overrides(void)
{
	static const char text[] = HEAD
		"[matrix]\nops = put, get\nsizes = 4KiB\nconcurrency = 2\nduration = 30s\n"
		"retries = 1\nchecksum = crc32\npayload = streaming\n"
		"[list]\ncount = 5\n"
		"[rate]\nrates = 10/s\nduration = 4s\n" SUBJ_A
		"[subject b]\nendpoint = http://b\nbucket = b\nretries = 3\n"
		"duration = auto\nmax_duration = 2m\nmin_duration = 10s\nchecksum = none\n"
		"payload = signed\nreads = once\nhttp = 2\nhttp2_shared = yes\n"
		"keepalive = no\naddresses = spread\n"
		"[subject c]\nendpoint = http://c\nbucket = b\nduration = 45s\nretries = 0\n";
	struct err e = {{0}};
	struct campaign *c = parse(text, &e);
	struct plan *p = NULL;
	const struct plan_run *r;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(c != NULL, "a campaign whose subjects override every mode parses: %s", e.msg);
	if (c == NULL)
		return;
	CHECK(c->subjects[1].retries_set && c->subjects[1].retries == 3 &&
		      c->subjects[1].dur_set == 2 && c->subjects[1].duration_s == 120 &&
		      c->subjects[1].min_duration_s == 10 && c->subjects[1].send_set == 0x7f,
	      "subject b: retries, auto 10s..2m, all seven send keys");
	CHECK(c->subjects[2].dur_set == 1 && c->subjects[2].duration_s == 45 &&
		      c->subjects[2].retries_set && c->subjects[2].retries == 0,
	      "subject c: a fixed 45s, retries 0");
	p = plan_build(c, NULL, &e);
	CHECK(p != NULL, "plan: %s", e.msg);
	if (p == NULL)
		goto out;
	r = run(p, "runs/cycle-01/a/get-4KiB-c2");
	CHECK(r != NULL && r->wl.retries == 1 && !r->wl.auto_stop && r->wl.duration_s == 30 &&
		      !r->wl.duration_own && r->timeout_s == 120 &&
		      r->wl.send.checksum == CHECKSUM_CRC32 &&
		      r->wl.send.payload == S3_PAYLOAD_STREAMING && !r->wl.send.reads,
	      "a keeps the matrix's modes: retries 1, 30 s (timeout 2 x 30 + 60 s), crc32, "
	      "streaming");
	r = run(p, "runs/cycle-01/b/get-4KiB-c2");
	CHECK(r != NULL && r->wl.retries == 3 && r->wl.auto_stop && r->wl.duration_s == 120 &&
		      r->wl.min_duration_s == 10 && r->timeout_s == 300 && r->expected_s == 120 &&
		      r->wl.send.checksum == CHECKSUM_NONE &&
		      r->wl.send.payload == S3_PAYLOAD_SIGNED &&
		      r->wl.send.reads == WL_READS_ONCE && r->wl.send.http2 &&
		      r->wl.send.http2_shared && r->wl.send.no_keepalive && r->wl.send.spread,
	      "b's get: retries 3, auto 10s..2m (timeout derived anew: 2 x 2m + 60 s), every "
	      "send key its own");
	CHECK(r != NULL && !workload_tls_resume(&r->wl.send) &&
		      strcmp(workload_send_value(WLF_TLS_RESUME, &r->wl.send), "no") == 0,
	      "b's keepalive = no: no TLS resumption unless tls_resume = yes");
	r = run(p, "runs/cycle-01/a/get-4KiB-c2");
	CHECK(r != NULL && workload_tls_resume(&r->wl.send), "a keeps alive: sessions resumed");
	r = run(p, "runs/once/b/list-4KiB-c1");
	CHECK(r != NULL && r->wl.bound == WL_BOUND_COUNT && !r->wl.auto_stop &&
		      r->wl.retries == 3 && r->wl.send.payload == S3_PAYLOAD_SIGNED,
	      "b's count-bound list keeps its count; retries and payload are b's");
	r = run(p, "runs/once/b/get-4KiB-c256-r10");
	CHECK(r != NULL && !r->wl.auto_stop && r->wl.duration_s == 4 && r->wl.retries == 3,
	      "b's rate run keeps its fixed 4 s (an open loop cannot stop when steady)");
	r = run(p, "runs/cycle-01/c/put-4KiB-c2");
	CHECK(r != NULL && r->wl.duration_s == 45 && r->timeout_s == 150 && r->wl.retries == 0 &&
		      r->wl.send.checksum == CHECKSUM_CRC32 && r->wl.duration_own,
	      "c: 45 s (timeout 150 s, duration its own), retries 0, the matrix's checksum");
	r = run(p, "runs/once/c/get-4KiB-c256-r10");
	CHECK(r != NULL && r->wl.duration_s == 45 && r->wl.duration_own,
	      "c's fixed duration bounds its rate run too");
	r = run(p, "runs/once/c/list-4KiB-c1");
	CHECK(r != NULL && r->wl.bound == WL_BOUND_COUNT && !r->wl.duration_own,
	      "c's count-bound list: no duration of its own");
	r = run(p, "runs/cycle-01/b/get-4KiB-c2");
	CHECK(r != NULL && !r->wl.duration_own, "b's duration = auto is not a fixed one");
	f = open_memstream(&buf, &len);
	CHECK(plan_write_tsv(p, c, NULL, f, &e) == 0, "plan.tsv written");
	fclose(f);
	CHECK(buf != NULL &&
		      strstr(buf,
			     "\truns/cycle-01/b/get-4KiB-c2\t1\tb\tget\t4096\t2\tauto\t120\t") !=
			      NULL,
	      "plan.tsv: b's get is bound auto, at most 120 s");
	free(buf);
out:
	plan_free(p);
	campaign_free(c);
}

static const struct {
	const char *text, *want;
} bad[] = {
	{HEAD MAT SUBJ_A "retries = 11\n",
	 "m.ini:14: [subject a] retries: '11' is not a number of retries from 0 to 10"},
	{HEAD MAT SUBJ_A "min_duration = 10s\n", "m.ini:14: [subject a] min_duration: needs "
						 "duration = auto"},
	{HEAD MAT SUBJ_A "duration = fast\n", "m.ini:14: [subject a] duration: 'fast'"},
	{HEAD MAT SUBJ_A "duration = auto\nmax_duration = 10s\nmin_duration = 20s\n",
	 "m.ini:16: [subject a] min_duration: min_duration must be above 0 and at most "
	 "max_duration"},
	{HEAD MAT SUBJ_A "payload = chunky\n",
	 "m.ini:14: [subject a] payload: 'chunky' is not a payload mode"},
	{HEAD MAT SUBJ_A "keepalive = sometimes\n",
	 "m.ini:14: [subject a] keepalive: 'sometimes' is not yes or no"},
	{HEAD MAT "tls_resume = maybe\n" SUBJ_A,
	 "m.ini:11: [matrix] tls_resume: 'maybe' is not yes or no"},
	/* an explicit timeout the subject's duration outgrows: the subject's key is named */
	{HEAD MAT "timeout = 1m\n" SUBJ_A "duration = auto\nmax_duration = 2m\n",
	 "m.ini:16: [subject a] max_duration: [matrix]'s timeout '1m' is not longer than the "
	 "duration (2m); give a longer timeout there or in [campaign]"},
	{HEAD MAT "timeout = 1m\n" SUBJ_A "duration = 90s\n",
	 "m.ini:15: [subject a] duration: [matrix]'s timeout '1m' is not longer than the "
	 "duration (1m30s)"},
	/* a trailer mode needs a checksum the trailer can carry: the subject's payload */
	{HEAD MAT SUBJ_A "checksum = none\n", NULL},
	{HEAD MAT SUBJ_A "payload = streaming-trailer\nchecksum = md5\n",
	 "m.ini:14: [subject a] payload: 'streaming-trailer' needs a checksum the trailer "
	 "carries (crc32, crc32c, crc64nvme, sha1, sha256)"},
	{HEAD "[matrix]\nops = put\nsizes = 4KiB\nconcurrency = 1\ncount = 1\nchecksum = crc32\n"
	      "payload = streaming-trailer\n" SUBJ_A "checksum = md5\n",
	 "m.ini:13: [subject a] checksum: 'streaming-trailer' needs a checksum"},
	{HEAD MAT SUBJ_A "payload = streaming-trailer\nchecksum = md5\nretries = 2\n",
	 "m.ini:14: [subject a] payload: 'streaming-trailer' needs a checksum the trailer "
	 "carries (crc32, crc32c, crc64nvme, sha1, sha256)"},
	/* a bucket whose object lock keeps objects */
	{HEAD MAT SUBJ_A "allow_retention = maybe\n",
	 "m.ini:14: [subject a] allow_retention: 'maybe' is not true or false"},
	{HEAD MAT "allow_retention = yes\n" SUBJ_A,
	 "m.ini:11: [matrix] allow_retention: unknown key"},
	{HEAD MAT SUBJ_A "allow_retention = yes\n", NULL},
	/* each attempt's time limits */
	{HEAD MAT SUBJ_A "request_timeout = soon\n",
	 "m.ini:14: [subject a] request_timeout: 'soon' is not a duration"},
	{HEAD MAT "read_timeout = 0s\n" SUBJ_A,
	 "m.ini:11: [matrix] read_timeout: '0s' is not a time limit from 1ms to 1h, or none"},
	{HEAD MAT "request_timeout = 61m\n" SUBJ_A,
	 "m.ini:11: [matrix] request_timeout: '61m' is not a time limit from 1ms to 1h, or none"},
	{HEAD MAT SUBJ_A "connect_timeout = none\n",
	 "m.ini:14: [subject a] connect_timeout: 'none' is not a duration"},
	{HEAD MAT "[list]\ncount = 1\nconnect_timeout = -1s\n" SUBJ_A,
	 "m.ini:13: [list] connect_timeout: '-1s' is not a duration"},
};

/* test_timeouts: the time limits of each attempt: the defaults resolved (botocore's 60 s
 * connect and read, no request limit), a section's over them, a subject's over the
 * section's (a one-off section takes [matrix]'s unless it sets its own), none. */
static void test_timeouts(void)
{
	static const char text[] = HEAD MAT
		"request_timeout = 2s\nconnect_timeout = 500ms\n"
		"[list]\ncount = 5\nread_timeout = none\n" SUBJ_A
		"[subject b]\nendpoint = http://b\nbucket = b\nrequest_timeout = none\n"
		"read_timeout = 1500ms\n";
	struct err e = {{0}};
	struct campaign *c = parse(text, &e);
	struct plan *p = NULL;
	const struct plan_run *r;

	CHECK(c != NULL, "timeouts parse: %s", e.msg);
	if (c == NULL)
		return;
	p = plan_build(c, NULL, &e);
	CHECK(p != NULL, "plan: %s", e.msg);
	if (p == NULL)
		goto out;
	r = run(p, "runs/cycle-01/a/put-4KiB-c2");
	CHECK(r != NULL && workload_timeout_ms(WLF_REQUEST_TIMEOUT, &r->wl.send) == 2000 &&
		      workload_timeout_ms(WLF_CONNECT_TIMEOUT, &r->wl.send) == 500 &&
		      workload_timeout_ms(WLF_READ_TIMEOUT, &r->wl.send) == 60000,
	      "a's matrix run: request 2 s, connect 500 ms ([matrix]), read 60 s (default)");
	r = run(p, "runs/once/a/list-4KiB-c1");
	CHECK(r != NULL && workload_timeout_ms(WLF_REQUEST_TIMEOUT, &r->wl.send) == 2000 &&
		      workload_timeout_ms(WLF_CONNECT_TIMEOUT, &r->wl.send) == 500 &&
		      workload_timeout_ms(WLF_READ_TIMEOUT, &r->wl.send) == 0,
	      "a's list: [matrix]'s request and connect limits, its own read_timeout = none");
	r = run(p, "runs/cycle-01/b/get-4KiB-c2");
	CHECK(r != NULL && workload_timeout_ms(WLF_REQUEST_TIMEOUT, &r->wl.send) == 0 &&
		      workload_timeout_ms(WLF_CONNECT_TIMEOUT, &r->wl.send) == 500 &&
		      workload_timeout_ms(WLF_READ_TIMEOUT, &r->wl.send) == 1500,
	      "b's matrix run: its own request_timeout = none and read_timeout 1.5 s, "
	      "[matrix]'s connect");
out:
	plan_free(p);
	campaign_free(c);
}

static void test_bad(void)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct err e = {{0}};
		struct campaign *c = parse(bad[i].text, &e);

		if (bad[i].want == NULL)
			CHECK(c != NULL, "case %zu parses: %s", i, e.msg);
		else
			CHECK(c == NULL && strncmp(e.msg, bad[i].want, strlen(bad[i].want)) == 0,
			      "case %zu:\n  got:  %s\n  want: %s", i, c ? "(parsed)" : e.msg,
			      bad[i].want);
		campaign_free(c);
	}
}

int main(void)
{
	test_overrides();
	test_bad();
	test_timeouts();
	return check_done();
}
