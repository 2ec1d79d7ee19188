/* tests/unit/test_consistlog.c: consistency.json summed into staleness[] records
 * (analyze/read/consistlog.c): per kind the probes judged, violations, timeouts, untested,
 * the violations' windows ascending, their median (even and odd counts) and maximum, the
 * longest stale poll; a subject probed twice keeps its later record; bad files named by field;
 * and the staleness[] record read back from what it writes (core/results/results_staleness.c),
 * a count of windows other than the violations' refused. Figures checked against Python's
 * statistics.median of the same windows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/read/consistlog.h"
#include "core/results/results.h"
#include "tests/unit/check.h"

static char dir[] = "/tmp/test_consistlog.XXXXXX";

/* put: text as DIR/consistency.json. */
static void put(const char *text)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/consistency.json", dir);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

#define P(o, w, s) "{\"outcome\": \"" o "\", \"window_ms\": " w ", \"stale_ms\": " s "}"
static const char good[] =
	"{\"format\": \"s3bench-consistency/1\", \"subjects\": ["
	"{\"subject\": \"a\", \"poll_ms\": 10, \"max_wait_ms\": 1000, \"repeat\": 9, "
	"\"started\": \"T\", \"error\": \"\", \"cleanup\": \"\", \"kinds\": {"
	"\"read-after-overwrite\": {\"probes\": [" P("stale", "230.5", "221") ", " P("strong", "0", "0") ", " P("timeout", "1000", "990") ", " P(
		"untested", "null",
		"0") ", " P("stale", "210",
			    "201.5") ", " P("stale", "250",
					    "240") "]},"
						   "\"list-after-create\": {\"probes\": [" P("strong", "0", "0") ", " P(
							   "stale", "40",
							   "31") ", " P("stale", "20",
									"12") "]}}},"
									      "{\"subject\": \"b\", \"poll_ms\": 10, \"max_wait_ms\": 1000, \"repeat\": 1, \"kinds\": "
									      "{\"read-after-delete\": {\"probes\": [" P(
										      "strong", "0",
										      "0") "]}}},"
											   "{\"subject\": \"a\", \"poll_ms\": 20, \"max_wait_ms\": 2000, \"repeat\": 1, \"kinds\": "
											   "{\"read-after-delete\": {\"probes\": [" P(
												   "stale",
												   "40",
												   "21") "]}}}"
													 "]}";

static void sums(void)
{
	struct consistlog c;
	struct err e = {{0}};

	put(good);
	CHECK(consistlog_read(dir, &c, &e) == 0 && c.n == 2, "read: 2 subjects (%s)", e.msg);
	if (c.n != 2) {
		consistlog_clear(&c);
		return;
	}
	/* subject a's later record replaced its first, in the first's place */
	CHECK_STR(c.ids[0], "a", "first id");
	CHECK_NUM(c.recs[0].poll_ms, 20, 0, "a: the later record's poll");
	CHECK(c.recs[0].n_kinds == 1 && c.recs[1].n_kinds == 1, "a and b: one kind each");
	consistlog_clear(&c);

	{
		char *one = strdup(good);
		strcpy(strstr(one, ",{\"subject\": \"b\""), "]}");
		put(one);
		free(one);
	}
	CHECK(consistlog_read(dir, &c, &e) == 0 && c.n == 1, "read one subject (%s)", e.msg);
	if (c.n != 1) {
		consistlog_clear(&c);
		return;
	}
	const struct results_stale_kind *k = &c.recs[0].kinds[0], *l = &c.recs[0].kinds[1];
	CHECK_STR(k->kind, "read-after-overwrite", "first kind");
	CHECK(k->probes == 5 && k->violations == 4 && k->timeouts == 1 && k->untested == 1,
	      "overwrite: 5 judged, 4 violations, 1 timeout, 1 untested (%lld %lld %lld %lld)",
	      k->probes, k->violations, k->timeouts, k->untested);
	CHECK(k->n_windows == 4 && k->windows_ms[0] == 210 && k->windows_ms[3] == 1000,
	      "overwrite: windows ascending");
	/* statistics.median([230.5, 1000, 210, 250]) = 240.25 */
	CHECK_NUM(k->median_ms, 240.25, 1e-12, "overwrite: median of an even count");
	CHECK_NUM(k->max_ms, 1000, 0, "overwrite: max (the timeout's max_wait)");
	CHECK_NUM(k->stale_max_ms, 990, 0, "overwrite: the longest stale poll");
	/* statistics.median([40, 20]) = 30 */
	CHECK(l->probes == 3 && l->violations == 2 && l->timeouts == 0, "list: 3 judged, 2 stale");
	CHECK_NUM(l->median_ms, 30, 1e-12, "list: median");
	CHECK_NUM(c.recs[0].poll_ms, 10, 0, "poll_ms");
	consistlog_clear(&c);
}

