/* core/price.c: price keys and strings, the S3 operations and their classes (core/price.h;
 * docs/CAMPAIGN.md, "Prices"). */
#include "core/price.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"

static const struct {
	const char *name, *cls;
} ops[BILL_OPS] = {
	[BOP_CREATE_BUCKET] = {"CreateBucket", "a"},
	[BOP_DELETE_BUCKET] = {"DeleteBucket", "delete"},
	[BOP_HEAD_BUCKET] = {"HeadBucket", "b"},
	[BOP_LIST_BUCKETS] = {"ListBuckets", "a"},
	[BOP_GET_BUCKET_VERSIONING] = {"GetBucketVersioning", "b"},
	[BOP_PUT_BUCKET_VERSIONING] = {"PutBucketVersioning", "a"},
	[BOP_PUT_OBJECT] = {"PutObject", "a"},
	[BOP_COPY_OBJECT] = {"CopyObject", "a"},
	[BOP_GET_OBJECT] = {"GetObject", "b"},
	[BOP_HEAD_OBJECT] = {"HeadObject", "b"},
	[BOP_DELETE_OBJECT] = {"DeleteObject", "delete"},
	[BOP_DELETE_OBJECTS] = {"DeleteObjects", "delete"},
	[BOP_LIST_OBJECTS] = {"ListObjects", "a"},
	[BOP_LIST_OBJECTS_V2] = {"ListObjectsV2", "a"},
	[BOP_LIST_OBJECT_VERSIONS] = {"ListObjectVersions", "a"},
	[BOP_GET_OBJECT_TAGGING] = {"GetObjectTagging", "b"},
	[BOP_PUT_OBJECT_TAGGING] = {"PutObjectTagging", "a"},
	[BOP_CREATE_MULTIPART_UPLOAD] = {"CreateMultipartUpload", "a"},
	[BOP_UPLOAD_PART] = {"UploadPart", "a"},
	[BOP_UPLOAD_PART_COPY] = {"UploadPartCopy", "a"},
	[BOP_COMPLETE_MULTIPART_UPLOAD] = {"CompleteMultipartUpload", "a"},
	[BOP_ABORT_MULTIPART_UPLOAD] = {"AbortMultipartUpload", "delete"},
	[BOP_LIST_MULTIPART_UPLOADS] = {"ListMultipartUploads", "a"},
	[BOP_LIST_PARTS] = {"ListParts", "a"},
	[BOP_GET_OBJECT_LOCK_CONFIGURATION] = {"GetObjectLockConfiguration", "b"},
	[BOP_OLD_CLASS_A] = {"class_a", "a"},
	[BOP_OLD_CLASS_B] = {"class_b", "b"},
	[BOP_OLD_DELETE] = {"delete", "delete"},
};

/* The fixed keys, each with its kind. */
enum kind {
	K_STORAGE,
	K_EGRESS,
	K_INGRESS,
	K_RETRIEVAL,
	K_NUMBER,
	K_OTHER
};
static const struct {
	const char *key;
	enum kind kind;
} fixed[] = {
	{"price_storage", K_STORAGE},  {"price_egress", K_EGRESS},
	{"price_ingress", K_INGRESS},  {"price_retrieval", K_RETRIEVAL},
	{"price_delete", K_OTHER},     {"min_storage_days", K_NUMBER},
	{"free_egress_gb", K_NUMBER},  {"free_egress_ratio", K_NUMBER},
	{"free_storage_gb", K_NUMBER}, {"min_object_size", K_OTHER},
	{"unbilled_answers", K_OTHER}, {"egress", K_OTHER},
	{"price_unit", K_OTHER},       {"currency", K_OTHER},
	{"price_date", K_OTHER},
};

const char *bill_op_name(enum bill_op op)
{
	return (unsigned)op < BILL_OPS ? ops[op].name : "";
}

int bill_op_parse(const char *s)
{
	for (int i = 0; i < BOP_OLD_CLASS_A; i++)
		if (strcmp(s, ops[i].name) == 0)
			return i;
	return -1;
}

const char *bill_op_default_class(enum bill_op op)
{
	return (unsigned)op < BILL_OPS ? ops[op].cls : "a";
}

void price_init(struct prices *p)
{
	memset(p, 0, sizeof(*p));
	memcpy(p->currency, "USD", 4);
	memset(p->op_class, -1, sizeof(p->op_class));
}

double price_gb(const struct prices *p)
{
	return p->decimal ? 1e9 : 1073741824.0;
}

