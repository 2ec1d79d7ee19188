/* tests/unit/test_estimate.c: collect/run/estimate.h: the bound of a run's bill (max_cost's
 * check) by hand: bytes at the client NIC's speed, requests at one per worker per half
 * round trip, whichever binds, for put, get, a ranged get, head, mixed, multipart, a rate
 * run, a count-bounded run with retries, several clients; unbounded when the NIC's speed or
 * the round trip is not known, naming why; and the estimate at an assumed throughput. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/campaign/plan.h"
#include "collect/run/estimate.h"
#include "tests/unit/check.h"

static const char *text = "[campaign]\nname = b\n"
			  "[matrix]\nops = put\nsizes = 1MiB\nconcurrency = 10\nduration = 5m\n"
			  "[subject a]\nendpoint = http://a\nbucket = b\nprice_unit = GiB\n"
			  "price_egress = 0.09/GB\nprice_class_a = 0.005/1000\n"
			  "price_class_b = 0.0004/1000\nmin_storage_days = 90\n"
			  "price_storage = 0.023/GB-month\n";

static struct campaign *c;
static struct plan *p;
static struct estimate_bound bd;
static struct estimate_opts o;

/* run: the plan's one run with wl's fields as f sets them. */
static struct plan_run run(void (*f)(struct workload *))
{
	struct plan_run r = p->runs[0];
	f(&r.wl);
	return r;
}

static void put_1m(struct workload *w)
{
	(void)w;
}

static void get_4k(struct workload *w)
{
	w->op = WL_GET;
	w->size = 4096;
	w->duration_s = 60;
	w->objects = 100;
}

static void get_range(struct workload *w)
{
	w->op = WL_GET;
	w->range.kind = WL_RANGE_RANDOM;
	w->range.len = 65536;
	w->duration_s = 60;
	w->objects = 100;
}

static void head_c4(struct workload *w)
{
	w->op = WL_HEAD;
	w->concurrency = 4;
	w->duration_s = 10;
	w->objects = 50;
}

static void rate_put(struct workload *w)
{
	w->size = 4096;
	w->rate = 100;
	w->retries = 2;
	w->duration_s = 10;
}

static void count_put(struct workload *w)
{
	w->size = 4096;
	w->concurrency = 4;
	w->bound = WL_BOUND_COUNT;
	w->count = 10;
	w->retries = 1;
}

static void mixed_1m(struct workload *w)
{
	w->op = WL_MIXED;
	memset(&w->mix, 0, sizeof(w->mix));
	w->mix.w[WL_GET] = 60;
	w->mix.w[WL_PUT] = 40;
	w->duration_s = 10;
	w->objects = 100;
}

static void multipart_20m(struct workload *w)
{
	w->op = WL_MULTIPART;
	w->size = 20 << 20;
	w->part_size = 5 << 20;
	w->concurrency = 2;
	w->duration_s = 10;
}

static int bound(void (*f)(struct workload *), struct bill_counts *b, char *why)
{
	struct plan_run r = run(f);
	return estimate_run(c, &r, 1, &o, b, why, 200);
}

static void closed_loop(void)
{
	struct bill_counts b;
	char why[200];
	double rps = 1.25e9 / 1048576.0; /* the NIC binds: 1192 requests/s < 10 / 1 ms */

	CHECK(bound(put_1m, &b, why), "put 1MiB c10 5m: bounded (%s)", why);
	CHECK(b.req[BOP_PUT_OBJECT].n == (uint64_t)ceil(rps * 300), "PutObject %llu, hand %.0f",
	      (unsigned long long)b.req[BOP_PUT_OBJECT].n, ceil(rps * 300));
	CHECK(b.bytes_in == 375000000000ULL, "bytes in: the NIC's 1.25 GB/s for 300 s (%llu)",
	      (unsigned long long)b.bytes_in);
	CHECK(b.req[BOP_CREATE_BUCKET].n == 1 && b.req[BOP_HEAD_BUCKET].n == 1 &&
		      b.req[BOP_LIST_MULTIPART_UPLOADS].n == 1,
	      "prepare and cleanup counted");
	CHECK(b.deleted == b.objects && b.deleted_byte_s == 0 && b.deleted_bytes == b.object_bytes,
	      "every object made deleted at once (the dearest for a minimum duration)");
	struct cost_parts cp;
	price_cost(&c->subjects[0].prices, &b, &cp);
	CHECK_NUM(cp.deleted_early, 3.75e11 / 1073741824.0 * 90 * 86400 / PRICE_MONTH_S * 0.023,
		  1e-6, "the bound's minimum-duration charge: 375 GB for 90 days");
	CHECK(bound(get_4k, &b, why) && b.req[BOP_GET_OBJECT].n == 600000 &&
		      b.bytes_out == 600000ULL * 4096,
	      "get 4KiB c10 1m: the round trip binds: 10 / 1 ms x 60 s (%llu)",
	      (unsigned long long)b.req[BOP_GET_OBJECT].n);
	CHECK(b.req[BOP_PUT_OBJECT].n == 100, "...its 100 prepared objects");
	CHECK(bound(get_range, &b, why) && b.req[BOP_GET_OBJECT].n == 600000 &&
		      b.bytes_out == 600000ULL * 65536,
	      "a ranged get: the range's bytes (%llu)", (unsigned long long)b.bytes_out);
	CHECK(bound(head_c4, &b, why) && b.req[BOP_HEAD_OBJECT].n == 40000,
	      "head c4 10 s: 4 / 1 ms x 10 s (%llu)", (unsigned long long)b.req[BOP_HEAD_OBJECT].n);
	CHECK(bound(mixed_1m, &b, why) && b.req[BOP_GET_OBJECT].n == 60000 &&
		      b.req[BOP_PUT_OBJECT].n == 40000 + 100 && b.bytes_out == 12500000000ULL,
	      "mixed get 60 put 40: 100,000 requests split, bytes at the NIC (%llu GET, %llu out)",
	      (unsigned long long)b.req[BOP_GET_OBJECT].n, (unsigned long long)b.bytes_out);
	/* multipart 20 MiB in 4 parts, c2: the NIC binds, 59.6 objects/s < 2 / 1 ms / 6 */
	uint64_t objs = (uint64_t)ceil(1.25e9 / (20 << 20) * 10);
	CHECK(bound(multipart_20m, &b, why) && b.req[BOP_COMPLETE_MULTIPART_UPLOAD].n == objs &&
		      b.req[BOP_UPLOAD_PART].n == (objs + 2) * 4 &&
		      b.req[BOP_ABORT_MULTIPART_UPLOAD].n == 2 && b.bytes_in == 12500000000ULL,
	      "multipart: %llu objects (hand %llu), their parts and the workers' open uploads",
	      (unsigned long long)b.req[BOP_COMPLETE_MULTIPART_UPLOAD].n, (unsigned long long)objs);
}

