/* core/runrec/runrec_outcome.c: the records of how a run went: "wrapper", "errors",
 * "transport", "billing" and "phase_retries", and the phase names and states
 * (docs/FORMATS.md, "run.json" and "Prices and billing"; core/runrec/runrec.h). */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

static const char *const phase_names[PHASE_COUNT] = {"prepare", "benchmark", "cleanup"};
static const char *const state_names[] = {"not-reached", "started", "done", "failed", "skipped"};

const char *runrec_phase_name(enum run_phase p)
{
	return (unsigned)p < PHASE_COUNT ? phase_names[p] : "";
}

const char *runrec_phase_state_name(enum phase_state s)
{
	return (unsigned)s <= PH_SKIPPED ? state_names[s] : state_names[PH_NOT_REACHED];
}

int runrec_phase_state_parse(const char *s)
{
	for (int i = PH_NOT_REACHED; s != NULL && i <= PH_SKIPPED; i++)
		if (strcmp(s, state_names[i]) == 0)
			return i;
	return -1;
}

void runrec_local_of(int64_t t, struct runrec_local *l)
{
	time_t s = (time_t)(t / 1000000000);
	struct tm tm;

	memset(l, 0, sizeof(*l));
	if (t <= 0 || localtime_r(&s, &tm) == NULL)
		return;
	l->known = 1;
	l->hour = tm.tm_hour;
	l->weekday = tm.tm_wday == 0 ? 7 : tm.tm_wday;
	l->utc_offset_min = tm.tm_gmtoff / 60;
}

static const struct rrf local_f[] = {
	RRF_R("hour", RRF_INT, struct runrec_local, hour, 0, 23),
	RRF_R("weekday", RRF_INT, struct runrec_local, weekday, 1, 7),
	RRF_R("utc_offset_min", RRF_INT, struct runrec_local, utc_offset_min, -1440, 1440),
};

static json_t *local_to(const void *rec)
{
	const struct runrec_local *l = &((const struct runrec_wrapper *)rec)->local;

	return l->known ? rrf_write(local_f, RRF_N(local_f), l, 0) : NULL;
}

static int local_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_local *l = &((struct runrec_wrapper *)rec)->local;
	uint64_t absent;

	if (rrf_read(v, path, local_f, RRF_N(local_f), l, &absent, e) < 0)
		return -1;
	if (absent != 0)
		return err_set(e, "field %s: needs hour, weekday and utc_offset_min", path);
	l->known = 1;
	return 0;
}

static const struct rrf provider_f[] = {
	RRF_NE("tz", RRF_STR, struct runrec_local, tz),
	RRF_R("hour", RRF_INT, struct runrec_local, hour, 0, 23),
	RRF_R("weekday", RRF_INT, struct runrec_local, weekday, 1, 7),
	RRF_R("utc_offset_min", RRF_INT, struct runrec_local, utc_offset_min, -1440, 1440),
};

static json_t *provider_to(const void *rec)
{
	const struct runrec_local *l = &((const struct runrec_wrapper *)rec)->provider_local;

	return l->known ? rrf_write(provider_f, RRF_N(provider_f), l, 0) : NULL;
}

static int provider_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_local *l = &((struct runrec_wrapper *)rec)->provider_local;
	uint64_t absent;

	if (rrf_read(v, path, provider_f, RRF_N(provider_f), l, &absent, e) < 0)
		return -1;
	if (absent != 0)
		return err_set(e, "field %s: needs tz, hour, weekday and utc_offset_min", path);
	l->known = 1;
	return 0;
}

static const struct rrf wrapper_f[] = {
	RRF_F("started", RRF_TIME, struct runrec_wrapper, started_ns),
	RRF_O("local", local_to, local_from),
	RRF_O("provider_local", provider_to, provider_from),
	RRF_F("ended", RRF_TIME, struct runrec_wrapper, ended_ns),
	RRF_F("elapsed_s", RRF_REAL_N, struct runrec_wrapper, elapsed_s),
	RRF_R("exit_code", RRF_INT_N, struct runrec_wrapper, exit_code, -1000, 1000),
	RRF_R("signal", RRF_INT, struct runrec_wrapper, signal, 0, 1000),
	RRF_F("timed_out", RRF_BOOL, struct runrec_wrapper, timed_out),
	RRF_F("interrupted", RRF_BOOL, struct runrec_wrapper, interrupted),
};

json_t *runrec_wrapper_to_json(const struct runrec_wrapper *w)
{
	return rrf_write(wrapper_f, RRF_N(wrapper_f), w, w->absent);
}

int runrec_wrapper_from_json(const json_t *j, const char *path, struct runrec_wrapper *w,
			     struct err *e)
{
	memset(w, 0, sizeof(*w));
	return rrf_read(j, path, wrapper_f, RRF_N(wrapper_f), w, &w->absent, e);
}

static json_t *first_to(const void *rec)
{
	const struct runrec_errors *x = rec;
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < x->n_first; i++)
		json_array_append_new(a, json_string(x->first[i]));
	return a;
}

