/* collect/run/estimate.c: the bill of a plan before it runs (collect/run/estimate.h). */
#include "collect/run/estimate.h"

#include <math.h>
#include <string.h>

static uint64_t pages(uint64_t n)
{
	return (n + 999) / 1000;
}

/* bench: the benchmark phase of wl into *b; *left += objects it leaves. 0: unbounded. */
static int bench(const struct workload *wl, double obj_s, struct bill_counts *b, uint64_t *left,
		 double *secs)
{
	uint64_t n;

	if (wl->rate > 0 || wl->sizes.kind != WL_SIZE_FIXED)
		return 0;
	if (wl->op == WL_DELETE && wl->bound == WL_BOUND_UNTIL_DONE) {
		uint64_t batch = wl->batch > 0 ? (uint64_t)wl->batch : 1;
		bill_count_op(b, batch > 1 ? BOP_DELETE_OBJECTS : BOP_DELETE_OBJECT,
			      (*left + batch - 1) / batch, 0, 0);
		*left = 0;
		return 1;
	}
	if (wl->bound == WL_BOUND_COUNT) {
		n = wl->count * (uint64_t)wl->concurrency;
	} else if (wl->bound == WL_BOUND_DURATION && obj_s > 0) {
		n = (uint64_t)ceil(obj_s * wl->duration_s);
		*secs = wl->duration_s;
	} else {
		return 0;
	}
	switch (wl->op) {
	case WL_PUT:
		bill_count_op(b, BOP_PUT_OBJECT, n, 0, 0);
		b->bytes_in = n * wl->size;
		b->objects = n;
		b->object_bytes = n * wl->size;
		*left += n;
		return 1;
	case WL_GET:
		if (wl->range.kind != WL_RANGE_NONE)
			return 0;
		bill_count_op(b, BOP_GET_OBJECT, n, 0, 0);
		b->bytes_out = n * wl->size;
		return 1;
	case WL_HEAD:
		bill_count_op(b, BOP_HEAD_OBJECT, n, 0, 0);
		return 1;
	case WL_LIST:
		bill_count_op(b, BOP_LIST_OBJECTS_V2, n, 0, 0);
		return 1;
	default:
		return 0;
	}
}

/* obj_s_of: the requests per second a duration-bounded run is assumed to make (0: none). */
static double obj_s_of(const struct campaign_subject *s, const struct workload *wl,
		       const struct estimate_opts *o)
{
	double mib_s = o && o->assume_mib_s > 0 ? o->assume_mib_s : s->expect_mib_s;

	if (mib_s > 0 && wl->size > 0 && (wl->op == WL_PUT || wl->op == WL_GET))
		return mib_s * 1048576.0 / (double)wl->size;
	for (size_t i = 0; o && i < o->n_seen; i++)
		if (strcmp(o->seen[i].subject, s->id) == 0 &&
		    strcmp(o->seen[i].op, workload_op_name(wl->op)) == 0 &&
		    o->seen[i].size == wl->size)
			return o->seen[i].obj_s;
	return 0;
}

int estimate_run(const struct campaign *c, const struct plan_run *r, int first_of_subject,
		 const struct estimate_opts *o, struct bill_counts *out)
{
	const struct campaign_subject *s = &c->subjects[r->subject];
	const struct workload *wl = &r->wl;
	double obj_s = obj_s_of(s, wl, o), secs = 0;
	uint64_t prepared = workload_prepared_objects(wl), left = prepared;
	struct bill_counts b;

	memset(out, 0, sizeof(*out));
	memset(&b, 0, sizeof(b));
	if (!bench(wl, obj_s, &b, &left, &secs))
		return 0;
	/* prepare */
	bill_count_op(&b, BOP_HEAD_BUCKET, 1, 0, 0);
	bill_count_op(&b, BOP_CREATE_BUCKET, first_of_subject ? 1 : 0, 0, 0);
	bill_count_op(&b, BOP_PUT_OBJECT, prepared, 0, 0);
	b.bytes_in += prepared * wl->size;
	b.objects += prepared;
	b.object_bytes += prepared * wl->size;
	b.storage_byte_s = (double)(prepared * wl->size) * secs;
	b.storage_object_s = (double)prepared * secs;
	if (wl->op == WL_PUT) {
		b.storage_byte_s += (double)(b.object_bytes - prepared * wl->size) * secs / 2;
		b.storage_object_s += (double)(b.objects - prepared) * secs / 2;
	}
	/* cleanup; every object made is deleted (by the benchmark or the cleanup) */
	if (!wl->keep) {
		bill_count_op(&b, BOP_LIST_MULTIPART_UPLOADS, 1, 0, 0);
		bill_count_op(&b, BOP_LIST_OBJECTS_V2, pages(left) + 1, 0, 0);
		bill_count_op(&b, BOP_DELETE_OBJECTS, pages(left), 0, 0);
	}
	if (!wl->keep || left == 0) {
		b.deleted = b.objects;
		b.deleted_bytes = b.object_bytes;
		b.deleted_byte_s = b.storage_byte_s;
		b.deleted_object_s = b.storage_object_s;
	}
	*out = b;
	return 1;
}