static void others(void)
{
	struct bill_counts b;
	char why[200];

	bd.nic_bytes_s = 0;
	CHECK(!bound(put_1m, &b, why) && strstr(why, "the client NIC's speed is unknown"),
	      "a closed-loop put without the NIC's speed: not bounded (%s)", why);
	CHECK(bound(head_c4, &b, why) && b.req[BOP_HEAD_OBJECT].n == 40000,
	      "a head run needs no NIC speed");
	CHECK(bound(rate_put, &b, why) && b.req[BOP_PUT_OBJECT].n == 3000,
	      "a rate run: 100/s x (1 + 2 retries) x 10 s (%llu)",
	      (unsigned long long)b.req[BOP_PUT_OBJECT].n);
	CHECK(bound(count_put, &b, why) && b.req[BOP_PUT_OBJECT].n == 80,
	      "count 10 x c4, each retried once: 80");
	bd.nic_bytes_s = 1.25e9;
	bd.clients = 4;
	CHECK(bound(put_1m, &b, why) &&
		      b.req[BOP_PUT_OBJECT].n == (uint64_t)ceil(4 * 1.25e9 / 1048576.0 * 300) &&
		      b.bytes_in == 4 * 375000000000ULL,
	      "four clients: four NICs (%llu)", (unsigned long long)b.bytes_in);
	bd.clients = 0;
	bd.probed = 0;
	snprintf(bd.why, sizeof(bd.why), "a took no TCP connection");
	CHECK(!bound(get_4k, &b, why) && strstr(why, "no round trip (a took no TCP connection)"),
	      "no round trip: not bounded (%s)", why);
	bd.probed = 1;
}

static void estimate(void)
{
	struct estimate_opts e = {0};
	struct plan_run r = run(put_1m);
	struct bill_counts b;
	char why[200];

	CHECK(!estimate_run(c, &r, 1, &e, &b, why, sizeof(why)),
	      "the estimate of a duration run without a throughput: none (%s)", why);
	e.assume_mib_s = 100;
	CHECK(estimate_run(c, &r, 1, &e, &b, why, sizeof(why)) && b.req[BOP_PUT_OBJECT].n == 30000,
	      "--assume 100: 100 MiB/s of 1 MiB for 300 s");
	struct estimate est[1];
	estimate_plan(c, p, 0, &o, est);
	CHECK(est[0].runs == 1 && est[0].unbounded == 0 && est[0].cost.total > 0,
	      "estimate_plan with the bound");
}

int main(void)
{
	struct err e;

	c = campaign_parse_string(text, "b.ini", &e);
	CHECK(c != NULL, "campaign: %s", c ? "" : e.msg);
	if (c == NULL)
		return check_done();
	p = plan_build(c, NULL, &e);
	CHECK(p != NULL && p->n == 1, "plan");
	if (p == NULL)
		return check_done();
	bd.nic_bytes_s = 1.25e9; /* 10 Gbit/s */
	bd.rtt_s = 0.002;        /* a 2 ms connect: one request per worker per 1 ms */
	bd.probed = 1;
	o.bound = &bd;
	closed_loop();
	others();
	estimate();
	plan_free(p);
	campaign_free(c);
	return check_done();
}
