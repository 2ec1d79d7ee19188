/* analyze/read/runlog_clients.c: see runlog_clients.h. */
#include "analyze/read/runlog_clients.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int runlog_clients_from(const struct runrec_clients *rc, struct runlog_clients *out, struct err *e)
{
	memset(out, 0, sizeof(*out));
	if (rc == NULL)
		return 0;
	out->count = (int)rc->count;
	out->concurrency_total = (int)rc->concurrency_total;
	out->hosts = calloc((size_t)out->count, sizeof(*out->hosts));
	out->list = calloc(rc->n_list ? rc->n_list : 1, sizeof(*out->list));
	if (out->hosts == NULL || out->list == NULL)
		goto oom;
	for (int i = 0; i < out->count; i++)
		if ((out->hosts[i] = strdup(rc->hosts[i])) == NULL)
			goto oom;
	for (size_t i = 0; i < rc->n_list; i++) {
		const struct runrec_client *x = &rc->list[i];
		struct runlog_client *c = &out->list[i];

		out->n_list = i + 1;
		c->rank = (int)x->rank;
		if ((c->host = strdup(x->host)) == NULL)
			goto oom;
		c->has_summary = x->has_summary;
		c->mib_s = x->has_summary ? x->summary.mib_s : NAN;
		c->obj_s = x->has_summary ? x->summary.obj_s : NAN;
		c->has_limit = x->has_limit;
		c->limit = x->limit;
		if (x->has_client) {
			if ((c->client = malloc(sizeof(*c->client))) == NULL)
				goto oom;
			*c->client = x->client;
		}
	}
	return 0;
oom:
	runlog_clients_clear(out);
	return err_set(e, "field clients: out of memory");
}

int runlog_clients_count(const struct runlog_clients *c)
{
	return c->count > 0 ? c->count : 1;
}

void runlog_clients_clear(struct runlog_clients *c)
{
	for (int i = 0; c->hosts != NULL && i < c->count; i++)
		free(c->hosts[i]);
	free(c->hosts);
	for (size_t i = 0; i < c->n_list; i++) {
		free(c->list[i].host);
		free(c->list[i].client);
	}
	free(c->list);
	memset(c, 0, sizeof(*c));
}
