/* tests/unit/test_price.c: core/price.h: price strings (good and wrong, each wrong one
 * named), sections applied as a whole (price_unit first, the checks across keys), request
 * classes declared by the price list, the bill with price_unit, egress, volume tiers at and
 * across their boundaries, free tiers (per class by day and month, egress, storage) used up
 * in the middle of a bill, minimum duration and size, retrieval, unbilled answers, the JSON
 * round trips (and the records written before counts by operation), and cost_example. */
#include "core/price.h"

#include <stdlib.h>

#include "tests/unit/check.h"

#define GIB 1073741824.0
#define DAY_NS 86400000000000LL

static void strings(void)
{
	static const struct {
		const char *key, *val, *msg; /* msg NULL: accepted */
	} t[] = {
		{"price_egress", "0.09/GB", NULL},
		{"price_egress", "90/TB", NULL},
		{"price_egress", "0.09/GiB", NULL},
		{"price_egress", "0.09/GB, 0.085/GB above 10TiB, 0.07/GB above 50TiB", NULL},
		{"price_storage", "0.023/GB-month", NULL},
		{"price_storage", "0.023/GB-month, 0.022/GB-month above 50TB", NULL},
		{"price_retrieval", "0.01/GB", NULL},
		{"price_class_a", "0.005/1000", NULL},
		{"price_class_b", "0.4/1M", NULL},
		{"price_class_c", "0.004/1000", NULL},
		{"price_class_ia_read", "0.9/1M", NULL},
		{"class_c", "CopyObject, ListObjectsV2, ListBuckets", NULL},
		{"free_class_b", "2500/day", NULL},
		{"free_class_a", "1M/month", NULL},
		{"free_storage_gb", "10", NULL},
		{"unbilled_answers", "5xx, auth", NULL},
		{"unbilled_answers", "none", NULL},
		{"price_unit", "GB", NULL},
		{"egress", "same-region", NULL},
		{"currency", "EUR", NULL},
		{"min_object_size", "128KiB", NULL},
		{"min_storage_days", "90", NULL},
		{"price_egress", "0.09",
		 "'0.09' is not a price per GB (0.09/GB, 0.09/GiB, 90/TB; tiers: 0.09/GB, 0.085/GB "
		 "above 10TB)"},
		{"price_egress", "0.09/XB",
		 "'0.09/XB' is not a price per GB (0.09/GB, 0.09/GiB, 90/TB; tiers: 0.09/GB, "
		 "0.085/GB above 10TB)"},
		{"price_storage", "0.023/GB",
		 "'0.023/GB' is not a price per GB-month (0.023/GB-month, 0.023/GiB-month, "
		 "23/TB-month; tiers: 0.023/GB-month, 0.022/GB-month above 50TB)"},
		{"price_egress", "0.09/GB, 0.085/GB above 10XB",
		 "'above 10XB' is not a volume (above 50TB, above 10TiB)"},
		{"price_egress", "0.09/GB, 0.085/GB",
		 "'0.085/GB': a tier after the first needs 'above VOLUME'"},
		{"price_egress", "0.09/GB above 1TB",
		 "the first tier starts at 0: drop its 'above'"},
		{"price_egress", "0.09/GB, 0.08/GB above 10TB, 0.07/GB above 10TB",
		 "the tiers must start at increasing volumes"},
		{"price_class_a", "0.005/GB",
		 "'0.005/GB' is not a price per requests (0.005/1000, 5/1M, 0/1)"},
		{"price_class_a", "-1/1000",
		 "'-1/1000' is not a price per requests (0.005/1000, 5/1M, 0/1)"},
		{"price_class_b", "0.4/0",
		 "'0.4/0' is not a price per requests (0.005/1000, 5/1M, 0/1)"},
		{"price_retrieval", "0.01/GB-month",
		 "'0.01/GB-month' is not a price per GB (0.01/GB, 0.01/GiB, 10/TB)"},
		{"class_c", "CopyObject, Copy",
		 "'Copy' is not an S3 operation (PutObject, GetObject, "
		 "ListObjectsV2, CopyObject, ... as docs/CAMPAIGN.md lists)"},
		{"class_c", "class_a",
		 "'class_a' is not an S3 operation (PutObject, GetObject, "
		 "ListObjectsV2, CopyObject, ... as docs/CAMPAIGN.md lists)"},
		{"free_class_b", "2500",
		 "'2500' is not free requests per day or month (2500/day, "
		 "1M/month)"},
		{"free_class_b", "2500/week",
		 "'2500/week' is not free requests per day or month "
		 "(2500/day, 1M/month)"},
		{"unbilled_answers", "5xx, 404", "'404' is not 5xx, auth or none"},
		{"price_unit", "gb", "'gb' is not GiB or GB"},
		{"egress", "lan", "'lan' is not internet or same-region"},
		{"currency", "usd", "'usd' is not a currency code (USD, EUR)"},
		{"min_storage_days", "90d", "'90d' is not a number (days: 90)"},
		{"free_storage_gb", "ten", "'ten' is not a number (GB-months per month: 10)"},
		{"price_gets", "1/1000", "unknown price key"},
		{"price_class_A", "1/1000", "unknown price key"},
		{"class_", "PutObject", "unknown price key"},
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
	CHECK(price_is_key("price_class_c") && price_is_key("class_c") &&
		      price_is_key("free_class_c") && price_is_key("price_delete") &&
		      !price_is_key("prices") && !price_is_key("class"),
	      "price_is_key: the class keys by their pattern");
}

/* section: keys "k=v" applied as one section; the index of a refused key in *bad. */
static int section(struct prices *p, const char *const *kv, size_t n, size_t *bad, struct err *e)
{
	const char *keys[32], *vals[32];
	char buf[32][256];

	for (size_t i = 0; i < n; i++) {
		snprintf(buf[i], sizeof(buf[i]), "%s", kv[i]);
		char *eq = strchr(buf[i], '=');
		*eq = '\0';
		keys[i] = buf[i];
		vals[i] = eq + 1;
	}
	return price_set_section(p, keys, vals, n, bad, e);
}

static void sections(void)
{
	struct prices p;
	struct err e;
	size_t bad = 99;
	/* price_unit after the egress price: applied first all the same */
	const char *a[] = {"price_egress=90/TB", "price_unit=GB", "price_class_b=0.4/1M"};
	CHECK(section(&p, a, 3, &bad, &e) == 0, "%s", e.msg);
	CHECK_NUM(p.egress[0].price, 0.09, 1e-12, "90/TB with GB = 0.09 per GB");
	CHECK_NUM(price_op(&p, BOP_GET_OBJECT), 0.4e-6, 1e-18, "GetObject in class b");
	CHECK_NUM(price_op(&p, BOP_PUT_OBJECT), 0, 0, "PutObject: class a has no price");
	const char *b[] = {"price_class_a=0/1000", "class_c=CopyObject", "price_unit=GB"};
	CHECK(section(&p, b, 3, &bad, &e) < 0 && bad == 1 &&
		      strcmp(e.msg,
			     "class c has no price: give price_class_c (0/1000 when free)") == 0,
	      "a class listing operations needs a price (key %zu): %s", bad, e.msg);
	const char *c[] = {"price_class_b=1/1000", "free_class_c=2500/day"};
	CHECK(section(&p, c, 2, &bad, &e) < 0 && bad == 1 && strstr(e.msg, "class c has no price"),
	      "a free tier needs a price too: %s", e.msg);
	const char *d[] = {"class_c=CopyObject", "price_class_c=1/1", "class_b=CopyObject"};
	CHECK(section(&p, d, 3, &bad, &e) < 0 && bad == 2 &&
		      strcmp(e.msg, "CopyObject is in class c already (class_c)") == 0,
	      "an operation in two classes: %s", e.msg);
	const char *f[] = {"price_egress=0.09/XB"};
	CHECK(section(&p, f, 1, &bad, &e) < 0 && bad == 0, "a wrong string: its index");
}

/* b2: Backblaze's three classes (FACTS.md 8): A free, B GET/HEAD 0.004 per 10,000,
 * C lists and copies 0.004 per 1,000, 2,500 free B and C calls a day. */
static struct prices b2(void)
{
	struct prices p;
	struct err e;
	size_t bad;
	const char *kv[] = {"price_unit=GB",
			    "price_class_a=0/1000",
			    "price_class_b=0.004/10000",
			    "price_class_c=0.004/1000",
			    "class_b=GetObject, HeadObject",
			    "class_c=CopyObject, ListObjectsV2, ListBuckets, CreateBucket",
			    "free_class_b=2500/day",
			    "free_class_c=2500/day"};
	CHECK(section(&p, kv, 8, &bad, &e) == 0, "b2: %s", e.msg);
	return p;
}

static void classes(void)
{
	struct prices p = b2();
	struct bill_counts b;
	struct cost_parts c;

	CHECK(price_op_class(&p, BOP_LIST_OBJECTS_V2) == price_op_class(&p, BOP_COPY_OBJECT) &&
		      strcmp(p.cls[price_op_class(&p, BOP_LIST_OBJECTS_V2)].name, "c") == 0,
	      "ListObjectsV2 in class c");
	CHECK(strcmp(p.cls[price_op_class(&p, BOP_PUT_OBJECT)].name, "a") == 0 &&
		      strcmp(p.cls[price_op_class(&p, BOP_HEAD_BUCKET)].name, "b") == 0,
	      "the operations no class_ key names stay in their default class");
	CHECK(price_op_class(&p, BOP_DELETE_OBJECT) == -1, "no delete class: deletes are free");
	memset(&b, 0, sizeof(b));
	bill_count_op(&b, BOP_PUT_OBJECT, 1000, 0, 0);
	bill_count_op(&b, BOP_GET_OBJECT, 20000, 0, 0);
	bill_count_op(&b, BOP_LIST_OBJECTS_V2, 3000, 0, 0);
	bill_count_op(&b, BOP_DELETE_OBJECTS, 10, 0, 0);
	price_cost(&p, &b, &c);
	CHECK_NUM(c.requests, 20000 * 0.004 / 10000 + 3000 * 0.004 / 1000, 1e-12,
		  "three classes: A free, B and C at their prices");
	/* the records written before counts by operation: billed by their default class */
	memset(&b, 0, sizeof(b));
	bill_count_op(&b, BOP_OLD_CLASS_A, 100, 0, 0);
	bill_count_op(&b, BOP_OLD_CLASS_B, 10000, 0, 0);
	price_cost(&p, &b, &c);
	CHECK_NUM(c.requests, 0.004, 1e-12, "old class counts: class_b at class b's price");
}

static void free_requests(void)
{
	struct prices p = b2();
	struct price_ledger lg;
	struct bill_counts b;
	struct cost_parts all, after;
	const int64_t t0 = 1796083200LL * 1000000000LL; /* 2026-12-01T00:00:00Z */

	price_ledger_init(&lg);
	memset(&b, 0, sizeof(b));
	bill_count_op(&b, BOP_GET_OBJECT, 2000, 0, 0);
	price_ledger_at(&lg, t0);
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 0, 1e-15, "2000 of the day's 2500 free GETs: nothing billed");
	CHECK_NUM(all.requests, 2000 * 0.004 / 10000, 1e-15,
		  "...but the bill without them has all");
	memset(&b, 0, sizeof(b));
	bill_count_op(&b, BOP_GET_OBJECT, 1000, 0, 0);
	price_ledger_at(&lg, t0 + 3600LL * 1000000000LL);
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 500 * 0.004 / 10000, 1e-15,
		  "the free tier used up in the middle of a bill: 500 of 1000 billed");
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 1000 * 0.004 / 10000, 1e-15, "then every one billed");
	price_ledger_at(&lg, t0 + DAY_NS);
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 0, 1e-15, "the next day: free again");
	price_ledger_at(&lg, t0 + DAY_NS - 1);
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 0, 1e-15, "a time back in the earlier day: a new day, free");
	/* a monthly free tier: 1M class A a month, with a month boundary */
	struct err e;
	price_init(&p);
	price_set_key(&p, "price_class_a", "4.5/1M", &e);
	price_set_key(&p, "free_class_a", "1M/month", &e);
	price_ledger_init(&lg);
	memset(&b, 0, sizeof(b));
	bill_count_op(&b, BOP_PUT_OBJECT, 600000, 0, 0);
	price_ledger_at(&lg, t0);
	price_bill(&p, &b, &lg, &all, &after);
	price_ledger_at(&lg, t0 + 20 * DAY_NS);
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 200000 * 4.5e-6, 1e-12, "1.2M in a month: 200,000 billed");
	price_ledger_at(&lg, t0 + 31 * DAY_NS); /* 2027-01-01 */
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 0, 1e-12, "a new month: free again");
	CHECK(lg.month == (2027 - 1970) * 12, "the ledger's month is 2027-01 (%lld)",
	      (long long)lg.month);
	price_ledger_init(&lg);
	price_bill(&p, &b, &lg, &all, &after); /* no time: the month it is first given */
	price_ledger_at(&lg, t0);
	price_bill(&p, &b, &lg, &all, &after);
	CHECK_NUM(after.requests, 200000 * 4.5e-6, 1e-12,
		  "an undated bill counts in the first month");
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
	struct bill_counts b = {
		.bytes_out = 10ULL << 30, .objects = 10, .object_bytes = 10ULL << 30};
	bill_count_op(&b, BOP_PUT_OBJECT, 2000, 0, 0);
	bill_count_op(&b, BOP_GET_OBJECT, 10000, 0, 0);
	bill_count_op(&b, BOP_DELETE_OBJECT, 7, 0, 0);
	b.storage_byte_s = (double)(10ULL << 30) * PRICE_MONTH_S; /* 10 GiB for a month */
	b.storage_object_s = 10 * PRICE_MONTH_S;
	struct cost_parts c, after;
	struct prices p = aws_like("GiB", "internet");

	price_cost(&p, &b, &c);
	CHECK_NUM(c.requests, 2 * 0.005 + 10 * 0.0004, 1e-12, "requests");
	CHECK_NUM(c.egress, 10 * 0.09, 1e-12, "egress, GiB");
	CHECK_NUM(c.storage, 10 * 0.023, 1e-12, "storage, GiB");
	CHECK_NUM(c.total, c.requests + c.egress + c.storage, 1e-12, "total");
	/* price_unit = GB: 10 GiB are 10.737 GB */
	p = aws_like("GB", "internet");
	price_cost(&p, &b, &c);
	CHECK_NUM(c.egress, 10.73741824 * 0.09, 1e-9, "egress, GB");
	CHECK_NUM(c.storage, 10.73741824 * 0.023, 1e-9, "storage, GB");
	/* same-region: no egress */
	p = aws_like("GiB", "same-region");
	price_cost(&p, &b, &c);
	CHECK_NUM(c.egress, 0, 0, "same-region egress");
	/* free allowances: through a ledger only */
	struct err e;
	struct price_ledger lg;
	p = aws_like("GiB", "internet");
	price_set_key(&p, "free_egress_gb", "4", &e);
	price_ledger_init(&lg);
	price_bill(&p, &b, &lg, &c, &after);
	CHECK_NUM(after.egress, 6 * 0.09, 1e-12, "4 GB free");
	CHECK_NUM(c.egress, 10 * 0.09, 1e-12, "...not in the bill without free allowances");
	price_bill(&p, &b, &lg, &c, &after);
	CHECK_NUM(after.egress, 10 * 0.09, 1e-12, "the month's 4 GB used up: all billed");
	price_cost(&p, &b, &c);
	CHECK_NUM(c.egress, 10 * 0.09, 1e-12, "no free allowance without a ledger");
	p = aws_like("GiB", "internet");
	price_set_key(&p, "free_egress_ratio", "1", &e);
	price_ledger_init(&lg);
	price_bill(&p, &b, &lg, &c, &after);
	CHECK_NUM(after.egress, 0, 1e-12, "ratio 1 covers it (10 GiB stored for a month)");
	price_set_key(&p, "free_storage_gb", "4", &e);
	price_ledger_init(&lg);
	price_bill(&p, &b, &lg, &c, &after);
	CHECK_NUM(after.storage, 6 * 0.023, 1e-12, "4 GB-months of storage free");
	CHECK_NUM(after.egress, 0, 1e-12, "the ratio counts the free storage as stored");
}

