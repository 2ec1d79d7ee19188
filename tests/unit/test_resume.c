/* tests/unit/test_resume.c: collect/run/resume.h: which recorded failures are the user's
 * to fix (a table of classes and first errors as collect records them), and what --resume
 * does with each run of a plan whose output directory holds a complete run, failed ones
 * (auth, http-5xx, an endpoint's syntax), an interrupted one and a killed one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "collect/campaign/campaign.h"
#include "collect/campaign/plan.h"
#include "collect/run/outdir.h"
#include "collect/run/resume.h"
#include "core/fsutil.h"
#include "core/price.h"
#include "tests/unit/check.h"

static const struct {
	const char *cls, *first, *want; /* want NULL: a measurement of the provider */
} failures[] = {
	{"auth", "credentials: subject a: credentials = env:X, but X_ACCESS_KEY_ID ...",
	 "keys or rights (auth)"},
	{"auth", "HTTP 403 SignatureDoesNotMatch", "keys or rights (auth)"},
	{"tls", "tls: SSL certificate problem", "TLS trust (tls)"},
	{"local-io", "DIR/ops.tsv.zst: No space left on device", "the output disk (local-io)"},
	{"dns", "dns: Could not resolve host", "the endpoint's host name (dns)"},
	{"prepare-failed",
	 "client: s3: endpoint http://h:1/x: a path after the host is not supported",
	 "the endpoint's syntax"},
	{"http-5xx",
	 "HTTP 501 to PutObject, not an S3 answer (no S3 error document): is the "
	 "endpoint an S3 server?",
	 "an endpoint that does not speak S3"},
	{"http-5xx", "HTTP 503 to GetObject (no S3 error document)", NULL},
	{"http-4xx", "CreateBucket b: HTTP 400 InvalidBucketName", "the bucket"},
	{"http-5xx", "HTTP 503 SlowDown: Please reduce your request rate", NULL},
	{"timeout", "run killed at its time limit of 60 s", NULL},
	{"unavailable", "connect: Connection refused", NULL},
	{"connect", "connect: Connection reset by peer", NULL},
	{"prepare-failed", "prepare: PutObject b/k: HTTP 500 InternalError", NULL},
	{"crashed", "run's process crashed by signal 11", NULL},
	{"unavailable", "CreateBucket b: connect: Couldn't connect to server", NULL},
	{"http-5xx", "CreateBucket b: HTTP 500 InternalError", NULL},
	{"auth", "CreateBucket b: HTTP 403 AccessDenied (these keys may not create the bucket)",
	 "keys or rights (auth)"},
	{NULL, NULL, NULL},
};

static void test_fixable(void)
{
	for (size_t i = 0; i < sizeof(failures) / sizeof(failures[0]); i++) {
		const char *got = resume_fixable(failures[i].cls, failures[i].first);
		if (failures[i].want == NULL)
			CHECK(got == NULL, "%s / %s: a measurement, got '%s'", failures[i].cls,
			      failures[i].first, got);
		else
			CHECK(got != NULL && strstr(got, failures[i].want) == got,
			      "%s / %s: '%s', want '%s'", failures[i].cls, failures[i].first,
			      got ? got : "(null)", failures[i].want);
	}
}

/* put_run: OUT/ID/run.json with status, class, first error, interrupted. */
static void put_run(const char *out, const char *id, const char *status, const char *cls,
		    const char *first, int interrupted)
{
	char path[4096], text[1024], bill[512];
	struct bill_counts b;
	json_t *bj;
	char *bt;

	memset(&b, 0, sizeof(b));
	b.req[BOP_PUT_OBJECT].n = 7;
	bj = bill_to_json(&b);
	bt = json_dumps(bj, JSON_COMPACT);
	struct err e;

	snprintf(bill, sizeof(bill), "%s", bt ? bt : "null");
	free(bt);
	json_decref(bj);

	snprintf(path, sizeof(path), "%s/%s", out, id);
	fs_mkdirs(path, &e);
	snprintf(path, sizeof(path), "%s/%s/run.json", out, id);
	snprintf(text, sizeof(text),
		 "{\"format\": \"s3bench-run/1\", \"status\": \"%s\", \"wrapper\": "
		 "{\"interrupted\": %s}, \"errors\": {\"class\": %s%s%s, \"first\": [\"%s\"]}, "
		 "\"billing\": {\"benchmark\": %s}}\n",
		 status, interrupted ? "true" : "false", cls ? "\"" : "", cls ? cls : "null",
		 cls ? "\"" : "", first, bill);
	fs_write_file(path, text, strlen(text), &e);
}

