/* core/price.c: price strings, billable counts and the bill (core/price.h). */
#include "core/price.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"

/* The price keys in enum price_item order, and run.json's names for them. */
static const char *const item_key[PRICE_ITEMS] = {"price_storage", "price_egress",  "price_ingress",
						  "price_class_a", "price_class_b", "price_delete"};
static const char *const item_json[PRICE_ITEMS] = {"storage_per_gb_month", "egress_per_gb",
						   "ingress_per_gb",       "class_a_per_1000",
						   "class_b_per_1000",     "delete_per_1000"};
static const char *const other_keys[] = {"min_storage_days",  "min_object_size", "free_egress_gb",
					 "free_egress_ratio", "egress",          "price_unit",
					 "currency",          "price_date",      NULL};

const char *const price_key_order[] = {"price_unit",        "currency",        "egress",
				       "price_storage",     "price_egress",    "price_ingress",
				       "price_class_a",     "price_class_b",   "price_delete",
				       "min_storage_days",  "min_object_size", "free_egress_gb",
				       "free_egress_ratio", "price_date",      NULL};

void price_init(struct prices *p)
{
	memset(p, 0, sizeof(*p));
	memcpy(p->currency, "USD", 4);
}

int price_is_key(const char *key)
{
	for (int i = 0; i < PRICE_ITEMS; i++)
		if (strcmp(key, item_key[i]) == 0)
			return 1;
	for (int i = 0; other_keys[i]; i++)
		if (strcmp(key, other_keys[i]) == 0)
			return 1;
	return 0;
}

double price_gb(const struct prices *p)
{
	return p->decimal ? 1e9 : 1073741824.0;
}

/* number: a finite non-negative decimal at the start of s; *end after it. */
static int number(const char *s, double *out, const char **end)
{
	char *q;

	if (!isdigit((unsigned char)s[0]) && s[0] != '.')
		return -1;
	errno = 0;
	*out = strtod(s, &q);
	if (errno != 0 || q == s || !isfinite(*out) || *out < 0)
		return -1;
	*end = q;
	return 0;
}

/* per_size: the unit after '/' of a per-GB price: how many price-unit GB it stands for
 * (binary units converted with `gb`). month: the unit must end in "-month". */
static int per_size(const char *u, int month, double gb, double *gbs)
{
	static const struct {
		const char *name;
		double bytes; /* 0: "GB" of the price unit (x1000 for TB) */
		double mult;
	} units[] = {{"GB", 0, 1},
		     {"TB", 0, 1000},
		     {"GiB", 1073741824.0, 1},
		     {"TiB", 1099511627776.0, 1}};
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t n = strlen(units[i].name);
		if (strncmp(u, units[i].name, n) != 0)
			continue;
		if (strcmp(u + n, month ? "-month" : "") != 0)
			return -1;
		*gbs = units[i].bytes ? units[i].bytes / gb : units[i].mult;
		return 0;
	}
	return -1;
}

/* per_count: "1", "1000", "10000", "1M", "1000000": the requests a price is for. */
static int per_count(const char *u, double *n)
{
	if (strcmp(u, "1M") == 0) {
		*n = 1e6;
		return 0;
	}
	for (const char *q = u; *q; q++)
		if (!isdigit((unsigned char)*q))
			return -1;
	if (u[0] == '\0' || u[0] == '0' || strlen(u) > 9)
		return -1;
	*n = strtod(u, NULL);
	return 0;
}

static int set_item(struct prices *p, enum price_item it, const char *v, struct err *e)
{
	static const char *const want[] = {
		"a price per GB-month (0.023/GB-month, 0.023/GiB-month, 23/TB-month)",
		"a price per GB (0.09/GB, 0.09/GiB, 90/TB)",
		"a price per GB (0/GB, 0.01/GiB)",
		"a price per requests (0.005/1000, 5/1M)",
		"a price per requests (0.0004/1000, 0.4/1M)",
		"a price per requests (0/1000)"};
	const char *q;
	double x, per;

	if (number(v, &x, &q) < 0 || *q != '/')
		return err_set(e, "'%s' is not %s", v, want[it]);
	if (it == PRICE_STORAGE || it == PRICE_EGRESS || it == PRICE_INGRESS) {
		if (per_size(q + 1, it == PRICE_STORAGE, price_gb(p), &per) < 0)
			return err_set(e, "'%s' is not %s", v, want[it]);
	} else if (per_count(q + 1, &per) < 0) {
		return err_set(e, "'%s' is not %s", v, want[it]);
	}
	p->v[it] = x / per;
	p->has[it] = 1;
	p->given = 1;
	return 0;
}

