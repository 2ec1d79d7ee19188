/* core/results/results_head.c: see results_head.h. */
#include "core/results/results_head.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

json_t *results_campaign_to_json(const struct results_campaign *c)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "name", jwrite_str(c->name), &ok);
	jwrite_put(o, "title", jwrite_str(c->title), &ok);
	jwrite_put(o, "client", jwrite_str(c->client), &ok);
	jwrite_put(o, "cycles", json_integer(c->cycles), &ok);
	jwrite_put(o, "order", jwrite_str(c->order), &ok);
	return jwrite_done(o, ok);
}

int results_campaign_from_json(struct jread *r, const json_t *o, struct results_campaign *c)
{
	memset(c, 0, sizeof(*c));
	if (o == NULL || json_is_null(o))
		return 0;
	if (!json_is_object(o))
		return jread_bad(r, "campaign", "expected an object or null");
	c->name = jread_str(r, o, "campaign", "name", 0);
	c->title = jread_str(r, o, "campaign", "title", 0);
	c->client = jread_str(r, o, "campaign", "client", 0);
	c->order = jread_str(r, o, "campaign", "order", 0);
	c->cycles = (int)jread_int(r, o, "campaign", "cycles", 0, 0);
	return r->failed ? -1 : 0;
}

void results_campaign_free(struct results_campaign *c)
{
	free(c->name);
	free(c->title);
	free(c->client);
	free(c->order);
}

json_t *results_policy_to_json(const struct results_policy *p)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "name", jwrite_str(p->name), &ok);
	if (p->repeat > 0)
		jwrite_put(o, "repeat", json_integer((json_int_t)p->repeat), &ok);
	jwrite_put(o, "min_samples", json_integer((json_int_t)p->min_samples), &ok);
	jwrite_put(o, "rule", jwrite_str(p->rule), &ok);
	return jwrite_done(o, ok);
}

int results_policy_from_json(struct jread *r, const json_t *o, struct results_policy *p)
{
	memset(p, 0, sizeof(*p));
	if (o != NULL && !json_is_object(o))
		return jread_bad(r, "policy", "expected an object");
	p->name = jread_str(r, o, "policy", "name", 1);
	p->rule = jread_str(r, o, "policy", "rule", 1);
	p->min_samples = jread_int(r, o, "policy", "min_samples", 0, 1);
	p->repeat = jread_int(r, o, "policy", "repeat", 0, 0);
	return r->failed ? -1 : 0;
}

void results_policy_free(struct results_policy *p)
{
	free(p->name);
	free(p->rule);
}

/* moderation_json: statistics.moderation, null when not present. */
static json_t *moderation_json(const struct results_moderation *m)
{
	json_t *o;
	int ok = 1;

	if (!m->present)
		return json_null();
	o = json_object();
	jwrite_put(o, "method", jwrite_str(m->method), &ok);
	jwrite_put(o, "variances", json_integer((json_int_t)m->variances), &ok);
	jwrite_put(o, "df_prior", jnum_new(m->df_prior), &ok);
	jwrite_put(o, "var_prior", jnum_new(m->var_prior), &ok);
	jwrite_put(o, "df_pooled", jnum_new(m->df_pooled), &ok);
	return jwrite_done(o, ok);
}

json_t *results_statistics_to_json(const struct results_statistics *s)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "confidence", jnum_new(s->confidence), &ok);
	jwrite_put(o, "alpha", jnum_new(s->alpha), &ok);
	jwrite_put(o, "adjust", jwrite_str(s->adjust), &ok);
	jwrite_put(o, "family", json_integer((json_int_t)s->family), &ok);
	jwrite_put(o, "family_scope", jwrite_str(s->family_scope), &ok);
	jwrite_put(o, "leader_adjust", jwrite_str(s->leader_adjust), &ok);
	jwrite_put(o, "power", jnum_new(s->power), &ok);
	jwrite_put(o, "moderation", moderation_json(&s->moderation), &ok);
	return jwrite_done(o, ok);
}

