/* collect/run/estimate.c: the bill of a plan before it runs, estimated or bounded
 * (collect/run/estimate.h). */
#include "collect/run/estimate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static uint64_t pages(uint64_t n)
{
	return (n + 999) / 1000;
}

/* What a run's benchmark makes, before it is counted by operation. */
struct made {
	uint64_t n;       /* requests (multipart: objects) */
	double secs;      /* how long its objects stay stored at most */
	double bytes_cap; /* the bytes its bodies can carry at most (INFINITY: no cap) */
};

/* smallest: the smallest object of wl. */
static uint64_t smallest(const struct workload *wl)
{
	uint64_t s = wl->size;

	if (wl->sizes.kind == WL_SIZE_RANDOM || wl->sizes.kind == WL_SIZE_LOGNORMAL)
		s = wl->sizes.min;
	for (int i = 0; wl->sizes.kind == WL_SIZE_DIST && i < wl->sizes.n; i++)
		s = wl->sizes.size[i] < s ? wl->sizes.size[i] : s;
	return s;
}

static uint64_t n_parts(const struct workload *wl)
{
	uint64_t ps = wl->part_size ? wl->part_size : WL_PART_MIN;
	return wl->size ? (wl->size + ps - 1) / ps : 1;
}

/* body: the fewest body bytes one request of wl carries (0: none, or a mix of bodies and
 * none). */
static double body(const struct workload *wl)
{
	switch (wl->op) {
	case WL_PUT:
		return (double)smallest(wl);
	case WL_GET:
		return wl->range.kind != WL_RANGE_NONE ? (double)wl->range.len
						       : (double)smallest(wl);
	case WL_MULTIPART:
		return (double)wl->size; /* per object */
	default:
		return 0;
	}
}

/* assumed: the estimate's benchmark; 0 when it cannot say (rate, size distributions,
 * ranges, mixed and multipart runs; duration-bounded ones without a throughput). */
static int assumed(const struct workload *wl, double obj_s, double timeout_s, struct made *m)
{
	int simple = wl->op == WL_PUT || wl->op == WL_GET || wl->op == WL_HEAD ||
		     wl->op == WL_LIST || wl->op == WL_DELETE;

	m->bytes_cap = INFINITY;
	m->secs = 0;
	if (wl->rate > 0 || wl->sizes.kind != WL_SIZE_FIXED || wl->range.kind != WL_RANGE_NONE ||
	    !simple)
		return 0;
	if (wl->bound == WL_BOUND_COUNT) {
		m->n = wl->count * (uint64_t)wl->concurrency;
		return 1;
	}
	if (wl->bound != WL_BOUND_DURATION || !(obj_s > 0))
		return wl->bound == WL_BOUND_UNTIL_DONE;
	m->n = (uint64_t)ceil(obj_s * wl->duration_s);
	m->secs = wl->duration_s;
	(void)timeout_s;
	return 1;
}

/* bounded: the bound's benchmark; 0 with why when it cannot say. */
static int bounded(const struct workload *wl, const struct estimate_bound *bd, double timeout_s,
		   struct made *m, char *why, size_t wn)
{
	double f = 1 + (wl->retries > 0 ? wl->retries : 0), req_s, per = body(wl);
	double k = bd->clients > 1 ? bd->clients : 1, workers = workload_workers(wl) * k;

	m->bytes_cap = INFINITY;
	m->secs = timeout_s; /* no object outlives its run's limit */
	if (wl->bound == WL_BOUND_UNTIL_DONE)
		return 1;
	if (wl->bound == WL_BOUND_COUNT) {
		m->n = (uint64_t)ceil((double)wl->count * workers * f);
		return 1;
	}
	if (wl->rate > 0) {
		req_s = wl->rate * k * f;
	} else if (bd->probed) {
		req_s = workers / (bd->rtt_s / 2);
	} else {
		snprintf(why, wn, "no round trip (%s)", bd->why);
		return 0;
	}
	if (wl->op == WL_MULTIPART && wl->rate <= 0) /* a worker's requests per object */
		req_s /= (double)(n_parts(wl) + 2);
	if (wl->rate <= 0 && (per > 0 || wl->op == WL_MIXED) && !(bd->nic_bytes_s > 0)) {
		snprintf(why, wn,
			 "the client NIC's speed is unknown (give client_nic, or "
			 "S3BENCH_CLIENT_NIC)");
		return 0;
	}
	if (bd->nic_bytes_s > 0) {
		if (per > 0 && k * bd->nic_bytes_s / per < req_s)
			req_s = k * bd->nic_bytes_s / per;
		m->bytes_cap = k * bd->nic_bytes_s * wl->duration_s;
	}
	m->n = (uint64_t)ceil(req_s * wl->duration_s);
	return 1;
}

