/* tests/unit/test_workload_spec.c: collect/workload.h, the mix, size-spec, range, rate and
 * seed fields: the parsers
 * of mix, size distributions, ranges, rate and seed (values and messages), their checks
 * in workload_check (each naming its field), the defaults of mixed and the worker rule
 * of rate runs. */
#include <math.h>
#include <string.h>

#include "collect/workload.h"
#include "tests/unit/check.h"

/* a valid 10-second workload of op */
static struct workload base(enum wl_op op)
{
	struct workload wl;

	workload_defaults(&wl, op);
	wl.duration_s = 10;
	return wl;
}

static void bad(struct workload wl, enum wl_field want_f, const char *want, const char *what)
{
	enum wl_field f = WLF_COUNT_;
	struct err e = {{0}};

	CHECK(workload_check(&wl, 0, &f, &e) < 0 && f == want_f && strcmp(e.msg, want) == 0,
	      "%s: field %s, '%s'", what, workload_field_key(f), e.msg);
}

static void good(struct workload wl, const char *what)
{
	enum wl_field f;
	struct err e = {{0}};

	CHECK(workload_check(&wl, 0, &f, &e) == 0, "%s: %s", what, e.msg);
}

static void test_mix(void)
{
	struct wl_mix m;
	struct err e = {{0}};
	char t[WL_MIX_TEXT_MAX];
	struct workload wl = base(WL_MIXED);

	CHECK(wl.mix.w[WL_GET] == 45 && wl.mix.w[WL_HEAD] == 30 && wl.mix.w[WL_PUT] == 15 &&
		      wl.mix.w[WL_DELETE] == 10,
	      "mixed defaults: Warp's");
	CHECK_STR(workload_format_mix(&wl.mix, t, sizeof(t)), "get:45,put:15,head:30,delete:10",
		  "mix text");
	good(wl, "the default mix");
	CHECK(workload_parse_mix(" get:60 , STAT:40 ", &m, &e) == 0 && m.w[WL_GET] == 60 &&
		      m.w[WL_HEAD] == 40 && m.w[WL_PUT] == 0,
	      "mix with blanks and stat: %s", e.msg);
	CHECK(workload_parse_mix("get:1,list:2", &m, &e) < 0 &&
		      strcmp(e.msg,
			     "'get:1,list:2': 'list' is not OP:WEIGHT of an op of a mix (get, put, "
			     "head, delete)") == 0,
	      "list in a mix: %s", e.msg);
	CHECK(workload_parse_mix("get:1,get:2", &m, &e) < 0 &&
		      strcmp(e.msg, "'get:1,get:2': get is given twice") == 0,
	      "twice: %s", e.msg);
	CHECK(workload_parse_mix("get:x", &m, &e) < 0 &&
		      strcmp(e.msg, "'get:x': 'x' is not a weight from 0 to 1000000") == 0,
	      "%s", e.msg);
	CHECK(workload_parse_mix("get", &m, &e) < 0, "no weight");
	CHECK(workload_parse_mix("", &m, &e) < 0, "empty mix");
	workload_parse_mix("get:0,put:0", &wl.mix, &e);
	bad(wl, WLF_MIX, "'': no op has a weight above 0", "all weights 0");
	wl = base(WL_MIXED), wl.mix.w[WL_LIST] = 3;
	bad(wl, WLF_MIX, "'list:3': a mix has only get, put, head and delete", "list weight");
	wl = base(WL_PUT), wl.mix.w[WL_GET] = 3;
	bad(wl, WLF_MIX, "'get:3': a mix is only for the mixed workload", "mix for put");
	wl = base(WL_MIXED), wl.objects = 500;
	good(wl, "mixed prepares objects");
	wl = base(WL_MIXED), wl.bound = WL_BOUND_UNTIL_DONE;
	bad(wl, WLF_BOUND, "'until-done' is only for delete", "mixed until-done");
}