static int first_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_errors *x = rec;
	size_t i;
	json_t *s;

	if (json_is_null(v))
		return 0;
	if (!json_is_array(v))
		return err_set(e, "field %s: expected an array", path);
	json_array_foreach(v, i, s) {
		if (!json_is_string(s))
			return err_set(e, "field %s[%zu]: expected a string", path, i);
		if (x->n_first < RUNREC_FIRST_MAX)
			x->first[x->n_first++] = json_string_value(s);
	}
	return 0;
}

static const struct rrf errors_f[] = {
	RRF_R("count", RRF_INT, struct runrec_errors, count, 0, 9.2e18),
	RRF_F("class", RRF_STR, struct runrec_errors, cls),
	RRF_O("first", first_to, first_from),
};

json_t *runrec_errors_to_json(const struct runrec_errors *x)
{
	return rrf_write(errors_f, RRF_N(errors_f), x, x->absent);
}

int runrec_errors_from_json(const json_t *j, const char *path, struct runrec_errors *x,
			    struct err *e)
{
	memset(x, 0, sizeof(*x));
	return rrf_read(j, path, errors_f, RRF_N(errors_f), x, &x->absent, e);
}

/* ---- transport ----------------------------------------------------------------- */

static const struct rrf http_f[] = {
	RRF_F("1.1", RRF_INT, struct runrec_transport, http11),
	RRF_F("2", RRF_INT, struct runrec_transport, http2),
	RRF_F("other", RRF_INT, struct runrec_transport, http_other),
};

static const struct rrf address_f[] = {
	RRF_T("address", RRF_TEXT, struct runrec_address, address),
	RRF_F("requests", RRF_INT, struct runrec_address, requests),
	RRF_F("bytes", RRF_INT, struct runrec_address, bytes),
};

static json_t *http_to(const void *rec)
{
	return rrf_write(http_f, RRF_N(http_f), rec, 0);
}

static int http_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	uint64_t absent;

	return rrf_read(v, path, http_f, RRF_N(http_f), rec, &absent, e);
}

static json_t *addresses_to(const void *rec)
{
	const struct runrec_transport *t = rec;
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < t->n_addr; i++)
		json_array_append_new(a, rrf_write(address_f, RRF_N(address_f), &t->addr[i], 0));
	return a;
}

static int addresses_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_transport *t = rec;
	char p[96];
	size_t i;
	json_t *x;
	uint64_t absent;

	if (!json_is_array(v) || json_array_size(v) > RUNREC_ADDRS_MAX)
		return err_set(e, "field %s: expected an array of at most %d", path,
			       RUNREC_ADDRS_MAX);
	json_array_foreach(v, i, x) {
		snprintf(p, sizeof(p), "%s[%zu]", path, i);
		if (rrf_read(x, p, address_f, RRF_N(address_f), &t->addr[i], &absent, e) < 0)
			return -1;
		t->n_addr = (int)i + 1;
	}
	return 0;
}

static const struct rrf tls_f[] = {
	RRF_T("version", RRF_TEXT, struct runrec_tls, version),
	RRF_T("cipher", RRF_TEXT, struct runrec_tls, cipher),
	RRF_F("connections", RRF_INT, struct runrec_tls, connections),
};

static json_t *tls_to(const void *rec)
{
	const struct runrec_transport *t = rec;
	json_t *a = json_array();

	for (int i = 0; a != NULL && i < t->n_tls; i++)
		json_array_append_new(a, rrf_write(tls_f, RRF_N(tls_f), &t->tls[i], 0));
	return a;
}

static int tls_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_transport *t = rec;
	char p[96];
	size_t i;
	json_t *x;
	uint64_t absent;

	if (!json_is_array(v) || json_array_size(v) > RUNREC_TLS_MAX)
		return err_set(e, "field %s: expected an array of at most %d", path,
			       RUNREC_TLS_MAX);
	json_array_foreach(v, i, x) {
		snprintf(p, sizeof(p), "%s[%zu]", path, i);
		if (rrf_read(x, p, tls_f, RRF_N(tls_f), &t->tls[i], &absent, e) < 0)
			return -1;
		t->n_tls = (int)i + 1;
	}
	return 0;
}

static const struct rrf nodelay_f[] = {
	RRF_F("on", RRF_INT, struct runrec_transport, nodelay_on),
	RRF_F("off", RRF_INT, struct runrec_transport, nodelay_off),
};

static json_t *nodelay_to(const void *rec)
{
	return rrf_write(nodelay_f, RRF_N(nodelay_f), rec, 0);
}

static int nodelay_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	uint64_t absent;

	return rrf_read(v, path, nodelay_f, RRF_N(nodelay_f), rec, &absent, e);
}

static const struct rrf conn_f[] = {
	RRF_F("id", RRF_INT, struct runrec_conn, id),
	RRF_T("remote", RRF_TEXT, struct runrec_conn, remote),
	RRF_T("tls_version", RRF_TEXT_N, struct runrec_conn, tls_version),
	RRF_T("tls_cipher", RRF_TEXT_N, struct runrec_conn, tls_cipher),
	RRF_T("tls_group", RRF_TEXT_N, struct runrec_conn, tls_group),
	RRF_F("opened", RRF_TIME, struct runrec_conn, opened_ns),
	RRF_F("requests", RRF_INT, struct runrec_conn, requests),
};

