/* analyze/read/subjlog.c: see subjlog.h. */
#include "analyze/read/subjlog.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The records read. */
struct subjlog {
	void *recs;
	char **ids;
	size_t n;
};

/* rec: record i of l. */
static void *rec(const struct subjlog_kind *k, const struct subjlog *l, size_t i)
{
	return (char *)l->recs + i * k->size;
}

/* keep: the record read into the spare slot after l's last (with id) kept as the last, or
 * in place of the earlier record of the same subject. */
static void keep(const struct subjlog_kind *k, struct subjlog *l, char *id)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->ids[i], id) == 0) {
			k->free_rec(rec(k, l, i));
			memcpy(rec(k, l, i), rec(k, l, l->n), k->size);
			free(id);
			return;
		}
	l->ids[l->n++] = id;
}

/* subjects: the array a of subjects' records (at "subjects") into l, room made for them
 * (and a spare slot, each read into the slot after the last kept); the walk stops at the
 * first that fails. */
static void subjects(struct jread *r, const struct subjlog_kind *k, const json_t *a,
		     struct subjlog *l)
{
	char w[64];
	const json_t *v;
	size_t i;

	if (r->failed)
		return;
	l->recs = jread_alloc(r, "subjects", json_array_size(a), k->size);
	l->ids = jread_alloc(r, "subjects", json_array_size(a), sizeof(*l->ids));
	json_array_foreach(a, i, v) {
		char *id = NULL;
		void *s;

		if (r->failed || jread_element(r, "subjects", i, v, w, sizeof(w)) < 0)
			break;
		s = memset(rec(k, l, l->n), 0, k->size);
		id = jread_str(r, v, w, "subject", 1);
		if (k->decode(r, v, w, s) < 0 || id == NULL) {
			k->free_rec(s);
			free(id);
			break;
		}
		keep(k, l, id);
	}
}

int subjlog_read(const char *data_dir, const struct subjlog_kind *k, void **recs, char ***ids,
		 size_t *n, struct err *e)
{
	char path[PATH_MAX];
	struct jread r = {.file = k->file, .e = e};
	struct subjlog l = {0};
	struct stat sb;
	json_t *root;
	char *fmt, what[96];

	*recs = NULL;
	*ids = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/%s", data_dir, k->file);
	if (stat(path, &sb) != 0 && errno == ENOENT)
		return 0;
	if ((root = jread_load(path, e)) == NULL)
		return -1;
	fmt = jread_str(&r, root, "", "format", 1);
	if (fmt != NULL && strcmp(fmt, k->format) != 0) {
		snprintf(what, sizeof(what), "not %s", k->format);
		jread_bad(&r, "format", what);
	}
	free(fmt);
	subjects(&r, k, jread_array(&r, root, "", "subjects", 1), &l);
	json_decref(root);
	*recs = l.recs;
	*ids = l.ids;
	*n = l.n;
	return r.failed ? -1 : 0;
}

void subjlog_drop(const struct subjlog_kind *k, void *recs, char **ids, size_t *n, size_t i)
{
	struct subjlog l = {recs, ids, *n};

	if (i >= *n)
		return;
	k->free_rec(rec(k, &l, i));
	free(ids[i]);
	memmove(rec(k, &l, i), rec(k, &l, i + 1), (*n - i - 1) * k->size);
	memmove(&ids[i], &ids[i + 1], (*n - i - 1) * sizeof(*ids));
	(*n)--;
}

void subjlog_free(const struct subjlog_kind *k, void *recs, char **ids, size_t n)
{
	struct subjlog l = {recs, ids, n};

	for (size_t i = 0; i < n; i++) {
		k->free_rec(rec(k, &l, i));
		free(ids[i]);
	}
	free(recs);
	free(ids);
}

void *subjlog_members(struct jread *r, const json_t *o, const char *where, const char *key,
		      size_t size, subjlog_each_fn each, size_t *n)
{
	json_t *m, *v;
	const char *name;
	char w[300], mw[400];
	char *arr;

	if ((m = jread_object(r, o, where, key, 1)) == NULL || r->failed)
		return NULL;
	jread_path(where, key, w, sizeof(w));
	if ((arr = jread_alloc(r, w, json_object_size(m), size)) == NULL)
		return NULL;
	json_object_foreach(m, name, v) {
		snprintf(mw, sizeof(mw), "%s.%s", w, name);
		if (!json_is_object(v)) {
			jread_bad(r, mw, "expected an object");
			break;
		}
		each(r, name, v, mw, arr + (*n)++ * size);
	}
	return arr;
}