static void test_sizes(void)
{
	struct workload wl = base(WL_PUT);
	struct err e = {{0}};
	uint64_t size = 0;

	CHECK(workload_parse_sizes("4KiB", &wl.sizes, &size, &e) == 0 && size == 4096 &&
		      wl.sizes.kind == WL_SIZE_FIXED && wl.sizes.spec[0] == '\0',
	      "a plain size");
	CHECK(workload_parse_sizes("random: 4KiB..1MiB", &wl.sizes, &wl.size, &e) == 0 &&
		      wl.sizes.kind == WL_SIZE_RANDOM && wl.sizes.min == 4096 &&
		      wl.sizes.max == 1 << 20 && wl.size == 1 << 20,
	      "random: %s", e.msg);
	CHECK_STR(wl.sizes.spec, "random:4KiB..1MiB", "random spec without blanks");
	good(wl, "random sizes for put");
	CHECK(workload_parse_sizes("dist:4KiB:50, 1MiB:20,64KiB:30", &wl.sizes, &wl.size, &e) ==
			      0 &&
		      wl.sizes.kind == WL_SIZE_DIST && wl.sizes.n == 3 &&
		      wl.sizes.size[2] == 65536 && wl.sizes.weight[2] == 30 && wl.size == 1 << 20,
	      "dist: %s", e.msg);
	CHECK_STR(wl.sizes.spec, "dist:4KiB:50,1MiB:20,64KiB:30", "dist spec");
	good(wl, "dist for put");
	CHECK(workload_parse_sizes("lognormal: 64KiB, 1.5", &wl.sizes, &wl.size, &e) == 0 &&
		      wl.sizes.kind == WL_SIZE_LOGNORMAL && wl.sizes.median == 65536 &&
		      wl.sizes.sigma == 1.5 && wl.sizes.min == 1 && wl.sizes.max == 26439109 &&
		      wl.size == 26439109,
	      "lognormal, max median x e^(4 sigma) = round(65536 e^6): %s", e.msg);
	CHECK_STR(wl.sizes.spec, "lognormal:64KiB,1.5", "lognormal spec without blanks");
	good(wl, "lognormal for put");
	CHECK(workload_parse_sizes("lognormal:64KiB,0.5,max=1MiB", &wl.sizes, &wl.size, &e) == 0 &&
		      wl.sizes.max == 1 << 20 && wl.size == 1 << 20 && wl.sizes.sigma == 0.5,
	      "lognormal with max: %s", e.msg);
	CHECK(workload_parse_sizes("lognormal:1GiB,3", &wl.sizes, &wl.size, &e) == 0 &&
		      wl.sizes.max == 5ULL << 30,
	      "lognormal: the default max capped at 5GiB: %s", e.msg);
	{
		static const struct {
			const char *spec, *msg;
		} bad[] = {
			{"lognormal:64KiB",
			 "'lognormal:64KiB' is not lognormal:MEDIAN,SIGMA[,max=SIZE]"},
			{"lognormal:64XB,1",
			 "'lognormal:64XB,1': the median '64XB' is not a size above 0 (64KiB)"},
			{"lognormal:0,1",
			 "'lognormal:0,1': the median '0' is not a size above 0 (64KiB)"},
			{"lognormal:64KiB,0",
			 "'lognormal:64KiB,0': sigma '0' is not a number above 0 and at most 3"},
			{"lognormal:64KiB,-1",
			 "'lognormal:64KiB,-1': sigma '-1' is not a number above 0 and at most 3"},
			{"lognormal:64KiB,50",
			 "'lognormal:64KiB,50': sigma '50' is not a number above 0 and at most 3"},
			{"lognormal:64KiB,nan",
			 "'lognormal:64KiB,nan': sigma 'nan' is not a number above 0 and at most 3"},
			{"lognormal:64KiB,1,16MiB",
			 "'lognormal:64KiB,1,16MiB': '16MiB' is not max=SIZE"},
			{"lognormal:64KiB,1,max=4KiB",
			 "'lognormal:64KiB,1,max=4KiB': max must be at least the median and at most 5GiB"},
			{"lognormal:64KiB,1,max=6GiB",
			 "'lognormal:64KiB,1,max=6GiB': max must be at least the median and at most 5GiB"},
		};
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			e.msg[0] = '\0';
			CHECK(workload_parse_sizes(bad[i].spec, &wl.sizes, &size, &e) < 0 &&
				      strcmp(e.msg, bad[i].msg) == 0,
			      "%s refused: %s", bad[i].spec, e.msg);
		}
	}
	CHECK(workload_parse_sizes("random:4KiB", &wl.sizes, &size, &e) < 0 &&
		      strcmp(e.msg, "'random:4KiB' is not random:MIN..MAX") == 0,
	      "%s", e.msg);
	CHECK(workload_parse_sizes("random:4XB..1MiB", &wl.sizes, &size, &e) < 0 &&
		      strstr(e.msg, "is not random:MIN..MAX ('4XB' is not a size") != NULL,
	      "random bad size: %s", e.msg);
	CHECK(workload_parse_sizes("dist:4KiB", &wl.sizes, &size, &e) < 0 &&
		      strcmp(e.msg, "'dist:4KiB': '4KiB' is not SIZE:WEIGHT") == 0,
	      "%s", e.msg);
	CHECK(workload_parse_sizes("dist:1:1,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,10:1,11:1,12:1,"
				   "13:1,14:1,15:1,16:1,17:1",
				   &wl.sizes, &size, &e) < 0 &&
		      strstr(e.msg, "has more than 16 sizes") != NULL,
	      "17 sizes: %s", e.msg);

	wl = base(WL_PUT);
	workload_parse_sizes("random:1MiB..4KiB", &wl.sizes, &wl.size, &e);
	bad(wl, WLF_SIZE, "'random:1MiB..4KiB': needs 0 < MIN <= MAX", "min > max");
	workload_parse_sizes("random:0..4KiB", &wl.sizes, &wl.size, &e);
	bad(wl, WLF_SIZE, "'random:0..4KiB': needs 0 < MIN <= MAX", "min 0");
	workload_parse_sizes("dist:4KiB:1,4096:2", &wl.sizes, &wl.size, &e);
	bad(wl, WLF_SIZE, "'dist:4KiB:1,4096:2': a size is listed twice", "dist repeat");
	workload_parse_sizes("dist:4KiB:0", &wl.sizes, &wl.size, &e);
	bad(wl, WLF_SIZE,
	    "'dist:4KiB:0': every size and weight must be above 0 (weights up "
	    "to 1000000)",
	    "weight 0");
	wl = base(WL_HEAD);
	workload_parse_sizes("random:1KiB..4KiB", &wl.sizes, &wl.size, &e);
	bad(wl, WLF_SIZE, "'random:1KiB..4KiB': size distributions are for put, get and mixed",
	    "random for head");
	wl = base(WL_MIXED);
	workload_parse_sizes("random:1KiB..4KiB", &wl.sizes, &wl.size, &e);
	good(wl, "random for mixed");
	wl.size = 1024;
	bad(wl, WLF_SIZE, "'random:1KiB..4KiB': the workload's size is not its largest size",
	    "size out of step");
}

