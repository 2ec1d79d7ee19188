/* tests/live/live_engine.c: the workload engine against the local S3 servers that
 * tests/run started (S3RVER_* and RGW_*; an absent server skips). Every run's rows are
 * written with the real ops log writer and read back.
 * tests/run: alone (its rate runs are checked to the request: 380-400 rows of a 2-s 200/s run) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/s3/creds.h"
#include "collect/engine/engine.h"
#include "collect/s3/s3.h"
#include "core/opslog.h"
#include "tests/live/live.h"
#include "tests/unit/check.h"

/* What the rows of one run say. */
struct rows {
	uint64_t n, errors, objects, bytes, bad_bytes, bad_times, no_ttfb, bad_op;
	uint64_t min_objects, max_objects;
	uint64_t idx_sum, idx_max, bad_thread;
	int max_thread;
	int64_t first_start, last_end;
	const char *want_op;
	uint64_t want_bytes; /* per successful row; (uint64_t)-1: any */
	char first_error[256];
};

static int on_row(const struct op_row *r, void *arg)
{
	struct rows *x = arg;

	x->n++;
	x->idx_sum += r->idx;
	if (r->idx > x->idx_max)
		x->idx_max = r->idx;
	if (r->thread < 0 || r->thread > x->max_thread)
		x->bad_thread++;
	if (strcmp(r->op, x->want_op) != 0)
		x->bad_op++;
	if (r->error[0] != '\0') {
		x->errors++;
		if (x->first_error[0] == '\0')
			snprintf(x->first_error, sizeof(x->first_error), "%s", r->error);
		return 0;
	}
	x->objects += r->n_objects;
	x->bytes += r->bytes;
	if (x->min_objects == 0 || r->n_objects < x->min_objects)
		x->min_objects = r->n_objects;
	if (r->n_objects > x->max_objects)
		x->max_objects = r->n_objects;
	if (x->want_bytes != (uint64_t)-1 && r->bytes != x->want_bytes)
		x->bad_bytes++;
	if (r->first_byte_ns == 0)
		x->no_ttfb++;
	if (!(r->start_ns > 0 && r->start_ns <= r->end_ns &&
	      r->duration_ns == r->end_ns - r->start_ns) ||
	    (r->first_byte_ns &&
	     (r->first_byte_ns < r->start_ns || r->first_byte_ns > r->end_ns)) ||
	    (r->last_byte_ns && (r->last_byte_ns < r->start_ns || r->last_byte_ns > r->end_ns)))
		x->bad_times++;
	if (x->first_start == 0 || r->start_ns < x->first_start)
		x->first_start = r->start_ns;
	if (r->end_ns > x->last_end)
		x->last_end = r->end_ns;
	return 0;
}

static volatile sig_atomic_t stop_flag;
static int ticks;

static void on_tick(const struct engine_live *live, void *arg)
{
	(void)arg;
	ticks++;
	if (live->requests > 0 && getenv("LIVE_ENGINE_VERBOSE"))
		fprintf(stderr, "  tick: %llu requests %.1f s\n",
			(unsigned long long)live->requests, live->elapsed_s);
	if (ticks >= 1)
		__atomic_store_n(&stop_flag, 1,
				 __ATOMIC_RELAXED); /* only the stop test installs this */
}

struct run_out {
	int prep_rc, bench_rc, clean_rc;
	struct engine_result res;
	struct rows rows;
	double seconds;
};

static unsigned run_no;
/* A key PUT under the prefix after prepare (NULL: none); see the delete test. */
static const char *sentinel;

