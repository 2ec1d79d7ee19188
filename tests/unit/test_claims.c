/* tests/unit/test_claims.c: analyze/claims' claims_build on aggregates built from synthetic
 * runs (the verdict rules alone are test_claim_rules.c's): a lead blocked
 * by the runner-up's client CPU and never clear, the leader's own limit, the headline's
 * subject only with strictly more clear leads, the consistency rank's paired test on log
 * CVs against SciPy (scipy.stats.ttest_rel) and its false-rank rate and power by
 * simulation, one-off ranks (single runs: none; Welch against SciPy's ttest_ind), "where
 * the time goes" per concurrency, the short-window caveat, ran-differently (and the
 * feature gaps it flags, with and without a probe), the replay-lead claims' grouping (the
 * replay cells of one trace and key but their subject) and what leaves one not judged
 * (errors) or blocked (a client limit, late sends), and the id grammar. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "analyze/cells/replaycmp.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"
#include "analyze/claims/claims.h"
#include "tests/unit/check.h"

/* ---- claims_build on synthetic runs ---------------------------------------------- */

#define MAXRUNS 4096

static struct runlog runs[MAXRUNS];
static struct runrec_clientres clients[MAXRUNS];
static size_t n_runs;

static struct runlog *add(const char *s, const char *op, uint64_t size, int conc, int cycle,
			  double x)
{
	struct runlog *r = &runs[n_runs++];

	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = (char *)s;
	r->op = (char *)op;
	r->size = size;
	r->concurrency = conc;
	r->cycle = cycle;
	r->objects = -1;
	r->has_summary = 1;
	r->summary.bytes = 1000;
	r->summary.requests = 100;
	r->summary.mib_s = x;
	r->summary.obj_s = x;
	return r;
}

/* limit: r's client at cpu % busy (another machine's server). */
static void limit(struct runlog *r, double cpu)
{
	struct runrec_clientres *c = &clients[r - runs];

	memset(c, 0, sizeof(*c));
	c->benchmark.cpu_busy_pct = cpu;
	c->nic.speed_mbit = NAN;
	c->benchmark.nic_tx_mbit_s = c->benchmark.nic_rx_mbit_s = NAN;
	r->client = c;
}

static struct aggregate *build(int cycles, struct claim_list *l)
{
	struct agg_options o = {.policy = POLICY_MEAN, .min_samples = 1, .cycles = cycles};
	struct err e = {{0}};
	struct aggregate *a = aggregate_build(runs, n_runs, &o, &e);

	CHECK(a != NULL, "aggregate_build: %s", e.msg);
	memset(l, 0, sizeof(*l));
	if (a != NULL)
		CHECK(claims_build(a, NULL, l, &e) == 0, "claims_build: %s", e.msg);
	return a;
}

static void done(struct aggregate *a, struct claim_list *l)
{
	claims_free(l);
	aggregate_free(a);
	n_runs = 0;
}

/* has: claim id exists with verdict, subject (NULL: none) and reasons (joined by ","). */
static void has(const struct aggregate *a, const struct claim_list *l, const char *id,
		const char *verdict, const char *subject, const char *reasons)
{
	const struct results_claim *c = claims_find(l, id);
	char got[128] = "";

	CHECK(c != NULL, "claim %s exists", id);
	if (c == NULL)
		return;
	CHECK_STR(c->verdict, verdict, "%s: verdict", id);
	CHECK_STR(c->subject >= 0 ? a->subjects[c->subject].id : NULL, subject, "%s: subject", id);
	for (size_t i = 0; i < c->n_reasons; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s", i ? "," : "",
			 c->reasons[i]);
	CHECK_STR(got, reasons, "%s: reasons", id);
}

static double fig(const struct claim_list *l, const char *id, const char *name)
{
	const struct results_claim *c = claims_find(l, id);
	const struct results_claim_figure *f = c ? results_claim_figure(c, name) : NULL;

	return f != NULL ? f->num : NAN;
}

/* two categories (1 and 2 MiB GET), a 30 % above b, 3 cycles; b's runs of the 1 MiB one
 * with its client at cpu % (0: no record). */
