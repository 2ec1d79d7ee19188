/* render/model/model_climit.c: see model_climit.h. */
#include "render/model/model_climit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/model/model.h"

static double num(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

static void str(const json_t *o, const char *k, char *buf, size_t n)
{
	const char *s = json_string_value(json_object_get(o, k));
	snprintf(buf, n, "%s", s ? s : "");
}

void model_climit_names(const json_t *a, char *buf, size_t n)
{
	size_t i, len = 0;
	json_t *v;

	buf[0] = '\0';
	json_array_foreach(a, i, v) {
		const char *s = json_string_value(v);
		if (s != NULL && len + strlen(s) + 2 < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "", s);
	}
}

static void load_cell(struct rm_climit_cell *c, const json_t *cl)
{
	const char *v = json_string_value(json_object_get(cl, "verdict"));

	c->verdict = v == NULL || strcmp(v, "not measured") == 0 ? RM_CLIMIT_NOT_MEASURED
		     : strcmp(v, "limited") == 0                 ? RM_CLIMIT_LIMITED
								 : RM_CLIMIT_NOT_LIMITED;
	model_climit_names(json_object_get(cl, "reasons"), c->reasons, sizeof(c->reasons));
	c->cpu_max = num(cl, "cpu_busy_pct_max");
	c->nic_max = num(cl, "nic_pct_max");
}

static void load_run(struct rm_climit_run *r, const json_t *v)
{
	const json_t *lim = json_object_get(v, "client_limit"), *cl = json_object_get(v, "client"),
		     *ph = json_object_get(v, "request_phases");
	static const char *const phn[6] = {"dns", "connect", "tls", "send", "wait", "transfer"};

	str(v, "path", r->path, sizeof(r->path));
	str(v, "subject", r->subject, sizeof(r->subject));
	str(v, "op", r->op, sizeof(r->op));
	r->size = (uint64_t)json_integer_value(json_object_get(v, "size"));
	r->concurrency = (int)json_integer_value(json_object_get(v, "concurrency"));
	r->cycle = (int)json_integer_value(json_object_get(v, "cycle"));
	r->measured = json_is_object(lim);
	r->included = json_is_true(json_object_get(v, "included"));
	r->limited = json_is_true(json_object_get(lim, "limited"));
	model_climit_names(json_object_get(lim, "reasons"), r->reasons, sizeof(r->reasons));
	r->cpu = num(cl, "cpu_busy_pct");
	r->collector = num(cl, "collector_cpu_pct");
	r->other = num(cl, "other_cpu_pct");
	r->tx = num(cl, "nic_tx_mbit_s");
	r->rx = num(cl, "nic_rx_mbit_s");
	r->speed = num(cl, "nic_speed_mbit");
	r->retrans = num(cl, "tcp_retrans_pct");
	str(cl, "nic", r->nic, sizeof(r->nic));
	r->has_phases = json_is_object(ph);
	for (int i = 0; i < 6; i++)
		r->ph[i] = num(ph, phn[i]);
	r->rtt_ms = num(ph, "rtt_ms");
	r->wait_p50 = num(ph, "wait_p50");
	r->reused_share = num(ph, "reused_share");
}

int model_load_climit(struct report_model *m, json_t *root, struct err *e)
{
	struct rm_climit *k = calloc(1, sizeof(*k));
	json_t *a, *v;
	size_t i;

	if (k == NULL || (k->cells = calloc(m->ncells + 1, sizeof(*k->cells))) == NULL ||
	    (k->leaders = calloc(m->nleaders + 1, sizeof(*k->leaders))) == NULL)
		goto oom;
	m->climit = k;
	for (i = 0; i < m->ncells; i++)
		k->cells[i].cpu_max = k->cells[i].nic_max = NAN;
	json_array_foreach(json_object_get(root, "cells"), i, v) {
		if (i >= m->ncells)
			break;
		load_cell(&k->cells[i], json_object_get(v, "client_limit"));
		k->any_measured |= k->cells[i].verdict != RM_CLIMIT_NOT_MEASURED;
		k->any_limited |= k->cells[i].verdict == RM_CLIMIT_LIMITED;
	}
	json_array_foreach(json_object_get(root, "leaders"), i, v) {
		const json_t *cl = json_object_get(v, "client_limit");
		if (i >= m->nleaders)
			break;
		k->leaders[i].blocked = json_is_true(json_object_get(cl, "blocked"));
		k->leaders[i].shared_cpu = json_is_true(json_object_get(cl, "shared_cpu"));
		model_climit_names(json_object_get(cl, "blocked_by"), k->leaders[i].by,
				   sizeof(k->leaders[i].by));
		model_climit_names(json_object_get(cl, "reasons"), k->leaders[i].reasons,
				   sizeof(k->leaders[i].reasons));
	}
	a = json_object_get(root, "runs");
	k->runs = calloc(json_array_size(a) + 1, sizeof(*k->runs));
	if (k->runs == NULL)
		goto oom;
	json_array_foreach(a, i, v) {
		k->nruns_total++;
		k->nruns_unmeasured += !json_is_object(json_object_get(v, "client_limit"));
		if (!json_is_object(json_object_get(v, "client")) &&
		    !json_is_object(json_object_get(v, "request_phases")))
			continue;
		load_run(&k->runs[k->nruns], v);
		k->any_phases |= k->runs[k->nruns].has_phases;
		k->nruns++;
	}
	return 0;
oom:
	if (k != NULL) {
		free(k->cells);
		free(k->leaders);
		free(k);
	}
	m->climit = NULL;
	return err_set(e, "out of memory");
}

void model_free_climit(struct report_model *m)
{
	if (m->climit == NULL)
		return;
	free(m->climit->cells);
	free(m->climit->leaders);
	free(m->climit->runs);
	free(m->climit);
	m->climit = NULL;
}