static uint64_t up_to(uint64_t n, uint64_t max)
{
	return n < max ? n : max;
}

static uint64_t bytes(uint64_t n, uint64_t each, double cap)
{
	double b = (double)n * (double)each;
	return (uint64_t)(b < cap ? b : cap);
}

/* put: n PutObject of up to `each` bytes, n objects made. */
static void put(struct bill_counts *b, uint64_t n, uint64_t each, double cap)
{
	uint64_t y = bytes(n, each, cap);

	bill_count_op(b, BOP_PUT_OBJECT, n, 0, 0);
	b->bytes_in += y;
	b->objects += n;
	b->object_bytes += y;
}

/* mixed: the n requests of a mixed run split by its weights. */
static void mixed(const struct workload *wl, const struct made *m, struct bill_counts *b,
		  uint64_t *left)
{
	double w = 0;
	uint64_t k[OP_COUNT];

	for (int i = 0; i < OP_COUNT; i++)
		w += wl->mix.w[i];
	for (int i = 0; i < OP_COUNT; i++)
		k[i] = w > 0 ? (uint64_t)ceil((double)m->n * wl->mix.w[i] / w) : 0;
	bill_count_op(b, BOP_GET_OBJECT, k[WL_GET], 0, 0);
	b->bytes_out += bytes(k[WL_GET], wl->size, m->bytes_cap);
	put(b, k[WL_PUT], wl->size, m->bytes_cap);
	*left += k[WL_PUT];
	bill_count_op(b, BOP_HEAD_OBJECT, k[WL_HEAD], 0, 0);
	bill_count_op(b, BOP_DELETE_OBJECT, k[WL_DELETE], 0, 0);
	*left -= up_to(k[WL_DELETE], *left);
}

/* multipart: n objects of n_parts parts, and the uploads its workers may leave. */
static void multipart(const struct workload *wl, const struct made *m, struct bill_counts *b,
		      uint64_t *left)
{
	uint64_t w = (uint64_t)workload_workers(wl), y = bytes(m->n, wl->size, m->bytes_cap);

	bill_count_op(b, BOP_CREATE_MULTIPART_UPLOAD, m->n + w, 0, 0);
	bill_count_op(b, BOP_UPLOAD_PART, (m->n + w) * n_parts(wl), 0, 0);
	bill_count_op(b, BOP_COMPLETE_MULTIPART_UPLOAD, m->n, 0, 0);
	bill_count_op(b, BOP_ABORT_MULTIPART_UPLOAD, w, 0, 0);
	b->bytes_in += y;
	b->objects += m->n;
	b->object_bytes += y;
	*left += m->n;
}

/* list_pages: the ListObjectsV2 requests of one listing of wl: its keys (a dataset's with
 * its manifest object) over the page size, rounded up, at least 1. Exact without a
 * delimiter over one bucket and prefix; with a delimiter, or spread, at most that. */
static uint64_t list_pages(const struct workload *wl)
{
	uint64_t keys = (wl->objects ? wl->objects : WL_DEFAULT_OBJECTS) + (wl->dataset != NULL);
	uint64_t page = (uint64_t)workload_page_size(wl);

	return keys > page ? (keys + page - 1) / page : 1;
}

/* account: the benchmark m of wl counted by S3 operation into *b; *left (objects stored)
 * follows it. 0 for a kind neither way counts. */
