/* collect/campaign/campaign_consist.c: the [consistency] section (docs/CAMPAIGN.md,
 * "[consistency]"; campaign_int.h). */
#include <stdint.h>

#include "collect/campaign/campaign_int.h"

int campaign_parse_consistency(struct cini *p, struct campaign *c)
{
	struct consist_opts *o = &c->consist_opts;
	struct cini_kv *kv;
	struct err fe;
	uint64_t repeat = 20;
	double poll = 0.010, wait = 5.0;

	c->consist = cini_sec_line(p, "consistency") > 0;
	if (cini_get_bool(p, "consistency", "consistency", &c->consist) < 0 ||
	    cini_get_uint(p, "consistency", "repeat", 1, CONSIST_REPEAT_MAX, &repeat) < 0 ||
	    cini_get_duration(p, "consistency", "poll", &poll) < 0 ||
	    cini_get_duration(p, "consistency", "max_wait", &wait) < 0)
		return -1;
	if ((kv = cini_get(p, "consistency", "probes")) != NULL &&
	    consist_kinds_parse(kv->val, &o->kinds, &fe) < 0)
		return cini_bad(p, kv, fe.msg);
	if (wait < poll && (kv = cini_get(p, "consistency", "max_wait")) != NULL)
		return cini_bad(p, kv, "shorter than poll");
	if (wait < poll)
		return cini_bad(p, cini_get(p, "consistency", "poll"), "longer than max_wait (5s)");
	o->repeat = (int)repeat;
	o->poll_ns = (int64_t)(poll * 1e9 + 0.5);
	o->max_wait_ns = (int64_t)(wait * 1e9 + 0.5);
	return 0;
}