static int set_other(struct prices *p, const char *key, const char *v, struct err *e)
{
	const char *q;
	double x;

	if (strcmp(key, "egress") == 0) {
		if (strcmp(v, "internet") != 0 && strcmp(v, "same-region") != 0)
			return err_set(e, "'%s' is not internet or same-region", v);
		p->same_region = v[0] == 's';
	} else if (strcmp(key, "price_unit") == 0) {
		if (strcmp(v, "GiB") != 0 && strcmp(v, "GB") != 0)
			return err_set(e, "'%s' is not GiB or GB", v);
		p->decimal = strcmp(v, "GB") == 0;
	} else if (strcmp(key, "currency") == 0) {
		if (strlen(v) != 3 || !isupper((unsigned char)v[0]) ||
		    !isupper((unsigned char)v[1]) || !isupper((unsigned char)v[2]))
			return err_set(e, "'%s' is not a currency code (USD, EUR)", v);
		memcpy(p->currency, v, 4);
	} else if (strcmp(key, "price_date") == 0) {
		if (strlen(v) >= sizeof(p->date))
			return err_set(e, "longer than %zu characters", sizeof(p->date) - 1);
		snprintf(p->date, sizeof(p->date), "%s", v);
		return 0; /* a date alone is no price */
	} else if (strcmp(key, "min_object_size") == 0) {
		struct err ue;
		if (units_parse_size(v, &p->min_object_size, &ue) < 0)
			return err_set(e, "%s", ue.msg);
	} else {
		if (number(v, &x, &q) < 0 || *q != '\0')
			return err_set(e, "'%s' is not a number (%s)", v,
				       strcmp(key, "min_storage_days") == 0 ? "days: 90"
				       : strcmp(key, "free_egress_gb") == 0
					       ? "GB per month: 100"
					       : "times the stored volume: 1");
		if (strcmp(key, "min_storage_days") == 0)
			p->min_storage_days = x;
		else if (strcmp(key, "free_egress_gb") == 0)
			p->free_egress_gb = x;
		else
			p->free_egress_ratio = x;
	}
	p->given = 1;
	return 0;
}

int price_set_key(struct prices *p, const char *key, const char *value, struct err *e)
{
	for (int i = 0; i < PRICE_ITEMS; i++)
		if (strcmp(key, item_key[i]) == 0)
			return set_item(p, (enum price_item)i, value, e);
	if (!price_is_key(key))
		return err_set(e, "unknown price key");
	return set_other(p, key, value, e);
}

void bill_add(struct bill_counts *to, const struct bill_counts *from)
{
	to->class_a += from->class_a;
	to->class_b += from->class_b;
	to->deletes += from->deletes;
	to->bytes_in += from->bytes_in;
	to->bytes_out += from->bytes_out;
	to->xml_in += from->xml_in;
	to->xml_out += from->xml_out;
	to->objects += from->objects;
	to->object_bytes += from->object_bytes;
	to->storage_byte_s += from->storage_byte_s;
}

/* billable_byte_s: the storage integral with the minimum object size (objects below it
 * billed at it, by scaling with padded / actual bytes) and the minimum duration (every
 * created object billed for at least min_storage_days). */
static double billable_byte_s(const struct prices *p, const struct bill_counts *b)
{
	double bs = b->storage_byte_s, padded = (double)b->object_bytes;

	if (p->min_object_size > 0 && (double)b->objects * (double)p->min_object_size > padded) {
		padded = (double)b->objects * (double)p->min_object_size;
		if (b->object_bytes > 0)
			bs *= padded / (double)b->object_bytes;
	}
	if (p->min_storage_days > 0 && padded * p->min_storage_days * 86400.0 > bs)
		bs = padded * p->min_storage_days * 86400.0;
	return bs;
}

double price_free_egress_gb(const struct prices *p, const struct bill_counts *b)
{
	return p->free_egress_gb +
	       p->free_egress_ratio * (billable_byte_s(p, b) / PRICE_MONTH_S) / price_gb(p);
}

void price_cost(const struct prices *p, const struct bill_counts *b, int free_allowances,
		struct cost_parts *out)
{
	double gb = price_gb(p), bs = billable_byte_s(p, b);
	double out_gb = (double)(b->bytes_out + b->xml_out) / gb;