static void tiers(void)
{
	struct prices p;
	struct err e;
	struct bill_counts b = {0};
	struct cost_parts c;
	struct price_ledger lg;
	const double tib = 1024; /* GiB */

	price_init(&p);
	CHECK(price_set_key(
		      &p, "price_egress",
		      "0.09/GB, 0.085/GB above 10TiB, 0.07/GB above 50TiB, 0.05/GB above 150TiB",
		      &e) == 0,
	      "%s", e.msg);
	CHECK(p.n_egress == 4 && p.egress[1].from == 10 * tib && p.egress[3].from == 150 * tib,
	      "four tiers from 0, 10, 50, 150 TiB");
	b.bytes_out = 10ULL << 40; /* exactly the first tier */
	price_cost(&p, &b, &c);
	CHECK_NUM(c.egress, 10 * tib * 0.09, 1e-6, "10 TiB: all of it in the first tier");
	b.bytes_out = (10ULL << 40) + (1ULL << 30);
	price_cost(&p, &b, &c);
	CHECK_NUM(c.egress, 10 * tib * 0.09 + 0.085, 1e-6, "one GiB past the boundary: 0.085");
	b.bytes_out = 200ULL << 40;
	price_cost(&p, &b, &c);
	CHECK_NUM(c.egress, (10 * 0.09 + 40 * 0.085 + 100 * 0.07 + 50 * 0.05) * tib, 1e-6,
		  "200 TiB through all four tiers");
	/* the month's position carries from bill to bill */
	price_ledger_init(&lg);
	b.bytes_out = 6ULL << 40;
	price_bill(&p, &b, &lg, &c, NULL);
	CHECK_NUM(c.egress, 6 * tib * 0.09, 1e-6, "6 TiB: the first tier");
	price_bill(&p, &b, &lg, &c, NULL);
	CHECK_NUM(c.egress, (4 * 0.09 + 2 * 0.085) * tib, 1e-6,
		  "the next 6 TiB cross the boundary at 10 TiB");
	price_ledger_at(&lg, 1796083200LL * 1000000000LL);
	price_ledger_at(&lg, (1796083200LL + 40 * 86400LL) * 1000000000LL);
	price_bill(&p, &b, &lg, &c, NULL);
	CHECK_NUM(c.egress, 6 * tib * 0.09, 1e-6, "a new month starts at the first tier again");
	/* storage tiers by GB-months */
	price_init(&p);
	price_set_key(&p, "price_storage", "0.023/GB-month, 0.022/GB-month above 50TiB", &e);
	memset(&b, 0, sizeof(b));
	b.storage_byte_s = 60.0 * (1ULL << 40) * PRICE_MONTH_S;
	price_cost(&p, &b, &c);
	CHECK_NUM(c.storage, (50 * 0.023 + 10 * 0.022) * tib, 1e-6, "60 TiB-months: two tiers");
	/* an egress free allowance is taken off the start of the month's volume */
	price_init(&p);
	price_set_key(&p, "price_egress", "0.09/GB, 0.085/GB above 10TiB", &e);
	price_set_key(&p, "free_egress_gb", "100", &e);
	price_ledger_init(&lg);
	memset(&b, 0, sizeof(b));
	b.bytes_out = 10ULL << 40;
	struct cost_parts after;
	price_bill(&p, &b, &lg, &c, &after);
	CHECK_NUM(after.egress, (10 * tib - 100) * 0.09, 1e-6, "100 GB free, the rest in tier 1");
}

