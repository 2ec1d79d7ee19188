/* analyze/claims/claims_lead.c: the "lead", "tail-lead" and "lead-count" claims
 * (claim_kinds.h; docs/METHODOLOGY.md, "Claims": leads). A lead's verdict is its leader rule's
 * status (analyze/cells/leader_rule.h) unless another subject's cell of its category was
 * client-limited for a blocking reason (analyze/cells/climit_cells.h): then "blocked", never
 * "clear". A tail lead's is its tail leader's status (analyze/cells/tail.h: the lowest
 * supported pooled p50 or p99, judged by the tail comparisons paired by cycle, Holm in its
 * family), "blocked" by a client limit as a lead is. In a merge of vantages (docs/METHODOLOGY.md,
 * "Vantages": leads) a lead that would be clear, a tie or unresolved is "depends" when some
 * vantage's own leader is another subject (analyze/cells/vantage.h, vantage_agreement), and
 * every lead says how the vantages' leads agree with it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/cell.h"
#include "analyze/cells/compare.h"
#include "analyze/cells/condcheck.h"
#include "analyze/cells/tail.h"
#include "analyze/cells/vantage.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"

static int in_category(const struct agg_cell *c, const struct agg_leader *l)
{
	return strcmp(c->op, l->op) == 0 && c->size == l->size && c->concurrency == l->concurrency;
}

/* figure: cell c's figure of l's kind, higher is better: its key figure (a lead), the
 * reciprocal of its supported pooled percentile (a tail lead); NaN when none or when its
 * conditional writes broke their promise (condcheck_violated: no result). */
static double figure(const struct agg_cell *c, const struct agg_leader *l)
{
	if (condcheck_violated(c))
		return NAN;
	if (l->metric == NULL)
		return cell_key(c)->value;
	return 1 / tail_pooled(c, strcmp(l->metric, tail_metric[0]) == 0 ? 0 : 1, 1);
}

/* with_value: the subjects with a value in l's category; *runner_up: the highest of them
 * but the leader (-1: none). */
static size_t with_value(const struct aggregate *a, const struct agg_leader *l, int *runner_up)
{
	double best = NAN;
	size_t n = 0;

	*runner_up = -1;
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];
		double v = figure(c, l);

		if (!in_category(c, l) || !isfinite(v))
			continue;
		n++;
		if (c->subject != l->subject && !(v <= best)) {
			best = v;
			*runner_up = (int)c->subject;
		}
	}
	return n;
}

/* comparison: the comparison of l's subject with subject s in l's category (of l's metric:
 * a tail comparison for a tail lead); NULL: none. */
static const struct agg_comparison *comparison(const struct aggregate *a,
					       const struct agg_leader *l, size_t s)
{
	const struct agg_comparison *v = l->metric ? a->tail_comparisons : a->comparisons;
	size_t n = l->metric ? a->n_tail_comparisons : a->n_comparisons;

	for (size_t i = 0; i < n; i++) {
		const struct agg_comparison *c = &v[i];

		if ((l->metric == NULL || strcmp(c->metric, l->metric) == 0) &&
		    strcmp(c->op, l->op) == 0 && c->size == l->size &&
		    c->concurrency == l->concurrency &&
		    ((c->a == l->subject && c->b == s) || (c->b == l->subject && c->a == s)))
			return c;
	}
	return NULL;
}

/* versus: the figures of l against subject s (the one its verdict is worded against),
 * oriented leader / s: the ratio and its 95 % interval, its interval and Holm-adjusted p in
 * the leader's family. */
static void versus(struct claim_list *l, const struct aggregate *a, const struct agg_leader *ld,
		   int s)
{
	const struct agg_comparison *c = s >= 0 ? comparison(a, ld, (size_t)s) : NULL;
	int up = c != NULL && c->a == ld->subject, lead = c != NULL && c->in_lead;

	claims_text(l, "versus", s >= 0 ? a->subjects[s].id : NULL);
	claims_text(l, "test", c != NULL ? c->t.test : NULL);
	claims_num(l, "pairs", c != NULL ? (double)c->pairs : NAN);
	if (c == NULL || c->t.test == NULL) {
		static const char *const none[] = {"versus_ratio", "ci95_lo",   "ci95_hi",
						   "ci_adj_lo",    "ci_adj_hi", "ci_adj_level",
						   "p_adj"};

		for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++)
			claims_num(l, none[i], NAN);
		return;
	}
	claims_num(l, "versus_ratio", up ? c->t.ratio : 1 / c->t.ratio);
	claims_num(l, "ci95_lo", up ? c->t.lo : 1 / c->t.hi);
	claims_num(l, "ci95_hi", up ? c->t.hi : 1 / c->t.lo);
	claims_num(l, "ci_adj_lo", !lead ? NAN : up ? c->lead_lo : 1 / c->lead_hi);
	claims_num(l, "ci_adj_hi", !lead ? NAN : up ? c->lead_hi : 1 / c->lead_lo);
	claims_num(l, "ci_adj_level", lead ? 1 - a->alpha / (double)c->lead_step : NAN);
	claims_num(l, "p_adj", lead ? c->lead_p_adj : NAN);
}