	memset(out, 0, sizeof(*out));
	out->requests = (double)b->class_a * p->v[PRICE_CLASS_A] +
			(double)b->class_b * p->v[PRICE_CLASS_B] +
			(double)b->deletes * p->v[PRICE_DELETE];
	if (free_allowances)
		out_gb -= price_free_egress_gb(p, b);
	if (!p->same_region && out_gb > 0)
		out->egress = out_gb * p->v[PRICE_EGRESS];
	out->ingress = (double)(b->bytes_in + b->xml_in) / gb * p->v[PRICE_INGRESS];
	out->storage = bs / gb / PRICE_MONTH_S * p->v[PRICE_STORAGE];
	out->total = out->requests + out->egress + out->ingress + out->storage;
}

json_t *price_to_json(const struct prices *p)
{
	json_t *j = json_object();
	int bad = j == NULL;

	if (bad)
		return NULL;
	bad |= json_object_set_new(j, "currency", json_string(p->currency));
	bad |= json_object_set_new(j, "price_unit", json_string(p->decimal ? "GB" : "GiB"));
	bad |= json_object_set_new(j, "date", p->date[0] ? json_string(p->date) : json_null());
	bad |= json_object_set_new(j, "egress",
				   json_string(p->same_region ? "same-region" : "internet"));
	for (int i = 0; i < PRICE_ITEMS; i++)
		if (p->has[i])
			bad |= json_object_set_new(
				j, item_json[i],
				json_real(i >= PRICE_CLASS_A ? p->v[i] * 1000 : p->v[i]));
	bad |= json_object_set_new(j, "min_storage_days", json_real(p->min_storage_days));
	bad |= json_object_set_new(j, "min_object_size",
				   json_integer((json_int_t)p->min_object_size));
	bad |= json_object_set_new(j, "free_egress_gb", json_real(p->free_egress_gb));
	bad |= json_object_set_new(j, "free_egress_ratio", json_real(p->free_egress_ratio));
	if (bad) {
		json_decref(j);
		return NULL;
	}
	return j;
}

/* num: a non-negative number member (absent: 0, has = 0). */
static int num(const json_t *j, const char *key, double *out, int *has, struct err *e)
{
	const json_t *v = json_object_get(j, key);

	if (has)
		*has = v != NULL;
	if (v == NULL)
		return 0;
	if (!json_is_number(v) || json_number_value(v) < 0)
		return err_set(e, "prices.%s: not a non-negative number", key);
	*out = json_number_value(v);
	return 0;
}

int price_from_json(const json_t *j, struct prices *p, struct err *e)
{
	const char *s;
	double mos = 0;
	struct err ke;

	price_init(p);
	if (!json_is_object(j))
		return err_set(e, "prices: not an object");
	p->given = 1;
	s = json_string_value(json_object_get(j, "currency"));
	if (s != NULL && price_set_key(p, "currency", s, &ke) < 0)
		return err_set(e, "prices.currency: %s", ke.msg);
	s = json_string_value(json_object_get(j, "price_unit"));
	if (s != NULL && price_set_key(p, "price_unit", s, &ke) < 0)
		return err_set(e, "prices.price_unit: %s", ke.msg);
	s = json_string_value(json_object_get(j, "egress"));
	if (s != NULL && price_set_key(p, "egress", s, &ke) < 0)
		return err_set(e, "prices.egress: %s", ke.msg);
	s = json_string_value(json_object_get(j, "date"));
	if (s != NULL && price_set_key(p, "price_date", s, &ke) < 0)
		return err_set(e, "prices.date: %s", ke.msg);
	for (int i = 0; i < PRICE_ITEMS; i++) {
		if (num(j, item_json[i], &p->v[i], &p->has[i], e) < 0)
			return -1;
		if (i >= PRICE_CLASS_A)
			p->v[i] /= 1000;
	}
	if (num(j, "min_storage_days", &p->min_storage_days, NULL, e) < 0 ||
	    num(j, "min_object_size", &mos, NULL, e) < 0 ||
	    num(j, "free_egress_gb", &p->free_egress_gb, NULL, e) < 0 ||
	    num(j, "free_egress_ratio", &p->free_egress_ratio, NULL, e) < 0)
		return -1;
	p->min_object_size = (uint64_t)mos;
	return 0;
}

static const char *const bill_keys[] = {"class_a",      "class_b", "delete",  "bytes_in",
					"bytes_out",    "xml_in",  "xml_out", "objects",
					"object_bytes", NULL};

static uint64_t *bill_field(struct bill_counts *b, int i)
{
	uint64_t *f[] = {&b->class_a, &b->class_b, &b->deletes, &b->bytes_in,    &b->bytes_out,
			 &b->xml_in,  &b->xml_out, &b->objects, &b->object_bytes};
	return f[i];
}

