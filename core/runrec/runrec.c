/* core/runrec/runrec.c: run.json's envelope, its members in file order (docs/FORMATS.md,
 * "run.json"), the file read and written (core/runrec/runrec.h). */
#include "core/runrec/runrec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fsutil.h"
#include "core/runrec/runrec_field.h"
#include "core/version.h"

#define R struct runrec

static int format_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	const char *s;
	char *end;
	long major;

	(void)path;
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
	((R *)rec)->format = s;
	return 0;
}

static json_t *format_to(const void *rec)
{
	return json_string(((const R *)rec)->format);
}

static json_t *tool_to(const void *rec)
{
	return runrec_tool_to_json(&((const R *)rec)->tool);
}

static int tool_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	return runrec_tool_from_json(v, path, &((R *)rec)->tool, e);
}

static json_t *host_to(const void *rec)
{
	return runrec_host_to_json(&((const R *)rec)->host);
}

static int host_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	return runrec_host_from_json(v, path, &((R *)rec)->host, e);
}

static json_t *campaign_to(const void *rec)
{
	const R *r = rec;

	return r->has_campaign ? runrec_campaign_to_json(&r->campaign) : json_null();
}

static int campaign_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_campaign = 1;
	return runrec_campaign_from_json(v, path, &r->campaign, e);
}

static json_t *subject_to(const void *rec)
{
	return runrec_subject_to_json(&((const R *)rec)->subject);
}

static int subject_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	return runrec_subject_from_json(v, path, &((R *)rec)->subject, e);
}

static json_t *workload_to(const void *rec)
{
	return runrec_workload_to_json(&((const R *)rec)->workload);
}

static int workload_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	return runrec_workload_from_json(v, path, &((R *)rec)->workload, e);
}

static json_t *phases_to(const void *rec)
{
	const R *r = rec;
	json_t *o = json_object();

	for (int k = 0; o != NULL && k < PHASE_COUNT; k++)
		json_object_set_new(o, runrec_phase_name((enum run_phase)k),
				    json_string(runrec_phase_state_name(r->phase[k])));
	return o;
}

static int phases_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (!json_is_object(v))
		return err_set(e, "field %s: expected an object", path);
	for (int k = 0; k < PHASE_COUNT; k++) {
		const char *name = runrec_phase_name((enum run_phase)k);
		const json_t *x = json_object_get(v, name);
		int s = runrec_phase_state_parse(json_string_value(x));

		if (x == NULL || json_is_null(x))
			continue;
		if (s < 0)
			return err_set(e,
				       "field %s.%s: not one of not-reached, started, done, "
				       "failed, skipped",
				       path, name);
		r->phase[k] = (enum phase_state)s;
	}
	return 0;
}

static json_t *wrapper_to(const void *rec)
{
	return runrec_wrapper_to_json(&((const R *)rec)->wrapper);
}

static int wrapper_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	return runrec_wrapper_from_json(v, path, &((R *)rec)->wrapper, e);
}

static json_t *errors_to(const void *rec)
{
	return runrec_errors_to_json(&((const R *)rec)->errors);
}

static int errors_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	return runrec_errors_from_json(v, path, &((R *)rec)->errors, e);
}

static const struct rrf cpu_f[] = {
	RRF_F("benchmark_s", RRF_REAL, R, cpu_benchmark_s),
	RRF_F("us_per_request", RRF_REAL, R, cpu_us_per_request),
};

static json_t *cpu_to(const void *rec)
{
	const R *r = rec;

	return r->has_cpu ? rrf_write(cpu_f, RRF_N(cpu_f), r, 0) : json_null();
}

static int cpu_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;
	uint64_t absent;

	if (json_is_null(v))
		return 0;
	r->has_cpu = 1;
	return rrf_read(v, path, cpu_f, RRF_N(cpu_f), r, &absent, e);
}

static const char *const stop_reasons[2] = {"max_duration", "steady"};

static json_t *stop_to(const void *rec)
{
	const R *r = rec;

	if (!r->has_stop)
		return NULL;
	return json_pack("{s:s,s:f}", "reason", stop_reasons[r->steady != 0], "at_s", r->stop_at_s);
}

static int stop_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;
	const char *why = json_string_value(json_object_get(v, "reason"));
	const json_t *at = json_object_get(v, "at_s");

	if (!json_is_object(v) || why == NULL ||
	    (strcmp(why, stop_reasons[0]) != 0 && strcmp(why, stop_reasons[1]) != 0) ||
	    !json_is_number(at))
		return err_set(e,
			       "field %s: expected {\"reason\": \"steady\" | \"max_duration\", "
			       "\"at_s\": S}",
			       path);
	r->has_stop = 1;
	r->steady = strcmp(why, stop_reasons[1]) == 0;
	r->stop_at_s = json_number_value(at);
	return 0;
}

static const struct rrf calibration_f[] = {
	RRF_R("objects", RRF_INT, struct runrec_calibration, objects, 0, 9.2e18),
	RRF_R("seconds", RRF_REAL, struct runrec_calibration, seconds, 0, 1e12),
	RRF_R("obj_s", RRF_REAL, struct runrec_calibration, obj_s, 0, 1e15),
	RRF_R("prepared", RRF_INT, struct runrec_calibration, prepared, 0, 9.2e18),
};