static void test_range(void)
{
	struct workload wl = base(WL_GET);
	struct err e = {{0}};

	CHECK(workload_parse_range("0..64KiB", &wl.range, &e) == 0 &&
		      wl.range.kind == WL_RANGE_FIXED && wl.range.off == 0 && wl.range.len == 65536,
	      "0..64KiB: bytes=0-65535");
	bad(wl, WLF_RANGE, "'0..64KiB' ends past the end of the 4KiB object", "past 4KiB");
	wl.size = 65536;
	good(wl, "0..64KiB of 64 KiB objects");
	CHECK(workload_parse_range("1KiB .. 2KiB", &wl.range, &e) == 0 && wl.range.off == 1024 &&
		      wl.range.len == 1024,
	      "1KiB..2KiB");
	CHECK_STR(wl.range.spec, "1KiB..2KiB", "range spec");
	CHECK(workload_parse_range("random:64KiB", &wl.range, &e) == 0 &&
		      wl.range.kind == WL_RANGE_RANDOM && wl.range.len == 65536,
	      "random:64KiB");
	good(wl, "random:64KiB of 64 KiB objects");
	CHECK(workload_parse_range("2KiB..1KiB", &wl.range, &e) < 0 &&
		      strcmp(e.msg,
			     "'2KiB..1KiB': the end is not after the start (A..B reads bytes A to "
			     "B - 1)") == 0,
	      "%s", e.msg);
	CHECK(workload_parse_range("64KiB", &wl.range, &e) < 0 &&
		      strcmp(e.msg, "'64KiB' is not a range (A..B or random:LEN)") == 0,
	      "%s", e.msg);
	workload_parse_sizes("dist:64KiB:1,16KiB:1", &wl.sizes, &wl.size, &e);
	workload_parse_range("random:32KiB", &wl.range, &e);
	bad(wl, WLF_RANGE, "'random:32KiB' is longer than the 16KiB objects (the smallest size)",
	    "random range past the smallest dist size");
	workload_parse_range("random:16KiB", &wl.range, &e);
	good(wl, "random range of the smallest size");
	wl = base(WL_PUT);
	workload_parse_range("0..1KiB", &wl.range, &e);
	bad(wl, WLF_RANGE, "'0..1KiB': a range is only for get", "range for put");
	wl = base(WL_GET), wl.range.kind = WL_RANGE_RANDOM;
	snprintf(wl.range.spec, sizeof(wl.range.spec), "random:0");
	bad(wl, WLF_RANGE, "'random:0': reads no byte", "empty range");
}

