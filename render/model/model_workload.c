/* render/model/model_workload.c: see model_workload.h. */
#include "render/model/model_workload.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "render/model/model_climit.h"

struct wld {
	const char *file;
	struct err *e;
	int failed;
};

/* num: o[k] as a number (NAN when null or absent); a non-number fails. */
static double num(struct wld *w, const json_t *o, const char *path, const char *k)
{
	json_t *v = json_object_get(o, k);
	if (v == NULL || json_is_null(v))
		return NAN;
	if (!json_is_number(v)) {
		if (!w->failed)
			err_set(w->e, "%s: %s.%s: expected a number or null", w->file, path, k);
		w->failed = 1;
		return NAN;
	}
	return json_number_value(v);
}

static char *str(struct wld *w, const json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	char *s = strdup(json_is_string(v) ? json_string_value(v) : "");
	if (s == NULL && !w->failed) {
		err_set(w->e, "%s: out of memory", w->file);
		w->failed = 1;
	}
	return s;
}

/* subject: the index of o.subject among m's subjects; fails when unknown. */
static int subject(struct wld *w, const struct report_model *m, const json_t *o, const char *path)
{
	const char *id = json_string_value(json_object_get(o, "subject"));
	for (size_t i = 0; id && i < m->nsubjects; i++)
		if (strcmp(m->subjects[i].id, id) == 0)
			return (int)i;
	if (!w->failed)
		err_set(w->e, "%s: %s.subject: not one of subjects[]", w->file, path);
	w->failed = 1;
	return 0;
}

/* mix_text: {"get": 45, ...} as "get 45, put 15, ..." (NULL when not an object). */
static char *mix_text(struct wld *w, const json_t *mix)
{
	struct strbuf b = {0};
	const char *k;
	json_t *v;
	if (!json_is_object(mix))
		return str(w, NULL, "");
	json_object_foreach((json_t *)mix, k, v)
		strbuf_addf(&b, "%s%s %lld", b.len ? ", " : "", k,
			    (long long)json_integer_value(v));
	if (b.failed && !w->failed) {
		err_set(w->e, "%s: out of memory", w->file);
		w->failed = 1;
	}
	return b.p ? b.p : str(w, NULL, "");
}

/* count: o.key as a count of clients or hosts, 1 when absent or below 1. */
static int count(const json_t *o, const char *key)
{
	json_int_t v = json_integer_value(json_object_get(o, key));
	return v >= 1 && v <= 1000000 ? (int)v : 1;
}

static void load_cell(struct wld *w, const struct report_model *m, const json_t *o,
		      struct rm_wcell *c, const char *path)
{
	json_t *by = json_object_get(o, "by_op"), *x;
	size_t i;
	c->subject = subject(w, m, o, path);
	c->op = str(w, o, "op");
	c->workload = str(w, o, "workload");
	c->mix = mix_text(w, json_object_get(o, "mix"));
	c->size = (uint64_t)json_integer_value(json_object_get(o, "size"));
	c->concurrency = (int)json_integer_value(json_object_get(o, "concurrency"));
	c->clients = count(o, "clients");
	c->client_hosts = count(o, "client_hosts");
	c->n = (int)json_integer_value(json_object_get(o, "n"));
	c->rate = num(w, o, path, "rate");
	c->mib_s = num(w, json_object_get(o, "mib_s"), path, "value");
	c->obj_s = num(w, json_object_get(o, "obj_s"), path, "value");
	x = json_object_get(json_object_get(o, "latency_ms"), "pooled");
	c->p50 = num(w, x, path, "p50");
	c->p99 = num(w, x, path, "p99");
	if (!json_is_array(by) || !json_array_size(by))
		return;
	if ((c->by_op = calloc(json_array_size(by), sizeof(*c->by_op))) == NULL) {
		err_set(w->e, "%s: out of memory", w->file);
		w->failed = 1;
		return;
	}
	json_array_foreach(by, i, x) {
		struct rm_workload_op *p = &c->by_op[c->nby_op++];
		p->op = str(w, x, "op");
		p->share = num(w, x, path, "share");
		p->obj_s = num(w, x, path, "obj_s");
		p->mib_s = num(w, x, path, "mib_s");
		p->p50 = num(w, x, path, "p50_ms");
		p->p99 = num(w, x, path, "p99_ms");
		p->pooled = json_is_true(json_object_get(x, "pooled"));
	}
}

