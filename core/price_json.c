/* core/price_json.c: run.json's "prices" and "billing" records and a bill's JSON form
 * (core/price.h; docs/FORMATS.md, "Prices and billing"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/price.h"

/* class_named: the index of class name in p, or -1. */
static int class_named(const struct prices *p, const char *name)
{
	for (int i = 0; i < p->n_cls; i++)
		if (strcmp(p->cls[i].name, name) == 0)
			return i;
	return -1;
}

static json_t *tiers_json(const struct price_tier *t, int n, const char *per)
{
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < n; i++)
		if (json_array_append_new(a, json_pack("{s:f, s:f}", "from_gb", t[i].from, per,
						       t[i].price)) < 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

static json_t *class_json(const struct prices *p, int k)
{
	const struct price_class *c = &p->cls[k];
	json_t *o = json_pack("{s:s, s:o, s:o, s:o}", "name", c->name, "per_1000",
			      c->priced ? json_real(c->price * 1000) : json_null(), "free",
			      c->free_per ? json_real(c->free_n) : json_null(), "free_per",
			      c->free_per ? json_string(c->free_per == 'd' ? "day" : "month")
					  : json_null());
	json_t *ops = json_array();

	for (int i = 0; o != NULL && ops != NULL && i < BILL_OPS; i++)
		if (p->op_class[i] == k)
			json_array_append_new(ops, json_string(bill_op_name((enum bill_op)i)));
	if (o == NULL || ops == NULL || json_object_set_new(o, "operations", ops) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* legacy: the single-price members older readers know. */
static int legacy(json_t *j, const struct prices *p)
{
	static const char *const cls[][2] = {{"a", "class_a_per_1000"},
					     {"b", "class_b_per_1000"},
					     {"delete", "delete_per_1000"}};
	int bad = 0;

	if (p->n_storage)
		bad |= json_object_set_new(j, "storage_per_gb_month",
					   json_real(p->storage[0].price));
	if (p->n_egress)
		bad |= json_object_set_new(j, "egress_per_gb", json_real(p->egress[0].price));
	if (p->has_ingress)
		bad |= json_object_set_new(j, "ingress_per_gb", json_real(p->ingress));
	for (int i = 0; i < 3; i++) {
		int k = class_named(p, cls[i][0]);
		if (k >= 0 && p->cls[k].priced)
			bad |= json_object_set_new(j, cls[i][1], json_real(p->cls[k].price * 1000));
	}
	return bad;
}

json_t *price_to_json(const struct prices *p)
{
	json_t *j = json_object(), *cls = json_array(), *unb = json_array();
	int bad = j == NULL || cls == NULL || unb == NULL;

	if (bad)
		goto fail;
	bad |= json_object_set_new(j, "currency", json_string(p->currency));
	bad |= json_object_set_new(j, "price_unit", json_string(p->decimal ? "GB" : "GiB"));
	bad |= json_object_set_new(j, "date", p->date[0] ? json_string(p->date) : json_null());
	bad |= json_object_set_new(j, "egress",
				   json_string(p->same_region ? "same-region" : "internet"));
	bad |= legacy(j, p);
	if (p->n_storage)
		bad |= json_object_set_new(j, "storage_tiers",
					   tiers_json(p->storage, p->n_storage, "per_gb_month"));
	if (p->n_egress)
		bad |= json_object_set_new(j, "egress_tiers",
					   tiers_json(p->egress, p->n_egress, "per_gb"));
	if (p->has_retrieval)
		bad |= json_object_set_new(j, "retrieval_per_gb", json_real(p->retrieval));
	for (int k = 0; k < p->n_cls; k++)
		bad |= json_array_append_new(cls, class_json(p, k));
	bad |= json_object_set_new(j, "classes", cls);
	cls = NULL;
	bad |= json_object_set_new(j, "min_storage_days", json_real(p->min_storage_days));
	bad |= json_object_set_new(j, "min_object_size",
				   json_integer((json_int_t)p->min_object_size));
	bad |= json_object_set_new(j, "free_egress_gb", json_real(p->free_egress_gb));
	bad |= json_object_set_new(j, "free_egress_ratio", json_real(p->free_egress_ratio));
	bad |= json_object_set_new(j, "free_storage_gb", json_real(p->free_storage_gb));
	if (p->unbilled_5xx)
		bad |= json_array_append_new(unb, json_string("5xx"));
	if (p->unbilled_auth)
		bad |= json_array_append_new(unb, json_string("auth"));
	bad |= json_object_set_new(j, "unbilled_answers", unb);
	unb = NULL;
	if (!bad)
		return j;
fail:
	json_decref(j);
	json_decref(cls);
	json_decref(unb);
	return NULL;
}

/* num: a non-negative number member (absent: *has 0, *out unchanged). */
static int num(const json_t *j, const char *key, double *out, int *has, struct err *e)
{
	const json_t *v = json_object_get(j, key);

	if (has)
		*has = v != NULL && !json_is_null(v);
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_number(v) || json_number_value(v) < 0)
		return err_set(e, "prices.%s: not a non-negative number", key);
	*out = json_number_value(v);
	return 0;
}

static int tiers_from(const json_t *a, const char *key, const char *per, struct price_tier *t,
		      int *n, struct err *e)
{
	size_t i;
	const json_t *x;

	if (!json_is_array(a) || json_array_size(a) == 0 || json_array_size(a) > PRICE_TIERS)
		return err_set(e, "prices.%s: not a list of 1 to %d tiers", key, PRICE_TIERS);
	json_array_foreach(a, i, x) {
		const json_t *f = json_object_get(x, "from_gb"), *v = json_object_get(x, per);
		if (!json_is_number(f) || !json_is_number(v) || json_number_value(v) < 0 ||
		    (i > 0 && json_number_value(f) <= t[i - 1].from))
			return err_set(e,
				       "prices.%s[%zu]: not {\"from_gb\", \"%s\"} above the one "
				       "before",
				       key, i, per);
		t[i].from = json_number_value(f);
		t[i].price = json_number_value(v);
	}
	*n = (int)json_array_size(a);
	return 0;
}

/* class_from: one of "classes" into p. */
static int class_from(const json_t *c, size_t i, struct prices *p, struct err *e)
{
	const char *name = json_string_value(json_object_get(c, "name"));
	const char *per = json_string_value(json_object_get(c, "free_per"));
	const json_t *ops = json_object_get(c, "operations"), *x;
	struct price_class *k;
	int has;
	size_t j;

	if (name == NULL || name[0] == '\0' || strlen(name) >= PRICE_CLASS_NAME ||
	    class_named(p, name) >= 0 || p->n_cls == PRICE_CLASSES)
		return err_set(e, "prices.classes[%zu].name: not a class name of its own", i);
	k = &p->cls[p->n_cls];
	snprintf(k->name, PRICE_CLASS_NAME, "%s", name);
	if (num(c, "per_1000", &k->price, &k->priced, e) < 0 ||
	    num(c, "free", &k->free_n, &has, e) < 0)
		return err_prefix(e, "classes[%zu]", i);
	k->price /= 1000;
	if (has)
		k->free_per = per != NULL && strcmp(per, "day") == 0 ? 'd' : 'm';
	json_array_foreach(ops, j, x) {
		int op = json_is_string(x) ? bill_op_parse(json_string_value(x)) : -1;
		if (op < 0)
			return err_set(e,
				       "prices.classes[%zu].operations[%zu]: not an S3 operation",
				       i, j);
		p->op_class[op] = (signed char)p->n_cls;
		k->listed = 1;
	}
	p->n_cls++;
	return 0;
}

/* old_classes: class_a_per_1000, class_b_per_1000, delete_per_1000 (no "classes"). */
static int old_classes(const json_t *j, struct prices *p, struct err *e)
{
	static const char *const cls[][2] = {{"a", "class_a_per_1000"},
					     {"b", "class_b_per_1000"},
					     {"delete", "delete_per_1000"}};
	for (int i = 0; i < 3; i++) {
		double v = 0;
		int has;
		if (num(j, cls[i][1], &v, &has, e) < 0)
			return -1;
		if (!has)
			continue;
		struct price_class *k = &p->cls[p->n_cls++];
		snprintf(k->name, PRICE_CLASS_NAME, "%s", cls[i][0]);
		k->price = v / 1000;
		k->priced = 1;
	}
	return 0;
}

static int strings_from(const json_t *j, struct prices *p, struct err *e)
{
	static const char *const keys[][2] = {{"currency", "currency"},
					      {"price_unit", "price_unit"},
					      {"egress", "egress"},
					      {"date", "price_date"}};
	struct err ke;

	for (int i = 0; i < 4; i++) {
		const char *s = json_string_value(json_object_get(j, keys[i][0]));
		if (s != NULL && price_set_key(p, keys[i][1], s, &ke) < 0)
			return err_set(e, "prices.%s: %s", keys[i][0], ke.msg);
	}
	return 0;
}

/* tiers_or_one: KEY_tiers, else the single price KEY_per_... as one tier. */
static int tiers_or_one(const json_t *j, const char *tiers_key, const char *one_key,
			const char *per, struct price_tier *t, int *n, struct err *e)
{
	const json_t *a = json_object_get(j, tiers_key);
	int has;

	if (a != NULL)
		return tiers_from(a, tiers_key, per, t, n, e);
	t[0].from = 0;
	if (num(j, one_key, &t[0].price, &has, e) < 0)
		return -1;
	*n = has;
	return 0;
}

int price_from_json(const json_t *j, struct prices *p, struct err *e)
{
	const json_t *cls, *x, *unb;
	double mos = 0;
	size_t i;

	price_init(p);
	if (!json_is_object(j))
		return err_set(e, "prices: not an object");
	p->given = 1;
	if (strings_from(j, p, e) < 0 ||
	    tiers_or_one(j, "storage_tiers", "storage_per_gb_month", "per_gb_month", p->storage,
			 &p->n_storage, e) < 0 ||
	    tiers_or_one(j, "egress_tiers", "egress_per_gb", "per_gb", p->egress, &p->n_egress, e) <
		    0 ||
	    num(j, "ingress_per_gb", &p->ingress, &p->has_ingress, e) < 0 ||
	    num(j, "retrieval_per_gb", &p->retrieval, &p->has_retrieval, e) < 0)
		return -1;
	if ((cls = json_object_get(j, "classes")) != NULL) {
		if (!json_is_array(cls) || json_array_size(cls) > PRICE_CLASSES)
			return err_set(e, "prices.classes: not a list of at most %d classes",
				       PRICE_CLASSES);
		json_array_foreach(cls, i, x)
			if (class_from(x, i, p, e) < 0)
				return -1;
	} else if (old_classes(j, p, e) < 0) {
		return -1;
	}
	if (num(j, "min_storage_days", &p->min_storage_days, NULL, e) < 0 ||
	    num(j, "min_object_size", &mos, NULL, e) < 0 ||
	    num(j, "free_egress_gb", &p->free_egress_gb, NULL, e) < 0 ||
	    num(j, "free_egress_ratio", &p->free_egress_ratio, NULL, e) < 0 ||
	    num(j, "free_storage_gb", &p->free_storage_gb, NULL, e) < 0)
		return -1;
	p->min_object_size = (uint64_t)mos;
	unb = json_object_get(j, "unbilled_answers");
	json_array_foreach(unb, i, x) {
		const char *s = json_string_value(x);
		if (s != NULL && strcmp(s, "5xx") == 0)
			p->unbilled_5xx = 1;
		else if (s != NULL && strcmp(s, "auth") == 0)
			p->unbilled_auth = 1;
		else
			return err_set(e, "prices.unbilled_answers[%zu]: not 5xx or auth", i);
	}
	return 0;
}

static const char *const bill_keys[] = {"bytes_in",        "bytes_out",     "xml_in",
					"xml_out",         "objects",       "object_bytes",
					"deleted_objects", "deleted_bytes", NULL};
static const char *const bill_reals[] = {"storage_byte_s", "storage_object_s", "deleted_byte_s",
					 "deleted_object_s", NULL};

static uint64_t *bill_field(struct bill_counts *b, int i)
{
	uint64_t *f[] = {&b->bytes_in, &b->bytes_out,    &b->xml_in,  &b->xml_out,
			 &b->objects,  &b->object_bytes, &b->deleted, &b->deleted_bytes};
	return f[i];
}

static double *bill_real(struct bill_counts *b, int i)
{
	double *f[] = {&b->storage_byte_s, &b->storage_object_s, &b->deleted_byte_s,
		       &b->deleted_object_s};
	return f[i];
}

static json_t *requests_json(const struct bill_counts *b)
{
	json_t *o = json_object();

	for (int i = 0; o != NULL && i < BILL_OPS; i++) {
		const struct bill_req *r = &b->req[i];
		if (r->n == 0 && r->n_5xx == 0 && r->n_auth == 0)
			continue;
		if (json_object_set_new(o, bill_op_name((enum bill_op)i),
					json_pack("{s:I, s:I, s:I}", "n", (json_int_t)r->n, "5xx",
						  (json_int_t)r->n_5xx, "auth",
						  (json_int_t)r->n_auth)) < 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

json_t *bill_to_json(const struct bill_counts *b)
{
	struct bill_counts c = *b;
	json_t *j = json_object();
	int bad = j == NULL;

	if (bad)
		return NULL;
	bad |= json_object_set_new(j, "class_a",
				   json_integer((json_int_t)bill_class_count(b, "a")));
	bad |= json_object_set_new(j, "class_b",
				   json_integer((json_int_t)bill_class_count(b, "b")));
	bad |= json_object_set_new(j, "delete",
				   json_integer((json_int_t)bill_class_count(b, "delete")));
	bad |= json_object_set_new(j, "requests", requests_json(b));
	for (int i = 0; bill_keys[i]; i++)
		bad |= json_object_set_new(j, bill_keys[i],
					   json_integer((json_int_t)*bill_field(&c, i)));
	for (int i = 0; bill_reals[i]; i++)
		bad |= json_object_set_new(j, bill_reals[i], json_real(*bill_real(&c, i)));
	if (bad) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static int count_of(const json_t *v, uint64_t *out)
{
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return -1;
	*out = (uint64_t)json_integer_value(v);
	return 0;
}

/* requests_from: "requests" (by operation) into b; the old class counts without it. */
static int requests_from(const json_t *j, struct bill_counts *b, struct err *e)
{
	static const char *const old[] = {"class_a", "class_b", "delete"};
	const json_t *rq = json_object_get(j, "requests"), *v;
	const char *name;

	if (rq == NULL) {
		for (int i = 0; i < 3; i++)
			if (count_of(json_object_get(j, old[i]), &b->req[BOP_OLD_CLASS_A + i].n) <
			    0)
				return err_set(e, "billing.%s: not a count", old[i]);
		return 0;
	}
	if (!json_is_object(rq))
		return err_set(e, "billing.requests: not an object");
	json_object_foreach((json_t *)rq, name, v) {
		int op = bill_op_parse(name);
		for (int i = 0; op < 0 && i < 3; i++)
			if (strcmp(name, old[i]) == 0)
				op = BOP_OLD_CLASS_A + i;
		if (op < 0)
			return err_set(e, "billing.requests.%s: not an S3 operation", name);
		if (count_of(json_object_get(v, "n"), &b->req[op].n) < 0 ||
		    count_of(json_object_get(v, "5xx"), &b->req[op].n_5xx) < 0 ||
		    count_of(json_object_get(v, "auth"), &b->req[op].n_auth) < 0)
			return err_set(e,
				       "billing.requests.%s: not {\"n\", \"5xx\", \"auth\"} counts",
				       name);
	}
	return 0;
}

int bill_from_json(const json_t *j, struct bill_counts *b, struct err *e)
{
	const json_t *v;
	int has_objs, has_del;

	memset(b, 0, sizeof(*b));
	if (!json_is_object(j))
		return err_set(e, "billing: not an object");
	if (requests_from(j, b, e) < 0)
		return -1;
	for (int i = 0; bill_keys[i]; i++) {
		v = json_object_get(j, bill_keys[i]);
		if (v == NULL && i >= 6) /* the delete counts: absent in older records */
			continue;
		if (count_of(v, bill_field(b, i)) < 0)
			return err_set(e, "billing.%s: not a count", bill_keys[i]);
	}
	for (int i = 0; bill_reals[i]; i++) {
		v = json_object_get(j, bill_reals[i]);
		if (v == NULL && i > 0)
			continue;
		if (!json_is_number(v) || json_number_value(v) < 0)
			return err_set(e, "billing.%s: not a non-negative number", bill_reals[i]);
		*bill_real(b, i) = json_number_value(v);
	}
	has_objs = json_object_get(j, "storage_object_s") != NULL;
	has_del = json_object_get(j, "deleted_objects") != NULL;
	if (!has_objs && b->object_bytes > 0) /* every object of the mean size */
		b->storage_object_s = b->storage_byte_s * (double)b->objects /
				      (double)b->object_bytes;
	if (!has_del) { /* every object deleted at the end */
		b->deleted = b->objects;
		b->deleted_bytes = b->object_bytes;
		b->deleted_byte_s = b->storage_byte_s;
		b->deleted_object_s = b->storage_object_s;
	}
	return 0;
}

json_t *cost_to_json(const struct cost_parts *c, const char *currency)
{
	return json_pack("{s:s, s:f, s:f, s:f, s:f, s:f, s:f, s:f}", "currency", currency, "total",
			 c->total, "requests", c->requests, "egress", c->egress, "ingress",
			 c->ingress, "storage", c->storage, "deleted_early", c->deleted_early,
			 "retrieval", c->retrieval);
}

/* optional: o.key when a number, else 0 (records written before the part existed). */
static double optional(struct jread *r, const json_t *o, const char *where, const char *key)
{
	double x = jread_num(r, o, where, key, 0);

	return isnan(x) ? 0 : x;
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
	c->deleted_early = optional(r, o, where, "deleted_early");
	c->retrieval = optional(r, o, where, "retrieval");
	return r->failed ? -1 : 0;
}