/* run_wl: prepare, benchmark (rows to a temp ops log, read back), optionally cleanup. */
static void run_wl(const struct server *s, struct s3_client *c, const char *bucket,
		   const struct workload *wl, const char *want_op, uint64_t want_bytes, int cleanup,
		   char *prefix_out, size_t prefix_n, int with_stop, struct run_out *out)
{
	char prefix[128], path[256];
	struct err e = {{0}};
	struct opslog_writer *log;

	memset(out, 0, sizeof(*out));
	snprintf(prefix, sizeof(prefix), "eng-%d-%u/", (int)getpid(), run_no++);
	if (prefix_out)
		snprintf(prefix_out, prefix_n, "%s", prefix);
	snprintf(path, sizeof(path), "/tmp/live_engine.%d.ops.tsv.zst", (int)getpid());
	log = opslog_writer_open(path, &e);
	CHECK(log != NULL, "%s: ops log: %s", s->name, e.msg);
	if (log == NULL)
		return;
	stop_flag = 0;
	ticks = 0;
	struct engine_opts o = {.client = c,
				.bucket = bucket,
				.prefix = prefix,
				.endpoint = s->endpoint,
				.wl = wl,
				.log = log,
				.on_tick = with_stop ? on_tick : NULL,
				.stop = &stop_flag};
	out->prep_rc = engine_prepare(&o, &out->res, &e);
	CHECK(out->prep_rc == 0, "%s %s: prepare: %s", s->name, workload_op_name(wl->op), e.msg);
	if (sentinel != NULL) {
		char key[200];
		struct s3_req *r = s3_req_new(c, &e);
		struct s3_result res;
		struct s3_body b = {.mem = "s", .len = 1};
		snprintf(key, sizeof(key), "%s%s", prefix, sentinel);
		struct s3_args a = {.op = S3_PUT_OBJECT, .bucket = bucket, .key = key, .body = &b};
		CHECK(s3_req_perform(r, &a, &res, &e) == 0, "%s: sentinel: %s", s->name, e.msg);
		s3_req_free(r);
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	out->bench_rc = out->prep_rc == 0 ? engine_benchmark(&o, &out->res, &e) : -1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	out->seconds = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	CHECK(out->bench_rc == 0, "%s %s: benchmark: %s", s->name, workload_op_name(wl->op), e.msg);
	CHECK(opslog_writer_close(log, &e) == 0, "%s: close log: %s", s->name, e.msg);
	out->rows.want_op = want_op;
	out->rows.want_bytes = want_bytes;
	out->rows.max_thread = wl->concurrency - 1;
	CHECK(opslog_read(path, on_row, &out->rows, &e) == 0, "%s: read log: %s", s->name, e.msg);
	unlink(path);
	if (out->rows.errors)
		fprintf(stderr, "%s %s: %llu errors, first: %s\n", s->name,
			workload_op_name(wl->op), (unsigned long long)out->rows.errors,
			out->rows.first_error);
	CHECK(out->rows.errors == 0, "%s %s: no request errors", s->name, workload_op_name(wl->op));
	CHECK(out->rows.n == 0 || (out->rows.idx_max == out->rows.n - 1 &&
				   out->rows.idx_sum == out->rows.n * (out->rows.n - 1) / 2),
	      "%s %s: idx runs 0..n-1 once each", s->name, workload_op_name(wl->op));
	CHECK(out->rows.bad_thread == 0, "%s %s: thread is a worker number", s->name,
	      workload_op_name(wl->op));
	CHECK(out->rows.bad_op == 0, "%s %s: every row is %s", s->name, workload_op_name(wl->op),
	      want_op);
	CHECK(out->rows.bad_times == 0, "%s %s: start <= first byte <= end in every row", s->name,
	      workload_op_name(wl->op));
	CHECK(out->rows.bad_bytes == 0, "%s %s: bytes equal the size in every row", s->name,
	      workload_op_name(wl->op));
	if (out->bench_rc == 0) {
		CHECK(out->res.has_summary && out->res.summary.requests == out->rows.n,
		      "%s %s: summary has the %llu rows", s->name, workload_op_name(wl->op),
		      (unsigned long long)out->rows.n);
		fprintf(stderr,
			"%s %-13s c=%-3d %6llu req in %.2f s: %8.0f req/s, %8.1f MiB/s, "
			"CPU %.1f us/req\n",
			s->name, workload_op_name(wl->op), wl->concurrency,
			(unsigned long long)out->rows.n, out->seconds, out->rows.n / out->seconds,
			out->rows.bytes / out->seconds / 1048576.0, out->res.cpu_us_per_op);
	}
	if (cleanup) {
		out->clean_rc = engine_cleanup(&o, &out->res, &e);
		CHECK(out->clean_rc == 0, "%s %s: cleanup: %s", s->name, workload_op_name(wl->op),
		      e.msg);
	}
}

static void run_server(struct server *s)
{
	struct s3_client *c;
	char bucket[64], prefix[128];
	struct run_out out;

	if (live_server(s) != 0)
		return;
	c = live_client(s, s->secret, 0, 60000);
	if (c == NULL)
		return;
	snprintf(bucket, sizeof(bucket), "live-engine-%d", (int)getpid());

	/* PUT, count-bound: exactly workers x count requests, objects all there */
	struct workload put = {.op = WL_PUT,
			       .size = 64 << 10,
			       .concurrency = 4,
			       .bound = WL_BOUND_COUNT,
			       .count = 5};
	run_wl(s, c, bucket, &put, "PUT", 64 << 10, 0, prefix, sizeof(prefix), 0, &out);
	CHECK(out.rows.n == 20, "%s put: %llu rows (want 4 x 5)", s->name,
	      (unsigned long long)out.rows.n);
	CHECK(out.rows.bytes == 20u * (64 << 10), "%s put: bytes", s->name);
	CHECK(live_count_keys(c, bucket, prefix) == 20, "%s put: 20 objects stored", s->name);
	{
		struct err e = {{0}};
		struct engine_result r = {0};
		struct engine_opts o = {
			.client = c, .bucket = bucket, .prefix = prefix, .wl = &put};
		CHECK(engine_cleanup(&o, &r, &e) == 0, "%s put cleanup: %s", s->name, e.msg);
		CHECK(live_count_keys(c, bucket, prefix) == 0, "%s put: cleanup removed everything",
		      s->name);
	}

	/* PUT with many workers (one multi loop per thread) */
	struct workload put64 = {
		.op = WL_PUT, .size = 4096, .concurrency = 64, .bound = WL_BOUND_COUNT, .count = 8};
	run_wl(s, c, bucket, &put64, "PUT", 4096, 1, prefix, sizeof(prefix), 0, &out);
	CHECK(out.rows.n == 64 * 8, "%s put c=64: %llu rows", s->name,
	      (unsigned long long)out.rows.n);

	/* GET of random prepared objects */
	struct workload get = {.op = WL_GET,
			       .size = 256 << 10,
			       .concurrency = 4,
			       .bound = WL_BOUND_COUNT,
			       .count = 10,
			       .objects = 12};
	run_wl(s, c, bucket, &get, "GET", 256 << 10, 0, prefix, sizeof(prefix), 0, &out);
	CHECK(out.rows.n == 40 && out.rows.no_ttfb == 0, "%s get: 40 rows with TTFB", s->name);
	CHECK(live_count_keys(c, bucket, prefix) == 12, "%s get: 12 objects prepared", s->name);
	{
		struct err e = {{0}};
		struct engine_result r = {0};
		struct engine_opts o = {
			.client = c, .bucket = bucket, .prefix = prefix, .wl = &get};
		CHECK(engine_cleanup(&o, &r, &e) == 0 && live_count_keys(c, bucket, prefix) == 0,
		      "%s get: cleanup: %s", s->name, e.msg);
	}

	/* HEAD, duration-bound */
	struct workload head = {.op = WL_HEAD,
				.size = 1000,
				.concurrency = 8,
				.bound = WL_BOUND_DURATION,
				.duration_s = 2,
				.objects = 20};
	run_wl(s, c, bucket, &head, "STAT", 0, 1, NULL, 0, 0, &out);
	CHECK(out.rows.n > 8 && out.seconds >= 1.9 && out.seconds < 5,
	      "%s head: %llu rows in %.2f s (2 s bound)", s->name, (unsigned long long)out.rows.n,
	      out.seconds);

	/* HEAD, open loop at 200/s for 2 s: 8 workers over the threads share the slot counter
	 * (the TSan build checks it); slots 0..399 are due before the end */
	struct workload rate = {.op = WL_HEAD,
				.size = 1000,
				.concurrency = 8,
				.rate = 200,
				.bound = WL_BOUND_DURATION,
				.duration_s = 2,
				.objects = 20};
	run_wl(s, c, bucket, &rate, "STAT", 0, 1, NULL, 0, 0, &out);
	CHECK(out.rows.n >= 380 && out.rows.n <= 400 && out.res.summary.has_rate &&
		      out.res.summary.rate.offered == 200 && out.res.summary.rate.intended.max > 0,
	      "%s head 200/s: %llu rows in 2 s (400 slots), a rate summary", s->name,
	      (unsigned long long)out.rows.n);

	/* LIST over more than one page: a row per ListObjectsV2 page, n_objects = the keys it
	 * listed (2 workers x 2 listings of 1050 keys at 1000 a page: pages of 1000 and 50) */
	struct workload list = {.op = WL_LIST,
				.size = 0,
				.concurrency = 2,
				.bound = WL_BOUND_COUNT,
				.count = 2,
				.objects = 1050};
	run_wl(s, c, bucket, &list, "LIST", 0, 1, NULL, 0, 0, &out);
	CHECK(out.rows.n == 8 && out.rows.min_objects == 50 && out.rows.max_objects == 1000,
	      "%s list: %llu rows listing %llu..%llu keys (want 8 pages of 1000 or 50)", s->name,
	      (unsigned long long)out.rows.n, (unsigned long long)out.rows.min_objects,
	      (unsigned long long)out.rows.max_objects);
	CHECK(out.res.summary.objects == 4 * 1050, "%s list: summary objects", s->name);

	/* DELETE until done, multi-object batches and single deletes. s3rver 4.0.4 answers
	 * 500 when deletes empty a directory at the same moment (its empty-directory cleanup
	 * races: readdirSync on a directory just removed; DeleteObjects deletes its keys in
	 * parallel, so even one worker hits it): there a sentinel object keeps the
	 * directory from emptying during the run, and is counted in what is left. */
	for (int batch = 1; batch <= 10; batch += 9) {
		int is_s3rver = strcmp(s->name, "s3rver") == 0;
		struct workload del = {.op = WL_DELETE,
				       .size = 100,
				       .concurrency = 3,
				       .bound = WL_BOUND_UNTIL_DONE,
				       .objects = 53,
				       .batch = batch};
		sentinel = is_s3rver ? "obj/~sentinel" : NULL;
		run_wl(s, c, bucket, &del, "DELETE", 0, 0, prefix, sizeof(prefix), 0, &out);
		sentinel = NULL;
		CHECK(out.rows.objects == 53, "%s delete batch %d: %llu objects deleted", s->name,
		      batch, (unsigned long long)out.rows.objects);
		CHECK(out.rows.n == (batch == 1 ? 53u : 6u), "%s delete batch %d: %llu requests",
		      s->name, batch, (unsigned long long)out.rows.n);
		CHECK(out.res.summary.completion_s > 0, "%s delete: completion time", s->name);
		CHECK(live_count_keys(c, bucket, prefix) == (is_s3rver ? 1u : 0u),
		      "%s delete batch %d: every prepared object gone", s->name, batch);
		if (is_s3rver) {
			struct err e = {{0}};
			struct engine_result r = {0};
			struct engine_opts o = {
				.client = c, .bucket = bucket, .prefix = prefix, .wl = &del};
			CHECK(engine_cleanup(&o, &r, &e) == 0, "%s: sentinel cleanup: %s", s->name,
			      e.msg);
		}
	}

	/* multipart: 11 MiB objects in 5 MiB parts */
	struct workload mp = {.op = WL_MULTIPART,
			      .size = 11 << 20,
			      .concurrency = 2,
			      .bound = WL_BOUND_COUNT,
			      .count = 1,
			      .part_size = 5 << 20};
	run_wl(s, c, bucket, &mp, "PUT", 11 << 20, 0, prefix, sizeof(prefix), 0, &out);
	CHECK(out.rows.n == 2, "%s multipart: 2 objects", s->name);
	{
		struct s3_req *r = s3_req_new(c, NULL);
		struct s3_result res;
		char key[200];
		snprintf(key, sizeof(key), "%sput/w0000/0", prefix);
		struct s3_args h = {.op = S3_HEAD_OBJECT, .bucket = bucket, .key = key};
		CHECK(s3_req_perform(r, &h, &res, NULL) == 0 && res.content_length == (11u << 20),
		      "%s multipart: object is 11 MiB (%llu)", s->name,
		      (unsigned long long)res.content_length);
		s3_req_free(r);
		struct err e = {{0}};
		struct engine_result er = {0};
		struct engine_opts o = {.client = c, .bucket = bucket, .prefix = prefix, .wl = &mp};
		CHECK(engine_cleanup(&o, &er, &e) == 0, "%s multipart cleanup: %s", s->name, e.msg);
	}

	/* parts under 5 MiB: radosgw refuses CompleteMultipartUpload (EntityTooSmall); every
	 * object is then one error row (and its upload is aborted), and a benchmark without
	 * one success ends with -1 and the class of its errors */
	if (strcmp(s->name, "radosgw") == 0) {
		struct workload small = {.op = WL_MULTIPART,
					 .size = 3 << 20,
					 .concurrency = 2,
					 .bound = WL_BOUND_COUNT,
					 .count = 2,
					 .part_size = 1 << 20};
		struct engine_result r = {0};
		struct err e = {{0}};
		struct engine_opts o = {
			.client = c, .bucket = bucket, .prefix = "eng-small/", .wl = &small};
		CHECK(engine_prepare(&o, &r, &e) == 0, "%s: small parts prepare: %s", s->name,
		      e.msg);
		CHECK(engine_benchmark(&o, &r, &e) == -1 && r.errors == 4 && !r.has_summary &&
			      r.cls == EC_HTTP_4XX && r.n_first > 0 &&
			      strstr(r.first[0], "EntityTooSmall"),
		      "%s: small parts: %llu errors, class %s, first '%s', %s", s->name,
		      (unsigned long long)r.errors, err_class_name(r.cls),
		      r.n_first ? r.first[0] : "", e.msg);
		CHECK(engine_cleanup(&o, &r, &e) == 0, "%s: small parts cleanup: %s", s->name,
		      e.msg);
	}

	/* sequential micro-operations: one worker, CPU per op */
	struct workload micro[3] = {
		{.op = WL_CREATE_BUCKET, .concurrency = 4, .bound = WL_BOUND_COUNT, .count = 3},
		{.op = WL_PUT_EMPTY, .concurrency = 4, .bound = WL_BOUND_COUNT, .count = 20},
		{.op = WL_GET_SMALL,
		 .size = 1024,
		 .concurrency = 4,
		 .bound = WL_BOUND_COUNT,
		 .count = 20},
	};
	const char *mops[3] = {"CREATEBUCKET", "PUT", "GET"};
	uint64_t mbytes[3] = {0, 0, 1024};
	for (int i = 0; i < 3; i++) {
		run_wl(s, c, bucket, &micro[i], mops[i], mbytes[i], 1, NULL, 0, 0, &out);
		CHECK(out.rows.n == micro[i].count, "%s %s: one worker, %llu rows", s->name,
		      workload_op_name(micro[i].op), (unsigned long long)out.rows.n);
		CHECK(out.res.cpu_us_per_op > 0 && out.res.cpu_s > 0, "%s %s: CPU per op %.1f us",
		      s->name, workload_op_name(micro[i].op), out.res.cpu_us_per_op);
	}

	/* the stop flag ends a long benchmark early */
	struct workload stopw = {.op = WL_PUT,
				 .size = 1024,
				 .concurrency = 4,
				 .bound = WL_BOUND_DURATION,
				 .duration_s = 60};
	run_wl(s, c, bucket, &stopw, "PUT", 1024, 1, NULL, 0, 1, &out);
	CHECK(out.seconds < 5 && out.rows.n > 0, "%s: stop flag ended a 60 s run after %.2f s",
	      s->name, out.seconds);

	/* a wrong secret: prepare fails with the auth class */
	{
		struct s3_client *bad = live_client(s, "not-the-secret", 0, 60000);
		struct workload g2 = {.op = WL_GET,
				      .size = 10,
				      .concurrency = 2,
				      .bound = WL_BOUND_COUNT,
				      .count = 1,
				      .objects = 2};
		struct engine_result r = {0};
		struct err e = {{0}};
		struct engine_opts o = {
			.client = bad, .bucket = bucket, .prefix = "eng-bad/", .wl = &g2};
		CHECK(bad && engine_prepare(&o, &r, &e) == -1 && r.cls == EC_AUTH &&
			      strstr(e.msg, "SignatureDoesNotMatch") != NULL,
		      "%s: wrong secret: prepare fails, class %s: %s", s->name,
		      err_class_name(r.cls), e.msg);
		CHECK(r.errors > 0 && r.n_first > 0, "%s: the error is recorded", s->name);
		s3_client_free(bad);
	}

	{
		struct s3_req *r = s3_req_new(c, NULL);
		struct s3_result res;
		struct err e = {{0}};
		struct s3_args db = {.op = S3_DELETE_BUCKET, .bucket = bucket};
		CHECK(s3_req_perform(r, &db, &res, &e) == 0, "%s: bucket empty and deleted: %s",
		      s->name, e.msg);
		s3_req_free(r);
	}
	s3_client_free(c);
}

int main(void)
{
	struct server servers[2] = {{.name = "s3rver", .prefix = "S3RVER"},
				    {.name = "radosgw", .prefix = "RGW"}};

	for (int i = 0; i < 2; i++)
		run_server(&servers[i]);
	return check_done();
}