static int account(const struct workload *wl, const struct made *m, struct bill_counts *b,
		   uint64_t *left)
{
	uint64_t batch = wl->batch > 0 ? (uint64_t)wl->batch : 1, n = m->n, gone;

	switch (wl->op) {
	case WL_PUT:
		put(b, n, wl->size, m->bytes_cap);
		*left += n;
		return 1;
	case WL_GET:
		bill_count_op(b, BOP_GET_OBJECT, n, 0, 0);
		b->bytes_out += bytes(n, wl->range.kind != WL_RANGE_NONE ? wl->range.len : wl->size,
				      m->bytes_cap);
		return 1;
	case WL_HEAD:
		bill_count_op(b, BOP_HEAD_OBJECT, n, 0, 0);
		return 1;
	case WL_LIST:
		bill_count_op(b, BOP_LIST_OBJECTS_V2, n * list_pages(wl), 0, 0);
		return 1;
	case WL_DELETE:
		if (wl->bound == WL_BOUND_UNTIL_DONE)
			n = (*left + batch - 1) / batch;
		bill_count_op(b, batch > 1 ? BOP_DELETE_OBJECTS : BOP_DELETE_OBJECT, n, 0, 0);
		gone = up_to(n * batch, *left);
		*left -= gone;
		return 1;
	case WL_MIXED:
		mixed(wl, m, b, left);
		return 1;
	case WL_MULTIPART:
		multipart(wl, m, b, left);
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

/* made_of: run r's benchmark, estimated or bounded by o; 0 with why when unbounded. */
static int made_of(const struct campaign *c, const struct plan_run *r,
		   const struct estimate_opts *o, struct made *m, char *why, size_t wn)
{
	memset(m, 0, sizeof(*m));
	if (o != NULL && o->bound != NULL)
		return bounded(&r->wl, &o->bound[r->subject], r->timeout_s, m, why, wn);
	if (!assumed(&r->wl, obj_s_of(&c->subjects[r->subject], &r->wl, o), r->timeout_s, m)) {
		snprintf(why, wn, "no throughput assumed");
		return 0;
	}
	return 1;
}

int estimate_run(const struct campaign *c, const struct plan_run *r, int first_of_subject,
		 const struct estimate_opts *o, struct bill_counts *out, char *why, size_t wn)
{
	const struct workload *wl = &r->wl;
	uint64_t prepared = workload_prepared_objects(wl), left = prepared;
	struct bill_counts b;
	char scratch[200];
	struct made m;

	memset(out, 0, sizeof(*out));
	memset(&b, 0, sizeof(b));
	if (why == NULL)
		why = scratch, wn = sizeof(scratch);
	if (!made_of(c, r, o, &m, why, wn))
		return 0;
	if (!account(wl, &m, &b, &left)) {
		snprintf(why, wn, "a %s run is not estimated", workload_op_name(wl->op));
		return 0;
	}
	if (workload_calibrates(wl)) { /* the calibration's GETs, then the benchmark's objects */
		double rate = m.secs > 0 ? (double)m.n / m.secs : 0;
		double calib = ceil(rate * (double)WL_CALIBRATE_MIN_S);

		bill_count_op(&b, BOP_GET_OBJECT,
			      calib > (double)prepared ? (uint64_t)calib : prepared, 0, 0);
		prepared += workload_once_objects(wl, rate);
		left = prepared;
	}
	/* prepare: HeadBucket, GetBucketVersioning, GetObjectLockConfiguration */
	bill_count_op(&b, BOP_HEAD_BUCKET, 1, 0, 0);
	bill_count_op(&b, BOP_GET_BUCKET_VERSIONING, 1, 0, 0);
	bill_count_op(&b, BOP_GET_OBJECT_LOCK_CONFIGURATION, 1, 0, 0);
	bill_count_op(&b, BOP_CREATE_BUCKET, first_of_subject ? 1 : 0, 0, 0);
	put(&b, prepared, wl->size, INFINITY);
	/* storage: the benchmark's objects for half its time (the estimate) or the whole run
	 * (the bound), the prepared ones for all of it */
	double half = o != NULL && o->bound != NULL ? 1 : 0.5;
	double pb = (double)(prepared * wl->size);
	b.storage_byte_s = pb * m.secs + ((double)b.object_bytes - pb) * m.secs * half;
	b.storage_object_s = (double)prepared * m.secs +
			     (double)(b.objects - prepared) * m.secs * half;
	/* cleanup: the objects left; every object made counts as deleted, at the age its
	 * storage gives (the bound: at once, the dearest for a minimum duration) */
	if (!wl->keep) { /* GetBucketVersioning, the uploads, the listings and deletes */
		bill_count_op(&b, BOP_GET_BUCKET_VERSIONING, 1, 0, 0);
		bill_count_op(&b, BOP_LIST_MULTIPART_UPLOADS, 1, 0, 0);
		bill_count_op(&b, BOP_LIST_OBJECTS_V2, pages(left) + 1, 0, 0);
		bill_count_op(&b, BOP_DELETE_OBJECTS, pages(left), 0, 0);
	}
	if (!wl->keep || left == 0) {
		b.deleted = b.objects;
		b.deleted_bytes = b.object_bytes;
		b.deleted_byte_s = half < 1 ? b.storage_byte_s : 0;
		b.deleted_object_s = half < 1 ? b.storage_object_s : 0;
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
		struct estimate *e = &est[r->subject];
		struct bill_counts b;
		struct cost_parts one;
		char why[200];
		int first = r->subject < 64 && !seen[r->subject];
		if (r->subject < 64)
			seen[r->subject] = 1;
		if (k < from)
			continue;
		e->runs++;
		if (estimate_run(c, r, first, o, &b, why, sizeof(why))) {
			bill_add(&e->b, &b);
			price_cost(&c->subjects[r->subject].prices, &b, &one);
			cost_parts_add(&e->cost, &one);
		} else if (e->unbounded++ == 0) {
			snprintf(e->why, sizeof(e->why), "%s: %s", r->id, why);
		}
	}
}

static void line(FILE *f, const char *who, const struct estimate *e, const char *cur, int priced,
		 int bound)
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
			"; %s%.4f %s (requests %.4f, egress %.4f, ingress %.4f, storage %.4f, deleted "
			"early %.4f, retrieval %.4f)",
			bound ? "at most " : "", e->cost.total, cur, e->cost.requests,
			e->cost.egress, e->cost.ingress, e->cost.storage, e->cost.deleted_early,
			e->cost.retrieval);
	else
		fprintf(f, "; no prices");
	if (e->unbounded && !bound)
		fprintf(f,
			"; %d runs unbounded (give --assume MIB_S, expect_mib_s or --estimate-from DIR)",
			e->unbounded);
	else if (e->unbounded)
		fprintf(f, "; %d runs not bounded (%s)", e->unbounded, e->why);
	fputc('\n', f);
}

