/* core/results/results_support.c: see results_support.h. */
#include "core/results/results_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jwrite.h"
#include "core/results/results.h"

static const char *const verdict_names[RESULTS_SV_COUNT] = {"wrong", "refused", "untested",
							    "supported"};

const char *results_sv_name(enum results_sv v)
{
	return (unsigned)v < RESULTS_SV_COUNT ? verdict_names[v] : NULL;
}

int results_sv_find(const char *name)
{
	for (int v = 0; name != NULL && v < RESULTS_SV_COUNT; v++)
		if (strcmp(name, verdict_names[v]) == 0)
			return v;
	return -1;
}

static json_t *feature_json(const struct results_feature *f)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "feature", jwrite_str(f->feature), &ok);
	jwrite_put(o, "verdict", jwrite_str(results_sv_name(f->verdict)), &ok);
	jwrite_put(o, "note", jwrite_str(f->note), &ok);
	jwrite_put(o, "check", jwrite_str(f->check), &ok);
	jwrite_put(o, "status", json_integer(f->status), &ok);
	jwrite_put(o, "code", jwrite_str(f->code), &ok);
	jwrite_put(o, "expected", jwrite_str(f->expected), &ok);
	jwrite_put(o, "detail", jwrite_str(f->detail), &ok);
	return jwrite_done(o, ok);
}

static void feature_from(struct jread *r, const json_t *o, const char *where,
			 struct results_feature *f)
{
	char *v;
	char what[160];

	f->feature = jread_str(r, o, where, "feature", 1);
	v = jread_str(r, o, where, "verdict", 1);
	if (v != NULL && results_sv_find(v) < 0) {
		snprintf(what, sizeof(what),
			 "'%.60s' is not a verdict (supported, refused, wrong, untested)", v);
		jread_bad_at(r, where, "verdict", what);
	}
	f->verdict = v != NULL && results_sv_find(v) >= 0 ? (enum results_sv)results_sv_find(v)
							  : RESULTS_SV_UNTESTED;
	free(v);
	f->note = jread_str(r, o, where, "note", 0);
	f->check = jread_str(r, o, where, "check", 0);
	f->status = (long)jread_int(r, o, where, "status", 0, 0);
	f->code = jread_str(r, o, where, "code", 0);
	f->expected = jread_str(r, o, where, "expected", 0);
	f->detail = jread_str(r, o, where, "detail", 0);
}

json_t *results_support_to_json(const struct results_support *s, const struct results *doc)
{
	json_t *o = json_object(), *fs = json_array();
	int ok = 1;

	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, s->subject)), &ok);
	jwrite_put(o, "probed", jwrite_str(s->probed), &ok);
	jwrite_put(o, "error", jwrite_str(s->error), &ok);
	jwrite_put(o, "cleanup", jwrite_str(s->cleanup), &ok);
	for (size_t i = 0; i < s->n_features; i++)
		jwrite_add(fs, feature_json(&s->features[i]), &ok);
	jwrite_put(o, "features", fs, &ok);
	return jwrite_done(o, ok);
}

int results_support_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_support *s)
{
	json_t *fs, *v;
	char w[160], f[160];
	size_t i;

	memset(s, 0, sizeof(*s));
	s->subject = results_subject_ref(r, o, where, "subject");
	s->probed = jread_str(r, o, where, "probed", 0);
	s->error = jread_str(r, o, where, "error", 0);
	s->cleanup = jread_str(r, o, where, "cleanup", 0);
	if ((fs = jread_array(r, o, where, "features", 1)) == NULL || r->failed)
		return -1;
	jread_path(where, "features", f, sizeof(f));
	if ((s->features = jread_alloc(r, f, json_array_size(fs), sizeof(*s->features))) == NULL)
		return -1;
	json_array_foreach(fs, i, v) {
		if (jread_element(r, f, i, v, w, sizeof(w)) < 0)
			return -1;
		s->n_features = i + 1;
		feature_from(r, v, w, &s->features[i]);
	}
	return r->failed ? -1 : 0;
}

void results_support_free(struct results_support *s)
{
	free(s->probed);
	free(s->error);
	free(s->cleanup);
	for (size_t i = 0; i < s->n_features; i++) {
		struct results_feature *f = &s->features[i];
		free(f->feature);
		free(f->note);
		free(f->check);
		free(f->code);
		free(f->expected);
		free(f->detail);
	}
	free(s->features);
	memset(s, 0, sizeof(*s));
}
