/* analyze/read/runlog.c: see runlog.h. */
#include "analyze/read/runlog.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>


/* dup: a copy of s into *out (NULL stays NULL); *oom set when out of memory. */
static void dup(char **out, const char *s, int *oom)
{
	*out = s != NULL ? strdup(s) : NULL;
	*oom |= s != NULL && *out == NULL;
}

/* dup_endpoint: a copy of the endpoint URL s into *out with any user info before the host
 * (NAME:PASSWORD@, as a run.json of another tool may hold it) replaced by "***", so that
 * no password reaches the results; *oom set when out of memory. */
static void dup_endpoint(char **out, const char *s, int *oom)
{
	const char *auth = s != NULL ? strstr(s, "://") : NULL, *at = NULL;
	size_t n;

	if (auth == NULL) {
		dup(out, s, oom);
		return;
	}
	auth += 3;
	for (const char *p = auth; *p != '\0' && strchr("/?#", *p) == NULL; p++)
		if (*p == '@')
			at = p;
	if (at == NULL) {
		dup(out, s, oom);
		return;
	}
	n = (size_t)(auth - s) + 3 + strlen(at) + 1;
	*out = malloc(n);
	if (*out == NULL) {
		*oom = 1;
		return;
	}
	snprintf(*out, n, "%.*s***%s", (int)(auth - s), s, at);
}

/* from_campaign_subject: the campaign, cycle and subject of rec into r. */
static void from_campaign_subject(const struct runrec *rec, struct runlog *r, int *oom)
{
	const struct runrec_campaign *c = &rec->campaign;
	const struct runrec_subject *s = &rec->subject;

	if (rec->has_campaign) {
		dup(&r->campaign_name, c->name, oom);
		dup(&r->campaign_title, c->title, oom);
		dup(&r->campaign_client, c->client, oom);
		dup(&r->campaign_order, c->order, oom);
		dup(&r->campaign_vantage, c->vantage, oom);
		r->campaign_cycles = (int)c->cycles;
		if (c->cost_example != NULL)
			snprintf(r->cost_example, sizeof(r->cost_example), "%s", c->cost_example);
	}
	r->cycle = (int)rec->cycle;
	dup(&r->subject, s->id, oom);
	dup(&r->label, s->label, oom);
	dup(&r->color, s->color, oom);
	dup_endpoint(&r->endpoint, s->endpoint, oom);
	dup(&r->region, s->region, oom);
	dup(&r->bucket, s->bucket, oom);
	dup(&r->addressing, s->addressing, oom);
	dup(&r->addressing_used, s->addressing_used, oom);
}

/* from_outcome: the wrapper, errors, phases and status of rec into r. */
static void from_outcome(const struct runrec *rec, struct runlog *r, int *oom)
{
	const struct runrec_wrapper *w = &rec->wrapper;

	r->exit_code = w->exit_code != RUNREC_NULL_INT ? (int)w->exit_code : 0;
	r->signal = (int)w->signal;
	r->timed_out = w->timed_out;
	r->elapsed_s = w->elapsed_s;
	r->started_ns = w->started_ns;
	r->provider_hour = w->provider_local.known ? (int)w->provider_local.hour : -1;
	if (w->provider_local.known)
		dup(&r->provider_tz, w->provider_local.tz, oom);
	dup(&r->err_class, rec->errors.cls, oom);
	dup(&r->first_error, rec->errors.n_first > 0 ? rec->errors.first[0] : NULL, oom);
	dup(&r->status, rec->status, oom);
	if (!(rec->absent & RUNREC_BIT(RUNREC_PHASES)))
		dup(&r->bench_phase, runrec_phase_state_name(rec->phase[PHASE_BENCHMARK]), oom);
}

/* from_cost_client: the prices, the bill (all phases summed) and the client's machine
 * record of rec into r. */
static void from_cost_client(const struct runrec *rec, struct runlog *r, int *oom)
{
	r->has_prices = rec->has_prices;
	r->prices = rec->prices;
	for (int k = 0; k < PHASE_COUNT; k++)
		if (rec->billing.phases & (1u << k)) {
			bill_add(&r->bill, &rec->billing.bill[k]);
			r->has_billing = 1;
		}
	if (!rec->has_client)
		return;
	r->client = malloc(sizeof(*r->client));
	if (r->client != NULL)
		*r->client = rec->client;
	*oom |= r->client == NULL;
}

