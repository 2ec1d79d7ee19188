/* tests/unit/test_results.c: core/results, the one codec of aggregate.json and trend.json:
 * files analyze wrote (tests/fixtures/results: a rate sweep with workload cells, client
 * records and request phases, leaders with client limits and comparisons, costs with the
 * free allowance from a Warp directory, retries and time series, a baseline; ties and
 * unresolved leads with their counterparts and the moderated variances' prior; tails:
 * percentile intervals, tail comparisons and leaders, the seconds' latency, what hedging
 * would buy and a live hedge; what the conformance probe found on RGW and s3rver; a trend.json
 * with a regression; a manifest.json with a baseline outside DATA_DIR) read and written back
 * byte for byte, the manifest's digest made again from its records; every record read back
 * from what it writes, also with the values a file of an older format or an edge of the data
 * gives (null figures, no mix, an unknown leader status, counts, families and leads not in
 * the file, no statistics; a run kept by --allow-changed, unreadable run files placed by the
 * plan or not); and a malformed field named with its path. */
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

static const char *const fixtures[] = {"rate",     "climit", "leaders", "cost",   "retries",
				       "baseline", "stats",  "tails",   "support"};

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
	if (d->n_runs) /* a run kept by --allow-changed, measured otherwise */
		d->runs[0].kept_as = strdup("workload.count=2; subject.region=eu-west-3");
	if (d->n_unreadable == 0)
		free(d->unreadable); /* the spare element the reader allocates for an empty array */
	if (d->n_unreadable == 0 && (d->unreadable = calloc(2, sizeof(*d->unreadable))) != NULL) {
		/* a run.json the plan places, and one it does not */
		d->n_unreadable = 2;
		d->unreadable[0].path = strdup("runs/cycle-02/a/put-4KiB-c8");
		d->unreadable[0].error = strdup("run.json:22:6: bad JSON");
		d->unreadable[0].subject = strdup("a");
		d->unreadable[0].op = strdup("put");
		d->unreadable[0].cycle = 2;
		d->unreadable[0].size = 4096;
		d->unreadable[0].concurrency = 8;
		d->unreadable[1].path = strdup("runs/once/b/list-4KiB-c1");
		d->unreadable[1].error = strdup("run.json: field subject: missing");
	}
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
	for (size_t i = 0; i < d->n_hedge; i++)
		if (d->hedge[i].live != NULL && d->hedge[i].live->whatif != NULL) {
			free(d->hedge[i].live->whatif->threshold);
			free(d->hedge[i].live->whatif);
			d->hedge[i].live->whatif = NULL; /* no unhedged cell of its point */
			d->hedge[i].live->threshold_ms = NAN;
		}
	for (size_t i = 0; i < d->n_timeseries; i++)
		if (d->timeseries[i].n > 0 && d->timeseries[i].lat != NULL)
			d->timeseries[i].lat[0].max_ms = NAN;
	if (c == NULL)
		return;
	c->latency_ms.pooled.has_pct = 0; /* a file before the intervals */
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

/* test_tails: what the tails fixture's records say (analyze --hedge of two subjects, one
 * behind a 2 % tail, and a live-hedged run): supported percentiles with their intervals, the
 * tail comparisons and leaders, the seconds' latency, the what-ifs and the live measure. */
