/* tests/unit/test_results_claims.c: core/results/results_claims, aggregate.json claims[]: a
 * document with claims (every member: null parts, subjects named by id, reasons, figures
 * that are numbers, null and strings) read and written back byte for byte, what it reads
 * (indexes, NAN, the figure lookups); every kind and verdict of results_claim_kinds written
 * and read back; a file without claims[] read as none and written without it; and each
 * malformed member refused naming its path. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/fsutil.h"
#include "core/results/results.h"
#include "core/results/results_claims.h"
#include "tests/unit/check.h"

static char fixture[4096];

/* The claims of the document of test_file (leaders.json's subjects: "one", "two"). */
static const char claims_json[] =
	"[{\"id\": \"lead/get/1048576/c4\", \"kind\": \"lead\", \"verdict\": \"blocked\","
	" \"op\": \"get\", \"size\": 1048576, \"concurrency\": 4, \"subject\": \"one\","
	" \"subjects\": [\"two\"], \"reasons\": [\"cpu\", \"nic\"],"
	" \"figures\": {\"value\": 131.25, \"metric\": \"mib_s\", \"p_adj\": 1.2e-06,"
	" \"ci95_lo\": null, \"cycles\": 5.0}},"
	" {\"id\": \"rank/consistency\", \"kind\": \"rank\", \"verdict\": \"no-difference\","
	" \"op\": null, \"size\": null, \"concurrency\": null, \"subject\": null,"
	" \"subjects\": [\"two\", \"one\"], \"reasons\": [], \"figures\": {}},"
	" {\"id\": \"caveat/one-cycle\", \"kind\": \"caveat\", \"verdict\": \"one-cycle\","
	" \"op\": null, \"size\": null, \"concurrency\": null, \"subject\": null,"
	" \"subjects\": [], \"reasons\": [], \"figures\": {\"cycles\": 1.0}}]";

/* dumps: j as results_dump writes it (caller frees). */
static char *dumps(const json_t *j)
{
	return json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
}

/* with_claims: the fixture's text with claims set to the JSON text claims (NULL: removed), as
 * results_dump writes it (caller frees); NULL when the fixture cannot be read. */
static char *with_claims(const char *claims)
{
	struct err e = {{0}};
	char *t = fs_read_file(fixture, 0, NULL, &e), *out = NULL;
	json_t *root = t ? json_loads(t, 0, NULL) : NULL;

	if (root != NULL && claims != NULL)
		json_object_set_new(root, "claims", json_loads(claims, JSON_DECODE_ANY, NULL));
	else if (root != NULL)
		json_object_del(root, "claims");
	if (root != NULL)
		out = dumps(root);
	json_decref(root);
	free(t);
	return out;
}

/* again: doc written as JSON text (caller frees); NULL when it could not be. */
static char *again(const struct results *doc)
{
	json_t *j = results_to_json(doc);
	char *s = j ? dumps(j) : NULL;

	json_decref(j);
	return s;
}