/* left_out: the ids of the subjects whose cell of l's category was left out of the lead for
 * a correctness violation ("left_out", ", "-separated, and "left_out_why"); nulls when none. */
static void left_out(struct claim_list *l, const struct aggregate *a, const struct agg_leader *ld)
{
	char ids[256];
	size_t len = 0;

	ids[0] = '\0';
	for (size_t i = 0; i < a->n_cells; i++) {
		const struct agg_cell *c = &a->cells[i];
		const char *id = a->subjects[c->subject].id;

		if (in_category(c, ld) && condcheck_violated(c) &&
		    len + strlen(id) + 3 < sizeof(ids))
			len += (size_t)snprintf(ids + len, sizeof(ids) - len, "%s%s",
						len ? ", " : "", id);
	}
	claims_text(l, "left_out", len ? ids : NULL);
	claims_text(l, "left_out_why", len ? "correctness-violated" : NULL);
}

/* lead: the lead claim of leader ld: kind "lead" (a throughput leader) or "tail-lead" (a
 * tail leader, its percentile "p50" or "p99" the id's last part); v: the vantages of a merge
 * (NULL: none). */
static int lead(struct claim_list *l, const struct aggregate *a, const struct agg_leader *ld,
		const struct vantage_set *v)
{
	struct claim_key k = claim_key_of(ld->metric ? "tail-lead" : "lead");
	int runner_up, vs, merge = v != NULL && v->n >= 2 && ld->metric == NULL;
	size_t n = with_value(a, ld, &runner_up);
	const char *verdict = claim_rules_lead(ld->status, ld->climit.blocked);
	enum vantage_agree g = merge ? vantage_agreement(v, ld->op, ld->size, ld->concurrency,
							 ld->subject)
				     : VANTAGE_AGREE_NONE;

	k.op = ld->op;
	k.size = (long long)ld->size;
	k.concurrency = ld->concurrency;
	if (ld->metric)
		snprintf(k.extra, sizeof(k.extra), "%.3s", ld->metric); /* "p50", "p99" */
	if (g == VANTAGE_AGREE_DEPENDS && strcmp(verdict, "blocked") != 0 &&
	    strcmp(verdict, "untested") != 0)
		verdict = "depends";
	if (claims_add(l, a, &k, verdict) < 0)
		return -1;
	claims_last(l)->subject = (int)ld->subject;
	if (strcmp(verdict, "depends") == 0) {
		claims_vantage_leaders(l, a, v, ld->op, ld->size, ld->concurrency, ld->subject);
	} else if (strcmp(verdict, "blocked") == 0) {
		for (size_t i = 0; i < ld->climit.n_by; i++)
			claims_also(l, (int)ld->climit.by[i]);
		claims_reason_bits(l, ld->climit.reasons);
	} else if (strcmp(verdict, "tie") == 0 || strcmp(verdict, "unresolved") == 0) {
		for (size_t i = 0; i < ld->n_tied; i++)
			claims_also(l, (int)ld->tied_with[i]);
	} else if (strcmp(verdict, "untested") == 0) {
		claims_reason(l, claim_rules_untested(n, a->cycles));
	}
	vs = ld->versus.present ? (int)ld->versus.subject : runner_up;
	claims_num(l, "value", ld->value);
	claims_text(l, "metric", ld->metric ? ld->metric : ld->by_obj ? "obj_s" : "mib_s");
	if (ld->metric)
		claims_text(l, "percentile", k.extra);
	claims_num(l, "cycles", a->cycles);
	claims_num(l, "subjects_with_value", (double)n);
	claims_text(l, "status", compare_leader_name(ld->status));
	claims_num(l, "family", (double)ld->family);
	claims_num(l, "detectable_ratio", ld->detectable_ratio);
	versus(l, a, ld, vs);
	if (merge) {
		claims_text(l, "vantage_agreement", vantage_agree_name(g));
		if (strcmp(verdict, "depends") != 0)
			claims_vantage_by(l, a, v, ld->op, ld->size, ld->concurrency);
	}
	left_out(l, a, ld);
	return l->failed ? -1 : 0;
}