static int from_record(const struct runrec *rec, struct runlog *r, struct err *e)
{
	int oom = 0;

	if (runrec_check_run(rec, e) < 0)
		return -1;
	from_campaign_subject(rec, r, &oom);
	dup(&r->op, rec->workload.op, &oom);
	r->size = (uint64_t)rec->workload.size;
	r->concurrency = (int)rec->workload.concurrency;
	r->objects = rec->workload.objects > 0 ? rec->workload.objects : -1;
	if (rec->workload.has_dataset)
		dup(&r->dataset, rec->workload.ds_name, &oom);
	if (runlog_workload_from(&rec->workload, rec->has_campaign ? &rec->campaign : NULL,
				 &r->workload, e) < 0)
		return -1;
	from_outcome(rec, r, &oom);
	if (rec->summary != NULL) {
		if (summary_from_json(rec->summary, &r->summary, e) < 0)
			return -1; /* "summary.mib_s: missing or not a number" */
		r->has_summary = 1;
	}
	from_cost_client(rec, r, &oom);
	r->has_cpu = rec->has_cpu && isfinite(rec->cpu_us_per_request);
	r->cpu_us_per_request = r->has_cpu ? rec->cpu_us_per_request : 0;
	if (rec->has_versioning && rec->versioning.delete_markers > 0)
		r->delete_markers = rec->versioning.delete_markers;
	if (rec->has_payload) {
		r->has_payload = 1;
		snprintf(r->payload_data, sizeof(r->payload_data), "%s",
			 rec->payload.data[0] != '\0' ? rec->payload.data : "random");
		r->zstd_ratio = rec->payload.zstd_ratio;
		r->unique_4k_share = rec->payload.unique_4k_share;
		r->unique_512_share = rec->payload.unique_512_share;
	}
	if (runlog_clients_from(rec->has_clients ? &rec->clients : NULL, &r->clients, e) < 0)
		return -1;
	return oom ? err_set(e, "out of memory") : 0;
}

int runlog_read(const char *file, const char *rel, struct runlog *out, struct err *e)
{
	struct runrec *rec = malloc(sizeof(*rec));
	int rc = -1;

	memset(out, 0, sizeof(*out));
	out->elapsed_s = NAN;
	if (rec == NULL)
		return err_set(e, "%s: out of memory", file);
	if (runrec_load(file, rec, e) < 0) {
		free(rec);
		return -1;
	}
	if (from_record(rec, out, e) < 0) {
		err_prefix(e, "%s", file);
		goto done;
	}
	if ((out->path = strdup(rel)) == NULL) {
		err_set(e, "%s: out of memory", file);
		goto done;
	}
	rc = 0;
done:
	if (rc < 0)
		runlog_clear(out);
	runrec_clear(rec);
	free(rec);
	return rc;
}

/* near: x and y agree within a relative 1e-6 (absolute 1e-9 near zero). */
static int near(double x, double y)
{
	double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);

	return fabs(x - y) <= 1e-6 * m || fabs(x - y) <= 1e-9;
}

static int diff_num(const char *field, double x, double y, char *diff, size_t n)
{
	if (near(x, y))
		return 0;
	snprintf(diff, n, "%s: run.json %.17g, recomputed %.17g", field, x, y);
	return 1;
}

static int diff_lat(const char *name, const struct lat_stats *x, const struct lat_stats *y,
		    char *diff, size_t n)
{
	static const char *const f[] = {"avg", "p50", "p90", "p99", "min", "max", "stddev"};
	const double xv[] = {x->avg, x->p50, x->p90, x->p99, x->min, x->max, x->stddev};
	const double yv[] = {y->avg, y->p50, y->p90, y->p99, y->min, y->max, y->stddev};
	char field[64];

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		snprintf(field, sizeof(field), "%s.%s", name, f[i]);
		if (diff_num(field, xv[i], yv[i], diff, n))
			return 1;
	}
	return 0;
}

/* hist_differ: both histograms present and not equal (the message into diff). */
static int hist_differ(const char *name, const struct hist *x, const struct hist *y, char *diff,
		       size_t n)
{
	if (x == NULL || y == NULL || hist_equal(x, y))
		return 0;
	snprintf(diff, n, "%s: run.json %llu requests, recomputed %llu (or other buckets)", name,
		 (unsigned long long)hist_count(x), (unsigned long long)hist_count(y));
	return 1;
}

