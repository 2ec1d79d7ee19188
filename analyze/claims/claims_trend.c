/* analyze/claims/claims_trend.c: the "trend-alert" claims of analyze --history: one per
 * series of trend.json with a verdict (analyze/history/history_trend.c decides each; this
 * file only words its decision as a claim) and the summary trend-alert/summary
 * (claim_kinds.h; docs/METHODOLOGY.md, "Shifts over the builds"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/claims/claim_kinds.h"
#include "core/results/results.h"

/* one_series: the claim of series s (its change's state as the verdict). */
static int one_series(struct claim_list *l, const struct aggregate *a,
		      const struct results_trend_series *s)
{
	struct claim_key k = claim_key_of("trend-alert");
	const struct results_trend_change *ch = s->change;

	k.op = s->op;
	k.size = (long long)s->size;
	k.concurrency = s->concurrency;
	k.subject = claim_subject_of(a, s->subject);
	if (claims_add(l, a, &k, ch->state) < 0)
		return -1;
	claims_num(l, "points", (double)ch->points);
	claims_num(l, "ratio", ch->shift ? ch->ratio : NAN);
	claims_num(l, "ci_lo", ch->shift ? ch->ci_lo : NAN);
	claims_num(l, "ci_hi", ch->shift ? ch->ci_hi : NAN);
	claims_num(l, "p_adj", ch->shift ? ch->p_adj : NAN);
	claims_num(l, "since_build", ch->shift ? (double)ch->since_build : NAN);
	claims_num(l, "alert", ch->alert ? 1 : 0);
	return l->failed ? -1 : 0;
}

int claims_trend(struct claim_list *l, const struct aggregate *a, const struct results_trend *t)
{
	struct claim_key k = claim_key_of("trend-alert");
	const char *v = !t->enough_history ? "not-judged" : t->n_alerts ? "alert" : "no-alert";

	for (size_t i = 0; i < t->n_series; i++) {
		const struct results_trend_change *ch = t->series[i].change;

		if (ch != NULL && ch->state != NULL &&
		    results_claim_known("trend-alert", ch->state) &&
		    one_series(l, a, &t->series[i]) < 0)
			return -1;
	}
	k.tag = "summary";
	if (claims_add(l, a, &k, v) < 0)
		return -1;
	claims_num(l, "alerts", (double)t->n_alerts);
	claims_num(l, "watches", (double)t->n_watch);
	claims_num(l, "build", (double)t->build);
	return l->failed ? -1 : 0;
}

/* append: l's claims moved to the end of doc's claims[] (l emptied). -1 when memory runs
 * out (l as it was). */
static int append(struct results *doc, struct claim_list *l)
{
	struct results_claim *v;

	v = realloc(doc->claims, (doc->n_claims + l->n + 1) * sizeof(*v));
	if (v == NULL)
		return -1;
	memcpy(v + doc->n_claims, l->v, l->n * sizeof(*v));
	doc->claims = v;
	doc->n_claims += l->n;
	doc->has_claims = 1;
	l->n = 0;
	return 0;
}

int claims_trend_add(const char *agg_path, const char *trend_path, struct err *e)
{
	struct results_trend t = {0};
	struct results doc;
	struct aggregate a = {0}; /* only its subjects' ids, the claims' ids are made of */
	struct claim_list l = {0};
	int rc = -1, read = 0;

	if (results_trend_read(trend_path, &t, e) < 0)
		goto done;
	read = results_read(agg_path, &doc, e) == 0;
	if (!read)
		goto done;
	a.n_subjects = doc.n_subjects;
	a.subjects = calloc(doc.n_subjects + 1, sizeof(*a.subjects));
	for (size_t i = 0; a.subjects != NULL && i < doc.n_subjects; i++)
		a.subjects[i].id = doc.subjects[i].id;
	if (a.subjects == NULL || claims_trend(&l, &a, &t) < 0 || append(&doc, &l) < 0) {
		err_set(e, "claims: out of memory");
		goto done;
	}
	rc = results_write(&doc, agg_path, e);
done:
	free(a.subjects);
	claims_free(&l);
	if (read)
		results_free(&doc);
	results_trend_free(&t);
	return rc;
}