const char *estimate_bound_text(const struct estimate_bound *bd, char *buf, size_t n)
{
	int k = 0;

	if (!bd->probed) {
		snprintf(buf, n, "no round trip: %s", bd->why);
		return buf;
	}
	if (bd->nic_bytes_s > 0)
		k = snprintf(buf, n, "the client NIC's %.0f Mbit/s (%s)", bd->nic_bytes_s * 8 / 1e6,
			     bd->nic_source);
	else
		k = snprintf(buf, n, "the client NIC's speed unknown");
	if (k > 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, ", round trip %.3f ms%s", bd->rtt_s * 1e3,
			 bd->clients > 1 ? ", for each client" : "");
	return buf;
}

void estimate_print(const struct campaign *c, const struct plan *p, const struct estimate_opts *o,
		    FILE *f)
{
	struct estimate est[64], all;
	int n = c->n_subjects < 64 ? c->n_subjects : 64, priced = 0, bound = o && o->bound;

	estimate_plan(c, p, 0, o, est);
	memset(&all, 0, sizeof(all));
	if (bound) {
		fprintf(f,
			"bill bound (max_cost's check: the client NIC's speed for the bytes, one "
			"request per worker per half round trip; docs/METHODOLOGY.md):\n");
		for (int i = 0; i < n; i++) {
			char t[256];
			if (c->subjects[i].prices.given)
				fprintf(f, "    %s: %s\n", c->subjects[i].id,
					estimate_bound_text(&o->bound[i], t, sizeof(t)));
		}
	} else {
		fprintf(f, "estimated bill (list prices as given in the campaign; "
			   "docs/CAMPAIGN.md):\n");
	}
	for (int i = 0; i < n; i++) {
		if (est[i].runs == 0)
			continue;
		line(f, c->subjects[i].id, &est[i], c->subjects[i].prices.currency,
		     c->subjects[i].prices.given, bound);
		priced |= c->subjects[i].prices.given;
		all.runs += est[i].runs;
		all.unbounded += est[i].unbounded;
		if (all.why[0] == '\0')
			snprintf(all.why, sizeof(all.why), "%s", est[i].why);
		bill_add(&all.b, &est[i].b);
		cost_parts_add(&all.cost, &est[i].cost);
	}
	line(f, "total", &all, c->subjects[0].prices.currency, priced, bound);
}