int runlog_compare(const struct run_summary *a, const struct run_summary *b, char *diff, size_t n)
{
	static const char *const cn[] = {"requests", "objects", "bytes", "errors"};
	const uint64_t ca[] = {a->requests, a->objects, a->bytes, a->errors};
	const uint64_t cb[] = {b->requests, b->objects, b->bytes, b->errors};

	for (size_t i = 0; i < 4; i++)
		if (ca[i] != cb[i]) {
			snprintf(diff, n, "%s: run.json %llu, recomputed %llu", cn[i],
				 (unsigned long long)ca[i], (unsigned long long)cb[i]);
			return 1;
		}
	if (!errstat_equal(&a->errs, &b->errs)) {
		snprintf(diff, n, "errors_by: run.json and the recomputed counts differ");
		return 1;
	}
	if (a->has_retries != b->has_retries || a->retry.requests != b->retry.requests ||
	    a->retry.retried != b->retry.retried || a->retry.attempts != b->retry.attempts) {
		snprintf(diff, n, "retries: run.json %llu retried of %llu, recomputed %llu of %llu",
			 (unsigned long long)a->retry.retried,
			 (unsigned long long)a->retry.requests,
			 (unsigned long long)b->retry.retried,
			 (unsigned long long)b->retry.requests);
		return 1;
	}
	if (a->start_ns != b->start_ns || a->end_ns != b->end_ns) {
		snprintf(diff, n, "start/end: run.json %lld..%lld ns, recomputed %lld..%lld ns",
			 (long long)a->start_ns, (long long)a->end_ns, (long long)b->start_ns,
			 (long long)b->end_ns);
		return 1;
	}
	if (a->has_ttfb != b->has_ttfb || a->seg_count != b->seg_count) {
		snprintf(diff, n,
			 "ttfb/segments: run.json has_ttfb %d, %d segments; "
			 "recomputed has_ttfb %d, %d segments",
			 a->has_ttfb, a->seg_count, b->has_ttfb, b->seg_count);
		return 1;
	}
	if (diff_num("seconds", a->seconds, b->seconds, diff, n) ||
	    diff_num("mib_s", a->mib_s, b->mib_s, diff, n) ||
	    diff_num("obj_s", a->obj_s, b->obj_s, diff, n) ||
	    diff_num("completion_s", a->completion_s, b->completion_s, diff, n) ||
	    diff_lat("latency_ms", &a->latency, &b->latency, diff, n) ||
	    (a->has_ttfb && diff_lat("ttfb_ms", &a->ttfb, &b->ttfb, diff, n)))
		return 1;
	if (hist_differ("latency_hist", a->lat_hist, b->lat_hist, diff, n) ||
	    hist_differ("ttfb_hist", a->ttfb_hist, b->ttfb_hist, diff, n))
		return 1;
	if (a->seg_count > 0 &&
	    (diff_num("segments.fastest.mib_s", a->fastest.mib_s, b->fastest.mib_s, diff, n) ||
	     diff_num("segments.fastest.obj_s", a->fastest.obj_s, b->fastest.obj_s, diff, n) ||
	     diff_num("segments.median.mib_s", a->median.mib_s, b->median.mib_s, diff, n) ||
	     diff_num("segments.median.obj_s", a->median.obj_s, b->median.obj_s, diff, n) ||
	     diff_num("segments.slowest.mib_s", a->slowest.mib_s, b->slowest.mib_s, diff, n) ||
	     diff_num("segments.slowest.obj_s", a->slowest.obj_s, b->slowest.obj_s, diff, n)))
		return 1;
	return runlog_workload_compare(a, b, diff, n);
}

void runlog_clear(struct runlog *r)
{
	free(r->size_label);
	free(r->path);
	free(r->kept_as);
	free(r->campaign_name);
	free(r->campaign_title);
	free(r->campaign_client);
	free(r->campaign_order);
	free(r->campaign_vantage);
	free(r->provider_tz);
	free(r->subject);
	free(r->label);
	free(r->color);
	free(r->endpoint);
	free(r->region);
	free(r->bucket);
	free(r->addressing);
	free(r->addressing_used);
	free(r->op);
	free(r->dataset);
	free(r->err_class);
	free(r->first_error);
	free(r->status);
	free(r->bench_phase);
	summary_clear(&r->summary);
	runlog_clients_clear(&r->clients);
	free(r->client);
	runlog_workload_clear(&r->workload);
	memset(r, 0, sizeof(*r));
	r->elapsed_s = NAN;
	r->workload.p99_limit_ms = NAN;
}