static void two_leads(double cpu)
{
	static const double noise[3] = {1.0, 1.01, 0.99};

	for (int c = 1; c <= 3; c++)
		for (uint64_t z = 1; z <= 2; z++) {
			add("a", "get", z << 20, 1, c, 130 * noise[c - 1]);
			struct runlog *r = add("b", "get", z << 20, 1, c, 100 * noise[(c + 1) % 3]);

			if (cpu > 0 && z == 1)
				limit(r, cpu);
		}
}

static void test_blocked(void)
{
	struct claim_list l;
	struct aggregate *a;

	two_leads(97);
	a = build(3, &l);
	if (a != NULL) {
		has(a, &l, "lead/get/1048576/c1", "blocked", "a", "cpu");
		has(a, &l, "lead/get/2097152/c1", "clear", "a", "");
		has(a, &l, "client-limit/get/1048576/c1/b", "limited", "b", "cpu");
		has(a, &l, "lead-count/get/a", "most", "a", "");
		CHECK(fig(&l, "lead-count/get/a", "clear") == 1 &&
			      fig(&l, "lead-count/get/a", "blocked") == 1,
		      "a: one clear lead, one blocked");
		CHECK(claims_find(&l, "lead/get/1048576/c1")->n_subjects == 1 &&
			      claims_find(&l, "lead/get/1048576/c1")->subjects[0] == 1,
		      "the blocked lead names b");
		for (size_t i = 0; i < a->n_leaders && i < l.n; i++) /* the leads come first */
			CHECK(!a->leaders[i].climit.blocked || strcmp(l.v[i].verdict, "clear") != 0,
			      "%s: a blocked lead is not clear", l.v[i].id);
	}
	done(a, &l);
	two_leads(89); /* just under the 90 % threshold */
	a = build(3, &l);
	if (a != NULL) {
		has(a, &l, "lead/get/1048576/c1", "clear", "a", "");
		CHECK(claims_find(&l, "client-limit/get/1048576/c1/b") == NULL, "89 %%: no limit");
		has(a, &l, "lead-count/get/a", "most", "a", "");
	}
	done(a, &l);
}

/* test_leader_limited: the leader's own client limited: the lead stands. */
static void test_leader_limited(void)
{
	struct claim_list l;
	struct aggregate *a;

	for (int c = 1; c <= 3; c++) {
		limit(add("a", "get", 1 << 20, 1, c, 130 + c), 95);
		add("b", "get", 1 << 20, 1, c, 100 + 2 * c);
	}
	a = build(3, &l);
	if (a != NULL) {
		has(a, &l, "lead/get/1048576/c1", "clear", "a", "");
		has(a, &l, "client-limit/get/1048576/c1/a", "limited", "a", "cpu");
	}
	done(a, &l);
}

/* test_headline: a and b one clear lead each: no subject has the most; the untested lead
 * of one cycle says why. */
static void test_headline(void)
{
	struct claim_list l;
	struct aggregate *a;

	for (int c = 1; c <= 3; c++) {
		add("a", "put", 1 << 20, 1, c, 130 + c);
		add("b", "put", 1 << 20, 1, c, 100 + 2 * c);
		add("a", "put", 2 << 20, 1, c, 100 + 2 * c);
		add("b", "put", 2 << 20, 1, c, 130 + c);
	}
	a = build(3, &l);
	if (a != NULL) {
		has(a, &l, "lead-count/put/a", "some", "a", "");
		has(a, &l, "lead-count/put/b", "some", "b", "");
	}
	done(a, &l);
	add("a", "put", 1 << 20, 1, 1, 130);
	add("b", "put", 1 << 20, 1, 1, 100);
	a = build(1, &l);
	if (a != NULL) {
		has(a, &l, "lead/put/1048576/c1", "untested", "a", "one-cycle");
		has(a, &l, "lead-count/put/a", "none", "a", "");
		has(a, &l, "caveat/one-cycle", "one-cycle", NULL, "");
		has(a, &l, "rank/consistency", "no-difference", NULL, "one-cycle");
	}
	done(a, &l);
}

/* test_consistency: a's cells steady, b's spread: the paired test on log CVs as SciPy's
 * ttest_rel gives it (p = 0.0009188698720044515, ratio 0.1327327557384478 of the geometric
 * mean CVs, a / b). */
