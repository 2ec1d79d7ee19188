/* core/subjlog/subjlog.c: see subjlog.h. */
#include "core/subjlog/subjlog.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/runrec/runrec.h"

/* The records read. */
struct subjlog {
	void *recs;
	size_t n;
};

/* rec: record i of recs. */
static void *rec(const struct subjlog_kind *k, const void *recs, size_t i)
{
	return (char *)recs + i * k->size;
}

static struct subjlog_head *head(const struct subjlog_kind *k, const void *recs, size_t i)
{
	return rec(k, recs, i);
}

int subjlog_write(const char *dir, const struct subjlog_kind *k, const void *recs, size_t n,
		  struct err *e)
{
	json_t *o = json_pack("{s:s, s:[]}", "format", k->format, "subjects");
	json_t *a = o != NULL ? json_object_get(o, "subjects") : NULL;
	int rc = -1;

	for (size_t i = 0; a != NULL && i < n; i++)
		if (json_array_append_new(a, k->encode(rec(k, recs, i))) != 0)
			a = NULL;
	if (a == NULL)
		err_set(e, "%s/%s: out of memory", dir, k->file);
	else
		rc = runrec_write_json(o, dir, k->file, 0, e);
	json_decref(o);
	return rc;
}

json_t *subjlog_head_json(const struct subjlog_head *h)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:s}", "subject", h->subject, "endpoint",
			 h->endpoint, "bucket", h->bucket, "started", h->started, "ended",
			 h->ended);
}

int subjlog_head_end(json_t *o, const struct subjlog_head *h)
{
	if (json_object_set_new(o, "billing", bill_to_json(&h->bill)) != 0 ||
	    json_object_set_new(o, "cleanup", json_string(h->cleanup)) != 0 ||
	    json_object_set_new(o, "error", json_string(h->error)) != 0)
		return -1;
	return 0;
}

/* head_read: the head of subjects[i] (o at where) into h (zeroed). */
static void head_read(struct jread *r, const json_t *o, const char *where, struct subjlog_head *h)
{
	const json_t *b;
	struct err be;

	h->subject = jread_str(r, o, where, "subject", 1);
	h->endpoint = jread_str(r, o, where, "endpoint", 0);
	h->bucket = jread_str(r, o, where, "bucket", 0);
	h->started = jread_str(r, o, where, "started", 0);
	h->ended = jread_str(r, o, where, "ended", 0);
	if ((b = jread_member(r, o, where, "billing", 0)) != NULL && !json_is_null(b) &&
	    bill_from_json(b, &h->bill, &be) < 0)
		jread_bad(r, where, be.msg);
	h->cleanup = jread_str(r, o, where, "cleanup", 0);
	h->error = jread_str(r, o, where, "error", 0);
}

void subjlog_head_free(struct subjlog_head *h)
{
	free((void *)h->subject);
	free((void *)h->endpoint);
	free((void *)h->bucket);
	free((void *)h->started);
	free((void *)h->ended);
	free((void *)h->cleanup);
	free((void *)h->error);
	memset(h, 0, sizeof(*h));
}

/* keep: the record read into the spare slot after l's last kept as the last, or in place
 * of the earlier record of the same subject. */
static void keep(const struct subjlog_kind *k, struct subjlog *l)
{
	const char *id = head(k, l->recs, l->n)->subject;

	for (size_t i = 0; i < l->n; i++)
		if (strcmp(head(k, l->recs, i)->subject, id) == 0) {
			k->free_rec(rec(k, l->recs, i));
			memcpy(rec(k, l->recs, i), rec(k, l->recs, l->n), k->size);
			return;
		}
	l->n++;
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
	json_array_foreach(a, i, v) {
		void *s;

		if (r->failed || jread_element(r, "subjects", i, v, w, sizeof(w)) < 0)
			break;
		s = memset(rec(k, l->recs, l->n), 0, k->size);
		head_read(r, v, w, s);
		if (r->failed || k->decode(r, v, w, s) < 0) {
			k->free_rec(s);
			break;
		}
		keep(k, l);
	}
}

int subjlog_read(const char *data_dir, const struct subjlog_kind *k, void **recs, size_t *n,
		 struct err *e)
{
	char path[PATH_MAX];
	struct jread r = {.file = k->file, .e = e};
	struct subjlog l = {0};
	struct stat sb;
	json_t *root;
	char *fmt, what[96];

	*recs = NULL;
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
	*n = l.n;
	return r.failed ? -1 : 0;
}

void subjlog_free(const struct subjlog_kind *k, void *recs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		k->free_rec(rec(k, recs, i));
	free(recs);
}

int subjlog_adopt(const struct subjlog_kind *k, void *recs, size_t n,
		  const struct subjlog_adopter *a, void **elems, char ***ids, size_t *m,
		  struct err *e)
{
	char *out;

	*elems = NULL;
	*ids = NULL;
	*m = 0;
	if (n == 0)
		return 0;
	if ((out = calloc(n, a->size)) == NULL || (*ids = calloc(n, sizeof(**ids))) == NULL) {
		free(out);
		return err_set(e, "%s: out of memory", k->file);
	}
	*elems = out;
	for (size_t i = 0; i < n; i++) {
		(*ids)[i] = subjlog_take(&head(k, recs, i)->subject);
		if (a->adopt(rec(k, recs, i), out + (*m)++ * a->size) < 0)
			return err_set(e, "%s: out of memory", k->file);
	}
	return 0;
}

void subjlog_drop(void *recs, size_t size, void (*free_rec)(void *), char **ids, size_t *n,
		  size_t i)
{
	char *at = (char *)recs + i * size;

	if (i >= *n)
		return;
	free_rec(at);
	free(ids[i]);
	memmove(at, at + size, (*n - i - 1) * size);
	memmove(&ids[i], &ids[i + 1], (*n - i - 1) * sizeof(*ids));
	(*n)--;
}

void subjlog_clear(void *recs, size_t size, void (*free_rec)(void *), char **ids, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free_rec((char *)recs + i * size);
		free(ids[i]);
	}
	free(recs);
	free(ids);
}

char *subjlog_take(const char **s)
{
	char *t = (char *)*s;

	*s = NULL;
	return t;
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

void *subjlog_list(struct jread *r, const json_t *o, const char *where, const char *key,
		   size_t size,
		   void (*each)(struct jread *r, const json_t *v, const char *where, void *elem),
		   size_t *n)
{
	json_t *a, *v;
	char f[400], w[440];
	char *arr;
	size_t i;

	if ((a = jread_array(r, o, where, key, 1)) == NULL || r->failed)
		return NULL;
	jread_path(where, key, f, sizeof(f));
	if ((arr = jread_alloc(r, f, json_array_size(a), size)) == NULL)
		return NULL;
	json_array_foreach(a, i, v) {
		if (jread_element(r, f, i, v, w, sizeof(w)) < 0)
			break;
		each(r, v, w, arr + (*n)++ * size);
		if (r->failed)
			break;
	}
	return arr;
}
