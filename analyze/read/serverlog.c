/* analyze/read/serverlog.c: see serverlog.h. The file is read whole (core/zio: plain or
 * zstd); access log lines are cut into fields by hand, the ops log's objects are decoded
 * one after the other by jansson (JSON_DISABLE_EOF_CHECK gives where each ends). */
#include "analyze/read/serverlog.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

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

/* field: the next field of an access log line at *p (up to end): [..] and "..." whole
 * (\" inside quotes kept); its start and length. 0 at the line's end. */
static int field(const char **p, const char *end, const char **s, size_t *n)
{
	const char *q = *p;

	while (q < end && *q == ' ')
		q++;
	if (q == end)
		return 0;
	*s = q;
	if (*q == '[' || *q == '"') {
		char close = *q == '[' ? ']' : '"';

		for (q++; q < end && *q != close; q++)
			if (*q == '\\' && q + 1 < end)
				q++;
		q += q < end;
	} else {
		while (q < end && *q != ' ')
			q++;
	}
	*n = (size_t)(q - *s);
	*p = q;
	return 1;
}

/* ms_of: a field of whole ms ("-": NAN); -1 when it is neither. */
static int ms_of(const char *s, size_t n, double *v)
{
	double x = 0;

	if (n == 1 && s[0] == '-') {
		*v = NAN;
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]) || i > 12)
			return -1;
		x = x * 10 + (s[i] - '0');
	}
	*v = x;
	return n > 0 ? 0 : -1;
}

/* access_log: the lines of an S3 server access log. -1 out of memory. */
static int access_log(struct serverlog *l, const char *path, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	unsigned long line = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end, *q = p;
		const char *f[16], *s;
		size_t fn[16], n, k = 0;
		double total, turn;

		line++;
		while (k < 15 && field(&q, le, &s, &n)) {
			f[k] = s;
			fn[k++] = n;
		}
		p = nl ? nl + 1 : end;
		if (k == 0)
			continue; /* a blank line */
		l->lines++;
		if (k < 15 || fn[5] == 0 || (fn[5] == 1 && f[5][0] == '-') ||
		    ms_of(f[13], fn[13], &total) < 0 || ms_of(f[14], fn[14], &turn) < 0) {
			bad(l, path, line,
			    "not an S3 access log record (request id, total time and turn-around "
			    "time as fields 6, 14 and 15)");
			continue;
		}
		if (add(l, f[5], fn[5], total, turn) < 0)
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
