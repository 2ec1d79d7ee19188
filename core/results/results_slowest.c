/* core/results/results_slowest.c: see results_slowest.h. */
#include "core/results/results_slowest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

const char *const results_slow_phase[6] = {"dns_ms",  "connect_ms", "tls_ms",
					   "send_ms", "wait_ms",    "transfer_ms"};

/* count: v as an integer, null when 0. */
static json_t *count(long long v)
{
	return v > 0 ? json_integer(v) : json_null();
}

static json_t *req_json(const struct results_slow_req *q)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "run", jwrite_str(q->run), &ok);
	jwrite_put(o, "cycle", count(q->cycle), &ok);
	jwrite_put(o, "idx", json_integer((json_int_t)q->idx), &ok);
	jwrite_put(o, "op", jwrite_str(q->op), &ok);
	jwrite_put(o, "file", jwrite_str(q->file), &ok);
	jwrite_put(o, "start", jwrite_str(q->start), &ok);
	jwrite_put(o, "latency_ms", jnum_new(q->latency_ms), &ok);
	for (int i = 0; i < 6; i++)
		jwrite_put(o, results_slow_phase[i], jnum_new(q->phase_ms[i]), &ok);
	jwrite_put(o, "conn", jwrite_str(q->conn), &ok);
	jwrite_put(o, "conn_id", count((long long)q->conn_id), &ok);
	jwrite_put(o, "conn_req", count((long long)q->conn_req), &ok);
	jwrite_put(o, "conn_age_s", jnum_new(q->conn_age_s), &ok);
	jwrite_put(o, "attempt", count(q->attempt), &ok);
	jwrite_put(o, "remote", jwrite_str(q->remote), &ok);
	jwrite_put(o, "request_id", jwrite_str(q->request_id), &ok);
	jwrite_put(o, "host_id", jwrite_str(q->host_id), &ok);
	jwrite_put(o, "error", jwrite_str(q->error), &ok);
	return jwrite_done(o, ok);
}

static void req_from(struct jread *r, const json_t *o, const char *w, struct results_slow_req *q)
{
	q->run = jread_str(r, o, w, "run", 1);
	q->cycle = (int)jread_int(r, o, w, "cycle", 0, 0);
	q->idx = (uint64_t)jread_int(r, o, w, "idx", 1, 0);
	q->op = jread_str(r, o, w, "op", 0);
	q->file = jread_str(r, o, w, "file", 0);
	q->start = jread_str(r, o, w, "start", 0);
	q->latency_ms = jread_num(r, o, w, "latency_ms", 1);
	for (int i = 0; i < 6; i++)
		q->phase_ms[i] = jread_num(r, o, w, results_slow_phase[i], 0);
	q->conn = jread_str(r, o, w, "conn", 0);
	q->conn_id = (uint64_t)jread_int(r, o, w, "conn_id", 0, 0);
	q->conn_req = (uint64_t)jread_int(r, o, w, "conn_req", 0, 0);
	q->conn_age_s = jread_num(r, o, w, "conn_age_s", 0);
	q->attempt = (int)jread_int(r, o, w, "attempt", 0, 0);
	q->remote = jread_str(r, o, w, "remote", 0);
	q->request_id = jread_str(r, o, w, "request_id", 0);
	q->host_id = jread_str(r, o, w, "host_id", 0);
	q->error = jread_str(r, o, w, "error", 0);
}

static json_t *front_json(const struct results_front_end *f)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "remote", jwrite_str(f->remote), &ok);
	jwrite_put(o, "requests", json_integer((json_int_t)f->requests), &ok);
	jwrite_put(o, "errors", json_integer((json_int_t)f->errors), &ok);
	jwrite_put(o, "share", jnum_new(f->share), &ok);
	jwrite_put(o, "mib_s", jnum_new(f->mib_s), &ok);
	jwrite_put(o, "p50_ms", jnum_new(f->p50_ms), &ok);
	jwrite_put(o, "p99_ms", jnum_new(f->p99_ms), &ok);
	return jwrite_done(o, ok);
}

static void front_from(struct jread *r, const json_t *o, const char *w, struct results_front_end *f)
{
	f->remote = jread_str(r, o, w, "remote", 1);
	f->requests = (uint64_t)jread_int(r, o, w, "requests", 1, 0);
	f->errors = (uint64_t)jread_int(r, o, w, "errors", 1, 0);
	f->share = jread_num(r, o, w, "share", 0);
	f->mib_s = jread_num(r, o, w, "mib_s", 0);
	f->p50_ms = jread_num(r, o, w, "p50_ms", 0);
	f->p99_ms = jread_num(r, o, w, "p99_ms", 0);
}

/* fronts_from: o.front_ends (absent: none) into s. */
static void fronts_from(struct jread *r, const json_t *o, const char *where,
			struct results_slowest *s)
{
	json_t *a = jread_array(r, o, where, "front_ends", 0), *v;
	char w[160], f[160];
	size_t i;

	if (a == NULL || r->failed)
		return;
	jread_path(where, "front_ends", f, sizeof(f));
	if ((s->front_ends = jread_alloc(r, f, json_array_size(a), sizeof(*s->front_ends))) == NULL)
		return;
	json_array_foreach(a, i, v) {
		if (jread_element(r, f, i, v, w, sizeof(w)) < 0)
			return;
		s->n_front_ends = i + 1;
		front_from(r, v, w, &s->front_ends[i]);
	}
	s->front_others = (uint64_t)jread_int(r, o, where, "front_others", 0, 0);
}

static json_t *part_json(const struct results_part *p)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "mean_ms", jnum_new(p->mean_ms), &ok);
	jwrite_put(o, "p99_ms", jnum_new(p->p99_ms), &ok);
	return jwrite_done(o, ok);
}

