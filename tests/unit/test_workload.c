/* tests/unit/test_workload.c: collect/workload.h: the defaults, each limit with the field
 * it names and its message, the whole-number parser and the op names. */
#include <string.h>

#include "collect/workload.h"
#include "tests/unit/check.h"

/* a valid workload of op: its defaults, 10 s (multipart: 12 MiB objects) */
static struct workload base(enum wl_op op)
{
	struct workload wl;

	workload_defaults(&wl, op);
	wl.duration_s = 10;
	if (op == WL_MULTIPART)
		wl.size = 12u << 20;
	return wl;
}

static void bad(struct workload wl, double timeout, enum wl_field want_f, const char *want,
		const char *what)
{
	enum wl_field f = WLF_COUNT_;
	struct err e = {{0}};

	CHECK(workload_check(&wl, timeout, &f, &e) < 0 && f == want_f && strcmp(e.msg, want) == 0,
	      "%s: field %s, '%s'", what, workload_field_key(f), e.msg);
}

int main(void)
{
	struct workload wl;
	enum wl_field f;
	struct err e = {{0}};
	uint64_t v = 0;
	enum wl_op op;

	workload_defaults(&wl, WL_MULTIPART);
	CHECK(wl.op == WL_MULTIPART && wl.size == 4096 && wl.concurrency == 1 &&
		      wl.bound == WL_BOUND_DURATION && wl.part_size == 5u << 20 &&
		      wl.objects == 0 && wl.batch == 0 && !wl.keep,
	      "multipart defaults");
	workload_defaults(&wl, WL_PUT);
	CHECK(wl.part_size == 0, "no part size but for multipart");
	wl.duration_s = 30;
	CHECK(workload_default_timeout(&wl) == 120, "timeout 2 x 30 s + 60 s");
	wl.bound = WL_BOUND_COUNT;
	CHECK(workload_default_timeout(&wl) == 1800, "count bound: 30 min");

	wl = base(WL_PUT);
	CHECK(workload_check(&wl, 0, &f, &e) == 0, "a valid put: %s", e.msg);
	wl = base(WL_MULTIPART);
	CHECK(workload_check(&wl, 30, &f, &e) == 0, "a valid multipart: %s", e.msg);

	wl = base(WL_PUT), wl.concurrency = 0;
	bad(wl, 0, WLF_CONCURRENCY, "'0' is not a concurrency from 1 to 1024", "concurrency 0");
	wl = base(WL_PUT), wl.concurrency = 1025;
	bad(wl, 0, WLF_CONCURRENCY, "'1025' is not a concurrency from 1 to 1024", "1025");
	wl = base(WL_PUT), wl.duration_s = 0;
	bad(wl, 0, WLF_DURATION, "'0s' is not longer than 0s", "duration 0");
	wl = base(WL_PUT), wl.bound = WL_BOUND_COUNT, wl.count = 0;
	bad(wl, 0, WLF_COUNT, "'0' is not a count from 1 to 1000000000", "count 0");
	wl = base(WL_PUT), wl.bound = WL_BOUND_UNTIL_DONE;
	bad(wl, 0, WLF_BOUND, "'until-done' is only for delete", "until-done put");
	wl = base(WL_PUT), wl.objects = 5;
	bad(wl, 0, WLF_OBJECTS,
	    "'5': objects are prepared only for get, head, list, delete and mixed (and are the "
	    "keys of put-if-absent and cas)",
	    "objects for put");
	wl = base(WL_CAS), wl.size = 8;
	bad(wl, 0, WLF_SIZE,
	    "'8': a cas run needs a size of at least 16 bytes (each write's body, and so its "
	    "ETag, must differ)",
	    "cas of 8 bytes");
	wl = base(WL_PUT_IF_ABSENT), wl.objects = 3;
	CHECK(workload_check(&wl, 0, &f, &e) == 0 && workload_keys(&wl) == 3 &&
		      workload_prepared_objects(&wl) == 0 && workload_conditional(&wl),
	      "put-if-absent over 3 keys: %s", e.msg);
	wl = base(WL_CAS);
	CHECK(workload_check(&wl, 0, &f, &e) == 0 && workload_keys(&wl) == WL_DEFAULT_KEYS &&
		      workload_prepared_objects(&wl) == WL_DEFAULT_KEYS,
	      "cas prepares its 16 keys: %s", e.msg);
	wl = base(WL_GET), wl.objects = 100000001;
	bad(wl, 0, WLF_OBJECTS, "'100000001' is not a number of objects from 1 to 100000000",
	    "too many objects");
	wl = base(WL_PUT), wl.batch = 2;
	bad(wl, 0, WLF_BATCH, "'2': a batch is only for delete", "batch for put");
	wl = base(WL_DELETE), wl.batch = 1001;
	bad(wl, 0, WLF_BATCH, "'1001' is not a batch from 1 to 1000", "batch 1001");
	wl = base(WL_GET), wl.part_size = 5u << 20;
	bad(wl, 0, WLF_PART_SIZE, "'5MiB': a part size is only for multipart", "part for get");
	wl = base(WL_MULTIPART), wl.part_size = 4u << 20;
	bad(wl, 0, WLF_PART_SIZE, "'4MiB' is smaller than S3's 5MiB minimum part size", "4MiB");
	wl = base(WL_MULTIPART), wl.part_size = 6ULL << 30, wl.size = 60ULL << 30;
	bad(wl, 0, WLF_PART_SIZE, "'6GiB' is larger than S3's 5GiB maximum part size", "6GiB");
	wl = base(WL_MULTIPART), wl.size = 5u << 20;
	bad(wl, 0, WLF_SIZE,
	    "'5MiB' is not larger than the part size 5MiB (one part is a plain "
	    "put)",
	    "one part");
	wl = base(WL_MULTIPART), wl.size = 50001ULL << 20;
	bad(wl, 0, WLF_SIZE, "'50001MiB' needs more than S3's 10000 parts of 5MiB", "10001 parts");
	wl = base(WL_MULTIPART), wl.size = 50000ULL << 20;
	CHECK(workload_check(&wl, 0, &f, &e) == 0, "exactly 10000 parts: %s", e.msg);
	wl = base(WL_PUT);
	bad(wl, 10, WLF_TIMEOUT, "'10s' is not longer than the duration (10s)", "timeout");
	wl = base(WL_PUT), wl.op = WL_KIND_COUNT;
	bad(wl, 0, WLF_OP, "'12' is not an op (" WL_OPS_TEXT ")", "op out of range");

	CHECK(workload_parse_number(WLF_BATCH, "1000", &v, &e) == 0 && v == 1000, "batch 1000");
	CHECK(workload_parse_number(WLF_BATCH, "10x", &v, &e) < 0 &&
		      strcmp(e.msg, "'10x' is not a batch from 1 to 1000") == 0,
	      "10x: %s", e.msg);
	CHECK(workload_parse_number(WLF_COUNT, "-1", &v, &e) < 0, "count -1");
	CHECK(workload_parse_number(WLF_CONCURRENCY, "99999999999999999999", &v, &e) < 0,
	      "overflow");
	CHECK(workload_parse_op("Get-Small", &op, &e) == 0 && op == WL_GET_SMALL, "op names");
	CHECK(workload_parse_op("stat", &op, &e) < 0 &&
		      strcmp(e.msg, "'stat' is not an op (" WL_OPS_TEXT ")") == 0,
	      "stat: %s", e.msg);
	for (int i = 0; i < WL_KIND_COUNT; i++)
		CHECK(workload_parse_op(workload_op_name((enum wl_op)i), &op, &e) == 0 &&
			      (int)op == i &&
			      strstr(WL_OPS_TEXT, workload_op_name((enum wl_op)i)) != NULL,
		      "op %d named and listed", i);
	CHECK(strcmp(workload_field_key(WLF_PART_SIZE), "part_size") == 0 &&
		      strcmp(workload_field_option(WLF_PART_SIZE), "--part-size") == 0,
	      "field names");
	return check_done();
}
