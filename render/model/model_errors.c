/* render/model/model_errors.c: see model_errors.h. */
#include "render/model/model_errors.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "render/report/findings.h"
#include "render/model/model_clients.h"
#include "render/model/model_query.h"

#define ERR_SHARE_FINDING 0.01 /* a 503 share above this is a finding */

static int bad(struct err *e, const char *name, const char *path, const char *what)
{
	return err_set(e, "%s: %s: %s", name, path, what);
}

static int subject_of(const struct report_model *m, const json_t *c)
{
	const char *id = json_string_value(json_object_get(c, "subject"));

	for (size_t i = 0; id != NULL && i < m->nsubjects; i++)
		if (strcmp(m->subjects[i].id, id) == 0)
			return (int)i;
	return -1;
}

static char *dup_str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));

	return strdup(s ? s : "");
}

/* row_from: the errors of cell c (path p) into *r; -1 with e set. */
static int row_from(const struct report_model *m, const json_t *c, const json_t *eo,
		    const char *name, const char *p, struct rm_err_row *r, struct err *e)
{
	json_t *rq = json_object_get(eo, "requests"), *fl = json_object_get(eo, "failed");
	json_t *rate = json_object_get(c, "rate"), *cl = json_object_get(c, "clients");
	char path[96];

	snprintf(path, sizeof(path), "%s.errors", p);
	if (!json_is_object(eo) || !json_is_integer(rq) || !json_is_integer(fl) ||
	    json_integer_value(fl) > json_integer_value(rq) || json_integer_value(fl) < 0)
		return bad(e, name, path, "expected {requests, failed <= requests, by}");
	r->subject = subject_of(m, c);
	if (r->subject < 0)
		return bad(e, name, p, "subject: not one of subjects[]");
	snprintf(path, sizeof(path), "%s.errors.by", p);
	if (errstat_from_json(json_object_get(eo, "by"), path, &r->by, e) < 0) {
		err_prefix(e, "%s", name);
		return -1;
	}
	r->requests = (uint64_t)json_integer_value(rq);
	r->failed = (uint64_t)json_integer_value(fl);
	r->size = (uint64_t)json_integer_value(json_object_get(c, "size"));
	r->concurrency = (int)json_integer_value(json_object_get(c, "concurrency"));
	r->clients = json_is_integer(cl) ? (int)json_integer_value(cl) : 1;
	r->rate = json_is_number(rate) ? json_number_value(rate) : 0;
	r->op = dup_str(c, "op");
	r->size_spec = dup_str(c, "size_spec");
	if (r->op == NULL || r->size_spec == NULL)
		return err_set(e, "%s: out of memory", name);
	return 0;
}

