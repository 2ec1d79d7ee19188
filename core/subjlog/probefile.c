/* core/subjlog/probefile.c: see probefile.h. */
#include "core/subjlog/probefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jread.h"

static json_t *check_json(const struct probefile_check *c)
{
	return json_pack("{s:s, s:s, s:I, s:s, s:s, s:s}", "check", c->check, "verdict",
			 results_sv_name((enum results_sv)c->verdict), "status",
			 (json_int_t)c->status, "code", c->code, "expected", c->expected, "detail",
			 c->detail);
}

static json_t *feature_json(const struct probefile_feature *f)
{
	json_t *o = json_pack("{s:s, s:s, s:[]}", "verdict", results_sv_name(f->verdict), "note",
			      f->note, "checks");
	json_t *a = o != NULL ? json_object_get(o, "checks") : NULL;

	for (size_t i = 0; a != NULL && i < f->n_checks; i++)
		if (json_array_append_new(a, check_json(&f->checks[i])) != 0) {
			json_decref(o);
			return NULL;
		}
	return o;
}

json_t *probefile_subject_json(const struct probefile_subject *s)
{
	json_t *o = subjlog_head_json(&s->head), *feats = json_object();

	if (o == NULL || feats == NULL || subjlog_head_end(o, &s->head) < 0 ||
	    json_object_set(o, "features", feats) != 0)
		goto fail;
	for (size_t f = 0; f < s->n_features; f++)
		if (json_object_set_new(feats, s->features[f].name,
					feature_json(&s->features[f])) != 0)
			goto fail;
	json_decref(feats);
	return o;
fail:
	json_decref(feats);
	json_decref(o);
	return NULL;
}

/* verdict: the verdict o.key (at where; required or not) as an enum results_sv, -1 when
 * absent; a name that is not a verdict fails. */
static int verdict(struct jread *r, const json_t *o, const char *where, const char *key,
		   int required)
{
	char *v = jread_str(r, o, where, key, required), what[160];
	int k = v != NULL ? results_sv_find(v) : -1;

	if (v != NULL && k < 0) {
		snprintf(what, sizeof(what),
			 "'%.60s' is not a verdict (supported, refused, wrong, untested)", v);
		jread_bad_at(r, where, key, what);
	}
	free(v);
	return k;
}

/* check: checks[i] (o at where) into elem, a probefile_check. */
static void check(struct jread *r, const json_t *o, const char *where, void *elem)
{
	struct probefile_check *c = elem;

	c->check = jread_str(r, o, where, "check", 0);
	c->verdict = verdict(r, o, where, "verdict", 0);
	c->status = (long)jread_int(r, o, where, "status", 0, 0);
	c->code = jread_str(r, o, where, "code", 0);
	c->expected = jread_str(r, o, where, "expected", 0);
	c->detail = jread_str(r, o, where, "detail", 0);
}

/* feature: feature name (object o at where) into elem, a probefile_feature. */
static void feature(struct jread *r, const char *name, const json_t *o, const char *where,
		    void *elem)
{
	struct probefile_feature *f = elem;
	int k = verdict(r, o, where, "verdict", 1);

	f->name = jread_dup(r, where, "", name);
	f->verdict = k >= 0 ? (enum results_sv)k : RESULTS_SV_UNTESTED;
	f->note = jread_str(r, o, where, "note", 0);
	f->checks = subjlog_list(r, o, where, "checks", sizeof(*f->checks), check, &f->n_checks);
}

/* subject: the features of subjects[i] (o at where) into rec, a probefile_subject. */
static int subject(struct jread *r, const json_t *o, const char *where, void *rec)
{
	struct probefile_subject *s = rec;

	s->features = subjlog_members(r, o, where, "features", sizeof(*s->features), feature,
				      &s->n_features);
	return r->failed ? -1 : 0;
}

void probefile_subject_free(struct probefile_subject *s)
{
	for (size_t f = 0; s->features != NULL && f < s->n_features; f++) {
		struct probefile_feature *ft = &s->features[f];
		for (size_t i = 0; ft->checks != NULL && i < ft->n_checks; i++) {
			free((void *)ft->checks[i].check);
			free((void *)ft->checks[i].code);
			free((void *)ft->checks[i].expected);
			free((void *)ft->checks[i].detail);
		}
		free(ft->checks);
		free((void *)ft->name);
		free((void *)ft->note);
	}
	free(s->features);
	subjlog_head_free(&s->head);
	memset(s, 0, sizeof(*s));
}

static json_t *encode(const void *rec)
{
	return probefile_subject_json(rec);
}

static void free_rec(void *rec)
{
	probefile_subject_free(rec);
}

const struct subjlog_kind probefile_kind = {
	PROBEFILE_NAME, PROBEFILE_FORMAT, sizeof(struct probefile_subject),
	encode,         subject,          free_rec};

int probefile_write(const char *dir, const struct probefile_subject *s, size_t n, struct err *e)
{
	return subjlog_write(dir, &probefile_kind, s, n, e);
}

int probefile_read(const char *data_dir, struct probefile_subject **s, size_t *n, struct err *e)
{
	void *recs;
	int rc = subjlog_read(data_dir, &probefile_kind, &recs, n, e);

	*s = recs;
	return rc;
}

void probefile_free(struct probefile_subject *s, size_t n)
{
	subjlog_free(&probefile_kind, s, n);
}
