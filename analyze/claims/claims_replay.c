/* analyze/claims/claims_replay.c: the "replay" claims (claim_kinds.h; docs/METHODOLOGY.md,
 * "Replay: recorded and replayed"): per replay cell and op of its trace, how the latency
 * replayed from the intended start compares with the trace's own recorded latency (slower,
 * faster, alike, not-judged; analyze/cells/replaycmp.h), with both sides' percentiles; and
 * the "replay-lead" claims ("Replay across subjects"): per trace replayed alike on several
 * subjects and per op, which subject's replayed latency is the lowest (leads, alike,
 * not-judged), with every subject's percentiles; not judged when a subject failed more than
 * CLAIM_ERROR_SHARE of the op's requests, blocked when another subject than the lowest was
 * client-limited or sent more than CLAIM_LATE_SHARE of them late (unless its service latency
 * alone lies above the lowest's). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/cells/climit_cells.h"
#include "analyze/cells/replaycmp.h"
#include "analyze/cells/workload_cells.h"
#include "analyze/claims/claim_kinds.h"
#include "analyze/claims/claim_rules.h"

/* side: the figures of one side ("recorded", "replayed"): its requests and percentiles. */
static void side(struct claim_list *l, const char *name, const struct replaycmp_side *s)
{
	char key[48];

	snprintf(key, sizeof(key), "%s_requests", name);
	claims_num(l, key, (double)s->requests);
	for (int k = 0; k < REPLAYCMP_PCTS; k++) {
		snprintf(key, sizeof(key), "%s_%s_ms", name, replaycmp_pct_name[k]);
		claims_num(l, key, s->ms[k]);
		snprintf(key, sizeof(key), "%s_%s_lo_ms", name, replaycmp_pct_name[k]);
		claims_num(l, key, s->lo[k]);
		snprintf(key, sizeof(key), "%s_%s_hi_ms", name, replaycmp_pct_name[k]);
		claims_num(l, key, s->hi[k]);
	}
}

/* op_tag: the id's tag of op ("get", "head" for STAT) into tag (n bytes); its shown name
 * ("HEAD" for STAT). */
static const char *op_tag(const char *op, char *tag, size_t n)
{
	const char *shown = strcmp(op, "STAT") == 0 ? "HEAD" : op;
	size_t i;

	for (i = 0; shown[i] != '\0' && i + 1 < n; i++)
		tag[i] = (char)tolower((unsigned char)shown[i]);
	tag[i] = '\0';
	return shown;
}

static int op_claim(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c,
		    const struct replaycmp_op *o)
{
	const struct replaycmp *x = c->replay;
	struct claim_key key = claim_key_cell("replay", c);
	char tag[16];
	int pct;
	const char *verdict = replaycmp_verdict(o, &pct);
	const char *shown = op_tag(o->op, tag, sizeof(tag));

	key.tag = tag;
	if (claims_add(l, a, &key, verdict) < 0)
		return -1;
	if (!x->read)
		claims_reason(l, "trace-not-read");
	else if (o->rec.requests == 0)
		claims_reason(l, "no-recorded-latency");
	else if (pct < 0)
		claims_reason(l, "too-few-requests");
	claims_text(l, "trace", c->trace_name);
	claims_text(l, "digest", c->trace);
	claims_text(l, "trace_op", shown);
	claims_text(l, "at", pct >= 0 ? replaycmp_pct_name[pct] : NULL);
	claims_num(l, "recorded_ms", pct >= 0 ? o->rec.ms[pct] : NAN);
	claims_num(l, "replayed_ms", pct >= 0 ? o->rep.ms[pct] : NAN);
	claims_num(l, "traced", (double)o->traced);
	side(l, "recorded", &o->rec);
	side(l, "replayed", &o->rep);
	return l->failed ? -1 : 0;
}

int claims_replay(struct claim_list *l, const struct aggregate *a)
{
	for (size_t i = 0; i < a->n_wcells; i++)
		for (size_t k = 0; a->wcells[i].replay != NULL && k < a->wcells[i].replay->n_op;
		     k++)
			if (op_claim(l, a, &a->wcells[i], &a->wcells[i].replay->op[k]) < 0)
				return -1;
	return 0;
}

/* A group of replay cells of one trace differing only in their subject (one cell a subject,
 * so at most n_subjects), and their replayed sides of the op being judged. */
struct group {
	const struct agg_cell **c;
	const struct replaycmp_side **s;
	size_t n;
};

