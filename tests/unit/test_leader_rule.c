/* tests/unit/test_leader_rule.c: analyze/cells/leader_rule (through aggregate_build): the
 * leader's family with Holm's step-down and its step-level intervals, the counterpart
 * of an unresolved lead, and by simulation (docs/METHODOLOGY.md, "Leader rule"): 1,000
 * synthetic campaigns of 4 subjects, 6 categories and 3 cycles with lognormal noise at
 * CV 5 % per run. With the leader 25 % above the other three in every category, the
 * share of categories with a clear lead (the power) must be at least 80 %; with no
 * difference at all, the share of categories with a (false) clear lead, each leader's
 * family-wise error, must be at most 5 %. Both are printed, with the campaign-wise rate
 * of false clear leads, the statuses and what the rule before moderation (Bonferroni over
 * the whole report, each pair's own variance) would have said. Seed fixed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/compare.h"
#include "tests/unit/check.h"

#define SUBJECTS 4
#define CATEGORIES 6
#define CYCLES 3
#define CAMPAIGNS 1000
#define CV 0.05
#define LEAD 1.25
#define RUNS (SUBJECTS * CATEGORIES * CYCLES)

static const char *const subj[SUBJECTS] = {"a", "b", "c", "d"};

static void run(struct runlog *r, const char *s, const char *op, uint64_t size, int cycle, double x)
{
	memset(r, 0, sizeof(*r));
	r->path = "runs/x";
	r->subject = (char *)s;
	r->op = (char *)op;
	r->size = size;
	r->concurrency = 1;
	r->cycle = cycle;
	r->objects = -1;
	r->has_summary = 1;
	r->summary.bytes = 1000;
	r->summary.mib_s = x;
	r->summary.obj_s = x;
}

static const struct agg_leader *leader_of(const struct aggregate *a, const char *op)
{
	for (size_t i = 0; i < a->n_leaders; i++)
		if (!strcmp(a->leaders[i].op, op))
			return &a->leaders[i];
	return NULL;
}

/* One category, 3 cycles: a ~200, b ~100 (clearly below a), c ~190 with a wide spread. */
static void test_family(void)
{
	static const double va[] = {200, 205, 198}, vb[] = {100, 104, 99}, vc[] = {150, 230, 190};
	static const char *const order[] = {"a", "b", "c"};
	struct agg_options o = {.policy = POLICY_MEAN,
				.min_samples = 1,
				.cycles = 3,
				.subject_order = order,
				.n_subject_order = 3};
	struct runlog v[9];
	struct err e = {{0}};
	struct aggregate *a;
	const struct agg_leader *l;
	size_t n = 0;

	for (int c = 1; c <= 3; c++) {
		run(&v[n++], "a", "get", 1 << 20, c, va[c - 1]);
		run(&v[n++], "b", "get", 1 << 20, c, vb[c - 1]);
		run(&v[n++], "c", "get", 1 << 20, c, vc[c - 1]);
	}
	a = aggregate_build(v, n, &o, &e);
	CHECK(a != NULL, "aggregate_build: %s", e.msg);
	if (a == NULL)
		return;
	l = leader_of(a, "get");
	CHECK(l && l->subject == 0 && l->family == 2 && l->status == LEADER_UNRESOLVED &&
		      l->n_tied == 1 && l->tied_with[0] == 2,
	      "a leads b clearly, c is not resolved");
	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct agg_comparison *c = &a->comparisons[i];
		struct compare_adjusted adj;

		if (c->a != 0) {
			CHECK(!c->in_lead && isnan(c->lead_p_adj), "b-c is not in a's family");
			continue;
		}
		compare_adjust_test(&c->t, c->lead_step, a->alpha, &adj);
		CHECK(c->in_lead && c->lead_step == (c->b == 1 ? 2 : 1) &&
			      c->lead_significant == (c->b == 1) && c->lead_lo == adj.lo &&
			      c->lead_hi == adj.hi,
		      "a-%s: Holm step divisor %zu, its interval", subj[c->b], c->lead_step);
		if (c->b == 2 && l != NULL)
			CHECK(l->versus.present && l->versus.subject == 2 && l->versus.pairs == 3 &&
				      l->versus.ratio == c->t.ratio && l->versus.lo == c->t.lo &&
				      l->versus.adj_lo == c->lead_lo &&
				      l->versus.adj_level == 1 - a->alpha,
			      "versus: a/c before adjustment and at its step's level");
	}
	aggregate_free(a);
}

/* rng: a small LCG (the test's own stream); normal: Box-Muller. */
static double rng(unsigned long long *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(unsigned long long *s)
{
	return sqrt(-2 * log(rng(s))) * cos(2 * M_PI * rng(s));
}

/* campaign: 4 subjects x (put, get) x 3 sizes x 3 cycles, every run 100 times a lognormal
 * factor of mean 1 and CV 5 %; with lead, subject (category % 4) of each category is
 * LEAD times the others. */
static size_t campaign(struct runlog *v, unsigned long long *seed, int lead)
{
	static const char *const ops[] = {"put", "get"};
	double sd = sqrt(log(1 + CV * CV));
	size_t n = 0;

	for (int c = 1; c <= CYCLES; c++)
		for (int k = 0; k < CATEGORIES; k++)
			for (int s = 0; s < SUBJECTS; s++) {
				double level = lead && s == k % SUBJECTS ? 100 * LEAD : 100;

				run(&v[n++], subj[s], ops[k / 3], (uint64_t)1 << (16 + 4 * (k % 3)),
				    c, level * exp(sd * normal(seed) - sd * sd / 2));
			}
	return n;
}

/* bonferroni_clear: l clear by the rule before moderation: every comparison with it
 * significant, in its favour, with Bonferroni over all of a's comparisons and each
 * pair's own variance (sd, pairs - 1 degrees of freedom). */
static int bonferroni_clear(const struct aggregate *a, const struct agg_leader *l)
{
	size_t fam = 0, with = 0, above = 0;

	for (size_t i = 0; i < a->n_comparisons; i++)
		fam += a->comparisons[i].t.test != NULL;
	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct agg_comparison *c = &a->comparisons[i];
		struct compare_adjusted adj;
		double d;

		if (strcmp(c->op, l->op) || c->size != l->size ||
		    (c->a != l->subject && c->b != l->subject))
			continue;
		with++;
		d = log(c->t.ratio) * (c->a == l->subject ? 1 : -1);
		compare_adjust(d, c->t.sd / sqrt((double)c->pairs), (double)c->pairs - 1, 0.5, fam,
			       a->alpha, &adj);
		above += adj.significant && d > 0;
	}
	return with > 0 && above == with;
}

