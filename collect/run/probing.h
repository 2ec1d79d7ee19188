/* collect/run/probing.h: the conformance probe (collect/probe/probe.h) and the
 * consistency probes (collect/consist/consist.h) of a subject with the subject's
 * credentials and client configuration, for `collect probe`, `collect consistency` and a
 * campaign's [probe] and [consistency] (docs/CAMPAIGN.md); and the flags of the two
 * commands, read by one parser. */
#ifndef COLLECT_RUN_PROBING_H
#define COLLECT_RUN_PROBING_H

#include <getopt.h>

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

#define PROBING_OWN_MAX 8 /* a probe command's own flags, at the most */

/* A probe command's doors: its name (the messages' word and the subject's default id), its
 * own flags (getopt_long rows, the unused ones zero) beside those of every probe command
 * (the subject's --endpoint, --bucket, --region, --path-style, --insecure, --ca-bundle,
 * --id, and -o/--output, --help), the reading of one of its own flags ch with value v into
 * opts, and the check of its flags together once all are read (NULL: none). Each door
 * returns 0, or EXITCODE_USAGE after saying why. */
struct probing_cmd {
	const char *name;
	struct option own[PROBING_OWN_MAX];
	int (*flag)(int ch, char *v, void *opts);
	int (*done)(const void *opts);
};

/* probing_flags: argv of command c into opts (through c's doors), the subject s and *out
 * (-o DIR; NULL when absent), s completed as for `collect run` (endpoint, region and
 * credentials from the environment and the AWS files into conf, both zeroed first:
 * awsconf_clear after, whatever the answer), its addressing and CA bundle defaulted. -1
 * when the command goes on; else the exit status it ends with now: EXITCODE_OK after
 * printing the usage for --help, EXITCODE_USAGE after saying why (an unknown option, an
 * argument left over, no bucket, no endpoint, a door's refusal). */
int probing_flags(int argc, char **argv, const struct probing_cmd *c, void *opts,
		  struct campaign_subject *s, struct awsconf *conf, const char **out);

#endif