/* op_of: cell c's comparison of op; NULL when its replay has not the op. */
static const struct replaycmp_op *op_of(const struct agg_cell *c, const char *op)
{
	for (size_t k = 0; k < c->replay->n_op; k++)
		if (strcmp(c->replay->op[k].op, op) == 0)
			return &c->replay->op[k];
	return NULL;
}

/* above: x of n above share (0 when n is 0). */
static int above(uint64_t x, uint64_t n, double share)
{
	return n > 0 && (double)x / (double)n > share;
}

/* failing: 1 when cell c failed more than CLAIM_ERROR_SHARE of its replay's requests of op. */
static int failing(const struct agg_cell *c, const char *op)
{
	const struct replaycmp_op *o = op_of(c, op);

	return o != NULL && above(o->failed, o->sent, CLAIM_ERROR_SHARE);
}

/* blocking: why cell c's replayed latency of op may be its client's, not its server's, so
 * that it might not lie above hi, the lowest subject's interval's top at percentile pct: the
 * cell's client limit for cpu, nic or workers (CLIMIT_CELLS_BLOCKING), and WL_R_LATE_SENDS
 * when more than CLAIM_LATE_SHARE of the op's requests were sent late and its service
 * latency's interval (from the actual start, which lateness does not lengthen) does not lie
 * wholly above hi; 0: none. */
static unsigned blocking(const struct agg_cell *c, const char *op, int pct, double hi)
{
	const struct replaycmp_op *o = op_of(c, op);
	unsigned bits = c->climit.is_limited ? c->climit.reasons & CLIMIT_CELLS_BLOCKING : 0;

	if (o != NULL && above(o->late, o->sent, CLAIM_LATE_SHARE) && !(hi < o->svc.lo[pct]))
		bits |= WL_R_LATE_SENDS;
	return bits;
}

/* lead_figures: each subject's figures of the lead (requests.ID, runs.ID, sent.ID, late.ID,
 * failed.ID, p50_ms.ID, p50_lo_ms.ID, p50_hi_ms.ID, ... p99_hi_ms.ID). */
static void lead_figures(struct claim_list *l, const struct aggregate *a, const struct group *g,
			 const char *op)
{
	char key[RESULTS_CLAIM_ID_MAX];

	for (size_t i = 0; i < g->n; i++) {
		const char *id = a->subjects[g->c[i]->subject].id;
		const struct replaycmp_op *o = op_of(g->c[i], op);

		snprintf(key, sizeof(key), "requests.%s", id);
		claims_num(l, key, (double)g->s[i]->requests);
		snprintf(key, sizeof(key), "runs.%s", id);
		claims_num(l, key, (double)g->c[i]->n);
		snprintf(key, sizeof(key), "sent.%s", id);
		claims_num(l, key, o != NULL ? (double)o->sent : 0);
		snprintf(key, sizeof(key), "late.%s", id);
		claims_num(l, key, o != NULL ? (double)o->late : 0);
		snprintf(key, sizeof(key), "failed.%s", id);
		claims_num(l, key, o != NULL ? (double)o->failed : 0);
		for (int k = 0; k < REPLAYCMP_PCTS; k++) {
			snprintf(key, sizeof(key), "%s_ms.%s", replaycmp_pct_name[k], id);
			claims_num(l, key, g->s[i]->ms[k]);
			snprintf(key, sizeof(key), "%s_lo_ms.%s", replaycmp_pct_name[k], id);
			claims_num(l, key, g->s[i]->lo[k]);
			snprintf(key, sizeof(key), "%s_hi_ms.%s", replaycmp_pct_name[k], id);
			claims_num(l, key, g->s[i]->hi[k]);
		}
	}
}

/* lead_claim: the replay-lead claim of op across group g: replaycmp_lead's verdict, but
 * not-judged (errors) when a subject failed more than CLAIM_ERROR_SHARE of the op's requests
 * (its percentiles are of the rest), and blocked when a subject other than the lowest has a
 * blocking reason (it may be faster than measured; the lowest's own only lowers it more). */
