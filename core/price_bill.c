/* core/price_bill.c: billable counts and the bill they make at a price list, through a
 * subject's ledger of tiers and free allowances (core/price.h; docs/METHODOLOGY.md, "Cost"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/price.h"

void bill_add(struct bill_counts *to, const struct bill_counts *from)
{
	for (int i = 0; i < BILL_OPS; i++) {
		to->req[i].n += from->req[i].n;
		to->req[i].n_5xx += from->req[i].n_5xx;
		to->req[i].n_auth += from->req[i].n_auth;
	}
	to->bytes_in += from->bytes_in;
	to->bytes_out += from->bytes_out;
	to->xml_in += from->xml_in;
	to->xml_out += from->xml_out;
	to->objects += from->objects;
	to->object_bytes += from->object_bytes;
	to->storage_byte_s += from->storage_byte_s;
	to->storage_object_s += from->storage_object_s;
	to->deleted += from->deleted;
	to->deleted_bytes += from->deleted_bytes;
	to->deleted_byte_s += from->deleted_byte_s;
	to->deleted_object_s += from->deleted_object_s;
}

uint64_t bill_class_count(const struct bill_counts *b, const char *cls)
{
	uint64_t n = 0;

	for (int i = 0; i < BILL_OPS; i++)
		if (strcmp(bill_op_default_class((enum bill_op)i), cls) == 0)
			n += b->req[i].n;
	return n;
}

void bill_count_op(struct bill_counts *b, enum bill_op op, uint64_t n, uint64_t n_5xx,
		   uint64_t n_auth)
{
	b->req[op].n += n;
	b->req[op].n_5xx += n_5xx;
	b->req[op].n_auth += n_auth;
}

void cost_parts_add(struct cost_parts *to, const struct cost_parts *c)
{
	to->requests += c->requests;
	to->egress += c->egress;
	to->ingress += c->ingress;
	to->storage += c->storage;
	to->deleted_early += c->deleted_early;
	to->retrieval += c->retrieval;
	to->total += c->total;
}

void price_ledger_init(struct price_ledger *lg)
{
	memset(lg, 0, sizeof(*lg));
	lg->day = lg->month = -1;
}

/* month_of_day: months since 1970-01 of the day d (days since 1970-01-01), by the civil
 * calendar (H. Hinnant's days-to-civil). */
static int64_t month_of_day(int64_t d)
{
	int64_t z = d + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
	int64_t m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2);

	return (y - 1970) * 12 + (m - 1);
}

void price_ledger_at(struct price_ledger *lg, int64_t t_ns)
{
	int64_t day, month;

	if (t_ns <= 0)
		return;
	day = t_ns / 86400000000000LL;
	month = month_of_day(day);
	if (lg->month >= 0 && month != lg->month) {
		price_ledger_init(lg);
	} else if (lg->day >= 0 && day != lg->day) {
		for (int i = 0; i < lg->n_free_req; i++)
			lg->free_req[i].day = 0;
	}
	lg->day = day;
	lg->month = month;
}

/* tiered: the price of x units from position pos of the month's volume through tiers
 * t[0..n) (0 when n is 0). */
static double tiered(const struct price_tier *t, int n, double pos, double x)
{
	double sum = 0;

	for (int i = 0; i < n && x > 0; i++) {
		double lo = t[i].from, hi = i + 1 < n ? t[i + 1].from : INFINITY;
		double a = pos > lo ? pos : lo, b = pos + x < hi ? pos + x : hi;
		if (b > a)
			sum += (b - a) * t[i].price;
	}
	return sum;
}

/* billed: the requests of op the provider bills. */
static double billed(const struct prices *p, const struct bill_req *r)
{
	uint64_t n = r->n;

	if (p->unbilled_5xx)
		n -= r->n_5xx < n ? r->n_5xx : n;
	if (p->unbilled_auth)
		n -= r->n_auth < n ? r->n_auth : n;
	return (double)n;
}

/* free_used: the ledger's record of class name's free requests. */
static double *free_used(struct price_ledger *lg, const char *name, char per)
{
	int i;

	for (i = 0; i < lg->n_free_req; i++)
		if (strcmp(lg->free_req[i].name, name) == 0)
			break;
	if (i == lg->n_free_req) {
		if (i == PRICE_CLASSES)
			return NULL;
		memset(&lg->free_req[i], 0, sizeof(lg->free_req[i]));
		snprintf(lg->free_req[i].name, PRICE_CLASS_NAME, "%s", name);
		lg->n_free_req++;
	}
	return per == 'd' ? &lg->free_req[i].day : &lg->free_req[i].month;
}