static void test_read(void)
{
	char root[] = "/tmp/s3bench-test-resume.XXXXXX";
	struct campaign *c;
	struct plan *p = NULL;
	struct plan_filter f = {0};
	struct outdir *od = NULL;
	struct resume r;
	struct err e;
	char dir[4096], path6[4096];

	if (mkdtemp(root) == NULL) {
		CHECK(0, "mkdtemp");
		return;
	}
	c = campaign_parse_string("[campaign]\nname = d\n[matrix]\nops = put\nsizes = 4KiB\n"
				  "concurrency = 1, 2, 3, 4, 5, 6, 7\ncount = 2\n[subject a]\n"
				  "endpoint = http://h:1\nbucket = bk\n",
				  "t.ini", &e);
	p = c ? plan_build(c, &f, &e) : NULL;
	CHECK(p != NULL && p->n == 7, "a plan of 7 runs");
	if (p == NULL || outdir_open(root, &od, &e) != 0)
		goto out;
	put_run(root, p->runs[0].id, "complete", NULL, "", 0);
	put_run(root, p->runs[1].id, "failed", "auth", "HTTP 403 SignatureDoesNotMatch", 0);
	put_run(root, p->runs[2].id, "failed", "http-5xx", "HTTP 503 SlowDown", 0);
	put_run(root, p->runs[3].id, "failed", "prepare-failed",
		"client: s3: endpoint http://h:1/x: a path after the host is not supported", 0);
	put_run(root, p->runs[4].id, "failed", "killed", "run interrupted", 1);
	snprintf(dir, sizeof(dir), "%s/%s", root, p->runs[5].id);
	fs_mkdirs(dir, &e); /* killed: no run.json */
	CHECK(resume_read(od, c, p, 0, &r, &e) == 0, "resume_read: %s", e.msg);
	enum resume_do want[] = {RESUME_KEEP,  RESUME_FIX,   RESUME_KEEP_FAILED, RESUME_FIX,
				 RESUME_AGAIN, RESUME_AGAIN, RESUME_NEW};
	for (int k = 0; k < 7; k++)
		CHECK(r.runs[k].what == want[k], "run %d: %d, want %d", k, r.runs[k].what, want[k]);
	CHECK(r.runs[0].bill.req[BOP_PUT_OBJECT].n == 7 && !r.runs[0].failed && r.runs[2].failed,
	      "the recorded bill and status");
	CHECK(strcmp(r.runs[2].why, "http-5xx: HTTP 503 SlowDown") == 0, "why: %s", r.runs[2].why);
	CHECK(resume_recorded(&r) == 6 && r.count[RESUME_FIX] == 2 && r.count[RESUME_AGAIN] == 2,
	      "counts");
	char *text = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&text, &len);
	resume_print(&r, p, mf);
	fclose(mf);
	CHECK(strstr(text, "collect: --resume: 6 of the plan's 7 runs recorded: complete, kept: 1; "
			   "failed for the provider: 1, kept as measurements (--redo-failed runs "
			   "them again); failed for a reason you can fix, run again: 2; incomplete "
			   "or interrupted, run again: 2; not run yet: 1\n") == text,
	      "the counts line:\n%s", text);
	CHECK(strstr(text, "-c2: run again: it failed for a reason you can fix (keys or rights "
			   "(auth); recorded auth: HTTP 403 SignatureDoesNotMatch)\n") != NULL &&
		      strstr(text, "-c3: kept as a measurement of the provider (recorded http-5xx: "
				   "HTTP 503 SlowDown)\n") != NULL,
	      "one line per run run again or kept failed:\n%s", text);
	free(text);
	resume_free(&r);
	CHECK(resume_read(od, c, p, 1, &r, &e) == 0 && r.runs[2].what == RESUME_REDO_FAILED &&
		      r.count[RESUME_KEEP_FAILED] == 0,
	      "--redo-failed runs the provider's failure again");
	resume_free(&r);
	/* a kept run measured otherwise: its recorded values that differ are named (timeout_s,
	 * seed and keys an older file lacks are not compared) */
	snprintf(dir, sizeof(dir), "%s/%s/run.json", root, p->runs[6].id);
	snprintf(path6, sizeof(path6), "%s/%s", root, p->runs[6].id);
	fs_mkdirs(path6, &e);
	const char *rj = "{\"format\": \"s3bench-run/1\", \"status\": \"complete\", "
			 "\"workload\": {\"count\": 5, \"concurrency\": 7, \"timeout_s\": 9, "
			 "\"seed\": 3, \"send\": {\"checksum\": \"sha256\", \"payload\": "
			 "\"unsigned\"}}, \"subject\": {\"endpoint\": \"http://h:1\", \"bucket\": "
			 "\"other\"}}\n";
	fs_write_file(dir, rj, strlen(rj), &e);
	char msg[1024];
	CHECK(resume_read(od, c, p, 0, &r, &e) == 0 && r.changed == 1 &&
		      strcmp(r.runs[6].changed, "workload.count=5; workload.send.checksum=sha256; "
						"subject.bucket=other") == 0,
	      "how the kept run was measured otherwise: '%s'", r.n > 6 ? r.runs[6].changed : "");
	CHECK(r.runs[0].changed[0] == '\0', "a run without those records: nothing compared");
	CHECK(resume_first_change(&r, p, msg, sizeof(msg)) == 1 &&
		      strstr(msg,
			     "the campaign changed since the runs kept here were measured: "
			     "runs/cycle-01/a/put-4KiB-c7 was measured with workload.count=5; ") ==
			      msg,
	      "the refusal names the run: %s", msg);
	resume_free(&r);
out:
	outdir_free(od);
	plan_free(p);
	campaign_free(c);
	snprintf(dir, sizeof(dir), "rm -rf '%s'", root);
	if (system(dir) != 0)
		CHECK(0, "cleanup");
}

int main(void)
{
	test_fixable();
	test_read();
	return check_done();
}
