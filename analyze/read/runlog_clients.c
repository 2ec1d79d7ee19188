/* analyze/read/runlog_clients.c: see runlog_clients.h. */
#include "analyze/read/runlog_clients.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLIENTS_MAX 1000000

/* int_field: o[key] as an integer in [lo, hi] into *out; -1 naming `where`.key. */
static int int_field(const json_t *o, const char *where, const char *key, int lo, int hi, int *out,
		     struct err *e)
{
	json_t *v = json_object_get(o, key);
	json_int_t x;

	if (!json_is_integer(v))
		return err_set(e, "field %s.%s: missing or not an integer", where, key);
	x = json_integer_value(v);
	if (x < lo || x > hi)
		return err_set(e, "field %s.%s: %lld is out of range", where, key, (long long)x);
	*out = (int)x;
	return 0;
}

/* str_dup: o[key] (a string) copied into *out; -1 naming `where`.key. */
static int str_dup(const json_t *o, const char *where, const char *key, char **out, struct err *e)
{
	json_t *v = key ? json_object_get(o, key) : (json_t *)o;

	if (!json_is_string(v))
		return err_set(e, "field %s%s%s: missing or not a string", where, key ? "." : "",
			       key ? key : "");
	if ((*out = strdup(json_string_value(v))) == NULL)
		return err_set(e, "field %s: out of memory", where);
	return 0;
}

/* read_summary: entry["summary"] (an object or null) into c. */
static int read_summary(const json_t *entry, const char *where, struct runlog_client *c,
			struct err *e)
{
	static const char *const key[] = {"mib_s", "obj_s"};
	json_t *s = json_object_get(entry, "summary");
	double *dst[] = {&c->mib_s, &c->obj_s};

	c->mib_s = c->obj_s = NAN;
	if (s == NULL || json_is_null(s))
		return 0;
	if (!json_is_object(s))
		return err_set(e, "field %s.summary: expected an object or null", where);
	for (size_t i = 0; i < 2; i++) {
		json_t *v = json_object_get(s, key[i]);

		if (!json_is_number(v) || !isfinite(json_number_value(v)) ||
		    json_number_value(v) < 0)
			return err_set(e, "field %s.summary.%s: missing or not a number >= 0",
				       where, key[i]);
		*dst[i] = json_number_value(v);
	}
	c->has_summary = 1;
	return 0;
}

static int read_list(const json_t *list, struct runlog_clients *out, struct err *e)
{
	char where[64];
	size_t i;
	json_t *entry;

	if (!json_is_array(list))
		return err_set(e, "field clients.list: missing or not an array");
	if (json_array_size(list) != (size_t)out->count)
		return err_set(e, "field clients.list: %zu entries for %d clients",
			       json_array_size(list), out->count);
	out->list = calloc((size_t)out->count, sizeof(*out->list));
	if (out->list == NULL)
		return err_set(e, "field clients.list: out of memory");
	json_array_foreach(list, i, entry) {
		struct runlog_client *c = &out->list[i];

		snprintf(where, sizeof(where), "clients.list[%zu]", i);
		if (!json_is_object(entry))
			return err_set(e, "field %s: expected an object", where);
		out->n_list = i + 1;
		if (int_field(entry, where, "rank", 0, out->count - 1, &c->rank, e) < 0 ||
		    str_dup(entry, where, "host", &c->host, e) < 0 ||
		    read_summary(entry, where, c, e) < 0)
			return -1;
		for (size_t k = 0; k < i; k++)
			if (out->list[k].rank == c->rank)
				return err_set(e, "field %s.rank: %d appears twice", where,
					       c->rank);
	}
	return 0;
}

static int read_clients(const json_t *o, struct runlog_clients *out, struct err *e)
{
	json_t *hosts = json_object_get(o, "hosts");
	char where[32];

	if (!json_is_object(o))
		return err_set(e, "field clients: expected an object");
	if (int_field(o, "clients", "count", 1, CLIENTS_MAX, &out->count, e) < 0 ||
	    int_field(o, "clients", "concurrency_total", 1, INT32_MAX, &out->concurrency_total, e) <
		    0)
		return -1;
	if (!json_is_array(hosts) || json_array_size(hosts) != (size_t)out->count)
		return err_set(e, "field clients.hosts: expected an array of %d host names",
			       out->count);
	out->hosts = calloc((size_t)out->count, sizeof(*out->hosts));
	if (out->hosts == NULL)
		return err_set(e, "field clients.hosts: out of memory");
	for (int i = 0; i < out->count; i++) {
		snprintf(where, sizeof(where), "clients.hosts[%d]", i);
		if (str_dup(json_array_get(hosts, (size_t)i), where, NULL, &out->hosts[i], e) < 0)
			return -1;
	}
	return read_list(json_object_get(o, "list"), out, e);
}

int runlog_clients_read(const json_t *root, struct runlog_clients *out, struct err *e)
{
	json_t *o = json_object_get(root, "clients");

	memset(out, 0, sizeof(*out));
	if (o == NULL || json_is_null(o))
		return 0;
	if (read_clients(o, out, e) < 0) {
		runlog_clients_clear(out);
		return -1;
	}
	return 0;
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
	for (size_t i = 0; i < c->n_list; i++)
		free(c->list[i].host);
	free(c->list);
	memset(c, 0, sizeof(*c));
}
