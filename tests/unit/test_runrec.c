/* tests/unit/test_runrec.c: run.json's envelope codec (core/runrec/runrec.h): every record
 * written, read back and written again gives the same object; run.json files read and
 * written back are the same text, byte for byte (data/sample's, tests/fixtures/runrec's, or
 * the files named on the command line); malformed members are refused with their JSON
 * path named. */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/runrec/runrec.h"
#include "core/version.h"
#include "tests/unit/check.h"

#define DUMP_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

/* text: j as run.json's text (a new string; "" when j is NULL) */
static char *text(const json_t *j)
{
	return j != NULL ? json_dumps(j, DUMP_FLAGS) : strdup("");
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = calloc(1, (size_t)n + 1)) != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* file_round_trip: path read into a record and written back is its own text. */
static void file_round_trip(const char *path)
{
	struct runrec r;
	struct err e = {{0}};
	char *want = read_all(path), *got;
	json_t *j;

	CHECK(runrec_load(path, &r, &e) == 0, "%s read: %s", path, e.msg);
	j = runrec_to_json(&r);
	got = text(j);
	if (want != NULL && strlen(want) > 0 && want[strlen(want) - 1] == '\n')
		want[strlen(want) - 1] = '\0';
	CHECK(want != NULL && got != NULL && strcmp(got, want) == 0,
	      "%s: text -> record -> text is the same", path);
	if (want != NULL && got != NULL && strcmp(got, want) != 0) {
		size_t k = 0;
		while (got[k] && got[k] == want[k])
			k++;
		fprintf(stderr, "  differs at byte %zu: ...%.80s\n  want: ...%.80s\n", k,
			got + (k > 40 ? k - 40 : 0), want + (k > 40 ? k - 40 : 0));
	}
	free(got);
	free(want);
	json_decref(j);
	runrec_clear(&r);
}

static void files(int argc, char **argv)
{
	static const char *const pats[] = {"data/sample/runs/*/*/*/run.json",
					   "tests/fixtures/runrec/*.json"};
	size_t n = 0;

	for (int i = 1; i < argc; i++)
		file_round_trip(argv[i]);
	if (argc > 1)
		return;
	for (size_t p = 0; p < sizeof(pats) / sizeof(pats[0]); p++) {
		glob_t g;

		if (glob(pats[p], 0, NULL, &g) != 0)
			continue;
		for (size_t i = 0; i < g.gl_pathc; i++)
			file_round_trip(g.gl_pathv[i]);
		n += g.gl_pathc;
		globfree(&g);
	}
	CHECK(n >= 50, "%zu run.json files read and written back (run from the repository)", n);
}

static void fill_window(struct runrec_window *w, double base, int nic)
{
	w->seconds = base;
	w->cpu_busy_pct = base * 2;
	w->n_cores = 2;
	w->core_busy_pct[0] = base;
	w->core_busy_pct[1] = base + 0.5;
	w->collector_cpu_pct = 1.25;
	w->other_cpu_pct = 3.5;
	w->nic_tx_bytes = nic ? 1000 : RUNREC_NULL_INT;
	w->nic_rx_bytes = nic ? 2000 : RUNREC_NULL_INT;
	w->nic_tx_mbit_s = nic ? 8.5 : NAN;
	w->nic_rx_mbit_s = nic ? 16.25 : NAN;
	w->tcp_out_segs = 400;
	w->tcp_retrans_segs = 2;
	w->tcp_retrans_pct = 0.5;
}

static void fill_clientres(struct runrec_clientres *c, int rate)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->host, sizeof(c->host), "vm-1");
	c->cores = 2;
	fill_window(&c->benchmark, 10, 1);
	c->has_kept = 1;
	fill_window(&c->kept, 8, 0);
	snprintf(c->nic.name, sizeof(c->nic.name), "eth0");
	c->nic.speed_mbit = 1000;
	c->nic.speed_integer = 1;
	snprintf(c->nic.speed_source, sizeof(c->nic.speed_source), "sysfs");
	c->endpoint_local = 1;
	c->samples = 41;
	c->realtime_drift_ms = -0.125;
	c->realtime_priority = rate ? 10 : RUNREC_NULL_INT;
}