static json_t *server_json(const struct results_server *s)
{
	json_t *o;
	int ok = 1;

	if (s == NULL)
		return json_null();
	o = json_object();
	jwrite_put(o, "with_id", json_integer((json_int_t)s->with_id), &ok);
	jwrite_put(o, "joined", json_integer((json_int_t)s->joined), &ok);
	jwrite_put(o, "share", jnum_new(s->share), &ok);
	jwrite_put(o, "total_ms", part_json(&s->total), &ok);
	jwrite_put(o, "turnaround_ms", part_json(&s->turnaround), &ok);
	jwrite_put(o, "transfer_ms", part_json(&s->transfer), &ok);
	jwrite_put(o, "rest_ms", part_json(&s->rest), &ok);
	return jwrite_done(o, ok);
}

static void part_from(struct jread *r, const json_t *o, const char *where, const char *key,
		      struct results_part *p)
{
	char w[200];
	json_t *v = jread_object(r, o, where, key, 1);

	jread_path(where, key, w, sizeof(w));
	p->mean_ms = v ? jread_num(r, v, w, "mean_ms", 0) : NAN;
	p->p99_ms = v ? jread_num(r, v, w, "p99_ms", 0) : NAN;
}

/* server_from: o.server (absent or null: NULL) into s. */
static void server_from(struct jread *r, const json_t *o, const char *where,
			struct results_slowest *s)
{
	char w[160];
	json_t *v = jread_object(r, o, where, "server", 0);
	struct results_server *x;

	jread_path(where, "server", w, sizeof(w));
	if (v == NULL || (x = s->server = jread_alloc(r, w, 1, sizeof(*x))) == NULL)
		return;
	x->with_id = (uint64_t)jread_int(r, v, w, "with_id", 1, 0);
	x->joined = (uint64_t)jread_int(r, v, w, "joined", 1, 0);
	x->share = jread_num(r, v, w, "share", 0);
	part_from(r, v, w, "total_ms", &x->total);
	part_from(r, v, w, "turnaround_ms", &x->turnaround);
	part_from(r, v, w, "transfer_ms", &x->transfer);
	part_from(r, v, w, "rest_ms", &x->rest);
}

json_t *results_slowest_to_json(const struct results_slowest *s, const struct results *doc)
{
	json_t *o = json_object(), *v = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, s->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(s->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)s->size), &ok);
	jwrite_put(o, "concurrency", json_integer(s->concurrency), &ok);
	jwrite_put(o, "size_spec", jwrite_str(s->size_spec), &ok);
	jwrite_put(o, "range", jwrite_str(s->range), &ok);
	jwrite_put(o, "mix", jwrite_str(s->mix), &ok);
	jwrite_put(o, "rate", jnum_new(s->rate), &ok);
	jwrite_put(o, "hedge", jwrite_str(s->hedge), &ok);
	jwrite_put(o, "requests", json_integer((json_int_t)s->requests), &ok);
	for (size_t i = 0; i < s->n_slowest; i++)
		jwrite_add(v, req_json(&s->slowest[i]), &ok);
	jwrite_put(o, "slowest", v, &ok);
	v = json_array();
	for (size_t i = 0; i < s->n_front_ends; i++)
		jwrite_add(v, front_json(&s->front_ends[i]), &ok);
	jwrite_put(o, "front_ends", v, &ok);
	jwrite_put(o, "front_others", json_integer((json_int_t)s->front_others), &ok);
	jwrite_put(o, "server", server_json(s->server), &ok);
	return jwrite_done(o, ok);
}

int results_slowest_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_slowest *s)
{
	json_t *a, *v;
	char w[160], f[160];
	size_t i;

	memset(s, 0, sizeof(*s));
	s->subject = results_subject_ref(r, o, where, "subject");
	s->op = jread_str(r, o, where, "op", 1);
	s->size = (uint64_t)jread_int(r, o, where, "size", 1, 0);
	s->concurrency = (int)jread_int(r, o, where, "concurrency", 1, 0);
	s->size_spec = jread_str(r, o, where, "size_spec", 0);
	s->range = jread_str(r, o, where, "range", 0);
	s->mix = jread_str(r, o, where, "mix", 0);
	s->rate = jread_num(r, o, where, "rate", 0);
	s->hedge = jread_str(r, o, where, "hedge", 0);
	s->requests = (uint64_t)jread_int(r, o, where, "requests", 1, 0);
	if ((a = jread_array(r, o, where, "slowest", 1)) == NULL || r->failed)
		return -1;
	jread_path(where, "slowest", f, sizeof(f));
	if ((s->slowest = jread_alloc(r, f, json_array_size(a), sizeof(*s->slowest))) == NULL)
		return -1;
	json_array_foreach(a, i, v) {
		if (jread_element(r, f, i, v, w, sizeof(w)) < 0)
			return -1;
		s->n_slowest = i + 1;
		req_from(r, v, w, &s->slowest[i]);
	}
	fronts_from(r, o, where, s);
	server_from(r, o, where, s);
	return r->failed ? -1 : 0;
}

void results_slowest_free(struct results_slowest *s)
{
	free(s->op);
	free(s->size_spec);
	free(s->range);
	free(s->mix);
	free(s->hedge);
	for (size_t i = 0; i < s->n_slowest; i++) {
		struct results_slow_req *q = &s->slowest[i];

		free(q->run);
		free(q->op);
		free(q->file);
		free(q->start);
		free(q->conn);
		free(q->remote);
		free(q->request_id);
		free(q->host_id);
		free(q->error);
	}
	free(s->slowest);
	for (size_t i = 0; i < s->n_front_ends; i++)
		free(s->front_ends[i].remote);
	free(s->front_ends);
	free(s->server);
}
