/* core/summary_hedge.c: the hedge figures of a hedged run (summary.h: hedge) and their
 * run.json form ("hedge"). The accumulator is core/summary.c's (summary_int.h). The
 * method, as docs/METHODOLOGY.md ("Hedged requests") states it:
 *
 *   A hedged run writes the `hedge` column: "" for a request answered before the
 *   threshold, "orig" or "dup" for a request whose duplicate was sent (answered by the
 *   original or by the duplicate; the row runs from the original's start to the answer
 *   taken: the latency the application sees), and "lost" for the attempt that lost and was
 *   cancelled. A lost row is no request: it adds nothing to the counts, throughput or
 *   latency. requests = rows that are not lost; hedged = rows orig + dup; won_by_duplicate
 *   = rows dup; lost = rows lost; extra = hedged / requests (the duplicates sent, billed).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/opslog.h"
#include "core/summary_int.h"

int summary_hedge_add(struct summary_acc *a, const struct op_row *row)
{
	a->hedge_on = 1;
	if (row->hedge == OPS_HEDGE_LOST) {
		a->h_lost++;
		return 1;
	}
	a->h_hedged += row->hedge == OPS_HEDGE_ORIG || row->hedge == OPS_HEDGE_DUP;
	a->h_dup += row->hedge == OPS_HEDGE_DUP;
	return 0;
}

void summary_hedge_finish(const struct summary_acc *a, struct run_summary *out)
{
	struct hedge_summary *h = &out->hedge;

	out->has_hedge = a->hedge_on;
	memset(h, 0, sizeof(*h));
	h->threshold_ms = h->warm_p50_ms = NAN;
	if (!a->hedge_on)
		return;
	h->requests = a->requests;
	h->hedged = a->h_hedged;
	h->won_by_duplicate = a->h_dup;
	h->lost = a->h_lost;
	h->extra = h->requests ? (double)h->hedged / (double)h->requests : 0;
}

static json_t *num_or_null(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* opt_num: o.k into *v, a number or null (NaN). */
static int opt_num(const json_t *o, const char *k, double *v, struct err *e)
{
	*v = NAN;
	return json_is_null(json_object_get(o, k)) ? 0
						   : summary_get_num(o, "summary.hedge", k, v, e);
}

int summary_hedge_to_json(const struct run_summary *s, json_t *o)
{
	const struct hedge_summary *h = &s->hedge;
	json_t *x;

	if (!s->has_hedge)
		return 0;
	x = json_pack("{s:s,s:o,s:b,s:o,s:I,s:I,s:I,s:I,s:f}", "threshold", h->threshold,
		      "threshold_ms", num_or_null(h->threshold_ms), "refused", h->refused,
		      "warm_p50_ms", num_or_null(h->warm_p50_ms), "requests",
		      (json_int_t)h->requests, "hedged", (json_int_t)h->hedged, "won_by_duplicate",
		      (json_int_t)h->won_by_duplicate, "lost", (json_int_t)h->lost, "extra",
		      h->extra);
	if (x == NULL || json_object_set_new(o, "hedge", x) < 0)
		return -1;
	return 0;
}

int summary_hedge_from_json(const json_t *o, struct run_summary *out, struct err *e)
{
	const json_t *x = json_object_get(o, "hedge"), *t, *r;
	struct hedge_summary *h = &out->hedge;

	out->has_hedge = 0;
	memset(h, 0, sizeof(*h));
	if (x == NULL || json_is_null(x))
		return 0;
	if (!json_is_object(x))
		return err_set(e, "summary.hedge: not an object");
	t = json_object_get(x, "threshold");
	if (!json_is_string(t) || json_string_length(t) >= sizeof(h->threshold))
		return err_set(e, "summary.hedge.threshold: missing or not a short string");
	snprintf(h->threshold, sizeof(h->threshold), "%s", json_string_value(t));
	r = json_object_get(x, "refused");
	if (!json_is_boolean(r))
		return err_set(e, "summary.hedge.refused: missing or not true/false");
	h->refused = json_is_true(r);
	if (opt_num(x, "threshold_ms", &h->threshold_ms, e) < 0 ||
	    opt_num(x, "warm_p50_ms", &h->warm_p50_ms, e) < 0 ||
	    summary_get_u64(x, "summary.hedge", "requests", &h->requests, e) < 0 ||
	    summary_get_u64(x, "summary.hedge", "hedged", &h->hedged, e) < 0 ||
	    summary_get_u64(x, "summary.hedge", "won_by_duplicate", &h->won_by_duplicate, e) < 0 ||
	    summary_get_u64(x, "summary.hedge", "lost", &h->lost, e) < 0 ||
	    summary_get_num(x, "summary.hedge", "extra", &h->extra, e) < 0)
		return -1;
	if (h->hedged > h->requests || h->won_by_duplicate > h->hedged)
		return err_set(e, "summary.hedge: more hedged than requests, or more won by the "
				  "duplicate than hedged");
	out->has_hedge = 1;
	return 0;
}