json_t *runrec_calibration_to_json(const struct runrec_calibration *c)
{
	return rrf_write(calibration_f, RRF_N(calibration_f), c, c->absent);
}

int runrec_calibration_from_json(const json_t *j, const char *path, struct runrec_calibration *c,
				 struct err *e)
{
	memset(c, 0, sizeof(*c));
	return rrf_read(j, path, calibration_f, RRF_N(calibration_f), c, &c->absent, e);
}

static json_t *calibration_to(const void *rec)
{
	const R *r = rec;

	return r->has_calibration ? runrec_calibration_to_json(&r->calibration) : json_null();
}

static int calibration_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_calibration = 1;
	return runrec_calibration_from_json(v, path, &r->calibration, e);
}

static json_t *versioning_to(const void *rec)
{
	const R *r = rec;

	return r->has_versioning ? runrec_versioning_to_json(&r->versioning) : json_null();
}

static int versioning_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_versioning = 1;
	return runrec_versioning_from_json(v, path, &r->versioning, e);
}

static json_t *payload_to(const void *rec)
{
	const R *r = rec;

	return r->has_payload ? runrec_payload_to_json(&r->payload) : json_null();
}

static int payload_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_payload = 1;
	return runrec_payload_from_json(v, path, &r->payload, e);
}

static json_t *credentials_to(const void *rec)
{
	const R *r = rec;

	return r->has_credentials ? runrec_credentials_to_json(&r->credentials) : json_null();
}

static int credentials_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_credentials = 1;
	return runrec_credentials_from_json(v, path, &r->credentials, e);
}

static json_t *transport_to(const void *rec)
{
	const R *r = rec;

	return r->has_transport ? runrec_transport_to_json(&r->transport) : json_null();
}

static int transport_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_transport = 1;
	return runrec_transport_from_json(v, path, &r->transport, e);
}

static json_t *clients_to(const void *rec)
{
	const R *r = rec;

	return r->has_clients ? runrec_clients_to_json(&r->clients) : NULL;
}

static int clients_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	if (runrec_clients_from_json(v, path, &r->clients, e) < 0)
		return -1;
	r->has_clients = 1;
	return 0;
}

static json_t *billing_to(const void *rec)
{
	return runrec_billing_to_json(&((const R *)rec)->billing);
}

static int billing_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	/* first: phase_retries, read next, goes into the same record */
	return json_is_null(v) ? 0 : runrec_billing_from_json(v, path, &((R *)rec)->billing, e);
}

static json_t *retries_to(const void *rec)
{
	return runrec_retries_to_json(&((const R *)rec)->billing);
}

static int retries_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	return json_is_null(v) ? 0 : runrec_retries_from_json(v, path, &((R *)rec)->billing, e);
}

static json_t *prices_to(const void *rec)
{
	const R *r = rec;

	return r->has_prices ? price_to_json(&r->prices) : json_null();
}

static int prices_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;
	struct err pe;

	(void)path;
	if (json_is_null(v))
		return 0;
	if (price_from_json(v, &r->prices, &pe) < 0)
		return err_set(e, "field %s", pe.msg); /* "prices.KEY: ..." */
	r->has_prices = 1;
	return 0;
}

static json_t *client_to(const void *rec)
{
	const R *r = rec;

	return r->has_client ? runrec_clientres_to_json(&r->client) : NULL;
}

static int client_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_client = 1;
	return runrec_clientres_from_json(v, path, &r->client, e);
}

static json_t *limit_to(const void *rec)
{
	const R *r = rec;

	return r->has_client_limit ? climit_to_json(&r->client_limit) : NULL;
}

static int limit_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	r->has_client_limit = 1;
	return climit_from_json(v, path, &r->client_limit, e);
}

static json_t *summary_to(const void *rec)
{
	const R *r = rec;

	return r->summary != NULL ? json_incref((json_t *)r->summary) : NULL;
}

static int summary_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	R *r = rec;

	if (json_is_null(v))
		return 0;
	if (!json_is_object(v))
		return err_set(e, "field %s: expected an object", path);
	r->summary = v;
	return 0;
}