/* load_limit: rate_sweeps[].limit (absent in older files: RM_LIMIT_UNKNOWN). */
static void load_limit(struct wld *w, const json_t *o, struct rm_sweep *s, const char *path)
{
	const char *by = json_string_value(json_object_get(o, "by"));
	s->limit_by = by == NULL                  ? RM_LIMIT_UNKNOWN
		      : strcmp(by, "client") == 0 ? RM_LIMIT_CLIENT
		      : strcmp(by, "server") == 0 ? RM_LIMIT_SERVER
						  : RM_LIMIT_NONE;
	s->limit_at = o != NULL ? num(w, o, path, "at") : NAN;
	model_climit_names(json_object_get(o, "reasons"), s->limit_reasons,
			   sizeof(s->limit_reasons));
}

/* point_climit: the reasons that made the client the limit of a point (its cell's
 * client_limit.blocking). */
static void point_climit(const json_t *o, struct rm_sweep_pt *p)
{
	model_climit_names(json_object_get(o, "blocking"), p->climit, sizeof(p->climit));
}

static void load_sweep(struct wld *w, const struct report_model *m, const json_t *o,
		       struct rm_sweep *s, const char *path)
{
	json_t *pts = json_object_get(o, "points"), *x;
	size_t i;
	s->subject = subject(w, m, o, path);
	s->op = str(w, o, "op");
	s->workload = str(w, o, "size_spec");
	s->size = (uint64_t)json_integer_value(json_object_get(o, "size"));
	s->concurrency = (int)json_integer_value(json_object_get(o, "concurrency"));
	s->clients = count(o, "clients");
	s->p99_limit = num(w, o, path, "p99_limit_ms");
	s->max_sustained = num(w, o, path, "max_sustained");
	load_limit(w, json_object_get(o, "limit"), s, path);
	if (!json_is_array(pts) || !json_array_size(pts))
		return;
	if ((s->pts = calloc(json_array_size(pts), sizeof(*s->pts))) == NULL) {
		err_set(w->e, "%s: out of memory", w->file);
		w->failed = 1;
		return;
	}
	json_array_foreach(pts, i, x) {
		struct rm_sweep_pt *p = &s->pts[s->npts++];
		p->offered = num(w, x, path, "offered");
		p->achieved = num(w, x, path, "achieved");
		p->sustained = json_is_true(json_object_get(x, "sustained"));
		p->p50_intended = num(w, x, path, "p50_intended_ms");
		p->p99_intended = num(w, x, path, "p99_intended_ms");
		p->p50 = num(w, x, path, "p50_ms");
		p->p99 = num(w, x, path, "p99_ms");
		point_climit(json_object_get(x, "client_limit"), p);
	}
}

int model_load_workloads(struct report_model *m, struct json_t *root, const char *file,
			 struct err *e)
{
	json_t *cells = json_object_get(root, "workload_cells");
	json_t *sweeps = json_object_get(root, "rate_sweeps"), *o;
	struct wld w = {file, e, 0};
	char path[64];
	size_t i;
	if (!json_array_size(cells) && !json_array_size(sweeps))
		return 0;
	if ((m->workload = calloc(1, sizeof(*m->workload))) == NULL ||
	    (m->workload->cells = calloc(json_array_size(cells) + 1,
					 sizeof(*m->workload->cells))) == NULL ||
	    (m->workload->sweeps = calloc(json_array_size(sweeps) + 1,
					  sizeof(*m->workload->sweeps))) == NULL)
		return err_set(e, "%s: out of memory", file);
	json_array_foreach(cells, i, o) {
		snprintf(path, sizeof(path), "workload_cells[%zu]", i);
		load_cell(&w, m, o, &m->workload->cells[m->workload->ncells++], path);
	}
	json_array_foreach(sweeps, i, o) {
		snprintf(path, sizeof(path), "rate_sweeps[%zu]", i);
		load_sweep(&w, m, o, &m->workload->sweeps[m->workload->nsweeps++], path);
	}
	return w.failed ? -1 : 0;
}

