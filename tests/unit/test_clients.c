/* tests/unit/test_clients.c: run.json "clients" (core/runrec/runrec.h read into
 * analyze/read/runlog_clients.c): a valid
 * object read, absent = one client, each malformed field refused with its name; and
 * the aggregate's clients (analyze/cells/clients.c): cells' clients and hosts, a run with
 * another client count excluded as clients-mismatch, client_hosts, and client_balance
 * (the largest distributed cell, per-rank means, max/min ratio) against values worked
 * out by hand below. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analyze/cells/aggregate.h"
#include "analyze/cells/clients.h"
#include "analyze/read/runlog.h"
#include "analyze/read/runlog_clients.h"
#include "tests/unit/check.h"

#define VALID                                                                                    \
	"{\"count\": 3, \"concurrency_total\": 12, \"hosts\": [\"a\", \"a\", \"b\"], "           \
	"\"list\": [{\"rank\": 0, \"host\": \"a\", \"summary\": {\"mib_s\": 5, \"obj_s\": 5}}, " \
	"{\"rank\": 1, \"host\": \"a\", \"summary\": null}, "                                    \
	"{\"rank\": 2, \"host\": \"b\", \"summary\": {\"mib_s\": 2.5, \"obj_s\": 2.5}}]}"

/* read_one: a run.json of {"clients": text} read by the codec (core/runrec/runrec.h) and
 * runlog_clients_from; the message into msg. */
static int read_one(const char *text, struct runlog_clients *c, char *msg, size_t n)
{
	char buf[2048];
	json_error_t je;
	json_t *root;
	struct runrec rec;
	struct err e = {{0}};
	int rc;

	memset(c, 0, sizeof(*c));
	snprintf(buf, sizeof(buf), "{\"format\": \"s3bench-run/1\", \"clients\": %s}", text);
	root = json_loads(buf, 0, &je);
	if (root == NULL) {
		snprintf(msg, n, "fixture is not JSON: %s", je.text);
		return -2;
	}
	rc = runrec_from_json(root, &rec, &e);
	if (rc == 0)
		rc = runlog_clients_from(rec.has_clients ? &rec.clients : NULL, c, &e);
	snprintf(msg, n, "%s", e.msg);
	runrec_clear(&rec);
	json_decref(root);
	return rc;
}

static void test_read(void)
{
	static const struct {
		const char *json, *field;
	} bad[] = {
		{"5", "field clients: expected an object"},
		{"{\"count\": 0, \"concurrency_total\": 1, \"hosts\": [], \"list\": []}",
		 "clients.count"},
		{"{\"count\": 2, \"hosts\": [\"a\", \"b\"], \"list\": []}",
		 "clients.concurrency_total"},
		{"{\"count\": 2, \"concurrency_total\": 2, \"hosts\": [\"a\"], \"list\": []}",
		 "clients.hosts"},
		{"{\"count\": 2, \"concurrency_total\": 2, \"hosts\": [\"a\", 7], \"list\": []}",
		 "clients.hosts[1]"},
		{"{\"count\": 2, \"concurrency_total\": 2, \"hosts\": [\"a\", \"b\"], \"list\": "
		 "[{\"rank\": 0, \"host\": \"a\"}]}",
		 "clients.list: 1 entries for 2 clients"},
		{"{\"count\": 2, \"concurrency_total\": 2, \"hosts\": [\"a\", \"b\"], \"list\": "
		 "[{\"rank\": 0, \"host\": \"a\"}, {\"rank\": 2, \"host\": \"b\"}]}",
		 "clients.list[1].rank"},
		{"{\"count\": 2, \"concurrency_total\": 2, \"hosts\": [\"a\", \"b\"], \"list\": "
		 "[{\"rank\": 0, \"host\": \"a\"}, {\"rank\": 0, \"host\": \"b\"}]}",
		 "clients.list[1].rank: 0 appears twice"},
		{"{\"count\": 2, \"concurrency_total\": 2, \"hosts\": [\"a\", \"b\"], \"list\": "
		 "[{\"rank\": 0}, {\"rank\": 1, \"host\": \"b\"}]}",
		 "clients.list[0].host"},
		{"{\"count\": 2, \"concurrency_total\": 2, \"hosts\": [\"a\", \"b\"], \"list\": "
		 "[{\"rank\": 0, \"host\": \"a\"}, {\"rank\": 1, \"host\": \"b\", \"summary\": "
		 "{\"mib_s\": \"x\", \"obj_s\": 1}}]}",
		 "clients.list[1].summary.mib_s"},
		{"{\"count\": 1, \"concurrency_total\": 1, \"hosts\": [\"a\"], \"list\": "
		 "[{\"rank\": 0, \"host\": \"a\", \"summary\": {\"mib_s\": 1}}]}",
		 "clients.list[0].summary.obj_s"},
	};
	struct runlog_clients c;
	char msg[512];

	CHECK(read_one(VALID, &c, msg, sizeof(msg)) == 0, "valid clients read: %s", msg);
	CHECK(c.count == 3 && c.concurrency_total == 12 && c.n_list == 3, "count, total, list");
	CHECK(c.hosts && strcmp(c.hosts[0], "a") == 0 && strcmp(c.hosts[2], "b") == 0,
	      "hosts by rank");
	CHECK(c.list && c.list[0].has_summary && c.list[0].mib_s == 5 && !c.list[1].has_summary &&
		      isnan(c.list[1].mib_s) && c.list[2].obj_s == 2.5,
	      "per-client summaries, null kept");
	runlog_clients_clear(&c);
	CHECK(read_one("null", &c, msg, sizeof(msg)) == 0 && c.count == 0 &&
		      runlog_clients_count(&c) == 1,
	      "null clients: one client");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = read_one(bad[i].json, &c, msg, sizeof(msg));

		CHECK(rc == -1 && strstr(msg, bad[i].field) != NULL,
		      "bad %zu refused naming %s (rc %d, \"%s\")", i, bad[i].field, rc, msg);
		CHECK(c.count == 0 && c.hosts == NULL && c.list == NULL, "bad %zu: left empty", i);
	}
}

