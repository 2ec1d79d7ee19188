/* analyze/out/out_json_clients.c: see out_json_clients.h. */
#include "analyze/out/out_json_clients.h"

#include "analyze/cells/clients.h"
#include "analyze/out/out_json_stats.h"

void out_json_cell_clients(json_t *o, const struct agg_cell *c, int *ok)
{
	out_json_put(o, "clients", json_integer(c->clients), ok);
	out_json_put(o, "workers_total", json_integer((json_int_t)c->concurrency * c->clients), ok);
	out_json_put(o, "client_hosts", json_integer(c->client_hosts), ok);
}

void out_json_run_clients(json_t *o, const struct runlog *l, int *ok)
{
	int n = runlog_clients_count(&l->clients);

	out_json_put(o, "clients", json_integer(n), ok);
	out_json_put(o, "workers_total", json_integer((json_int_t)l->concurrency * n), ok);
}

static json_t *balance_json(const struct aggregate *a, const struct agg_balance *b, int *ok)
{
	json_t *o = json_object(), *list = json_array();

	out_json_put(o, "subject", json_string(a->subjects[b->subject].id), ok);
	out_json_put(o, "op", json_string(b->op), ok);
	out_json_put(o, "size", json_integer((json_int_t)b->size), ok);
	out_json_put(o, "concurrency", json_integer(b->concurrency), ok);
	out_json_put(o, "workers_total", json_integer((json_int_t)b->concurrency * b->clients), ok);
	out_json_put(o, "n", json_integer((json_int_t)b->n), ok);
	for (int i = 0; i < b->clients; i++) {
		const struct agg_balance_client *c = &b->list[i];
		json_t *e = json_object();

		out_json_put(e, "rank", json_integer(c->rank), ok);
		out_json_put(e, "host", c->host ? json_string(c->host) : json_null(), ok);
		out_json_put(e, "mib_s", out_json_num(c->mib_s), ok);
		out_json_put(e, "obj_s", out_json_num(c->obj_s), ok);
		out_json_add(list, e, ok);
	}
	out_json_put(o, "clients", list, ok);
	out_json_put(o, "ratio_max_min", out_json_num(b->ratio), ok);
	return o;
}

void out_json_clients(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *hosts = json_array(), *bal = json_array();

	for (size_t i = 0; i < a->n_client_hosts; i++) {
		json_t *o = json_object();

		out_json_put(o, "host", json_string(a->client_hosts[i].host), ok);
		out_json_put(o, "ranks", json_integer(a->client_hosts[i].ranks), ok);
		out_json_add(hosts, o, ok);
	}
	for (size_t i = 0; i < a->n_balance; i++)
		out_json_add(bal, balance_json(a, &a->balance[i], ok), ok);
	out_json_put(root, "client_hosts", hosts, ok);
	out_json_put(root, "client_balance", bal, ok);
}