static void test_tails(void)
{
	char *t = text("tails");
	struct results doc;
	struct err e = {{0}};
	size_t tails = 0, verdicts = 0, lat = 0, live = 0, around = 0;

	if (t == NULL || results_parse(t, "tails", &doc, &e) < 0) {
		CHECK(0, "tails: read: %s", e.msg);
		free(t);
		return;
	}
	for (size_t i = 0; i < doc.n_cells; i++) {
		const struct results_pooled *p = &doc.cells[i].latency_ms.pooled;

		around += p->has_pct && p->pct[2].supported && p->pct[2].lo <= p->p99 &&
			  p->p99 <= p->pct[2].hi && p->pct[3].supported == (p->requests >= 2995);
	}
	for (size_t i = 0; i < doc.n_comparisons; i++) {
		tails += doc.comparisons[i].tail != RESULTS_TAIL_NONE;
		verdicts += (doc.comparisons[i].verdict != NULL) ==
			    (doc.comparisons[i].tail != RESULTS_TAIL_NONE);
	}
	for (size_t i = 0; i < doc.n_timeseries; i++)
		lat += doc.timeseries[i].lat != NULL;
	for (size_t i = 0; i < doc.n_hedge; i++)
		live += doc.hedge[i].live != NULL && doc.hedge[i].live->whatif != NULL &&
			strcmp(doc.hedge[i].live->whatif->threshold, "p95") == 0 &&
			doc.hedge[i].n_at == 0 && doc.hedge[i].hedge != NULL;
	CHECK(doc.n_cells == 2 && around == 2,
	      "tails: each cell's p99 supported, within its interval; p99.9 by the rule (%zu)",
	      around);
	CHECK(tails == 2 && verdicts == doc.n_comparisons,
	      "tails: a p50 and a p99 comparison, each with its verdict, none on throughput's");
	CHECK(doc.n_tail_leaders == 2 && doc.tail_leaders[1].tail == RESULTS_TAIL_P99 &&
		      doc.tail_leaders[1].status == RESULTS_LEAD_CLEAR,
	      "tails: the p50 and p99 tail leaders, the p99's clear");
	CHECK(lat == doc.n_timeseries && lat > 0, "tails: every time series with its latency");
	CHECK(doc.n_hedge == 3 && live == 1,
	      "tails: 3 cells hedged, the live one beside its what-if");
	CHECK(doc.n_workload_cells == 1 && doc.workload_cells[0].hedge != NULL &&
		      strcmp(doc.workload_cells[0].hedge, "p95") == 0,
	      "tails: the hedged workload cell");
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

/* merged_subject: s as a merge's record: the subjects of m2 (moved) as its vantages, the
 * first named us-east, and checksum differing between them. 0 when out of memory. */
static int merged_subject(struct results_manifest_subject *s, struct results_manifest *m2)
{
	s->merged = 1;
	s->vantages = m2->subjects;
	s->n_vantages = m2->n_subjects;
	m2->subjects = NULL;
	m2->n_subjects = 0;
	free(s->vantages[0].id);
	s->vantages[0].id = strdup("us-east");
	if ((s->differ = calloc(2, sizeof(*s->differ))) == NULL)
		return 0;
	s->differ[s->n_differ++] = strdup("checksum");
	return s->vantages[0].id != NULL && s->differ[0] != NULL;
}

/* A merge's manifest (options.vantages[], inputs[].vantage, subjects[].vantages[] and
 * vantages_differ): the fixture's records with two vantages written, read back and written
 * again the same. */
static void test_manifest_vantages(void)
{
	char path[4200];
	struct results_manifest m = {0}, back = {0}, m2 = {0};
	struct err e = {{0}};
	json_t *j = NULL, *k = NULL;
	const struct results_manifest_subject *b0;
	int rc;

	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	rc = results_manifest_read(path, &m, &e);
	rc = rc == 0 ? results_manifest_read(path, &m2, &e) : rc;
	if (rc == 0 && m.n_inputs > 0 && m.n_subjects > 0 && m2.n_subjects > 0 &&
	    merged_subject(&m.subjects[0], &m2) &&
	    (m.options.vantages = calloc(2, sizeof(*m.options.vantages))) != NULL) {
		struct results_manifest_vantage *v = m.options.vantages;

		m.options.n_vantages = 2;
		v[0] = (struct results_manifest_vantage){
			strdup("us-east"), strdup("campaign.vantage"), {strdup("."), 0, NULL}};
		v[1] = (struct results_manifest_vantage){strdup("eu-west"),
							 strdup("option"),
							 {strdup("../eu"), 1, strdup("data_dir")}};
		m.inputs[0].vantage = strdup("eu-west");
		j = results_manifest_to_json(&m);
	}
	CHECK(j != NULL && results_manifest_from_json(j, "m.json", &back, &e) == 0 &&
		      back.options.n_vantages == 2 &&
		      strcmp(back.options.vantages[1].dir.path, "../eu") == 0 &&
		      strcmp(back.options.vantages[1].from, "option") == 0 &&
		      back.options.vantages[1].dir.relative_to != NULL &&
		      back.inputs[0].vantage != NULL &&
		      strcmp(back.inputs[0].vantage, "eu-west") == 0,
	      "manifest.json of a merge: options.vantages and inputs[].vantage read back: %s",
	      e.msg);
	b0 = back.n_subjects > 0 ? &back.subjects[0] : NULL;
	CHECK(b0 != NULL && b0->merged && b0->n_vantages == m.subjects[0].n_vantages &&
		      strcmp(b0->vantages[0].id, "us-east") == 0 && b0->vantages[0].facts != NULL &&
		      b0->vantages[0].facts[0].n == m.subjects[0].vantages[0].facts[0].n &&
		      b0->n_differ == 1 && strcmp(b0->differ[0], "checksum") == 0 &&
		      (m.n_subjects < 2 || !back.subjects[1].merged),
	      "manifest.json of a merge: subjects[0].vantages[] (us-east first) and "
	      "vantages_differ [checksum] read back; a subject without them stays so");
	k = back.options.n_vantages ? results_manifest_to_json(&back) : NULL;
	CHECK(k != NULL && json_equal(j, k),
	      "manifest.json of a merge: written again as it was read");
	results_manifest_free(&m);
	results_manifest_free(&m2);
	results_manifest_free(&back);
	json_decref(j);
	json_decref(k);
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

/* plan_part: a part of planner.ops[0] with one driver (a cell's, or a comparison's of
 * subjects 0 and 1). */
static void plan_part(struct results_plan_part *p, int comparisons, long long need)
{
	p->cycles_needed = need;
	p->more_cycles = need < 0 ? -1 : need - 3;
	p->hours = need < 0 ? NAN : 1.5;
	p->cost = NAN;
	p->planned = 4;
	p->unplanned = 1;
	p->beyond = need < 0;
	if ((p->drivers = calloc(1, sizeof(*p->drivers))) == NULL)
		return;
	p->n_drivers = 1;
	p->drivers[0] = (struct results_plan_driver){0, comparisons ? 1 : -1, 4096, 8, need};
}

/* test_plan: the planner's records on the stats fixture: needs of cells and comparisons (a
 * number, beyond the cap with its note), planner{} with its drivers, read back from what
 * they write; a driver naming no subject refused with its path; a file before the planner
 * has none. */
static void test_plan(void)
{
	char *t = text("stats"), *s = NULL;
	struct results doc, back;
	struct results_planner *p;
	struct err e = {{0}};
	json_t *j, *drv;

	if (t == NULL || results_parse(t, "stats", &doc, &e) < 0 || doc.n_cells < 2 ||
	    doc.n_comparisons < 1) {
		CHECK(0, "stats: read: %s", e.msg);
		free(t);
		return;
	}
	CHECK(doc.planner == NULL && doc.cells[0].need.cycles == -1 &&
		      doc.cells[0].need.note == NULL && doc.comparisons[0].need.cycles == -1,
	      "stats (before the planner): no planner, no needs");
	doc.cells[0].need.cycles = 12;
	doc.cells[1].need.note = strdup("more than 10000 cycles");
	doc.comparisons[0].need.cycles = 7;
	if ((doc.planner = p = calloc(1, sizeof(*p))) == NULL ||
	    (p->ops = calloc(1, sizeof(*p->ops))) == NULL) {
		CHECK(0, "out of memory");
		results_free(&doc);
		free(t);
		return;
	}
	*p = (struct results_planner){0.05, 0.95, 0.8, 10000, 3, p->ops, 1, {0}, NULL, 0};
	p->ops[0].op = strdup(doc.cells[0].op);
	p->ops[0].cycle_hours = 0.5;
	p->ops[0].cycle_cost = NAN;
	plan_part(&p->ops[0].cells, 0, -1);
	plan_part(&p->ops[0].comparisons, 1, 7);
	same_again(&doc, "stats with a planner");
	p->seq = (struct results_sequential){
		1,   0.05, 3, 20, strdup("target"), strdup("after cycle 6 every matrix cell's ..."),
		0.99};
	same_again(&doc, "a planner with cycles = auto's sequential rule");
	if ((p->tod = calloc(1, sizeof(*p->tod))) != NULL) {
		p->n_tod = 1;
		*p->tod = (struct results_tod){1,
					       96,
					       6,
					       {12, 12, 12, 12, 12, 12, 12, 12},
					       {0.01, NAN, 0, 0, 0, 0, 0, -0.02},
					       2.5,
					       0.02,
					       7,
					       83,
					       0.025,
					       1,
					       7,
					       -0.03,
					       -0.05,
					       -0.01,
					       0.02,
					       strdup("America/New_York")};
		same_again(&doc, "a planner with a time-of-day test on the provider's clock");
	}
	j = results_to_json(&doc);
	CHECK(j != NULL && json_real_value(at(j, "planner.sequential.wide_q")) == 0.99 &&
		      strcmp(json_string_value(at(j, "planner.sequential.reason")), "target") == 0,
	      "planner.sequential written");
	json_decref(j);
	j = results_to_json(&doc);
	drv = j ? at(j, "planner.ops[0].comparisons.drivers[0]") : NULL;
	CHECK(drv != NULL && json_is_string(json_object_get(drv, "b")) &&
		      json_object_get(drv, "subject") == NULL &&
		      json_integer_value(json_object_get(at(j, "cells[0]"), "cycles_needed")) ==
			      12 &&
		      json_is_null(json_object_get(at(j, "cells[1]"), "cycles_needed")),
	      "planner: a comparison's driver names a and b; a cell's need and a null one");
	if (drv != NULL)
		json_object_set_new(drv, "b", json_string("ghost"));
	s = j ? json_dumps(j, 0) : NULL;
	CHECK(s && results_parse(s, "f", &back, &e) < 0 &&
		      strcmp(e.msg, "f: planner.ops[0].comparisons.drivers[0].b: expected a "
				    "subject id of subjects[]") == 0,
	      "planner: a driver naming no subject refused with its path (%s)", e.msg);
	results_free(&back);
	free(s);
	json_decref(j);
	results_free(&doc);
	free(t);
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
		{"retries", "cells[0]", "throttled_attempt_share", "\"most\"",
		 "f: cells[0].throttled_attempt_share: expected a number or null"},
		{"retries", "cells[0]", "exhausted_runs", "-1",
		 "f: cells[0].exhausted_runs: expected a non-negative integer"},
		{"retries", "cells[0]", "checksums_absent", "1.5",
		 "f: cells[0].checksums_absent: expected a non-negative integer"},
		{"climit", "ops[0]", "delete_markers", "\"all\"",
		 "f: ops[0].delete_markers: expected a non-negative integer"},
		{"rate", "rate_sweeps[0].points[0]", "throttled_attempt_share", "true",
		 "f: rate_sweeps[0].points[0].throttled_attempt_share: expected a number or null"},
		{"tails", "comparisons[1]", "metric", "\"p98_ms\"",
		 "f: comparisons[1].metric: expected \"mib_s\", \"obj_s\", \"p50_ms\" or "
		 "\"p99_ms\""},
		{"tails", "tail_leaders[0]", "metric", "\"p90_ms\"",
		 "f: tail_leaders[0].metric: expected \"p50_ms\" or \"p99_ms\""},
		{"tails", "cells[0].latency_ms.pooled", "p99_ci95", "[1]",
		 "f: cells[0].latency_ms.pooled.p99_ci95: expected [lo, hi] or null"},
		{"tails", "timeseries[0]", "latency", "[]",
		 "f: timeseries[0].latency: not as long as mib_s"},
		{"tails", "hedge[2].live", "hedged", "-1",
		 "f: hedge[2].live.hedged: expected a non-negative integer"},
		{"tails", "hedge[0].at[0]", "threshold_ms", "\"soon\"",
		 "f: hedge[0].at[0].threshold_ms: expected a number or null"},
		{"support", "support[1].features[8]", "verdict", "\"maybe\"",
		 "f: support[1].features[8].verdict: 'maybe' is not a verdict"},
		{"support", "support[0]", "subject", "\"ghost\"",
		 "f: support[0].subject: 'ghost' is not in subjects[]"},
		{"support", "support[0]", "features", "{}",
		 "f: support[0].features: expected an array"},
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

/* test_support: what the support fixture's records say (RGW's and s3rver's probe: RGW's
 * conditional PUT wrong on 412 where 2xx is due, s3rver's tags wrong), and a file without a
 * probe writes no support[]. */
static void test_support(void)
{
	char *t = text("support"), *u = text("stats");
	struct results doc, none;
	struct err e = {{0}};
	json_t *j = NULL;

	if (t == NULL || u == NULL || results_parse(t, "support", &doc, &e) < 0) {
		CHECK(0, "support: read: %s", e.msg);
		free(t);
		free(u);
		return;
	}
	CHECK(doc.n_support == 2 && doc.support[0].subject == 0 && doc.support[1].subject == 1 &&
		      doc.support[0].n_features == 17 && doc.support[1].n_features == 17,
	      "support: two subjects, 17 features each");
	const struct results_feature *cp = &doc.support[0].features[0];
	const struct results_feature *tg = &doc.support[1].features[8];
	CHECK(strcmp(cp->feature, "conditional-put") == 0 && cp->verdict == RESULTS_SV_WRONG &&
		      cp->status == 412 && strcmp(cp->code, "PreconditionFailed") == 0 &&
		      strcmp(cp->expected, "2xx") == 0,
	      "support: RGW's conditional PUT wrong, 412 PreconditionFailed where 2xx is due");
	CHECK(strcmp(tg->feature, "tagging") == 0 && tg->verdict == RESULTS_SV_WRONG &&
		      strcmp(results_sv_name(tg->verdict), "wrong") == 0,
	      "support: s3rver's tags wrong");
	results_free(&doc);
	CHECK(results_parse(u, "stats", &none, &e) == 0 && none.n_support == 0 &&
		      (j = results_to_json(&none)) != NULL && json_object_get(j, "support") == NULL,
	      "stats (no probe): no support[] read or written");
	json_decref(j);
	results_free(&none);
	free(t);
	free(u);
}

int main(void)
{
	const char *top = getenv("TOP");

	snprintf(dir, sizeof(dir), "%s/tests/fixtures/results", top ? top : ".");
	test_files();
	test_edges();
	test_stats();
	test_plan();
	test_tails();
	test_trend();
	test_manifest();
	test_manifest_vantages();
	test_errors();
	test_support();
	return check_done();
}
