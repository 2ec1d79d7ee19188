/* tests/unit/test_collect_clients.c: collect/run/clients.c: the merge of several clients' ops logs
 * (start order across clients, equal starts in client order, idx renumbered, client_id
 * kept, a missing log skipped, the summary over all rows equal to the one computed from
 * the merged file; a retried attempt stays one) and run.json's "clients" object. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/run/clients.h"
#include "core/opslog.h"
#include "tests/unit/check.h"

#define T0 1700000000000000000LL

/* write_log: n rows of client id at starts T0 + first + k * step ms (k = 0..n-1). */
static int write_log(const char *path, const char *id, int n, int64_t first_ms, int64_t step_ms)
{
	struct err e;
	struct opslog_writer *w = opslog_writer_open(path, &e);

	if (w == NULL)
		return -1;
	for (int k = 0; k < n; k++) {
		int64_t s = T0 + (first_ms + k * step_ms) * 1000000;
		char key[64];
		snprintf(key, sizeof(key), "p/%s/put/w0000/%d", id, k);
		struct op_row r = {.thread = 0,
				   .op = "PUT",
				   .client_id = id,
				   .n_objects = 1,
				   .bytes = 4096,
				   .endpoint = "http://x",
				   .file = key,
				   .error = "",
				   .start_ns = s,
				   .first_byte_ns = s + 1000000,
				   .end_ns = s + 2000000,
				   .duration_ns = 2000000,
				   .cat = ""};
		if (opslog_writer_add(w, &r, &e) < 0) {
			opslog_writer_abort(w);
			return -1;
		}
	}
	return opslog_writer_close(w, &e);
}

struct seen {
	int n, ordered, idx_ok, a, b, c;
	int64_t last;
	char first_two[2][16];
	struct summary_acc *acc;
};

static int on_row(const struct op_row *r, void *arg)
{
	struct seen *s = arg;

	if (r->start_ns < s->last)
		s->ordered = 0;
	if (r->idx != (uint64_t)s->n)
		s->idx_ok = 0;
	if (s->n < 2)
		snprintf(s->first_two[s->n], sizeof(s->first_two[0]), "%s", r->client_id);
	s->last = r->start_ns;
	s->a += strcmp(r->client_id, "AAAAAAAA") == 0;
	s->b += strcmp(r->client_id, "BBBBBBBB") == 0;
	s->c += strcmp(r->client_id, "CCCCCCCC") == 0;
	s->n++;
	return summary_acc_add(s->acc, r, NULL) < 0;
}

static void test_merge(const char *dir)
{
	char a[512], b[512], missing[512], out[512];
	const char *in[4];
	struct run_summary sum, again;
	struct seen s = {0, 1, 1, 0, 0, 0, 0, {"", ""}, NULL};
	struct err e;
	uint64_t rows = 0;
	int has = 0;

	snprintf(a, sizeof(a), "%s/a.tsv.zst", dir);
	snprintf(b, sizeof(b), "%s/b.tsv.zst", dir);
	snprintf(missing, sizeof(missing), "%s/none.tsv.zst", dir);
	snprintf(out, sizeof(out), "%s/ops.tsv.zst", dir);
	/* a: 0, 10, 20 ... ms; b: 0, 15, 30 ... ms: interleaved, one equal start at 0 */
	CHECK(write_log(a, "AAAAAAAA", 300, 0, 10) == 0, "client a's log written");
	CHECK(write_log(b, "BBBBBBBB", 200, 0, 15) == 0, "client b's log written");
	in[0] = b;       /* b first: of equal starts, b's row comes first */
	in[1] = NULL;    /* a client without a log */
	in[2] = missing; /* a client whose log never came */
	in[3] = a;
	CHECK(clients_merge_logs(in, 4, out, &(struct opslog_writer_opts){.phases = 1}, &sum, &has,
				 &rows, &e) == 0,
	      "merged: %s", e.msg);
	CHECK(has == 1 && rows == 500, "500 rows, a summary (%llu, %d)", (unsigned long long)rows,
	      has);
	CHECK(sum.requests == 500 && sum.bytes == 500 * 4096, "summary over all rows (%llu)",
	      (unsigned long long)sum.requests);
	s.acc = summary_acc_new();
	CHECK(opslog_read(out, on_row, &s, &e) == 0, "merged log reads back: %s", e.msg);
	CHECK(s.n == 500 && s.a == 300 && s.b == 200 && s.c == 0,
	      "every row keeps its client "
	      "id (a %d, b %d)",
	      s.a, s.b);
	CHECK(s.ordered, "rows in start order across clients");
	CHECK(s.idx_ok, "idx renumbered 0..499");
	CHECK_STR(s.first_two[0], "BBBBBBBB", "equal starts: in the order of the inputs");
	CHECK_STR(s.first_two[1], "AAAAAAAA", "then the other client's");
	CHECK(summary_acc_finish(s.acc, &again, NULL) == 0 && again.requests == sum.requests &&
		      again.latency.avg == sum.latency.avg && again.mib_s == sum.mib_s &&
		      again.latency.stddev == sum.latency.stddev,
	      "the summary is the file's, to the last digit (what analyze --recompute gets)");
	summary_clear(&again);
	summary_acc_free(s.acc);
	if (has)
		summary_clear(&sum);
	/* no input at all: an empty log, no summary */
	in[0] = NULL;
	CHECK(clients_merge_logs(in, 1, out, &(struct opslog_writer_opts){.phases = 1}, &sum, &has,
				 &rows, &e) == 0 &&
		      has == 0 && rows == 0,
	      "no rows: no summary, no error");
	/* an unreadable input fails, naming it */
	CHECK(write_log(a, "AAAAAAAA", 1, 0, 1) == 0 && truncate(a, 20) == 0, "a truncated");
	in[0] = a;
	CHECK(clients_merge_logs(in, 1, out, &(struct opslog_writer_opts){.phases = 1}, &sum, &has,
				 &rows, &e) < 0 &&
		      strstr(e.msg, "a.tsv.zst") != NULL,
	      "a corrupt log: error naming it (%s)", e.msg);
}

