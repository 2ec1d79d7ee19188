/* core/runrec/runrec_clients.c: run.json's "clients" record, who produced a run's rows
 * (docs/FORMATS.md, "run.json": clients; core/runrec/runrec.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/runrec/runrec.h"
#include "core/runrec/runrec_field.h"

#define CLIENTS_MAX 1000000

static json_t *lat_to(const void *rec)
{
	const struct runrec_brief *b = rec;

	return b->has_latency ? summary_lat_json(&b->latency) : json_null();
}

static int lat_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_brief *b = rec;
	struct err le;

	if (json_is_null(v))
		return 0;
	b->has_latency = 1;
	if (summary_lat_from_json(v, path, &b->latency, &le) < 0)
		return err_set(e, "field %s", le.msg);
	return 0;
}

/* the members of brief_f a brief must have */
#define BRIEF_MIB_S 3
#define BRIEF_OBJ_S 4

static const struct rrf brief_f[] = {
	RRF_F("requests", RRF_INT, struct runrec_brief, requests),
	RRF_F("bytes", RRF_INT, struct runrec_brief, bytes),
	RRF_F("errors", RRF_INT, struct runrec_brief, errors),
	[BRIEF_MIB_S] = RRF_R("mib_s", RRF_REAL, struct runrec_brief, mib_s, 0, 1e300),
	[BRIEF_OBJ_S] = RRF_R("obj_s", RRF_REAL, struct runrec_brief, obj_s, 0, 1e300),
	RRF_O("latency_ms", lat_to, lat_from),
};

int runrec_brief_from_json(const json_t *j, const char *path, struct runrec_brief *b, struct err *e)
{
	char p[128];

	memset(b, 0, sizeof(*b));
	if (rrf_read(j, path, brief_f, RRF_N(brief_f), b, &b->absent, e) < 0)
		return -1;
	for (int k = BRIEF_MIB_S; k <= BRIEF_OBJ_S; k++)
		if (b->absent & (1ull << k))
			return err_set(e, "field %s: missing or not a number >= 0",
				       rrf_path(p, sizeof(p), path, brief_f[k].key));
	return 0;
}

#define CL struct runrec_client

static json_t *summary_to(const void *rec)
{
	const CL *c = rec;

	return c->has_summary ? rrf_write(brief_f, RRF_N(brief_f), &c->summary, c->summary.absent)
			      : json_null();
}

static int summary_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	CL *c = rec;

	if (json_is_null(v))
		return 0;
	c->has_summary = 1;
	return runrec_brief_from_json(v, path, &c->summary, e);
}

static json_t *client_to(const void *rec)
{
	const CL *c = rec;

	return c->has_client ? runrec_clientres_to_json(&c->client) : NULL;
}

static int client_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	CL *c = rec;

	c->has_client = 1;
	return runrec_clientres_from_json(v, path, &c->client, e);
}

static json_t *limit_to(const void *rec)
{
	const CL *c = rec;

	return c->has_limit ? climit_to_json(&c->limit) : NULL;
}

static int limit_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	CL *c = rec;

	c->has_limit = 1;
	return climit_from_json(v, path, &c->limit, e);
}

/* the members of client_f an entry must have */
#define CLIENT_RANK 0
#define CLIENT_HOST 1

static const struct rrf client_f[] = {
	[CLIENT_RANK] = RRF_F("rank", RRF_INT, CL, rank),
	[CLIENT_HOST] = RRF_F("host", RRF_STR, CL, host),
	RRF_F("client_id", RRF_STR, CL, client_id),
	RRF_F("offset_ms", RRF_REAL, CL, offset_ms),
	RRF_F("rtt_ms", RRF_REAL, CL, rtt_ms),
	RRF_F("status", RRF_STR, CL, status),
	RRF_F("class", RRF_STR, CL, cls),
	RRF_F("reason", RRF_STR, CL, reason),
	RRF_O("summary", summary_to, summary_from),
	RRF_O("client", client_to, client_from),
	RRF_O("client_limit", limit_to, limit_from),
};

static json_t *hosts_to(const void *rec)
{
	const struct runrec_clients *c = rec;
	json_t *a = json_array();

	for (int64_t i = 0; a != NULL && i < c->count; i++)
		json_array_append_new(a, json_string(c->hosts[i]));
	return a;
}

static int hosts_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_clients *c = rec;

	if (!json_is_array(v) || json_array_size(v) != (size_t)c->count)
		return err_set(e, "field %s: expected an array of %lld host names", path,
			       (long long)c->count);
	for (int64_t i = 0; i < c->count; i++) {
		const json_t *h = json_array_get(v, (size_t)i);
		if (!json_is_string(h))
			return err_set(e, "field %s[%lld]: missing or not a string", path,
				       (long long)i);
		c->hosts[i] = json_string_value(h);
	}
	return 0;
}