void estimate_plan(const struct campaign *c, const struct plan *p, int from,
		   const struct estimate_opts *o, struct estimate *est)
{
	int seen[64] = {0};

	memset(est, 0, sizeof(*est) * (size_t)c->n_subjects);
	for (int k = 0; k < p->n; k++) {
		const struct plan_run *r = &p->runs[k];
		struct bill_counts b;
		int first = r->subject < 64 && !seen[r->subject];
		if (r->subject < 64)
			seen[r->subject] = 1;
		if (k < from)
			continue;
		est[r->subject].runs++;
		if (estimate_run(c, r, first, o, &b))
			bill_add(&est[r->subject].b, &b);
		else
			est[r->subject].unbounded++;
	}
	for (int i = 0; i < c->n_subjects; i++)
		price_cost(&c->subjects[i].prices, &est[i].b, &est[i].cost);
}

static void line(FILE *f, const char *who, const struct estimate *e, const char *cur, int priced)
{
	fprintf(f,
		"  %-12s %4d runs: %llu class A, %llu class B, %llu delete requests; bytes in %llu "
		"(%.3f GiB), out %llu (%.3f GiB)",
		who, e->runs, (unsigned long long)bill_class_count(&e->b, "a"),
		(unsigned long long)bill_class_count(&e->b, "b"),
		(unsigned long long)bill_class_count(&e->b, "delete"),
		(unsigned long long)e->b.bytes_in, (double)e->b.bytes_in / 1073741824.0,
		(unsigned long long)e->b.bytes_out, (double)e->b.bytes_out / 1073741824.0);
	if (priced)
		fprintf(f,
			"; %.4f %s (requests %.4f, egress %.4f, ingress %.4f, storage %.4f, deleted "
			"early %.4f, retrieval %.4f)",
			e->cost.total, cur, e->cost.requests, e->cost.egress, e->cost.ingress,
			e->cost.storage, e->cost.deleted_early, e->cost.retrieval);
	else
		fprintf(f, "; no prices");
	if (e->unbounded)
		fprintf(f,
			"; %d runs unbounded (give --assume MIB_S, expect_mib_s or --estimate-from DIR)",
			e->unbounded);
	fputc('\n', f);
}

void estimate_print(const struct campaign *c, const struct plan *p, const struct estimate_opts *o,
		    FILE *f)
{
	struct estimate est[64], all;
	int n = c->n_subjects < 64 ? c->n_subjects : 64, priced = 0;

	estimate_plan(c, p, 0, o, est);
	memset(&all, 0, sizeof(all));
	fprintf(f, "estimated bill (list prices as given in the campaign; docs/CAMPAIGN.md):\n");
	for (int i = 0; i < n; i++) {
		if (est[i].runs == 0)
			continue;
		line(f, c->subjects[i].id, &est[i], c->subjects[i].prices.currency,
		     c->subjects[i].prices.given);
		priced |= c->subjects[i].prices.given;
		all.runs += est[i].runs;
		all.unbounded += est[i].unbounded;
		bill_add(&all.b, &est[i].b);
		cost_parts_add(&all.cost, &est[i].cost);
	}
	line(f, "total", &all, c->subjects[0].prices.currency, priced);
}