static const struct rrf members[RUNREC_MEMBERS] = {
	[RUNREC_FORMAT] = RRF_O("format", format_to, format_from),
	[RUNREC_TOOL] = RRF_O("tool", tool_to, tool_from),
	[RUNREC_HOST] = RRF_O("host", host_to, host_from),
	[RUNREC_CAMPAIGN] = RRF_O("campaign", campaign_to, campaign_from),
	[RUNREC_CYCLE] = RRF_R("cycle", RRF_INT_Z, R, cycle, 1, 1000000),
	[RUNREC_SUBJECT] = RRF_O("subject", subject_to, subject_from),
	[RUNREC_WORKLOAD] = RRF_O("workload", workload_to, workload_from),
	[RUNREC_PHASES] = RRF_O("phases", phases_to, phases_from),
	[RUNREC_WRAPPER] = RRF_O("wrapper", wrapper_to, wrapper_from),
	[RUNREC_ERRORS] = RRF_O("errors", errors_to, errors_from),
	[RUNREC_CPU] = RRF_O("cpu", cpu_to, cpu_from),
	[RUNREC_STOP] = RRF_O("stop", stop_to, stop_from),
	[RUNREC_READS_EXHAUSTED] = RRF_F("reads_exhausted", RRF_BOOL, R, reads_exhausted),
	[RUNREC_CALIBRATION] = RRF_O("calibration", calibration_to, calibration_from),
	[RUNREC_VERSIONING] = RRF_O("versioning", versioning_to, versioning_from),
	[RUNREC_CREDENTIALS] = RRF_O("credentials", credentials_to, credentials_from),
	[RUNREC_TRANSPORT] = RRF_O("transport", transport_to, transport_from),
	[RUNREC_PAYLOAD] = RRF_O("payload", payload_to, payload_from),
	[RUNREC_CLIENTS] = RRF_O("clients", clients_to, clients_from),
	[RUNREC_BILLING] = RRF_O("billing", billing_to, billing_from),
	[RUNREC_PHASE_RETRIES] = RRF_O("phase_retries", retries_to, retries_from),
	[RUNREC_PRICES] = RRF_O("prices", prices_to, prices_from),
	[RUNREC_CLIENT] = RRF_O("client", client_to, client_from),
	[RUNREC_CLIENT_LIMIT] = RRF_O("client_limit", limit_to, limit_from),
	[RUNREC_STATUS] = RRF_F("status", RRF_STR, R, status),
	[RUNREC_SUMMARY] = RRF_O("summary", summary_to, summary_from),
};

void runrec_init(struct runrec *r)
{
	memset(r, 0, sizeof(*r));
	r->format = S3BENCH_RUN_FORMAT;
	r->wrapper.exit_code = RUNREC_NULL_INT;
}

void runrec_clear(struct runrec *r)
{
	runrec_clients_clear(&r->clients);
	json_decref(r->doc);
	runrec_init(r);
}

json_t *runrec_to_json(const struct runrec *r)
{
	return rrf_write(members, RUNREC_MEMBERS, r, r->absent);
}

int runrec_from_json(const json_t *j, struct runrec *r, struct err *e)
{
	runrec_init(r);
	if (rrf_read(j, "", members, RUNREC_MEMBERS, r, &r->absent, e) < 0 ||
	    ((r->absent & RUNREC_BIT(RUNREC_FORMAT)) &&
	     err_set(e, "field format: missing or not a string"))) {
		runrec_clear(r);
		return -1;
	}
	return 0;
}

int runrec_load(const char *path, struct runrec *r, struct err *e)
{
	json_error_t je;
	json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &je);

	runrec_init(r);
	if (doc == NULL) {
		if (je.line > 0)
			return err_set(e, "%s:%d:%d: bad JSON: %s", path, je.line, je.column,
				       je.text);
		return err_set(e, "%s: %s", path, je.text);
	}
	if (!json_is_object(doc)) {
		json_decref(doc);
		return err_set(e, "%s: not a JSON object", path);
	}
	if (runrec_from_json(doc, r, e) < 0) {
		json_decref(doc);
		return err_prefix(e, "%s", path);
	}
	r->doc = doc;
	return 0;
}

int runrec_write_json(const json_t *o, const char *dir, const char *name, int compact,
		      struct err *e)
{
	size_t flags = compact ? JSON_COMPACT | JSON_PRESERVE_ORDER
			       : JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15);
	char path[4096], *text = NULL;
	size_t len;
	int rc = -1;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return err_set(e, "%s/%s: path too long", dir, name);
	if (o == NULL || (text = json_dumps(o, flags)) == NULL)
		return err_set(e, "%s: cannot encode JSON (out of memory)", path);
	len = strlen(text);
	text[len] = '\n'; /* over the NUL: the file ends with a newline */
	rc = fs_write_file(path, text, len + 1, e);
	free(text);
	return rc;
}

int runrec_write(const struct runrec *r, const char *dir, const char *name, int compact,
		 struct err *e)
{
	json_t *o = runrec_to_json(r);
	int rc = runrec_write_json(o, dir, name, compact, e);

	json_decref(o);
	return rc;
}

int runrec_check_run(const struct runrec *r, struct err *e)
{
	/* null for a single `collect run`; absent: the record was not built whole */
	if (r->absent & RUNREC_BIT(RUNREC_CAMPAIGN))
		return err_set(e, "field campaign: missing");
	if (r->absent & RUNREC_BIT(RUNREC_SUBJECT))
		return err_set(e, "field subject: missing");
	if (r->subject.id == NULL)
		return err_set(e, "field subject.id: missing or empty");
	if (r->absent & RUNREC_BIT(RUNREC_WORKLOAD))
		return err_set(e, "field workload: missing");
	if (r->workload.op == NULL)
		return err_set(e, "field workload.op: missing or empty");
	if (r->workload.concurrency == 0) /* absent or null: a present one is 1 or more */
		return err_set(e, "field workload.concurrency: missing");
	return 0;
}