/* test_merge_retries: two clients of a run with retries, each with 3 requests whose first
 * attempt was answered 503 and retried ("1+", then "2"): merged with the run's columns,
 * a retried attempt stays one (6 requests of 12 attempts, 6 of them throttled), as
 * in each client's own summary; merged without the attempt column it would be a failed
 * request. */
static void test_merge_retries(const char *dir)
{
	static const char *const id[2] = {"AAAAAAAA", "BBBBBBBB"};
	const struct opslog_writer_opts cols = {.phases = 1, .attempts = 1};
	char path[2][512], out[512];
	const char *in[2] = {path[0], path[1]};
	struct run_summary sum;
	struct err e = {{0}};
	uint64_t rows = 0;
	int has = 0;

	snprintf(out, sizeof(out), "%s/retries.tsv.zst", dir);
	for (int c = 0; c < 2; c++) {
		struct opslog_writer *w;

		snprintf(path[c], sizeof(path[c]), "%s/retries-%d.tsv.zst", dir, c);
		w = opslog_writer_open_opts(path[c], &cols, &e);
		for (int k = 0; w != NULL && k < 6; k++) {
			int64_t s = T0 + (int64_t)(c * 100 + k) * 1000000;
			struct op_row r = {.op = "PUT",
					   .client_id = id[c],
					   .n_objects = 1,
					   .bytes = k % 2 ? 4096 : 0,
					   .endpoint = "http://x",
					   .file = "k",
					   .error = k % 2 ? "" : "HTTP 503 SlowDown",
					   .start_ns = s,
					   .end_ns = s + 500000,
					   .duration_ns = 500000,
					   .cat = "",
					   .attempt = 1 + k % 2,
					   .retried = !(k % 2)};

			CHECK(opslog_writer_add(w, &r, &e) == 0, "row written: %s", e.msg);
		}
		CHECK(w != NULL && opslog_writer_close(w, &e) == 0, "client log %d: %s", c, e.msg);
	}
	CHECK(clients_merge_logs(in, 2, out, &cols, &sum, &has, &rows, &e) == 0 && has == 1 &&
		      rows == 12,
	      "merged with the attempt column: %s", e.msg);
	CHECK(has && sum.requests == 6 && sum.errors == 0 && sum.has_retries &&
		      sum.retry.attempts == 12 && sum.attempts == 12 &&
		      sum.throttled_attempts == 6 && sum.throttled_first_attempts == 6,
	      "6 requests, 12 attempts, 6 throttled (%llu, %llu, %llu)",
	      (unsigned long long)sum.requests, (unsigned long long)sum.attempts,
	      (unsigned long long)sum.throttled_attempts);
	if (has)
		summary_clear(&sum);
}

/* same_read_back: j, a "clients" object, read by run.json's reader, copied
 * (runrec_clients_copy) and written again is the same text; a copy of a record whose count
 * is not its entries' is refused. */
