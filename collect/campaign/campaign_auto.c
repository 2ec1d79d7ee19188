/* collect/campaign/campaign_auto.c: [campaign] cycles, a number or `auto` with its bounds
 * (docs/CAMPAIGN.md, "Stopping on precision"; the rule: core/seqstop.h). */
#include <stdint.h>
#include <string.h>

#include "collect/campaign/campaign_int.h"
#include "core/seqstop.h"
#include "core/units.h"

/* parse_target: target_ci as a percentage above 0 % and at most SEQSTOP_TARGET_MAX. */
static int parse_target(struct cini *p, struct campaign *c)
{
	struct cini_kv *kv = cini_get(p, "campaign", "target_ci");
	struct err pe;

	c->target_ci = 0.05;
	if (kv == NULL)
		return 0;
	if (units_parse_percent(kv->val, &c->target_ci, &pe) < 0 || !(c->target_ci > 0) ||
	    c->target_ci > SEQSTOP_TARGET_MAX)
		return cini_bad_quoted(p, kv, "is not a percentage above 0% and at most 50% (5%)");
	return 0;
}

int campaign_parse_cycles(struct cini *p, struct campaign *c)
{
	static const char *const only_auto[] = {"target_ci", "min_cycles", "max_cycles"};
	struct cini_kv *kv = cini_get(p, "campaign", "cycles");
	uint64_t v = 1, lo = SEQSTOP_MIN_CYCLES, hi = 0;

	if (kv == NULL || strcmp(kv->val, "auto") != 0) {
		for (size_t i = 0; i < sizeof(only_auto) / sizeof(only_auto[0]); i++) {
			struct cini_kv *o = cini_get(p, "campaign", only_auto[i]);
			if (o != NULL)
				return cini_bad(p, o, "is read only with cycles = auto");
		}
		if (cini_get_uint(p, "campaign", "cycles", 1, CAMPAIGN_CYCLES_MAX, &v) < 0)
			return -1;
		c->cycles = (int)v;
		return 0;
	}
	c->auto_cycles = 1;
	if (parse_target(p, c) < 0 ||
	    cini_get_uint(p, "campaign", "min_cycles", 2, SEQSTOP_MAX_CYCLES, &lo) < 0 ||
	    cini_get_uint(p, "campaign", "max_cycles", 2, SEQSTOP_MAX_CYCLES, &hi) < 0)
		return -1;
	if (hi == 0 && !(c->max_cost > 0))
		return cini_bad(p, kv,
				"auto needs a bound: max_cycles = N or max_cost = AMOUNT in "
				"[campaign]");
	if (hi == 0)
		hi = SEQSTOP_CAP_CYCLES > lo ? SEQSTOP_CAP_CYCLES : lo;
	if (hi < lo) /* only a given max_cycles can be below min_cycles */
		return cini_bad(p, cini_get(p, "campaign", "max_cycles"),
				"is below min_cycles (3 when min_cycles is not given)");
	c->min_cycles = (int)lo;
	c->cycles = (int)hi;
	return 0;
}