static void test_consistency(void)
{
	static const double va[4][3] = {
		{100, 101, 99}, {200, 204, 198}, {50, 50.5, 49}, {80, 81, 80.2}};
	static const double vb[4][3] = {
		{100, 110, 92}, {200, 180, 215}, {50, 46, 55}, {80, 88, 77}};
	struct claim_list l;
	struct aggregate *a;

	for (int z = 0; z < 4; z++)
		for (int c = 1; c <= 3; c++) {
			add("a", "get", (uint64_t)(z + 1) << 20, 1, c, va[z][c - 1]);
			add("b", "get", (uint64_t)(z + 1) << 20, 1, c, vb[z][c - 1]);
		}
	a = build(3, &l);
	if (a != NULL) {
		has(a, &l, "rank/consistency", "ranked", "a", "");
		has(a, &l, "rank/consistency/least", "ranked", "b", "");
		CHECK_NUM(fig(&l, "rank/consistency", "p_adj"), 0.0009188698720044515, 1e-12,
			  "p as scipy.stats.ttest_rel on the log CVs");
		CHECK_NUM(fig(&l, "rank/consistency", "ratio"), 0.1327327557384478, 1e-12,
			  "the ratio of the geometric mean CVs");
		CHECK_NUM(fig(&l, "rank/consistency", "cv_mean.a"), 0.011783078752477092, 1e-12,
			  "a's mean CV");
	}
	done(a, &l);
}