static char *hosts3[] = {"a", "a", "b"};

/* mk: one valid PUT run of subject s (size 1 MiB) at conc, cycle, with `clients`
 * clients whose MiB/s are rank_mib[0..clients-1] (clients 0: no "clients"). */
static void mk(struct runlog *r, struct runlog_client *cl, char *s, int conc, int cycle,
	       int clients, const double *rank_mib)
{
	double total = 0;

	memset(r, 0, sizeof(*r));
	r->path = s;
	r->subject = s;
	r->op = "put";
	r->size = 1048576;
	r->concurrency = conc;
	r->cycle = cycle;
	r->campaign_cycles = 3;
	r->elapsed_s = NAN;
	r->status = "complete";
	r->has_summary = 1;
	for (int k = 0; k < clients; k++) {
		cl[k] = (struct runlog_client){.rank = k,
					       .host = hosts3[k],
					       .has_summary = 1,
					       .mib_s = rank_mib[k],
					       .obj_s = rank_mib[k]};
		total += rank_mib[k];
	}
	r->summary.mib_s = r->summary.obj_s = clients ? total : 10;
	r->summary.bytes = r->summary.requests = r->summary.objects = 100;
	r->clients = (struct runlog_clients){clients, clients * conc, clients ? hosts3 : NULL,
					     clients ? cl : NULL, (size_t)clients};
}

static void test_aggregate(void)
{
	static const double c1[] = {30, 20, 10}, c2[] = {50, 20, 20}, even[] = {10, 10, 10};
	struct runlog logs[6];
	struct runlog_client cl[6][3];
	struct agg_options opt = {.policy = POLICY_MEAN, .min_samples = 1};
	struct err e = {{0}};
	struct aggregate *a;

	mk(&logs[0], cl[0], "x", 4, 1, 3, c1);
	mk(&logs[1], cl[1], "x", 4, 2, 3, c2);
	mk(&logs[2], cl[2], "x", 4, 3, 0, NULL); /* one client: the odd one out */
	mk(&logs[3], cl[3], "x", 2, 1, 3, even); /* fewer workers in total */
	mk(&logs[4], cl[4], "y", 4, 1, 3, even);
	mk(&logs[5], cl[5], "y", 4, 2, 3, even);
	a = aggregate_build(logs, 6, &opt, &e);
	CHECK(a != NULL, "aggregate built: %s", e.msg);
	if (a == NULL)
		return;
	CHECK(!a->runs[2].v.included && strcmp(a->runs[2].v.cls, "clients-mismatch") == 0 &&
		      strstr(a->runs[2].v.reason, "ran with 1 client;") &&
		      strstr(a->runs[2].v.reason, "ran with 3"),
	      "1-client run excluded: %s", a->runs[2].v.reason);
	CHECK(a->runs[0].v.included && a->runs[3].v.included, "3-client runs kept");
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];

		int want = c->n_runs ? 3 : 1, hosts = c->n_runs ? 2 : 1; /* no run: 1, 1 */

		CHECK(c->clients == want && c->client_hosts == hosts,
		      "cell %zu: %d clients on %d hosts (%d, %d)", i, want, hosts, c->clients,
		      c->client_hosts);
		if (c->concurrency == 4 && c->subject == 0)
			CHECK(c->n == 2 && fabs(c->mib.mean - 75) < 1e-9,
			      "x c4: n 2, mean (60 + 90) / 2");
	}
	CHECK(a->n_client_hosts == 2 && strcmp(a->client_hosts[0].host, "a") == 0 &&
		      a->client_hosts[0].ranks == 2 && a->client_hosts[1].ranks == 1,
	      "client_hosts a:2, b:1");
	CHECK(a->n_balance == 2, "one balance entry per subject with distributed runs (%zu)",
	      a->n_balance);
	if (a->n_balance == 2) {
		const struct agg_balance *b = &a->balance[0];

		CHECK(b->subject == 0 && b->concurrency == 4 && b->clients == 3 && b->n == 2,
		      "x: the 12-worker cell, 2 valid runs");
		CHECK(fabs(b->list[0].mib_s - 40) < 1e-9 && fabs(b->list[1].mib_s - 20) < 1e-9 &&
			      fabs(b->list[2].mib_s - 15) < 1e-9,
		      "x: per-rank means 40, 20, 15");
		CHECK(strcmp(b->list[2].host, "b") == 0, "x: rank 2 on b");
		CHECK(fabs(b->ratio - 40.0 / 15.0) < 1e-12, "x: ratio 40/15 (%g)", b->ratio);
		CHECK(fabs(a->balance[1].ratio - 1) < 1e-12, "y: balanced, ratio 1");
	}
	aggregate_free(a);
	/* all single-client: no clients-mismatch, no balance, no hosts */
	for (int i = 0; i < 6; i++)
		mk(&logs[i], cl[i], i < 3 ? "x" : "y", 4, i % 3 + 1, 0, NULL);
	a = aggregate_build(logs, 6, &opt, &e);
	CHECK(a && a->n_balance == 0 && a->n_client_hosts == 0 && a->cells[0].clients == 1 &&
		      a->cells[0].client_hosts == 1 && a->runs[2].v.included,
	      "single client: 1, nothing added");
	aggregate_free(a);
}

int main(void)
{
	test_read();
	test_aggregate();
	return check_done();
}
