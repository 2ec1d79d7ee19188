/* analyze/read/probelog.c: see probelog.h. */
#include "analyze/read/probelog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/read/subjlog.h"
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

/* feature: probe.json's feature name (object o at where) into elem, a results_feature. */
static void feature(struct jread *r, const char *name, const json_t *o, const char *where,
		    void *elem)
{
	struct results_feature *f = elem;
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

/* subject: subjects[i] (o at where) into rec, a results_support. */
static int subject(struct jread *r, const json_t *o, const char *where, void *rec)
{
	struct results_support *s = rec;

	s->subject = -1;
	s->probed = jread_str(r, o, where, "started", 0);
	s->error = jread_str(r, o, where, "error", 0);
	s->cleanup = jread_str(r, o, where, "cleanup", 0);
	s->features = subjlog_members(r, o, where, "features", sizeof(*s->features), feature,
				      &s->n_features);
	return r->failed ? -1 : 0;
}

static void free_rec(void *rec)
{
	results_support_free(rec);
}

static const struct subjlog_kind file = {PROBELOG_FILE, PROBELOG_FORMAT,
					 sizeof(struct results_support), subject, free_rec};

int probelog_read(const char *data_dir, struct probelog *out, struct err *e)
{
	void *recs;
	int rc = subjlog_read(data_dir, &file, &recs, &out->ids, &out->n, e);

	out->recs = recs;
	return rc;
}

void probelog_drop(struct probelog *p, size_t i)
{
	subjlog_drop(&file, p->recs, p->ids, &p->n, i);
}

void probelog_clear(struct probelog *p)
{
	subjlog_free(&file, p->recs, p->ids, p->n);
	memset(p, 0, sizeof(*p));
}