struct tally {
	size_t verdicts, clear, right, tie, unresolved, old_clear, campaigns_all, campaigns_any;
	size_t infinite, agree, lead_cmp;
};

/* tally_campaign: one built campaign's verdicts into t (lead: the true leader of
 * category k is subject k % 4). */
static void tally_campaign(const struct aggregate *a, int lead, struct tally *t)
{
	size_t clear = 0;

	for (size_t i = 0; i < a->n_leaders; i++) {
		const struct agg_leader *l = &a->leaders[i];

		t->verdicts++;
		clear += l->status == LEADER_CLEAR;
		t->clear += l->status == LEADER_CLEAR;
		t->right += l->status == LEADER_CLEAR && (!lead || l->subject == i % SUBJECTS);
		t->tie += l->status == LEADER_TIE;
		t->unresolved += l->status == LEADER_UNRESOLVED;
		t->old_clear += bonferroni_clear(a, l);
	}
	t->campaigns_all += clear == a->n_leaders;
	t->campaigns_any += clear > 0;
	t->infinite += isinf(a->prior.df);
	for (size_t i = 0; i < a->n_comparisons; i++) {
		const struct agg_comparison *c = &a->comparisons[i];

		if (!c->in_lead)
			continue;
		t->lead_cmp++;
		t->agree += (c->lead_lo > 1 || c->lead_hi < 1) == c->lead_significant &&
			    (c->lead_p_adj < a->alpha) == c->lead_significant;
	}
}

static void simulate(int lead, struct tally *t)
{
	static const char *const order[] = {"a", "b", "c", "d"};
	static struct runlog v[RUNS];
	struct agg_options o = {.policy = POLICY_MEAN,
				.min_samples = 1,
				.cycles = CYCLES,
				.subject_order = order,
				.n_subject_order = SUBJECTS};
	unsigned long long seed = lead ? 33 : 36;

	memset(t, 0, sizeof(*t));
	for (int k = 0; k < CAMPAIGNS; k++) {
		size_t n = campaign(v, &seed, lead);
		struct err e = {{0}};
		struct aggregate *a = aggregate_build(v, n, &o, &e);

		if (a == NULL) {
			CHECK(0, "campaign %d: %s", k, e.msg);
			return;
		}
		tally_campaign(a, lead, t);
		aggregate_free(a);
	}
}

static double pct(size_t k, size_t n)
{
	return n ? 100.0 * (double)k / (double)n : NAN;
}

static void test_simulation(void)
{
	struct tally p, z;

	simulate(1, &p);
	simulate(0, &z);
	printf("simulation: %d campaigns each, %d subjects, %d categories, %d cycles, lognormal "
	       "noise CV %.0f %%\n",
	       CAMPAIGNS, SUBJECTS, CATEGORIES, CYCLES, CV * 100);
	printf("  leader %.0f %% above the others: clear (the right subject) in %.1f %% of %zu "
	       "categories, all %d clear in %.1f %% of campaigns; Bonferroni over the report "
	       "without moderation: %.1f %%; prior df infinite in %.1f %% of campaigns\n",
	       (LEAD - 1) * 100, pct(p.right, p.verdicts), p.verdicts, CATEGORIES,
	       pct(p.campaigns_all, CAMPAIGNS), pct(p.old_clear, p.verdicts),
	       pct(p.infinite, CAMPAIGNS));
	printf("  no difference: false clear lead in %.2f %% of %zu categories (each leader's "
	       "family), in %.1f %% of campaigns (any of its %d); tie %.1f %%, unresolved %.1f "
	       "%%; Bonferroni over the report without moderation: %.2f %%\n",
	       pct(z.clear, z.verdicts), z.verdicts, pct(z.campaigns_any, CAMPAIGNS), CATEGORIES,
	       pct(z.tie, z.verdicts), pct(z.unresolved, z.verdicts), pct(z.old_clear, z.verdicts));
	CHECK(p.verdicts == CAMPAIGNS * CATEGORIES && pct(p.right, p.verdicts) >= 80,
	      "a 25 %% lead is clear in at least 80 %% of categories: %.1f %%",
	      pct(p.right, p.verdicts));
	CHECK(z.verdicts == CAMPAIGNS * CATEGORIES && pct(z.clear, z.verdicts) <= 5,
	      "no difference: false clear leads in at most 5 %% of categories: %.2f %%",
	      pct(z.clear, z.verdicts));
	CHECK(z.tie > 0 && z.unresolved > 0, "no difference: both tie and unresolved occur");
	CHECK(p.agree == p.lead_cmp && z.agree == z.lead_cmp && p.lead_cmp > 0,
	      "the family intervals exclude 1 exactly when Holm rejects: %zu + %zu of %zu + %zu",
	      p.agree, z.agree, p.lead_cmp, z.lead_cmp);
}

int main(void)
{
	test_family();
	test_simulation();
	return check_done();
}
