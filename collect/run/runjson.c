/* collect/run/runjson.c: see runjson.h. */
#include "collect/run/runjson.h"

#include <curl/curl.h>
#include <errno.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <zstd.h>

#include "collect/run/billing.h"
#include "collect/campaign/plan.h"
#include "collect/run/subject.h"
#include "collect/workload.h"
#include "core/climit.h"
#include "core/fsutil.h"
#include "core/timefmt.h"
#include "core/utf8.h"

static const char *phase_names[PHASE_COUNT] = {"prepare", "benchmark", "cleanup"};

/* phase_state_name: "not-reached", "started", "done", "failed", "skipped". */
static const char *phase_state_name(enum phase_state s)
{
	switch (s) {
	case PH_STARTED:
		return "started";
	case PH_DONE:
		return "done";
	case PH_FAILED:
		return "failed";
	case PH_SKIPPED:
		return "skipped";
	default:
		return "not-reached";
	}
}

static int phase_state_parse(const char *s)
{
	for (int i = PH_NOT_REACHED; i <= PH_SKIPPED; i++)
		if (s && strcmp(s, phase_state_name((enum phase_state)i)) == 0)
			return i;
	return -1;
}

void run_state_init(struct run_state *st)
{
	memset(st, 0, sizeof(*st));
}

void run_state_clear(struct run_state *st)
{
	json_decref(st->summary);
	st->summary = NULL;
	json_decref(st->client);
	st->client = NULL;
	json_decref(st->transport);
	st->transport = NULL;
}

void run_state_add_error(struct run_state *st, const char *text)
{
	if (st->n_first >= ENGINE_FIRST_ERRORS || text == NULL || text[0] == '\0')
		return;
	/* a server's text, or one cut at the buffer's size inside a character: scrubbed, so
	 * that run.json can always hold it */
	snprintf(st->first[st->n_first], sizeof(st->first[0]), "%s", text);
	utf8_scrub(st->first[st->n_first++]);
}

static int write_json(const char *dir, const char *name, const json_t *obj, size_t flags,
		      struct err *e)
{
	char path[4096];
	char *text;
	int rc;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return err_set(e, "%s/%s: path too long", dir, name);
	text = json_dumps(obj, flags);
	if (text == NULL)
		return err_set(e, "%s: cannot encode JSON (out of memory)", path);
	size_t len = strlen(text);
	char *withnl = realloc(text, len + 2);
	if (withnl == NULL) {
		free(text);
		return err_set(e, "%s: out of memory", path);
	}
	withnl[len] = '\n';
	withnl[len + 1] = '\0';
	rc = fs_write_file(path, withnl, len + 1, e);
	free(withnl);
	return rc;
}

/* phases_json: {"prepare": STATE, "benchmark": STATE, "cleanup": STATE} (NULL: no memory) */
static json_t *phases_json(const struct run_state *st)
{
	json_t *ph = json_object();

	for (int i = 0; ph && i < PHASE_COUNT; i++)
		json_object_set_new(ph, phase_names[i],
				    json_string(phase_state_name(st->phase[i])));
	return ph;
}

/* stop_json: how a duration = auto benchmark stopped, or null. */
static json_t *stop_json(const struct run_state *st)
{
	if (!st->auto_stop)
		return json_null();
	return json_pack("{s:s,s:f}", "reason", st->steady ? "steady" : "max_duration", "at_s",
			 st->stopped_s);
}

int run_state_write(const char *dir, const struct run_state *st, struct err *e)
{
	json_t *o = json_object(), *ph = phases_json(st), *first = json_array();
	int rc = -1;

	if (o == NULL || ph == NULL || first == NULL) {
		json_decref(ph);
		json_decref(first);
		err_set(e, "%s: out of memory", dir);
		goto out;
	}
	json_object_set_new(o, "phases", ph);
	json_object_set_new(o, "finished", json_boolean(st->finished));
	json_object_set_new(o, "class",
			    st->cls ? json_string(err_class_name(st->cls)) : json_null());
	json_object_set_new(o, "errors", json_integer((json_int_t)st->errors));
	for (int i = 0; i < st->n_first; i++)
		json_array_append_new(first, json_string(st->first[i]));
	json_object_set_new(o, "first", first);
	if (st->summary)
		json_object_set(o, "summary", st->summary);
	json_object_set_new(o, "cpu_s", json_real(st->cpu_s));
	json_object_set_new(o, "cpu_us_per_op", json_real(st->cpu_us_per_op));
	json_object_set_new(o, "billing", billing_json(st));
	json_object_set_new(o, "phase_retries", billing_retries_json(st));
	if (st->client)
		json_object_set(o, "client", st->client);
	json_object_set_new(o, "stop", stop_json(st));
	json_object_set_new(o, "reads_exhausted", json_boolean(st->reads_exhausted));
	if (st->transport)
		json_object_set(o, "transport", st->transport);
	rc = write_json(dir, RUNJSON_STATE_FILE, o, JSON_COMPACT, e);
out:
	json_decref(o);
	return rc;
}