/* class_key: when key is PREFIX + NAME with a valid class name, NAME; else NULL. */
static const char *class_key(const char *key, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *name = key + n;

	if (strncmp(key, prefix, n) != 0 || !islower((unsigned char)name[0]) ||
	    strlen(name) >= PRICE_CLASS_NAME)
		return NULL;
	for (const char *q = name; *q; q++)
		if (!islower((unsigned char)*q) && !isdigit((unsigned char)*q) && *q != '_')
			return NULL;
	return name;
}

int price_is_key(const char *key)
{
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (strcmp(key, fixed[i].key) == 0)
			return 1;
	return class_key(key, "price_class_") || class_key(key, "free_class_") ||
	       class_key(key, "class_");
}

/* class_of: the class named name (added when absent); -1 when there are PRICE_CLASSES. */
static int class_of(struct prices *p, const char *name, struct err *e)
{
	for (int i = 0; i < p->n_cls; i++)
		if (strcmp(p->cls[i].name, name) == 0)
			return i;
	if (p->n_cls == PRICE_CLASSES)
		return err_set(e, "more than %d request classes", PRICE_CLASSES);
	snprintf(p->cls[p->n_cls].name, PRICE_CLASS_NAME, "%s", name);
	return p->n_cls++;
}

int price_op_class(const struct prices *p, enum bill_op op)
{
	int k = (unsigned)op < BILL_OPS ? p->op_class[op] : -1;

	if (k < 0)
		for (int i = 0; i < p->n_cls; i++)
			if (strcmp(p->cls[i].name, bill_op_default_class(op)) == 0)
				k = i;
	return k >= 0 && p->cls[k].priced ? k : -1;
}

double price_op(const struct prices *p, enum bill_op op)
{
	int k = price_op_class(p, op);
	return k < 0 ? 0 : p->cls[k].price;
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

/* volume: "50TB", "500TiB", "100GB" at the start of u: how many price-unit GB it is
 * (binary units converted with gb); *end after the unit. month: may end in "-month". */
static int volume(const char *u, int month, double gb, double *gbs, const char **end)
{
	static const struct {
		const char *name;
		double bytes; /* 0: "GB" of the price unit (x1000 for TB) */
		double mult;
	} units[] = {{"GiB", 1073741824.0, 1},
		     {"TiB", 1099511627776.0, 1},
		     {"GB", 0, 1},
		     {"TB", 0, 1000}};
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t n = strlen(units[i].name);
		if (strncmp(u, units[i].name, n) != 0)
			continue;
		*end = u + n;
		if (month && strncmp(*end, "-month", 6) == 0)
			*end += 6;
		else if (month)
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

/* trim: s without blanks around it (in place). */
static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	for (char *q = s + strlen(s); q > s && isspace((unsigned char)q[-1]);)
		*--q = '\0';
	return s;
}

/* per_gb: "0.09/GB" (month: "0.023/GB-month"), nothing after: the price per price-unit GB. */
static int per_gb(const struct prices *p, const char *s, int month, double *out)
{
	const char *q, *end;
	double x, per;

	if (number(s, &x, &q) < 0 || *q != '/' ||
	    volume(q + 1, month, price_gb(p), &per, &end) < 0 || *end != '\0')
		return -1;
	*out = x / per;
	return 0;
}

/* tiers: "0.09/GB, 0.085/GB above 10TiB, ...": increasing volume tiers, the first from 0. */
static int tiers(const struct prices *p, const char *v, int month, struct price_tier *t, int *n,
		 struct err *e)
{
	const char *unit = month ? "GB-month" : "GB", *x = month ? "0.023" : "0.09";
	char buf[512], *save = NULL;
	int k = 0;

	if (strlen(v) >= sizeof(buf))
		return err_set(e, "too long");
	snprintf(buf, sizeof(buf), "%s", v);
	for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save), k++) {
		char *s = trim(it), *above = strstr(s, " above ");
		const char *end;
		double mult;

		if (k == PRICE_TIERS)
			return err_set(e, "more than %d tiers", PRICE_TIERS);
		t[k].from = 0;
		if (above != NULL) {
			char *vol = trim(above + 7);
			*above = '\0';
			if (number(vol, &t[k].from, &end) < 0 ||
			    volume(end, 0, price_gb(p), &mult, &end) < 0 || *end != '\0')
				return err_set(
					e, "'above %s' is not a volume (above 50TB, above 10TiB)",
					vol);
			t[k].from *= mult;
		}
		if (per_gb(p, trim(s), month, &t[k].price) < 0)
			return err_set(e,
				       "'%s' is not a price per %s (%s/%s, %s/Gi%s, %s/T%s; tiers: "
				       "%s/%s, %s/%s above %s)",
				       s, unit, x, unit, x, unit + 1, month ? "23" : "90", unit + 1,
				       x, unit, month ? "0.022" : "0.085", unit,
				       month ? "50TB" : "10TB");
		if (k == 0 && above != NULL)
			return err_set(e, "the first tier starts at 0: drop its 'above'");
		if (k > 0 && above == NULL)
			return err_set(e, "'%s': a tier after the first needs 'above VOLUME'", s);
		if (k > 0 && t[k].from <= t[k - 1].from)
			return err_set(e, "the tiers must start at increasing volumes");
	}
	if (k == 0)
		return err_set(e, "'%s' is not a price per %s (%s/%s)", v, unit, x, unit);
	*n = k;
	return 0;
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

