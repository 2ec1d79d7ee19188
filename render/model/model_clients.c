/* render/model/model_clients.c: see model_clients.h. */
#include "render/model/model_clients.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* positive: o.key as an integer >= 1 (absent or null: 1). */
static int positive(struct jread *l, json_t *o, const char *where, const char *key, int *failed)
{
	long long v = jread_get_int(l, o, where, key, 0, 1, failed);

	if (!*failed && (v < 1 || v > 1000000)) {
		jread_bad_at(l, where, key, "expected an integer from 1 to 1000000");
		*failed = 1;
	}
	return *failed ? 1 : (int)v;
}

static int load_cells(struct jread *l, struct report_model *m, json_t *root)
{
	json_t *a = json_object_get(root, "cells"), *v;
	size_t i;
	char w[64];
	int failed = 0;

	json_array_foreach(a, i, v) {
		if (i >= m->ncells)
			break;
		snprintf(w, sizeof(w), "cells[%zu]", i);
		m->cells[i].clients = positive(l, v, w, "clients", &failed);
		m->cells[i].client_hosts = positive(l, v, w, "client_hosts", &failed);
		if (failed)
			return -1;
	}
	return 0;
}

static int load_oneoffs(struct jread *l, struct report_model *m, json_t *root)
{
	json_t *a = json_object_get(root, "ops"), *v;
	size_t i;
	char w[64];
	int failed = 0;

	json_array_foreach(a, i, v) {
		if (i >= m->noneoffs)
			break;
		snprintf(w, sizeof(w), "ops[%zu]", i);
		m->oneoffs[i].clients = positive(l, v, w, "clients", &failed);
		if (failed)
			return -1;
	}
	return 0;
}

static int load_hosts(struct jread *l, struct report_model *m, json_t *root)
{
	json_t *a, *v;
	size_t i;
	char w[64];
	int failed = 0;

	m->client_hosts = jread_get_items(l, root, "client_hosts", 0, sizeof(*m->client_hosts), &a,
					  &failed);
	if (failed)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_client_host *h = &m->client_hosts[i];

		if (jread_element(l, "client_hosts", i, v, w, sizeof(w)))
			return -1;
		m->nclient_hosts = i + 1;
		h->host = jread_get_str(l, v, w, "host", 1, &failed);
		h->ranks = positive(l, v, w, "ranks", &failed);
		if (failed)
			return -1;
	}
	return 0;
}

static int load_balance_clients(struct jread *l, json_t *v, const char *w, struct rm_balance *b)
{
	json_t *a, *c;
	size_t i;
	char at[96], w2[128];
	int failed = 0;

	snprintf(at, sizeof(at), "%s.clients", w);
	a = jread_member(l, v, w, "clients", 1, &failed);
	if (failed)
		return -1;
	if (!json_is_array(a))
		return jread_bad(l, at, "expected an array");
	if ((b->clients = jread_alloc_at(l, at, json_array_size(a), sizeof(*b->clients),
					 &failed)) == NULL)
		return -1;
	json_array_foreach(a, i, c) {
		struct rm_balance_client *bc = &b->clients[i];

		if (jread_element(l, at, i, c, w2, sizeof(w2)))
			return -1;
		b->nclients = i + 1;
		bc->rank = (int)jread_get_int(l, c, w2, "rank", 1, 0, &failed);
		bc->host = jread_get_str(l, c, w2, "host", 0, &failed);
		bc->mib_s = jread_get_num(l, c, w2, "mib_s", 0, &failed);
		bc->obj_s = jread_get_num(l, c, w2, "obj_s", 0, &failed);
		if (failed)
			return -1;
	}
	return 0;
}

static int load_balance(struct jread *l, struct report_model *m, json_t *root)
{
	json_t *a, *v;
	size_t i;
	char w[64];
	int failed = 0;

	m->balance = jread_get_items(l, root, "client_balance", 0, sizeof(*m->balance), &a,
				     &failed);
	if (failed)
		return -1;
	json_array_foreach(a, i, v) {
		struct rm_balance *b = &m->balance[i];

		if (jread_element(l, "client_balance", i, v, w, sizeof(w)))
			return -1;
		m->nbalance = i + 1;
		b->subject = jread_get_subject(l, m, v, w, &failed);
		b->op = jread_get_str(l, v, w, "op", 1, &failed);
		b->size = (uint64_t)jread_get_int(l, v, w, "size", 1, 0, &failed);
		b->concurrency = (int)jread_get_int(l, v, w, "concurrency", 1, 0, &failed);
		b->workers_total = (int)jread_get_int(l, v, w, "workers_total", 1, 0, &failed);
		b->n = (int)jread_get_int(l, v, w, "n", 0, 0, &failed);
		b->ratio = jread_get_num(l, v, w, "ratio_max_min", 0, &failed);
		if (failed || load_balance_clients(l, v, w, b) < 0)
			return -1;
	}
	return 0;
}