static void test_rate_seed(void)
{
	struct workload wl = base(WL_GET);
	struct err e = {{0}};
	double r = 0;
	uint64_t s = 0;
	char t[32];

	CHECK(workload_parse_rate("500/s", &r, &e) == 0 && r == 500, "500/s");
	CHECK(workload_parse_rate("0.5", &r, &e) == 0 && r == 0.5, "0.5");
	CHECK_STR(workload_format_rate(0.5, t, sizeof(t)), "0.5/s", "rate text");
	CHECK(workload_parse_rate("0/s", &r, &e) < 0 &&
		      strcmp(e.msg, "'0/s' is not a rate from above 0 to 100000/s (N/s)") == 0,
	      "%s", e.msg);
	CHECK(workload_parse_rate("100001/s", &r, &e) < 0, "above the maximum");
	CHECK(workload_parse_rate("-5/s", &r, &e) < 0 && workload_parse_rate("nan", &r, &e) < 0 &&
		      workload_parse_rate("5/m", &r, &e) < 0,
	      "-5, nan, per minute");
	CHECK(workload_parse_seed("9223372036854775807", &s, &e) == 0 && s == INT64_MAX,
	      "largest seed");
	CHECK(workload_parse_seed("9223372036854775808", &s, &e) < 0 &&
		      strcmp(e.msg, "'9223372036854775808' is not a seed (a whole number from 0 to "
				    "9223372036854775807)") == 0,
	      "seed above 2^63-1: %s", e.msg);
	CHECK(workload_parse_seed("-1", &s, &e) < 0 && workload_parse_seed("1x", &s, &e) < 0,
	      "bad seeds");

	wl.concurrency = 64, wl.rate = 500;
	good(wl, "get at 500/s");
	CHECK(workload_workers(&wl) == 64, "500/s: the cap, concurrency (workers grow to it)");
	wl.rate = 5;
	CHECK(workload_workers(&wl) == 64, "5/s: the same cap");
	CHECK(workload_rate_cap(5) == 256 && workload_rate_cap(500) == 500 &&
		      workload_rate_cap(700.5) == 701 && workload_rate_cap(100000) == 1024,
	      "default cap: max(256, rate x 1 s), at most 1024");
	wl.rate = 0;
	CHECK(workload_workers(&wl) == 64, "closed loop: concurrency");
	wl = base(WL_GET_SMALL), wl.concurrency = 8;
	CHECK(workload_workers(&wl) == 1, "micro-op: 1 worker");
	wl = base(WL_GET), wl.rate = 500, wl.bound = WL_BOUND_COUNT, wl.count = 10;
	bad(wl, WLF_RATE, "'500/s': a rate run needs a duration bound", "rate with count");
	wl = base(WL_LIST), wl.rate = 5;
	bad(wl, WLF_RATE, "'5/s': a rate is for put, get, head and mixed", "rate for list");
	wl = base(WL_GET), wl.rate = NAN;
	bad(wl, WLF_RATE, "'nan/s' is not a rate from above 0 to 100000/s", "NaN rate");
	CHECK(!strcmp(workload_field_key(WLF_RATE), "rate") &&
		      !strcmp(workload_field_option(WLF_SEED), "--seed") &&
		      !strcmp(workload_field_option(WLF_MIX), "--mix") &&
		      !strcmp(workload_field_key(WLF_RANGE), "range"),
	      "field names");
}

