/* analyze/read/serverlog.c: see serverlog.h. The file is read whole (core/zio: plain or
 * zstd); access log lines are read by core/accesslog.h, the ops log's objects are decoded
 * one after the other by jansson (JSON_DISABLE_EOF_CHECK gives where each ends). */
#include "analyze/read/serverlog.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/accesslog.h"
#include "core/zio.h"

#define SERVERLOG_MAX_BYTES (1ULL << 32) /* 4 GiB: a file larger is refused */

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* rehash: the table at twice the size. -1 out of memory. */
static int rehash(struct serverlog *l)
{
	size_t cap = l->cap ? 2 * l->cap : 4096, *tab = calloc(cap, sizeof(*tab));

	if (tab == NULL)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		size_t j = hash(l->v[i].id) & (cap - 1);

		while (tab[j] != 0)
			j = (j + 1) & (cap - 1);
		tab[j] = i + 1;
	}
	free(l->tab);
	l->tab = tab;
	l->cap = cap;
	return 0;
}

struct srv_req *serverlog_find(const struct serverlog *l, const char *id)
{
	if (l->cap == 0 || id == NULL || id[0] == '\0')
		return NULL;
	for (size_t j = hash(id) & (l->cap - 1); l->tab[j] != 0; j = (j + 1) & (l->cap - 1))
		if (strcmp(l->v[l->tab[j] - 1].id, id) == 0)
			return &l->v[l->tab[j] - 1];
	return NULL;
}

/* add: a request (id copied); a repeated id is ignored. -1 out of memory. */
static int add(struct serverlog *l, const char *id, size_t idn, double total, double turn)
{
	char *s = strndup(id, idn);
	size_t j;

	if (s == NULL)
		return -1;
	if (serverlog_find(l, s) != NULL) {
		free(s);
		return 0;
	}
	if (l->n == l->vcap) {
		size_t cap = l->vcap ? 2 * l->vcap : 1024;
		struct srv_req *v = realloc(l->v, cap * sizeof(*v));

		if (v == NULL) {
			free(s);
			return -1;
		}
		l->v = v;
		l->vcap = cap;
	}
	if ((l->n + 1) * 2 > l->cap && rehash(l) < 0) {
		free(s);
		return -1;
	}
	l->v[l->n] = (struct srv_req){s, total, turn, 0};
	for (j = hash(s) & (l->cap - 1); l->tab[j] != 0; j = (j + 1) & (l->cap - 1))
		;
	l->tab[j] = ++l->n;
	return 0;
}

static void bad(struct serverlog *l, const char *path, unsigned long line, const char *why)
{
	if (l->unreadable++ == 0)
		snprintf(l->first_bad, sizeof(l->first_bad), "%s:%lu: %s", path, line, why);
}

/* access_log: the lines of an S3 server access log (core/accesslog.h). -1 out of memory. */
static int access_log(struct serverlog *l, const char *path, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	unsigned long line = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end, *why;
		struct accesslog_rec r;
		int rc = accesslog_parse(p, (size_t)(le - p), &r, &why);

		line++;
		p = nl ? nl + 1 : end;
		if (rc == 1)
			continue; /* a blank line */
		l->lines++;
		if (rc < 0) {
			bad(l, path, line, why);
			continue;
		}
		if (add(l, r.request_id, r.request_id_n, r.total_ms, r.turnaround_ms) < 0)
			return -1;
	}
	return 0;
}

/* ops_log: RGW's ops log objects. -1 out of memory. */
static int ops_log(struct serverlog *l, const char *path, const char *buf, size_t len)
{
	size_t off = 0;
	unsigned long line = 1;

	for (;;) {
		json_error_t je;
		json_t *o, *id, *tt;

		while (off < len && (isspace((unsigned char)buf[off]) || buf[off] == '[' ||
				     buf[off] == ',' || buf[off] == ']'))
			line += buf[off++] == '\n';
		if (off == len)
			return 0;
		o = json_loadb(buf + off, len - off, JSON_DISABLE_EOF_CHECK, &je);
		if (o == NULL) {
			bad(l, path, line, je.text);
			return 0; /* the rest cannot be framed */
		}
		for (size_t i = 0; i < (size_t)je.position; i++)
			line += buf[off + i] == '\n';
		off += (size_t)je.position;
		l->lines++;
		id = json_object_get(o, "trans_id");
		tt = json_object_get(o, "total_time");
		if (!json_is_string(id) || !json_is_integer(tt) || json_integer_value(tt) < 0)
			bad(l, path, line, "an ops log object without trans_id and total_time");
		else if (add(l, json_string_value(id), strlen(json_string_value(id)),
			     (double)json_integer_value(tt), NAN) < 0) {
			json_decref(o);
			return -1;
		}
		json_decref(o);
	}
}

int serverlog_read(struct serverlog *l, const char *const *paths, size_t n, struct err *e)
{
	for (size_t i = 0; i < n; i++) {
		char *buf = NULL;
		size_t len = 0, k = 0;
		int rc;

		if (zio_read_all(paths[i], SERVERLOG_MAX_BYTES, &buf, &len, e) < 0)
			return -1;
		while (k < len && isspace((unsigned char)buf[k]))
			k++;
		rc = k < len && (buf[k] == '{' || buf[k] == '[')
			     ? ops_log(l, paths[i], buf, len)
			     : access_log(l, paths[i], buf, len);
		free(buf);
		if (rc < 0)
			return err_set(e, "%s: out of memory", paths[i]);
	}
	return 0;
}

void serverlog_free(struct serverlog *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].id);
	free(l->v);
	free(l->tab);
	memset(l, 0, sizeof(*l));
}
