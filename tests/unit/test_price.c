/* tests/unit/test_price.c: core/price.h: price strings (good and wrong, each wrong one
 * named), the bill with price_unit, egress, free allowances and minimums, the JSON round
 * trips and the cost_example syntax. */
#include "core/price.h"

#include <stdlib.h>

#include "tests/unit/check.h"

static void strings(void)
{
	static const struct {
		const char *key, *val, *msg; /* msg NULL: accepted */
	} t[] = {
		{"price_egress", "0.09/GB", NULL},
		{"price_egress", "90/TB", NULL},
		{"price_egress", "0.09/GiB", NULL},
		{"price_storage", "0.023/GB-month", NULL},
		{"price_class_a", "0.005/1000", NULL},
		{"price_class_b", "0.4/1M", NULL},
		{"price_unit", "GB", NULL},
		{"egress", "same-region", NULL},
		{"currency", "EUR", NULL},
		{"min_object_size", "128KiB", NULL},
		{"min_storage_days", "90", NULL},
		{"price_egress", "0.09", "'0.09' is not a price per GB (0.09/GB, 0.09/GiB, 90/TB)"},
		{"price_egress", "0.09/XB",
		 "'0.09/XB' is not a price per GB (0.09/GB, 0.09/GiB, 90/TB)"},
		{"price_storage", "0.023/GB",
		 "'0.023/GB' is not a price per GB-month (0.023/GB-month, 0.023/GiB-month, "
		 "23/TB-month)"},
		{"price_class_a", "0.005/GB",
		 "'0.005/GB' is not a price per requests (0.005/1000, 5/1M)"},
		{"price_class_a", "-1/1000",
		 "'-1/1000' is not a price per requests (0.005/1000, 5/1M)"},
		{"price_class_b", "0.4/0",
		 "'0.4/0' is not a price per requests (0.0004/1000, 0.4/1M)"},
		{"price_unit", "gb", "'gb' is not GiB or GB"},
		{"egress", "lan", "'lan' is not internet or same-region"},
		{"currency", "usd", "'usd' is not a currency code (USD, EUR)"},
		{"min_storage_days", "90d", "'90d' is not a number (days: 90)"},
		{"price_gets", "1/1000", "unknown price key"},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct prices p;
		struct err e;
		price_init(&p);
		err_clear(&e);
		int rc = price_set_key(&p, t[i].key, t[i].val, &e);
		if (t[i].msg == NULL)
			CHECK(rc == 0, "%s = %s accepted (%s)", t[i].key, t[i].val, e.msg);
		else
			CHECK(rc < 0 && strcmp(e.msg, t[i].msg) == 0, "%s = %s: got '%s'", t[i].key,
			      t[i].val, e.msg);
	}
}

static struct prices aws_like(const char *unit, const char *egress)
{
	struct prices p;
	struct err e;
	price_init(&p);
	CHECK(price_set_key(&p, "price_unit", unit, &e) == 0, "unit");
	CHECK(price_set_key(&p, "egress", egress, &e) == 0, "egress");
	CHECK(price_set_key(&p, "price_egress", "0.09/GB", &e) == 0, "egress price");
	CHECK(price_set_key(&p, "price_storage", "0.023/GB-month", &e) == 0, "storage");
	CHECK(price_set_key(&p, "price_class_a", "0.005/1000", &e) == 0, "a");
	CHECK(price_set_key(&p, "price_class_b", "0.0004/1000", &e) == 0, "b");
	return p;
}

