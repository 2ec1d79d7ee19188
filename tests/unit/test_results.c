/* tests/unit/test_results.c: core/results, the one codec of aggregate.json and trend.json:
 * files analyze wrote (tests/fixtures/results: a rate sweep with workload cells, client
 * records and request phases, leaders with client limits and comparisons, costs with the
 * free allowance from a Warp directory, retries and time series, a baseline; ties and
 * unresolved leads with their counterparts and the moderated variances' prior; a trend.json
 * with a regression; a manifest.json with a baseline outside DATA_DIR) read and written back
 * byte for byte, the manifest's digest made again from its records; every record read back
 * from what it writes, also with the values a file of an older format or an edge of the data
 * gives (null figures, no mix, an unknown leader status, counts, families and leads not in
 * the file, no statistics); and a malformed field named with its path. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/digest.h"
#include "core/fsutil.h"
#include "core/jcs.h"
#include "core/jread.h"
#include "core/results/results_manifest.h"
#include "core/results/results.h"
#include "core/results/results_trend.h"
#include "tests/unit/check.h"

static char dir[4096];

static const char *const fixtures[] = {"rate",    "climit",   "leaders", "cost",
				       "retries", "baseline", "stats"};

#define NFIX (sizeof(fixtures) / sizeof(fixtures[0]))

/* text: fixture name's file (caller frees), NULL when unreadable. */
static char *text(const char *name)
{
	char path[4200];
	struct err e = {{0}};

	snprintf(path, sizeof(path), "%s/%s.json", dir, name);
	return fs_read_file(path, 0, NULL, &e);
}

/* dumps: j as results_dump writes it, with `digits` significant digits (caller frees). */
static char *dumps(const json_t *j, int digits)
{
	return json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(digits));
}

/* same_again: doc's JSON read back into records and written again is the same JSON, to the
 * last bit of every number (17 digits). */
static void same_again(const struct results *doc, const char *what)
{
	json_t *a = results_to_json(doc), *b = NULL;
	struct results back;
	struct err e = {{0}};
	char *sa = a ? dumps(a, 17) : NULL, *sb = NULL;

	CHECK(a != NULL, "%s: written", what);
	if (a != NULL && results_from_json(a, what, &back, &e) == 0)
		b = results_to_json(&back);
	else
		CHECK(0, "%s: read back: %s", what, e.msg);
	sb = b ? dumps(b, 17) : NULL;
	CHECK(sa && sb && strcmp(sa, sb) == 0, "%s: from_json(to_json(x)) is x", what);
	results_free(&back);
	json_decref(a);
	json_decref(b);
	free(sa);
	free(sb);
}

static void test_files(void)
{
	for (size_t i = 0; i < NFIX; i++) {
		char *t = text(fixtures[i]), *again = NULL;
		struct results doc;
		struct err e = {{0}};
		json_t *j;

		CHECK(t != NULL, "%s.json is there", fixtures[i]);
		if (t == NULL)
			continue;
		CHECK(results_parse(t, fixtures[i], &doc, &e) == 0, "%s: read: %s", fixtures[i],
		      e.msg);
		if ((j = results_to_json(&doc)) != NULL)
			again = dumps(j, 15);
		CHECK(again && strcmp(again, t) == 0, "%s: to_json(from_json(text)) is the text",
		      fixtures[i]);
		same_again(&doc, fixtures[i]);
		json_decref(j);
		free(again);
		free(t);
		results_free(&doc);
	}
}

/* edges: the values a record takes from an older file or the edges of the data, each
 * written and read back. */