json_t *bill_to_json(const struct bill_counts *b)
{
	struct bill_counts c = *b;
	json_t *j = json_object();
	int bad = j == NULL;

	if (bad)
		return NULL;
	for (int i = 0; bill_keys[i]; i++)
		bad |= json_object_set_new(j, bill_keys[i],
					   json_integer((json_int_t)*bill_field(&c, i)));
	bad |= json_object_set_new(j, "storage_byte_s", json_real(b->storage_byte_s));
	if (bad) {
		json_decref(j);
		return NULL;
	}
	return j;
}

int bill_from_json(const json_t *j, struct bill_counts *b, struct err *e)
{
	const json_t *v;

	memset(b, 0, sizeof(*b));
	if (!json_is_object(j))
		return err_set(e, "billing: not an object");
	for (int i = 0; bill_keys[i]; i++) {
		v = json_object_get(j, bill_keys[i]);
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return err_set(e, "billing.%s: not a count", bill_keys[i]);
		*bill_field(b, i) = (uint64_t)json_integer_value(v);
	}
	v = json_object_get(j, "storage_byte_s");
	if (!json_is_number(v) || json_number_value(v) < 0)
		return err_set(e, "billing.storage_byte_s: not a non-negative number");
	b->storage_byte_s = json_number_value(v);
	return 0;
}

json_t *cost_to_json(const struct cost_parts *c, const char *currency)
{
	return json_pack("{s:s, s:f, s:f, s:f, s:f, s:f}", "currency", currency, "total", c->total,
			 "requests", c->requests, "egress", c->egress, "ingress", c->ingress,
			 "storage", c->storage);
}

int cost_from_json(struct jread *r, const json_t *o, const char *where, struct cost_parts *c,
		   char **currency)
{
	*currency = jread_str(r, o, where, "currency", 1);
	c->total = jread_num(r, o, where, "total", 1);
	c->requests = jread_num(r, o, where, "requests", 1);
	c->egress = jread_num(r, o, where, "egress", 1);
	c->ingress = jread_num(r, o, where, "ingress", 1);
	c->storage = jread_num(r, o, where, "storage", 1);
	return r->failed ? -1 : 0;
}

/* count: "100M", "5000", "2.5K": a whole number of requests. */
static int count(const char *t, uint64_t *out)
{
	const char *q;
	double x, mult = 1;

	if (number(t, &x, &q) < 0)
		return -1;
	if (*q == 'K' || *q == 'M' || *q == 'G')
		mult = *q == 'K' ? 1e3 : *q == 'M' ? 1e6 : 1e9, q++;
	if (*q != '\0' || x * mult > 1e18 || x * mult != floor(x * mult))
		return -1;
	*out = (uint64_t)(x * mult);
	return 0;
}

int price_parse_example(const char *s, struct cost_example *out, struct err *e)
{
	static const char *const names[] = {"stored", "read", "gets", "puts"};
	char buf[256], *save = NULL;
	int seen[4] = {0}, n = 0;

	memset(out, 0, sizeof(*out));
	if (strlen(s) >= sizeof(buf))
		return err_set(e, "too long");
	snprintf(buf, sizeof(buf), "%s", s);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*t))
			t++;
		for (char *q = t + strlen(t); q > t && isspace((unsigned char)q[-1]);)
			*--q = '\0';
		char *colon = strchr(t, ':');
		int k = -1;
		for (int i = 0; colon && i < 4; i++)
			if ((size_t)(colon - t) == strlen(names[i]) &&
			    strncmp(t, names[i], strlen(names[i])) == 0)
				k = i;
		if (k < 0)
			return err_set(e, "'%s' is not stored:SIZE, read:SIZE, gets:N or puts:N",
				       t);
		if (seen[k]++)
			return err_set(e, "'%s': %s given twice", t, names[k]);
		uint64_t *f[] = {&out->stored, &out->read, &out->gets, &out->puts};
		struct err ue;
		if (k < 2 ? units_parse_size(colon + 1, f[k], &ue) < 0 : count(colon + 1, f[k]) < 0)
			return err_set(e, "'%s' is not %s:%s", t, names[k],
				       k < 2 ? "SIZE (10TB, 5TiB)" : "N (100M, 5000, 2K)");
		n++;
	}
	if (n == 0)
		return err_set(e, "'%s' is not a list such as stored:10TB, read:50TB, gets:100M",
			       s);
	return 0;
}

void price_example_cost(const struct prices *p, const struct cost_example *ex,
			struct cost_parts *out)
{
	struct bill_counts b;

	memset(&b, 0, sizeof(b));
	b.class_b = ex->gets;
	b.class_a = ex->puts;
	b.bytes_out = ex->read;
	b.storage_byte_s = (double)ex->stored * PRICE_MONTH_S;
	price_cost(p, &b, 1, out);
}