int run_state_read(const char *dir, struct run_state *st, struct err *e)
{
	char path[4096];
	json_error_t je;
	json_t *o, *ph, *v;
	size_t i;

	run_state_init(st);
	snprintf(path, sizeof(path), "%s/%s", dir, RUNJSON_STATE_FILE);
	o = json_load_file(path, 0, &je);
	if (o == NULL)
		return err_set(e, "%s: %s", path, je.text);
	ph = json_object_get(o, "phases");
	for (int k = 0; k < PHASE_COUNT; k++) {
		int s = phase_state_parse(json_string_value(json_object_get(ph, phase_names[k])));
		st->phase[k] = s < 0 ? PH_NOT_REACHED : (enum phase_state)s;
	}
	st->finished = json_is_true(json_object_get(o, "finished"));
	v = json_object_get(o, "class");
	if (json_is_string(v)) {
		int c = err_class_parse(json_string_value(v));
		st->cls = c < 0 ? EC_CRASHED : (enum err_class)c;
	}
	st->errors = (uint64_t)json_integer_value(json_object_get(o, "errors"));
	json_array_foreach(json_object_get(o, "first"), i, v)
		run_state_add_error(st, json_string_value(v));
	v = json_object_get(o, "summary");
	if (json_is_object(v))
		st->summary = json_incref(v);
	st->cpu_s = json_number_value(json_object_get(o, "cpu_s"));
	st->cpu_us_per_op = json_number_value(json_object_get(o, "cpu_us_per_op"));
	billing_read(json_object_get(o, "billing"), st);
	billing_retries_read(json_object_get(o, "phase_retries"), st);
	v = json_object_get(o, "client");
	if (json_is_object(v))
		st->client = json_incref(v);
	v = json_object_get(o, "stop");
	if (json_is_object(v)) {
		st->auto_stop = 1;
		st->steady = json_is_string(json_object_get(v, "reason")) &&
			     strcmp(json_string_value(json_object_get(v, "reason")), "steady") == 0;
		st->stopped_s = json_number_value(json_object_get(v, "at_s"));
	}
	st->reads_exhausted = json_is_true(json_object_get(o, "reads_exhausted"));
	v = json_object_get(o, "transport");
	if (json_is_object(v))
		st->transport = json_incref(v);
	json_decref(o);
	return 0;
}

static json_t *time_json(int64_t ns)
{
	char buf[RFC3339_MAX];

	if (ns <= 0)
		return json_null();
	rfc3339_format(buf, sizeof(buf), ns);
	return json_string(buf);
}

/* u64 or null when 0 */
static json_t *tool_json(void)
{
	const curl_version_info_data *cv = curl_version_info(CURLVERSION_NOW);

	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "name", "s3bench", "version",
			 S3BENCH_VERSION, "libcurl", cv && cv->version ? cv->version : "unknown",
			 "openssl", OpenSSL_version(OPENSSL_VERSION), "libzstd",
			 ZSTD_versionString(), "jansson", JANSSON_VERSION);
}

static json_t *host_json(void)
{
	struct utsname u;
	char os[600];

	if (uname(&u) < 0)
		return json_pack("{s:n, s:n, s:i}", "hostname", "os", "cpus",
				 (int)sysconf(_SC_NPROCESSORS_ONLN));
	snprintf(os, sizeof(os), "%s %s", u.sysname, u.release);
	return json_pack("{s:s, s:s, s:s, s:i}", "hostname", u.nodename, "os", os, "machine",
			 u.machine, "cpus", (int)sysconf(_SC_NPROCESSORS_ONLN));
}