/* fill: a record with every member set (clients: two, one with a machine record). */
static void fill(struct runrec *r, json_t *summary)
{
	static const char *hosts[] = {"a", "b"};

	runrec_init(r);
	r->tool = (struct runrec_tool){0,           "s3bench", S3BENCH_VERSION, "8.0",
				       "OpenSSL 3", "1.5",     "2.14"};
	r->host = (struct runrec_host){0, "vm-1", "Linux 6.1", "x86_64", 2, "AMD EPYC"};
	r->has_campaign = 1;
	r->campaign = (struct runrec_campaign){
		0, "demo", "Demo",          "vm",     "campaign.ini", "interleave",
		3, 25.5,   "1000 PUT 4KiB", "eu-west"};
	r->cycle = 2;
	r->subject = (struct runrec_subject){0,    "rgw",   "Ceph", "http://127.0.0.1:7480",
					     "us", "bench", "path", "#1f77b4",
					     1,    "env",   NULL,   "path"};
	r->workload = (struct runrec_workload){.op = "mixed",
					       .size = 1048576,
					       .concurrency = 4,
					       .bound = "duration",
					       .duration_s = 30,
					       .objects = 100,
					       .timeout_s = 120,
					       .has_mix = 1,
					       .mix = {45, 15, 30, 10},
					       .size_spec = "random:4KiB..1MiB",
					       .rate = 500,
					       .workers = 256,
					       .seed = 7,
					       .retries = 3,
					       .has_auto = 0,
					       .duration_subject = 1,
					       .has_send = 1,
					       .buckets = 2,
					       .prefixes = 4};
	for (int f = 0; f < RUNREC_SEND_COUNT; f++)
		r->workload.send.v[f] = runrec_send_default((enum runrec_send_field)f);
	r->workload.send.v[RUNREC_SEND_TLS_RESUME] = "no";
	r->workload.send.connect_timeout_ms = 60000;
	r->workload.send.read_timeout_ms = 1500;
	r->workload.send.request_timeout_ms = 0;
	r->phase[PHASE_PREPARE] = PH_DONE;
	r->phase[PHASE_BENCHMARK] = PH_DONE;
	r->phase[PHASE_CLEANUP] = PH_FAILED;
	r->wrapper = (struct runrec_wrapper){0,
					     1764671856033188810LL,
					     1764671861149510006LL,
					     5.1,
					     RUNREC_NULL_INT,
					     9,
					     1,
					     0,
					     {1, 11, 2, 60, NULL},
					     {1, 5, 2, -300, "America/New_York"}};
	r->errors = (struct runrec_errors){0, 12, "http-5xx", 2, {"HTTP 503 SlowDown", "x"}};
	r->has_cpu = 1;
	r->cpu_benchmark_s = 0.41;
	r->cpu_us_per_request = 12.3;
	r->has_stop = 1;
	r->steady = 1;
	r->stop_at_s = 21.5;
	r->reads_exhausted = 1;
	r->has_payload = 1;
	r->payload = (struct runrec_payload){.data = "dedup:0.5",
					     .phase = "benchmark",
					     .bodies = 20,
					     .sampled = 20,
					     .bytes = 5242880,
					     .blocks_512 = 10240,
					     .blocks_4k = 1280,
					     .unique_512_share = 0.5008,
					     .unique_4k_share = 0.5008,
					     .zstd_ratio = 1.93};
	r->has_versioning = 1;
	r->versioning = (struct runrec_versioning){.status = "enabled",
						   .object_lock = 1,
						   .retention_mode = "GOVERNANCE",
						   .retention_days = 1,
						   .allow_retention = 1,
						   .delete_markers = 10,
						   .has_cleanup = 1,
						   .cleanup_versions = 10,
						   .cleanup_markers = 10};
	r->has_transport = 1;
	r->transport = (struct runrec_transport){
		0,
		100,
		2,
		0,
		1,
		{{"127.0.0.1", 102, 4096}},
		1,
		{{"TLSv1.3", "TLS_AES_256_GCM_SHA384", 4}},
		3,
		1,
		2,
		{{100000001, 7, 1700000000123456789, "127.0.0.1:9000", "TLSv1.3",
		  "TLS_AES_256_GCM_SHA384", "x25519"},
		 {100000002, 1, 1700000001000000000, "[::1]:9000", "", "", ""}},
		5};
	r->has_clients = 1;
	runrec_clients_alloc(&r->clients, 2, NULL);
	r->clients.count = 2;
	r->clients.concurrency_total = 8;
	for (int i = 0; i < 2; i++) {
		struct runrec_client *c = &r->clients.list[i];
		r->clients.hosts[i] = hosts[i];
		c->rank = i;
		c->host = hosts[i];
		c->client_id = "AbCd1234";
		c->offset_ms = i * 0.25;
		c->rtt_ms = i * 0.5;
		c->status = i ? RUNREC_FAILED : RUNREC_COMPLETE;
		c->cls = i ? "timeout" : NULL;
		c->reason = i ? "timed out" : NULL;
		c->has_summary = !i;
		c->summary = (struct runrec_brief){0,   10,  4096, 0,
						   1.5, 2.5, 1,    {1, 2, 3, 4, 5, 6, 7}};
		c->has_client = !i;
		fill_clientres(&c->client, 0);
		c->has_limit = !i;
		climit_judge(&c->client, NULL, 0, NULL, &c->limit, NULL);
	}
	r->billing.phases = 5;
	bill_count_op(&r->billing.bill[PHASE_PREPARE], BOP_PUT_OBJECT, 100, 1, 2);
	bill_count_op(&r->billing.bill[PHASE_CLEANUP], BOP_DELETE_OBJECTS, 100, 0, 0);
	r->billing.bill[PHASE_CLEANUP].storage_byte_s = 1.5e9;
	r->billing.retries[PHASE_PREPARE] = 3;
	r->has_prices = 1;
	price_init(&r->prices);
	price_set_key(&r->prices, "price_storage", "0.023/GB-month, 0.022/GB-month above 50TB",
		      NULL);
	price_set_key(&r->prices, "class_c", "ListObjectsV2", NULL);
	price_set_key(&r->prices, "price_class_c", "0.004/1000", NULL);
	r->has_client = 1;
	fill_clientres(&r->client, 1);
	r->has_client_limit = 1;
	climit_judge(&r->client, NULL, 4, NULL, &r->client_limit, NULL);
	r->status = RUNREC_COMPLETE;
	r->summary = summary;
}