static void edges(struct results *d)
{
	struct results_cell *c = d->n_workload_cells ? &d->workload_cells[0]
				 : d->n_cells        ? &d->cells[0]
						     : NULL;

	d->has_statistics = 0;
	free(d->warp_engine);
	d->warp_engine = strdup("server");
	if (d->n_leaders) {
		d->leaders[0].status = RESULTS_LEAD_UNKNOWN;
		d->leaders[0].clear = 0;
		d->leaders[0].by_obj = !d->leaders[0].by_obj;
	}
	if (d->n_leaders > 1) {
		d->leaders[1].family = -1;
		d->leaders[1].versus.present = 0;
	}
	if (d->n_leader_counts)
		d->leader_counts[0].clear = d->leader_counts[0].tied =
			d->leader_counts[0].unresolved = -1;
	if (d->n_comparisons) {
		d->comparisons[0].family = -1;
		d->comparisons[0].in_lead = 0;
		d->comparisons[0].df = NAN;
	}
	for (size_t i = 0; i < d->n_rate_sweeps; i++)
		d->rate_sweeps[i].limit_by = RESULTS_LIMIT_UNKNOWN;
	for (size_t i = 0; i < d->n_runs; i++)
		d->runs[i].cycle = 0;
	for (size_t i = 0; i < d->n_cost; i++) {
		free(d->cost[i].price_date);
		d->cost[i].price_date = NULL;
	}
	if (d->baseline && d->baseline->n_cells) {
		free(d->baseline->cells[0].latency_basis);
		d->baseline->cells[0].latency_basis = NULL;
		d->baseline->cells[0].p50.old = d->baseline->cells[0].p50.new_ = NAN;
		d->baseline->cells[0].p50.ratio = d->baseline->cells[0].p99.old = NAN;
		d->baseline->cells[0].p99.new_ = d->baseline->cells[0].p99.ratio = NAN;
	}
	if (c == NULL)
		return;
	results_mix_free(&c->mix);
	memset(&c->mix, 0, sizeof(c->mix));
	c->rate = NAN;
	c->mib_s.value = NAN;
	c->mib_s.ci_method = RESULTS_CI_ORDER;
	results_lat_free(&c->ttfb_ms);
	memset(&c->ttfb_ms, 0, sizeof(c->ttfb_ms));
	c->ttfb_ms.pooled.source = RESULTS_POOL_NONE;
	if (c->n_runs)
		c->runs[0].cycle = 0;
	if (c->errors == NULL && (c->errors = calloc(1, sizeof(*c->errors))) != NULL) {
		c->errors->requests = 10;
		c->errors->failed = 3;
		errstat_add(&c->errors->by, "503", 2);
		errstat_add(&c->errors->by, "timeout", 1);
	}
}

static void test_edges(void)
{
	for (size_t i = 0; i < NFIX; i++) {
		char *t = text(fixtures[i]), what[64];
		struct results doc;
		struct err e = {{0}};

		if (t == NULL || results_parse(t, fixtures[i], &doc, &e) < 0) {
			CHECK(0, "%s: read: %s", fixtures[i], e.msg);
			free(t);
			continue;
		}
		edges(&doc);
		snprintf(what, sizeof(what), "%s with its edges", fixtures[i]);
		same_again(&doc, what);
		results_free(&doc);
		free(t);
	}
}

/* test_stats: what the stats fixture's records say (the reader's meaning, not only its round
 * trip): the prior's infinite df, unresolved leads worded against a subject, moderated tests
 * and the leaders' families. */
static void test_stats(void)
{
	char *t = text("stats");
	struct results doc;
	struct err e = {{0}};
	size_t unresolved = 0, versus = 0, moderated = 0, in_lead = 0;
	long long counted = 0;

	if (t == NULL || results_parse(t, "stats", &doc, &e) < 0) {
		CHECK(0, "stats: read: %s", e.msg);
		free(t);
		return;
	}
	CHECK(doc.statistics.moderation.present && isinf(doc.statistics.moderation.df_prior) &&
		      doc.statistics.moderation.variances == 8 &&
		      strcmp(doc.statistics.family_scope, "category") == 0 &&
		      strcmp(doc.statistics.leader_adjust, "holm") == 0,
	      "stats: the prior (df null: infinite), the family scope, Holm");
	for (size_t i = 0; i < doc.n_leaders; i++) {
		unresolved += doc.leaders[i].status == RESULTS_LEAD_UNRESOLVED;
		versus += doc.leaders[i].versus.present && doc.leaders[i].versus.subject >= 0 &&
			  doc.leaders[i].versus.subject != doc.leaders[i].subject &&
			  doc.leaders[i].family == 1;
	}
	for (size_t i = 0; i < doc.n_comparisons; i++) {
		moderated += doc.comparisons[i].moderated && doc.comparisons[i].df > 0;
		in_lead += doc.comparisons[i].in_lead && doc.comparisons[i].lead_step == 1;
	}
	for (size_t i = 0; i < doc.n_leader_counts; i++)
		counted += doc.leader_counts[i].unresolved;
	CHECK(unresolved == 3 && versus == doc.n_leaders && counted == 2 * 3,
	      "stats: 3 unresolved leads counted for both subjects, each leader against the "
	      "other (%zu, %zu, %lld)",
	      unresolved, versus, counted);
	CHECK(doc.n_comparisons == 8 && moderated == 8 && in_lead == 8,
	      "stats: every comparison moderated and in its leader's family (%zu, %zu)", moderated,
	      in_lead);
	results_free(&doc);
	free(t);
}