/* set_class_price: price_class_NAME = 0.005/1000. */
static int set_class_price(struct prices *p, const char *name, const char *v, struct err *e)
{
	const char *q;
	double x, per;
	int k;

	if (number(v, &x, &q) < 0 || *q != '/' || per_count(q + 1, &per) < 0)
		return err_set(e, "'%s' is not a price per requests (0.005/1000, 5/1M, 0/1)", v);
	if ((k = class_of(p, name, e)) < 0)
		return -1;
	p->cls[k].price = x / per;
	p->cls[k].priced = 1;
	return 0;
}

/* set_class_free: free_class_NAME = 2500/day or 1M/month. */
static int set_class_free(struct prices *p, const char *name, const char *v, struct err *e)
{
	char buf[64], *slash;
	uint64_t n;
	int k;

	snprintf(buf, sizeof(buf), "%s", v);
	slash = strchr(buf, '/');
	if (slash == NULL || strlen(v) >= sizeof(buf) ||
	    (strcmp(slash, "/day") != 0 && strcmp(slash, "/month") != 0) ||
	    (*slash = '\0', count(buf, &n) < 0))
		return err_set(e, "'%s' is not free requests per day or month (2500/day, 1M/month)",
			       v);
	if ((k = class_of(p, name, e)) < 0)
		return -1;
	p->cls[k].free_n = (double)n;
	p->cls[k].free_per = slash[1] == 'd' ? 'd' : 'm';
	return 0;
}

/* set_class_ops: class_NAME = PutObject, CopyObject, ... */
static int set_class_ops(struct prices *p, const char *name, const char *v, struct err *e)
{
	char buf[1024], *save = NULL;
	int k = class_of(p, name, e), n = 0;

	if (k < 0)
		return -1;
	if (strlen(v) >= sizeof(buf))
		return err_set(e, "too long");
	for (int i = 0; i < BILL_OPS; i++)
		if (p->op_class[i] == k)
			p->op_class[i] = -1;
	snprintf(buf, sizeof(buf), "%s", v);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save), n++) {
		int op = bill_op_parse(trim(t));
		if (op < 0)
			return err_set(e,
				       "'%s' is not an S3 operation (PutObject, GetObject, "
				       "ListObjectsV2, CopyObject, ... as docs/CAMPAIGN.md lists)",
				       trim(t));
		if (p->op_class[op] >= 0 && p->op_class[op] != k)
			return err_set(e, "%s is in class %s already (class_%s)", trim(t),
				       p->cls[p->op_class[op]].name, p->cls[p->op_class[op]].name);
		p->op_class[op] = (signed char)k;
	}
	if (n == 0)
		return err_set(e, "'%s' is not a list of S3 operations (PutObject, CopyObject)", v);
	p->cls[k].listed = 1;
	return 0;
}

/* set_unbilled: unbilled_answers = 5xx, auth | none. */
static int set_unbilled(struct prices *p, const char *v, struct err *e)
{
	char buf[128], *save = NULL;

	p->unbilled_5xx = p->unbilled_auth = 0;
	if (strcmp(v, "none") == 0)
		return 0;
	snprintf(buf, sizeof(buf), "%s", v);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		t = trim(t);
		if (strcmp(t, "5xx") == 0)
			p->unbilled_5xx = 1;
		else if (strcmp(t, "auth") == 0)
			p->unbilled_auth = 1;
		else
			return err_set(e, "'%s' is not 5xx, auth or none", t);
	}
	if (!p->unbilled_5xx && !p->unbilled_auth)
		return err_set(e, "'%s' is not a list of 5xx, auth (or none)", v);
	return 0;
}