static void same_read_back(const json_t *j)
{
	struct runrec_clients back, cp;
	struct err e = {{0}};
	json_t *again = NULL;
	char *a = NULL, *b = NULL;

	CHECK(runrec_clients_from_json(j, "clients", &back, &e) == 0, "read back: %s", e.msg);
	CHECK(runrec_clients_copy(&cp, &back, &e) == 0, "copied: %s", e.msg);
	again = runrec_clients_to_json(&cp);
	a = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
	b = again ? json_dumps(again, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	CHECK(a != NULL && b != NULL && strcmp(a, b) == 0,
	      "written, read, copied and written again: the same text\n%s\n%s", a, b);
	runrec_clients_clear(&cp);
	back.count++;
	CHECK(runrec_clients_copy(&cp, &back, &e) < 0 && strstr(e.msg, "3 clients, 2 entries"),
	      "a count not its entries' refused: %s", e.msg);
	CHECK(cp.list == NULL && cp.hosts == NULL, "refused: nothing left");
	free(a);
	free(b);
	json_decref(again);
	runrec_clients_clear(&back);
}

static void test_json(void)
{
	struct client_result c[2];
	json_t *sum = json_pack("{s:I, s:I, s:I, s:f, s:f, s:{s:f, s:f, s:f, s:f, s:f, s:f, s:f}, "
				"s:f}",
				"requests", (json_int_t)10, "bytes", (json_int_t)40960, "errors",
				(json_int_t)0, "mib_s", 1.5, "obj_s", 384.0, "latency_ms", "avg",
				2.5, "p50", 2.0, "p90", 3.0, "p99", 4.0, "min", 1.0, "max", 5.0,
				"stddev", 0.5, "seconds", 9.0);
	struct run_clients rc;
	struct err e = {{0}};
	json_t *j, *l;

	memset(c, 0, sizeof(c));
	snprintf(c[0].host, sizeof(c[0].host), "h0");
	snprintf(c[0].client_id, sizeof(c[0].client_id), "AAAAAAAA");
	c[0].complete = 1;
	c[0].summary = sum;
	c[1].rank = 1;
	snprintf(c[1].host, sizeof(c[1].host), "h1");
	snprintf(c[1].client_id, sizeof(c[1].client_id), "BBBBBBBB");
	c[1].offset_s = 0.012;
	c[1].rtt_s = 0.0004;
	c[1].cls = EC_KILLED;
	snprintf(c[1].reason, sizeof(c[1].reason), "killed by signal 9");
	CHECK(clients_record(c, 2, 4, &rc, &e) == 0, "clients_record: %s", e.msg);
	memset(c, 0xA5, sizeof(c)); /* the record keeps its own texts */
	j = runrec_clients_to_json(&rc.rec);
	CHECK(j != NULL, "the record written");
	CHECK(json_integer_value(json_object_get(j, "count")) == 2 &&
		      json_integer_value(json_object_get(j, "concurrency_total")) == 8,
	      "count 2, concurrency_total 2 x 4");
	CHECK_STR(json_string_value(json_array_get(json_object_get(j, "hosts"), 1)), "h1",
		  "hosts in rank order");
	l = json_object_get(j, "list");
	CHECK_STR(json_string_value(json_object_get(json_array_get(l, 0), "status")), "complete",
		  "client 0 complete");
	CHECK(json_is_null(json_object_get(json_array_get(l, 0), "class")) &&
		      json_is_null(json_object_get(json_array_get(l, 0), "reason")),
	      "no class, no reason for a complete client");
	CHECK(json_integer_value(json_object_get(json_object_get(json_array_get(l, 0), "summary"),
						 "requests")) == 10 &&
		      json_object_get(json_object_get(json_array_get(l, 0), "summary"),
				      "seconds") == NULL,
	      "a client's summary keeps requests ... latency_ms only");
	CHECK_NUM(json_real_value(json_object_get(json_array_get(l, 1), "offset_ms")), 12.0, 1e-9,
		  "offset in ms");
	CHECK_STR(json_string_value(json_object_get(json_array_get(l, 1), "class")), "killed",
		  "a failed client's class");
	CHECK(json_is_null(json_object_get(json_array_get(l, 1), "summary")),
	      "a failed client without summary: null");
	same_read_back(j);
	json_decref(j);
	clients_clear(&rc);
	json_decref(sum);
}

int main(void)
{
	char dir[] = "/tmp/s3bench-test-clients-XXXXXX";

	if (mkdtemp(dir) == NULL) {
		CHECK(0, "mkdtemp");
		return check_done();
	}
	test_merge(dir);
	test_merge_retries(dir);
	test_json();
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		CHECK(0, "cleanup of %s", dir);
	return check_done();
}