static void test_file(void)
{
	char *t = with_claims(claims_json), *back = NULL;
	struct results doc;
	struct err e = {{0}};
	const struct results_claim *c, *r;

	CHECK(t != NULL, "the fixture %s is there", fixture);
	if (t == NULL || results_parse(t, "claims", &doc, &e) < 0) {
		CHECK(0, "claims: read: %s", e.msg);
		free(t);
		return;
	}
	back = again(&doc);
	CHECK(back && strcmp(back, t) == 0, "claims: to_json(from_json(text)) is the text");
	CHECK(doc.has_claims && doc.n_claims == 3, "claims: 3 read (%zu)", doc.n_claims);
	c = results_claim_find(doc.claims, doc.n_claims, "lead/get/1048576/c4");
	r = results_claim_find(doc.claims, doc.n_claims, "rank/consistency");
	CHECK(results_claim_find(doc.claims, doc.n_claims, "lead/get") == NULL &&
		      results_claim_find(doc.claims, doc.n_claims, NULL) == NULL,
	      "find: an id that is no claim's, and NULL, find none");
	if (c == NULL || r == NULL) {
		CHECK(0, "find: the lead and the rank are found");
	} else {
		CHECK(strcmp(c->verdict, "blocked") == 0 && strcmp(c->op, "get") == 0 &&
			      c->size == 1048576 && c->concurrency == 4 && c->subject == 0 &&
			      c->n_subjects == 1 && c->subjects[0] == 1 && c->n_reasons == 2,
		      "lead: its verdict, cell, subject and the subject blocking it as indexes");
		CHECK(results_claim_has_reason(c, "nic") &&
			      !results_claim_has_reason(c, "workers") &&
			      !results_claim_has_reason(c, NULL),
		      "has_reason: nic, not workers");
		CHECK_NUM(results_claim_num(c, "value"), 131.25, 0, "num: value");
		CHECK_STR(results_claim_text(c, "metric"), "mib_s", "text: metric");
		CHECK(isnan(results_claim_num(c, "metric")) &&
			      results_claim_text(c, "value") == NULL,
		      "a string is no number, a number no string");
		CHECK(isnan(results_claim_num(c, "ci95_lo")) &&
			      results_claim_figure(c, "ci95_lo") != NULL &&
			      isnan(results_claim_num(c, "ghost")) &&
			      results_claim_figure(c, "ghost") == NULL,
		      "null: a figure of NAN; absent: no figure");
		CHECK(r->op == NULL && r->size == -1 && r->concurrency == -1 && r->subject == -1 &&
			      r->n_subjects == 2 && r->subjects[0] == 1 && r->n_figures == 0,
		      "rank: null parts as NULL and -1, the subjects in the file's order");
	}
	results_free(&doc);
	CHECK(doc.claims == NULL && doc.n_claims == 0 && !doc.has_claims, "free: zeroed after");
	free(back);
	free(t);
}

/* test_absent: no claims[] (or null) reads as none and is written without it; [] is written
 * as []. */
static void test_absent(void)
{
	static const char *const cases[] = {NULL, "null", "[]"};

	for (size_t i = 0; i < 3; i++) {
		char *t = with_claims(cases[i]), *back = NULL, *want = NULL;
		struct results doc;
		struct err e = {{0}};

		if (t == NULL || results_parse(t, "absent", &doc, &e) < 0) {
			CHECK(0, "claims %s: read: %s", cases[i] ? cases[i] : "absent", e.msg);
			free(t);
			continue;
		}
		back = again(&doc);
		want = i < 2 ? with_claims(NULL) : t;
		CHECK(doc.n_claims == 0 && doc.has_claims == (i == 2) && back && want &&
			      strcmp(back, want) == 0 &&
			      (strstr(back, "\"claims\"") != NULL) == (i == 2),
		      "claims %s: none, and written %s", cases[i] ? cases[i] : "absent",
		      i == 2 ? "as []" : "without claims");
		results_free(&doc);
		if (want != t)
			free(want);
		free(back);
		free(t);
	}
}

/* test_kinds: a claim of every kind and verdict read back from what it writes; the table is
 * the one FORMATS.md lists (26 kinds, 87 verdicts). */
static void test_kinds(void)
{
	struct results_subject subjects[1] = {{.id = "one"}};
	struct results doc = {.subjects = subjects, .n_subjects = 1};
	struct jread r = {"k", NULL, 0, subjects, 1};
	size_t kinds = 0, verdicts = 0;
	struct err e = {{0}};

	r.e = &e;
	for (const struct results_claim_kind *k = results_claim_kinds; k->kind != NULL; k++) {
		kinds++;
		for (size_t v = 0; k->verdicts[v] != NULL; v++) {
			struct results_claim c = {.id = "x/1",
						  .kind = (char *)k->kind,
						  .verdict = (char *)k->verdicts[v],
						  .size = -1,
						  .concurrency = 2,
						  .subject = 0};
			struct results_claim back;
			json_t *j = results_claim_to_json(&c, &doc), *j2 = NULL;
			char *s1 = j ? dumps(j) : NULL, *s2 = NULL;

			verdicts++;
			CHECK(results_claim_known(k->kind, k->verdicts[v]), "%s %s known", k->kind,
			      k->verdicts[v]);
			if (results_claim_from_json(&r, j, "claims[0]", &back) == 0)
				j2 = results_claim_to_json(&back, &doc);
			s2 = j2 ? dumps(j2) : NULL;
			CHECK(s1 && s2 && strcmp(s1, s2) == 0,
			      "%s %s: from_json(to_json(x)) is x: %s", k->kind, k->verdicts[v],
			      e.msg);
			results_claim_free(&back);
			json_decref(j);
			json_decref(j2);
			free(s1);
			free(s2);
		}
	}
	CHECK(kinds == 26 && verdicts == 87, "the kinds and verdicts of FORMATS.md (%zu, %zu)",
	      kinds, verdicts);
	CHECK(!results_claim_known("lead", "held") && !results_claim_known("win", "clear") &&
		      !results_claim_known(NULL, "clear") && !results_claim_known("lead", NULL),
	      "known: no verdict of another kind, no unknown kind, no NULL");
}

