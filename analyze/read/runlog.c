/* analyze/read/runlog.c: see runlog.h. */
#include "analyze/read/runlog.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/version.h"


/* member: o[key] when o is an object and the member exists and is not null. */
static json_t *member(const json_t *o, const char *key)
{
	json_t *v;

	if (!json_is_object(o))
		return NULL;
	v = json_object_get(o, key);
	return json_is_null(v) ? NULL : v;
}

/* get_obj: o[key] as an object (NULL when absent or null); -1 when another type. */
static int get_obj(const json_t *o, const char *sect, const char *key, json_t **out, struct err *e)
{
	json_t *v = member(o, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (!json_is_object(v))
		return err_set(e, "field %s%s%s: expected an object", sect, *sect ? "." : "", key);
	*out = v;
	return 0;
}

/* get_str: o[key] copied into *out (NULL when absent or null). */
static int get_str(const json_t *o, const char *sect, const char *key, char **out, struct err *e)
{
	json_t *v = member(o, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (!json_is_string(v))
		return err_set(e, "field %s%s%s: expected a string", sect, *sect ? "." : "", key);
	*out = strdup(json_string_value(v));
	if (*out == NULL)
		return err_set(e, "field %s%s%s: out of memory", sect, *sect ? "." : "", key);
	return 0;
}

/* get_int: o[key] into *out (dflt when absent or null); -1 when not an integer or
 * outside [lo, hi]. */
static int get_int(const json_t *o, const char *sect, const char *key, int64_t dflt, int64_t lo,
		   int64_t hi, int64_t *out, struct err *e)
{
	json_t *v = member(o, key);

	*out = dflt;
	if (v == NULL)
		return 0;
	if (!json_is_integer(v))
		return err_set(e, "field %s%s%s: expected an integer", sect, *sect ? "." : "", key);
	*out = json_integer_value(v);
	if (*out < lo || *out > hi)
		return err_set(e, "field %s%s%s: %lld is out of range", sect, *sect ? "." : "", key,
			       (long long)*out);
	return 0;
}

static int check_format(const json_t *root, struct err *e)
{
	json_t *v = json_object_get(root, "format");
	const char *s;
	char *end;
	long major;

	if (!json_is_string(v))
		return err_set(e, "field format: missing or not a string");
	s = json_string_value(v);
	if (strncmp(s, S3BENCH_RUN_PREFIX, strlen(S3BENCH_RUN_PREFIX)) != 0)
		return err_set(e, "field format: \"%s\" is not an s3bench run log", s);
	errno = 0;
	major = strtol(s + strlen(S3BENCH_RUN_PREFIX), &end, 10);
	if (errno || end == s + strlen(S3BENCH_RUN_PREFIX) || (*end != '\0' && *end != '.'))
		return err_set(e, "field format: bad version in \"%s\"", s);
	if (major != S3BENCH_RUN_MAJOR)
		return err_set(e, "field format: unknown version \"%s\" (this analyzer reads %s%d)",
			       s, S3BENCH_RUN_PREFIX, S3BENCH_RUN_MAJOR);
	return 0;
}

static int read_errors(const json_t *root, struct runlog *r, struct err *e)
{
	json_t *errs, *first, *f0;

	if (get_obj(root, "", "errors", &errs, e) < 0)
		return -1;
	if (errs == NULL)
		return 0;
	if (get_str(errs, "errors", "class", &r->err_class, e) < 0)
		return -1;
	first = member(errs, "first");
	if (first == NULL)
		return 0;
	if (!json_is_array(first))
		return err_set(e, "field errors.first: expected an array");
	f0 = json_array_get(first, 0);
	if (f0 != NULL && !json_is_string(f0))
		return err_set(e, "field errors.first[0]: expected a string");
	if (f0 != NULL && (r->first_error = strdup(json_string_value(f0))) == NULL)
		return err_set(e, "out of memory");
	return 0;
}

static int read_wrapper(const json_t *root, struct runlog *r, struct err *e)
{
	json_t *w, *v;
	int64_t x;

	r->elapsed_s = NAN;
	if (get_obj(root, "", "wrapper", &w, e) < 0)
		return -1;
	if (w == NULL)
		return 0;
	if (get_int(w, "wrapper", "exit_code", 0, -1000, 1000, &x, e) < 0)
		return -1;
	r->exit_code = (int)x;
	if (get_int(w, "wrapper", "signal", 0, 0, 1000, &x, e) < 0)
		return -1;
	r->signal = (int)x;
	v = member(w, "timed_out");
	if (v != NULL && !json_is_boolean(v))
		return err_set(e, "field wrapper.timed_out: expected true or false");
	r->timed_out = v != NULL && json_is_true(v);
	v = member(w, "elapsed_s");
	if (v != NULL && !json_is_number(v))
		return err_set(e, "field wrapper.elapsed_s: expected a number");
	if (v != NULL)
		r->elapsed_s = json_number_value(v);
	return 0;
}

static int read_fields(const json_t *root, struct runlog *r, struct err *e)
{
	json_t *camp, *subj, *wl, *ph, *sum;
	int64_t x;

	if (check_format(root, e) < 0)
		return -1;
	/* null for a single `collect run`; absent: the record was not built whole */
	if (json_object_get(root, "campaign") == NULL)
		return err_set(e, "field campaign: missing");
	if (get_obj(root, "", "campaign", &camp, e) < 0 ||
	    get_str(camp, "campaign", "name", &r->campaign_name, e) < 0 ||
	    get_str(camp, "campaign", "title", &r->campaign_title, e) < 0 ||
	    get_str(camp, "campaign", "client", &r->campaign_client, e) < 0 ||
	    get_str(camp, "campaign", "order", &r->campaign_order, e) < 0 ||
	    get_int(camp, "campaign", "cycles", 0, 0, 1000000, &x, e) < 0)
		return -1;
	r->campaign_cycles = (int)x;
	if (get_int(root, "", "cycle", 0, 1, 1000000, &x, e) < 0)
		return -1;
	r->cycle = (int)x;

	if (get_obj(root, "", "subject", &subj, e) < 0)
		return -1;
	if (subj == NULL)
		return err_set(e, "field subject: missing");
	if (get_str(subj, "subject", "id", &r->subject, e) < 0 ||
	    get_str(subj, "subject", "label", &r->label, e) < 0 ||
	    get_str(subj, "subject", "color", &r->color, e) < 0 ||
	    get_str(subj, "subject", "endpoint", &r->endpoint, e) < 0 ||
	    get_str(subj, "subject", "region", &r->region, e) < 0 ||
	    get_str(subj, "subject", "bucket", &r->bucket, e) < 0 ||
	    get_str(subj, "subject", "addressing", &r->addressing, e) < 0 ||
	    get_str(subj, "subject", "addressing_used", &r->addressing_used, e) < 0)
		return -1;
	if (r->subject == NULL || r->subject[0] == '\0')
		return err_set(e, "field subject.id: missing or empty");

	if (get_obj(root, "", "workload", &wl, e) < 0)
		return -1;
	if (wl == NULL)
		return err_set(e, "field workload: missing");
	if (get_str(wl, "workload", "op", &r->op, e) < 0)
		return -1;
	if (r->op == NULL || r->op[0] == '\0')
		return err_set(e, "field workload.op: missing or empty");
	if (get_int(wl, "workload", "size", 0, 0, INT64_MAX, &x, e) < 0)
		return -1;
	r->size = (uint64_t)x;
	if (get_int(wl, "workload", "concurrency", -1, 1, 1000000, &x, e) < 0)
		return -1;
	if (x < 0)
		return err_set(e, "field workload.concurrency: missing");
	r->concurrency = (int)x;
	if (get_int(wl, "workload", "objects", -1, 0, INT64_MAX, &r->objects, e) < 0 ||
	    runlog_workload_read(wl, camp, &r->workload, e) < 0)
		return -1;

	if (get_obj(root, "", "phases", &ph, e) < 0 ||
	    get_str(ph, "phases", "benchmark", &r->bench_phase, e) < 0)
		return -1;
	if (read_wrapper(root, r, e) < 0 || read_errors(root, r, e) < 0)
		return -1;
	if (get_str(root, "", "status", &r->status, e) < 0)
		return -1;

	if (get_obj(root, "", "summary", &sum, e) < 0)
		return -1;
	if (sum != NULL) {
		if (summary_from_json(sum, &r->summary, e) < 0)
			return -1; /* "summary.mib_s: missing or not a number" */
		r->has_summary = 1;
		r->summary_json = json_incref(sum);
	}
	if (runlog_cost_read(root, r, e) < 0)
		return -1;
	if (json_is_object(json_object_get(root, "client")))
		r->client_json = json_incref(json_object_get(root, "client"));
	return runlog_clients_read(root, &r->clients, e);
}

int runlog_read(const char *file, const char *rel, struct runlog *out, struct err *e)
{
	json_error_t je;
	json_t *root = NULL;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	out->elapsed_s = NAN;
	root = json_load_file(file, JSON_REJECT_DUPLICATES, &je);
	if (root == NULL) {
		if (je.line > 0)
			err_set(e, "%s:%d:%d: bad JSON: %s", file, je.line, je.column, je.text);
		else
			err_set(e, "%s: %s", file, je.text);
		goto done;
	}
	if (!json_is_object(root)) {
		err_set(e, "%s: not a JSON object", file);
		goto done;
	}
	if (read_fields(root, out, e) < 0) {
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
	json_decref(root);
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
	free(r->campaign_name);
	free(r->campaign_title);
	free(r->campaign_client);
	free(r->campaign_order);
	free(r->subject);
	free(r->label);
	free(r->color);
	free(r->endpoint);
	free(r->region);
	free(r->bucket);
	free(r->addressing);
	free(r->addressing_used);
	free(r->op);
	free(r->err_class);
	free(r->first_error);
	free(r->status);
	free(r->bench_phase);
	summary_clear(&r->summary);
	runlog_clients_clear(&r->clients);
	json_decref(r->client_json);
	json_decref(r->summary_json);
	runlog_workload_clear(&r->workload);
	memset(r, 0, sizeof(*r));
	r->elapsed_s = NAN;
	r->workload.p99_limit_ms = NAN;
}