static void minimums(void)
{
	struct err e;
	struct cost_parts c;
	struct prices p = aws_like("GiB", "internet");
	const double d90 = 90 * 86400.0;

	price_set_key(&p, "min_storage_days", "90", &e);
	/* 1000 objects of 1 MiB created and deleted after 60 s each: stored 60 s, billed 90 days */
	struct bill_counts b = {.objects = 1000, .object_bytes = 1000ULL << 20};
	b.storage_byte_s = 1000.0 * (1 << 20) * 60;
	b.storage_object_s = 1000.0 * 60;
	b.deleted = 1000;
	b.deleted_bytes = 1000ULL << 20;
	b.deleted_byte_s = b.storage_byte_s;
	b.deleted_object_s = b.storage_object_s;
	price_cost(&p, &b, &c);
	double gib = 1000.0 / 1024;
	CHECK_NUM(c.storage, gib * 60 / PRICE_MONTH_S * 0.023, 1e-12, "stored: 60 s");
	CHECK_NUM(c.deleted_early, gib * (d90 - 60) / PRICE_MONTH_S * 0.023, 1e-12,
		  "deleted early: the rest of 90 days");
	CHECK_NUM(c.storage + c.deleted_early, gib * d90 / PRICE_MONTH_S * 0.023, 1e-12,
		  "together: 90 days");
	CHECK_NUM(c.total, c.storage + c.deleted_early, 1e-12, "total has it");
	/* objects kept (not deleted) are billed as stored, not for 90 days */
	b.deleted = b.deleted_bytes = 0;
	b.deleted_byte_s = b.deleted_object_s = 0;
	price_cost(&p, &b, &c);
	CHECK_NUM(c.deleted_early, 0, 0, "kept objects: no early-delete charge");
	/* at the minimum exactly: nothing more */
	b.deleted = 1000;
	b.deleted_bytes = 1000ULL << 20;
	b.deleted_byte_s = 1000.0 * (1 << 20) * d90;
	b.deleted_object_s = 1000.0 * d90;
	price_cost(&p, &b, &c);
	CHECK_NUM(c.deleted_early, 0, 1e-12, "deleted at 90 days: no charge");
	/* minimum object size: 10 objects of 1 KiB stored a month billed as 128 KiB each */
	struct bill_counts small = {.objects = 10, .object_bytes = 10240};
	small.storage_byte_s = 10240.0 * PRICE_MONTH_S;
	small.storage_object_s = 10 * PRICE_MONTH_S;
	p = aws_like("GiB", "internet");
	price_set_key(&p, "min_object_size", "128KiB", &e);
	price_cost(&p, &small, &c);
	CHECK_NUM(c.storage, 10 * 128 * 1024 / GIB * 0.023, 1e-12, "128 KiB minimum");
	/* at the minimum size exactly, and above it: the bytes themselves */
	small.object_bytes = 10 * 131072;
	small.storage_byte_s = 10 * 131072.0 * PRICE_MONTH_S;
	price_cost(&p, &small, &c);
	CHECK_NUM(c.storage, 10 * 128 * 1024 / GIB * 0.023, 1e-12, "objects of 128 KiB");
	small.storage_byte_s = 10 * 200000.0 * PRICE_MONTH_S;
	price_cost(&p, &small, &c);
	CHECK_NUM(c.storage, 10 * 200000 / GIB * 0.023, 1e-12, "objects above the minimum");
	/* both: small objects deleted early are billed at the minimum size for 90 days */
	price_set_key(&p, "min_storage_days", "90", &e);
	small.storage_byte_s = 10240.0 * 60;
	small.storage_object_s = 10 * 60.0;
	small.deleted = 10;
	small.deleted_bytes = 10240;
	small.deleted_byte_s = small.storage_byte_s;
	small.deleted_object_s = small.storage_object_s;
	price_cost(&p, &small, &c);
	CHECK_NUM(c.storage + c.deleted_early, 10 * 131072 / GIB * d90 / PRICE_MONTH_S * 0.023,
		  1e-15, "10 small objects deleted after 60 s: 10 x 128 KiB x 90 days");
}