static void bills(void)
{
	struct bill_counts b = {.class_a = 2000,
				.class_b = 10000,
				.deletes = 7,
				.bytes_out = 10ULL << 30,
				.objects = 10,
				.object_bytes = 10ULL << 30};
	b.storage_byte_s = (double)(10ULL << 30) * PRICE_MONTH_S; /* 10 GiB for a month */
	struct cost_parts c;
	struct prices p = aws_like("GiB", "internet");

	price_cost(&p, &b, 0, &c);
	CHECK_NUM(c.requests, 2 * 0.005 + 10 * 0.0004, 1e-12, "requests");
	CHECK_NUM(c.egress, 10 * 0.09, 1e-12, "egress, GiB");
	CHECK_NUM(c.storage, 10 * 0.023, 1e-12, "storage, GiB");
	CHECK_NUM(c.total, c.requests + c.egress + c.storage, 1e-12, "total");
	/* price_unit = GB: 10 GiB are 10.737 GB */
	p = aws_like("GB", "internet");
	price_cost(&p, &b, 0, &c);
	CHECK_NUM(c.egress, 10.73741824 * 0.09, 1e-9, "egress, GB");
	CHECK_NUM(c.storage, 10.73741824 * 0.023, 1e-9, "storage, GB");
	/* same-region: no egress */
	p = aws_like("GiB", "same-region");
	price_cost(&p, &b, 0, &c);
	CHECK_NUM(c.egress, 0, 0, "same-region egress");
	/* free allowances: 100 GB free covers it; ratio 1 x 10 GiB stored for a month */
	struct err e;
	p = aws_like("GiB", "internet");
	price_set_key(&p, "free_egress_gb", "4", &e);
	price_cost(&p, &b, 1, &c);
	CHECK_NUM(c.egress, 6 * 0.09, 1e-12, "4 GB free");
	price_cost(&p, &b, 0, &c);
	CHECK_NUM(c.egress, 10 * 0.09, 1e-12, "no free allowance for one run");
	p = aws_like("GiB", "internet");
	price_set_key(&p, "free_egress_ratio", "1", &e);
	price_cost(&p, &b, 1, &c);
	CHECK_NUM(c.egress, 0, 1e-12, "ratio 1 covers it");
	price_set_key(&p, "free_egress_gb", "4", &e);
	CHECK_NUM(price_free_egress_gb(&p, &b), 4 + 10, 1e-9,
		  "a month's free egress: 4 + 1 x 10 GiB");
	for (int i = 0; price_key_order[i]; i++)
		CHECK(price_is_key(price_key_order[i]), "price_key_order[%d] is a key", i);
	CHECK_STR(price_key_order[0], "price_unit", "price_unit applied first");
	/* minimum duration 90 days: a month's storage billed as 90 days */
	p = aws_like("GiB", "internet");
	price_set_key(&p, "min_storage_days", "90", &e);
	price_cost(&p, &b, 0, &c);
	CHECK_NUM(c.storage, 10 * 0.023 * 90 * 86400 / PRICE_MONTH_S, 1e-9, "90 days minimum");
	/* minimum object size: 10 objects of 1 KiB billed as 128 KiB each */
	struct bill_counts small = {.objects = 10, .object_bytes = 10240};
	small.storage_byte_s = 10240.0 * PRICE_MONTH_S;
	p = aws_like("GiB", "internet");
	price_set_key(&p, "min_object_size", "128KiB", &e);
	price_cost(&p, &small, 0, &c);
	CHECK_NUM(c.storage, 10 * 128 * 1024 / 1073741824.0 * 0.023, 1e-12, "128 KiB minimum");
}

static void json(void)
{
	struct prices p = aws_like("GB", "same-region"), q;
	struct err e;
	json_t *j = price_to_json(&p);

	CHECK(j && price_from_json(j, &q, &e) == 0, "prices round trip");
	for (int i = 0; i < PRICE_ITEMS; i++)
		CHECK_NUM(q.v[i], p.v[i], 1e-15, "item %d", i);
	CHECK(q.decimal == 1 && q.same_region == 1 && strcmp(q.currency, "USD") == 0, "flags");
	json_decref(j);
	struct bill_counts b = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10.5}, c;
	j = bill_to_json(&b);
	CHECK(j && bill_from_json(j, &c, &e) == 0 && memcmp(&b, &c, sizeof(b)) == 0,
	      "billing round trip");
	json_decref(j);
}

static void examples(void)
{
	struct cost_example x;
	struct err e;
	struct cost_parts c;

	CHECK(price_parse_example("stored:10TB, read:50TB, gets:100M", &x, &e) == 0, "%s", e.msg);
	CHECK(x.stored == 10000000000000ULL && x.read == 50000000000000ULL && x.gets == 100000000,
	      "example values");
	CHECK(price_parse_example("stored:10XB", &x, &e) < 0 &&
		      strcmp(e.msg, "'stored:10XB' is not stored:SIZE (10TB, 5TiB)") == 0,
	      "bad size: %s", e.msg);
	CHECK(price_parse_example("gets:1M, gets:2M", &x, &e) < 0, "twice");
	CHECK(price_parse_example("writes:1M", &x, &e) < 0 &&
		      strstr(e.msg, "stored:SIZE, read:SIZE, gets:N or puts:N") != NULL,
	      "unknown item: %s", e.msg);
	struct prices p = aws_like("GiB", "internet");
	price_parse_example("stored:1TiB, read:1TiB, gets:1M", &x, &e);
	price_example_cost(&p, &x, &c);
	CHECK_NUM(c.total, 1024 * 0.023 + 1024 * 0.09 + 1000 * 0.0004, 1e-9, "example cost");
}

int main(void)
{
	strings();
	bills();
	json();
	examples();
	return check_done();
}