/* records: every record written, read and written again: the same text; a few values
 * checked one by one. */
static void records(void)
{
	json_t *summary = json_pack("{s:i, s:f}", "requests", 5, "mib_s", 1.5);
	struct runrec r, back;
	struct err e = {{0}};
	json_t *a, *b;
	char *ta, *tb;

	fill(&r, summary);
	a = runrec_to_json(&r);
	CHECK(a != NULL && runrec_from_json(a, &back, &e) == 0, "full record read back: %s", e.msg);
	b = runrec_to_json(&back);
	ta = text(a);
	tb = text(b);
	CHECK_STR(tb, ta, "record -> text -> record -> text");
	CHECK(back.has_versioning && strcmp(back.versioning.status, "enabled") == 0 &&
		      back.versioning.object_lock == 1 &&
		      strcmp(back.versioning.retention_mode, "GOVERNANCE") == 0 &&
		      back.versioning.delete_markers == 10 && back.versioning.has_cleanup &&
		      back.versioning.cleanup_markers == 10,
	      "versioning read back");
	CHECK(back.has_payload && strcmp(back.payload.data, "dedup:0.5") == 0 &&
		      strcmp(back.payload.phase, "benchmark") == 0 && back.payload.bodies == 20 &&
		      back.payload.blocks_4k == 1280 && back.payload.unique_4k_share == 0.5008 &&
		      back.payload.zstd_ratio == 1.93,
	      "payload read back");
	CHECK(strcmp(back.workload.send.v[RUNREC_SEND_TLS_RESUME], "no") == 0 &&
		      back.workload.send.connect_timeout_ms == 60000 &&
		      back.workload.send.read_timeout_ms == 1500 &&
		      back.workload.send.request_timeout_ms == 0,
	      "workload.send: tls_resume and each attempt's time limits read back");
	CHECK(back.cycle == 2 && back.workload.mix[2] == 30 && back.workload.rate == 500 &&
		      back.wrapper.exit_code == RUNREC_NULL_INT && back.wrapper.signal == 9 &&
		      back.errors.n_first == 2 && back.clients.n_list == 2 &&
		      back.clients.list[1].has_summary == 0 &&
		      back.client.realtime_priority == 10 &&
		      back.clients.list[0].client.realtime_priority == RUNREC_NULL_INT &&
		      back.client.nic.speed_integer && isnan(back.client.kept.nic_tx_mbit_s) &&
		      back.billing.phases == 5 && back.billing.retries[PHASE_PREPARE] == 3 &&
		      back.steady && back.has_prices && back.summary != NULL &&
		      strcmp(back.host.cpu_model, "AMD EPYC") == 0 && back.transport.n_tls == 1 &&
		      back.transport.tls[0].connections == 4 && back.transport.nodelay_on == 3 &&
		      back.transport.nodelay_off == 1,
	      "values read back");
	CHECK(back.campaign.vantage != NULL && strcmp(back.campaign.vantage, "eu-west") == 0 &&
		      strstr(ta,
			     "\"cost_example\": \"1000 PUT 4KiB\",\n    \"vantage\": \"eu-west\""),
	      "campaign.vantage read back, after cost_example");
	CHECK(back.wrapper.local.known && back.wrapper.local.hour == 11 &&
		      back.wrapper.local.weekday == 2 && back.wrapper.local.utc_offset_min == 60 &&
		      strstr(ta, "\"local\": {\n      \"hour\": 11,\n      \"weekday\": 2,\n      "
				 "\"utc_offset_min\": 60\n    }"),
	      "wrapper.local read back and written after started");
	CHECK(strstr(ta, "\"addressing_used\": \"path\"") && strstr(ta, "\"ca_bundle\": null") &&
		      strstr(ta, "\"phase_retries\": {\n    \"prepare\": 3,\n    \"cleanup\": 0"),
	      "members as docs/FORMATS.md has them");
	free(ta);
	free(tb);
	json_decref(a);
	json_decref(b);
	runrec_clear(&back);
	/* a record with nothing but what a failed run has: nulls, and members left out */
	runrec_clients_clear(&r.clients);
	runrec_init(&r);
	r.absent = RUNREC_BIT(RUNREC_WORKLOAD); /* (a zero workload is no workload) */
	a = runrec_to_json(&r);
	ta = text(a);
	CHECK(runrec_from_json(a, &back, &e) == 0, "empty record read back: %s", e.msg);
	b = runrec_to_json(&back);
	tb = text(b);
	CHECK_STR(tb, ta, "empty record: the same text");
	CHECK(strstr(ta, "\"campaign\": null") && strstr(ta, "\"cpu\": null") &&
		      !strstr(ta, "\"stop\"") && !strstr(ta, "\"clients\"") &&
		      !strstr(ta, "\"summary\"") && strstr(ta, "\"exit_code\": null"),
	      "nulls and members left out");
	free(ta);
	free(tb);
	json_decref(a);
	json_decref(b);
	runrec_clear(&back);
	json_decref(summary);
}