static json_t *subject_json(const struct campaign_subject *s)
{
	static const char *cred[] = {"default", "profile", "env"};

	json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:s, s:o}", "id", s->id,
			      "label", s->label, "endpoint", s->endpoint, "region", s->region,
			      "bucket", s->bucket, "addressing", s->path_style ? "path" : "virtual",
			      "color", s->color, "insecure", s->insecure, "credentials",
			      cred[s->cred_kind], "ca_bundle",
			      s->ca_bundle ? json_string(s->ca_bundle) : json_null());
	char note[512];
	int dotted = subject_addressing_note(s, note, sizeof(note)) != NULL;

	/* a dotted bucket over HTTPS goes path-style (collect/s3/s3.h, s3_bucket_path_style) */
	if (o != NULL)
		json_object_set_new(o, "addressing_used",
				    json_string(s->path_style || dotted ? "path" : "virtual"));
	return o;
}

/* put: o[key] = v (a new reference; NULL when it could not be made); the first key that
 * could not be set is kept in *bad. */
static void put(json_t *o, const char *key, json_t *v, const char **bad)
{
	if (v == NULL || json_object_set_new(o, key, v) < 0) {
		if (*bad == NULL)
			*bad = key;
	}
}

/* campaign_json: run.json's "campaign" (null for a single run); NULL with a message. */
static json_t *campaign_json(const struct campaign *c, struct err *e)
{
	const char *name[] = {"name", "title", "client", "cost_example"};
	const char *val[] = {c ? c->name : NULL, c ? c->title : NULL, c ? c->client : NULL,
			     c ? c->cost_example : NULL};
	json_t *o;
	char at[64];

	if (c == NULL)
		return json_null();
	for (int i = 0; i < 4; i++)
		if (val[i] != NULL && !utf8_valid(val[i], strlen(val[i]), NULL)) {
			err_set(e, "campaign.%s: not UTF-8 (%s)", name[i],
				utf8_describe(val[i], at, sizeof(at)));
			return NULL;
		}
	o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:i, s:o}", "name", c->name, "title", c->title,
		      "client", c->client, "file", "campaign.ini", "order",
		      campaign_order_name(c->order), "cycles", c->cycles, "p99_limit_ms",
		      c->p99_limit_ms > 0 ? json_real(c->p99_limit_ms) : json_null());
	if (o != NULL && c->cost_example &&
	    json_object_set_new(o, "cost_example", json_string(c->cost_example)) < 0) {
		json_decref(o);
		o = NULL;
	}
	if (o == NULL)
		err_set(e, "campaign: out of memory");
	return o;
}

/* wrapper_json: run.json's "wrapper" (NULL when out of memory). */
static json_t *wrapper_json(const struct run_wrapper *w)
{
	return json_pack("{s:o, s:o, s:f, s:o, s:i, s:b, s:b}", "started", time_json(w->started_ns),
			 "ended", time_json(w->ended_ns), "elapsed_s", w->elapsed_s, "exit_code",
			 w->exited ? json_integer(w->exit_code) : json_null(), "signal", w->signal,
			 "timed_out", w->timed_out, "interrupted", w->interrupted);
}

/* errors_json: run.json's "errors" (NULL when out of memory); the texts are UTF-8
 * (run_state_add_error scrubs them). */
static json_t *errors_json(const struct runjson_input *in)
{
	const struct run_state *st = in->st;
	json_t *first = json_array();

	for (int i = 0; first != NULL && i < st->n_first; i++)
		if (json_array_append_new(first, json_string(st->first[i])) < 0) {
			json_decref(first);
			first = NULL;
		}
	if (first == NULL)
		return NULL;
	return json_pack("{s:I, s:o, s:o}", "count", (json_int_t)st->errors, "class",
			 in->cls ? json_string(err_class_name(in->cls)) : json_null(), "first",
			 first);
}

/* client_limit_put: "client" and, when the record judges it, "client_limit". */
static void client_limit_put(json_t *o, const struct runjson_input *in, const char **bad)
{
	const struct run_state *st = in->st;
	struct climit_verdict v;
	struct err ce;

	if (st->client == NULL)
		return;
	put(o, "client", json_incref(st->client), bad);
	if (climit_judge(st->client, st->summary, workload_workers(in->wl), NULL, &v, &ce) > 0)
		put(o, "client_limit", climit_to_json(&v), bad);
}