/* test_hedge: the hedge's spellings and its check (collect/workload_hedge.c). */
static void test_hedge(void)
{
	struct workload wl = base(WL_GET);
	struct err e = {{0}};

	CHECK(workload_parse_hedge("p95", &wl.hedge, &e) == 0 && wl.hedge.kind == WL_HEDGE_P95,
	      "p95");
	good(wl, "a get hedged at its p95");
	CHECK(workload_parse_hedge(" P99 ", &wl.hedge, &e) == 0 && wl.hedge.kind == WL_HEDGE_P99 &&
		      strcmp(wl.hedge.spec, "P99") == 0,
	      "P99, blanks dropped");
	CHECK(workload_parse_hedge("200ms", &wl.hedge, &e) == 0 &&
		      wl.hedge.kind == WL_HEDGE_FIXED && wl.hedge.ms == 200,
	      "200ms");
	CHECK(workload_parse_hedge("1.5s", &wl.hedge, &e) == 0 && wl.hedge.ms == 1500, "1.5s");
	CHECK(workload_parse_hedge("none", &wl.hedge, &e) == 0 && wl.hedge.kind == WL_HEDGE_NONE &&
		      wl.hedge.spec[0] == '\0',
	      "none");
	CHECK(workload_parse_hedge("p90", &wl.hedge, &e) < 0 &&
		      strcmp(e.msg, "'p90' is not a hedge (p95, p99 or a time above 0 and at most "
				    "1h, like 200ms)") == 0,
	      "%s", e.msg);
	CHECK(workload_parse_hedge("0ms", &wl.hedge, &e) < 0, "0ms is no hedge");
	CHECK(workload_parse_hedge("2h", &wl.hedge, &e) < 0, "2h is past 1 h");
	wl = base(WL_PUT);
	workload_parse_hedge("p95", &wl.hedge, &e);
	bad(wl, WLF_HEDGE, "'p95': a hedge is only for get (this workload is put)", "put hedged");
	wl = base(WL_GET);
	workload_parse_hedge("50ms", &wl.hedge, &e);
	wl.retries = 2;
	bad(wl, WLF_HEDGE,
	    "'50ms': a hedged get does not retry (retries = 2): the duplicate is its second attempt",
	    "hedge with retries");
}

int main(void)
{
	test_mix();
	test_sizes();
	test_range();
	test_rate_seed();
	test_hedge();
	return check_done();
}
