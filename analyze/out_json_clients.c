/* analyze/out_json_clients.c: see out_json_clients.h. */
#include "analyze/out_json_clients.h"

#include "analyze/clients.h"
#include "analyze/out_json_stats.h"

void outj_cell_clients(json_t *o, const struct agg_cell *c, int *ok)
{
	outj_put(o, "clients", json_integer(c->clients), ok);
	outj_put(o, "workers_total", json_integer((json_int_t)c->concurrency * c->clients), ok);
	outj_put(o, "client_hosts", json_integer(c->client_hosts), ok);
}

void outj_run_clients(json_t *o, const struct runlog *l, int *ok)
{
	int n = runlog_clients_count(&l->clients);

	outj_put(o, "clients", json_integer(n), ok);
	outj_put(o, "workers_total", json_integer((json_int_t)l->concurrency * n), ok);
}

static json_t *balance_json(const struct aggregate *a, const struct agg_balance *b, int *ok)
{
	json_t *o = json_object(), *list = json_array();

	outj_put(o, "subject", json_string(a->subjects[b->subject].id), ok);
	outj_put(o, "op", json_string(b->op), ok);
	outj_put(o, "size", json_integer((json_int_t)b->size), ok);
	outj_put(o, "concurrency", json_integer(b->concurrency), ok);
	outj_put(o, "workers_total", json_integer((json_int_t)b->concurrency * b->clients), ok);
	outj_put(o, "n", json_integer((json_int_t)b->n), ok);
	for (int i = 0; i < b->clients; i++) {
		const struct agg_balance_client *c = &b->list[i];
		json_t *e = json_object();

		outj_put(e, "rank", json_integer(c->rank), ok);
		outj_put(e, "host", c->host ? json_string(c->host) : json_null(), ok);
		outj_put(e, "mib_s", outj_num(c->mib_s), ok);
		outj_put(e, "obj_s", outj_num(c->obj_s), ok);
		outj_add(list, e, ok);
	}
	outj_put(o, "clients", list, ok);
	outj_put(o, "ratio_max_min", outj_num(b->ratio), ok);
	return o;
}

void outj_clients(json_t *root, const struct aggregate *a, int *ok)
{
	json_t *hosts = json_array(), *bal = json_array();

	for (size_t i = 0; i < a->n_client_hosts; i++) {
		json_t *o = json_object();

		outj_put(o, "host", json_string(a->client_hosts[i].host), ok);
		outj_put(o, "ranks", json_integer(a->client_hosts[i].ranks), ok);
		outj_add(hosts, o, ok);
	}
	for (size_t i = 0; i < a->n_balance; i++)
		outj_add(bal, balance_json(a, &a->balance[i], ok), ok);
	outj_put(root, "client_hosts", hosts, ok);
	outj_put(root, "client_balance", bal, ok);
}