static double jnum(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* load_retry: the "retries" of cell c (path p), when it has them, appended to x. */
static int load_retry(struct rm_errors *x, const struct report_model *m, const json_t *c,
		      const char *name, const char *p, struct err *e)
{
	const json_t *ro = json_object_get(c, "retries"), *cl = json_object_get(c, "clients");
	const json_t *fa = json_object_get(ro, "first_attempt_ms");
	const json_t *lat = json_object_get(c, "latency_ms");
	struct rm_retry_row *nr, *r;

	if (ro == NULL || json_is_null(ro))
		return 0;
	if (!json_is_object(ro) || !json_is_integer(json_object_get(ro, "requests")) ||
	    !json_is_integer(json_object_get(ro, "retried")) || subject_of(m, c) < 0)
		return err_set(e,
			       "%s: %s.retries: expected {max, requests, retried, ...} of a "
			       "known subject",
			       name, p);
	nr = realloc(x->retries, (x->nretries + 1) * sizeof(*nr));
	if (nr == NULL)
		return err_set(e, "%s: out of memory", name);
	x->retries = nr;
	r = &nr[x->nretries++];
	*r = (struct rm_retry_row){
		.subject = subject_of(m, c),
		.op = dup_str(c, "op"),
		.size = (uint64_t)json_integer_value(json_object_get(c, "size")),
		.size_spec = dup_str(c, "size_spec"),
		.concurrency = (int)json_integer_value(json_object_get(c, "concurrency")),
		.clients = json_is_integer(cl) ? (int)json_integer_value(cl) : 1,
		.rate = json_is_number(json_object_get(c, "rate"))
				? json_number_value(json_object_get(c, "rate"))
				: 0,
		.max = (int)json_integer_value(json_object_get(ro, "max")),
		.requests = (uint64_t)json_integer_value(json_object_get(ro, "requests")),
		.retried = (uint64_t)json_integer_value(json_object_get(ro, "retried")),
		.share = jnum(ro, "share"),
		.per_request = jnum(ro, "per_request"),
		.first_p50 = jnum(fa, "p50"),
		.first_p99 = jnum(fa, "p99"),
		.e2e_p50 = jnum(lat, "p50"),
		.e2e_p99 = jnum(lat, "p99"),
	};
	if (r->op == NULL || r->size_spec == NULL)
		return err_set(e, "%s: out of memory", name);
	return 0;
}

static int load_rows(struct rm_errors *x, const struct report_model *m, json_t *root,
		     const char *key, const char *name, struct err *e)
{
	json_t *arr = json_object_get(root, key), *c;
	size_t i;
	char p[64];

	if (!json_is_array(arr))
		return 0;
	json_array_foreach(arr, i, c) {
		json_t *eo = json_object_get(c, "errors");
		struct rm_err_row *nr;

		snprintf(p, sizeof(p), "%s[%zu]", key, i);
		if (load_retry(x, m, c, name, p, e) < 0)
			return -1;
		if (eo == NULL || json_is_null(eo))
			continue;
		nr = realloc(x->rows, (x->nrows + 1) * sizeof(*nr));
		if (nr == NULL)
			return err_set(e, "%s: out of memory", name);
		x->rows = nr;
		memset(&nr[x->nrows], 0, sizeof(nr[0]));
		if (row_from(m, c, eo, name, p, &nr[x->nrows++], e) < 0)
			return -1;
	}
	return 0;
}

static int load_knees(struct rm_errors *x, const struct report_model *m, json_t *root,
		      const char *name, struct err *e)
{
	json_t *arr = json_object_get(root, "rate_sweeps"), *s;
	size_t i;

	if (!json_is_array(arr))
		return 0;
	json_array_foreach(arr, i, s) {
		json_t *k = json_object_get(s, "throttle_knee");
		struct rm_err_knee *nk;

		if (k == NULL || json_is_null(k))
			continue;
		if (!json_is_number(k) || subject_of(m, s) < 0)
			return err_set(e,
				       "%s: rate_sweeps[%zu].throttle_knee: expected a number "
				       "or null, of a known subject",
				       name, i);
		nk = realloc(x->knees, (x->nknees + 1) * sizeof(*nk));
		if (nk == NULL)
			return err_set(e, "%s: out of memory", name);
		x->knees = nk;
		nk[x->nknees] = (struct rm_err_knee){subject_of(m, s), dup_str(s, "op"),
						     json_number_value(k)};
		if (nk[x->nknees++].op == NULL)
			return err_set(e, "%s: out of memory", name);
	}
	return 0;
}

int model_load_errors(struct report_model *m, struct json_t *root, const char *name, struct err *e)
{
	struct rm_errors *x = calloc(1, sizeof(*x));

	if (x == NULL)
		return err_set(e, "%s: out of memory", name);
	m->errors = x;
	if (load_rows(x, m, root, "cells", name, e) < 0 ||
	    load_rows(x, m, root, "workload_cells", name, e) < 0 ||
	    load_knees(x, m, root, name, e) < 0)
		return -1;
	if (x->nrows == 0 && x->nknees == 0 && x->nretries == 0)
		model_free_errors(m);
	return 0;
}

void model_free_errors(struct report_model *m)
{
	struct rm_errors *x = m->errors;

	if (x == NULL)
		return;
	for (size_t i = 0; i < x->nrows; i++) {
		free(x->rows[i].op);
		free(x->rows[i].size_spec);
	}
	for (size_t i = 0; i < x->nknees; i++)
		free(x->knees[i].op);
	for (size_t i = 0; i < x->nretries; i++) {
		free(x->retries[i].op);
		free(x->retries[i].size_spec);
	}
	free(x->retries);
	free(x->rows);
	free(x->knees);
	free(x);
	m->errors = NULL;
}

int model_errors_findings(const struct report_model *m, const struct text_lang *l, struct strbuf *b,
			  int (*push)(void *arg, struct strbuf *b), void *arg)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	char opname[32], share[TEXT_NUM_MAX], workers[64], rate[TEXT_NUM_MAX];

	if (m->errors == NULL)
		return 0;
	for (size_t i = 0; i < m->errors->nrows; i++) {
		const struct rm_err_row *r = &m->errors->rows[i];
		double sh = r->requests ? (double)errstat_get(&r->by, "503") / (double)r->requests
					: 0;

		if (!(sh > ERR_SHARE_FINDING))
			continue;
		findings_op_name(l, r->op, opname, sizeof(opname));
		text_num(nf, sh * 100, sh < 0.1 ? 1 : 0, share, sizeof(share));
		model_workers_cell(l, r->concurrency, r->clients, workers, sizeof(workers));
		const char *names[] = {"subject", "share", "workers", "op"};
		const char *vals[] = {m->subjects[r->subject].label, share, workers, opname};
		text_subst(b, text_lang_str(l, "finding.err503"), names, vals, 4);
		if (push(arg, b) < 0)
			return -1;
	}
	for (size_t i = 0; i < m->errors->nknees; i++) {
		const struct rm_err_knee *k = &m->errors->knees[i];

		findings_op_name(l, k->op, opname, sizeof(opname));
		text_num(nf, k->knee, k->knee == floor(k->knee) ? 0 : -1, rate, sizeof(rate));
		const char *names[] = {"subject", "op", "rate"};
		const char *vals[] = {m->subjects[k->subject].label, opname, rate};
		text_subst(b, text_lang_str(l, "finding.knee"), names, vals, 3);
		if (push(arg, b) < 0)
			return -1;
	}
	return 0;
}