static void test_trend(void)
{
	char path[4200], *t, *again = NULL;
	struct results_trend tr, back;
	struct err e = {{0}};
	json_t *j = NULL, *k = NULL;
	char *s1 = NULL, *s2 = NULL;

	snprintf(path, sizeof(path), "%s/trend.json", dir);
	t = fs_read_file(path, 0, NULL, &e);
	CHECK(results_trend_read(path, &tr, &e) == 0, "trend.json: read: %s", e.msg);
	CHECK(tr.n_alerts == 1 && tr.n_series > 0 && tr.series[0].change != NULL &&
		      tr.series[0].change->shift && !isnan(tr.series[0].change->ci_lo),
	      "trend.json: the regression, its shift and interval");
	if ((j = results_trend_to_json(&tr)) != NULL)
		again = dumps(j, 15);
	CHECK(t && again && strcmp(t, again) == 0,
	      "trend.json: to_json(from_json(text)) is the text");
	tr.series[0].change->ci_lo = NAN; /* a shift whose interval could not be computed */
	json_decref(j);
	j = results_trend_to_json(&tr);
	CHECK(j != NULL && results_trend_from_json(j, "t", &back, &e) == 0, "trend: back: %s",
	      e.msg);
	k = results_trend_to_json(&back);
	s1 = j ? dumps(j, 17) : NULL;
	s2 = k ? dumps(k, 17) : NULL;
	CHECK(s1 && s2 && strcmp(s1, s2) == 0 && strstr(s1, "\"fresh\"") != NULL,
	      "trend: from_json(to_json(x)) is x");
	results_trend_free(&back);
	results_trend_free(&tr);
	json_decref(j);
	json_decref(k);
	free(s1);
	free(s2);
	free(again);
	free(t);
}

static void test_manifest(void)
{
	char path[4200], *t, *again = NULL, hex[DIGEST_HEX_MAX];
	struct results_manifest m;
	struct err e = {{0}};
	json_t *j = NULL;

	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	t = fs_read_file(path, 0, NULL, &e);
	CHECK(results_manifest_read(path, &m, &e) == 0, "manifest.json: read: %s", e.msg);
	CHECK(m.options.baseline && m.options.baseline->outside && m.options.has_client_limits &&
		      m.n_inputs > 2 && m.inputs[m.n_inputs - 1].role != NULL &&
		      m.n_subjects == 2 && m.subjects[0].facts[0].n == 1,
	      "manifest.json: the baseline option, the role inputs, the facts");
	if ((j = results_manifest_to_json(&m)) != NULL) {
		char *s = json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
						JSON_REAL_PRECISION(15));

		if (s != NULL && (again = malloc(strlen(s) + 2)) != NULL)
			sprintf(again, "%s\n", s);
		free(s);
	}
	CHECK(t && again && strcmp(t, again) == 0,
	      "manifest.json: to_json(from_json(text)) is the text");
	CHECK(j && jcs_digest(j, RESULTS_MANIFEST_DIGEST, hex, &e) == 0 && m.digest &&
		      strcmp(hex, m.digest) == 0,
	      "manifest.json: its records give back the digest it records");
	json_decref(j);
	results_manifest_free(&m);
	free(again);
	free(t);
}

/* at: the value at a dotted path with [i] indexes ("cells[0].mib_s"). */
static json_t *at(json_t *root, const char *path)
{
	char buf[256], *tok, *save = NULL;
	json_t *v = root;

	snprintf(buf, sizeof(buf), "%s", path);
	for (tok = strtok_r(buf, ".", &save); tok && v; tok = strtok_r(NULL, ".", &save)) {
		char *br = strchr(tok, '[');

		if (br != NULL) {
			*br = '\0';
			v = json_array_get(json_object_get(v, tok), (size_t)atoi(br + 1));
		} else {
			v = json_object_get(v, tok);
		}
	}
	return v;
}

