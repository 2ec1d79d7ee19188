/* core/results/results_claims.c: see results_claims.h. */
#include "core/results/results_claims.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jnum.h"
#include "core/jwrite.h"
#include "core/results/results.h"

static const char *const lead[] = {"clear",    "tie",     "unresolved", "blocked",
				   "untested", "depends", NULL};
static const char *const tail_lead[] = {"clear", "tie", "unresolved", "blocked", "untested", NULL};
static const char *const lead_count[] = {"most", "some", "none", NULL};
static const char *const client_limit[] = {"limited", "caveat", NULL};
static const char *const errors[] = {"above-threshold", NULL};
static const char *const rate_step[] = {"sustained", "not-sustained", "client-limited",
					"not-judged", NULL};
static const char *const sustained[] = {"held", "none", NULL};
static const char *const knee[] = {"found", "none", NULL};
static const char *const rank[] = {"ranked", "no-difference", NULL};
static const char *const highest[] = {"found", "client-limited", NULL};
static const char *const client_balance[] = {"imbalanced", "balanced", NULL};
static const char *const time_share[] = {"dominant", "spread", NULL};
static const char *const payload[] = {"fair", "as-asked", "unfair", NULL};
static const char *const time_of_day[] = {"dip", "none", NULL};
static const char *const caveat[] = {"one-cycle", "partial-phases", "short-window", NULL};
static const char *const ran_differently[] = {"differs", "differs-by-vantage", NULL};
static const char *const staleness[] = {"strong", "stale", "unsettled", "untested", NULL};
static const char *const trend_alert[] = {"regression", "improvement",  "watch",
					  "steady",     "insufficient", "alert",
					  "no-alert",   "not-judged",   NULL};
static const char *const vantage[] = {"rank-changes", "interaction", "consistent", "untested",
				      NULL};
static const char *const lead_vantages[] = {"every-vantage", "depends", "not-every-vantage", NULL};
static const char *const vantage_lead[] = {"clear",   "tie",      "unresolved",
					   "blocked", "untested", NULL};
static const char *const change[] = {"regression", "improvement", "no-change", "untested",
				     "changed",    "unchanged",   NULL};

static const char *const replay[] = {"slower", "faster", "alike", "not-judged", NULL};
static const char *const replay_lead[] = {"leads", "alike", "blocked", "not-judged", NULL};
static const char *const feature_gap[] = {"wrong", "refused", "setting", NULL};
static const char *const correctness[] = {"violated", "held", "not-judged", NULL};

const struct results_claim_kind results_claim_kinds[] = {
	{"lead", lead},
	{"lead-count", lead_count},
	{"tail-lead", tail_lead},
	{"client-limit", client_limit},
	{"errors", errors},
	{"correctness", correctness},
	{"replay", replay},
	{"replay-lead", replay_lead},
	{"rate-step", rate_step},
	{"sustained", sustained},
	{"knee", knee},
	{"rank", rank},
	{"highest", highest},
	{"client-balance", client_balance},
	{"time-share", time_share},
	{"caveat", caveat},
	{"ran-differently", ran_differently},
	{"feature-gap", feature_gap},
	{"vantage", vantage},
	{"lead-vantages", lead_vantages},
	{"vantage-lead", vantage_lead},
	{"payload", payload},
	{"time-of-day", time_of_day},
	{"staleness", staleness},
	{"change", change},
	{"trend-alert", trend_alert},
	{NULL, NULL},
};

/* kind_of: kind's entry of results_claim_kinds; NULL when unknown. */
static const struct results_claim_kind *kind_of(const char *kind)
{
	for (const struct results_claim_kind *k = results_claim_kinds;
	     kind != NULL && k->kind != NULL; k++)
		if (strcmp(k->kind, kind) == 0)
			return k;
	return NULL;
}

int results_claim_known(const char *kind, const char *verdict)
{
	const struct results_claim_kind *k = kind_of(kind);

	for (size_t i = 0; k != NULL && verdict != NULL && k->verdicts[i] != NULL; i++)
		if (strcmp(k->verdicts[i], verdict) == 0)
			return 1;
	return 0;
}

