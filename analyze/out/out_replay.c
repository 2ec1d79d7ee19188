/* analyze/out/out_replay.c: a replay cell's workload_cells[].replay (docs/FORMATS.md) from its
 * comparison (analyze/cells/replaycmp.h). */
#include <stdio.h>

#include "analyze/cells/replaycmp.h"
#include "analyze/out/out_results.h"
#include "core/jnum.h"
#include "core/jwrite.h"

/* side: one side's {"requests", "p50_ms", "p50_lo_ms", "p50_hi_ms", ...}. */
static json_t *side(const struct replaycmp_side *s, int *ok)
{
	json_t *o = json_object();

	jwrite_put(o, "requests", json_integer((json_int_t)s->requests), ok);
	for (int k = 0; k < REPLAYCMP_PCTS; k++) {
		char key[32];

		snprintf(key, sizeof(key), "%s_ms", replaycmp_pct_name[k]);
		jwrite_put(o, key, jnum_new(s->ms[k]), ok);
		snprintf(key, sizeof(key), "%s_lo_ms", replaycmp_pct_name[k]);
		jwrite_put(o, key, jnum_new(s->lo[k]), ok);
		snprintf(key, sizeof(key), "%s_hi_ms", replaycmp_pct_name[k]);
		jwrite_put(o, key, jnum_new(s->hi[k]), ok);
	}
	return o;
}

json_t *out_replay(const struct replaycmp *r, int *ok)
{
	json_t *o, *ops;

	if (r == NULL)
		return NULL;
	o = json_object();
	ops = json_array();
	jwrite_put(o, "read", json_boolean(r->read), ok);
	jwrite_put(o, "note", r->note[0] ? json_string(r->note) : json_null(), ok);
	jwrite_put(o, "recorded_latency", json_boolean(r->recorded), ok);
	for (size_t i = 0; i < r->n_op; i++) {
		const struct replaycmp_op *p = &r->op[i];
		json_t *x = json_object();
		int pct;
		const char *verdict = replaycmp_verdict(p, &pct);

		jwrite_put(x, "op", json_string(p->op), ok);
		jwrite_put(x, "traced", json_integer((json_int_t)p->traced), ok);
		jwrite_put(x, "sent", json_integer((json_int_t)p->sent), ok);
		jwrite_put(x, "late", json_integer((json_int_t)p->late), ok);
		jwrite_put(x, "failed", json_integer((json_int_t)p->failed), ok);
		jwrite_put(x, "recorded", r->read ? side(&p->rec, ok) : json_null(), ok);
		jwrite_put(x, "replayed", side(&p->rep, ok), ok);
		jwrite_put(x, "service", side(&p->svc, ok), ok);
		jwrite_put(x, "verdict", json_string(verdict), ok);
		jwrite_put(x, "at", pct >= 0 ? json_string(replaycmp_pct_name[pct]) : json_null(),
			   ok);
		jwrite_add(ops, x, ok);
	}
	jwrite_put(o, "ops", ops, ok);
	return o;
}
