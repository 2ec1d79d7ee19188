/* collect/run/subjflag.h: the flags that give a command's subject (--endpoint, --bucket,
 * --region, --path-style, --insecure, --allow-retention, --ca-bundle, --id), read by one
 * parser for `collect run`, `collect dataset`, `collect probe` and `collect consistency`,
 * each taking the set it documents (`collect --help`); and the subject of a one-endpoint
 * command completed from them as the AWS CLI would (README, "Credentials"). Never a
 * secret in a message. */
#ifndef COLLECT_RUN_SUBJFLAG_H
#define COLLECT_RUN_SUBJFLAG_H

#include <getopt.h>

#include "collect/campaign/campaign.h"

struct awsconf; /* collect/s3/awsconf.h */

/* The subject flags, as bits of a command's set, in the order of its getopt rows. */
enum subjflag {
	SUBJFLAG_ENDPOINT = 1u << 0,        /* --endpoint URL: s->endpoint */
	SUBJFLAG_BUCKET = 1u << 1,          /* --bucket NAME: s->bucket */
	SUBJFLAG_REGION = 1u << 2,          /* --region R: s->region */
	SUBJFLAG_PATH_STYLE = 1u << 3,      /* --path-style: s->path_style = 1 */
	SUBJFLAG_INSECURE = 1u << 4,        /* --insecure: s->insecure = 1 */
	SUBJFLAG_ALLOW_RETENTION = 1u << 5, /* --allow-retention: s->allow_retention = 1 */
	SUBJFLAG_CA_BUNDLE = 1u << 6,       /* --ca-bundle PEM: s->ca_bundle */
	SUBJFLAG_ID = 1u << 7,              /* --id NAME: s->id */
};

#define SUBJFLAG_COUNT 8 /* the subject flags */

/* The flags of a command on one endpoint (run, probe, consistency), --allow-retention and
 * --id aside. */
#define SUBJFLAG_ENDPOINT_SET                                                          \
	(SUBJFLAG_ENDPOINT | SUBJFLAG_BUCKET | SUBJFLAG_REGION | SUBJFLAG_PATH_STYLE | \
	 SUBJFLAG_INSECURE | SUBJFLAG_CA_BUNDLE)

/* SUBJFLAG_CODE + i: the getopt code of flag 1 << i; a command's own codes stay below. */
#define SUBJFLAG_CODE 0x10000

/* subjflag_options: the getopt_long rows of the flags in set (bits of enum subjflag), in
 * the enum's order, written at out (room for SUBJFLAG_COUNT rows); their count. */
size_t subjflag_options(unsigned set, struct option *out);

/* subjflag_read: getopt's code ch with its value v (borrowed: s then points into it) into
 * s when ch is a subject flag's (a row of subjflag_options): 1; 0 when it is not (one of
 * the command's own flags), s untouched. */
int subjflag_read(int ch, char *v, struct campaign_subject *s);

/* subjflag_complete: the subject s of a one-endpoint command, its flags read, completed:
 * endpoint and region defaulted as the AWS CLI's (subject_run_defaults: conf loaded
 * there, awsconf_clear after s is used, whatever the answer), the addressing by the
 * endpoint (path-style but for *.amazonaws.com), the default credentials, the CA bundle
 * --ca-bundle's, else AWS_CA_BUNDLE's (subject_ca_default). 0, or EXITCODE_USAGE after
 * saying why on stderr: the defaults' message (naming the variable or file at fault),
 * `needs` when no endpoint is found, "--endpoint: WHY" when the flag's URL is not
 * scheme://host[:port] (user info shown as ***). */
int subjflag_complete(struct campaign_subject *s, struct awsconf *conf, const char *needs);

#endif