/* moderation_from: statistics.moderation (absent or null: not present). */
static void moderation_from(struct jread *r, const json_t *o, struct results_moderation *m)
{
	static const char *const w = "statistics.moderation";

	if ((o = jread_object(r, o, "statistics", "moderation", 0)) == NULL)
		return;
	m->present = 1;
	m->method = jread_str(r, o, w, "method", 0);
	m->variances = jread_int(r, o, w, "variances", 0, 0);
	m->df_prior = jread_num(r, o, w, "df_prior", 0);
	if (isnan(m->df_prior))
		m->df_prior = INFINITY;
	m->var_prior = jread_num(r, o, w, "var_prior", 0);
	m->df_pooled = jread_num(r, o, w, "df_pooled", 0);
}

int results_statistics_from_json(struct jread *r, const json_t *o, struct results_statistics *s)
{
	static const char *const w = "statistics";

	memset(s, 0, sizeof(*s));
	if (!json_is_object(o))
		return jread_bad(r, w, "expected an object or null");
	s->confidence = jread_num(r, o, w, "confidence", 0);
	/* the level analyze used (its default or --alpha): no default here */
	s->alpha = jread_num(r, o, w, "alpha", 1);
	s->power = jread_num(r, o, w, "power", 0);
	s->family = jread_int(r, o, w, "family", 0, 0);
	s->adjust = jread_str(r, o, w, "adjust", 0);
	s->family_scope = jread_str(r, o, w, "family_scope", 0);
	s->leader_adjust = jread_str(r, o, w, "leader_adjust", 0);
	moderation_from(r, o, &s->moderation);
	if (isnan(s->alpha) && !r->failed)
		jread_bad_at(r, w, "alpha", "expected a number (the comparisons' level)");
	return r->failed ? -1 : 0;
}

void results_statistics_free(struct results_statistics *s)
{
	free(s->adjust);
	free(s->family_scope);
	free(s->leader_adjust);
	free(s->moderation.method);
}

json_t *results_subject_to_json(const struct results_subject *s)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "id", jwrite_str(s->id), &ok);
	jwrite_put(o, "label", jwrite_str(s->label), &ok);
	jwrite_put(o, "color", jwrite_str(s->color), &ok);
	jwrite_put(o, "endpoint", jwrite_str(s->endpoint), &ok);
	jwrite_put(o, "region", jwrite_str(s->region), &ok);
	jwrite_put(o, "send", jwrite_str(s->send), &ok);
	jwrite_put(o, "path_style_dotted", jwrite_str(s->dotted_bucket), &ok);
	return jwrite_done(o, ok);
}