/* A subject's leads of one op, counted from the lead claims. */
struct tally {
	size_t led, clear, tied, unresolved, blocked, untested, depends, every;
};

static int names(const struct results_claim *c, int s)
{
	if (c->subject == s)
		return 1;
	for (size_t i = 0; i < c->n_subjects; i++)
		if (c->subjects[i] == s)
			return 1;
	return 0;
}

/* every_vantage: 1 when lead claim c is clear from every vantage of a merge. */
static int every_vantage(const struct results_claim *c)
{
	const char *g = results_claim_text(c, "vantage_agreement");

	return g != NULL && strcmp(g, "every-vantage") == 0;
}

/* tally: subject s's leads of op among the first n claims of l; *of: op's categories. */
static struct tally tally(const struct claim_list *l, size_t n, const char *op, int s, size_t *of)
{
	struct tally t = {0};

	*of = 0;
	for (size_t i = 0; i < n; i++) {
		const struct results_claim *c = &l->v[i];
		const char *v = c->verdict;

		if (strcmp(c->kind, "lead") != 0 || strcmp(c->op, op) != 0)
			continue;
		(*of)++;
		t.led += c->subject == s;
		t.clear += c->subject == s && strcmp(v, "clear") == 0;
		t.blocked += c->subject == s && strcmp(v, "blocked") == 0;
		t.untested += c->subject == s && strcmp(v, "untested") == 0;
		t.depends += c->subject == s && strcmp(v, "depends") == 0;
		t.every += c->subject == s && strcmp(v, "clear") == 0 && every_vantage(c);
		t.tied += strcmp(v, "tie") == 0 && names(c, s);
		t.unresolved += strcmp(v, "unresolved") == 0 && names(c, s);
	}
	return t;
}

/* counts: op's lead-count claims from the first n claims of l (the leads): "most" for the
 * subject with strictly more clear leads than every other (at least one), the headline's;
 * "some" for another with clear leads; "none" for one without. In a merge of vantages
 * (merge 1) each also counts its depends leads and its clear leads that are clear from
 * every vantage. */
static int counts(struct claim_list *l, const struct aggregate *a, size_t n, const char *op,
		  int merge)
{
	size_t top = 0, n_top = 0, of;

	for (size_t s = 0; s < a->n_subjects; s++) {
		struct tally t = tally(l, n, op, (int)s, &of);

		if (t.clear > top) {
			top = t.clear;
			n_top = 0;
		}
		n_top += t.clear == top;
	}
	for (size_t s = 0; s < a->n_subjects; s++) {
		struct tally t = tally(l, n, op, (int)s, &of);
		struct claim_key k = claim_key_of("lead-count");
		const char *v = t.clear == 0                   ? "none"
				: t.clear == top && n_top == 1 ? "most"
							       : "some";

		k.op = op;
		k.subject = (int)s;
		if (claims_add(l, a, &k, v) < 0)
			return -1;
		claims_num(l, "led", (double)t.led);
		claims_num(l, "of", (double)of);
		claims_num(l, "clear", (double)t.clear);
		claims_num(l, "tied", (double)t.tied);
		claims_num(l, "unresolved", (double)t.unresolved);
		claims_num(l, "blocked", (double)t.blocked);
		claims_num(l, "untested", (double)t.untested);
		if (merge) {
			claims_num(l, "depends", (double)t.depends);
			claims_num(l, "every_vantage", (double)t.every);
		}
	}
	return l->failed ? -1 : 0;
}

int claims_lead(struct claim_list *l, const struct aggregate *a, const struct vantage_set *v)
{
	size_t n;

	for (size_t i = 0; i < a->n_leaders; i++)
		if (lead(l, a, &a->leaders[i], v) < 0)
			return -1;
	n = l->n;
	for (size_t o = 0; o < a->n_m_ops; o++)
		if (counts(l, a, n, a->m_ops[o], v != NULL && v->n >= 2) < 0)
			return -1;
	for (size_t i = 0; i < a->n_tail_leaders; i++)
		if (lead(l, a, &a->tail_leaders[i], NULL) < 0)
			return -1;
	return 0;
}