/* rng, normal: the test's own stream (an LCG, Box-Muller). */
static double rng(unsigned long long *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(unsigned long long *s)
{
	return sqrt(-2 * log(rng(s))) * cos(2 * M_PI * rng(s));
}

/* ranked_share: of 400 campaigns (3 subjects, 6 cells, 5 cycles, lognormal noise: a's at
 * CV cv_a, the others' at 10 %), the share whose rank/consistency names a subject, and of
 * those the share naming a. */
static double ranked_share(double cv_a, unsigned long long seed, double *right)
{
	static const char *const subj[3] = {"a", "b", "c"};
	size_t ranked = 0, named_a = 0;

	for (int k = 0; k < 400; k++) {
		struct claim_list l;
		struct aggregate *a;
		const struct results_claim *c;

		for (int z = 0; z < 6; z++)
			for (int cy = 1; cy <= 5; cy++)
				for (int s = 0; s < 3; s++) {
					double cv = s == 0 ? cv_a : 0.10,
					       sd = sqrt(log(1 + cv * cv));

					add(subj[s], "get", (uint64_t)(z + 1) << 20, 1, cy,
					    100 * exp(sd * normal(&seed)));
				}
		a = build(5, &l);
		c = a != NULL ? claims_find(&l, "rank/consistency") : NULL;
		if (c != NULL && strcmp(c->verdict, "ranked") == 0) {
			ranked++;
			named_a += c->subject == 0;
		}
		done(a, &l);
	}
	*right = ranked ? (double)named_a / (double)ranked : NAN;
	return (double)ranked / 400;
}

static void test_consistency_sim(void)
{
	double right, alike = ranked_share(0.10, 7, &right), apart;

	printf("consistency rank, all at CV 10 %%: %.1f %% of campaigns name a most consistent "
	       "subject\n",
	       100 * alike);
	CHECK(alike <= 0.05 + 0.03, "false ranks at most about alpha: %.3f", alike);
	apart = ranked_share(0.03, 8, &right);
	printf("consistency rank, a at CV 3 %%, the others at 10 %%: %.1f %% ranked, %.1f %% of "
	       "them a\n",
	       100 * apart, 100 * right);
	CHECK(apart >= 0.8 && right == 1, "power: %.3f, right %.3f", apart, right);
}

/* test_oneoffs: single LIST runs carry no rank; two HEAD runs each are ranked by Welch's
 * test (SciPy ttest_ind on the logs, equal_var False: p = 0.007797206561449424). */
static void test_oneoffs(void)
{
	struct claim_list l;
	struct aggregate *a;

	add("a", "put", 1 << 20, 1, 1, 10);
	add("b", "put", 1 << 20, 1, 1, 10);
	add("a", "list", 0, 8, 0, 1000);
	add("b", "list", 0, 8, 0, 900);
	add("a", "head", 0, 8, 0, 1000);
	add("a", "head", 0, 8, 0, 1010);
	add("b", "head", 0, 8, 0, 900);
	add("b", "head", 0, 8, 0, 905);
	a = build(1, &l);
	if (a != NULL) {
		has(a, &l, "rank/list/0/c8", "no-difference", NULL, "single-runs");
		has(a, &l, "rank/head/0/c8", "ranked", "a", "");
		CHECK_NUM(fig(&l, "rank/head/0/c8", "p_adj"), 0.007797206561449424, 1e-12,
			  "Welch's p as SciPy's");
	}
	done(a, &l);
}

/* test_time: "where the time goes" per concurrency: at 1 worker the wait, at 16 the
 * transfer; a run without phases is a caveat, not a silent gap. */
static void test_time(void)
{
	struct claim_list l;
	struct aggregate *a;

	for (int c = 1; c <= 2; c++)
		for (int k = 0; k < 2; k++) {
			struct runlog *r = add("a", "get", 1 << 20, k ? 16 : 1, c, 100);
			struct request_phases *p = &r->summary.phases;

			if (k == 1 && c == 2)
				continue; /* no phases */
			r->summary.has_phases = 1;
			p->ph[RPH_WAIT].mean_all_ms = k ? 2 : 7;
			p->ph[RPH_TRANSFER].mean_all_ms = k ? 8 : 3;
		}
	a = build(2, &l);
	if (a != NULL) {
		const struct results_claim *c = claims_find(&l, "time-share/get/1048576/c1/a");
		const struct results_claim_figure *f = c ? results_claim_figure(c, "part") : NULL;

		has(a, &l, "time-share/get/1048576/c1/a", "dominant", "a", "");
		CHECK(f != NULL && f->text != NULL && strcmp(f->text, "wait") == 0, "c1: wait");
		c = claims_find(&l, "time-share/get/1048576/c16/a");
		f = c ? results_claim_figure(c, "part") : NULL;
		CHECK(f != NULL && f->text != NULL && strcmp(f->text, "transfer") == 0,
		      "c16: transfer");
		has(a, &l, "caveat/partial-phases/get/1048576/c16/a", "partial-phases", "a", "");
		CHECK(fig(&l, "caveat/partial-phases/get/1048576/c16/a", "runs") == 1 &&
			      fig(&l, "caveat/partial-phases/get/1048576/c16/a", "n") == 2,
		      "the caveat: 1 run of 2");
	}
	done(a, &l);
}

/* test_time_server: a server log's join (analyze --server-log) as figures of its cell's
 * time-share claim: 3 of 4 requests joined, server 2 ms and rest 1.5 ms (RGW's ops log: no
 * turn-around); a cell with nothing joined gets none. */
static void test_time_server(void)
{
	struct claim_list l;
	struct aggregate *a;

	for (int k = 0; k < 2; k++) {
		struct runlog *r = add("a", "get", 1 << 20, k ? 16 : 1, 1, 100);

		r->summary.has_phases = 1;
		r->summary.phases.ph[RPH_WAIT].mean_all_ms = 4;
	}
	a = build(1, &l);
	if (a != NULL) {
		struct slow_cell v[2] = {{.cell = &a->cells[0]}, {.cell = &a->cells[1]}};
		struct slow_list s = {v, 2};
		struct err e = {{0}};
		const char *c1 = "time-share/get/1048576/c1/a",
			   *c16 = "time-share/get/1048576/c16/a";

		if (a->cells[0].concurrency != 1) { /* the cells in the order built */
			v[0].cell = &a->cells[1];
			v[1].cell = &a->cells[0];
		}
		v[0].join.with_id = 4;
		v[0].join.joined = 3;
		for (int p = 0; p < SLOW_NPART; p++)
			v[0].join.part[p].mean_ms = NAN;
		v[0].join.part[SLOW_TOTAL].mean_ms = 2;
		v[0].join.part[SLOW_REST].mean_ms = 1.5;
		v[1].join.with_id = 4;
		CHECK(claims_time_server(&l, a, &s, &e) == 0, "claims_time_server: %s", e.msg);
		CHECK(fig(&l, c1, "srv_joined") == 3 && fig(&l, c1, "srv_share") == 0.75,
		      "c1: 3 joined, share 0.75");
		CHECK(fig(&l, c1, "srv_total_ms") == 2 && fig(&l, c1, "srv_rest_ms") == 1.5 &&
			      fig(&l, c1, "srv_latency_ms") == 3.5,
		      "c1: server 2, rest 1.5, latency 3.5");
		CHECK(isnan(fig(&l, c1, "srv_turn_ms")) && isnan(fig(&l, c1, "srv_xfer_ms")),
		      "c1: no turn-around, no server transfer");
		CHECK(claims_find(&l, c16) != NULL &&
			      results_claim_figure(claims_find(&l, c16), "srv_joined") == NULL,
		      "c16: nothing joined, no split");
	}
	done(a, &l);
}

/* test_clients: a distributed run's limited clients named once each in its cell's claim
 * (the verdicts set by hand: analyze/cells/climit_cells.c judges them, test_climit_cells). */
static void test_clients(void)
{
	struct agg_climit_client who[3] = {
		{1, "node-b", {0}}, {2, "node-c", {0}}, {1, "node-b", {0}}};
	struct claim_list l;
	struct err e = {{0}};
	struct aggregate *a;

	add("a", "get", 1 << 20, 1, 1, 100);
	add("a", "get", 1 << 20, 1, 2, 100);
	a = build(2, &l);
	if (a != NULL) {
		const struct results_claim *c;
		const struct results_claim_figure *f;

		claims_free(&l);
		a->cells[0].climit = (struct agg_climit){
			.measured = 2, .limited = 2, .is_limited = 1, .reasons = CLIMIT_R_CPU};
		a->runs[0].climit_clients = who;
		a->runs[0].n_climit_clients = 2;
		a->runs[1].climit_clients = who + 2;
		a->runs[1].n_climit_clients = 1;
		CHECK(claims_build(a, NULL, &l, &e) == 0, "claims_build: %s", e.msg);
		c = claims_find(&l, "client-limit/get/1048576/c1/a");
		f = c ? results_claim_figure(c, "client") : NULL;
		CHECK_STR(f ? f->text : NULL, "node-b (rank 1), node-c (rank 2)",
			  "the clients named");
		a->runs[0].climit_clients = a->runs[1].climit_clients = NULL; /* not the pool's */
		a->runs[0].n_climit_clients = a->runs[1].n_climit_clients = 0;
	}
	done(a, &l);
}

/* test_short_window: a run whose kept window is 2 median requests long (under 4) puts a
 * short-window caveat on its cell; 4 requests long does not. */
static void test_short_window(void)
{
	struct claim_list l;
	struct aggregate *a;

	for (int c = 1; c <= 2; c++)
		for (int k = 0; k < 2; k++) {
			struct runlog *r = add("a", "put", 8 << 20, k ? 2 : 1, c, 100);

			r->summary.seg_count = 2;
			r->summary.seconds = 2;
			r->summary.latency.p50 = k ? 500 : 1000; /* 4 and 2 requests */
		}
	a = build(2, &l);
	if (a != NULL) {
		has(a, &l, "caveat/short-window/put/8388608/c1/a", "short-window", "a", "");
		CHECK(fig(&l, "caveat/short-window/put/8388608/c1/a", "runs") == 2,
		      "both runs short");
		CHECK(claims_find(&l, "caveat/short-window/put/8388608/c2/a") == NULL,
		      "4 requests: no caveat");
	}
	done(a, &l);
}

/* gaps: the feature-gap claims of test_ran's first aggregate (b sent checksum crc32, c signed
 * otherwise): b's cell flagged from its settings alone without a probe; with b's probe
 * answering checksum-sha1 refused and checksum-crc32 (the value's) supported, refused or
 * wrong: the named feature's answer when it has one, else sha1's; signing is no feature: c
 * is not flagged. */
static void gaps(const struct aggregate *a, struct claim_list *l)
{
	static const struct {
		size_t probe;          /* 0: no probe.json */
		enum results_sv crc32; /* b's checksum-crc32 answer */
		const char *verdict;   /* the claim's */
		const char *feature;   /* its feature (NULL: none) */
	} t[] = {
		{0, RESULTS_SV_SUPPORTED, "setting", NULL},
		{1, RESULTS_SV_SUPPORTED, "refused", "checksum-sha1"},
		{1, RESULTS_SV_REFUSED, "refused", "checksum-crc32"},
		{1, RESULTS_SV_WRONG, "wrong", "checksum-crc32"},
	};
	size_t n0 = l->n;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct results_feature f[2] = {
			{.feature = "checksum-sha1",
			 .verdict = RESULTS_SV_REFUSED,
			 .status = 400,
			 .code = "InvalidRequest"},
			{.feature = "checksum-crc32", .verdict = t[i].crc32}};
		struct results_support sup = {.subject = 1, .features = f, .n_features = 2};
		const struct results_claim *c;
		struct err e = {{0}};

		while (l->n > n0)
			results_claim_free(&l->v[--l->n]);
		CHECK(claims_flag(l, a, &sup, t[i].probe, &e) == 0, "claims_flag %zu: %s", i,
		      e.msg);
		has(a, l, "feature-gap/get/1048576/c1/b", t[i].verdict, "b", "");
		c = claims_find(l, "feature-gap/get/1048576/c1/b");
		CHECK_STR(c != NULL ? results_claim_text(c, "feature") : NULL, t[i].feature,
			  "%zu: the deciding feature", i);
		CHECK_STR(c != NULL ? results_claim_text(c, "aspects") : NULL, "checksum",
			  "%zu: the aspects", i);
		CHECK(claims_find(l, "feature-gap/get/1048576/c1/c") == NULL,
		      "%zu: signing is no feature: c not flagged", i);
	}
}