static int valid_color(const char *s)
{
	if (strlen(s) != 7 || s[0] != '#')
		return 0;
	for (int i = 1; i < 7; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

int results_subject_from_json(struct jread *r, const json_t *o, const char *where,
			      struct results_subject *s)
{
	memset(s, 0, sizeof(*s));
	s->id = jread_str(r, o, where, "id", 1);
	s->label = jread_str(r, o, where, "label", 0);
	s->endpoint = jread_str(r, o, where, "endpoint", 0);
	s->region = jread_str(r, o, where, "region", 0);
	s->send = jread_str(r, o, where, "send", 0);
	s->dotted_bucket = jread_str(r, o, where, "path_style_dotted", 0);
	s->color = jread_str(r, o, where, "color", 0);
	if (!r->failed && s->color != NULL && *s->color && !valid_color(s->color))
		jread_bad_at(r, where, "color", "expected \"#rrggbb\" or null");
	return r->failed ? -1 : 0;
}

void results_subject_free(struct results_subject *s)
{
	free(s->id);
	free(s->label);
	free(s->color);
	free(s->endpoint);
	free(s->region);
	free(s->send);
	free(s->dotted_bucket);
}

json_t *results_matrix_to_json(const struct results_matrix *m)
{
	json_t *o = json_object(), *sizes = json_array(), *labels = json_array(),
	       *conc = json_array();
	int ok = 1;

	for (size_t i = 0; i < m->n_sizes; i++) {
		jwrite_add(sizes, json_integer((json_int_t)m->sizes[i]), &ok);
		jwrite_add(labels, jwrite_str(m->size_labels ? m->size_labels[i] : NULL), &ok);
	}
	for (size_t i = 0; i < m->n_concurrency; i++)
		jwrite_add(conc, json_integer(m->concurrency[i]), &ok);
	jwrite_put(o, "ops", jwrite_strings(m->ops, m->n_ops), &ok);
	jwrite_put(o, "sizes", sizes, &ok);
	jwrite_put(o, "size_labels", labels, &ok);
	jwrite_put(o, "concurrency", conc, &ok);
	return jwrite_done(o, ok);
}

/* matrix_labels: matrix.size_labels (strings or nulls, one per sizes entry; absent: NULL). */
static int matrix_labels(struct jread *r, const json_t *mx, struct results_matrix *m)
{
	json_t *a = json_object_get(mx, "size_labels"), *v;
	char w[64];
	size_t k;

	if (a == NULL || json_is_null(a))
		return 0;
	if (!json_is_array(a) || json_array_size(a) != m->n_sizes)
		return jread_bad(r, "matrix.size_labels",
				 "expected an array as long as matrix.sizes");
	if ((m->size_labels = jread_alloc(r, "matrix.size_labels", m->n_sizes,
					  sizeof(*m->size_labels))) == NULL)
		return -1;
	json_array_foreach(a, k, v) {
		snprintf(w, sizeof(w), "matrix.size_labels[%zu]", k);
		if (json_is_null(v))
			continue;
		if (!json_is_string(v))
			return jread_bad(r, w, "expected a string or null");
		if ((m->size_labels[k] = jread_dup(r, w, "", json_string_value(v))) == NULL)
			return -1;
	}
	return 0;
}

int results_matrix_from_json(struct jread *r, const json_t *mx, struct results_matrix *m)
{
	json_t *ops = json_object_get(mx, "ops"), *sizes = json_object_get(mx, "sizes"),
	       *conc = json_object_get(mx, "concurrency"), *v;
	char w[64];
	size_t i;

	memset(m, 0, sizeof(*m));
	if (!json_is_array(ops))
		return jread_bad(r, "matrix.ops", "expected an array");
	if (!json_is_array(sizes))
		return jread_bad(r, "matrix.sizes", "expected an array");
	if (!json_is_array(conc))
		return jread_bad(r, "matrix.concurrency", "expected an array");
	if ((m->ops = jread_alloc(r, "matrix.ops", json_array_size(ops), sizeof(*m->ops))) == NULL)
		return -1;
	json_array_foreach(ops, i, v) {
		snprintf(w, sizeof(w), "matrix.ops[%zu]", i);
		if (!json_is_string(v))
			return jread_bad(r, w, "expected a string");
		if ((m->ops[i] = jread_dup(r, w, "", json_string_value(v))) == NULL)
			return -1;
		m->n_ops = i + 1;
	}
	if ((m->sizes = jread_alloc(r, "matrix.sizes", json_array_size(sizes),
				    sizeof(*m->sizes))) == NULL)
		return -1;
	json_array_foreach(sizes, i, v) {
		snprintf(w, sizeof(w), "matrix.sizes[%zu]", i);
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return jread_bad(r, w, "expected a size in bytes");
		m->sizes[i] = (uint64_t)json_integer_value(v);
		m->n_sizes = i + 1;
	}
	if ((m->concurrency = jread_alloc(r, "matrix.concurrency", json_array_size(conc),
					  sizeof(*m->concurrency))) == NULL)
		return -1;
	json_array_foreach(conc, i, v) {
		snprintf(w, sizeof(w), "matrix.concurrency[%zu]", i);
		if (!json_is_integer(v) || json_integer_value(v) < 1)
			return jread_bad(r, w, "expected a positive integer");
		m->concurrency[i] = (int)json_integer_value(v);
		m->n_concurrency = i + 1;
	}
	return matrix_labels(r, mx, m);
}

void results_matrix_free(struct results_matrix *m)
{
	for (size_t i = 0; i < m->n_ops; i++)
		free(m->ops[i]);
	for (size_t i = 0; m->size_labels != NULL && i < m->n_sizes; i++)
		free(m->size_labels[i]);
	free(m->ops);
	free(m->sizes);
	free(m->size_labels);
	free(m->concurrency);
}

json_t *results_unreadable_to_json(const struct results_unreadable *u)
{
	json_t *o = json_object();
	int ok = 1;

	jwrite_put(o, "path", jwrite_str(u->path), &ok);
	jwrite_put(o, "error", jwrite_str(u->error), &ok);
	if (u->subject != NULL) {
		jwrite_put(o, "cycle", u->cycle > 0 ? json_integer(u->cycle) : json_null(), &ok);
		jwrite_put(o, "subject", jwrite_str(u->subject), &ok);
		jwrite_put(o, "op", jwrite_str(u->op), &ok);
		jwrite_put(o, "size", json_integer((json_int_t)u->size), &ok);
		jwrite_put(o, "concurrency", json_integer(u->concurrency), &ok);
	}
	return jwrite_done(o, ok);
}

int results_unreadable_from_json(struct jread *r, const json_t *o, const char *where,
				 struct results_unreadable *u)
{
	u->path = jread_str(r, o, where, "path", 0);
	u->error = jread_str(r, o, where, "error", 0);
	u->subject = jread_str(r, o, where, "subject", 0);
	u->op = jread_str(r, o, where, "op", 0);
	u->cycle = (int)jread_int(r, o, where, "cycle", 0, 0);
	u->size = (uint64_t)jread_int(r, o, where, "size", 0, 0);
	u->concurrency = (int)jread_int(r, o, where, "concurrency", 0, 0);
	return r->failed ? -1 : 0;
}

void results_unreadable_free(struct results_unreadable *u)
{
	free(u->path);
	free(u->error);
	free(u->subject);
	free(u->op);
}

const char *results_subject_id(const struct results *doc, int i)
{
	return i >= 0 && (size_t)i < doc->n_subjects ? doc->subjects[i].id : NULL;
}

int results_subject_find(const struct jread *r, const char *id)
{
	for (size_t i = 0; id != NULL && i < r->n_subjects; i++)
		if (r->subjects[i].id != NULL && strcmp(r->subjects[i].id, id) == 0)
			return (int)i;
	return -1;
}

int results_subject_ref(struct jread *r, const json_t *o, const char *where, const char *key)
{
	char *id = jread_str(r, o, where, key, 1), w[320];
	int i = -1;

	if (id != NULL) {
		i = results_subject_find(r, id);
		if (i < 0 && r->n_subjects == 0)
			jread_bad(r, "subjects", "empty: nothing to compare");
		else if (i < 0) {
			snprintf(w, sizeof(w), "'%.200s' is not in subjects[]", id);
			jread_bad_at(r, where, key, w);
		}
	}
	free(id);
	return i;
}

/* read_subject_ref: element v as the index of a subject of subjects[] into the int at slot. */
static int read_subject_ref(struct jread *r, const char *field, const json_t *v, void *slot,
			    void *ctx)
{
	int *s = slot;

	(void)ctx;
	*s = results_subject_find(r, json_string_value(v));
	return *s < 0 ? jread_bad(r, field, "expected a subject id of subjects[]") : 0;
}

void results_subject_refs(struct jread *r, const json_t *o, const char *where, const char *key,
			  int **out, size_t *n)
{
	void *list;

	jread_list(r, o, where, key, "subject ids", sizeof(int), read_subject_ref, NULL, &list, n);
	*out = list;
}