/* test_unwritable: text that is not UTF-8 makes to_json give NULL. */
static void test_unwritable(void)
{
	struct results_subject subjects[1] = {{.id = "one"}};
	struct results doc = {.subjects = subjects, .n_subjects = 1};
	struct results_claim_figure f = {.name = "basis", .num = NAN, .text = "\xff"};
	struct results_claim c = {.id = "knee/get/1/c1/one",
				  .kind = "knee",
				  .verdict = "none",
				  .size = 1,
				  .concurrency = 1,
				  .subject = 0,
				  .figures = &f,
				  .n_figures = 1};

	CHECK(results_claim_to_json(&c, &doc) == NULL, "a figure that is not UTF-8: NULL");
}

static void test_errors(void)
{
	static const struct {
		const char *key, *value, *msg;
	} cases[] = {
		{"kind", "\"win\"", "f: claims[0].kind: 'win' is not a kind of claim"},
		{"verdict", "\"won\"",
		 "f: claims[0].verdict: 'won' is not a verdict of a lead claim (expected clear, "
		 "tie, unresolved, blocked, untested, depends)"},
		{"verdict", "\"held\"", "f: claims[0].verdict: 'held' is not a verdict of a lead"},
		{"id", NULL, "f: claims[0].id: missing"},
		{"id", "\"\"", "f: claims[0].id: expected a claim's id, not \"\""},
		{"kind", "null", "f: claims[0].kind: expected a string"},
		{"op", "4", "f: claims[0].op: expected a string"},
		{"size", "-1", "f: claims[0].size: expected a non-negative integer"},
		{"concurrency", "4.5", "f: claims[0].concurrency: expected a non-negative integer"},
		{"concurrency", "1000000000000",
		 "f: claims[0].concurrency: expected a concurrency or null"},
		{"subject", "\"ghost\"", "f: claims[0].subject: 'ghost' is not in subjects[]"},
		{"subjects", "[\"two\", \"ghost\"]",
		 "f: claims[0].subjects[1]: expected a subject id of subjects[]"},
		{"reasons", "[\"cpu\", 1]", "f: claims[0].reasons[1]: expected a string"},
		{"figures", "\"many\"", "f: claims[0].figures: expected an object or null"},
		{"figures", "{\"value\": 1, \"ci95\": [1, 2]}",
		 "f: claims[0].figures.ci95: expected a number, a string or null"},
		{"figures", "{\"blocked\": true}",
		 "f: claims[0].figures.blocked: expected a number, a string or null"},
		{"", "{}", "f: claims: expected an array"},
		{"", "[1]", "f: claims[0]: expected an object"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *claims = json_loads(claims_json, 0, NULL), *c = json_array_get(claims, 0);
		char *text, *t;
		struct results doc;
		struct err e = {{0}};

		if (*cases[i].key == '\0') {
			json_decref(claims);
			claims = json_loads(cases[i].value, JSON_DECODE_ANY, NULL);
		} else if (cases[i].value == NULL) {
			json_object_del(c, cases[i].key);
		} else {
			json_object_set_new(c, cases[i].key,
					    json_loads(cases[i].value, JSON_DECODE_ANY, NULL));
		}
		text = json_dumps(claims, JSON_ENCODE_ANY);
		t = text ? with_claims(text) : NULL;
		CHECK(t && results_parse(t, "f", &doc, &e) < 0 &&
			      strncmp(e.msg, cases[i].msg, strlen(cases[i].msg)) == 0,
		      "case %zu refused naming the field:\n  got:  %s\n  want: %s", i, e.msg,
		      cases[i].msg);
		results_free(&doc);
		free(t);
		free(text);
		json_decref(claims);
	}
}

int main(void)
{
	const char *top = getenv("TOP");

	snprintf(fixture, sizeof(fixture), "%s/tests/fixtures/results/leaders.json",
		 top ? top : ".");
	test_file();
	test_absent();
	test_kinds();
	test_unwritable();
	test_errors();
	return check_done();
}
