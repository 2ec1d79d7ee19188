/* core/results/results_clients.c: see results_clients.h. */
#include "core/results/results_clients.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

json_t *results_client_host_to_json(const struct results_client_host *h)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "host", jwrite_str(h->host), &ok);
	jwrite_put(o, "ranks", json_integer(h->ranks), &ok);
	return jwrite_done(o, ok);
}

int results_client_host_from_json(struct jread *r, const json_t *o, const char *where,
				  struct results_client_host *h)
{
	h->host = jread_str(r, o, where, "host", 1);
	h->ranks = jread_count(r, o, where, "ranks");
	return r->failed ? -1 : 0;
}

void results_client_host_free(struct results_client_host *h)
{
	free(h->host);
}

json_t *results_balance_to_json(const struct results_balance *b, const struct results *doc)
{
	json_t *o = json_object(), *list = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, b->subject)), &ok);
	jwrite_put(o, "op", jwrite_str(b->op), &ok);
	jwrite_put(o, "size", json_integer((json_int_t)b->size), &ok);
	jwrite_put(o, "concurrency", json_integer(b->concurrency), &ok);
	jwrite_put(o, "workers_total", json_integer(b->workers_total), &ok);
	jwrite_put(o, "n", json_integer((json_int_t)b->n), &ok);
	for (size_t i = 0; i < b->n_clients; i++) {
		const struct results_balance_client *c = &b->clients[i];
		json_t *e = json_object();

		jwrite_put(e, "rank", json_integer(c->rank), &ok);
		jwrite_put(e, "host", jwrite_str(c->host), &ok);
		jwrite_put(e, "mib_s", jnum_new(c->mib_s), &ok);
		jwrite_put(e, "obj_s", jnum_new(c->obj_s), &ok);
		jwrite_add(list, e, &ok);
	}
	jwrite_put(o, "clients", list, &ok);
	jwrite_put(o, "ratio_max_min", jnum_new(b->ratio_max_min), &ok);
	return jwrite_done(o, ok);
}

static int balance_clients(struct jread *r, const json_t *v, const char *where,
			   struct results_balance *b)
{
	json_t *a, *c;
	size_t i;
	char at[160], w[192];

	snprintf(at, sizeof(at), "%s.clients", where);
	if ((a = jread_member(r, v, where, "clients", 1)) == NULL)
		return -1;
	if (!json_is_array(a))
		return jread_bad(r, at, "expected an array");
	if ((b->clients = jread_alloc(r, at, json_array_size(a), sizeof(*b->clients))) == NULL)
		return -1;
	json_array_foreach(a, i, c) {
		struct results_balance_client *bc = &b->clients[i];

		if (jread_element(r, at, i, c, w, sizeof(w)) < 0)
			return -1;
		b->n_clients = i + 1;
		bc->rank = (int)jread_int(r, c, w, "rank", 1, 0);
		bc->host = jread_str(r, c, w, "host", 0);
		bc->mib_s = jread_num(r, c, w, "mib_s", 0);
		bc->obj_s = jread_num(r, c, w, "obj_s", 0);
		if (r->failed)
			return -1;
	}
	return 0;
}

int results_balance_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_balance *b)
{
	memset(b, 0, sizeof(*b));
	b->subject = results_subject_ref(r, o, where, "subject");
	b->op = jread_str(r, o, where, "op", 1);
	b->size = (uint64_t)jread_int(r, o, where, "size", 1, 0);
	b->concurrency = (int)jread_int(r, o, where, "concurrency", 1, 0);
	b->workers_total = (int)jread_int(r, o, where, "workers_total", 1, 0);
	b->n = jread_int(r, o, where, "n", 0, 0);
	b->ratio_max_min = jread_num(r, o, where, "ratio_max_min", 0);
	if (r->failed)
		return -1;
	return balance_clients(r, o, where, b);
}

void results_balance_free(struct results_balance *b)
{
	for (size_t i = 0; i < b->n_clients; i++)
		free(b->clients[i].host);
	free(b->clients);
	free(b->op);
}