static void bad(void)
{
	static const struct {
		const char *text, *err;
	} t[] = {
		{"{\"format\": \"s3bench-consistency/2\", \"subjects\": []}",
		 "consistency.json: format: not s3bench-consistency/1"},
		{"{\"format\": \"s3bench-consistency/1\", \"subjects\": [{\"subject\": \"a\", "
		 "\"poll_ms\": 10, \"max_wait_ms\": 1000, \"repeat\": 1, \"kinds\": {\"x\": "
		 "{\"probes\": [{\"outcome\": \"maybe\"}]}}}]}",
		 "consistency.json: subjects[0].kinds.x.probes[0].outcome: 'maybe' is not an "
		 "outcome"},
		{"{\"format\": \"s3bench-consistency/1\", \"subjects\": [{\"subject\": \"a\", "
		 "\"poll_ms\": 10, \"max_wait_ms\": 1000, \"repeat\": 1, \"kinds\": {\"x\": "
		 "{\"probes\": [{\"outcome\": \"stale\", \"window_ms\": null}]}}}]}",
		 "consistency.json: subjects[0].kinds.x.probes[0].window_ms: expected a number >= 0 "
		 "for a violation"},
		{"{\"format\": \"s3bench-consistency/1\", \"subjects\": [{\"subject\": \"a\", "
		 "\"max_wait_ms\": 1000, \"repeat\": 1, \"kinds\": {}}]}",
		 "consistency.json: subjects[0].poll_ms"},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct consistlog c;
		struct err e = {{0}};
		put(t[i].text);
		CHECK(consistlog_read(dir, &c, &e) < 0 && strstr(e.msg, t[i].err) != NULL,
		      "bad %zu: '%s' has '%s'", i, e.msg, t[i].err);
		consistlog_clear(&c);
	}
}

/* codec: a record written and read back is the same; windows that are not one per
 * violation are refused. */
static void codec(void)
{
	struct results_subject subjects[1] = {{.id = "a"}};
	struct results doc = {.subjects = subjects, .n_subjects = 1};
	double w[2] = {20, 40};
	struct results_stale_kind k = {"list-after-create", 3, 2, 0, 0, 40, 30, 31, w, 2};
	struct results_staleness s = {0, "T", "", "", 10, 1000, 3, &k, 1}, back;
	struct err e = {{0}};
	struct jread r = {"aggregate.json", &e, 0, subjects, 1};
	json_t *j = results_staleness_to_json(&s, &doc), *j2 = NULL;
	char *s1 = json_dumps(j, JSON_SORT_KEYS), *s2 = NULL;

	if (results_staleness_from_json(&r, j, "staleness[0]", &back) == 0)
		j2 = results_staleness_to_json(&back, &doc);
	s2 = j2 ? json_dumps(j2, JSON_SORT_KEYS) : NULL;
	CHECK(s1 && s2 && strcmp(s1, s2) == 0, "from_json(to_json(x)) is x: %s", e.msg);
	results_staleness_free(&back);
	json_decref(j2);
	free(s2);
	k.violations = 3;
	k.probes = 3;
	json_decref(j);
	j = results_staleness_to_json(&s, &doc);
	r.failed = 0;
	CHECK(results_staleness_from_json(&r, j, "staleness[0]", &back) < 0 &&
		      strstr(e.msg, "staleness[0].kinds[0]: violations above probes, timeouts "
				    "above violations, or not one window per violation") != NULL,
	      "3 violations with 2 windows refused: %s", e.msg);
	results_staleness_free(&back);
	json_decref(j);
	free(s1);
}

int main(void)
{
	char path[64];

	if (mkdtemp(dir) == NULL) {
		CHECK(0, "mkdtemp");
		return check_done();
	}
	sums();
	bad();
	codec();
	snprintf(path, sizeof(path), "%s/consistency.json", dir);
	unlink(path);
	rmdir(dir);
	return check_done();
}