static int lead_claim(struct claim_list *l, const struct aggregate *a, struct group *g,
		      const char *op)
{
	static const struct replaycmp_side none = {
		0, {NAN, NAN, NAN}, {NAN, NAN, NAN}, {NAN, NAN, NAN}};
	const struct replaycmp_side *const *s = g->s;
	struct claim_key key = claim_key_cell("replay-lead", g->c[0]);
	char tag[16];
	const char *shown = op_tag(op, tag, sizeof(tag)), *verdict;
	size_t first, next;
	int pct, errors = 0;
	unsigned bits = 0;

	for (size_t i = 0; i < g->n; i++) {
		g->s[i] = op_of(g->c[i], op) != NULL ? &op_of(g->c[i], op)->rep : &none;
		errors |= failing(g->c[i], op);
	}
	verdict = replaycmp_lead(s, g->n, &pct, &first, &next);
	for (size_t i = 0; pct >= 0 && !errors && i < g->n; i++)
		bits |= i != first ? blocking(g->c[i], op, pct, s[first]->hi[pct]) : 0;
	verdict = errors ? "not-judged" : bits ? "blocked" : verdict;
	key.tag = tag;
	key.subject = -1;
	if (claims_add(l, a, &key, verdict) < 0)
		return -1;
	claims_last(l)->subject = (int)g->c[first]->subject;
	/* the others, in subject order; alike: only those not shown apart from the first;
	   blocked: those that block */
	for (size_t i = 0; i < g->n; i++)
		if (i != first &&
		    (strcmp(verdict, "alike") != 0 || !(s[first]->hi[pct] < s[i]->lo[pct])) &&
		    (!bits || blocking(g->c[i], op, pct, s[first]->hi[pct])))
			claims_also(l, (int)g->c[i]->subject);
	if (errors)
		claims_reason(l, "errors");
	else if (pct < 0)
		claims_reason(l, "too-few-requests");
	claims_reason_bits(l, bits);
	claims_text(l, "trace", g->c[0]->trace_name);
	claims_text(l, "digest", g->c[0]->trace);
	claims_text(l, "trace_op", shown);
	claims_text(l, "at", pct >= 0 ? replaycmp_pct_name[pct] : NULL);
	claims_num(l, "compared", (double)g->n);
	claims_num(l, "fastest_ms", pct >= 0 ? s[first]->ms[pct] : NAN);
	claims_num(l, "fastest_lo_ms", pct >= 0 ? s[first]->lo[pct] : NAN);
	claims_num(l, "fastest_hi_ms", pct >= 0 ? s[first]->hi[pct] : NAN);
	claims_text(l, "versus", pct >= 0 ? a->subjects[g->c[next]->subject].id : NULL);
	claims_num(l, "versus_ms", pct >= 0 ? s[next]->ms[pct] : NAN);
	claims_num(l, "versus_lo_ms", pct >= 0 ? s[next]->lo[pct] : NAN);
	claims_num(l, "versus_hi_ms", pct >= 0 ? s[next]->hi[pct] : NAN);
	claims_num(l, "error_share_limit", CLAIM_ERROR_SHARE);
	claims_num(l, "late_share_limit", CLAIM_LATE_SHARE);
	lead_figures(l, a, g, op);
	return l->failed ? -1 : 0;
}

/* group_of: the replay cells of the trace of workload cell i and its key (i first, in
 * workload_cells order) into g; 0 when an earlier cell already began the group. */
static int group_of(const struct aggregate *a, size_t i, struct group *g)
{
	const struct agg_cell *c = &a->wcells[i];

	g->n = 0;
	for (size_t j = 0; j < a->n_wcells; j++) {
		const struct agg_cell *x = &a->wcells[j];

		if (x->replay == NULL || !workload_cells_same_key(c, x))
			continue;
		if (j < i)
			return 0;
		if (g->n < a->n_subjects)
			g->c[g->n++] = x;
	}
	return 1;
}

int claims_replay_lead(struct claim_list *l, const struct aggregate *a)
{
	static const char *const ops[] = {"PUT", "GET", "STAT", "DELETE"};
	struct group g = {calloc(a->n_subjects + 1, sizeof(*g.c)),
			  calloc(a->n_subjects + 1, sizeof(*g.s)), 0};
	int rc = -1;

	if (g.c == NULL || g.s == NULL) {
		l->failed = 1;
		goto out;
	}
	for (size_t i = 0; i < a->n_wcells; i++) {
		if (a->wcells[i].replay == NULL || !group_of(a, i, &g) || g.n < 2)
			continue;
		for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			size_t j;

			for (j = 0; j < g.n && op_of(g.c[j], ops[k]) == NULL; j++)
				;
			if (j < g.n && lead_claim(l, a, &g, ops[k]) < 0)
				goto out;
		}
	}
	rc = 0;
out:
	free(g.c);
	free(g.s);
	return rc;
}