static json_t *conns_to(const void *rec)
{
	const struct runrec_transport *t = rec;
	json_t *o = json_object(), *a = json_array();

	for (int i = 0; a != NULL && i < t->n_conn; i++)
		json_array_append_new(a, rrf_write(conn_f, RRF_N(conn_f), &t->conn[i], 0));
	if (o == NULL || a == NULL || json_object_set_new(o, "list", a) < 0 ||
	    json_object_set_new(o, "more", json_integer((json_int_t)t->conns_more)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int conns_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_transport *t = rec;
	const json_t *l = json_object_get(v, "list"), *m = json_object_get(v, "more"), *x;
	char p[96];
	size_t i;
	uint64_t absent;

	if (!json_is_object(v) || !json_is_array(l) || json_array_size(l) > RUNREC_CONNS_MAX ||
	    !json_is_integer(m) || json_integer_value(m) < 0)
		return err_set(e,
			       "field %s: expected {\"list\": an array of at most %d, \"more\": "
			       "a count}",
			       path, RUNREC_CONNS_MAX);
	t->conns_more = (int64_t)json_integer_value(m);
	json_array_foreach(l, i, x) {
		snprintf(p, sizeof(p), "%s.list[%zu]", path, i);
		if (rrf_read(x, p, conn_f, RRF_N(conn_f), &t->conn[i], &absent, e) < 0)
			return -1;
		t->n_conn = (int)i + 1;
	}
	return 0;
}

static const struct rrf transport_f[] = {
	RRF_O("http", http_to, http_from),
	RRF_O("addresses", addresses_to, addresses_from),
	RRF_O("tls", tls_to, tls_from),
	RRF_O("tcp_nodelay", nodelay_to, nodelay_from),
	RRF_O("connections", conns_to, conns_from),
};

json_t *runrec_transport_to_json(const struct runrec_transport *t)
{
	return rrf_write(transport_f, RRF_N(transport_f), t, t->absent);
}

int runrec_transport_from_json(const json_t *j, const char *path, struct runrec_transport *t,
			       struct err *e)
{
	memset(t, 0, sizeof(*t));
	return rrf_read(j, path, transport_f, RRF_N(transport_f), t, &t->absent, e);
}

/* ---- billing and phase_retries ------------------------------------------------- */

/* The phases whose retries phase_retries records (the benchmark's are summary.retries). */
static const int retry_phases[] = {PHASE_PREPARE, PHASE_CLEANUP};

json_t *runrec_billing_to_json(const struct runrec_billing *b)
{
	json_t *o = json_object();

	for (int k = 0; o != NULL && k < PHASE_COUNT; k++) {
		json_t *v = b->phases & (1u << k) ? bill_to_json(&b->bill[k]) : json_null();
		if (v == NULL || json_object_set_new(o, phase_names[k], v) < 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

int runrec_billing_from_json(const json_t *j, const char *path, struct runrec_billing *b,
			     struct err *e)
{
	struct err be;

	memset(b, 0, sizeof(*b));
	if (!json_is_object(j))
		return err_set(e, "field %s: expected an object", path);
	for (int k = 0; k < PHASE_COUNT; k++) {
		const json_t *v = json_object_get(j, phase_names[k]);
		if (v == NULL || json_is_null(v))
			continue;
		/* "billing.KEY: ..." from core/price.h, named from path */
		if (bill_from_json(v, &b->bill[k], &be) < 0)
			return err_set(e, "field %s.%s%s", path, phase_names[k],
				       be.msg + strcspn(be.msg, ".:"));
		b->phases |= 1u << k;
	}
	return 0;
}

json_t *runrec_retries_to_json(const struct runrec_billing *b)
{
	json_t *o = json_object();

	for (size_t i = 0; o != NULL && i < sizeof(retry_phases) / sizeof(retry_phases[0]); i++) {
		int k = retry_phases[i];
		json_t *v = b->phases & (1u << k) ? json_integer((json_int_t)b->retries[k])
						  : json_null();
		if (v == NULL || json_object_set_new(o, phase_names[k], v) < 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

int runrec_retries_from_json(const json_t *j, const char *path, struct runrec_billing *b,
			     struct err *e)
{
	if (!json_is_object(j))
		return err_set(e, "field %s: expected an object", path);
	for (size_t i = 0; i < sizeof(retry_phases) / sizeof(retry_phases[0]); i++) {
		const json_t *v = json_object_get(j, phase_names[retry_phases[i]]);
		if (v == NULL || json_is_null(v))
			continue;
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return err_set(e, "field %s.%s: expected a whole number", path,
				       phase_names[retry_phases[i]]);
		b->retries[retry_phases[i]] = json_integer_value(v);
	}
	return 0;
}