json_t *runjson_build(const struct runjson_input *in, struct err *e)
{
	const struct run_state *st = in->st;
	json_t *o = json_object(), *camp = NULL;
	const char *bad = NULL;

	if (o == NULL)
		goto nomem;
	if ((camp = campaign_json(in->campaign, e)) == NULL ||
	    subject_check_utf8(in->subject, e) < 0) {
		json_decref(o);
		return NULL;
	}
	put(o, "format", json_string(S3BENCH_RUN_FORMAT), &bad);
	put(o, "tool", tool_json(), &bad);
	put(o, "host", host_json(), &bad);
	put(o, "campaign", camp, &bad);
	put(o, "cycle", in->cycle > 0 ? json_integer(in->cycle) : json_null(), &bad);
	put(o, "subject", subject_json(in->subject), &bad);
	put(o, "workload", workload_json(in->wl, in->timeout_s), &bad);
	put(o, "phases", phases_json(st), &bad);
	put(o, "wrapper", wrapper_json(in->wrapper), &bad);
	put(o, "errors", errors_json(in), &bad);
	put(o, "cpu",
	    st->cpu_s > 0 ? json_pack("{s:f, s:f}", "benchmark_s", st->cpu_s, "us_per_request",
				      st->cpu_us_per_op)
			  : json_null(),
	    &bad);
	if (st->auto_stop)
		put(o, "stop", stop_json(st), &bad);
	put(o, "reads_exhausted", json_boolean(st->reads_exhausted), &bad);
	put(o, "transport", st->transport ? json_incref(st->transport) : json_null(), &bad);
	if (in->clients != NULL)
		put(o, "clients", json_incref((json_t *)in->clients), &bad);
	put(o, "billing", billing_json(st), &bad);
	put(o, "phase_retries", billing_retries_json(st), &bad);
	put(o, "prices",
	    in->subject->prices.given ? price_to_json(&in->subject->prices) : json_null(), &bad);
	client_limit_put(o, in, &bad);
	put(o, "status", json_string(in->complete ? "complete" : "failed"), &bad);
	if (in->complete && st->summary)
		put(o, "summary", json_incref(st->summary), &bad);
	if (bad == NULL)
		return o;
	json_decref(o);
	err_set(e, "%s: cannot be built (out of memory, or a text that is not UTF-8)", bad);
	return NULL;
nomem:
	err_set(e, "out of memory");
	return NULL;
}

int runjson_write(const char *dir, const json_t *obj, struct err *e)
{
	return write_json(dir, "run.json", obj,
			  JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15), e);
}

int runjson_read_status(const char *dir, struct runjson_status *out, struct err *e)
{
	return runjson_read_record(dir, out, NULL, e);
}

int runjson_read_record(const char *dir, struct runjson_status *out, json_t **conditions,
			struct err *e)
{
	char path[4096];
	json_error_t je;
	json_t *j, *errs;
	const char *status;

	memset(out, 0, sizeof(*out));
	if (conditions != NULL)
		*conditions = NULL;
	if (snprintf(path, sizeof(path), "%s/run.json", dir) >= (int)sizeof(path))
		return err_set(e, "%s/run.json: path too long", dir);
	j = json_load_file(path, 0, &je);
	if (j == NULL)
		return err_set(e, "%s: %s", path, je.text);
	status = json_string_value(json_object_get(j, "status"));
	out->complete = status != NULL && strcmp(status, "complete") == 0;
	out->interrupted = json_is_true(
		json_object_get(json_object_get(j, "wrapper"), "interrupted"));
	errs = json_object_get(j, "errors");
	status = json_string_value(json_object_get(errs, "class"));
	out->budget = status != NULL && strcmp(status, "budget") == 0;
	snprintf(out->cls, sizeof(out->cls), "%s", status ? status : "");
	status = json_string_value(json_array_get(json_object_get(errs, "first"), 0));
	snprintf(out->first, sizeof(out->first), "%s", status ? status : "");
	struct run_state bs;
	run_state_init(&bs);
	billing_read(json_object_get(j, "billing"), &bs);
	for (int k = 0; k < PHASE_COUNT; k++)
		if (bs.bill_phases & (1u << k))
			bill_add(&out->bill, &bs.bill[k]);
	if (conditions != NULL)
		*conditions = json_pack("{s:O?, s:O?}", "workload", json_object_get(j, "workload"),
					"subject", json_object_get(j, "subject"));
	json_decref(j);
	return 0;
}