void model_free_workloads(struct report_model *m)
{
	struct rm_workload *w = m->workload;
	if (w == NULL)
		return;
	for (size_t i = 0; w->cells && i < w->ncells; i++) {
		struct rm_wcell *c = &w->cells[i];
		free(c->op);
		free(c->workload);
		free(c->mix);
		for (size_t k = 0; k < c->nby_op; k++)
			free(c->by_op[k].op);
		free(c->by_op);
	}
	for (size_t i = 0; w->sweeps && i < w->nsweeps; i++) {
		free(w->sweeps[i].op);
		free(w->sweeps[i].workload);
		free(w->sweeps[i].pts);
	}
	free(w->cells);
	free(w->sweeps);
	free(w);
	m->workload = NULL;
}

int model_workload_limit_decimals(double limit_ms)
{
	return limit_ms == floor(limit_ms) ? 0 : -1;
}

void model_workload_client_limited(const struct text_lang *l, const char *reasons, struct strbuf *b)
{
	struct strbuf why = {0};
	for (const char *p = reasons; *p; p++)
		if (*p == ',')
			strbuf_adds(&why, ", ");
		else
			strbuf_addc(&why, *p);
	const char *names[] = {"why"};
	const char *vals[] = {why.p ? why.p : ""};
	text_subst(b, text_lang_str(l, "rate.client_limited"), names, vals, 1);
	strbuf_free(&why);
}

/* sweep_finding: one sweep's part of the finding into list. */
static void sweep_finding(const struct report_model *m, const struct text_lang *l,
			  const struct rm_sweep *s, struct strbuf *list)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	char v[TEXT_NUM_MAX], at[TEXT_NUM_MAX];
	struct strbuf why = {0};
	const char *key = isnan(s->max_sustained) ? "finding.rate_none" : "finding.rate_held";
	if (s->limit_by == RM_LIMIT_CLIENT) {
		key = isnan(s->max_sustained) ? "finding.rate_none_client"
					      : "finding.rate_held_client";
		model_workload_client_limited(l, s->limit_reasons, &why);
	}
	const char *names[] = {"subject", "rate", "at", "why"};
	const char *vals[] = {m->subjects[s->subject].label,
			      text_num(nf, s->max_sustained, 0, v, sizeof(v)),
			      text_num(nf, s->limit_at, 0, at, sizeof(at)), why.p ? why.p : ""};
	text_subst(list, text_lang_str(l, key), names, vals, 4);
	strbuf_free(&why);
}

void model_workload_sustained(const struct report_model *m, const struct text_lang *l,
			      struct strbuf *b)
{
	const struct numfmt *nf = text_lang_numfmt(l);
	char lim[TEXT_NUM_MAX];
	struct strbuf list = {0};
	if (m->workload == NULL || !m->workload->nsweeps)
		return;
	for (size_t i = 0; i < m->workload->nsweeps; i++) {
		if (list.len)
			strbuf_adds(&list, text_lang_str(l, "headline.sep"));
		sweep_finding(m, l, &m->workload->sweeps[i], &list);
	}
	const char *names[] = {"limit", "list"};
	const char *vals[] = {
		text_num(nf, m->workload->sweeps[0].p99_limit,
			 model_workload_limit_decimals(m->workload->sweeps[0].p99_limit), lim,
			 sizeof(lim)),
		list.p ? list.p : ""};
	text_subst(b, text_lang_str(l, "finding.rate"), names, vals, 2);
	strbuf_free(&list);
}