/* A malformed member: the message names its JSON path. */
static const struct {
	const char *json, *want;
} bad[] = {
	{"{\"format\": \"s3bench-run/1\", \"workload\": {\"rate\": \"fast\"}}",
	 "field workload.rate: expected a number"},
	{"{\"format\": \"s3bench-run/1\", \"workload\": {\"mix\": {\"get\": 1, \"list\": 2}}}",
	 "field workload.mix.list"},
	{"{\"format\": \"s3bench-run/1\", \"workload\": {\"send\": {\"http\": 2}}}",
	 "field workload.send.http: expected a string"},
	{"{\"format\": \"s3bench-run/1\", \"workload\": {\"send\": {\"read_timeout_ms\": -1}}}",
	 "field workload.send.read_timeout_ms: -1 is out of range"},
	{"{\"format\": \"s3bench-run/1\", \"versioning\": {\"status\": \"sometimes\"}}",
	 "field versioning.status: 'sometimes' is not enabled, suspended, off or unknown"},
	{"{\"format\": \"s3bench-run/1\", \"versioning\": {\"object_lock\": 1}}",
	 "field versioning.object_lock: expected true, false or null"},
	{"{\"format\": \"s3bench-run/1\", \"versioning\": {\"cleanup\": {\"versions\": 1}}}",
	 "field versioning.cleanup: expected versions and delete_markers"},
	{"{\"format\": \"s3bench-run/1\", \"payload\": {\"unique_4k_share\": 1.5}}",
	 "field payload.unique_4k_share: 1.5 is out of range"},
	{"{\"format\": \"s3bench-run/1\", \"payload\": {\"phase\": \"cleanup\"}}",
	 "field payload.phase: 'cleanup' is not benchmark or prepare"},
	{"{\"format\": \"s3bench-run/1\", \"workload\": {\"buckets\": 0}}",
	 "field workload.buckets: 0 is out of range"},
	{"{\"format\": \"s3bench-run/1\", \"cycle\": \"2\"}", "field cycle: expected an integer"},
	{"{\"format\": \"s3bench-run/1\", \"subject\": {\"insecure\": 1}}",
	 "field subject.insecure: expected true or false"},
	{"{\"format\": \"s3bench-run/1\", \"wrapper\": {\"started\": \"yesterday\"}}",
	 "field wrapper.started: expected an RFC 3339 time"},
	{"{\"format\": \"s3bench-run/1\", \"wrapper\": {\"local\": {\"hour\": 24, \"weekday\": 1, "
	 "\"utc_offset_min\": 0}}}",
	 "field wrapper.local.hour"},
	{"{\"format\": \"s3bench-run/1\", \"wrapper\": {\"local\": {\"hour\": 3}}}",
	 "field wrapper.local: needs hour, weekday and utc_offset_min"},
	{"{\"format\": \"s3bench-run/1\", \"phases\": {\"benchmark\": \"halfway\"}}",
	 "field phases.benchmark"},
	{"{\"format\": \"s3bench-run/1\", \"errors\": {\"first\": [\"a\", 5]}}",
	 "field errors.first[1]: expected a string"},
	{"{\"format\": \"s3bench-run/1\", \"stop\": {\"reason\": \"bored\", \"at_s\": 1}}",
	 "field stop"},
	{"{\"format\": \"s3bench-run/1\", \"transport\": {\"addresses\": [{\"address\": 1}]}}",
	 "field transport.addresses[0].address: expected a string"},
	{"{\"format\": \"s3bench-run/1\", \"transport\": {\"tls\": [{\"version\": \"TLSv1.3\", "
	 "\"cipher\": \"x\", \"connections\": \"4\"}]}}",
	 "field transport.tls[0].connections: expected an integer"},
	{"{\"format\": \"s3bench-run/1\", \"transport\": {\"tcp_nodelay\": {\"on\": true}}}",
	 "field transport.tcp_nodelay.on: expected an integer"},
	{"{\"format\": \"s3bench-run/1\", \"billing\": {\"cleanup\": {\"class_a\": -1}}}",
	 "field billing.cleanup.class_a"},
	{"{\"format\": \"s3bench-run/1\", \"phase_retries\": {\"prepare\": 1.5}}",
	 "field phase_retries.prepare"},
	{"{\"format\": \"s3bench-run/1\", \"prices\": {\"egress_per_gb\": -1}}",
	 "field prices.egress_per_gb"},
	{"{\"format\": \"s3bench-run/1\", \"client\": {\"window\": {\"benchmark\": "
	 "{\"cpu_busy_pct\": \"x\"}}}}",
	 "field client.window.benchmark.cpu_busy_pct: expected a number"},
	{"{\"format\": \"s3bench-run/1\", \"client\": {\"nic\": {\"speed_mbit\": \"fast\"}}}",
	 "field client.nic.speed_mbit"},
	{"{\"format\": \"s3bench-run/1\", \"client_limit\": {\"limited\": true, \"reasons\": "
	 "[\"moon\"]}}",
	 "field client_limit.reasons[0]"},
	{"{\"format\": \"s3bench-run/1\", \"clients\": {\"count\": 1, \"concurrency_total\": 1, "
	 "\"hosts\": [\"a\"], \"list\": [{\"rank\": 0, \"host\": \"a\", \"summary\": "
	 "{\"mib_s\": 1, \"obj_s\": 1, \"latency_ms\": {\"avg\": 1}}}]}}",
	 "field clients.list[0].summary.latency_ms.p50"},
	{"{\"format\": \"s3bench-run/1\", \"clients\": {\"count\": 1, \"concurrency_total\": 1, "
	 "\"hosts\": [\"a\"], \"list\": [{\"rank\": 0, \"host\": \"a\", \"client\": "
	 "{\"cores\": \"two\"}}]}}",
	 "field clients.list[0].client.cores"},
	{"{\"format\": \"s3bench-run/1\", \"summary\": 5}", "field summary: expected an object"},
	{"{\"format\": \"s3bench-run/2\"}", "field format: unknown version"},
	{"{\"cycle\": 1}", "field format: missing"},
};