static int set_number(struct prices *p, const char *key, const char *v, struct err *e)
{
	const char *q;
	double x;

	if (number(v, &x, &q) < 0 || *q != '\0')
		return err_set(e, "'%s' is not a number (%s)", v,
			       strcmp(key, "min_storage_days") == 0 ? "days: 90"
			       : strcmp(key, "free_egress_gb") == 0 ? "GB per month: 100"
			       : strcmp(key, "free_storage_gb") == 0
				       ? "GB-months per month: 10"
				       : "times the stored volume: 1");
	if (strcmp(key, "min_storage_days") == 0)
		p->min_storage_days = x;
	else if (strcmp(key, "free_egress_gb") == 0)
		p->free_egress_gb = x;
	else if (strcmp(key, "free_storage_gb") == 0)
		p->free_storage_gb = x;
	else
		p->free_egress_ratio = x;
	return 0;
}

static int set_other(struct prices *p, const char *key, const char *v, struct err *e)
{
	if (strcmp(key, "price_delete") == 0)
		return set_class_price(p, "delete", v, e);
	if (strcmp(key, "unbilled_answers") == 0)
		return set_unbilled(p, v, e);
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
	} else { /* min_object_size */
		struct err ue;
		if (units_parse_size(v, &p->min_object_size, &ue) < 0)
			return err_set(e, "%s", ue.msg);
	}
	return 0;
}

int price_set_key(struct prices *p, const char *key, const char *value, struct err *e)
{
	const char *name;
	int rc = -1;

	if ((name = class_key(key, "price_class_")) != NULL)
		rc = set_class_price(p, name, value, e);
	else if ((name = class_key(key, "free_class_")) != NULL)
		rc = set_class_free(p, name, value, e);
	else if ((name = class_key(key, "class_")) != NULL)
		rc = set_class_ops(p, name, value, e);
	else
		for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
			if (strcmp(key, fixed[i].key) != 0)
				continue;
			switch (fixed[i].kind) {
			case K_STORAGE:
				rc = tiers(p, value, 1, p->storage, &p->n_storage, e);
				break;
			case K_EGRESS:
				rc = tiers(p, value, 0, p->egress, &p->n_egress, e);
				break;
			case K_INGRESS:
			case K_RETRIEVAL:
				rc = per_gb(p, value, 0,
					    fixed[i].kind == K_INGRESS ? &p->ingress
								       : &p->retrieval);
				if (rc < 0)
					return err_set(
						e,
						"'%s' is not a price per GB (0.01/GB, 0.01/GiB, "
						"10/TB)",
						value);
				*(fixed[i].kind == K_INGRESS ? &p->has_ingress
							     : &p->has_retrieval) = 1;
				break;
			case K_NUMBER:
				rc = set_number(p, key, value, e);
				break;
			default:
				rc = set_other(p, key, value, e);
			}
			if (rc == 0 && strcmp(key, "price_date") != 0)
				p->given = 1; /* a date alone is no price */
			return rc;
		}
	if (name == NULL)
		return err_set(e, "unknown price key");
	if (rc == 0)
		p->given = 1;
	return rc;
}

/* check_classes: across keys: a class that lists operations or has a free tier has a
 * price. -1 with the index of the key at fault in *bad. */
static int check_classes(const struct prices *p, const char *const *keys, size_t n, size_t *bad,
			 struct err *e)
{
	for (int k = 0; k < p->n_cls; k++) {
		const struct price_class *c = &p->cls[k];
		char key[64];
		if (c->priced || (!c->listed && c->free_per == 0))
			continue;
		snprintf(key, sizeof(key), "%s%s", c->listed ? "class_" : "free_class_", c->name);
		for (size_t i = 0; i < n; i++)
			if (strcmp(keys[i], key) == 0)
				*bad = i;
		return err_set(e, "class %s has no price: give price_class_%s (0/1000 when free)",
			       c->name,
			       strcmp(c->name, "delete") == 0 ? "delete or price_delete" : c->name);
	}
	return 0;
}

int price_set_section(struct prices *p, const char *const *keys, const char *const *vals, size_t n,
		      size_t *bad, struct err *e)
{
	price_init(p);
	*bad = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			if ((strcmp(keys[i], "price_unit") == 0) != (pass == 0))
				continue;
			if (price_set_key(p, keys[i], vals[i], e) < 0) {
				*bad = i;
				return -1;
			}
		}
	return check_classes(p, keys, n, bad, e);
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
		t = trim(t);
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