json_t *results_claim_to_json(const struct results_claim *c, const struct results *doc)
{
	json_t *o = json_object(), *subjects = json_array(), *figures = json_object();
	int ok = 1;

	for (size_t i = 0; i < c->n_subjects; i++)
		jwrite_add(subjects, jwrite_str(results_subject_id(doc, c->subjects[i])), &ok);
	for (size_t i = 0; i < c->n_figures; i++) {
		const struct results_claim_figure *f = &c->figures[i];

		jwrite_put(figures, f->name,
			   f->text != NULL ? json_string(f->text) : jnum_new(f->num), &ok);
	}
	jwrite_put(o, "id", jwrite_str(c->id), &ok);
	jwrite_put(o, "kind", jwrite_str(c->kind), &ok);
	jwrite_put(o, "verdict", jwrite_str(c->verdict), &ok);
	jwrite_put(o, "op", jwrite_str(c->op), &ok);
	jwrite_put(o, "size", jwrite_count(c->size), &ok);
	jwrite_put(o, "concurrency", jwrite_count(c->concurrency), &ok);
	jwrite_put(o, "subject", jwrite_str(results_subject_id(doc, c->subject)), &ok);
	jwrite_put(o, "subjects", subjects, &ok);
	jwrite_put(o, "reasons", jwrite_strings(c->reasons, c->n_reasons), &ok);
	jwrite_put(o, "figures", figures, &ok);
	return jwrite_done(o, ok);
}

/* check_kind: c's kind and verdict are results_claim_kinds'; else -1 naming the field and
 * what it could be. */
static int check_kind(struct jread *r, const char *where, const struct results_claim *c)
{
	const struct results_claim_kind *k = kind_of(c->kind);
	char w[600];
	size_t len;

	if (k == NULL) {
		snprintf(w, sizeof(w), "'%.200s' is not a kind of claim (docs/FORMATS.md, Claims)",
			 c->kind);
		return jread_bad_at(r, where, "kind", w);
	}
	if (results_claim_known(c->kind, c->verdict))
		return 0;
	len = (size_t)snprintf(w, sizeof(w), "'%.200s' is not a verdict of a %s claim (expected",
			       c->verdict, k->kind);
	for (size_t i = 0; k->verdicts[i] != NULL && len < sizeof(w); i++)
		len += (size_t)snprintf(w + len, sizeof(w) - len, "%s %s", i ? "," : "",
					k->verdicts[i]);
	if (len < sizeof(w))
		snprintf(w + len, sizeof(w) - len, ")");
	return jread_bad_at(r, where, "verdict", w);
}

/* figures_from: o.figures (absent or null: none) into c's figures. */
static int figures_from(struct jread *r, const json_t *o, const char *where,
			struct results_claim *c)
{
	json_t *f = jread_object(r, o, where, "figures", 0), *v;
	const char *name;
	char w[256];

	if (f == NULL)
		return r->failed ? -1 : 0;
	jread_path(where, "figures", w, sizeof(w));
	if ((c->figures = jread_alloc(r, w, json_object_size(f), sizeof(*c->figures))) == NULL)
		return -1;
	json_object_foreach(f, name, v) {
		struct results_claim_figure *g = &c->figures[c->n_figures];

		g->num = NAN;
		if ((g->name = jread_dup(r, w, name, name)) == NULL)
			return -1;
		c->n_figures++;
		if (json_is_string(v))
			g->text = jread_dup(r, w, name, json_string_value(v));
		else if (json_is_number(v) || json_is_null(v))
			g->num = jnum_get(v);
		else
			return jread_bad_at(r, w, name, "expected a number, a string or null");
	}
	return r->failed ? -1 : 0;
}

int results_claim_from_json(struct jread *r, const json_t *o, const char *where,
			    struct results_claim *c)
{
	const json_t *s;
	long long conc;

