/* analyze/read/consistlog.c: see consistlog.h. */
#include "analyze/read/consistlog.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/subjlog.h"
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

/* kind: the probes of kind name (o at where) summed into elem, a results_stale_kind. */
static void kind(struct jread *r, const char *name, const json_t *o, const char *where, void *elem)
{
	struct results_stale_kind *k = elem;
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

/* subject: subjects[i] (o at where) into rec, a results_staleness. */
static int subject(struct jread *r, const json_t *o, const char *where, void *rec)
{
	struct results_staleness *s = rec;

	s->subject = -1;
	s->probed = jread_str(r, o, where, "started", 0);
	s->error = jread_str(r, o, where, "error", 0);
	s->cleanup = jread_str(r, o, where, "cleanup", 0);
	s->poll_ms = jread_num(r, o, where, "poll_ms", 1);
	s->max_wait_ms = jread_num(r, o, where, "max_wait_ms", 1);
	s->repeat = jread_int(r, o, where, "repeat", 1, 0);
	s->kinds = subjlog_members(r, o, where, "kinds", sizeof(*s->kinds), kind, &s->n_kinds);
	return r->failed ? -1 : 0;
}

static void free_rec(void *rec)
{
	results_staleness_free(rec);
}

static const struct subjlog_kind file = {CONSISTLOG_FILE, CONSISTLOG_FORMAT,
					 sizeof(struct results_staleness), subject, free_rec};

int consistlog_read(const char *data_dir, struct consistlog *out, struct err *e)
{
	void *recs;
	int rc = subjlog_read(data_dir, &file, &recs, &out->ids, &out->n, e);

	out->recs = recs;
	return rc;
}

void consistlog_drop(struct consistlog *c, size_t i)
{
	subjlog_drop(&file, c->recs, c->ids, &c->n, i);
}

void consistlog_clear(struct consistlog *c)
{
	subjlog_free(&file, c->recs, c->ids, c->n);
	memset(c, 0, sizeof(*c));
}
