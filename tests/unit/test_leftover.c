/* tests/unit/test_leftover.c: collect/run/leftover.h, the records an unfinished run keeps
 * in its directory: .prefix and .subject.json written and read back (buckets, key
 * prefixes, the buckets created), a prefix or record of another form refused with its
 * file named, a run without .subject.json falling back to the caller's subject, both
 * records removed, and the words of a sweep's counts. The sweep itself runs against the
 * local servers (tests/e2e/collect_clean.sh, collect_resume.sh, kill_resume.sh). */
#include "collect/run/leftover.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/check.h"

static void put(const char *dir, const char *name, const char *text)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

static int exists(const char *dir, const char *name)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

static struct campaign_subject subject(void)
{
	struct campaign_subject s;

	memset(&s, 0, sizeof(s));
	s.id = "a";
	s.label = "a";
	s.endpoint = "http://127.0.0.1:9";
	s.region = "us-east-1";
	s.bucket = "bkt";
	s.path_style = 1;
	s.cred_kind = CAMPAIGN_CRED_ENV;
	s.cred_name = "A";
	return s;
}

/* round_trip: what the runner writes, read back as `collect clean` and --resume read it */
static void round_trip(const char *dir)
{
	struct campaign_subject s = subject();
	struct workload wl;
	struct leftover l;
	struct err e = {{0}};
	unsigned char created[3] = {1, 0, 1}, back[3] = {0, 0, 0};

	workload_defaults(&wl, WL_PUT);
	wl.send.buckets = 3;
	wl.send.prefixes = 2;
	CHECK(leftover_read(dir, &s, &l, &e) == 1, "no .prefix: nothing to sweep");
	CHECK(leftover_write_prefix(dir, "s3bench/run-1/", &e) == 0, "prefix written: %s", e.msg);
	CHECK(leftover_write_subject(dir, &s, &wl, created, &e) == 0, "record written: %s", e.msg);
	CHECK(leftover_read(dir, NULL, &l, &e) == 0, "read back: %s", e.msg);
	CHECK(l.recorded && l.s == &l.rec, "the recorded subject");
	CHECK_STR(l.prefix, "s3bench/run-1/", "prefix");
	CHECK_STR(l.rec.endpoint, "http://127.0.0.1:9", "endpoint");
	CHECK_STR(l.rec.cred_name, "A", "credentials name");
	CHECK(l.rec.cred_kind == CAMPAIGN_CRED_ENV && l.rec.path_style == 1, "credentials, path");
	CHECK(l.nb == 3 && l.np == 2, "3 buckets, 2 key prefixes (%d, %d)", l.nb, l.np);
	if (l.nb == 3 && l.np == 2) {
		CHECK_STR(l.bucket[2], "bkt-2", "third bucket");
		CHECK_STR(l.kp[1], "p001/", "second key prefix");
		CHECK(l.created[0] == 1 && l.created[1] == 0 && l.created[2] == 1, "created");
	}
	leftover_clear(&l);
	leftover_created(dir, "bkt", 3, back);
	CHECK(back[0] == 1 && back[1] == 0 && back[2] == 1, "leftover_created");
	leftover_remove(dir);
	CHECK(!exists(dir, LEFTOVER_PREFIX_FILE) && !exists(dir, LEFTOVER_SUBJECT_FILE),
	      "both records removed");
}

/* refused: records this collector does not write, each named */
static void refused(const char *dir)
{
	struct campaign_subject s = subject();
	struct leftover l;
	struct leftover_swept sw;
	struct err e = {{0}};
	char want[700];

	put(dir, LEFTOVER_PREFIX_FILE, "/etc/");
	snprintf(want, sizeof(want), "%s/.prefix: not a key prefix s3bench/.../", dir);
	CHECK(leftover_read(dir, &s, &l, &e) == -1, "a prefix of another form");
	CHECK_STR(e.msg, want, "its file named");
	put(dir, LEFTOVER_PREFIX_FILE, "s3bench/run-2/");
	CHECK(leftover_read(dir, &s, &l, &e) == 0 && !l.recorded && l.s == &s,
	      "no .subject.json: the caller's subject");
	leftover_clear(&l);
	CHECK(leftover_read(dir, NULL, &l, &e) == 0 && l.s == NULL, "nor a caller's: none");
	leftover_clear(&l);
	snprintf(want, sizeof(want), "%s/.subject.json: no record of the bucket", dir);
	CHECK(leftover_sweep_earlier(dir, NULL, dir, ".", &sw, &e) == -1, "no subject to sweep");
	CHECK_STR(e.msg, want, "said");
	CHECK(sw.unbilled[0] == '\0' && sw.n.objects == 0, "nothing swept, nothing billed");
	put(dir, LEFTOVER_SUBJECT_FILE, "{\"format\": \"s3bench-subject/0\"}");
	snprintf(want, sizeof(want), "%s/.subject.json: not a s3bench-subject/1 record", dir);
	CHECK(leftover_read(dir, &s, &l, &e) == -1, "a record of another format");
	CHECK_STR(e.msg, want, "its file named");
	leftover_remove(dir);
	CHECK(leftover_sweep_earlier(dir, &s, dir, ".", &sw, &e) == 1, "no record: nothing done");
}

static void words(void)
{
	struct sweep_count n = {.objects = 1, .uploads = 2, .uploads_listed = 1, .buckets = 3};
	char buf[160];

	CHECK_STR(leftover_what(&n, buf, sizeof(buf)),
		  "1 object deleted, 2 multipart uploads aborted, 3 buckets removed", "counts");
	n.uploads_listed = 0;
	n.buckets = 0;
	CHECK_STR(leftover_what(&n, buf, sizeof(buf)),
		  "1 object deleted, no multipart upload listing on this server", "no listing");
}

int main(void)
{
	char dir[] = "/tmp/s3bench-leftover.XXXXXX";

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	round_trip(dir);
	refused(dir);
	words();
	rmdir(dir);
	return check_done();
}