static void answers_and_retrieval(void)
{
	struct err e;
	struct cost_parts c;
	struct prices p;
	struct bill_counts b = {0};

	price_init(&p);
	price_set_key(&p, "price_class_a", "4.5/1M", &e);
	bill_count_op(&b, BOP_PUT_OBJECT, 1000, 100, 50); /* 100 answered 5xx, 50 401/403 */
	price_cost(&p, &b, &c);
	CHECK_NUM(c.requests, 1000 * 4.5e-6, 1e-15, "every answer billed by default");
	price_set_key(&p, "unbilled_answers", "auth", &e);
	price_cost(&p, &b, &c);
	CHECK_NUM(c.requests, 950 * 4.5e-6, 1e-15, "auth answers not billed");
	price_set_key(&p, "unbilled_answers", "5xx, auth", &e);
	price_cost(&p, &b, &c);
	CHECK_NUM(c.requests, 850 * 4.5e-6, 1e-15, "neither 5xx nor auth answers billed");
	price_set_key(&p, "unbilled_answers", "none", &e);
	price_cost(&p, &b, &c);
	CHECK_NUM(c.requests, 1000 * 4.5e-6, 1e-15, "none: all billed again");
	price_set_key(&p, "price_retrieval", "0.01/GB", &e);
	price_set_key(&p, "price_egress", "0/GB", &e);
	b.bytes_out = 5ULL << 30;
	b.xml_out = 1ULL << 30;
	price_cost(&p, &b, &c);
	CHECK_NUM(c.retrieval, 5 * 0.01, 1e-12, "retrieval: the object bytes read");
	CHECK_NUM(c.egress, 0, 0, "free egress");
	price_set_key(&p, "egress", "same-region", &e);
	price_cost(&p, &b, &c);
	CHECK_NUM(c.retrieval, 5 * 0.01, 1e-12, "retrieval is billed in the same region too");
}