static void test_errors(void)
{
	static const struct {
		const char *file, *parent, *key, *value, *msg;
	} cases[] = {
		{"rate", "workload_cells[0].mib_s", "value", "\"fast\"",
		 "f: workload_cells[0].mib_s.value: expected a number or null"},
		{"rate", "workload_cells[0]", "mix", "{\"get\": \"x\"}",
		 "f: workload_cells[0].mix.get: expected an integer weight"},
		{"rate", "rate_sweeps[1].points[1]", "sustained", "1",
		 "f: rate_sweeps[1].points[1].sustained: expected true or false"},
		{"climit", "runs[0].client", "cores", "\"two\"",
		 "f: runs[0].client.cores: expected a number or null"},
		{"climit", "runs[0].client_limit.figures", "cpu_busy_pct", "\"busy\"",
		 "f: field runs[0].client_limit.figures.cpu_busy_pct: missing or not a number"},
		{"leaders", "leaders[0].client_limit", "blocked_by", "[\"ghost\"]",
		 "f: leaders[0].client_limit.blocked_by[0]: expected a subject id of subjects[]"},
		{"leaders", "leaders[0].client_limit", "reasons", "[\"disk\"]",
		 "f: field leaders[0].client_limit.reasons[0]: not a known name"},
		{"leaders", "comparisons[0].lead", "step", "-1",
		 "f: comparisons[0].lead.step: expected a non-negative integer"},
		{"stats", "leaders[0].versus", "subject", "\"ghost\"",
		 "f: leaders[0].versus.subject: 'ghost' is not in subjects[]"},
		{"stats", "leaders[0]", "status", "\"won\"",
		 "f: leaders[0].status: expected \"clear\", \"tie\", \"unresolved\" or \"untested\""},
		{"stats", "statistics.moderation", "df_prior", "\"many\"",
		 "f: statistics.moderation.df_prior: expected a number or null"},
		{"leaders", "cells[0].runs[1]", "mib_s", "\"fast\"",
		 "f: cells[0].runs[1].mib_s: missing or not a number"},
		{"cost", "cost[0].read_1tb[0]", "size", "-1",
		 "f: cost[0].read_1tb[0].size: expected a non-negative integer"},
		{"cost", "cost[0].prices", "currency", "\"dollars\"",
		 "f: cost[0]: prices.currency:"},
		{"baseline", "baseline.cells[0]", "ci95", "[1]",
		 "f: baseline.cells[0].ci95: expected [lo, hi] or null"},
		{"retries", "cells[0]", "errors", "{\"requests\": 1, \"failed\": 2, \"by\": {}}",
		 "f: cells[0].errors: expected {requests, failed <= requests, by}"},
		{"retries", "cells[0]", "errors",
		 "{\"requests\": 3, \"failed\": 2, \"by\": {\"503\": -2}}",
		 "f: cells[0].errors.by.503: not a whole number"},
		{"retries", "", "format", "\"s3bench-aggregate/2\"",
		 "f: format: 's3bench-aggregate/2' is not a known version (expected "
		 "s3bench-aggregate/1)"},
		{"retries", "", "subjects", "[]", "f: subjects: empty: nothing to compare"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *t = text(cases[i].file), *edited;
		json_t *root = t ? json_loads(t, 0, NULL) : NULL, *parent, *v;
		struct results doc;
		struct err e = {{0}};

		parent = root && *cases[i].parent ? at(root, cases[i].parent) : root;
		CHECK(parent != NULL, "case %zu: %s is in %s", i, cases[i].parent, cases[i].file);
		if (parent == NULL) {
			json_decref(root);
			free(t);
			continue;
		}
		v = json_loads(cases[i].value, JSON_DECODE_ANY, NULL);
		json_object_set_new(parent, cases[i].key, v);
		edited = json_dumps(root, 0);
		CHECK(results_parse(edited, "f", &doc, &e) < 0 &&
			      strncmp(e.msg, cases[i].msg, strlen(cases[i].msg)) == 0,
		      "case %zu refused naming the field:\n  got:  %s\n  want: %s", i, e.msg,
		      cases[i].msg);
		results_free(&doc);
		free(edited);
		json_decref(root);
		free(t);
	}
}

int main(void)
{
	const char *top = getenv("TOP");

	snprintf(dir, sizeof(dir), "%s/tests/fixtures/results", top ? top : ".");
	test_files();
	test_edges();
	test_stats();
	test_trend();
	test_manifest();
	test_errors();
	return check_done();
}