static void malformed(void)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *j = json_loads(bad[i].json, 0, NULL);
		struct runrec r;
		struct err e = {{0}};

		CHECK(j != NULL, "bad %zu: the fixture is JSON", i);
		CHECK(runrec_from_json(j, &r, &e) == -1 && strstr(e.msg, bad[i].want) != NULL,
		      "bad %zu refused naming '%s': '%s'", i, bad[i].want, e.msg);
		json_decref(j);
	}
}

/* check_run: what analyze needs of a run */
static void check_run(void)
{
	static const struct {
		const char *json, *want;
	} c[] = {
		{"{\"format\": \"s3bench-run/1\", \"subject\": {\"id\": \"a\"}, \"workload\": "
		 "{\"op\": \"put\", \"concurrency\": 2}}",
		 "field campaign: missing"},
		{"{\"format\": \"s3bench-run/1\", \"campaign\": null}", "field subject: missing"},
		{"{\"format\": \"s3bench-run/1\", \"campaign\": null, \"subject\": {}}",
		 "field subject.id"},
		{"{\"format\": \"s3bench-run/1\", \"campaign\": null, \"subject\": {\"id\": \"a\"}}",
		 "field workload: missing"},
		{"{\"format\": \"s3bench-run/1\", \"campaign\": null, \"subject\": {\"id\": \"a\"}, "
		 "\"workload\": {\"op\": \"put\"}}",
		 "field workload.concurrency: missing"},
		{"{\"format\": \"s3bench-run/1\", \"campaign\": null, \"subject\": {\"id\": \"a\"}, "
		 "\"workload\": {\"op\": \"put\", \"concurrency\": 2}}",
		 NULL},
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		json_t *j = json_loads(c[i].json, 0, NULL);
		struct runrec r;
		struct err e = {{0}};
		int rc = runrec_from_json(j, &r, &e) == 0 ? runrec_check_run(&r, &e) : -2;

		if (c[i].want == NULL)
			CHECK(rc == 0, "check %zu: a run: %s", i, e.msg);
		else
			CHECK(rc == -1 && strstr(e.msg, c[i].want) != NULL, "check %zu: '%s'", i,
			      e.msg);
		runrec_clear(&r);
		json_decref(j);
	}
}

/* local_time: runrec_local_of in two time zones (POSIX TZ strings, no tzdata needed):
 * 1764671856 s is Tuesday 2025-12-02 10:37:36 UTC (Python's datetime says so). */
static void local_time(void)
{
	struct runrec_local l;

	setenv("TZ", "UTC0", 1);
	tzset();
	runrec_local_of(1764671856033188810LL, &l);
	CHECK(l.known && l.hour == 10 && l.weekday == 2 && l.utc_offset_min == 0,
	      "UTC: hour 10, Tuesday, offset 0 (%lld %lld %lld)", (long long)l.hour,
	      (long long)l.weekday, (long long)l.utc_offset_min);
	setenv("TZ", "KST-9", 1);
	tzset();
	runrec_local_of(1764671856033188810LL, &l);
	CHECK(l.known && l.hour == 19 && l.weekday == 2 && l.utc_offset_min == 540,
	      "UTC+9: hour 19, Tuesday, offset 540");
	runrec_local_of(0, &l);
	CHECK(!l.known, "no start: not known");
	unsetenv("TZ");
	tzset();
}

int main(int argc, char **argv)
{
	files(argc, argv);
	if (argc == 1) {
		records();
		malformed();
		local_time();
		check_run();
	}
	return check_done();
}
