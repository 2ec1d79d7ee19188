/* tests/unit/test_subjlog.c: probe.json and consistency.json through their one codec
 * (core/subjlog/probefile.c, consistfile.c, subjlog.c): records written, read back the
 * same and written again to the same bytes (an untested probe's null window included); a
 * subject twice keeps its later record in the first's place; a missing file is no records;
 * bad files named by file and field (a verdict, a check's verdict, a check that is not an
 * object, a billing that is not an object, an outcome, a violation without its window, the
 * format). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/subjlog/consistfile.h"
#include "core/subjlog/probefile.h"
#include "tests/unit/check.h"

static char dir[] = "/tmp/test_subjlog.XXXXXX";

/* slurp: DIR/name's bytes (caller frees); NULL when unreadable. */
static char *slurp(const char *name)
{
	char path[128], *b = NULL;
	long n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (b = calloc((size_t)n + 1, 1)) != NULL && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	fclose(f);
	return b;
}

/* put: text as DIR/name. */
static void put(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((f = fopen(path, "w")) != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

static void probe_codec(void)
{
	struct probefile_check c[2] = {{"if-match-missing", RESULTS_SV_WRONG, 412,
					"PreconditionFailed", "404 NoSuchKey",
					"answered 412 \"x\""},
				       {"if-none-match-existing", RESULTS_SV_SUPPORTED, 412,
					"PreconditionFailed", "412 PreconditionFailed", ""}};
	struct probefile_feature f[2] = {{"conditional-put", RESULTS_SV_WRONG, "", c, 2},
					 {"versioning", RESULTS_SV_SUPPORTED, "Enabled", NULL, 0}};
	struct probefile_subject s[2] = {{{"rgw",
					   "http://127.0.0.1:1",
					   "b",
					   "2026-12-05T12:00:00Z",
					   "2026-12-05T12:00:01Z",
					   {.bytes_in = 7, .objects = 1, .object_bytes = 7},
					   "",
					   ""},
					  f,
					  2},
					 {{"s3rver é",
					   "http://h",
					   "b",
					   "T0",
					   "T1",
					   {.bytes_in = 0},
					   "left k",
					   "no credentials"},
					  NULL,
					  0}};
	struct probefile_subject *back = NULL;
	struct err e = {{0}};
	size_t n = 0;
	char *one, *two = NULL;

	CHECK(probefile_write(dir, s, 2, &e) == 0, "probe.json written: %s", e.msg);
	one = slurp(PROBEFILE_NAME);
	CHECK(probefile_read(dir, &back, &n, &e) == 0 && n == 2, "read back 2: %s", e.msg);
	if (n == 2) {
		CHECK_STR(back[1].head.subject, "s3rver é", "subject");
		CHECK_STR(back[1].head.error, "no credentials", "error");
		CHECK(back[0].head.bill.bytes_in == 7, "billing read back");
		CHECK(back[0].n_features == 2 && back[0].features[0].n_checks == 2 &&
			      back[0].features[0].checks[0].status == 412 &&
			      back[0].features[0].checks[1].verdict == RESULTS_SV_SUPPORTED,
		      "features and checks read back");
		CHECK_STR(back[0].features[0].checks[0].detail, "answered 412 \"x\"", "detail");
		CHECK_STR(back[0].features[1].note, "Enabled", "note");
		CHECK(probefile_write(dir, back, n, &e) == 0, "written again: %s", e.msg);
		two = slurp(PROBEFILE_NAME);
		CHECK(one != NULL && two != NULL && strcmp(one, two) == 0,
		      "written again: the same bytes");
	}
	probefile_free(back, n);
	free(one);
	free(two);
}

static void consist_codec(void)
{
	struct consistfile_probe p[3] = {{CONSISTFILE_STALE, 203.5, 197, 20, ""},
					 {CONSISTFILE_UNTESTED, NAN, 0, 0, "GET k: HTTP 500"},
					 {CONSISTFILE_TIMEOUT, 1000, 990, 99, ""}};
	struct consistfile_kind k[1] = {{"read-after-overwrite", p, 3}};
	struct consistfile_subject s = {
		{"lag", "http://h", "b", "T0", "T1", {.bytes_in = 0}, "", ""}, 3, 10, 1000, k, 1};
	struct consistfile_subject *back = NULL;
	struct err e = {{0}};
	size_t n = 0;
	char *one, *two = NULL;

	CHECK(consistfile_write(dir, &s, 1, &e) == 0, "consistency.json written: %s", e.msg);
	one = slurp(CONSISTFILE_NAME);
	CHECK(one != NULL && strstr(one, "\"window_ms\": null") != NULL,
	      "an untested probe's window is null");
	CHECK(consistfile_read(dir, &back, &n, &e) == 0 && n == 1, "read back: %s", e.msg);
	if (n == 1) {
		const struct consistfile_kind *b = &back[0].kinds[0];
		CHECK(back[0].repeat == 3 && back[0].poll_ms == 10 && back[0].max_wait_ms == 1000,
		      "settings read back");
		CHECK(back[0].n_kinds == 1 && b->n_probes == 3 &&
			      b->probes[0].outcome == CONSISTFILE_STALE &&
			      b->probes[0].window_ms == 203.5 && b->probes[0].stale_polls == 20 &&
			      isnan(b->probes[1].window_ms) &&
			      b->probes[2].outcome == CONSISTFILE_TIMEOUT,
		      "probes read back");
		CHECK(consistfile_write(dir, back, n, &e) == 0, "written again: %s", e.msg);
		two = slurp(CONSISTFILE_NAME);
		CHECK(one != NULL && two != NULL && strcmp(one, two) == 0,
		      "written again: the same bytes");
	}
	consistfile_free(back, n);
	free(one);
	free(two);
}

/* twice: a subject probed twice keeps its later record, in the first's place; a missing
 * file is no records. */
static void twice(void)
{
	struct probefile_subject *s = NULL;
	struct err e = {{0}};
	size_t n = 9;
	char path[128];

	put(PROBEFILE_NAME, "{\"format\": \"s3bench-probe/1\", \"subjects\": ["
			    "{\"subject\": \"a\", \"error\": \"first\", \"features\": {}},"
			    "{\"subject\": \"b\", \"features\": {}},"
			    "{\"subject\": \"a\", \"error\": \"later\", \"features\": {}}]}");
	CHECK(probefile_read(dir, &s, &n, &e) == 0 && n == 2, "2 subjects: %s", e.msg);
	if (n == 2) {
		CHECK_STR(s[0].head.subject, "a", "a first");
		CHECK_STR(s[0].head.error, "later", "a's later record");
	}
	probefile_free(s, n);
	snprintf(path, sizeof(path), "%s/%s", dir, PROBEFILE_NAME);
	unlink(path);
	CHECK(probefile_read(dir, &s, &n, &e) == 0 && n == 0, "no file: no records");
	probefile_free(s, n);
}

#define SUBJ(rest) \
	"{\"format\": \"s3bench-probe/1\", \"subjects\": [{\"subject\": \"a\", " rest "}]}"
#define FEAT(f) SUBJ("\"features\": {\"tagging\": " f "}")
#define CONS(probe)                                                                    \
	"{\"format\": \"s3bench-consistency/1\", \"subjects\": [{\"subject\": \"a\", " \
	"\"poll_ms\": 10, \"max_wait_ms\": 1000, \"repeat\": 1, \"kinds\": {\"x\": "   \
	"{\"probes\": [" probe "]}}}]}"

static void bad(void)
{
	static const struct {
		const char *file, *text, *err;
	} t[] = {
		{PROBEFILE_NAME, FEAT("{\"verdict\": \"maybe\", \"checks\": []}"),
		 "probe.json: subjects[0].features.tagging.verdict: 'maybe' is not a verdict "
		 "(supported, refused, wrong, untested)"},
		{PROBEFILE_NAME,
		 FEAT("{\"verdict\": \"wrong\", \"checks\": [{\"verdict\": \"nope\"}]}"),
		 "probe.json: subjects[0].features.tagging.checks[0].verdict: 'nope' is not a "
		 "verdict"},
		{PROBEFILE_NAME, FEAT("{\"verdict\": \"wrong\", \"checks\": [{}, 3]}"),
		 "probe.json: subjects[0].features.tagging.checks[1]: expected an object"},
		{PROBEFILE_NAME, FEAT("{\"verdict\": \"wrong\"}"),
		 "probe.json: subjects[0].features.tagging.checks: missing"},
		{PROBEFILE_NAME, SUBJ("\"billing\": 3, \"features\": {}"),
		 "probe.json: subjects[0]: billing: not an object"},
		{PROBEFILE_NAME, "{\"format\": \"s3bench-probe/2\", \"subjects\": []}",
		 "probe.json: format: not s3bench-probe/1"},
		{CONSISTFILE_NAME, CONS("{\"outcome\": \"maybe\"}"),
		 "consistency.json: subjects[0].kinds.x.probes[0].outcome: 'maybe' is not an "
		 "outcome"},
		{CONSISTFILE_NAME, CONS("{\"outcome\": \"timeout\", \"window_ms\": -1}"),
		 "consistency.json: subjects[0].kinds.x.probes[0].window_ms: expected a number >= 0 "
		 "for a violation"},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct err e = {{0}};
		size_t n = 0;
		int rc;
		put(t[i].file, t[i].text);
		if (strcmp(t[i].file, PROBEFILE_NAME) == 0) {
			struct probefile_subject *s = NULL;
			rc = probefile_read(dir, &s, &n, &e);
			probefile_free(s, n);
		} else {
			struct consistfile_subject *s = NULL;
			rc = consistfile_read(dir, &s, &n, &e);
			consistfile_free(s, n);
		}
		CHECK(rc < 0 && strstr(e.msg, t[i].err) != NULL, "bad %zu: '%s' has '%s'", i, e.msg,
		      t[i].err);
	}
}

int main(void)
{
	char path[128];

	if (mkdtemp(dir) == NULL) {
		CHECK(0, "mkdtemp");
		return check_done();
	}
	probe_codec();
	consist_codec();
	twice();
	bad();
	snprintf(path, sizeof(path), "%s/%s", dir, PROBEFILE_NAME);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s", dir, CONSISTFILE_NAME);
	unlink(path);
	rmdir(dir);
	return check_done();
}