static void json(void)
{
	struct prices p = b2(), q;
	struct err e;
	price_set_key(&p, "price_storage", "6/TB-month, 5/TB-month above 1000TB", &e);
	price_set_key(&p, "unbilled_answers", "5xx", &e);
	price_set_key(&p, "price_retrieval", "0.01/GB", &e);
	price_set_key(&p, "free_storage_gb", "10", &e);
	price_set_key(&p, "egress", "same-region", &e);
	json_t *j = price_to_json(&p);

	CHECK(j && price_from_json(j, &q, &e) == 0, "prices round trip: %s", e.msg);
	CHECK(q.n_storage == 2 && q.storage[1].from == 1e6 && q.n_cls == p.n_cls, "tiers, classes");
	for (int i = 0; i < BILL_OPS; i++)
		CHECK_NUM(price_op(&q, (enum bill_op)i), price_op(&p, (enum bill_op)i), 1e-18,
			  "%s's price", bill_op_name((enum bill_op)i));
	CHECK(q.cls[2].free_per == 'd' && q.cls[2].free_n == 2500, "free_class_c");
	CHECK(q.decimal == 1 && q.same_region == 1 && q.unbilled_5xx && !q.unbilled_auth &&
		      q.has_retrieval && q.free_storage_gb == 10 && strcmp(q.currency, "USD") == 0,
	      "flags");
	json_decref(j);
	/* a record of the older form: single prices, class_a/class_b/delete per 1000 */
	j = json_loads("{\"currency\": \"EUR\", \"price_unit\": \"GB\", \"egress_per_gb\": 0.09,"
		       " \"storage_per_gb_month\": 0.023, \"class_a_per_1000\": 0.005,"
		       " \"class_b_per_1000\": 0.0004, \"min_storage_days\": 90}",
		       0, NULL);
	CHECK(price_from_json(j, &q, &e) == 0, "an older prices record: %s", e.msg);
	CHECK(q.n_egress == 1 && q.egress[0].price == 0.09 && q.n_storage == 1 &&
		      fabs(price_op(&q, BOP_LIST_OBJECTS_V2) - 5e-6) < 1e-18 &&
		      fabs(price_op(&q, BOP_HEAD_OBJECT) - 4e-7) < 1e-18 &&
		      price_op(&q, BOP_DELETE_OBJECT) == 0 && strcmp(q.currency, "EUR") == 0,
	      "...read as one tier each and the three default classes");
	json_decref(j);
	struct bill_counts b = {.bytes_in = 4,
				.bytes_out = 5,
				.xml_in = 6,
				.xml_out = 7,
				.objects = 8,
				.object_bytes = 9,
				.storage_byte_s = 10.5,
				.storage_object_s = 1.5,
				.deleted = 3,
				.deleted_bytes = 2,
				.deleted_byte_s = 0.5,
				.deleted_object_s = 0.25},
			   c;
	bill_count_op(&b, BOP_PUT_OBJECT, 5, 1, 2);
	bill_count_op(&b, BOP_LIST_PARTS, 1, 0, 0);
	bill_count_op(&b, BOP_OLD_CLASS_B, 3, 0, 0);
	j = bill_to_json(&b);
	CHECK(j && bill_from_json(j, &c, &e) == 0 && memcmp(&b, &c, sizeof(b)) == 0,
	      "billing round trip: %s", e.msg);
	CHECK(json_integer_value(json_object_get(j, "class_a")) == 6 &&
		      json_integer_value(json_object_get(j, "class_b")) == 3,
	      "billing: the default classes' sums for older readers");
	json_decref(j);
	/* an older billing record: class counts, no object-seconds, no deletes */
	j = json_loads("{\"class_a\": 12, \"class_b\": 3, \"delete\": 1, \"bytes_in\": 0,"
		       " \"bytes_out\": 0, \"xml_in\": 0, \"xml_out\": 0, \"objects\": 10,"
		       " \"object_bytes\": 10240, \"storage_byte_s\": 1024000}",
		       0, NULL);
	CHECK(bill_from_json(j, &c, &e) == 0, "an older billing record: %s", e.msg);
	CHECK(c.req[BOP_OLD_CLASS_A].n == 12 && c.req[BOP_OLD_DELETE].n == 1 &&
		      c.storage_object_s == 1000 && c.deleted == 10 && c.deleted_bytes == 10240 &&
		      c.deleted_byte_s == 1024000,
	      "...its classes, objects of the mean size, all deleted at the end");
	json_decref(j);
	j = json_loads("{\"class_a\": -1}", 0, NULL);
	CHECK(bill_from_json(j, &c, &e) < 0 && strcmp(e.msg, "billing.class_a: not a count") == 0,
	      "a wrong count named: %s", e.msg);
	json_decref(j);
	j = json_loads("{\"requests\": {\"Put\": {\"n\": 1, \"5xx\": 0, \"auth\": 0}}}", 0, NULL);
	CHECK(bill_from_json(j, &c, &e) < 0 &&
		      strcmp(e.msg, "billing.requests.Put: not an S3 operation") == 0,
	      "a wrong operation named: %s", e.msg);
	json_decref(j);
	struct cost_parts parts = {1, 2, 3, 4, 5, 6, 21};
	j = cost_to_json(&parts, "USD");
	CHECK(json_number_value(json_object_get(j, "deleted_early")) == 5 &&
		      json_number_value(json_object_get(j, "retrieval")) == 6,
	      "a bill's parts in JSON");
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
	price_set_key(&p, "free_egress_gb", "100", &e);
	price_example_cost(&p, &x, &c);
	CHECK_NUM(c.egress, 924 * 0.09, 1e-9, "the example has a month's free allowance");
}

int main(void)
{
	strings();
	sections();
	classes();
	free_requests();
	bills();
	tiers();
	minimums();
	answers_and_retrieval();
	json();
	examples();
	return check_done();
}
