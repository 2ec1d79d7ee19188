/* core/subjlog/consistfile.c: see consistfile.h. */
#include "core/subjlog/consistfile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jread.h"

static const char *const outcome_names[CONSISTFILE_COUNT] = {"strong", "stale", "timeout",
							     "untested"};

const char *consistfile_outcome_name(enum consistfile_outcome o)
{
	return (unsigned)o < CONSISTFILE_COUNT ? outcome_names[o] : "";
}

static json_t *probe_json(const struct consistfile_probe *p)
{
	return json_pack("{s:s, s:o, s:f, s:i, s:s}", "outcome",
			 consistfile_outcome_name(p->outcome), "window_ms",
			 isnan(p->window_ms) ? json_null() : json_real(p->window_ms), "stale_ms",
			 p->stale_ms, "stale_polls", p->stale_polls, "detail", p->detail);
}

/* kind_json: {"probes": [...]} of kind k (new reference; NULL when out of memory). */
static json_t *kind_json(const struct consistfile_kind *k)
{
	json_t *a = json_array();

	for (size_t i = 0; a != NULL && i < k->n_probes; i++)
		if (json_array_append_new(a, probe_json(&k->probes[i])) != 0) {
			json_decref(a);
			return NULL;
		}
	return a != NULL ? json_pack("{s:o}", "probes", a) : NULL;
}

json_t *consistfile_subject_json(const struct consistfile_subject *s)
{
	json_t *o = subjlog_head_json(&s->head), *kinds = json_object();

	if (o == NULL || kinds == NULL ||
	    json_object_set_new(o, "repeat", json_integer((json_int_t)s->repeat)) != 0 ||
	    json_object_set_new(o, "poll_ms", json_real(s->poll_ms)) != 0 ||
	    json_object_set_new(o, "max_wait_ms", json_real(s->max_wait_ms)) != 0 ||
	    subjlog_head_end(o, &s->head) < 0 || json_object_set(o, "kinds", kinds) != 0)
		goto fail;
	for (size_t k = 0; k < s->n_kinds; k++)
		if (json_object_set_new(kinds, s->kinds[k].name, kind_json(&s->kinds[k])) != 0)
			goto fail;
	json_decref(kinds);
	return o;
fail:
	json_decref(kinds);
	json_decref(o);
	return NULL;
}

/* probe: probes[i] (o at where) into elem, a consistfile_probe. */
static void probe(struct jread *r, const json_t *o, const char *where, void *elem)
{
	struct consistfile_probe *p = elem;
	char *v = jread_str(r, o, where, "outcome", 1), what[160];
	int i = 0;

	while (v != NULL && i < CONSISTFILE_COUNT && strcmp(v, outcome_names[i]) != 0)
		i++;
	if (v != NULL && i == CONSISTFILE_COUNT) {
		snprintf(what, sizeof(what),
			 "'%.60s' is not an outcome (strong, stale, timeout, untested)", v);
		jread_bad_at(r, where, "outcome", what);
	}
	free(v);
	p->outcome = i < CONSISTFILE_COUNT ? (enum consistfile_outcome)i : CONSISTFILE_UNTESTED;
	p->window_ms = jread_num(r, o, where, "window_ms", 0);
	p->stale_ms = jread_num(r, o, where, "stale_ms", 0);
	p->stale_polls = (int)jread_int(r, o, where, "stale_polls", 0, 0);
	p->detail = jread_str(r, o, where, "detail", 0);
	if (r->failed || (p->outcome != CONSISTFILE_STALE && p->outcome != CONSISTFILE_TIMEOUT))
		return;
	if (!isfinite(p->window_ms) || p->window_ms < 0)
		jread_bad_at(r, where, "window_ms", "expected a number >= 0 for a violation");
}

/* kind: the probes of kind name (object o at where) into elem, a consistfile_kind. */
static void kind(struct jread *r, const char *name, const json_t *o, const char *where, void *elem)
{
	struct consistfile_kind *k = elem;

	k->name = jread_dup(r, where, "", name);
	k->probes = subjlog_list(r, o, where, "probes", sizeof(*k->probes), probe, &k->n_probes);
}

/* subject: the settings and kinds of subjects[i] (o at where) into rec, a
 * consistfile_subject. */
static int subject(struct jread *r, const json_t *o, const char *where, void *rec)
{
	struct consistfile_subject *s = rec;

	s->poll_ms = jread_num(r, o, where, "poll_ms", 1);
	s->max_wait_ms = jread_num(r, o, where, "max_wait_ms", 1);
	s->repeat = jread_int(r, o, where, "repeat", 1, 0);
	s->kinds = subjlog_members(r, o, where, "kinds", sizeof(*s->kinds), kind, &s->n_kinds);
	return r->failed ? -1 : 0;
}

void consistfile_subject_free(struct consistfile_subject *s)
{
	for (size_t k = 0; s->kinds != NULL && k < s->n_kinds; k++) {
		for (size_t i = 0; s->kinds[k].probes != NULL && i < s->kinds[k].n_probes; i++)
			free((void *)s->kinds[k].probes[i].detail);
		free(s->kinds[k].probes);
		free((void *)s->kinds[k].name);
	}
	free(s->kinds);
	subjlog_head_free(&s->head);
	memset(s, 0, sizeof(*s));
}

static json_t *encode(const void *rec)
{
	return consistfile_subject_json(rec);
}

static void free_rec(void *rec)
{
	consistfile_subject_free(rec);
}

const struct subjlog_kind consistfile_kind = {
	CONSISTFILE_NAME, CONSISTFILE_FORMAT, sizeof(struct consistfile_subject), encode, subject,
	free_rec};

int consistfile_write(const char *dir, const struct consistfile_subject *s, size_t n, struct err *e)
{
	return subjlog_write(dir, &consistfile_kind, s, n, e);
}

int consistfile_read(const char *data_dir, struct consistfile_subject **s, size_t *n, struct err *e)
{
	void *recs;
	int rc = subjlog_read(data_dir, &consistfile_kind, &recs, n, e);

	*s = recs;
	return rc;
}

void consistfile_free(struct consistfile_subject *s, size_t n)
{
	subjlog_free(&consistfile_kind, s, n);
}
