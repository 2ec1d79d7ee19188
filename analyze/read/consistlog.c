/* analyze/read/consistlog.c: see consistlog.h. */
#include "analyze/read/consistlog.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/jread.h"

#define CONSISTLOG_FORMAT "s3bench-consistency/1"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* probe: one probe (o at where) counted into k, its window appended when a violation. */
static void probe(struct jread *r, const json_t *o, const char *where, struct results_stale_kind *k)
{
	static const char *const outcomes[] = {"strong", "stale", "timeout", "untested"};
	char *v = jread_str(r, o, where, "outcome", 1), what[160];
	double w = jread_num(r, o, where, "window_ms", 0);
	double st = jread_num(r, o, where, "stale_ms", 0);
	int i = 0;

	while (v != NULL && i < 4 && strcmp(v, outcomes[i]) != 0)
		i++;
	if (v != NULL && i == 4) {
		snprintf(what, sizeof(what),
			 "'%.60s' is not an outcome (strong, stale, timeout, untested)", v);
		jread_bad_at(r, where, "outcome", what);
	}
	free(v);
	if (r->failed)
		return;
	if (i == 3) {
		k->untested++;
		return;
	}
	k->probes++;
	if (i == 0)
		return;
	if (!isfinite(w) || w < 0) {
		jread_bad_at(r, where, "window_ms", "expected a number >= 0 for a violation");
		return;
	}
	k->violations += 1;
	k->timeouts += i == 2;
	k->windows_ms[k->n_windows++] = w;
	if (isfinite(st) && !(st <= k->stale_max_ms))
		k->stale_max_ms = st;
}

/* kind: the probes of kind name (o at where) summed into k. */
static void kind(struct jread *r, const char *name, const json_t *o, const char *where,
		 struct results_stale_kind *k)
{
	json_t *ps = jread_array(r, o, where, "probes", 1), *v;
	char w[400], f[400];
	size_t i;

	k->kind = jread_dup(r, where, "", name);
	k->max_ms = k->median_ms = k->stale_max_ms = NAN;
	if (ps == NULL || r->failed)
		return;
	jread_path(where, "probes", f, sizeof(f));
	if ((k->windows_ms = jread_alloc(r, f, json_array_size(ps), sizeof(double))) == NULL)
		return;
	json_array_foreach(ps, i, v) {
		if (jread_element(r, f, i, v, w, sizeof(w)) < 0)
			return;
		probe(r, v, w, k);
		if (r->failed)
			return;
	}
	if (k->n_windows == 0)
		return;
	qsort(k->windows_ms, k->n_windows, sizeof(double), cmp_double);
	k->max_ms = k->windows_ms[k->n_windows - 1];
	k->median_ms = k->n_windows % 2 ? k->windows_ms[k->n_windows / 2]
					: (k->windows_ms[k->n_windows / 2 - 1] +
					   k->windows_ms[k->n_windows / 2]) /
						  2;
}

/* subject: subjects[i] (o at where) into s and its id. */
static int subject(struct jread *r, const json_t *o, const char *where, struct results_staleness *s,
		   char **id)
{
	json_t *ks, *v;
	const char *name;
	char w[300];
	size_t k = 0;

	memset(s, 0, sizeof(*s));
	s->subject = -1;
	*id = jread_str(r, o, where, "subject", 1);
	s->probed = jread_str(r, o, where, "started", 0);
	s->error = jread_str(r, o, where, "error", 0);
	s->cleanup = jread_str(r, o, where, "cleanup", 0);
	s->poll_ms = jread_num(r, o, where, "poll_ms", 1);
	s->max_wait_ms = jread_num(r, o, where, "max_wait_ms", 1);
	s->repeat = jread_int(r, o, where, "repeat", 1, 0);
	if ((ks = jread_object(r, o, where, "kinds", 1)) == NULL || r->failed)
		return -1;
	jread_path(where, "kinds", w, sizeof(w));
	if ((s->kinds = jread_alloc(r, w, json_object_size(ks), sizeof(*s->kinds))) == NULL)
		return -1;
	json_object_foreach(ks, name, v) {
		char kw[400];
		snprintf(kw, sizeof(kw), "%s.%s", w, name);
		if (!json_is_object(v))
			return jread_bad(r, kw, "expected an object");
		s->n_kinds = ++k;
		kind(r, name, v, kw, &s->kinds[k - 1]);
	}
	return r->failed ? -1 : 0;
}

/* add: the record read (s, id) appended to c (room made by the caller), or in place of
 * the earlier record of the same subject. */
static void add(struct consistlog *c, struct results_staleness *s, char *id)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->ids[i], id) == 0) {
			results_staleness_free(&c->recs[i]);
			c->recs[i] = *s;
			free(id);
			return;
		}
	c->recs[c->n] = *s;
	c->ids[c->n++] = id;
}

int consistlog_read(const char *data_dir, struct consistlog *out, struct err *e)
{
	char path[PATH_MAX];
	struct jread r = {.file = CONSISTLOG_FILE, .e = e};
	struct stat sb;
	json_t *root, *a, *v;
	char *fmt, w[64];
	size_t i;

	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "%s/%s", data_dir, CONSISTLOG_FILE);
	if (stat(path, &sb) != 0 && errno == ENOENT)
		return 0;
	if ((root = jread_load(path, e)) == NULL)
		return -1;
	fmt = jread_str(&r, root, "", "format", 1);
	if (fmt != NULL && strcmp(fmt, CONSISTLOG_FORMAT) != 0)
		jread_bad(&r, "format", "not " CONSISTLOG_FORMAT);
	free(fmt);
	a = jread_array(&r, root, "", "subjects", 1);
	if (!r.failed) {
		out->recs = jread_alloc(&r, "subjects", json_array_size(a), sizeof(*out->recs));
		out->ids = jread_alloc(&r, "subjects", json_array_size(a), sizeof(*out->ids));
	}
	json_array_foreach(a, i, v) {
		struct results_staleness s;
		char *id = NULL;

		if (r.failed || jread_element(&r, "subjects", i, v, w, sizeof(w)) < 0)
			break;
		if (subject(&r, v, w, &s, &id) < 0 || id == NULL) {
			results_staleness_free(&s);
			free(id);
			break;
		}
		add(out, &s, id);
	}
	json_decref(root);
	return r.failed ? -1 : 0;
}

void consistlog_drop(struct consistlog *c, size_t i)
{
	if (i >= c->n)
		return;
	results_staleness_free(&c->recs[i]);
	free(c->ids[i]);
	memmove(&c->recs[i], &c->recs[i + 1], (c->n - i - 1) * sizeof(*c->recs));
	memmove(&c->ids[i], &c->ids[i + 1], (c->n - i - 1) * sizeof(*c->ids));
	c->n--;
}

void consistlog_clear(struct consistlog *c)
{
	for (size_t i = 0; i < c->n; i++) {
		results_staleness_free(&c->recs[i]);
		free(c->ids[i]);
	}
	free(c->recs);
	free(c->ids);
	memset(c, 0, sizeof(*c));
}
