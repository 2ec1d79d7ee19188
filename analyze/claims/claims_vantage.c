/* analyze/claims/claims_vantage.c: the "vantage" claims (claims.h; docs/METHODOLOGY.md,
 * "Vantages"): in a merge of several vantages, one claim per headline category (PUT and GET
 * at the largest size and highest concurrency) worded from its subject x vantage interaction
 * test (analyze/cells/vantage.h): its verdict, the subjects whose rank flips (all in
 * subjects[], the first also the claim's subject), the test's figures and the first flagged
 * subject's rank in each vantage. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/vantage.h"
#include "analyze/claims/claim_kinds.h"
#include "core/strbuf.h"
#include "core/units.h"

/* ranks: subject s's rank in each vantage of test t's category, "NAME: R, NAME: R", into b. */
static void ranks(const struct vantage_set *v, const struct vantage_test *t, size_t s,
		  struct strbuf *b)
{
	for (size_t i = 0; i < v->n_cells; i++) {
		const struct vantage_cell *c = &v->cells[i];
		char one[160];

		if (c->subject != s || c->size != t->size || c->concurrency != t->concurrency ||
		    strcmp(c->op, t->op) != 0 || c->rank == 0)
			continue;
		snprintf(one, sizeof(one), "%s%s: %d", b->len ? ", " : "", v->names[c->vantage],
			 c->rank);
		strbuf_adds(b, one);
	}
}

static int one(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v,
	       const struct vantage_test *t)
{
	struct claim_key k = claim_key_of("vantage");
	struct results_claim *c;
	struct strbuf b = {0};
	char size[UNITS_SIZE_MAX], p[32];

	k.op = t->op;
	k.size = (long long)t->size;
	k.concurrency = t->concurrency;
	if (claims_add(l, a, &k, vantage_verdict_name(t->verdict)) < 0)
		return -1;
	if ((c = claims_last(l)) != NULL && t->n_flagged > 0)
		c->subject = (int)t->flagged[0];
	for (size_t i = 0; i < t->n_flagged; i++)
		claims_also(l, (int)t->flagged[i]);
	units_format_size(t->size, size, sizeof(size));
	claims_text(l, "size_label", size);
	claims_num(l, "workers", t->concurrency);
	claims_num(l, "vantages", (double)v->n);
	for (size_t i = 0; i < v->n; i++) {
		if (b.len)
			strbuf_adds(&b, ", ");
		strbuf_adds(&b, v->names[i]);
	}
	claims_text(l, "vantage_names", b.p);
	strbuf_free(&b);
	claims_num(l, "subjects_tested", (double)t->subjects);
	claims_num(l, "f", t->f);
	claims_num(l, "df1", t->df1);
	claims_num(l, "df2", t->df2);
	claims_num(l, "p", t->p);
	if (isfinite(t->p))
		snprintf(p, sizeof(p), t->p < 0.001 ? "< 0.001" : "= %.3f", t->p);
	claims_text(l, "p_shown", isfinite(t->p) ? p : NULL);
	claims_num(l, "alpha", t->alpha);
	if (t->n_flagged > 0) {
		ranks(v, t, t->flagged[0], &b);
		claims_text(l, "ranks", b.p);
		strbuf_free(&b);
	}
	return l->failed ? -1 : 0;
}

int claims_vantage(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v,
		   struct err *e)
{
	for (size_t i = 0; v != NULL && v->n >= 2 && i < v->n_tests; i++)
		if (v->tests[i].headline && one(l, a, v, &v->tests[i]) < 0)
			return err_set(e, "claims: out of memory");
	return 0;
}