/* test_ran: with three subjects, the one that signed otherwise ran differently; with two
 * that differ, each did. */
static void test_ran(void)
{
	static const char *const sends[3] = {NULL, "checksum crc32", "payload streaming-unsigned"};
	struct claim_list l;
	struct aggregate *a;

	for (int s = 0; s < 3; s++) {
		struct runlog *r = add(s == 0 ? "a" : s == 1 ? "b" : "c", "get", 1 << 20, 1, 1, 10);

		r->workload.send = (char *)sends[s];
	}
	add("d", "get", 1 << 20, 1, 1, 10);
	a = build(1, &l);
	if (a != NULL) {
		has(a, &l, "ran-differently/c/signing", "differs", "c", "");
		has(a, &l, "ran-differently/b/checksum", "differs", "b", "");
		CHECK(claims_find(&l, "ran-differently/a/signing") == NULL &&
			      claims_find(&l, "ran-differently/d/checksum") == NULL,
		      "the subjects that ran as most did are not named");
		gaps(a, &l);
	}
	done(a, &l);
	add("a", "get", 1 << 20, 1, 1, 10)->workload.send = "retries 3";
	add("b", "get", 1 << 20, 1, 1, 10);
	a = build(1, &l);
	if (a != NULL) {
		has(a, &l, "ran-differently/a/retries", "differs", "a", "");
		has(a, &l, "ran-differently/b/retries", "differs", "b", "");
	}
	done(a, &l);
}