	memset(c, 0, sizeof(*c));
	c->size = -1;
	c->concurrency = c->subject = -1;
	c->id = jread_str(r, o, where, "id", 1);
	c->kind = jread_str(r, o, where, "kind", 1);
	c->verdict = jread_str(r, o, where, "verdict", 1);
	if (r->failed)
		return -1;
	if (*c->id == '\0')
		return jread_bad_at(r, where, "id", "expected a claim's id, not \"\"");
	if (check_kind(r, where, c) < 0)
		return -1;
	c->op = jread_str(r, o, where, "op", 0);
	c->size = jread_int(r, o, where, "size", 0, -1);
	conc = jread_int(r, o, where, "concurrency", 0, -1);
	if (conc > INT_MAX)
		return jread_bad_at(r, where, "concurrency", "expected a concurrency or null");
	c->concurrency = (int)conc;
	if ((s = json_object_get(o, "subject")) != NULL && !json_is_null(s))
		c->subject = results_subject_ref(r, o, where, "subject");
	results_subject_refs(r, o, where, "subjects", &c->subjects, &c->n_subjects);
	jread_strings(r, o, where, "reasons", &c->reasons, &c->n_reasons);
	if (r->failed)
		return -1;
	return figures_from(r, o, where, c);
}

void results_claim_free(struct results_claim *c)
{
	free(c->id);
	free(c->kind);
	free(c->verdict);
	free(c->op);
	free(c->subjects);
	for (size_t i = 0; i < c->n_reasons; i++)
		free(c->reasons[i]);
	free(c->reasons);
	for (size_t i = 0; i < c->n_figures; i++) {
		free(c->figures[i].name);
		free(c->figures[i].text);
	}
	free(c->figures);
	memset(c, 0, sizeof(*c));
}

const struct results_claim *results_claim_find(const struct results_claim *v, size_t n,
					       const char *id)
{
	for (size_t i = 0; id != NULL && i < n; i++)
		if (v[i].id != NULL && strcmp(v[i].id, id) == 0)
			return &v[i];
	return NULL;
}

const struct results_claim_figure *results_claim_figure(const struct results_claim *c,
							const char *name)
{
	for (size_t i = 0; name != NULL && i < c->n_figures; i++)
		if (strcmp(c->figures[i].name, name) == 0)
			return &c->figures[i];
	return NULL;
}

double results_claim_num(const struct results_claim *c, const char *name)
{
	const struct results_claim_figure *f = results_claim_figure(c, name);

	return f != NULL && f->text == NULL ? f->num : NAN;
}

const char *results_claim_text(const struct results_claim *c, const char *name)
{
	const struct results_claim_figure *f = results_claim_figure(c, name);

	return f != NULL ? f->text : NULL;
}

/* id_part: "/" (unless buf is empty) and s at the end of buf (n bytes) when s is not empty. */
static void id_part(char *buf, size_t n, const char *s)
{
	size_t len = strlen(buf);

	if (s != NULL && *s && len + 1 < n)
		snprintf(buf + len, n - len, "%s%s", len ? "/" : "", s);
}

char *results_claim_id(char *buf, size_t n, const char *kind, const char *tag, const char *op,
		       long long size, int concurrency, const char *subject, const char *extra)
{
	char part[32];

	if (n == 0)
		return buf;
	buf[0] = '\0';
	id_part(buf, n, kind);
	id_part(buf, n, tag);
	id_part(buf, n, op);
	snprintf(part, sizeof(part), "%lld", size);
	id_part(buf, n, size >= 0 ? part : NULL);
	snprintf(part, sizeof(part), "c%d", concurrency);
	id_part(buf, n, concurrency >= 0 ? part : NULL);
	id_part(buf, n, subject);
	id_part(buf, n, extra);
	return buf;
}

char *results_claim_extra(char *buf, size_t n, double rate, int mix, int dist, int range)
{
	if (rate > 0)
		snprintf(buf, n, "r%g", rate);
	else
		snprintf(buf, n, "%s", mix ? "mix" : dist ? "dist" : range ? "range" : "");
	return buf;
}

int results_claim_has_reason(const struct results_claim *c, const char *reason)
{
	for (size_t i = 0; reason != NULL && i < c->n_reasons; i++)
		if (strcmp(c->reasons[i], reason) == 0)
			return 1;
	return 0;
}
