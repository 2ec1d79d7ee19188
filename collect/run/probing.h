/* collect/run/probing.h: the conformance probe (collect/probe/probe.h) and the
 * consistency probes (collect/consist/consist.h) of a subject with the subject's
 * credentials and client configuration, for `collect probe`, `collect consistency` and a
 * campaign's [probe] and [consistency] (docs/CAMPAIGN.md). */
#ifndef COLLECT_RUN_PROBING_H
#define COLLECT_RUN_PROBING_H

#include "collect/campaign/campaign.h"
#include "collect/s3/awsconf.h"
#include "collect/consist/consist.h"
#include "collect/probe/probe.h"

/* probing_subject: probe subject s with o into *out (its id, endpoint and bucket always);
 * 0, or -1 with a message naming the subject (no credentials, no client, the bucket
 * unreachable), also in out->error. */
int probing_subject(const struct campaign_subject *s, const struct probe_opts *o,
		    struct probe_report *out, struct err *e);

/* consisting_subject: the consistency probes of subject s with o into *out (as
 * probing_subject; free out with consist_report_free). */
int consisting_subject(const struct campaign_subject *s, const struct consist_opts *o,
		       struct consist_report *out, struct err *e);

/* probing_flags_done: the subject of a probe command's flags (`collect probe`, `collect
 * consistency`: cmd, for the messages) completed as for `collect run` (endpoint, region and
 * credentials from the environment and the AWS files into conf: awsconf_clear), its
 * addressing and CA bundle defaulted. 0, or EXITCODE_USAGE after saying why (no bucket, no
 * endpoint). */
int probing_flags_done(struct campaign_subject *s, struct awsconf *conf, const char *cmd);

#endif
