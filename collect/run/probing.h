/* collect/run/probing.h: the conformance probe of a subject (collect/probe/probe.h) with
 * the subject's credentials and client configuration, for `collect probe` and a
 * campaign's [probe] (docs/CAMPAIGN.md). */
#ifndef COLLECT_RUN_PROBING_H
#define COLLECT_RUN_PROBING_H

#include "collect/campaign/campaign.h"
#include "collect/probe/probe.h"

/* probing_subject: probe subject s with o into *out (its id, endpoint and bucket always);
 * 0, or -1 with a message naming the subject (no credentials, no client, the bucket
 * unreachable), also in out->error. */
int probing_subject(const struct campaign_subject *s, const struct probe_opts *o,
		    struct probe_report *out, struct err *e);

#endif
