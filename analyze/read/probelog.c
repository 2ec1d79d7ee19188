/* analyze/read/probelog.c: see probelog.h. */
#include "analyze/read/probelog.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/jread.h"

#define PROBELOG_FORMAT "s3bench-probe/1"

/* decider: the check of feature o (at where) that decided its verdict v: the first
 * with that verdict, else the first (its index in *at); NULL when it has none. */
static const json_t *decider(struct jread *r, const json_t *o, const char *where, int v, size_t *at)
{
	json_t *checks = jread_array(r, o, where, "checks", 1), *c;
	char *cv;
	size_t i;

	json_array_foreach(checks, i, c) {
		if (!json_is_object(c))
			continue;
		cv = jread_str(r, c, where, "verdict", 0);
		int same = cv != NULL && results_sv_find(cv) == v;
		free(cv);
		*at = i;
		if (same)
			return c;
	}
	*at = 0;
	return checks != NULL && json_array_size(checks) > 0 ? json_array_get(checks, 0) : NULL;
}

/* feature: probe.json's feature name (object o at where) into f. */
static void feature(struct jread *r, const char *name, const json_t *o, const char *where,
		    struct results_feature *f)
{
	char *v = jread_str(r, o, where, "verdict", 1), what[160], w[300];
	int k = results_sv_find(v);
	const json_t *c;

	if (v != NULL && k < 0) {
		snprintf(what, sizeof(what),
			 "'%.60s' is not a verdict (supported, refused, wrong, untested)", v);
		jread_bad_at(r, where, "verdict", what);
	}
	free(v);
	f->feature = jread_dup(r, where, "", name);
	f->verdict = k >= 0 ? (enum results_sv)k : RESULTS_SV_UNTESTED;
	f->note = jread_str(r, o, where, "note", 0);
	size_t at = 0;

	if ((c = decider(r, o, where, k, &at)) == NULL || !json_is_object(c))
		return;
	snprintf(w, sizeof(w), "%s.checks[%zu]", where, at);
	f->check = jread_str(r, c, w, "check", 0);
	f->status = (long)jread_int(r, c, w, "status", 0, 0);
	f->code = jread_str(r, c, w, "code", 0);
	f->expected = jread_str(r, c, w, "expected", 0);
	f->detail = jread_str(r, c, w, "detail", 0);
}

/* subject: subjects[i] (o at where) into s and its id. */
static int subject(struct jread *r, const json_t *o, const char *where, struct results_support *s,
		   char **id)
{
	json_t *fs, *v;
	const char *name;
	char w[300];
	size_t k = 0;

	memset(s, 0, sizeof(*s));
	s->subject = -1;
	*id = jread_str(r, o, where, "subject", 1);
	s->probed = jread_str(r, o, where, "started", 0);
	s->error = jread_str(r, o, where, "error", 0);
	s->cleanup = jread_str(r, o, where, "cleanup", 0);
	if ((fs = jread_object(r, o, where, "features", 1)) == NULL || r->failed)
		return -1;
	jread_path(where, "features", w, sizeof(w));
	if ((s->features = jread_alloc(r, w, json_object_size(fs), sizeof(*s->features))) == NULL)
		return -1;
	json_object_foreach(fs, name, v) {
		char fw[400];
		snprintf(fw, sizeof(fw), "%s.%s", w, name);
		if (!json_is_object(v))
			return jread_bad(r, fw, "expected an object");
		feature(r, name, v, fw, &s->features[k]);
		s->n_features = ++k;
	}
	return r->failed ? -1 : 0;
}

/* add: the record read (s, id) appended to p (room made by the caller), or in place of
 * the earlier record of the same subject. */
static void add(struct probelog *p, struct results_support *s, char *id)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->ids[i], id) == 0) {
			results_support_free(&p->recs[i]);
			p->recs[i] = *s;
			free(id);
			return;
		}
	p->recs[p->n] = *s;
	p->ids[p->n++] = id;
}

int probelog_read(const char *data_dir, struct probelog *out, struct err *e)
{
	char path[PATH_MAX];
	struct jread r = {.file = PROBELOG_FILE, .e = e};
	struct stat sb;
	json_t *root, *a, *v;
	char *fmt, w[64];
	size_t i;

	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "%s/%s", data_dir, PROBELOG_FILE);
	if (stat(path, &sb) != 0 && errno == ENOENT)
		return 0;
	if ((root = jread_load(path, e)) == NULL)
		return -1;
	fmt = jread_str(&r, root, "", "format", 1);
	if (fmt != NULL && strcmp(fmt, PROBELOG_FORMAT) != 0)
		jread_bad(&r, "format", "not " PROBELOG_FORMAT);
	free(fmt);
	a = jread_array(&r, root, "", "subjects", 1);
	if (!r.failed) {
		out->recs = jread_alloc(&r, "subjects", json_array_size(a), sizeof(*out->recs));
		out->ids = jread_alloc(&r, "subjects", json_array_size(a), sizeof(*out->ids));
	}
	json_array_foreach(a, i, v) {
		struct results_support s;
		char *id = NULL;

		if (r.failed || jread_element(&r, "subjects", i, v, w, sizeof(w)) < 0)
			break;
		if (subject(&r, v, w, &s, &id) < 0 || id == NULL) {
			results_support_free(&s);
			free(id);
			break;
		}
		add(out, &s, id);
	}
	json_decref(root);
	return r.failed ? -1 : 0;
}

void probelog_drop(struct probelog *p, size_t i)
{
	if (i >= p->n)
		return;
	results_support_free(&p->recs[i]);
	free(p->ids[i]);
	memmove(&p->recs[i], &p->recs[i + 1], (p->n - i - 1) * sizeof(*p->recs));
	memmove(&p->ids[i], &p->ids[i + 1], (p->n - i - 1) * sizeof(*p->ids));
	p->n--;
}

void probelog_clear(struct probelog *p)
{
	for (size_t i = 0; i < p->n; i++) {
		results_support_free(&p->recs[i]);
		free(p->ids[i]);
	}
	free(p->recs);
	free(p->ids);
	memset(p, 0, sizeof(*p));
}