/* replay_cell: subject's replay cell of trace t.tsv.zst (abc123), 4 KiB, 8 workers, one
 * run, at rate req/s, its comparison x. */
static struct agg_cell replay_cell(size_t subject, double rate, struct replaycmp *x)
{
	return (struct agg_cell){.subject = subject,
				 .op = "replay",
				 .size = 4096,
				 .concurrency = 8,
				 .n = 1,
				 .trace = "abc123",
				 .trace_name = "t.tsv.zst",
				 .rate = rate,
				 .replay = x};
}

/* test_replay_lead: three subjects' replays of one trace, a and b at 10 req/s, c at 20 (its
 * own key): one replay-lead claim per op of a and b, none with c; GET judged at p99 (a
 * apart below b), HEAD bound to p50 by b's 10 requests (a lower, overlapping: alike), PUT
 * in a's replay only (b has none of it: not judged). */
static void test_replay_lead(void)
{
	struct agg_subject subj[3] = {{.id = "a"}, {.id = "b"}, {.id = "c"}};
	struct replaycmp x[3] = {{0}};
	struct agg_cell cells[3];
	struct aggregate agg = {0};
	struct claim_list l = {0};
	const struct replaycmp_side get[3] = {{400, {2, 4, 8}, {1.8, 3.5, 7}, {2.2, 4.5, 9}},
					      {400, {5, 9, 20}, {4.5, 8, 18}, {5.5, 10, 22}},
					      {400, {1, 2, 3}, {0.9, 1.8, 2.5}, {1.1, 2.2, 3.5}}};
	const struct replaycmp_side head_b = {10, {3, NAN, NAN}, {1.5, NAN, NAN}, {4, NAN, NAN}};
	for (size_t i = 0; i < 3; i++) {
		cells[i] = replay_cell(i, i == 2 ? 20 : 10, &x[i]);
		x[i].op[0] = (struct replaycmp_op){.op = "GET", .rep = get[i]};
		x[i].op[1] = (struct replaycmp_op){.op = "STAT", .rep = i == 1 ? head_b : get[i]};
		x[i].op[2] = (struct replaycmp_op){.op = "PUT", .rep = get[i]};
		x[i].n_op = i == 1 ? 2 : 3;
	}
	agg.subjects = subj;
	agg.n_subjects = 3;
	agg.wcells = cells;
	agg.n_wcells = 3;
	CHECK(claims_replay_lead(&l, &agg) == 0 && l.n == 3, "three claims: PUT, GET, HEAD (%zu)",
	      l.n);
	has(&agg, &l, "replay-lead/get/replay/4096/c8/r10", "leads", "a", "");
	has(&agg, &l, "replay-lead/head/replay/4096/c8/r10", "alike", "a", "");
	has(&agg, &l, "replay-lead/put/replay/4096/c8/r10", "not-judged", "a", "too-few-requests");
	if (l.n == 3) {
		const struct results_claim *g = claims_find(&l,
							    "replay-lead/get/replay/4096/c8/r10");

		CHECK(g != NULL && g->n_subjects == 1 && g->subjects[0] == 1 &&
			      strcmp(results_claim_text(g, "at"), "p99") == 0 &&
			      strcmp(results_claim_text(g, "versus"), "b") == 0,
		      "GET: at p99, a against b, c (20 req/s) not compared");
		CHECK(fig(&l, "replay-lead/get/replay/4096/c8/r10", "fastest_ms") == 8 &&
			      fig(&l, "replay-lead/get/replay/4096/c8/r10", "versus_lo_ms") == 18 &&
			      fig(&l, "replay-lead/get/replay/4096/c8/r10", "p90_hi_ms.b") == 10 &&
			      fig(&l, "replay-lead/get/replay/4096/c8/r10", "compared") == 2,
		      "GET: the lowest's and the next's figures, each subject's");
		CHECK(strcmp(results_claim_text(
				     claims_find(&l, "replay-lead/head/replay/4096/c8/r10"), "at"),
			     "p50") == 0,
		      "HEAD: b's 10 requests bound only a p50");
	}
	claims_free(&l);
}

