/* analyze/claims/claims_vantage.c: the "vantage" claims (claims.h; docs/METHODOLOGY.md,
 * "Vantages"): in a merge of several vantages, one claim per headline category (PUT and GET
 * at the largest size and highest concurrency) worded from its subject x vantage interaction
 * test (analyze/cells/vantage.h): its verdict, the subjects whose rank flips (all in
 * subjects[], the first also the claim's subject), the test's figures and the first flagged
 * subject's rank in each vantage. Then the leads judged within each vantage (docs/METHODOLOGY.md,
 * "Vantages": leads): per matrix category with a pooled lead, a "lead-vantages" claim, how the
 * vantages' own leaders agree with the pooled one (every-vantage, depends, not-every-vantage:
 * vantage_agreement), and per vantage and category a "vantage-lead" claim, its own leader and
 * the leader rule's verdict within it (the lead claim's verdicts). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/vantage.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"
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

/* in_category: 1 when lead d is of the category (op, size, conc). */
static int in_category(const struct vantage_lead *d, const char *op, uint64_t size, int conc)
{
	return d->size == size && d->concurrency == conc && strcmp(d->op, op) == 0;
}

void claims_vantage_by(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v,
		       const char *op, uint64_t size, int conc)
{
	struct strbuf b = {0};

	for (size_t i = 0; i < v->n_leads; i++) {
		const struct vantage_lead *d = &v->leads[i];
		const char *label = a->subjects[d->subject].label;

		if (!in_category(d, op, size, conc))
			continue;
		if (b.len)
			strbuf_adds(&b, ", ");
		strbuf_adds(&b, v->names[d->vantage]);
		strbuf_adds(&b, ": ");
		strbuf_adds(&b, label != NULL ? label : a->subjects[d->subject].id);
	}
	if (b.failed)
		l->failed = 1;
	claims_text(l, "by_vantage", b.p);
	strbuf_free(&b);
}

void claims_vantage_leaders(struct claim_list *l, const struct aggregate *a,
			    const struct vantage_set *v, const char *op, uint64_t size, int conc,
			    size_t pooled)
{
	for (size_t i = 0; i < v->n_leads; i++) {
		const struct vantage_lead *d = &v->leads[i];
		int seen = d->subject == pooled;

		for (size_t j = 0; !seen && j < i; j++)
			seen = in_category(&v->leads[j], op, size, conc) &&
			       v->leads[j].subject == d->subject;
		if (in_category(d, op, size, conc) && !seen)
			claims_also(l, (int)d->subject);
	}
	claims_vantage_by(l, a, v, op, size, conc);
}

/* names: v's names, ", "-separated, as the last claim's figure "vantage_names". */
static void names(struct claim_list *l, const struct vantage_set *v)
{
	struct strbuf b = {0};

	for (size_t i = 0; i < v->n; i++) {
		if (b.len)
			strbuf_adds(&b, ", ");
		strbuf_adds(&b, v->names[i]);
	}
	if (b.failed)
		l->failed = 1;
	claims_text(l, "vantage_names", b.p);
	strbuf_free(&b);
}

/* category: the last claim's figures of the category (size, workers). */
static void category(struct claim_list *l, uint64_t size, int conc)
{
	char sz[UNITS_SIZE_MAX];

	units_format_size(size, sz, sizeof(sz));
	claims_text(l, "size_label", sz);
	claims_num(l, "workers", conc);
}

/* agreement: the lead-vantages claim of pooled leader ld; none when no vantage has a lead
 * in its category. */
static int agreement(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v,
		     const struct agg_leader *ld)
{
	struct claim_key k = claim_key_of("lead-vantages");
	enum vantage_agree g = vantage_agreement(v, ld->op, ld->size, ld->concurrency, ld->subject);

	if (g == VANTAGE_AGREE_NONE)
		return 0;
	k.op = ld->op;
	k.size = (long long)ld->size;
	k.concurrency = ld->concurrency;
	if (claims_add(l, a, &k, vantage_agree_name(g)) < 0)
		return -1;
	claims_last(l)->subject = (int)ld->subject;
	claims_vantage_leaders(l, a, v, ld->op, ld->size, ld->concurrency, ld->subject);
	category(l, ld->size, ld->concurrency);
	names(l, v);
	claims_text(l, "pooled", claim_rules_lead(ld->status, ld->climit.blocked));
	return l->failed ? -1 : 0;
}

/* vantage_lead: the vantage-lead claim of d, its id's last part "vK" (K: the vantage's
 * 1-based index). */
static int vantage_lead(struct claim_list *l, const struct aggregate *a,
			const struct vantage_set *v, const struct vantage_lead *d)
{
	struct claim_key k = claim_key_of("vantage-lead");

	k.op = d->op;
	k.size = (long long)d->size;
	k.concurrency = d->concurrency;
	snprintf(k.extra, sizeof(k.extra), "v%zu", d->vantage + 1);
	if (claims_add(l, a, &k, d->status) < 0)
		return -1;
	claims_last(l)->subject = (int)d->subject;
	claims_text(l, "vantage", v->names[d->vantage]);
	category(l, d->size, d->concurrency);
	return l->failed ? -1 : 0;
}

int claims_vantage(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v,
		   struct err *e)
{
	if (v == NULL || v->n < 2)
		return 0;
	for (size_t i = 0; i < v->n_tests; i++)
		if (v->tests[i].headline && one(l, a, v, &v->tests[i]) < 0)
			return err_set(e, "claims: out of memory");
	for (size_t i = 0; i < a->n_leaders; i++)
		if (agreement(l, a, v, &a->leaders[i]) < 0)
			return err_set(e, "claims: out of memory");
	for (size_t i = 0; i < v->n_leads; i++)
		if (vantage_lead(l, a, v, &v->leads[i]) < 0)
			return err_set(e, "claims: out of memory");
	return 0;
}