static json_t *list_to(const void *rec)
{
	const struct runrec_clients *c = rec;
	json_t *a = json_array();

	for (size_t i = 0; a != NULL && i < c->n_list; i++) {
		const CL *x = &c->list[i];
		json_t *o = rrf_write(client_f, RRF_N(client_f), x, x->absent);
		if (o == NULL || json_array_append_new(a, o) < 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static int entry_from(const json_t *v, const char *path, const struct runrec_clients *c, size_t i,
		      struct err *e)
{
	CL *x = &c->list[i];
	char p[128];

	memset(x, 0, sizeof(*x));
	if (rrf_read(v, path, client_f, RRF_N(client_f), x, &x->absent, e) < 0)
		return -1;
	if (x->absent & (1ull << CLIENT_RANK))
		return err_set(e, "field %s.rank: missing or not an integer", path);
	if (x->rank < 0 || x->rank >= c->count)
		return err_set(e, "field %s.rank: %lld is out of range", path, (long long)x->rank);
	if (x->host == NULL)
		return err_set(e, "field %s: missing or not a string",
			       rrf_path(p, sizeof(p), path, client_f[CLIENT_HOST].key));
	for (size_t k = 0; k < i; k++)
		if (c->list[k].rank == x->rank)
			return err_set(e, "field %s.rank: %lld appears twice", path,
				       (long long)x->rank);
	return 0;
}

static int list_from(const json_t *v, const char *path, void *rec, struct err *e)
{
	struct runrec_clients *c = rec;
	char p[96];
	size_t i;
	json_t *x;

	if (!json_is_array(v))
		return err_set(e, "field %s: missing or not an array", path);
	if (json_array_size(v) != (size_t)c->count)
		return err_set(e, "field %s: %zu entries for %lld clients", path,
			       json_array_size(v), (long long)c->count);
	json_array_foreach(v, i, x) {
		snprintf(p, sizeof(p), "%s[%zu]", path, i);
		if (entry_from(x, p, c, i, e) < 0)
			return -1;
	}
	return 0;
}

/* the members of clients_f */
enum {
	CLIENTS_COUNT,
	CLIENTS_TOTAL,
	CLIENTS_HOSTS,
	CLIENTS_LIST
};

static const struct rrf clients_f[] = {
	[CLIENTS_COUNT] = RRF_R("count", RRF_INT, struct runrec_clients, count, 1, CLIENTS_MAX),
	[CLIENTS_TOTAL] = RRF_R("concurrency_total", RRF_INT, struct runrec_clients,
				concurrency_total, 1, INT32_MAX),
	[CLIENTS_HOSTS] = RRF_O("hosts", hosts_to, hosts_from),
	[CLIENTS_LIST] = RRF_O("list", list_to, list_from),
};

int runrec_clients_alloc(struct runrec_clients *c, size_t n, struct err *e)
{
	c->hosts = calloc(n ? n : 1, sizeof(*c->hosts));
	c->list = calloc(n ? n : 1, sizeof(*c->list));
	if (c->hosts == NULL || c->list == NULL) {
		runrec_clients_clear(c);
		return err_set(e, "clients: out of memory");
	}
	c->n_list = n;
	return 0;
}

void runrec_clients_clear(struct runrec_clients *c)
{
	free(c->hosts);
	free(c->list);
	memset(c, 0, sizeof(*c));
}

int runrec_clients_copy(struct runrec_clients *dst, const struct runrec_clients *src, struct err *e)
{
	memset(dst, 0, sizeof(*dst));
	if (src->count != (int64_t)src->n_list)
		return err_set(e, "clients: %lld clients, %zu entries", (long long)src->count,
			       src->n_list);
	if (runrec_clients_alloc(dst, src->n_list, e) < 0)
		return -1;
	dst->absent = src->absent;
	dst->count = src->count;
	dst->concurrency_total = src->concurrency_total;
	if (src->n_list > 0) {
		memcpy(dst->hosts, src->hosts, src->n_list * sizeof(*dst->hosts));
		memcpy(dst->list, src->list, src->n_list * sizeof(*dst->list));
	}
	return 0;
}

json_t *runrec_clients_to_json(const struct runrec_clients *c)
{
	return rrf_write(clients_f, RRF_N(clients_f), c, c->absent);
}

/* clients_read: the members of j into c, the count first (the arrays' size). */
static int clients_read(const json_t *j, const char *path, struct runrec_clients *c, struct err *e)
{
	char p[96];

	if (!json_is_object(j))
		return err_set(e, "field %s: expected an object", path);
	/* the count first: the arrays are that long */
	if (rrf_read(j, path, clients_f, CLIENTS_TOTAL + 1, c, &c->absent, e) < 0)
		return -1;
	for (int k = CLIENTS_COUNT; k <= CLIENTS_TOTAL; k++)
		if (c->absent & (1ull << k))
			return err_set(e, "field %s: missing or not an integer",
				       rrf_path(p, sizeof(p), path, clients_f[k].key));
	if (runrec_clients_alloc(c, (size_t)c->count, e) < 0)
		return -1;
	for (int k = CLIENTS_HOSTS; k <= CLIENTS_LIST; k++) {
		const json_t *v = json_object_get(j, clients_f[k].key);
		if (clients_f[k].from(v, rrf_path(p, sizeof(p), path, clients_f[k].key), c, e) < 0)
			return -1;
	}
	return 0;
}

int runrec_clients_from_json(const json_t *j, const char *path, struct runrec_clients *c,
			     struct err *e)
{
	memset(c, 0, sizeof(*c));
	if (clients_read(j, path, c, e) < 0) {
		runrec_clients_clear(c);
		return -1;
	}
	return 0;
}
