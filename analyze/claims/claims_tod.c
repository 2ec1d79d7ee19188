/* analyze/claims/claims_tod.c: the time-of-day test as claims (claim_kinds.h;
 * docs/METHODOLOGY.md, "Claims" and "Time of day"): one "time-of-day" claim per subject
 * tested (planner.time_of_day[], analyze/cells/timeofday.h): `dip` when its F test is below
 * its level, with the lowest band on the test's clock (the provider's zone or UTC) and the
 * band's effect and interval; `none` otherwise, with the dip it could have detected. */
#include <math.h>
#include <stdio.h>

#include "analyze/claims/claim_kinds.h"

/* pct: 100 x v rounded to a whole per cent, as text into buf ("-" when v has no value) */
static const char *pct(double v, char *buf, size_t n)
{
	double x = round(100 * v);

	if (!isfinite(x))
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.0f", x == 0 ? 0 : x);
	return buf;
}

static int tod_claim(struct claim_list *l, const struct aggregate *a, const struct agg_tod *t)
{
	struct claim_key k = claim_key_of("time-of-day");
	char from[8], to[8], s[3][16];

	k.subject = (int)t->subject;
	if (claims_add(l, a, &k, t->detected ? "dip" : "none") < 0)
		return -1;
	snprintf(from, sizeof(from), "%02d", 3 * t->low_band);
	snprintf(to, sizeof(to), "%02d", 3 * t->low_band + 3);
	claims_text(l, "clock", t->tz != NULL ? t->tz : "UTC");
	claims_num(l, "bands", (double)t->bands);
	claims_num(l, "runs", (double)t->runs);
	claims_num(l, "f", t->f);
	claims_num(l, "p", t->p);
	claims_num(l, "alpha", t->alpha);
	claims_num(l, "from_hour", 3.0 * t->low_band);
	claims_text(l, "from", from);
	claims_text(l, "to", to);
	claims_num(l, "effect", t->effect);
	claims_num(l, "ci95_lo", t->lo);
	claims_num(l, "ci95_hi", t->hi);
	claims_num(l, "detectable", t->detectable);
	/* the dip as a positive share, its interval reversed */
	claims_text(l, "slower", pct(-t->effect, s[0], sizeof(s[0])));
	claims_text(l, "slower_lo", pct(-t->hi, s[1], sizeof(s[1])));
	claims_text(l, "slower_hi", pct(-t->lo, s[2], sizeof(s[2])));
	claims_text(l, "detectable_pct", pct(t->detectable, s[0], sizeof(s[0])));
	return l->failed ? -1 : 0;
}

int claims_tod(struct claim_list *l, const struct aggregate *a)
{
	for (size_t i = 0; i < a->n_tod; i++)
		if (tod_claim(l, a, &a->tod[i]) < 0)
			return -1;
	return 0;
}