int model_load_clients(struct jread *l, struct report_model *m, json_t *root)
{
	for (size_t i = 0; i < m->ncells; i++)
		m->cells[i].clients = m->cells[i].client_hosts = 1;
	for (size_t i = 0; i < m->noneoffs; i++)
		m->oneoffs[i].clients = 1;
	if (load_cells(l, m, root) < 0 || load_oneoffs(l, m, root) < 0 ||
	    load_hosts(l, m, root) < 0 || load_balance(l, m, root) < 0)
		return -1;
	return 0;
}

void model_free_clients(struct report_model *m)
{
	for (size_t i = 0; i < m->nclient_hosts; i++)
		free(m->client_hosts[i].host);
	free(m->client_hosts);
	for (size_t i = 0; i < m->nbalance; i++) {
		for (size_t k = 0; k < m->balance[i].nclients; k++)
			free(m->balance[i].clients[k].host);
		free(m->balance[i].clients);
		free(m->balance[i].op);
	}
	free(m->balance);
}

int model_distributed(const struct report_model *m)
{
	for (size_t i = 0; i < m->ncells; i++)
		if (m->cells[i].clients > 1)
			return 1;
	return 0;
}

int model_clients_at(const struct report_model *m, const char *op, int conc, int *hosts)
{
	int clients = 1;

	*hosts = 1;
	for (size_t i = 0; i < m->ncells; i++) {
		const struct rm_cell *c = &m->cells[i];

		if (c->concurrency != conc || !c->nruns || strcmp(c->op, op) != 0)
			continue;
		if (c->clients > clients)
			clients = c->clients;
		if (c->client_hosts > *hosts)
			*hosts = c->client_hosts;
	}
	return clients;
}

int model_workers(const struct text_lang *l, int conc, int clients, int hosts,
		  enum model_workers_form form, struct model_workers *w)
{
	struct strbuf b = {0};
	char cl[16], per[16], nh[16];
	const char *names[] = {"clients", "per", "n"}, *vals[] = {cl, per, nh};
	int rc = clients > 1;

	snprintf(w->total, sizeof(w->total), "%lld", (long long)conc * (clients > 1 ? clients : 1));
	w->per_client[0] = 0;
	if (!rc)
		return 0;
	snprintf(cl, sizeof(cl), "%d", clients);
	snprintf(per, sizeof(per), "%d", conc);
	snprintf(nh, sizeof(nh), "%d", hosts);
	if (form == MODEL_WORKERS_BRIEF) {
		text_subst(&b, text_lang_str(l, "workers.per_client"), names, vals, 2);
	} else {
		text_subst(&b, text_lang_str(l, "workers.per_client_long"), names, vals, 2);
		text_subst(&b, text_lang_str(l, hosts == 1 ? "workers.hosts1" : "workers.hosts"),
			   names + 2, vals + 2, 1);
	}
	if (b.failed)
		rc = -1;
	else
		snprintf(w->per_client, sizeof(w->per_client), "%s", b.p ? b.p : "");
	strbuf_free(&b);
	return rc;
}

int model_workers_at(const struct report_model *m, const struct text_lang *l, const char *op,
		     int conc, enum model_workers_form form, struct model_workers *w)
{
	int hosts, clients = model_clients_at(m, op, conc, &hosts);

	return model_workers(l, conc, clients, hosts, form, w);
}

const char *model_workers_cell(const struct text_lang *l, int conc, int clients, char *buf,
			       size_t n)
{
	struct model_workers w;

	model_workers(l, conc, clients, 1, MODEL_WORKERS_BRIEF, &w);
	snprintf(buf, n, "%s%s", w.total, w.per_client);
	return buf;
}