/* test_replay_block: two subjects' replays of GET (a apart below b at p99), each case one
 * change to them: a subject failing more than 1 % of the op's requests (either; not the
 * 1 % itself) is not judged, errors; b (not the lowest) client-limited for cpu, nic or
 * workers (not shared-cpu alone) or sending more than 1 % late blocks the lead, naming b
 * and why, its late sends only when its service latency (from the actual start) does not
 * keep it above a; a's own late sends or limit do not. */
static void test_replay_block(void)
{
	static const struct {
		const char *name;
		int who;                          /* the subject changed: 0 a, 1 b */
		uint64_t late, failed;            /* of 400 sent */
		int limited;                      /* its cell client-limited */
		unsigned reasons;                 /* CLIMIT_R_* of the limit */
		const char *verdict, *why, *also; /* also: the claim's subjects */
		double svc_lo;                    /* its service latency's p99 lo (ms) */
	} t[] = {
		{"none", 1, 0, 0, 0, 0, "leads", "", "b", 0},
		{"b failed 5 of 400", 1, 0, 5, 0, 0, "not-judged", "errors", "b", 0},
		{"a, the lowest, failed 5 of 400", 0, 0, 5, 0, 0, "not-judged", "errors", "b", 0},
		{"a failed 4 of 400: 1 %, not above", 0, 0, 4, 0, 0, "leads", "", "b", 0},
		{"b sent 5 of 400 late", 1, 5, 0, 0, 0, "blocked", "late-sends", "b", 0},
		{"b sent 4 of 400 late: 1 %, not above", 1, 4, 0, 0, 0, "leads", "", "b", 0},
		{"a, the lowest, sent 200 late", 0, 200, 0, 0, 0, "leads", "", "b", 0},
		{"b client-limited by cpu", 1, 0, 0, 1, CLIMIT_R_CPU, "blocked", "cpu", "b", 0},
		{"b limited by workers and late", 1, 9, 0, 1, CLIMIT_R_WORKERS, "blocked",
		 "workers,late-sends", "b", 0},
		{"b's cell shares the CPU only: a caveat", 1, 0, 0, 1, CLIMIT_R_SHARED_CPU, "leads",
		 "", "b", 0},
		{"b's limit counted but not the cell's (under half its runs)", 1, 0, 0, 0,
		 CLIMIT_R_NIC, "leads", "", "b", 0},
		{"a, the lowest, client-limited by nic", 0, 0, 0, 1, CLIMIT_R_NIC, "leads", "", "b",
		 0},
		{"b late, its service p99 above a's (lo 9.5 over a's hi 9)", 1, 5, 0, 0, 0, "leads",
		 "", "b", 9.5},
		{"b late, its service p99 lo 9 not above a's hi 9", 1, 5, 0, 0, 0, "blocked",
		 "late-sends", "b", 9},
	};
	const struct replaycmp_side get[2] = {{400, {2, 4, 8}, {1.8, 3.5, 7}, {2.2, 4.5, 9}},
					      {400, {5, 9, 20}, {4.5, 8, 18}, {5.5, 10, 22}}};
	struct agg_subject subj[2] = {{.id = "a"}, {.id = "b"}};
	const char *id = "replay-lead/get/replay/4096/c8/r10";

	for (size_t k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
		struct replaycmp x[2] = {{0}};
		struct agg_cell cells[2];
		struct aggregate agg = {0};
		struct claim_list l = {0};
		const struct results_claim *c;

		for (size_t i = 0; i < 2; i++) {
			cells[i] = replay_cell(i, 10, &x[i]);
			x[i].op[0] = (struct replaycmp_op){.op = "GET", .sent = 400, .rep = get[i]};
			x[i].n_op = 1;
		}
		x[t[k].who].op[0].late = t[k].late;
		x[t[k].who].op[0].failed = t[k].failed;
		x[t[k].who].op[0].sent += t[k].failed;
		x[t[k].who].op[0].svc.lo[2] = t[k].svc_lo;
		cells[t[k].who].climit = (struct agg_climit){.measured = 1,
							     .limited = t[k].reasons != 0,
							     .is_limited = t[k].limited,
							     .reasons = t[k].reasons};
		agg.subjects = subj;
		agg.n_subjects = 2;
		agg.wcells = cells;
		agg.n_wcells = 2;
		CHECK(claims_replay_lead(&l, &agg) == 0 && l.n == 1, "%s: one claim (%zu)",
		      t[k].name, l.n);
		has(&agg, &l, id, t[k].verdict, "a", t[k].why);
		c = claims_find(&l, id);
		CHECK(c != NULL && c->n_subjects == 1 && c->subjects[0] == 1 &&
			      fig(&l, id, t[k].who ? "late.b" : "late.a") == (double)t[k].late &&
			      fig(&l, id, t[k].who ? "failed.b" : "failed.a") ==
				      (double)t[k].failed &&
			      fig(&l, id, "sent.a") == 400 + (t[k].who ? 0 : (double)t[k].failed) &&
			      strcmp(results_claim_text(c, "at"), "p99") == 0,
		      "%s: b named, the figures kept (at p99, late, failed, sent)", t[k].name);
		claims_free(&l);
	}
}

int main(void)
{
	test_blocked();
	test_leader_limited();
	test_headline();
	test_consistency();
	test_consistency_sim();
	test_oneoffs();
	test_time();
	test_time_server();
	test_clients();
	test_short_window();
	test_ran();
	test_replay_lead();
	test_replay_block();
	return check_done();
}