/* requests: the request part, and after the free requests left in lg (lg may be NULL). */
static void requests(const struct prices *p, const struct bill_counts *b, struct price_ledger *lg,
		     double *all, double *after)
{
	double n[PRICE_CLASSES] = {0};

	for (int i = 0; i < BILL_OPS; i++) {
		int k = price_op_class(p, (enum bill_op)i);
		if (k >= 0)
			n[k] += billed(p, &b->req[i]);
	}
	*all = *after = 0;
	for (int k = 0; k < p->n_cls; k++) {
		const struct price_class *c = &p->cls[k];
		double *used = lg && c->free_per ? free_used(lg, c->name, c->free_per) : NULL;
		double free = 0;
		if (used != NULL) {
			free = c->free_n - *used;
			free = free < 0 ? 0 : free < n[k] ? free : n[k];
			*used += free;
		}
		*all += n[k] * c->price;
		*after += (n[k] - free) * c->price;
	}
}

/* storage_gbm: the stored GB-months of b with the minimum object size m (bytes), and the
 * GB-months billed for objects deleted before the minimum duration. */
static void storage_gbm(const struct prices *p, const struct bill_counts *b, double *kept,
			double *early)
{
	double m = (double)p->min_object_size, unit = price_gb(p) * PRICE_MONTH_S;
	double s = b->storage_byte_s, so = b->storage_object_s * m;
	double d = p->min_storage_days * 86400.0;

	*kept = (s > so ? s : so) / unit;
	*early = 0;
	if (d > 0) {
		double bytes = (double)b->deleted_bytes, pad = (double)b->deleted * m;
		double lived = b->deleted_byte_s, lived_pad = b->deleted_object_s * m;
		double x = d * (bytes > pad ? bytes : pad) -
			   (lived > lived_pad ? lived : lived_pad);
		*early = x > 0 ? x / unit : 0;
	}
}

static void total(struct cost_parts *c)
{
	c->total = c->requests + c->egress + c->ingress + c->storage + c->deleted_early +
		   c->retrieval;
}

void price_bill(const struct prices *p, const struct bill_counts *b, struct price_ledger *lg,
		struct cost_parts *out, struct cost_parts *after_free)
{
	struct price_ledger scratch;
	struct cost_parts af;
	double gb = price_gb(p), kept, early, e, spos, epos, fs, fe;

	if (lg == NULL) {
		price_ledger_init(&scratch);
		lg = &scratch;
	}
	memset(out, 0, sizeof(*out));
	requests(p, b, lg == &scratch ? NULL : lg, &out->requests, &af.requests);
	storage_gbm(p, b, &kept, &early);
	spos = lg->storage_gbm;
	out->storage = tiered(p->storage, p->n_storage, spos, kept);
	out->deleted_early = tiered(p->storage, p->n_storage, spos + kept, early);
	e = p->same_region ? 0 : (double)(b->bytes_out + b->xml_out) / gb;
	epos = lg->egress_gb;
	out->egress = tiered(p->egress, p->n_egress, epos, e);
	out->ingress = (double)(b->bytes_in + b->xml_in) / gb * p->ingress;
	out->retrieval = (double)b->bytes_out / gb * p->retrieval;
	total(out);
	/* after the free allowances: free storage first, then egress (its ratio counts the
	 * storage kept this month, this bill's included) */
	fs = p->free_storage_gb - lg->free_storage_used;
	fs = fs < 0 ? 0 : fs < kept ? fs : kept;
	lg->active_gbm += kept;
	fe = p->free_egress_gb + p->free_egress_ratio * lg->active_gbm - lg->free_egress_used;
	fe = fe < 0 ? 0 : fe < e ? fe : e;
	af.storage = tiered(p->storage, p->n_storage, spos + fs, kept - fs);
	af.deleted_early = out->deleted_early;
	af.egress = tiered(p->egress, p->n_egress, epos + fe, e - fe);
	af.ingress = out->ingress;
	af.retrieval = out->retrieval;
	total(&af);
	if (lg != &scratch) {
		lg->free_storage_used += fs;
		lg->free_egress_used += fe;
	}
	lg->storage_gbm += kept + early;
	lg->egress_gb += e;
	if (after_free != NULL)
		*after_free = lg == &scratch ? *out : af;
}

void price_cost(const struct prices *p, const struct bill_counts *b, struct cost_parts *out)
{
	price_bill(p, b, NULL, out, NULL);
}

void price_example_cost(const struct prices *p, const struct cost_example *ex,
			struct cost_parts *out)
{
	struct bill_counts b;
	struct price_ledger lg;
	struct cost_parts all;

	memset(&b, 0, sizeof(b));
	bill_count_op(&b, BOP_GET_OBJECT, ex->gets, 0, 0);
	bill_count_op(&b, BOP_PUT_OBJECT, ex->puts, 0, 0);
	b.bytes_out = ex->read;
	b.storage_byte_s = (double)ex->stored * PRICE_MONTH_S;
	price_ledger_init(&lg);
	price_bill(p, &b, &lg, &all, out);
}
