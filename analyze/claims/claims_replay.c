/* analyze/claims/claims_replay.c: the "replay" claims (claim_kinds.h; docs/METHODOLOGY.md,
 * "Replay: recorded and replayed"): per replay cell and op of its trace, how the latency
 * replayed from the intended start compares with the trace's own recorded latency (slower,
 * faster, alike, not-judged; analyze/cells/replaycmp.h), with both sides' percentiles. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/cells/replaycmp.h"
#include "analyze/claims/claim_kinds.h"

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

static int op_claim(struct claim_list *l, const struct aggregate *a, const struct agg_cell *c,
		    const struct replaycmp_op *o)
{
	const struct replaycmp *x = c->replay;
	struct claim_key key = claim_key_cell("replay", c);
	char tag[16];
	int pct;
	const char *verdict = replaycmp_verdict(o, &pct);
	const char *shown = strcmp(o->op, "STAT") == 0 ? "HEAD" : o->op;
	size_t i;

	for (i = 0; shown[i] != '\0' && i + 1 < sizeof(tag); i++)
		tag[i] = (char)tolower((unsigned char)shown[i]);
	tag[i] = '\0';
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
